"""Files whose columns or names say something coinche would once have left out (issue 32),
through the installed command: each refused with exit code 2, in one line naming the column
(or a summary and a line per bad row), nothing stored (``Cli.refused`` compares the store's
checksum before and after).

1. A column no header rule reads, in a results file, a teams file or a mêlée's players file,
   CSV or xlsx, in either format of concours: refused, naming it (its column's values were
   once left out without a word: a results file's ``joueur 1`` and ``joueur 2`` among them).
2. A row whose players are not at that table (``Personne``, ``Inconnu``, or a player of
   another table): refused, naming the table's pairs.
3. A file naming the teams and their players at once, or one player column without the other.
4. A value under no header, in a results or players file as in a teams file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.conftest import Concours
from tests.harness import Cli
from tests.test_result_files import melee, sheet

SUFFIXES = (".csv", ".xlsx")


def _melee(cli: Cli, hostile: Cli) -> tuple[Cli, list[dict[str, Any]]]:
    """A mêlée of eight, its first partie drawn, made in this process (``cli``, on the same
    store): ``tournament`` of the installed command (``hostile``) and the tables."""
    made, tables = melee(cli)
    assert made.db == hostile.db
    return hostile.under("tournament"), tables


def test_a_results_column_no_rule_reads_is_refused_naming_it(
        cli: Cli, hostile: Cli, concours: Concours, tmp_path: Path) -> None:
    director, _tables = _melee(cli, hostile)
    concours(4, name="Équipes", pair=True)
    for suffix in SUFFIXES:
        path = sheet(tmp_path / f"resultats{suffix}", [
            ["Table", "Score 1", "Score 2", "Commentaire"], [1, 1390, 1270, "revoir"],
        ])
        for name in ("Mêlée", "Équipes"):
            assert director.refused("result", "--import", str(path), "--tournament", name) == (
                f"error: resultats{suffix}: coinche does not read column D (Commentaire) (it "
                "reads table, score 1, score 2, team 1, team 2, player 1, player 2); rename or "
                "remove it; nothing imported")
    # a third player column: a mêlée's table has four players, but the file's pairs would be
    # a guess (1 and 3, or 1 and 2?)
    path = sheet(tmp_path / "resultats.csv", [
        ["table", "joueur 1", "joueur 2", "joueur 3", "score 1", "score 2"],
        [1, "Ana", "Didier", "Paul", 1390, 1270],
    ])
    assert "coinche does not read column D (joueur 3)" in director.refused(
        "result", "--import", str(path), "--tournament", "Mêlée")


def test_a_registration_column_no_rule_reads_is_refused_naming_it(
        cli: Cli, hostile: Cli, tmp_path: Path) -> None:
    cli.run("tournament", "new", "Équipes", "--rounds", "2", "--deals", "4")
    cli.run("tournament", "new", "Mêlée", "--format", "melee", "--rounds", "2", "--deals", "4")
    director = hostile.under("tournament")
    for suffix in SUFFIXES:
        teams = sheet(tmp_path / f"equipes{suffix}", [
            ["N°", "Équipe", "Joueur 1", "Joueur 2", "Téléphone"],
            [1, "Les As", "Ana", "Bob", "0600000000"],
        ])
        assert director.refused("team", "import", str(teams), "--tournament", "Équipes") == (
            f"error: equipes{suffix}: coinche does not read columns A (N°), E (Téléphone) (it "
            "reads team, player 1, player 2, players, club); rename or remove them; nothing "
            "imported")
        players = sheet(tmp_path / f"joueurs{suffix}", [
            ["Nom", "Club", "Payé"], ["Ana Martin", "Bazas", "oui"],
        ])
        assert director.refused("player", "import", str(players), "--tournament", "Mêlée") == (
            f"error: joueurs{suffix}: coinche does not read column C (Payé) (it reads name, "
            "club, licence); rename or remove it; nothing imported")
    # in French, the headers it reads in French
    french = hostile.run("--lang", "fr", "tournament", "player", "import", str(players),
                         "--tournament", "Mêlée", code=2)
    assert french.stderr == (
        "erreur\u00a0: joueurs.xlsx\u00a0: coinche ne lit pas la colonne C (Payé) (il lit nom, "
        "club, licence)\u00a0; renommez-la ou supprimez-la\u00a0; rien n'a été importé\n")


def test_a_row_naming_players_not_at_its_table_is_refused(cli: Cli, hostile: Cli,
                                                          tmp_path: Path) -> None:
    director, tables = _melee(cli, hostile)
    one, two = tables
    pairs = " – ".join(one["teams"])
    for suffix in SUFFIXES:
        path = sheet(tmp_path / f"resultats{suffix}", [
            ["table", "joueur 1", "joueur 2", "score 1", "score 2"],
            [1, "Personne", "Inconnu", 1390, 1270],  # nobody real: passed, once
            [2, two["pairs"][0][0], one["pairs"][0][0], 1000, 900],  # one from table 1
        ])
        rows = director.refused_rows("result", "--import", str(path))
        assert rows == [
            "2 bad rows; nothing imported",
            f"row 2: table 1 is {pairs}, not Personne – Inconnu",
            f"row 3: table 2 is {' – '.join(two['teams'])}, not {one['pairs'][0][0]}",
        ]
    # the names of the pairs are their players', not the pairs' own ("Ana Martin & …")
    path = sheet(tmp_path / "resultats.csv", [
        ["table", "player 1", "player 2", "score 1", "score 2"],
        [1, one["teams"][0], one["teams"][1], 1390, 1270],
    ])
    assert len(director.refused_rows("result", "--import", str(path))) == 2


def test_the_teams_and_their_players_at_once_or_half_a_pair_are_refused(
        cli: Cli, hostile: Cli, tmp_path: Path) -> None:
    director, _tables = _melee(cli, hostile)
    both = sheet(tmp_path / "resultats.csv", [
        ["table", "équipe 1", "équipe 2", "joueur 1", "joueur 2", "score 1", "score 2"],
        [1, "Ana", "Didier", "Ana", "Didier", 1390, 1270],
    ])
    assert director.refused("result", "--import", str(both)) == (
        "error: resultats.csv: columns “équipe 1” and “joueur 1” both say who plays at the "
        "table; keep one kind; nothing imported")
    half = sheet(tmp_path / "resultats.xlsx", [
        ["table", "joueur 1", "score 1", "score 2"], [1, "Ana", 1390, 1270],
    ])
    assert director.refused("result", "--import", str(half)) == (
        "error: resultats.xlsx: no player 2 column (expected a header such as joueur 2, "
        "player 2; found: table, joueur 1, score 1, score 2); nothing imported")


@pytest.mark.parametrize(("command", "rows", "line"), [
    ("result", [["table", "score 1", "score 2"], [1, 1390, 1270, "Didier"]],
     "resultats.csv: row 2: column D: “Didier” is in a column without a header"),
    ("player", [["nom", "club"], ["Zoé", "Bazas", "33012"]],
     "resultats.csv: row 2: column C: “33012” is in a column without a header"),
])
def test_a_value_under_no_header_is_refused(cli: Cli, hostile: Cli, tmp_path: Path,
                                            command: str, rows: list[list[Any]],
                                            line: str) -> None:
    director, _tables = _melee(cli, hostile)
    path = sheet(tmp_path / "resultats.csv", rows)
    args = ("result", "--import") if command == "result" else ("player", "import")
    assert director.refused_rows(*args, str(path)) == [
        "1 bad row in resultats.csv; nothing imported", line]
