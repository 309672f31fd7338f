"""A whole concours à la mêlée through the ``coinche`` command line (in this process: what is
checked is the concours, not the process; the installed command is tested elsewhere).

22 players imported from a French CSV, five parties of 4 deals: a late player after the
second (23 present: 3 sit out), a drop after the third (22: 2 sit out), a forfeit, a
penalty for a renonce, a table scored deal by deal, a draw, results entered by table and by a
player's name (that player's pair's score first), a correction.  Checked: nobody partners the
same player twice, the sit-outs rotate (nobody twice before every present player once, the
late player not in their first partie), and every player's ``standings --json`` line equals
the line worked out here from the scores the test chose, by the rules of the README's
"Concours à la mêlée" (a player gets their pair's result; sitting out is a bye: the round's
average score, a win).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.harness import Cli

DEALS = 4
PARTIES = 5
WIN, DRAW, LOSS, FORFEIT = 3, 2, 1, 0  # the default match points
PLAYERS = [
    ("Ana Martin", "Bazas"), ("Bob Roux", "Bazas"), ("Cyd Faure", "Langon"),
    ("Dan Girard", "Langon"), ("Éva Morel", ""), ("Fred Blanc", "Bazas"),
    ("Gus Petit", "Langon"), ("Hana Roy", ""), ("Ivo Lefèvre", "Bazas"), ("Jo Mercier", ""),
    ("Kim Dupuis", "Langon"), ("Léa Bonnet", ""), ("Max Lambert", "Bazas"),
    ("Noé Fontaine", ""), ("Oli Rousseau", "Langon"), ("Pia Vincent", ""),
    ("Quy Muller", "Bazas"), ("Rui Lefebvre", ""), ("Sam Leroy", "Langon"),
    ("Tom Garnier", ""), ("Uma Chevalier", "Bazas"), ("Vic François", ""),
]
LATE = "Zoé Lenoir"  # registered after partie 2: drawn from partie 3
DROPPED = "Hana Roy"  # leaves after partie 3
PENALTY = 162  # a renonce, partie 2, given to the opponents
#: Table 1 of partie 1, scored deal by deal (standard rules: a made contract scores its
#: card points plus the contract to the takers, 162 minus the card points to the defence):
#: first pair 180 + 62 + 210 + 42 = 494, second pair 62 + 190 + 52 + 200 = 504.
GAME = [("A", "80S", 100), ("B", "90H", 100), ("A", "100S", 110), ("B", "80C", 120)]
GAME_TOTALS = (494, 504)


@dataclass
class Table:
    """A table as the test entered it: the two pairs (names), scores or the forfeiting pair."""

    pairs: tuple[tuple[str, str], tuple[str, str]]
    score1: int | None = None
    score2: int | None = None
    forfeit: int | None = None  # 0: the first pair forfeited, 1: the second


@dataclass
class Partie:
    number: int
    tables: list[Table]
    sitting_out: list[str]
    penalised: int | None = None  # the table whose first pair gave the penalty


@dataclass
class Line:
    """A player's expected numbers."""

    played: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    sat_out: int = 0
    forfeits: int = 0
    points_for: int = 0
    points_against: int = 0
    difference: int = 0
    match_points: int = 0
    penalties: int = 0
    partners: list[str] = field(default_factory=list)
    opponents: list[list[str]] = field(default_factory=list)


def _award(partie: Partie) -> int:
    """The round's average score over the tables played (forfeits left out): the bye's and a
    forfeit win's points.  The test keeps every average whole."""
    scores = [s for t in partie.tables if t.forfeit is None
              for s in (t.score1, t.score2) if s is not None]
    assert sum(scores) % len(scores) == 0, "the test keeps the averages whole"
    return sum(scores) // len(scores)


def expected_lines(parties: list[Partie]) -> dict[str, Line]:
    """Every player's line, worked out by hand from the results entered."""
    lines = {name: Line() for name, _club in PLAYERS} | {LATE: Line()}
    for partie in parties:
        award = _award(partie)
        for name in partie.sitting_out:  # a bye: the average, a win
            line = lines[name]
            line.played += 1
            line.sat_out += 1
            line.wins += 1
            line.match_points += WIN
            line.points_for += award
        for index, table in enumerate(partie.tables):
            given = PENALTY if partie.penalised == index else 0  # to the second pair
            for side in (0, 1):
                mine, theirs = table.pairs[side], table.pairs[1 - side]
                for player in mine:
                    line = lines[player]
                    line.played += 1
                    line.partners.append(next(p for p in mine if p != player))
                    line.opponents.append(list(theirs))
                    if table.forfeit is not None:
                        if table.forfeit == side:
                            line.losses += 1
                            line.forfeits += 1
                            line.match_points += FORFEIT
                            line.points_against += award
                            line.difference -= award
                        else:
                            line.wins += 1
                            line.match_points += WIN
                            line.points_for += award
                        continue
                    assert table.score1 is not None and table.score2 is not None
                    scores = (table.score1, table.score2)
                    # the penalty counts in the partie's score (the default rule)
                    after = (scores[0], scores[1] + given)
                    own, other = scores[side], scores[1 - side]
                    if after[side] > after[1 - side]:
                        line.wins += 1
                        line.match_points += WIN
                    elif after[side] == after[1 - side]:
                        line.draws += 1
                        line.match_points += DRAW
                    else:
                        line.losses += 1
                        line.match_points += LOSS
                    line.points_for += own
                    line.points_against += other
                    line.difference += own - other
                    if given and side == 0:
                        line.points_against += given
                        line.difference -= given
                        line.penalties += given
                    elif given:
                        line.points_for += given
                        line.difference += given
    return lines


