"""Issue 20's "Done when", through the ``coinche`` command line (in this process: what is
checked is the season, not the process; the installed command is tested elsewhere).

A club's season of four Fridays: two formed-team concours and two mêlées, the same people
in several of them (matched by licence in the mêlées, by name in the formed teams), a team
that named no players, a typo ("Ana Martn") merged into its person.  Every season line is
worked out here from the scores the test chose, by the README's rules ("A club's season"):
per match the scale's points (win 4, draw 3, loss 2, bye 3, forfeit 0; a partie sat out and a
win by forfeit are a bye), plus the concours' score (``--add-score``: the points for, a bye
scoring the round's average); ``--best 3`` keeps each line's 3 best concours (most points,
then the higher score, then the earlier); ``--min-events 3``: eligible from 3 concours
played; ties: more wins, then the higher score, then fewer concours.  Then the workbook
(columns, counted concours highlighted, the others struck through, the chart), the ratings
(a margin each, all provisional after so few matches) and ``player show`` across the four.
"""

from __future__ import annotations

import csv
import json
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from openpyxl import load_workbook  # the test reopens the export

from tests.harness import Cli

SCALE = {"win": 4, "draw": 3, "loss": 2, "bye": 3, "forfeit": 0}
EVENTS = ("Vendredi 1", "Vendredi 2", "Vendredi 3", "Vendredi 4")
#: The formed teams of Fridays 1 and 3 (Les Valets named nobody: a line of their own).
TEAMS_1 = {"Les As": ("Ana Martin", "Bob"), "Les Rois": ("Cyd", "Dan"),
           "Les Dames": ("Éva", "Fred"), "Les Valets": ()}
TEAMS_3 = {"Les Atouts": ("Ana Martn", "Gus"), "Les Plis": ("Bob", "Cyd"),
           "Les Belotes": ("Dan", "Hana"), "Les Capots": ("Éva", "Ivo")}
#: The mêlées' players (Ana with her licence: the same person as the formed teams' Ana).
MELEE_2 = ("Ana Martin", "Bob", "Cyd", "Dan", "Éva", "Gus", "Hana", "Ivo", "Jo")
MELEE_4 = ("Ana Martin", "Bob", "Cyd", "Dan", "Fred", "Gus", "Hana", "Jo")


@dataclass
class Part:
    """A line's part in one concours, worked out by hand."""

    points: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    score: int = 0
    matches: int = 0  # played at a table (what the ratings count)

    def match(self, mine: int, theirs: int) -> None:
        outcome = "win" if mine > theirs else "draw" if mine == theirs else "loss"
        self.points += SCALE[outcome] + mine  # the season adds the score
        self.score += mine
        self.matches += 1
        if outcome == "win":
            self.wins += 1
        elif outcome == "draw":
            self.draws += 1
        else:
            self.losses += 1

    def bye(self, award: int) -> None:
        """A bye, a partie sat out or a win by forfeit: the scale's bye, the round's average,
        a win."""
        self.points += SCALE["bye"] + award
        self.score += award
        self.wins += 1

    def forfeited(self) -> None:
        self.points += SCALE["forfeit"]
        self.losses += 1


@dataclass
class Season:
    """Every line's part in each concours, by name."""

    parts: list[dict[str, Part]] = field(default_factory=list)

    def event(self) -> dict[str, Part]:
        self.parts.append({})
        return self.parts[-1]


def _import(cli: Cli, folder: Path, name: str, rows: list[tuple[int, int, int]]) -> None:
    path = folder / f"{name}.csv"
    with path.open("w", encoding="utf-8-sig", newline="") as handle:
        writer = csv.writer(handle, delimiter=";")
        writer.writerow(["Table", "Score 1", "Score 2"])
        writer.writerows(rows)
    cli.run("tournament", "result", "--import", str(path))


def _teams(cli: Cli, folder: Path, name: str, teams: dict[str, tuple[str, ...]]) -> None:
    path = folder / f"{name}.csv"
    with path.open("w", encoding="utf-8-sig", newline="") as handle:
        writer = csv.writer(handle, delimiter=";")
        writer.writerow(["Équipe", "Joueur 1", "Joueur 2"])
        writer.writerows([team, *players, *[""] * (2 - len(players))]
                         for team, players in teams.items())
    cli.run("tournament", "new", name, "--rounds", "2", "--deals", "4", "--registration-order")
    cli.run("tournament", "team", "import", str(path))


def _who(teams: dict[str, tuple[str, ...]], team: str) -> tuple[str, ...]:
    return teams[team] or (team,)


