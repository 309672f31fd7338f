"""Time Swiss pairing (``coinche_cli.tournament.pairing.pair``) on realistic and worst-case rounds.

Each scenario builds a tournament in memory: a field of teams, earlier rounds paired by
``pair`` itself with random results (seeded), then times ``pair`` for the next round, the
median of ``--repeat`` runs after one uncounted warm-up run.  Every scenario reports which
graphs ``pair`` tried (the narrow windows, then the complete graph), the time spent building
edges (``weights``) and matching (rustworkx), and the quality of the pairing level by level
(rematches, bye rank from the bottom, sum of squared score-group gaps, sum of squared
distances from the ideal opponent), so a faster graph that pairs worse shows up.

- ``wins``: score groups by wins (a win, a draw or a loss per table; the bye is a win), ranked
  by wins then points inside a group: a few large groups.
- ``points``: ranking by total points, every team its own group (unless two tie).
- worst cases, every team its own group: every team already met the 40 teams ranked just
  above and the 40 just below it (the first narrow graph has no edge, ``pair`` widens it);
  the leader already met the 700 teams below it (every narrow graph leaves the leader
  alone, ``pair`` ends on the complete graph after five failed attempts).
- ``complete``: the same rounds with the narrow graph switched off
  (``COMPLETE_UP_TO`` raised), that is what a round costs when every narrow graph fails.

``--networkx`` also times networkx's ``max_weight_matching`` on the graph rustworkx matched
for the 300-team rounds (networkx is not a dependency: ``pip install networkx`` in the venv).

Usage: ``.venv/bin/python bench/pairing.py [--repeat 3] [--networkx] [--quick]``;
prints a markdown section for ``bench/RESULTS.md``.  Standard library plus the project's own
dependency rustworkx.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from startup import load_average
from startup import machine as host

from coinche_cli.tournament import pairing
from coinche_cli.tournament.pairing import Contender, Pairing

Played = frozenset[frozenset[int]]


# --- building tournaments ------------------------------------------------------------------


def ranked(teams: list[int], wins: dict[int, int], points: dict[int, int], byes: set[int],
           ranking: str) -> list[Contender]:
    """Contenders in ranking order with their score groups (as tournaments.contenders does)."""
    if ranking == "wins":
        order = sorted(teams, key=lambda t: (-wins[t], -points[t], t))
        values = [wins[t] for t in order]
    else:
        order = sorted(teams, key=lambda t: (-points[t], t))
        values = [points[t] for t in order]
    groups: list[int] = []
    for index, value in enumerate(values):
        groups.append(0 if index == 0 else groups[-1] + (value != values[index - 1]))
    return [Contender(t, g, t in byes) for t, g in zip(order, groups, strict=True)]


def swiss(n: int, rounds: int, ranking: str, seed: int) -> tuple[list[Contender], Played]:
    """The contenders and the played pairs before round ``rounds + 1``: round 1 a seeded draw,
    later rounds paired by ``pair``; each table's scores random in 0..162 (a 4×12 evening
    would have larger totals, the spread is what matters), the bye 81 points and a win."""
    rng = random.Random(seed)
    teams = list(range(1, n + 1))
    wins = dict.fromkeys(teams, 0)
    points = dict.fromkeys(teams, 0)
    byes: set[int] = set()
    played: set[frozenset[int]] = set()
    for number in range(1, rounds + 1):
        if number == 1:
            result = pairing.draw(teams, seed)
        else:
            result = pairing.pair(ranked(teams, wins, points, byes, ranking), frozenset(played))
        for a, b in result.tables:
            played.add(frozenset((a, b)))
            score_a, score_b = rng.randint(0, 162), rng.randint(0, 162)
            points[a] += score_a
            points[b] += score_b
            if score_a != score_b:
                wins[a if score_a > score_b else b] += 1
        if result.bye is not None:
            byes.add(result.bye)
            wins[result.bye] += 1
            points[result.bye] += 81
    return ranked(teams, wins, points, byes, ranking), frozenset(played)


def met_below(n: int, k: int, only_leader: bool = False) -> tuple[list[Contender], Played]:
    """Every team its own group, every team already met the ``k`` teams ranked just below it
    (so also the ``k`` just above); with ``only_leader``, only the leader met anyone."""
    contenders = [Contender(t, t - 1, False) for t in range(1, n + 1)]
    played = frozenset(
        frozenset((a, b)) for a in (range(1, 2) if only_leader else range(1, n + 1))
        for b in range(a + 1, min(n, a + k) + 1)
    )
    return contenders, played


# --- measuring ------------------------------------------------------------------------------


@dataclass
class Probe:
    """What one ``pair`` call did: the windows it tried, the time building and matching."""

    windows: list[int | None] = field(default_factory=list)
    edges: list[int] = field(default_factory=list)
    weights_s: float = 0.0
    match_s: float = 0.0
    last_edges: list[tuple[int, int, int]] = field(default_factory=list)


@contextmanager
def probing() -> Iterator[Probe]:
    """Wrap ``pairing.weights`` and ``pairing._match`` to record what ``pair`` does."""
    probe = Probe()
    weights, match = pairing.weights, pairing._match

    def timed_weights(contenders: list[Contender], played: Played,
                      window: int | None) -> list[tuple[int, int, int]]:
        start = time.perf_counter()
        edges = weights(contenders, played, window)
        probe.weights_s += time.perf_counter() - start
        probe.windows.append(window)
        probe.edges.append(len(edges))
        probe.last_edges = edges
        return edges

    def timed_match(size: int, edges: list[tuple[int, int, int]]) -> set[tuple[int, int]]:
        start = time.perf_counter()
        matched = match(size, edges)
        probe.match_s += time.perf_counter() - start
        return matched

    pairing.weights, pairing._match = timed_weights, timed_match  # type: ignore[assignment]
    try:
        yield probe
    finally:
        pairing.weights, pairing._match = weights, match  # type: ignore[assignment]


@contextmanager
def narrow_graphs_fail() -> Iterator[None]:
    """Every narrow graph comes out empty: ``pair`` widens it to half the field, then ends on
    :func:`~coinche_cli.tournament.pairing.fallback`, as when no narrow graph pairs everybody
    without a rematch (the rounds' own worst case is the leader scenario)."""
    saved = pairing.weights

    def empty(contenders: Sequence[Contender], played: Played,
              window: int | None) -> list[tuple[int, int, int]]:
        return [] if window is not None else saved(contenders, played, window)

    pairing.weights = empty
    try:
        yield
    finally:
        pairing.weights = saved


@contextmanager
def complete_graph() -> Iterator[None]:
    """Switch the narrow graph off: ``pair`` builds the complete graph at once."""
    saved = pairing.COMPLETE_UP_TO
    pairing.COMPLETE_UP_TO = 10**9
    try:
        yield
    finally:
        pairing.COMPLETE_UP_TO = saved


def quality(contenders: list[Contender], played: Played, result: Pairing) -> str:
    """rematches / bye rank from the bottom / Σ gap² / Σ distance² from the ideal opponent."""
    position = {c.team: i for i, c in enumerate(contenders)}
    sizes: dict[int, int] = {}
    for c in contenders:
        sizes[c.group] = sizes.get(c.group, 0) + 1
    gap = distance = 0
    for a, b in result.tables:
        i, j = sorted((position[a], position[b]))
        gap += (contenders[j].group - contenders[i].group) ** 2
        distance += (j - i - max(sizes[contenders[i].group] // 2, 1)) ** 2
    bye = "-" if result.bye is None else str(len(contenders) - 1 - position[result.bye])
    return f"{len(result.rematches)} / {bye} / {gap} / {distance}"


@dataclass
class Row:
    name: str
    teams: int
    groups: int
    largest: int
    runs: list[float]
    probe: Probe
    quality: str


def time_pair(name: str, contenders: list[Contender], played: Played, repeat: int,
              complete: bool = False, forced_fallback: bool = False) -> Row:
    runs: list[float] = []
    probe = Probe()
    result: Pairing | None = None
    for attempt in range(repeat + 1):  # the first run is a warm-up (imports rustworkx)
        with probing() as current:
            start = time.perf_counter()
            if complete:
                with complete_graph():
                    result = pairing.pair(contenders, played)
            elif forced_fallback:
                with narrow_graphs_fail():
                    result = pairing.pair(contenders, played)
            else:
                result = pairing.pair(contenders, played)
            elapsed = time.perf_counter() - start
        if attempt:
            runs.append(elapsed)
            probe = current
    assert result is not None
    sizes: dict[int, int] = {}
    for c in contenders:
        sizes[c.group] = sizes.get(c.group, 0) + 1
    return Row(name, len(contenders), len(sizes), max(sizes.values()), runs, probe,
               quality(contenders, played, result))


def time_networkx(edges: list[tuple[int, int, int]], size: int) -> float | None:
    try:
        import networkx as nx  # the bench compares matchers, not the CLI path
    except ImportError:
        return None
    graph = nx.Graph()
    graph.add_nodes_from(range(size))
    graph.add_weighted_edges_from(edges)
    start = time.perf_counter()
    nx.max_weight_matching(graph, maxcardinality=True)
    return time.perf_counter() - start


def time_rustworkx(edges: list[tuple[int, int, int]], size: int) -> float:
    start = time.perf_counter()
    pairing._match(size, edges)
    return time.perf_counter() - start


# --- report ---------------------------------------------------------------------------------


def machine() -> str:
    """The machine (``startup.machine``), rustworkx's version and the load average."""
    import rustworkx  # its version, for the record

    return f"{host()}, rustworkx {rustworkx.__version__}; load average {load_average()}"


def windows_text(probe: Probe) -> str:
    return " → ".join(
        f"{'complete' if w is None else w} ({e:,} edges)"
        for w, e in zip(probe.windows, probe.edges, strict=True)
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3, help="timed runs per scenario")
    parser.add_argument("--networkx", action="store_true",
                        help="also time networkx.max_weight_matching on the 300-team graphs")
    parser.add_argument("--quick", action="store_true",
                        help="skip the complete-graph rounds of 1,000 teams")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    started = machine()
    rows: list[Row] = []
    graphs: dict[str, tuple[list[tuple[int, int, int]], int]] = {}
    fields: dict[tuple[int, str], tuple[list[Contender], Played]] = {}

    def scenario(name: str, build: Callable[[], tuple[list[Contender], Played]],
                 complete: bool = False, forced_fallback: bool = False) -> Row:
        contenders, played = build()
        print(f"… {name}", file=sys.stderr, flush=True)
        row = time_pair(name, contenders, played, args.repeat, complete, forced_fallback)
        rows.append(row)
        return row

    for n in (300, 1000, 3000):
        for ranking in ("wins", "points"):
            start = time.perf_counter()
            fields[(n, ranking)] = swiss(n, 4, ranking, args.seed)
            print(f"built {n} {ranking} in {time.perf_counter() - start:.1f} s",
                  file=sys.stderr, flush=True)
    for n in (300, 1000, 3000):
        for ranking in ("wins", "points"):
            row = scenario(f"{n:,} teams, {ranking}, after 4 rounds",
                           lambda n=n, ranking=ranking: fields[(n, ranking)])
            graphs[f"{n} {ranking}"] = (row.probe.last_edges, n + n % 2)
    odd = swiss(1001, 4, "points", args.seed)
    scenario("1,001 teams, points, after 4 rounds", lambda: odd)
    scenario("1,000 teams, each met the 40 ranked above and the 40 below",
             lambda: met_below(1000, 40))
    scenario("1,000 teams, the leader met the 700 teams below it (every narrow graph fails)",
             lambda: met_below(1000, 700, only_leader=True))
    for ranking in ("wins", "points"):
        scenario(f"1,000 teams, {ranking}, after 4 rounds, every narrow graph made to fail "
                 "(the fallback)", lambda ranking=ranking: fields[(1000, ranking)],
                 forced_fallback=True)
    for n in (300, 1000):
        if n == 1000 and args.quick:
            continue
        for ranking in ("wins", "points"):
            row = scenario(f"{n} teams, {ranking}, after 4 rounds, complete graph",
                           lambda n=n, ranking=ranking: fields[(n, ranking)], complete=True)
            graphs[f"{n} {ranking} complete"] = (row.probe.last_edges, n + n % 2)

    matchers: list[tuple[str, int, float, float | None]] = []
    if args.networkx:
        for key in ("300 wins", "300 points", "300 wins complete", "300 points complete"):
            if key not in graphs:
                continue
            edges, size = graphs[key]
            print(f"… networkx {key}", file=sys.stderr, flush=True)
            rx_s = statistics.median(time_rustworkx(edges, size) for _ in range(args.repeat))
            matchers.append((key, len(edges), rx_s, time_networkx(edges, size)))

    print(f"- machine: {started}; at the end {machine().rsplit('; ', 1)[1]}")
    print(f"- run: `{Path(sys.executable).name} bench/pairing.py "
          f"{' '.join(sys.argv[1:])}`: median of {args.repeat} runs after a warm-up run, "
          f"seed {args.seed}")
    print()
    print("| round | teams | groups (largest) | median s | min s | max s | weights s (last run) | "
          "matching s (last run) | graphs tried | rematches / bye / Σgap² / Σdistance² |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---|---|")
    for row in rows:
        print(f"| {row.name} | {row.teams:,} | {row.groups} ({row.largest}) | "
              f"{statistics.median(row.runs):.2f} | {min(row.runs):.2f} | {max(row.runs):.2f} | "
              f"{row.probe.weights_s:.2f} | {row.probe.match_s:.2f} | "
              f"{windows_text(row.probe)} | {row.quality} |")
    if matchers:
        print()
        print("| graph (300 teams) | edges | rustworkx s | networkx s | networkx / rustworkx |")
        print("|---|---:|---:|---:|---:|")
        for key, count, rx_s, nx_s in matchers:
            ratio = "-" if nx_s is None else f"{nx_s / rx_s:.0f}×"
            nx_text = "not installed" if nx_s is None else f"{nx_s:.2f}"
            print(f"| {key} | {count:,} | {rx_s:.3f} | {nx_text} | {ratio} |")


if __name__ == "__main__":
    main()
