"""Time the workbooks of ``tournament export`` and ``tournament sheets`` against plain xlsxwriter.

Issue 9's targets: the score sheets of 500 tables in at most 1.5 s, and the results workbook
(every sheet) of 1,000 teams × 7 rounds in at most 1.5 × a plain xlsxwriter script writing the
same cells.  The data is generated (seeded), as plain dicts in the shape
:mod:`coinche_cli.sheets.tournament` documents, so no store is needed:

- a tournament of 1,000 teams × 7 rounds and one of 300 × 9: standings, teams, each round's
  tables (a bye when the field is odd), a few penalties, and every table scored deal by deal
  (``--deals`` per match, 12 by default: the Deals sheet is most of the workbook);
- the score sheets of 500 tables (a match of ``--deals`` deals, 4 more lines for passed deals).

Each round runs, in a shuffled order: our ``write_workbook`` on each tournament; the plain
script on each (the same header and rows, booleans already in words, ``write()`` per non-empty
cell on a default ``Workbook``, no formats, no widths, no print setup); the same script with
``write_string``/``write_number`` (what ``write()`` dispatches to, without its checks for
formulas, numbers and links in texts); and ``write_score_sheets`` for 500 tables.  Times are
wall seconds in this process, after one uncounted warm-up round (imports, caches).

``--commands`` also times the whole ``coinche tournament export`` and ``coinche tournament
sheets`` through the console script beside this Python, on a store of 1,000 teams × 7 rounds
built through the library (results typed per table, no deals: building 42,000 deals through
the store would take longer than the bench), ``--command-rounds`` runs each.

Usage: ``.venv/bin/python bench/export.py [--rounds 7] [--deals 12] [--commands]``; prints a
markdown section for ``bench/RESULTS.md``.  Standard library plus the project's own
dependency xlsxwriter.
"""

from __future__ import annotations

import argparse
import datetime as dt
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from startup import load_average, machine

from coinche_cli.sheets.tournament import export_tables, write_score_sheets, write_workbook
from coinche_cli.sheets.writing import plain

SHEET_TABLES = 500
CONTRACTS = ("80", "90", "100", "110", "120", "130", "140", "150", "160", "capot")
TRUMPS = ("S", "H", "D", "C", "NT", "AT")
CLUBS = ("Lyon", "Villeurbanne", "Vénissieux", "Bron", "Caluire", "")


# --- data -----------------------------------------------------------------------------------


def team_name(number: int) -> str:
    return f"Équipe {number:04} de la Croix-Rousse" if number % 7 == 0 else f"Les As {number}"


def tournament(teams: int, rounds: int, deals: int, seed: int) -> dict[str, Any]:
    """A tournament's export data: random pairings, every match scored over ``deals`` deals."""
    rng = random.Random(seed)
    names = [team_name(n) for n in range(1, teams + 1)]
    players = {name: f"Joueur {2 * i + 1}, Joueuse {2 * i + 2}" for i, name in enumerate(names)}
    wins = dict.fromkeys(names, 0)
    points_for = dict.fromkeys(names, 0)
    points_against = dict.fromkeys(names, 0)
    round_data: list[dict[str, Any]] = []
    deal_rows: list[dict[str, Any]] = []
    game = 0
    for number in range(1, rounds + 1):
        order = list(names)
        rng.shuffle(order)
        bye = order.pop() if len(order) % 2 else None
        tables = []
        for index in range(0, len(order), 2):
            team1, team2 = order[index], order[index + 1]
            game += 1
            total1 = total2 = 0
            for deal in range(1, deals + 1):
                made = rng.random() < 0.7
                score1, score2 = (rng.choice((80, 90, 100, 162, 250)), rng.randint(0, 80))
                if rng.random() < 0.5:
                    score1, score2 = score2, score1
                total1, total2 = total1 + score1, total2 + score2
                deal_rows.append({
                    "round": number, "table": index // 2 + 1, "game": game, "number": deal,
                    "dealer": f"{'AB'[deal % 2]}{1 + deal // 2 % 2}", "taker": rng.choice("AB"),
                    "contract": rng.choice(CONTRACTS), "trump": rng.choice(TRUMPS),
                    "coinche": rng.choice((0, 0, 0, 1, 2)), "made": made, "score1": score1,
                    "score2": score2, "total1": total1, "total2": total2,
                })
            winner = team1 if total1 > total2 else team2 if total2 > total1 else None
            if winner is not None:
                wins[winner] += 1
            points_for[team1] += total1
            points_for[team2] += total2
            points_against[team1] += total2
            points_against[team2] += total1
            tables.append({"table": index // 2 + 1, "team1": team1, "team2": team2,
                           "score1": total1, "score2": total2, "winner": winner,
                           "forfeit": None, "scored": "deals"})
        if bye is not None:
            wins[bye] += 1
            points_for[bye] += 500
        round_data.append({"round": number, "bye": bye, "bye_points": 500 if bye else None,
                           "tables": tables})
    ranked = sorted(names, key=lambda n: (-wins[n], -points_for[n]))
    standings = [
        {"rank": rank, "team": name, "players": players[name], "played": rounds,
         "wins": wins[name], "draws": 0, "losses": rounds - wins[name], "byes": 0,
         "points_for": points_for[name], "points_against": points_against[name],
         "difference": points_for[name] - points_against[name],
         "match_points": 3 * wins[name], "penalties": 0, "buchholz": rng.randint(0, 40)}
        for rank, name in enumerate(ranked, start=1)
    ]
    return {
        "name": f"Concours de {teams} équipes",
        "standings": standings,
        "teams": [{"name": name, "players": players[name], "club": rng.choice(CLUBS),
                   "registered": i, "status": "active"} for i, name in enumerate(names, 1)],
        "rounds": round_data,
        "penalties": [{"round": rng.randint(1, rounds), "team": rng.choice(names),
                       "points": 50, "reason": "retard", "to": None} for _ in range(10)],
        "deals": deal_rows,
    }


