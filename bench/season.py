"""Time a club's season through the installed command (issue 20's budgets).

- ``season standings`` (table and ``--json``) and ``season export`` of a season of 40 concours
  × 120 players: 20 mêlées and 20 formed-team concours (60 teams of two named players), drawn
  from a club of 150 people, each concours ``--rounds`` parties (default 9: 40 × 30 tables ×
  9 = 10,800 matches) — budget: ``season standings`` ≤ 1 s;
- ``player ratings`` over all those matches (10,800 ≥ 10,000) — budget ≤ 2 s;
- ``player list`` and ``player show`` on the same store;
- ``game stats`` (and ``--team``) over 1,000 stored games of 8 to 16 deals — budget ≤ 1 s.

The stores are built in this process through the operations (not the command line: 40
concours of results take seconds that way); then each command runs in a child process of the
installed ``coinche`` ``--repeat`` times after one uncounted warm-up, and the median wall
time is reported, with the bare interpreter's start-up for comparison.

Usage: ``.venv/bin/python bench/season.py [--concours 40] [--players 120] [--rounds 9]
[--games 1000] [--repeat 5]``; prints a markdown section for ``bench/RESULTS.md``.
Standard library only (and the project).
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from coinche_cli.game import ops as games
from coinche_cli.rules.loader import load_rules
from coinche_cli.scoring.deal import deal_from_words
from coinche_cli.season import ops as seasons
from coinche_cli.season.model import SeasonSettings
from coinche_cli.store.sqlite import SqliteStore
from coinche_cli.tournament import entrants, ops, results
from coinche_cli.tournament.entrants import Registration
from coinche_cli.tournament.model import ResultRow, Settings

COMMAND = Path(sys.executable).parent / "coinche"
BUDGETS = {"season standings": 1.0, "player ratings": 2.0, "game stats": 1.0}


def build_season(path: Path, concours: int, players: int, rounds: int, seed: int) -> int:
    """A season of ``concours`` concours of ``players`` players; returns its matches."""
    store = SqliteStore(path)
    rng = random.Random(seed)
    club = [f"Joueur {n:03d}" for n in range(1, players * 5 // 4 + 1)]
    rules = load_rules("standard")
    played = 0
    names = []
    for number in range(1, concours + 1):
        name = f"Concours {number:02d}"
        names.append(name)
        field = rng.sample(club, players)
        mixed = number % 2 == 0
        ops.create(store, name, rules, Settings(rounds=rounds, deals=4, seed=number,
                                                same_club="allow",
                                                format="melee" if mixed else "teams"))
        if mixed:
            entrants.register(store, name, "player", [
                Registration(player, (), "", f"L{club.index(player)}", row)
                for row, player in enumerate(field, start=1)])
        else:
            entrants.register(store, name, "team", [
                Registration(f"Équipe {row:02d} {field[2 * row - 2][-3:]}",
                             (field[2 * row - 2], field[2 * row - 1]), row=row)
                for row in range(1, players // 2 + 1)])
        for _partie in range(rounds):
            paired = ops.pair_next(store, name)
            rows = []
            for board in paired.round.boards:
                mine = rng.randrange(100, 700, 2)
                rows.append(ResultRow(board.table, board.table, mine, 800 - mine))
            results.import_results(store, name, rows)
            played += len(rows)
    settings = SeasonSettings(add_score=True, best=concours * 3 // 4, min_events=4)
    seasons.new_season(store, "Challenge", settings)
    seasons.add_events(store, "Challenge", names)
    store.close()
    return played


def build_games(path: Path, count: int, seed: int) -> None:
    """``count`` café games of 8 to 16 deals between a few teams."""
    store = SqliteStore(path)
    rng = random.Random(seed)
    rules = load_rules("standard")
    teams = ["Les As", "Les Rois", "Les Dames", "Les Valets", "Les Dix"]
    for _game in range(count):
        one, two = rng.sample(teams, 2)
        games.new_game(store, rules, players=None, names=[one, two], dealer=None,
                       target=None, deals=rng.randrange(8, 17))
        while True:
            if rng.random() < 0.08:
                change = games.add(store, None, None)
            else:
                bid = rng.choice((80, 90, 100, 110, 120))
                trump = rng.choice("SHDC")
                coinche = "x" if rng.random() < 0.1 else ""
                points = rng.randrange(40, 163)
                deal = deal_from_words([rng.choice("AB"), f"{bid}{trump}{coinche}",
                                        str(points)],
                                       belote=("A",) if rng.random() < 0.2 else ())
                change = games.add(store, None, deal)
            if change.after.finished:
                break
    store.close()


def timed(path: Path, *words: str) -> float:
    started = time.perf_counter()
    done = subprocess.run([str(COMMAND), "--db", str(path), *words],
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False)
    elapsed = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(f"coinche {' '.join(words)}: {done.stderr.decode()}")
    return elapsed


def median(path: Path, repeat: int, *words: str) -> float:
    timed(path, *words)  # warm-up
    return statistics.median(timed(path, *words) for _ in range(repeat))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--concours", type=int, default=40)
    parser.add_argument("--players", type=int, default=120)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="coinche-bench-season-"))
    season, cafe = folder / "season.db", folder / "games.db"
    started = time.perf_counter()
    matches = build_season(season, args.concours, args.players, args.rounds, seed=20)
    build_games(cafe, args.games, seed=20)
    built = time.perf_counter() - started
    bare = statistics.median(
        _bare() for _ in range(args.repeat))
    figures = [
        ("season standings", median(season, args.repeat, "season", "standings", "Challenge")),
        ("season standings --json",
         median(season, args.repeat, "season", "standings", "Challenge", "--json")),
        ("season export (xlsx)", median(season, args.repeat, "season", "export", "Challenge",
                                        str(folder / "challenge.xlsx"))),
        ("player ratings", median(season, args.repeat, "player", "ratings")),
        ("player ratings --season", median(season, args.repeat, "player", "ratings",
                                           "--season", "Challenge")),
        ("player list", median(season, args.repeat, "player", "list")),
        ("player show", median(season, args.repeat, "player", "show", "Joueur 001")),
        ("game stats", median(cafe, args.repeat, "game", "stats")),
        ("game stats --team", median(cafe, args.repeat, "game", "stats", "--team", "Les As")),
    ]
    print(f"## A club's season (issue 20): `bench/season.py`, {time.strftime('%Y-%m-%d')}\n")
    print(f"{platform.python_implementation()} {platform.python_version()}, "
          f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}; stores built in "
          f"{built:.0f} s: {args.concours} concours × {args.players} players × "
          f"{args.rounds} parties ({matches:,} matches), {args.games:,} games; median of "
          f"{args.repeat} runs through the installed command; the bare interpreter starts "
          f"in {bare * 1000:.0f} ms.\n")
    print("| command | median | budget |")
    print("| --- | ---: | ---: |")
    for name, seconds in figures:
        budget = next((f"≤ {limit:g} s" for key, limit in BUDGETS.items() if name == key), "")
        print(f"| `{name}` | {seconds * 1000:.0f} ms | {budget} |")


def _bare() -> float:
    started = time.perf_counter()
    subprocess.run([sys.executable, "-c", "pass"], check=True)
    return time.perf_counter() - started


if __name__ == "__main__":
    main()
