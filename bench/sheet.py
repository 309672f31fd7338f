"""The score sheet on the phone under a room's load: 100 phones entering deals at 50 tables.

Issue 35's budget: a deal posted from a phone answers in p95 at most 50 ms with 100 phones
entering deals at 50 tables at once, each phone from its own loopback address; no deal is
lost or written twice (counted in the store after); the projector's view (``/``) stays
within the live page's budget (p95 at most 50 ms, issue 25's) while they do.

The server is the installed ``coinche tournament serve --entry`` (a real process) on a
SQLite store holding a 100-team concours with round 1 paired (50 tables, the standard rules,
a game to 100,000 so that no game ends during the run).  Each phone is a thread with its own
keep-alive connection from its own address (127.0.0.2, 127.0.0.3, …); the two phones of a
table post ``--deals`` deals each to ``POST /api/table/N/deal`` with the ``deal_number`` they
believe comes next, pausing ``--interval`` seconds (± half, at random) between deals.  A
phone learns the sheet only from its answers, so when its partner has posted since, it is
refused (409, the current sheet in ``game``) and posts the same deal again with the next
number: both 409s and 200s are counted and timed.  The two phones' deals differ (one phone
takes with A, the other with B, the points vary deal by deal), so no answer is a repost.
Meanwhile the projector asks ``/`` every 200 ms from 127.0.0.1.

After the run each table's game is read from the store (read-only): its active deals must be
numbered 1..k with no gap and no duplicate, be exactly the deals the phones were answered
200 for (the same taker and points under the same number), and the games must be one per
table; ``coinche game show --json`` of a few tables must agree.  ``--sequential`` runs the
same phones one request at a time (a lock around each request, no pause;
``--sequential-deals`` each) on a fresh store afterwards: the server's latency with nothing
else in flight, the ratio's baseline.  It exits non-zero when a budget is missed or a deal
is lost or doubled::

    .venv/bin/python bench/sheet.py [--phones 100] [--deals 10] [--interval 4]
        [--p95 50] [--projector-p95 50] [--sequential] [--sequential-deals 5]

It prints a markdown table (a row per mode) and the problems found.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from contextlib import nullcontext
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.live_server import LiveServer  # noqa: E402 - the repository's root is on the path


def coinche(db: Path, *args: str) -> str:
    done = subprocess.run([str(Path(sys.executable).parent / "coinche"), "--db", str(db),
                           *args], check=True, capture_output=True, text=True)
    return done.stdout


def build(folder: Path, teams: int) -> tuple[Path, dict[int, str]]:
    """A concours of ``teams`` teams, round 1 paired; its tables' codes."""
    db = folder / "concours.db"
    coinche(db, "tournament", "new", "Concours", "--rounds", "5", "--target", "100000",
            "--seed", "1")
    sheet = folder / "teams.csv"
    sheet.write_text("team\n" + "\n".join(f"Équipe {n:03}" for n in range(teams)) + "\n",
                     encoding="utf-8")
    coinche(db, "tournament", "team", "import", str(sheet))
    coinche(db, "tournament", "pair")
    shown = json.loads(coinche(db, "tournament", "show", "--codes", "--json"))
    return db, {t["table"]: t["code"] for t in shown["tables"]}


class Tally:
    """What the phones saw: each request's time by status, the deals answered 200."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.times: dict[int, list[float]] = {}
        self.written: dict[int, dict[int, tuple[str, int]]] = {}  # table: number: deal
        self.odd: list[str] = []  # a 200 whose sheet does not end with the deal posted
        self.reconnects = 0

    def note(self, status: int, ms: float) -> None:
        with self.lock:
            self.times.setdefault(status, []).append(ms)


def the_deal(side: int, k: int) -> tuple[dict[str, Any], tuple[str, int]]:
    """Phone ``side``'s deal ``k``: side 0 takes with A, side 1 with B; the points vary."""
    taker = "AB"[side]
    points = 82 + k % 80
    return ({"taker": taker, "contract": 80, "trump": "S", "points": {taker: points}},
            (taker, points))