def _formed(cli: Cli, folder: Path, name: str, teams: dict[str, tuple[str, ...]],
            rounds: list[list[tuple[int, int] | str]], parts: dict[str, Part]) -> None:
    """A formed-team concours: each round paired, each table given the scores chosen (or
    "forfeit": the table's second team forfeits), worked out by hand into ``parts``."""
    _teams(cli, folder, name, teams)
    for number, results in enumerate(rounds, start=1):
        tables = json.loads(cli.run("tournament", "pair", "--json").stdout)["tables"]
        played = [r for r in results if not isinstance(r, str)]
        award = sum(a + b for a, b in played) // (2 * len(played))  # the round's average
        _import(cli, folder, f"{name}-{number}",
                [(t["table"], *r) for t, r in zip(tables, results, strict=True)
                 if not isinstance(r, str)])
        for table, result in zip(tables, results, strict=True):
            one, two = table["teams"]
            if isinstance(result, str):
                cli.run("tournament", "result", str(table["table"]), "--forfeit", two)
                for who in _who(teams, one):
                    parts.setdefault(who, Part()).bye(award)
                for who in _who(teams, two):
                    parts.setdefault(who, Part()).forfeited()
                continue
            for who in _who(teams, one):
                parts.setdefault(who, Part()).match(result[0], result[1])
            for who in _who(teams, two):
                parts.setdefault(who, Part()).match(result[1], result[0])


def _melee(cli: Cli, folder: Path, name: str, players: tuple[str, ...],
           results: list[tuple[int, int]], parts: dict[str, Part]) -> None:
    """A mêlée of one partie: the draw read back, each table given the scores chosen."""
    path = folder / f"{name}.csv"
    path.write_text("Nom;Club;Licence\n" + "".join(
        f"{p};{'Bazas' if p == 'Ana Martin' else ''};{'33012' if p == 'Ana Martin' else ''}\n"
        for p in players), encoding="utf-8")
    cli.run("tournament", "new", name, "--format", "melee", "--rounds", "1", "--deals", "4",
            "--seed", "5")
    cli.run("tournament", "player", "import", str(path))
    drawn = json.loads(cli.run("tournament", "pair", "--json").stdout)
    _import(cli, folder, name, [(t["table"], *r)
                                for t, r in zip(drawn["tables"], results, strict=True)])
    award = sum(a + b for a, b in results) // (2 * len(results))
    for table, (first, second) in zip(drawn["tables"], results, strict=True):
        for who in table["pairs"][0]:
            parts.setdefault(who, Part()).match(first, second)
        for who in table["pairs"][1]:
            parts.setdefault(who, Part()).match(second, first)
    for who in drawn["sitting_out"]:
        parts.setdefault(who, Part()).bye(award)


def _expected(season: Season, best: int, fewest: int) -> list[dict[str, Any]]:
    """The season's lines, worked out: each line's 3 best concours, the ties' order."""
    names = {who for parts in season.parts for who in parts}
    rows = []
    for who in names:
        played = [(place, parts[who]) for place, parts in enumerate(season.parts)
                  if who in parts]
        kept = sorted(played, key=lambda item: (-item[1].points, -item[1].score,
                                                item[0]))[:best]
        rows.append({"player": who, "points": sum(p.points for _, p in kept),
                     "events": len(played), "wins": sum(p.wins for _, p in kept),
                     "losses": sum(p.losses for _, p in kept),
                     "score": sum(p.score for _, p in kept), "counted_events": len(kept),
                     "eligible": len(played) >= fewest})
    rows.sort(key=lambda r: (-r["points"], -r["wins"], -r["score"], r["events"], r["player"]))
    for place, row in enumerate(rows, start=1):
        earlier = rows[place - 2] if place > 1 else None
        same = earlier is not None and all(earlier[k] == row[k] for k in
                                           ("points", "wins", "score", "events"))
        row["rank"] = earlier["rank"] if same and earlier else place
    return rows