def _pairs(shown: dict[str, Any]) -> list[Table]:
    return [Table((tuple(t["pairs"][0]), tuple(t["pairs"][1]))) for t in shown["tables"]]


def test_a_melee_of_22_players_over_5_parties(cli: Cli, tmp_path: Path) -> None:
    director = cli.under("tournament")
    director.run("new", "Mêlée du vendredi", "--format", "melee", "--rounds", str(PARTIES),
                 "--deals", str(DEALS), "--seed", "11")
    sheet = tmp_path / "joueurs.csv"
    with sheet.open("w", encoding="utf-8-sig", newline="") as handle:
        handle.write("Nom;Club;Licence\r\n")
        for index, (name, club) in enumerate(PLAYERS, start=1):
            handle.write(f"{name};{club};{33000 + index}\r\n")
    assert "22" in director.run("player", "import", str(sheet)).stdout
    listed = director.json("player", "list")
    assert [p["name"] for p in listed] == [name for name, _club in PLAYERS]
    assert listed[0] == {"name": "Ana Martin", "club": "Bazas", "licence": "33001",
                         "registered": 1, "joined_round": 1, "dropped_after": None}
    rng = random.Random(5)
    parties: list[Partie] = []
    for number in range(1, PARTIES + 1):
        if number == 3:
            director.run("player", "add", LATE)
        if number == 4:
            director.run("player", "drop", DROPPED)
        shown = director.json("pair")
        partie = Partie(number, _pairs(shown), list(shown["sitting_out"]))
        parties.append(partie)
        present = len(PLAYERS) + (number >= 3) - (number >= 4)
        assert len(partie.sitting_out) == present % 4
        assert len(partie.tables) == present // 4
        seated = [p for t in partie.tables for pair in t.pairs for p in pair]
        assert len(set(seated)) == len(seated) == present - present % 4
        first, *rest = range(len(partie.tables))
        if number == 1:  # table 1 deal by deal, table 2 a forfeit
            created = cli.json("game", "new", "--table", "1")
            game = str(created["id"])
            for taker, contract, points in GAME:
                out = cli.json("game", "add", taker, contract, str(points),
                                       "--game", game)
            assert out["finished"] and list(out["totals"].values()) == list(GAME_TOTALS)
            partie.tables[0].score1, partie.tables[0].score2 = GAME_TOTALS
            forfeiting = partie.tables[1].pairs[1][0]  # a player of the second pair
            director.run("result", "2", "--forfeit", forfeiting)
            partie.tables[1].forfeit = 1
            rest = rest[1:]
            # the other tables make the round's average whole: (998 + 3 x 806) / 8 = 427
            totals = 806
        else:
            rest = [first, *rest]
            totals = 800
        if number == 2:  # a renonce at the first table: its first pair gives 162
            director.run("penalty", partie.tables[0].pairs[0][1], str(PENALTY), "--reason",
                         "renonce")
            partie.penalised = 0
        for index in rest:
            table = partie.tables[index]
            mine = rng.randrange(200, 600, 2)
            if number == 3 and index == rest[0]:
                mine = totals // 2  # a draw
            table.score1, table.score2 = mine, totals - mine
            if index % 2:  # by a player of the second pair: their pair's score first
                director.run("result", table.pairs[1][1], str(table.score2), str(table.score1))
            else:
                director.run("result", str(index + 1), str(table.score1), str(table.score2))
        if number == 3:  # a correction of the last table
            table = partie.tables[rest[-1]]
            table.score1, table.score2 = table.score2, table.score1
            director.run("result", str(rest[-1] + 1), str(table.score1), str(table.score2),
                         "--replace")
        shown = director.json("show")
        assert [t["scores"] for t in shown["tables"]] == [
            None if t.forfeit is not None else [t.score1, t.score2] for t in partie.tables]
        assert shown["complete"]

    # nobody partners the same player twice
    partnered = [frozenset(pair) for partie in parties for t in partie.tables for pair in t.pairs]
    assert len(partnered) == len(set(partnered))
    # the sit-outs rotate: nobody twice before every present player once
    sat: dict[str, int] = {}
    for partie in parties:
        present = {p for t in partie.tables for pair in t.pairs for p in pair}
        present |= set(partie.sitting_out)
        for name in partie.sitting_out:
            assert all(sat.get(other, 0) >= sat.get(name, 0) for other in present), (
                f"{name} sits out again in partie {partie.number} before others once")
            sat[name] = sat.get(name, 0) + 1
        if partie.number == 3:
            assert LATE not in partie.sitting_out
    assert DROPPED not in {p for partie in parties[3:] for t in partie.tables
                           for pair in t.pairs for p in pair} | {
        p for partie in parties[3:] for p in partie.sitting_out}
    always = [name for name, _club in PLAYERS if name != DROPPED]
    assert max(sat.get(n, 0) for n in always) - min(sat.get(n, 0) for n in always) <= 1

    # every player's line, worked out by hand
    expected = expected_lines(parties)
    standings = director.json("standings")
    assert len(standings) == len(PLAYERS) + 1
    for row in standings:
        line = expected[row["name"]]
        got = {key: row[key] for key in ("played", "wins", "draws", "losses", "sat_out",
                                         "forfeits", "points_for", "points_against",
                                         "difference", "match_points", "penalties")}
        want = {key: getattr(line, key) for key in got}
        assert got == want, row["name"]
        assert row["partners"] == line.partners, row["name"]
        assert row["opponents"] == line.opponents, row["name"]
        assert row["dropped"] is (row["name"] == DROPPED)
    # ranked by points, then the difference
    keys = [(row["points_for"], row["difference"]) for row in standings]
    assert keys == sorted(keys, reverse=True)
    assert standings[0]["rank"] == 1
