"""Time the mêlée draw (``coinche_cli.tournament.melee_draw.draw_partie``) and measure its
quality on simulated mêlées.

Each simulated mêlée seats ``n`` players for 8 parties: every partie is drawn by
``draw_partie`` itself, the tables get random scores (0..162 to one pair, the rest to the
other; a player sitting out gets 81), and partners, opponents and sit-outs are fed back.
By score, players are ranked by their accumulated points (ties by id).

- **Speed**: the draw of partie 8 (the 7 parties before it simulated) for 20 to 2,000
  players, the median of ``--repeat`` runs after one uncounted warm-up run, random and by
  score; and a worst case, 60 % of the field from one club with ``avoid_club`` (a home club's
  concours), where clubmates must partner and the search runs until it stops improving.
- **Quality**: ``--melees`` mêlées of 20, 22, 23, 33, 100 and 400 players, 8 parties each,
  random and by score: repeated partners and repeated opponents over the whole mêlée (the
  sum of what each partie's draw reports), the largest gap between two players' sit-outs,
  the mean spread of ranks at a table by score (best to worst rank at the table, ranks
  counted among the seated; 3 is the ideal), and the slowest draw.  Against the same mêlées
  drawn without search (``steps=0``): the plain seeded shuffle, and by score the ideal
  groups of four as they are.

Usage: ``.venv/bin/python bench/melee_draw.py [--repeat 5] [--melees 5] [--seed 2026]``;
prints a markdown section for ``bench/RESULTS.md``.  Standard library only.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from startup import load_average
from startup import machine as host

from coinche_cli.tournament.melee_draw import MeleeDraw, Seat, default_steps, draw_partie

History = dict[frozenset[int], int]
SIZES = (20, 22, 23, 33, 100, 400)
PARTIES = 8


@dataclass
class Melee:
    """A mêlée in progress and what its draws reported so far."""

    players: list[int]
    clubs: dict[int, str]
    partners: History = field(default_factory=dict)
    opponents: History = field(default_factory=dict)
    sat_out: dict[int, int] = field(default_factory=dict)
    points: dict[int, int] = field(default_factory=dict)
    repeated_partners: int = 0
    repeated_opponents: int = 0
    spreads: list[int] = field(default_factory=list)
    slowest: float = 0.0

    def seats(self, by_score: bool) -> list[Seat]:
        order = (sorted(self.players, key=lambda p: (-self.points.get(p, 0), p)) if by_score
                 else self.players)
        return [Seat(p, self.clubs.get(p, ""), self.sat_out.get(p, 0)) for p in order]

    def draw(self, number: int, by_score: bool, avoid_club: bool, seed: int,
             steps: int | None = None) -> tuple[list[Seat], MeleeDraw]:
        seats = self.seats(by_score)
        start = time.perf_counter()
        result = draw_partie(seats, self.partners, self.opponents, seed=seed * 100 + number,
                             by_score=by_score, avoid_club=avoid_club, steps=steps)
        self.slowest = max(self.slowest, time.perf_counter() - start)
        return seats, result

    def play(self, seats: list[Seat], result: MeleeDraw, rng: random.Random) -> None:
        self.repeated_partners += len(result.repeated_partners)
        self.repeated_opponents += result.repeated_opponents
        rank = {s.player: i for i, s in enumerate(s for s in seats
                                                   if s.player not in result.sitting_out)}
        for first, second in result.tables:
            ranks = [rank[p] for p in (*first, *second)]
            self.spreads.append(max(ranks) - min(ranks))
            for a, b in (first, second):
                k = frozenset((a, b))
                self.partners[k] = self.partners.get(k, 0) + 1
            for a in first:
                for b in second:
                    k = frozenset((a, b))
                    self.opponents[k] = self.opponents.get(k, 0) + 1
            score = rng.randint(0, 162)
            for p in first:
                self.points[p] = self.points.get(p, 0) + score
            for p in second:
                self.points[p] = self.points.get(p, 0) + 162 - score
        for p in result.sitting_out:
            self.sat_out[p] = self.sat_out.get(p, 0) + 1
            self.points[p] = self.points.get(p, 0) + 81


def simulate(n: int, parties: int, by_score: bool, seed: int, steps: int | None = None,
             home_share: float = 0.0) -> Melee:
    """A mêlée of ``n`` players after ``parties`` parties drawn with ``steps``; with
    ``home_share``, that share of the players from one club, the others from two more or
    none, and clubs kept apart."""
    rng = random.Random(seed)
    clubs = {p: ("home" if rng.random() < home_share else rng.choice(["a", "b", ""]))
             for p in range(1, n + 1)} if home_share else {}
    melee = Melee(list(range(1, n + 1)), clubs)
    for number in range(1, parties + 1):
        seats, result = melee.draw(number, by_score, bool(home_share), seed, steps)
        melee.play(seats, result, rng)
    return melee


def time_partie(n: int, by_score: bool, seed: int, repeat: int,
                home_share: float = 0.0) -> tuple[list[float], list[float], MeleeDraw]:
    """The draw of partie 8 of a simulated mêlée: each run's seconds (wall, then CPU of this
    process, which another job on the machine disturbs less), and the draw."""
    melee = simulate(n, PARTIES - 1, by_score, seed, home_share=home_share)
    seats = melee.seats(by_score)
    runs: list[float] = []
    cpu: list[float] = []
    result: MeleeDraw | None = None
    for attempt in range(repeat + 1):
        start, start_cpu = time.perf_counter(), time.process_time()
        result = draw_partie(seats, melee.partners, melee.opponents, seed=seed,
                             by_score=by_score, avoid_club=bool(home_share))
        if attempt:
            runs.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
    assert result is not None
    return runs, cpu, result


def machine() -> str:
    """The machine (``startup.machine``) and the load average."""
    return f"{host()}; load average {load_average()}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--melees", type=int, default=5, help="simulated mêlées per size")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    started = machine()
    modes = (("random", False), ("by score", True))

    speed = []
    for n in (20, 100, 400, 1000, 2000):
        for name, by_score in modes:
            print(f"… speed {n} {name}", file=sys.stderr, flush=True)
            runs, cpu, result = time_partie(n, by_score, args.seed, args.repeat)
            speed.append((f"{n:,} players, partie 8, {name}", runs, cpu, result))
    for n in (400, 2000):
        for name, by_score in modes:
            print(f"… speed {n} {name} home club", file=sys.stderr, flush=True)
            runs, cpu, result = time_partie(n, by_score, args.seed, args.repeat,
                                            home_share=0.6)
            speed.append((f"{n:,} players, partie 8, {name}, 60 % from one club, clubs apart",
                          runs, cpu, result))

    quality = []
    for n in SIZES:
        for name, by_score in modes:
            print(f"… quality {n} {name}", file=sys.stderr, flush=True)
            drawn = [simulate(n, PARTIES, by_score, args.seed + k) for k in range(args.melees)]
            plain = [simulate(n, PARTIES, False, args.seed + k, steps=0)
                     for k in range(args.melees)]
            ideal = ([simulate(n, PARTIES, True, args.seed + k, steps=0)
                      for k in range(args.melees)] if by_score else [])
            quality.append((n, name, drawn, plain, ideal))

    print(f"- machine: {started}; at the end {machine().rsplit('; ', 1)[1]}")
    print(f"- run: `{Path(sys.executable).name} bench/melee_draw.py "
          f"{' '.join(sys.argv[1:])}`: speed the median of {args.repeat} runs after a warm-up "
          f"run; quality over {args.melees} mêlées of {PARTIES} parties per row; seed "
          f"{args.seed}; default steps {default_steps(20):,} at 20 players, "
          f"{default_steps(400):,} at 400, {default_steps(2000):,} at 2,000")
    print()
    print("| partie | median s | min s | max s | median CPU s | repeated partners | "
          "repeated opponents | clubmate partners |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for label, runs, cpu, result in speed:
        print(f"| {label} | {statistics.median(runs):.3f} | {min(runs):.3f} | "
              f"{max(runs):.3f} | {statistics.median(cpu):.3f} | "
              f"{len(result.repeated_partners)} | "
              f"{result.repeated_opponents} | {len(result.clubmate_partners)} |")
    print()
    print("| players | draw | repeated partners (per mêlée, worst) | repeated opponents (mean, "
          "worst) | sit-out gap (worst) | rank spread at a table (mean) | slowest draw s | "
          "plain shuffle: partners / opponents (mean) | ideal groups, no search: partners / "
          "opponents / spread |")
    print("|---:|---|---:|---:|---:|---:|---:|---|---|")
    for n, name, drawn, plain, ideal in quality:
        gap = max(max(m.sat_out.values(), default=0)
                  - min((m.sat_out.get(p, 0) for p in m.players), default=0) for m in drawn)
        spread = (f"{statistics.mean(s for m in drawn for s in m.spreads):.2f}" if ideal
                  else "-")
        opponents = [m.repeated_opponents for m in drawn]
        plain_text = (f"{statistics.mean(m.repeated_partners for m in plain):.1f} / "
                      f"{statistics.mean(m.repeated_opponents for m in plain):.1f}")
        ideal_text = (f"{statistics.mean(m.repeated_partners for m in ideal):.1f} / "
                      f"{statistics.mean(m.repeated_opponents for m in ideal):.1f} / "
                      f"{statistics.mean(s for m in ideal for s in m.spreads):.2f}"
                      if ideal else "-")
        print(f"| {n} | {name} | {max(m.repeated_partners for m in drawn)} | "
              f"{statistics.mean(opponents):.1f}, {max(opponents)} | {gap} | "
              f"{spread} | {max(m.slowest for m in drawn):.3f} | {plain_text} | "
              f"{ideal_text} |")


if __name__ == "__main__":
    main()