def test_a_season_of_four_fridays(cli: Cli, tmp_path: Path) -> None:
    season = Season()
    _formed(cli, tmp_path, EVENTS[0], TEAMS_1, [[(620, 380), (500, 500)],
                                                [(300, 700), "forfeit"]], season.event())
    _melee(cli, tmp_path, EVENTS[1], MELEE_2, [(640, 360), (450, 550)], season.event())
    _formed(cli, tmp_path, EVENTS[2], TEAMS_3, [[(700, 300), (420, 580)]], season.event())
    _melee(cli, tmp_path, EVENTS[3], MELEE_4, [(510, 490), (400, 600)], season.event())

    # the typo is a person of its own until merged; then Ana has played all four
    listed = {p["name"]: p for p in json.loads(cli.run("player", "list", "--json").stdout)}
    assert listed["Ana Martn"]["tournaments"] == 1
    assert listed["Ana Martin"]["tournaments"] == 3
    assert listed["Ana Martin"]["licence"] == "33012"  # matched by name to the licence
    cli.run("season", "new", "Challenge 2026", "--add-score", "--best", "3",
            "--min-events", "3")
    cli.run("season", "add", "Challenge 2026", *EVENTS)
    merged = cli.run("player", "merge", "Ana Martn", "Ana Martin").stdout
    assert "Ana Martn merged into Ana Martin: 4 concours" in merged
    season.parts[2]["Ana Martin"] = season.parts[2].pop("Ana Martn")

    shown = json.loads(cli.run("season", "standings", "Challenge 2026", "--json").stdout)
    keys = ("rank", "player", "points", "events", "wins", "losses", "score",
            "counted_events", "eligible")
    assert [{k: row[k] for k in keys} for row in shown] == _expected(season, 3, 3)
    ana = next(row for row in shown if row["player"] == "Ana Martin")
    assert ana["events"] == 4 and ana["counted_events"] == 3 and ana["eligible"]
    assert [r["event"] for r in ana["results"]] == list(EVENTS)
    assert sum(1 for r in ana["results"] if not r["counted"]) == 1
    valets = next(row for row in shown if row["player"] == "Les Valets")
    assert valets["events"] == 1 and not valets["eligible"]  # the team's own line

    # the workbook: a column per concours, counted ones on green, the other struck through
    book_path = tmp_path / "challenge.xlsx"
    cli.run("season", "export", "Challenge 2026", str(book_path))
    book = load_workbook(book_path)
    sheet = book["Standings"]
    header = [cell.value for cell in sheet[1]]
    assert header == ["rank", "player", "club", "points", "played", "counted", "wins",
                      "draws", "losses", "score", "prizes", *EVENTS, "not counted"]
    rows = {row[1].value: row for row in sheet.iter_rows(min_row=2)}
    assert len(rows) == len(shown)
    first = header.index(EVENTS[0])
    cells = rows["Ana Martin"][first:first + 4]
    counted = [r["counted"] for r in ana["results"]]
    for cell, kept, part in zip(cells, counted, [p["Ana Martin"] for p in season.parts],
                                strict=True):
        assert cell.value == part.points
        assert (cell.fill.fgColor.rgb == "FFC6EFCE") is kept
        assert bool(cell.font.strike) is not kept
    dropped = EVENTS[counted.index(False)]
    assert rows["Ana Martin"][header.index("not counted")].value == dropped
    with zipfile.ZipFile(book_path) as archive:
        charts = [n for n in archive.namelist() if n.startswith("xl/charts/chart")]
        assert len(charts) == 1
        chart = archive.read(charts[0]).decode()
    assert "<c:lineChart>" in chart and chart.count("<c:ser>") == min(10, len(shown))
    progress = book["Progress"]
    assert [c.value for c in progress[1]][1:] == [row["player"] for row in shown[:10]]
    assert [c.value for c in progress[progress.max_row]][1:] == [row["points"]
                                                                 for row in shown[:10]]

    # ratings: every player with a margin; after at most a few matches, all provisional
    rated = {r["player"]: r for r in json.loads(cli.run("player", "ratings", "--json").stdout)}
    matches = {who: sum(parts[who].matches for parts in season.parts if who in parts)
               for who in {w for parts in season.parts for w in parts}}
    assert {who: r["matches"] for who, r in rated.items()} == matches
    assert all(r["provisional"] and r["margin"] > 0 for r in rated.values())
    text = cli.run("player", "ratings").stdout
    assert "provisional (fewer than 12 matches):" in text
    assert f"{rated['Ana Martin']['rating']} ± {rated['Ana Martin']['margin']}" in text

    # Ana across the four Fridays: her team or partners, her rank, wins and points
    show = json.loads(cli.run("player", "show", "ana martin", "--json").stdout)
    assert show["name"] == "Ana Martin" and show["licence"] == "33012"
    assert [e["tournament"] for e in show["tournaments"]] == list(EVENTS)
    assert [e["team"] for e in show["tournaments"]] == ["Les As", None, "Les Atouts", None]
    for event, part in zip(show["tournaments"], [p["Ana Martin"] for p in season.parts],
                           strict=True):
        assert (event["wins"], event["losses"], event["points"]) == (
            part.wins, part.losses, part.score)
        assert 1 <= event["rank"] <= event["of"]
    for event, part in zip(show["tournaments"][1::2], season.parts[1::2], strict=True):
        assert len(event["partners"]) == part["Ana Martin"].matches  # none when she sat out