def phone(port: int, number: int, table: int, side: int, code: str, deals: int,
          interval: float, tally: Tally, start: threading.Event,
          one_at_a_time: threading.Lock | None) -> None:
    """One phone: ``deals`` deals at its table, each retried with the next number when the
    other phone was first."""
    rng = random.Random(number)
    source = (f"127.0.0.{2 + number}", 0)
    path = f"/api/table/{table}/deal"
    headers = {"Content-Type": "application/json"}

    def connect() -> http.client.HTTPConnection:
        return http.client.HTTPConnection("127.0.0.1", port, timeout=30,
                                          source_address=source)

    connection = connect()
    believed = 1
    start.wait()
    if interval:
        time.sleep(rng.random() * interval)  # the phones do not all begin at one instant
    for k in range(deals):
        body, mine = the_deal(side, k)
        while True:
            sent = json.dumps({"code": code, "deal": body, "deal_number": believed}).encode()
            with one_at_a_time or nullcontext():
                began = time.perf_counter()
                try:
                    connection.request("POST", path, body=sent, headers=headers)
                    answer = connection.getresponse()
                    data = answer.read()
                    status = answer.status
                except (OSError, http.client.HTTPException) as exc:
                    # a keep-alive connection the server closed while the phone waited
                    # (uvicorn's 5 s): the deal is sent again on a new one; had it been
                    # written, the store's check below would find it missing from the tally
                    connection.close()
                    connection = connect()
                    with tally.lock:
                        tally.reconnects += 1
                        if tally.reconnects > 1000:
                            tally.odd.append(f"table {table}: {exc}")
                            return
                    continue
                ms = (time.perf_counter() - began) * 1000
            tally.note(status, ms)
            if status == 200:
                shown = json.loads(data)["deals"][-1]
                got = (shown["deal"]["taker"], shown["deal"]["points"][shown["deal"]["taker"]])
                with tally.lock:
                    if shown["number"] != believed or got != mine:
                        tally.odd.append(f"table {table}: posted {believed} {mine}, "
                                         f"answered {shown['number']} {got}")
                    tally.written.setdefault(table, {})[believed] = mine
                believed += 1
                break
            if status == 409:
                deals_now = json.loads(data)["game"]["deals"]
                believed = (deals_now[-1]["number"] if deals_now else 0) + 1
                continue
            with tally.lock:
                tally.odd.append(f"table {table}: {status} {data[:200]!r}")
            time.sleep(0.5)
        if interval:
            time.sleep(interval * (0.5 + rng.random()))
    connection.close()


