"""The live page under a room's load: phones polling while desks enter results.

Issue 13's budget: 100 phones polling once a second for 60 s while two desks enter results,
p95 response at most 100 ms on localhost, and nothing lost; issue 25's, at 1,000 and 3,000
teams: p95 at most 50 ms (``--p95``), the phones measuring until the desks are done (a desk of
1,500 tables takes longer than the minute).  The server is the installed
``coinche tournament serve`` on a SQLite store holding a concours of ``--teams`` teams with
round 1 paired; each phone is a thread with its own keep-alive connection asking
``/api/live`` once a second (every tenth time the phone page, as a player looking up a
table); each desk runs ``coinche tournament result`` for its half of the tables, paced over
the run.  At the end every result the desks entered must be in the store::

    .venv/bin/python bench/live.py [--phones 100] [--seconds 60] [--teams 200] [--p95 50]
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.live_server import LiveServer  # noqa: E402 - the repository's root is on the path


def coinche(db: Path, *args: str) -> str:
    done = subprocess.run([str(Path(sys.executable).parent / "coinche"), "--db", str(db),
                           *args], check=True, capture_output=True, text=True)
    return done.stdout


def phone(port: int, seconds: float, names: list[str], times: list[float],
          errors: list[str], start: threading.Event, desks_done: threading.Event,
          number: int = 0) -> None:
    """One phone: /api/live once a second, the phone page every tenth time, for ``seconds``
    and until the desks are done.  Each phone has its own address on the loopback network
    (127.0.1.N): the server bounds the connections of one client, as it must for a room's
    phones behind their own addresses, and a hundred phones from 127.0.0.1 would be one."""
    rng = random.Random()
    source = (f"127.0.{1 + number // 250}.{1 + number % 250}", 0)

    def connect() -> http.client.HTTPConnection:
        return http.client.HTTPConnection("127.0.0.1", port, timeout=10,
                                          source_address=source)

    connection = connect()
    start.wait()
    time.sleep(rng.random())  # the phones do not all ask at the same instant
    end = time.monotonic() + seconds
    count = 0
    while time.monotonic() < end or not desks_done.is_set():
        began = time.monotonic()
        path = "/api/live" if count % 10 else f"/me?team={rng.choice(names).split()[-1]}"
        try:
            connection.request("GET", path)
            answer = connection.getresponse()
            answer.read()
            if answer.status != 200:
                errors.append(f"{path}: {answer.status}")
        except OSError as exc:
            errors.append(f"{path}: {exc}")
            connection.close()
            connection = connect()
        times.append((time.monotonic() - began) * 1000)
        count += 1
        time.sleep(max(0.0, 1.0 - (time.monotonic() - began)))
    connection.close()


def desk(db: Path, tables: list[int], seconds: float, entered: dict[int, tuple[int, int]],
         start: threading.Event) -> None:
    """A desk typing its tables' results, paced over the run."""
    rng = random.Random(tables[0])
    start.wait()
    pause = seconds / (len(tables) + 1)
    for table in tables:
        scores = (rng.randint(300, 900), rng.randint(300, 900))
        coinche(db, "tournament", "result", str(table), str(scores[0]), str(scores[1]))
        entered[table] = scores
        time.sleep(pause)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--phones", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--teams", type=int, default=200)
    parser.add_argument("--p95", type=float, default=50.0, help="the budget (ms)")
    options = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="coinche-live-"))
    db = folder / "concours.db"
    names = [f"Équipe {n:03}" for n in range(options.teams)]
    coinche(db, "tournament", "new", "Concours", "--rounds", "5", "--deals", "4", "--seed", "1")
    sheet = folder / "teams.csv"
    sheet.write_text("team\n" + "\n".join(names) + "\n", encoding="utf-8")
    coinche(db, "tournament", "team", "import", str(sheet))
    coinche(db, "tournament", "pair")
    server = LiveServer(db, "--entry", cwd=folder)
    times: list[float] = []
    errors: list[str] = []
    entered: dict[int, tuple[int, int]] = {}
    start, desks_done = threading.Event(), threading.Event()
    tables = list(range(1, options.teams // 2 + 1))
    workers = [threading.Thread(target=phone, args=(server.port, options.seconds, names,
                                                    times, errors, start, desks_done,
                                                    number))
               for number in range(options.phones)]
    desks = [threading.Thread(target=desk, args=(db, tables[i::2], options.seconds,
                                                 entered, start)) for i in range(2)]
    for worker in [*workers, *desks]:
        worker.start()
    began = time.monotonic()
    start.set()
    for worker in desks:
        worker.join()
    desks_done.set()  # the phones measure until the last result is in
    lasted = time.monotonic() - began
    for worker in workers:
        worker.join()
    server.stop()
    shown = json.loads(coinche(db, "tournament", "show", "--json"))["tables"]
    lost = [t for t, scores in entered.items() if shown[t - 1]["scores"] != list(scores)]
    ordered = sorted(times)
    p95 = ordered[int(len(ordered) * 0.95)]
    print("| teams | phones | seconds (desks) | requests | errors | p50 ms | p95 ms | p99 ms |"
          " max ms | results entered | lost |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    print(f"| {options.teams:,} | {options.phones} | {options.seconds:.0f} ({lasted:.0f}) |"
          f" {len(times)} | {len(errors)} |"
          f" {statistics.median(ordered):.1f} | {p95:.1f} |"
          f" {ordered[int(len(ordered) * 0.99)]:.1f} | {ordered[-1]:.1f} |"
          f" {len(entered)} | {len(lost)} |")
    for error in errors[:5]:
        print("error:", error)
    return 0 if not lost and not errors and p95 <= options.p95 else 1


if __name__ == "__main__":
    sys.exit(main())
