"""Time the standings picture to share (``tournament share standings``) at 1,000 teams.

Issue 36's target: a standings picture at 1,000 teams within 1 s.  The standings are
generated (seeded) in the shape of ``tournament standings --json`` (names of every length,
accents, a few very long ones cut with « … », some teams dropped), so no store is needed;
each round, after one uncounted warm-up round (imports, fonts), times in this process:

- ``lines``: the sheet's lines from the JSON (:mod:`coinche_cli.sheets.share_content`,
  Babel writing each number);
- ``layout``: the pictures laid out (:mod:`coinche_cli.sheets.share_layout`, every name
  measured and cut with the font);
- ``draw``: every picture drawn and encoded as PNG as the command draws them
  (:func:`coinche_cli.sheets.share_draw.pngs`: past a few pictures, by forked drawers, one
  per core);
- ``draw, one process``: the same, one picture after the other (:func:`share_draw.png`);
- ``first``: the first picture alone (the top of the standings, what a message shows first);

and prints the median and min of each, the pictures' count and bytes.  ``--command DB``
also times the installed ``coinche tournament share standings`` on a store of yours against
``coinche tournament standings --json`` on it.

Usage: ``.venv/bin/python bench/share.py [--teams 1000] [--repeat 5] [--command DB]``;
prints a markdown section for ``bench/RESULTS.md``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from startup import load_average, machine

from coinche_cli.i18n import speaking
from coinche_cli.sheets import share_content, share_layout
from coinche_cli.sheets.share_draw import measure, png, pngs

FIRST = ("Les", "Club", "Amicale", "Team", "Équipe", "Cercle")
LAST = ("As", "Rois", "Valets", "Dames", "Belote", "Capot", "Coinche", "Vénissieux")


def standings(teams: int, seed: int) -> Any:
    """A standings view of ``teams`` lines, as ``tournament standings --json`` prints it."""
    rng = random.Random(seed)
    rows = []
    for rank in range(1, teams + 1):
        name = f"{rng.choice(FIRST)} {rng.choice(LAST)} {rank}"
        if rng.random() < 0.03:
            name += " de la belote coinchée du vendredi soir et du samedi"
        rows.append({"rank": rank, "team": name, "wins": rng.randint(0, 7),
                     "points_for": rng.randint(3000, 14000),
                     "difference": rng.randint(-3000, 3000), "dropped": rng.random() < 0.01})
    return {"kind": "standings", "name": "Grand concours", "melee": False, "final": False,
            "after": 7, "rows": rows}


def once(data: Any) -> dict[str, float]:
    """One round: each step's seconds."""
    times: dict[str, float] = {}
    start = time.perf_counter()
    sheet = share_content.standings(data)
    times["lines"] = time.perf_counter() - start
    start = time.perf_counter()
    pages = share_layout.pages(sheet, measure)
    times["layout"] = time.perf_counter() - start
    start = time.perf_counter()
    drawn = pngs(pages)
    times["draw"] = time.perf_counter() - start
    start = time.perf_counter()
    alone = [png(page) for page in pages]
    times["draw, one process"] = time.perf_counter() - start
    assert alone == drawn
    start = time.perf_counter()
    png(pages[0])
    times["first"] = time.perf_counter() - start
    times["pictures"] = len(drawn)
    times["bytes"] = sum(len(d) for d in drawn)
    return times


def command(db: str, repeat: int) -> list[str]:
    """The installed commands on ``db``: the picture against ``standings --json``."""
    coinche = str(Path(sys.executable).parent / "coinche")
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for label, args in (("standings --json", ["tournament", "standings", "--json"]),
                            ("share standings FILE", ["tournament", "share", "standings",
                                                      str(Path(folder) / "c.png")])):
            seconds = []
            for _ in range(repeat + 1):
                start = time.perf_counter()
                subprocess.run([coinche, "--db", db, *args], check=True, capture_output=True)
                seconds.append(time.perf_counter() - start)
            seconds = seconds[1:]
            rows.append(f"| `{label}` | {statistics.median(seconds):.3f} | {min(seconds):.3f} |")
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--teams", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=36)
    parser.add_argument("--command", metavar="DB")
    args = parser.parse_args()
    data = standings(args.teams, args.seed)
    with speaking("fr"):
        once(data)  # warm-up: imports, fonts, Babel's data
        rounds = [once(data) for _ in range(args.repeat)]
    print(f"## The standings picture to share at {args.teams:,} teams "
          f"({time.strftime('%Y-%m-%d')})\n")
    print(f"{machine()}; load average {load_average()}; {args.repeat} rounds after a "
          f"warm-up, in French.\n")
    print(f"{rounds[0]['pictures']:.0f} pictures of 1,080 px wide, "
          f"{rounds[0]['bytes'] / 1e6:.1f} MB in all.\n")
    print("| step | median s | min s |\n| --- | ---: | ---: |")
    for step in ("lines", "layout", "draw", "draw, one process", "first"):
        values = [r[step] for r in rounds]
        print(f"| {step} | {statistics.median(values):.3f} | {min(values):.3f} |")
    totals = [r["lines"] + r["layout"] + r["draw"] for r in rounds]
    print(f"| **every picture** (lines + layout + draw) | {statistics.median(totals):.3f} | "
          f"{min(totals):.3f} |")
    if args.command:
        print("\n| installed command | median s | min s |\n| --- | ---: | ---: |")
        print("\n".join(command(args.command, args.repeat)))


if __name__ == "__main__":
    main()
