"""Every text a user types that a command keeps, walked with a 120,000-character value and an
escape sequence (issue 33, item 9, and the prize's text of item 2), on both backends.

Each is one line naming the field, exit 2, the store as it was (its checksum), whether the text
is a name (a team, a club, a season), a text that is no name (a reason, a prize, an announce as
typed) or a word from a closed set (a way to pay, a currency): a prize added with
``prizes add`` was stored whole, escape sequence included, and an announce was kept as typed
with its tab.  The files that give texts (a team list, a player list, a prize list) are
refused row by row, nothing kept.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness import Cli, data_checksum
from tests.hostile.conftest import LIMITS

#: A value far past every bound (an argument of 120,000 bytes: under Linux's 128 KiB).
LONG = "x" * 120_000
#: A value holding an escape sequence (red text on a terminal).
ESCAPE = "Les \x1b[31mRouges"
#: A deal whose announce is {value}.
DEAL = ('{{"taker": "A", "contract": 80, "trump": "S", "points": {{"A": 100}}, '
        '"announces": {{"A": ["{value}"]}}}}')

#: Every command that keeps a text the user types, ``{}`` where the text goes.
COMMANDS = [
    ("game", "new", "--team", "{}", "--team", "Les Neuf"),
    ("game", "new", "--rules", "chien", "--player", "{}", "--player", "Bob", "--player", "Cid"),
    ("game", "new", "--rules", "{}"),
    ("game", "add", "A", "80S", "100", "--announce", "A:{}"),
    ("game", "add", "A", "80S", "100", "--announce", "A:carre\t{}"),
    ("game", "edit", "1", "A", "80S", "100", "--announce", "A:{}"),
    ("tournament", "new", "{}", "--deals", "4"),
    ("tournament", "new", "Autre", "--deals", "4", "--currency", "{}"),
    ("tournament", "team", "add", "{}"),
    ("tournament", "team", "add", "Les Dix", "--players", "{}"),
    ("tournament", "team", "add", "Les Dix", "--club", "{}"),
    ("tournament", "player", "add", "{}", "--tournament", "Mêlée"),
    ("tournament", "player", "add", "Eve", "--club", "{}", "--tournament", "Mêlée"),
    ("tournament", "player", "add", "Eve", "--licence", "{}", "--tournament", "Mêlée"),
    ("tournament", "penalty", "Les As", "10", "--reason", "{}"),
    ("tournament", "checkin", "Les As", "--paid", "10", "--reason", "{}"),
    ("tournament", "checkin", "Les As", "--paid", "-5", "--reason", "{}"),
    ("tournament", "checkin", "Les As", "--paid", "10", "--method", "{}"),
    ("tournament", "fees", "--currency", "{}"),
    ("tournament", "prizes", "add", "1", "{}"),
    ("tournament", "prizes", "add", "2", "Un jambon {}"),
    ("season", "new", "{}"),
    ("player", "rename", "Ann", "{}"),
    ("config", "set", "rules", "{}"),
    ("config", "set", "db", "{}"),
    ("config", "set", "currency", "{}"),
]


@pytest.fixture
def kept(store_name: Path | str, tmp_path: Path) -> Cli:
    """A store holding something of everything a text may be added to: a game with a deal,
    a formed-team concours (current, its teams checked in, a fee), a mêlée, a season; the
    installed command on it, under the suite's limits, with a house config of its own."""
    cli = Cli(store_name)
    cli.run("game", "new", "--team", "Les As", "--team", "Les Rois")
    cli.run("game", "add", "A", "80S", "100")
    director = cli.under("tournament")
    director.run("new", "Mêlée", "--deals", "4", "--format", "melee")
    for name in ("Ann", "Bob", "Cid", "Dan"):
        director.run("player", "add", name)
    director.run("new", "Concours", "--deals", "4", "--fee", "20", "--registration-order")
    for name in ("Les As", "Les Rois"):
        director.run("team", "add", name)
    director.run("checkin", "Les As", "--paid", "20")
    director.run("pair")
    cli.run("season", "new", "Saison")
    cli.run("season", "add", "Saison", "Mêlée")
    config = tmp_path / "config.toml"
    config.write_text('lang = "en"\n', encoding="utf-8")
    return Cli(store_name, env={"COINCHE_CONFIG": str(config)}, limits=LIMITS)


@pytest.mark.both_stores
@pytest.mark.parametrize("value", [LONG, ESCAPE], ids=["120000 characters", "escape"])
def test_every_text_kept_is_bounded_and_has_no_control_character(
        kept: Cli, store_name: Path | str, value: str) -> None:
    config = Path(kept.env["COINCHE_CONFIG"])
    before = config.read_bytes()
    checksum = data_checksum(store_name)
    for command in COMMANDS:
        args = [word.replace("{}", value) for word in command]
        line = kept.refused(*args)  # one line, exit 2, the store as it was
        # the value quoted as every refusal quotes it: escaped, at most 80 characters
        assert ("\\x1b[31mRouges" if value is ESCAPE else "x" * 60 + "…") in line, line
        assert "\x1b" not in line and len(line) < 400, line
    assert data_checksum(store_name) == checksum
    assert config.read_bytes() == before


@pytest.mark.both_stores
@pytest.mark.parametrize(("command", "header", "field"), [
    (("tournament", "team", "import"), "équipe;club", "club"),
    (("tournament", "player", "import", "--tournament", "Mêlée"), "joueur;club", "club"),
    (("tournament", "prizes", "set"), "rang;lot", "prize"),
])
def test_every_file_that_gives_texts_is_refused_row_by_row(
        kept: Cli, store_name: Path | str, tmp_path: Path, command: tuple[str, ...],
        header: str, field: str) -> None:
    rows = tmp_path / "liste.csv"
    first = "Les Huit" if "team" in command else "Eve" if "player" in command else "3"
    second = "Les Sept" if "team" in command else "Fox" if "player" in command else "4"
    rows.write_text(f"{header}\n{first};{LONG}\n{second};{ESCAPE}\n", encoding="utf-8")
    lines = kept.refused_rows(*command, str(rows))
    assert lines[0].startswith("2 bad rows in "), lines
    assert f"row 2: {field}: " in lines[1] and "is too long" in lines[1], lines
    assert f"row 3: {field}: " in lines[2] and "(U+001B)" in lines[2], lines
