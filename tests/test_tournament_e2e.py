"""A whole 24-team, 5-round concours through the command line, on both backends always.

One test drives ``coinche --db PATH tournament …`` (in this process: the installed command
runs the same concours in ``tests/test_examples.py``) from registration to the
Excel export: teams imported from a French CSV, five rounds paired (every pairing checked),
results entered directly, from CSV and XLSX files and deal by deal through ``coinche game``,
a drop, a late entry, a forfeit, a penalty, a draw, a correction and byes.  The expected
standings are worked out here from the scores the test chose (``expected_standings``, which
follows the rules in the docstring of :mod:`coinche_cli.tournament.standings`), never read
back from the program; then every sheet of the exported workbook is checked against
``standings --json`` and ``show --round R --json``.
"""

from __future__ import annotations

import csv
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from openpyxl import Workbook, load_workbook  # the test reopens the export

from tests.harness import Cli

pytestmark = pytest.mark.pg_story

ROUNDS = 5
DEALS = 4
WIN, DRAW, LOSS, FORFEIT = 3, 2, 1, 0  # the default match-point scale
TEAMS: dict[str, tuple[str, str]] = {
    name: (f"Joueuse {index}", f"Joueur {index}")
    for index, name in enumerate([
        "Les As de Pique", "Belote et Rebelote", "Les Capots", "Dix de Der", "Les Coinchés",
        "Tout Atout", "Sans Atout", "La Surcoinche", "Les Valets", "Les Neuf",
        "Les Dames de Cœur", "Les Rois du Trèfle", "Carreau Magique", "La Générale",
        "L'Annonce", "Les Cinquante", "Les Cent", "Le Tiercé", "La Belote", "Les Pliés",
        "Le Dernier Pli", "Les Chèvres", "Le Petit Chelem", "Les Contrés",
    ], start=1)
}
LATE = "Les Retardataires"  # registered after round 2, plays from round 3
LATE_PLAYERS = ("Zoé Lenoir", "Yves Morel")
FIRST_DROP = "Dix de Der"  # leaves after round 2
SECOND_DROP = "Les Valets"  # leaves after round 3: 23 teams, a bye in rounds 4 and 5
PENALISED = "Les As de Pique"  # 162 for a renonce in round 2
PENALTY = 162

#: The two tables of round 1 scored deal by deal: (taker, contract, card points) per deal,
#: ``None`` for a deal everybody passed (it does not count as one of the 4 deals).
#: Standard scoring of a made contract: taker = card points + contract, defence = 162 − card
#: points.  Game 1: A 180+62+210+42 = 494, B 62+190+52+200 = 504.
#: Game 2: A 250+72+190+220 = 732, B 32+170+62+42 = 306.
GAMES: dict[int, list[tuple[str, str, int] | None]] = {
    1: [("A", "80S", 100), ("B", "90H", 100), ("A", "100S", 110), ("B", "80C", 120)],
    2: [("A", "120D", 130), None, ("B", "80S", 90), ("A", "90H", 100), ("A", "100C", 120)],
}
GAME_TOTALS = {1: (494, 504), 2: (732, 306)}


@dataclass
class Match:
    """A table as the test entered it."""

    table: int
    team1: str
    team2: str
    score1: int | None = None
    score2: int | None = None
    forfeit: str | None = None
    game: int | None = None

    @property
    def winner(self) -> str | None:
        if self.forfeit is not None:
            return self.team2 if self.forfeit == self.team1 else self.team1
        assert self.score1 is not None and self.score2 is not None
        if self.score1 == self.score2:
            return None
        return self.team1 if self.score1 > self.score2 else self.team2


@dataclass
class Played:
    """A round as the test paired and scored it."""

    number: int
    matches: list[Match]
    bye: str | None

    def bye_points(self) -> int:
        """The round's average team score over the tables played (forfeits left out); the
        test makes every average a whole number, so no rounding rule is involved."""
        scores = [s for m in self.matches if m.forfeit is None
                  for s in (m.score1, m.score2) if s is not None]
        assert sum(scores) % len(scores) == 0, "the test keeps the averages whole"
        return sum(scores) // len(scores)


@dataclass
class Line:
    """One team's expected line in the standings."""

    played: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    byes: int = 0
    forfeits: int = 0
    points_for: int = 0
    points_against: int = 0
    difference: int = 0  # (for - against) over the matches played (README: the difference)
    match_points: int = 0
    penalties: int = 0
    opponents: list[str] = field(default_factory=list)