def score_sheet_tables(count: int) -> list[dict[str, Any]]:
    return [{"table": n, "team1": team_name(2 * n - 1), "players1": "Ana, Bob",
             "team2": team_name(2 * n), "players2": ["Cid", "Dan"]}
            for n in range(1, count + 1)]


# --- the writers ------------------------------------------------------------------------------


Sheets = list[tuple[str, list[Any], list[list[Any]]]]


def plain_cells(data: dict[str, Any]) -> Sheets:
    """The cells of our workbook, for the plain scripts: booleans already in words."""
    return [(table.title, table.header, [[plain(v) for v in row] for row in table.rows])
            for table in export_tables(data)]


def plain_script(path: Path, sheets: Sheets) -> None:
    """The plain xlsxwriter script: ``write()`` for each non-empty cell, nothing else."""
    import xlsxwriter

    book = xlsxwriter.Workbook(path)
    for title, header, rows in sheets:
        sheet = book.add_worksheet(title)
        for row, values in enumerate([header, *rows]):
            for column, value in enumerate(values):
                if value is not None and value != "":
                    sheet.write(row, column, value)
    book.close()


def typed_script(path: Path, sheets: Sheets) -> None:
    """The plain script with ``write_string``/``write_number``: no checks on texts."""
    import xlsxwriter

    book = xlsxwriter.Workbook(path)
    for title, header, rows in sheets:
        sheet = book.add_worksheet(title)
        write_string, write_number = sheet.write_string, sheet.write_number
        for row, values in enumerate([header, *rows]):
            for column, value in enumerate(values):
                if isinstance(value, int | float):
                    write_number(row, column, value)
                elif value is not None and value != "":
                    write_string(row, column, value)
    book.close()


# --- the whole commands ------------------------------------------------------------------------