def projector(port: int, times: list[float], errors: list[str],
              stop: threading.Event) -> None:
    """The projector: ``/`` every 200 ms from 127.0.0.1."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30,
                                            source_address=("127.0.0.1", 0))
    while not stop.is_set():
        began = time.perf_counter()
        try:
            connection.request("GET", "/")
            answer = connection.getresponse()
            answer.read()
            if answer.status != 200:
                errors.append(f"/: {answer.status}")
        except OSError as exc:
            errors.append(f"/: {exc}")
            connection.close()
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        ms = (time.perf_counter() - began) * 1000
        times.append(ms)
        stop.wait(max(0.0, 0.2 - ms / 1000))
    connection.close()


def check_store(db: Path, tally: Tally, tables: int) -> tuple[list[str], int]:
    """Every table's deals in the store against what the phones were answered: the
    problems found, and the number of active deals."""
    problems: list[str] = []
    store = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        boards = dict(store.execute("SELECT table_no, game_id FROM board WHERE round = 1"))
        games = store.execute("SELECT count(*) FROM game").fetchone()[0]
        if games != tables:
            problems.append(f"{games} games in the store for {tables} tables")
        total = 0
        for table in range(1, tables + 1):
            rows = store.execute(
                "SELECT number, deal, status FROM deal WHERE game_id = ? ORDER BY id",
                (boards.get(table),)).fetchall()
            active = [(n, json.loads(d)) for n, d, s in rows if s == "active"]
            if len(active) != len(rows):
                problems.append(f"table {table}: {len(rows) - len(active)} deals not active")
            numbers = [n for n, _ in active]
            if sorted(numbers) != list(range(1, len(numbers) + 1)):
                problems.append(f"table {table}: deals numbered {numbers}")
            stored = {n: (d["taker"], d["points"][d["taker"]]) for n, d in active}
            if stored != tally.written.get(table, {}):
                problems.append(f"table {table}: {len(stored)} deals stored, "
                                f"{len(tally.written.get(table, {}))} answered 200, or not "
                                "the same")
            total += len(active)
        for table in range(1, min(tables, 5) + 1):  # the command reads the same
            shown = json.loads(coinche(db, "game", "show", "--game", str(boards[table]),
                                       "--json"))
            if len(shown["deals"]) != len(tally.written.get(table, {})):
                problems.append(f"table {table}: game show lists {len(shown['deals'])} deals")
    finally:
        store.close()
    return problems, total


def quantile(ordered: list[float], q: float) -> float:
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))] if ordered else float("nan")


def run(folder: Path, options: argparse.Namespace, sequential: bool) -> dict[str, Any]:
    tables = options.phones // 2
    db, codes = build(folder, options.phones)
    server = LiveServer(db, "--entry", cwd=folder)
    tally = Tally()
    shown_times: list[float] = []
    shown_errors: list[str] = []
    start, stop = threading.Event(), threading.Event()
    lock = threading.Lock() if sequential else None
    phones = [threading.Thread(target=phone, args=(
        server.port, number, 1 + number // 2, number % 2, codes[1 + number // 2],
        options.sequential_deals if sequential else options.deals,
        0.0 if sequential else options.interval, tally, start, lock))
        for number in range(options.phones)]
    watcher = threading.Thread(target=projector, args=(server.port, shown_times,
                                                       shown_errors, stop))
    for worker in phones:
        worker.start()
    load_before = os.getloadavg()
    began = time.monotonic()
    start.set()
    watcher.start()
    for worker in phones:
        worker.join()
    lasted = time.monotonic() - began
    stop.set()
    watcher.join()
    load_after = os.getloadavg()
    _out, err = server.stop()
    problems, stored = check_store(db, tally, tables)
    if "Traceback" in err:
        problems.append("the server printed a traceback: " + err[-500:])
    ok = sorted(tally.times.get(200, []))
    every = sorted(t for times in tally.times.values() for t in times)
    shown = sorted(shown_times)
    return {
        "mode": "one at a time" if sequential else f"at once, every {options.interval:g} s",
        "seconds": lasted, "load": (load_before[0], load_after[0]),
        "posts": len(every), "ok": len(ok), "conflicts": len(tally.times.get(409, [])),
        "other": sum(len(v) for k, v in tally.times.items() if k not in (200, 409)),
        "p50": statistics.median(ok), "p95": quantile(ok, 0.95), "p99": quantile(ok, 0.99),
        "max": ok[-1], "all_p95": quantile(every, 0.95),
        "conflict_p50": statistics.median(tally.times[409]) if 409 in tally.times else 0.0,
        "projector": len(shown), "projector_errors": len(shown_errors),
        "projector_p50": statistics.median(shown), "projector_p95": quantile(shown, 0.95),
        "projector_max": shown[-1],
        "stored": stored, "reconnects": tally.reconnects,
        "problems": problems + tally.odd + shown_errors[:5],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--phones", type=int, default=100, help="two a table")
    parser.add_argument("--deals", type=int, default=10, help="deals each phone posts")
    parser.add_argument("--interval", type=float, default=4.0,
                        help="seconds a phone waits between its deals (± half)")
    parser.add_argument("--p95", type=float, default=50.0, help="a deal's budget (ms)")
    parser.add_argument("--projector-p95", type=float, default=50.0,
                        help="the projector's budget (ms)")
    parser.add_argument("--sequential", action="store_true",
                        help="also run the phones one request at a time (the baseline)")
    parser.add_argument("--sequential-deals", type=int, default=5,
                        help="deals each phone posts in the baseline")
    options = parser.parse_args()
    results = []
    with tempfile.TemporaryDirectory(prefix="coinche-sheet-") as folder:
        (Path(folder) / "at-once").mkdir()
        results.append(run(Path(folder) / "at-once", options, False))
        if options.sequential:
            (Path(folder) / "sequential").mkdir()
            results.append(run(Path(folder) / "sequential", options, True))
    print("| phones (tables) | mode | seconds | load avg (before → after) | posts | 200 | 409 |"
          " other | p50 ms | p95 ms | p99 ms | max ms | 409 p50 ms | projector views |"
          " projector p50 ms | p95 ms | max ms | deals stored | lost or doubled | reconnects |")
    print("|---:|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
          "---:|---:|---:|---:|")
    for r in results:
        print(f"| {options.phones} ({options.phones // 2}) | {r['mode']} | {r['seconds']:.0f} |"
              f" {r['load'][0]:.2f} → {r['load'][1]:.2f} | {r['posts']:,} | {r['ok']:,} |"
              f" {r['conflicts']:,} | {r['other']} | {r['p50']:.1f} | {r['p95']:.1f} |"
              f" {r['p99']:.1f} | {r['max']:.1f} | {r['conflict_p50']:.1f} |"
              f" {r['projector']} | {r['projector_p50']:.1f} | {r['projector_p95']:.1f} |"
              f" {r['projector_max']:.1f} | {r['stored']:,} |"
              f" {len(r['problems'])} | {r['reconnects']} |")
    if options.sequential and len(results) == 2:
        print(f"\nat once / one at a time: p50 {results[0]['p50'] / results[1]['p50']:.2f} ×,"
              f" p95 {results[0]['p95'] / results[1]['p95']:.2f} ×")
    for r in results:
        for problem in r["problems"][:10]:
            print(f"{r['mode']}: {problem}")
    main_run = results[0]
    ok = (not any(r["problems"] for r in results) and main_run["p95"] <= options.p95
          and main_run["projector_p95"] <= options.projector_p95)
    print("budget:", "met" if ok else "MISSED",
          f"(deal p95 {main_run['p95']:.1f} ms ≤ {options.p95:g},"
          f" projector p95 {main_run['projector_p95']:.1f} ms ≤ {options.projector_p95:g},"
          f" {sum(len(r['problems']) for r in results)} problems)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