def expected_standings(rounds: list[Played], penalties: dict[str, int]) -> dict[str, Line]:
    """Every team's numbers, folded by hand from the results the test entered."""
    lines = {name: Line() for name in [*TEAMS, LATE]}
    for played in rounds:
        needed = played.bye is not None or any(m.forfeit for m in played.matches)
        award = played.bye_points() if needed else 0
        for m in played.matches:
            one, two = lines[m.team1], lines[m.team2]
            one.opponents.append(m.team2)
            two.opponents.append(m.team1)
            one.played += 1
            two.played += 1
            if m.forfeit is not None:
                loser, winner = lines[m.forfeit], lines[m.winner or ""]
                loser.losses += 1
                loser.forfeits += 1
                loser.match_points += FORFEIT
                loser.points_against += award
                loser.difference -= award  # the forfeit costs the forfeiting team...
                winner.wins += 1
                winner.match_points += WIN
                winner.points_for += award  # ...but is neutral for the winner
                continue
            assert m.score1 is not None and m.score2 is not None
            for line, mine, theirs in ((one, m.score1, m.score2), (two, m.score2, m.score1)):
                line.points_for += mine
                line.points_against += theirs
                line.difference += mine - theirs
                if mine > theirs:
                    line.wins += 1
                    line.match_points += WIN
                elif mine < theirs:
                    line.losses += 1
                    line.match_points += LOSS
                else:
                    line.draws += 1
                    line.match_points += DRAW
        if played.bye is not None:  # a bye counts as a win (the default --bye-win)
            line = lines[played.bye]
            line.played += 1
            line.byes += 1
            line.wins += 1
            line.match_points += WIN
            line.points_for += award  # and nothing to the difference
    for team, points in penalties.items():  # deducted from the team
        lines[team].points_for -= points
        lines[team].difference -= points
        lines[team].penalties += points
    return lines