def build_store(coinche: str, db: Path, teams: int, rounds: int, seed: int) -> None:
    """A tournament of ``teams`` × ``rounds``, every round paired and its results imported,
    through the console script as a director would."""
    rng = random.Random(seed)
    folder = db.parent

    def run(*words: str) -> None:
        subprocess.run([coinche, "--db", str(db), "tournament", *words], check=True,
                       capture_output=True)

    run("new", "Concours", "--rounds", str(rounds), "--deals", "12", "--seed", str(seed))
    lines = ["équipe,joueur 1,joueur 2"] + [
        f"{team_name(n)},Joueur {2 * n - 1},Joueuse {2 * n}" for n in range(1, teams + 1)]
    (folder / "teams.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    run("team", "import", str(folder / "teams.csv"))
    for _ in range(rounds):
        run("pair")
        lines = ["table,score 1,score 2"] + [
            f"{table},{rng.randint(600, 1800)},{rng.randint(600, 1800)}"
            for table in range(1, teams // 2 + 1)]
        (folder / "results.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
        run("result", "--import", str(folder / "results.csv"))


# --- report -----------------------------------------------------------------------------------


def timed(action: Callable[[], object]) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=7, help="timed rounds (after a warm-up)")
    parser.add_argument("--deals", type=int, default=12, help="deals per match")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--commands", action="store_true",
                        help="also time the whole commands through the console script")
    parser.add_argument("--command-rounds", type=int, default=5)
    args = parser.parse_args()

    load_before = load_average()
    fields = {"1,000 × 7": tournament(1000, 7, args.deals, args.seed),
              "300 × 9": tournament(300, 9, args.deals, args.seed + 1)}
    cells = {key: plain_cells(data) for key, data in fields.items()}
    tables = score_sheet_tables(SHEET_TABLES)
    samples: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder)
        runs: dict[str, Callable[[], object]] = {}
        for key, data in fields.items():
            runs[f"{key}: write_workbook"] = (
                lambda data=data, key=key: write_workbook(out / f"ours {key}.xlsx", data))
            runs[f"{key}: plain xlsxwriter, write()"] = (
                lambda key=key: plain_script(out / f"plain {key}.xlsx", cells[key]))
            runs[f"{key}: plain xlsxwriter, write_string/number"] = (
                lambda key=key: typed_script(out / f"typed {key}.xlsx", cells[key]))
        runs[f"score sheets, {SHEET_TABLES} tables"] = lambda: write_score_sheets(
            out / "sheets.xlsx", "Concours", 3, tables, args.deals, None)
        samples = {name: [] for name in runs}
        shuffle = random.Random(args.seed).shuffle
        for index in range(args.rounds + 1):
            order = list(runs)
            shuffle(order)
            for name in order:
                elapsed = timed(runs[name])
                if index:
                    samples[name].append(elapsed)
            print(f"round {index}/{args.rounds} done", file=sys.stderr, flush=True)
        sizes = {key: (out / f"ours {key}.xlsx").stat().st_size for key in fields}
        sheet_size = (out / "sheets.xlsx").stat().st_size
    command_samples = time_commands(args) if args.commands else {}

    print(f"### Workbooks: `tournament export` and `tournament sheets` ({dt.date.today()})")
    print()
    print(f"- machine: {machine()}; load average before: {load_before}, after: "
          f"{load_average()}")
    import xlsxwriter

    print(f"- xlsxwriter {xlsxwriter.__version__}; `{Path(sys.executable).name} bench/export.py "
          f"{' '.join(sys.argv[1:])}`: {args.rounds} interleaved rounds after a warm-up round, "
          f"seed {args.seed}, {args.deals} deals per match")
    for key, data in fields.items():
        count = sum(len(rows) + 1 for _, _, rows in cells[key])
        print(f"- {key}: {len(data['deals']):,} deals; {count:,} rows in "
              f"{len(cells[key])} sheets; our file {sizes[key] / 1e6:.1f} MB")
    print(f"- score sheets: {SHEET_TABLES} sheets, {args.deals} + 4 lines each; "
          f"file {sheet_size / 1e6:.2f} MB")
    print()
    print("| workbook | median s | min s | median × plain write() | min × plain write() |")
    print("|---|---:|---:|---:|---:|")
    for name, values in samples.items():
        key = name.split(":", 1)[0]
        base = samples.get(f"{key}: plain xlsxwriter, write()")
        median, least = statistics.median(values), min(values)
        ratio = ("-", "-") if base is None else (
            f"{median / statistics.median(base):.2f}", f"{least / min(base):.2f}")
        print(f"| {name} | {median:.2f} | {least:.2f} | {ratio[0]} | {ratio[1]} |")
    if command_samples:
        print()
        print("| command (console script, 1,000 teams × 7 rounds, no deals) | median s | min s |")
        print("|---|---:|---:|")
        for name, values in command_samples.items():
            print(f"| {name} | {statistics.median(values):.2f} | {min(values):.2f} |")


def time_commands(args: argparse.Namespace) -> dict[str, list[float]]:
    """The whole commands through the console script, on a store built by the library."""
    coinche = str(Path(sys.executable).parent / "coinche")
    samples: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "bench.db"
        start = time.perf_counter()
        build_store(coinche, db, 1000, 7, args.seed)
        print(f"store built in {time.perf_counter() - start:.1f} s", file=sys.stderr)
        commands = {
            "tournament export (workbook)": [coinche, "--db", str(db), "tournament", "export",
                                             str(Path(folder) / "c.xlsx")],
            f"tournament sheets ({SHEET_TABLES} tables)": [
                coinche, "--db", str(db), "tournament", "sheets", "--round", "7",
                str(Path(folder) / "s.xlsx")],
        }
        samples = {name: [] for name in commands}
        for index in range(args.command_rounds + 1):
            for name, argv in commands.items():
                elapsed = timed(lambda argv=argv: subprocess.run(argv, check=True,
                                                                 capture_output=True))
                if index:
                    samples[name].append(elapsed)
    return samples


if __name__ == "__main__":
    main()