class Concours:
    """The tournament's store, the command line pointed at it (``cli``, whose history counts
    the calls), and what was entered."""

    def __init__(self, cli: Cli, workdir: Path) -> None:
        self.cli = cli
        self.workdir = workdir
        self.rounds: list[Played] = []
        self.met: set[frozenset[str]] = set()
        self.had_bye: set[str] = set()
        self.rng = random.Random(20240601)

    def pair(self, active: set[str]) -> Played:
        """Pair the next round and check it: every active team once, no rematch, a bye only
        with an odd count and never twice for a team."""
        number = len(self.rounds) + 1
        data = self.cli.json("tournament", "pair")
        assert data["round"] == number
        assert [t["table"] for t in data["tables"]] == list(range(1, len(active) // 2 + 1))
        seated = [team for t in data["tables"] for team in t["teams"]]
        everyone = seated + ([data["bye"]] if data["bye"] is not None else [])
        assert sorted(everyone) == sorted(active), f"round {number}: {everyone}"
        assert (data["bye"] is None) == (len(active) % 2 == 0)
        assert data["bye"] not in self.had_bye
        assert data["rematches"] == 0
        for t in data["tables"]:
            pair = frozenset(t["teams"])
            assert pair not in self.met, f"round {number}: rematch {sorted(pair)}"
            assert t["scores"] is None and t["winner"] is None
            self.met.add(pair)
        if data["bye"] is not None:
            self.had_bye.add(data["bye"])
        played = Played(number, [Match(t["table"], *t["teams"]) for t in data["tables"]],
                        data["bye"])
        self.rounds.append(played)
        return played

    def draw_scores(self, matches: list[Match], *, fixed: tuple[int, ...] = ()) -> None:
        """Random scores for ``matches`` (tables in ``fixed`` keep theirs), no draw; the last
        random table is nudged so the round's average is a whole number."""
        for m in matches:
            if m.table in fixed:
                continue
            m.score1 = self.rng.randrange(300, 1500)
            m.score2 = self.rng.randrange(300, 1500)
            while m.score2 == m.score1:
                m.score2 = self.rng.randrange(300, 1500)
        scored = [m for m in matches if m.forfeit is None and m.score1 is not None]
        count = 2 * len(scored)
        total = sum((m.score1 or 0) + (m.score2 or 0) for m in scored)
        last = next(m for m in reversed(matches) if m.table not in fixed)
        assert last.score1 is not None
        last.score1 += (-total) % count
        if last.score1 == last.score2:
            last.score1 += count
        assert sum((m.score1 or 0) + (m.score2 or 0) for m in scored) % count == 0

    def result(self, m: Match, *, replacing: bool = False) -> None:
        """``result T S1 S2`` (``--replace`` for a correction): the echoed round shows the
        table's scores and winner."""
        more = ("--replace",) if replacing else ()
        shown = self.cli.json("tournament", "result", str(m.table), str(m.score1), str(m.score2),
                              *more)
        table = shown["tables"][m.table - 1]
        assert table["scores"] == [m.score1, m.score2]
        assert table["winner"] == m.winner

    def import_csv(self, matches: list[Match], name: str) -> None:
        path = self.workdir / name
        with path.open("w", encoding="utf-8-sig", newline="") as handle:
            writer = csv.writer(handle, delimiter=";")
            writer.writerow(["Table", "Score 1", "Score 2"])
            writer.writerows([m.table, m.score1, m.score2] for m in matches)
        self.check_imported(self.cli.json("tournament", "result", "--import", str(path)), matches)

    def import_xlsx(self, matches: list[Match], name: str) -> None:
        path = self.workdir / name
        book = Workbook()
        sheet = book.active
        assert sheet is not None
        sheet.append(["table", "score 1", "score 2"])
        for m in matches:
            sheet.append([m.table, m.score1, m.score2])
        book.save(path)
        self.check_imported(self.cli.json("tournament", "result", "--import", str(path)), matches)

    @staticmethod
    def check_imported(shown: Any, matches: list[Match]) -> None:
        by_table = {t["table"]: t for t in shown["tables"]}
        for m in matches:
            assert by_table[m.table]["scores"] == [m.score1, m.score2]

    def play_game(self, m: Match) -> int:
        """Score table ``m`` deal by deal; the finished game's totals are its result."""
        created = self.cli.json("game", "new", "--table", str(m.table))
        assert created["sides"] == {"A": m.team1, "B": m.team2}
        assert created["deals_limit"] == DEALS
        game = int(created["id"])
        steps = GAMES[m.table]
        out: Any = None
        for index, step in enumerate(steps):
            if step is None:
                out = self.cli.json("game", "pass", "--game", str(game))
            else:
                taker, contract, points = step
                out = self.cli.json("game", "add", taker, contract, str(points),
                                    "--game", str(game))
            assert out["finished"] is (index == len(steps) - 1)
        m.score1, m.score2 = GAME_TOTALS[m.table]
        assert out["totals"] == {"A": m.score1, "B": m.score2}
        m.game = game
        return game


def write_teams_csv(path: Path) -> None:
    """The registration sheet as a French Excel saves it: UTF-8 with a BOM, ``;``."""
    with path.open("w", encoding="utf-8-sig", newline="") as handle:
        writer = csv.writer(handle, delimiter=";")
        writer.writerow(["Équipe", "Joueur 1", "Joueur 2"])
        writer.writerows([name, *players] for name, players in TEAMS.items())
    assert path.read_bytes().startswith(b"\xef\xbb\xbf")


def sheet_records(book: Any, title: str) -> tuple[list[str], list[dict[str, Any]]]:
    """A sheet's header (row 1) and its rows as header → value."""
    rows = list(book[title].iter_rows(values_only=True))
    header = [str(cell) for cell in rows[0]]
    return header, [dict(zip(header, row, strict=True)) for row in rows[1:]]


def test_a_24_team_concours_from_registration_to_the_workbook(cli: Cli,
                                                              tmp_path: Path) -> None:
    c = Concours(cli, tmp_path)

    created = c.cli.json("tournament", "new", "Concours", "--rules", "standard", "--rounds",
                     str(ROUNDS), "--deals", str(DEALS), "--seed", "42")
    assert created["name"] == "Concours" and created["rules"] == "standard"
    assert created["settings"]["rounds"] == ROUNDS and created["settings"]["deals"] == DEALS
    assert created["settings"]["target"] is None and created["settings"]["seed"] == 42

    teams_csv = tmp_path / "équipes.csv"
    write_teams_csv(teams_csv)
    c.cli.run("tournament", "team", "import", str(teams_csv))
    listed = c.cli.json("tournament", "team", "list")
    assert [t["team"] for t in listed] == list(TEAMS)
    assert [tuple(t["players"]) for t in listed] == list(TEAMS.values())
    assert all(t["joined_round"] == 1 and t["dropped_after"] is None for t in listed)
    active = set(TEAMS)

    # Round 1 (drawn): tables 1 and 2 deal by deal, the other ten entered directly.
    one = c.pair(active)
    c.draw_scores(one.matches[2:])
    games = [c.play_game(m) for m in one.matches[:2]]
    for m in one.matches[2:]:
        c.result(m)

    # Round 2: eight tables from the paper sheets (CSV), four directly; then a penalty.
    two = c.pair(active)
    c.draw_scores(two.matches)
    c.import_csv(two.matches[:8], "résultats-ronde2.csv")
    for m in two.matches[8:]:
        c.result(m)
    c.cli.run("tournament", "penalty", PENALISED, str(PENALTY), "--reason", "renonce", "--deduct")

    # Between rounds 2 and 3: a team leaves, a late team arrives (still 24).
    c.cli.run("tournament", "team", "drop", FIRST_DROP)
    late = c.cli.json("tournament", "team", "add", LATE, "--players", ", ".join(LATE_PLAYERS))
    assert late["team"] == LATE and late["joined_round"] == 3
    active = (active - {FIRST_DROP}) | {LATE}

    # Round 3: table 5's second team forfeits; its opponent scores the round's average.
    three = c.pair(active)
    assert len(three.matches) == 12 and three.bye is None
    forfeited = three.matches[4]
    forfeited.forfeit = forfeited.team2
    c.draw_scores(three.matches, fixed=(forfeited.table,))
    shown = c.cli.json("tournament", "result", str(forfeited.table), "--forfeit", forfeited.team2)
    assert shown["tables"][4]["forfeit"] == forfeited.team2
    assert shown["tables"][4]["winner"] == forfeited.team1
    for m in three.matches:
        if m is not forfeited:
            c.result(m)

    # Round 4: 23 teams, a bye; every result from an XLSX sheet.
    c.cli.run("tournament", "team", "drop", SECOND_DROP)
    active -= {SECOND_DROP}
    four = c.pair(active)
    assert four.bye is not None and len(four.matches) == 11
    c.draw_scores(four.matches)
    c.import_xlsx(four.matches, "ronde4.xlsx")

    # Round 5: another bye (another team), a draw at table 3, a corrected result.
    five = c.pair(active)
    assert five.bye is not None and five.bye != four.bye
    five.matches[2].score1 = five.matches[2].score2 = 800
    c.draw_scores(five.matches, fixed=(3,))
    corrected = five.matches[5]
    assert corrected.score1 is not None
    c.cli.run("tournament", "result", str(corrected.table), str(corrected.score1 + 100),
          str(corrected.score2))
    for m in five.matches:  # table 6 entered again: the correction replaces the first entry
        c.result(m, replacing=m.table == corrected.table)

    # ---- every round as the program shows it, against what was entered
    shows = {r.number: c.cli.json("tournament", "show", "--round", str(r.number)) for r in c.rounds}
    for played in c.rounds:
        shown = shows[played.number]
        assert shown["round"] == played.number and shown["complete"] is True
        assert shown["bye"] == played.bye
        assert shown["bye_points"] == (None if played.bye is None else played.bye_points())
        assert [
            (t["table"], t["teams"], t["scores"], t["forfeit"], t["winner"], t["game"])
            for t in shown["tables"]
        ] == [
            (m.table, [m.team1, m.team2],
             None if m.forfeit else [m.score1, m.score2], m.forfeit, m.winner, m.game)
            for m in played.matches
        ]

    # the deal-by-deal tables: their result is their game's final totals
    sheets = {game: c.cli.json("game", "show", "--game", str(game)) for game in games}
    for m in one.matches[:2]:
        sheet = sheets[m.game or 0]
        assert sheet["finished"] is True
        assert sheet["totals"] == {"A": m.score1, "B": m.score2}
        assert len(sheet["deals"]) == len(GAMES[m.table])

    # ---- the standings, against the numbers worked out here
    table = c.cli.json("tournament", "standings")
    by_team = {row["team"]: row for row in table}
    assert sorted(by_team) == sorted([*TEAMS, LATE])
    expected = expected_standings(c.rounds, {PENALISED: PENALTY})
    for name, line in expected.items():
        row = by_team[name]
        got = {key: row[key] for key in (
            "played", "wins", "draws", "losses", "byes", "forfeits", "points_for",
            "points_against", "match_points", "penalties")}
        assert got == {
            "played": line.played, "wins": line.wins, "draws": line.draws,
            "losses": line.losses, "byes": line.byes, "forfeits": line.forfeits,
            "points_for": line.points_for, "points_against": line.points_against,
            "match_points": line.match_points, "penalties": line.penalties,
        }, name
        assert row["difference"] == line.difference, name
        assert row["buchholz"] == sum(expected[o].points_for for o in line.opponents), name
        assert row["dropped"] is (name in (FIRST_DROP, SECOND_DROP)), name
        assert row["players"] == list(TEAMS.get(name, LATE_PLAYERS)), name

    # a few lines spelled out
    def scores_of(team: str) -> list[int]:
        return [mine for r in c.rounds for m in r.matches
                for mine, who in ((m.score1, m.team1), (m.score2, m.team2))
                if who == team and m.forfeit is None and mine is not None]

    assert by_team[PENALISED]["points_for"] == sum(scores_of(PENALISED)) + sum(
        r.bye_points() for r in c.rounds if r.bye == PENALISED) + sum(
        r.bye_points() for r in c.rounds for m in r.matches
        if m.forfeit is not None and m.winner == PENALISED) - PENALTY
    assert by_team[FIRST_DROP]["played"] == 2  # rounds 1 and 2 only, results kept
    assert by_team[FIRST_DROP]["points_for"] == sum(scores_of(FIRST_DROP))
    assert by_team[SECOND_DROP]["played"] == 3
    assert by_team[LATE]["played"] == 3  # rounds 3, 4 and 5
    winner = by_team[forfeited.team1]
    assert winner["points_for"] >= three.bye_points()
    assert by_team[forfeited.team2]["forfeits"] == 1
    for played in (four, five):
        assert played.bye is not None
        assert by_team[played.bye]["byes"] == 1
    drawn = five.matches[2]
    assert by_team[drawn.team1]["draws"] == 1 and by_team[drawn.team2]["draws"] == 1

    # ranked by total points, then difference; equal teams share a rank
    keys = [(row["points_for"], row["difference"]) for row in table]
    assert keys == sorted(keys, reverse=True)
    assert table[0]["rank"] == 1
    for index in range(1, len(table)):
        rank, previous = table[index]["rank"], table[index - 1]["rank"]
        assert rank in (previous, index + 1)
        if rank == previous:
            assert keys[index] == keys[index - 1]

    # ---- the workbook, sheet by sheet, against the JSON
    workbook = tmp_path / "concours.xlsx"
    c.cli.run("tournament", "export", str(workbook))
    book = load_workbook(workbook)
    assert book.sheetnames == [
        "Standings", "Teams", *(f"Round {r}" for r in range(1, ROUNDS + 1)), "Penalties",
        "History", "Deals"]

    _, rows = sheet_records(book, "Standings")
    assert len(rows) == len(table)
    for row, line in zip(rows, table, strict=True):
        for key in ("rank", "team", "played", "wins", "draws", "losses", "points_for",
                    "points_against", "difference", "match_points"):
            assert row[key.replace("_", " ")] == line[key], (key, line["team"])
        assert row["players"] == ", ".join(line["players"])

    _, rows = sheet_records(book, "Teams")
    assert sorted(row["team"] for row in rows) == sorted([*TEAMS, LATE])
    for row in rows:
        assert row["players"] == ", ".join(TEAMS.get(row["team"], LATE_PLAYERS))
    status = {row["team"]: row["status"] for row in rows}
    dropped = {status[FIRST_DROP], status[SECOND_DROP]}
    assert not dropped & {status[t] for t in status if t not in (FIRST_DROP, SECOND_DROP)}

    for number, shown in shows.items():
        header, rows = sheet_records(book, f"Round {number}")
        assert header[:6] == ["table", "team 1", "team 2", "score 1", "score 2", "winner"]
        tables, extra = rows[:len(shown["tables"])], rows[len(shown["tables"]):]
        for row, t in zip(tables, shown["tables"], strict=True):
            scores = t["scores"] or [None, None]
            assert [row["table"], row["team 1"], row["team 2"], row["score 1"],
                    row["score 2"], row["winner"]] == [t["table"], *t["teams"], *scores,
                                                        t["winner"]], (number, t["table"])
            assert all(isinstance(row[k], int) for k in ("table", "score 1", "score 2")
                       if row[k] is not None)
        if shown["bye"] is None:
            assert extra == []
        else:
            assert len(extra) == 1
            assert shown["bye"] in extra[0].values()
            assert shown["bye_points"] in extra[0].values()

    _, rows = sheet_records(book, "Deals")
    assert len(rows) == sum(len(sheet["deals"]) for sheet in sheets.values())
    for m in one.matches[:2]:
        mine = [row for row in rows if row["game"] == m.game]
        assert [(row["round"], row["table"], row["deal"]) for row in mine] == [
            (1, m.table, n) for n in range(1, len(GAMES[m.table]) + 1)]
        assert (mine[-1]["total 1"], mine[-1]["total 2"]) == (m.score1, m.score2)
        scored = [row for row, step in zip(mine, GAMES[m.table], strict=True) if step]
        assert sum(row["score 1"] for row in scored) == m.score1
        assert sum(row["score 2"] for row in scored) == m.score2

    assert len(c.cli.history) <= 150, len(c.cli.history)
