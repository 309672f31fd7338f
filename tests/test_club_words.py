"""French a club would correct (issue 32), through the command, in French and in English.

1. The season's summary line names the points keys in the language in force (``victoire=4``).
2. A player's words need no agreement (coinche does not know a player's gender); each count
   has its own plural (``1 chuté``, ``2 chutés``); one player sitting out is singular, and a
   bye that will be the round's average says so before any table has a score.
3. A decimal and a percentage are written as the language writes them (``209,3``, ``60 %``).
4. The history's moments are shown in local time as people read them; the JSON keeps ISO.
5. ``game add``'s and ``game play``'s lines fit 80 columns with a club's names.
"""

from __future__ import annotations

import re
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from coinche_cli.cli.output import text_width
from coinche_cli.formats import moment_text
from coinche_cli.i18n import speaking
from tests.harness import Cli

NBSP = "\u00a0"
FR_MONTHS = ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août",
             "septembre", "octobre", "novembre", "décembre"]
EN_MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
             "September", "October", "November", "December"]
PLAYERS = ["Ana", "Bob", "Cyd", "Dan", "Éva", "Fred", "Gus", "Hana", "Ivo"]


def _in(cli: Cli, language: str, group: str = "tournament") -> Cli:
    """``cli``'s commands of ``group`` in ``language``."""
    return cli.under("--lang", language, group)


def _melee(cli: Cli) -> Cli:
    director = cli.under("tournament")
    director.run("new", "Mêlée", "--format", "melee", "--rounds", "3", "--deals", "4",
                 "--seed", "3")
    for name in PLAYERS:
        director.run("player", "add", name)
    return director


# --- 1. the season's keys ------------------------------------------------------------------

def test_the_seasons_summary_names_the_keys_in_the_language_in_force(cli: Cli) -> None:
    made = cli.run("--lang", "fr", "season", "new", "Challenge", "--points", "nul=1").stdout
    assert made.startswith(f"saison Challenge créée{NBSP}: victoire=4, nul=1, défaite=2, "
                           "exempt=3, forfait=0")
    made = cli.run("--lang", "en", "season", "new", "Autre").stdout
    assert made.startswith("season Autre made: win=4, draw=3, loss=2, bye=3, forfeit=0")
    assert "victoire=4, nul=1, défaite=2" in cli.run("--lang", "fr", "season", "list").stdout


# --- 2. gender and number ------------------------------------------------------------------

def test_a_player_who_left_is_said_in_words_without_gender(cli: Cli, tmp_path: object) -> None:
    director = _melee(cli)
    shown = director.json("pair")
    for table in shown["tables"]:
        director.run("result", str(table["table"]), "500", "300")
    director.run("player", "drop", "Hana")
    listed = _in(cli, "fr").run("player", "list").stdout
    assert "Hana  ne joue plus après la ronde 1" in listed
    assert "Hana  left after round 1" in _in(cli, "en").run("player", "list").stdout
    again = _in(cli, "fr").run("player", "drop", "Hana", code=2)
    assert again.stderr == f"erreur{NBSP}: «{NBSP}Hana{NBSP}» a déjà quitté le concours\n"
    again = _in(cli, "en").run("player", "drop", "Hana", code=2)
    assert again.stderr == "error: Hana has already left the tournament\n"
    standings = _in(cli, "fr").run("standings").stdout
    assert re.search(r"Hana .* ne joue plus$", standings, re.MULTILINE)
    assert "retiré" not in standings


def test_the_players_sheet_says_inscription_and_en_jeu(cli: Cli, tmp_path: object) -> None:
    from pathlib import Path

    folder = Path(str(tmp_path)) / "csv"
    director = _melee(cli)
    director.json("pair")
    director.run("player", "drop", "Ivo")
    _in(cli, "fr").run("export", "--csv", str(folder))
    lines = (folder / "joueurs.csv").read_text("utf-8-sig").splitlines()
    assert lines[0] == "joueur;club;licence;inscription;statut"
    assert lines[1].endswith(";1;en jeu")
    assert lines[-1].endswith(";9;ne joue plus après la ronde 1")
    english = Path(str(tmp_path)) / "en"
    _in(cli, "en").run("export", "--csv", str(english))
    lines = (english / "players.csv").read_text("utf-8-sig").splitlines()
    assert lines[0] == "player,club,licence,registration,status"
    assert lines[1].endswith(",1,active")


def test_one_player_sitting_out_is_singular_and_the_average_is_to_come(cli: Cli) -> None:
    director = _melee(cli)  # 9 players: one sits out, scored the partie's average
    paired = _in(cli, "fr").run("pair").stdout
    assert re.search(f"  exempt{NBSP}: [^,]+ \\(la moyenne de la ronde, comme une "
                     "exemption\\)$", paired, re.MULTILINE), paired
    assert "0 point" not in paired
    english = _in(cli, "en").run("show").stdout
    assert re.search(r"  sitting out: [^,]+ \(the round's average, as a bye\)$", english,
                     re.MULTILINE), english
    director.run("result", "1", "500", "300")
    shown = _in(cli, "fr").run("show").stdout
    assert re.search(f"  exempt{NBSP}: [^,]+ \\(400 points, comme une exemption\\)$", shown,
                     re.MULTILINE), shown
    assert "chacun" not in shown


def test_a_formed_teams_bye_says_the_average_is_to_come(cli: Cli) -> None:
    director = cli.under("tournament")
    director.run("new", "Concours", "--deals", "4", "--seed", "1", "--bye-points", "average")
    for name in ("Les As", "Les Rois", "Les Dames"):
        director.run("team", "add", name, "--players", "A, B")
    assert f"exempt{NBSP}: " in _in(cli, "fr").run("pair").stdout
    assert "(la moyenne de la ronde)" in _in(cli, "fr").run("show").stdout
    assert "(the round's average)" in _in(cli, "en").run("show").stdout
    director.run("result", "1", "600", "400")
    assert "(500 points)" in _in(cli, "fr").run("show").stdout
    fixed = cli.under("tournament")
    fixed.run("new", "Fixe", "--deals", "4", "--seed", "1", "--bye-points", "0")
    for name in ("Les As", "Les Rois", "Les Dames"):
        fixed.run("team", "add", name, "--players", "A, B", "--tournament", "Fixe")
    assert "(0 point)" in _in(cli, "fr").run("pair", "--tournament", "Fixe").stdout


def _stats_game(cli: Cli) -> None:
    """One coinche surcoinchée and failed, one contract made: singular counts."""
    cli.run("game", "new", "--team", "Les As", "--team", "Les Rois", "--target", "5000")
    cli.run("game", "add", "A", "100Sxx", "70")
    cli.run("game", "add", "B", "80H", "100")


def test_every_count_of_the_statistics_agrees_with_its_number(cli: Cli) -> None:
    _stats_game(cli)
    french = cli.run("--lang", "fr", "game", "stats").stdout
    assert f"2 donnes jouées, 0 passée{NBSP}; " in french
    assert f"contrats{NBSP}: 2 pris, 1 réussi, 1 chuté\n" in french
    assert (f"coinches faites{NBSP}: 1 (1 gagnée, 0 perdue, 1 surcoinchée){NBSP}; "
            f"subies{NBSP}: 1 (0 contrat réussi quand même, 1 chuté)") in french
    assert f"capots{NBSP}: 0 fait, 0 subi" in french or f"capots{NBSP}: 0{NBSP};" in french
    assert not re.search(r"\b1 (chutés|surcoinchées|réussis|gagnées|perdues)\b", french)
    english = cli.run("--lang", "en", "game", "stats").stdout
    assert "2 deals played, 0 passed; " in english
    assert "contracts: 2 taken, 1 made, 1 failed\n" in english
    assert ("coinches made: 1 (1 won, 0 lost, 1 surcoinched); suffered: 1 (0 made all the "
            "same, 1 failed)") in english


# --- 3. numbers ----------------------------------------------------------------------------

def test_decimals_and_percentages_are_written_as_the_language_writes_them(cli: Cli) -> None:
    cli.run("game", "new", "--team", "Les As", "--team", "Les Rois")
    for deal in (("A", "80S", "81"), ("A", "80S", "90"), ("B", "90H", "100")):
        cli.run("game", "add", *deal)
    data = cli.json("game", "stats")
    average = data["deals"]["points_per_deal"]
    assert average != int(average)  # a decimal to write
    whole, tenth = str(average).split(".")
    french = cli.run("--lang", "fr", "game", "stats").stdout
    assert f"{NBSP}; {whole},{tenth} points par donne" in french
    assert f"{whole}.{tenth}" not in french
    assert f"50{NBSP}%" in french  # one of the two 80 contracts made
    english = cli.run("--lang", "en", "game", "stats").stdout
    assert f"; {whole}.{tenth} points a deal" in english
    assert "50%" in english


def test_the_pots_shares_have_a_no_break_space_before_percent_in_french(cli: Cli) -> None:
    director = cli.under("tournament")
    director.run("new", "Concours", "--deals", "4")
    shared = _in(cli, "fr").run("prizes", "pot", "--percent", "60,30,10").stdout
    assert f"60{NBSP}% / 30{NBSP}% / 10{NBSP}%" in shared
    assert "60% / 30% / 10%" in _in(cli, "en").run("prizes", "pot", "--percent",
                                             "60,30,10").stdout


# --- 4. the history in local time ----------------------------------------------------------

@pytest.mark.parametrize(("iso", "zone", "now", "french", "english"), [
    ("2026-12-02T00:12:36+00:00", "America/Sao_Paulo", "2026-12-05T10:00:00+00:00",
     "1er décembre, 21 h 12", "1 December, 21:12"),
    ("2026-12-02T00:12:36+00:00", "Europe/Paris", "2026-12-05T10:00:00+00:00",
     "2 décembre, 1 h 12", "2 December, 1:12"),
    ("2026-07-14T19:05:00+00:00", "Europe/Paris", "2027-01-02T10:00:00+00:00",
     "14 juillet 2026, 21 h 05", "14 July 2026, 21:05"),
    ("not a moment", "Europe/Paris", "2026-12-05T10:00:00+00:00", "not a moment",
     "not a moment"),
])
def test_a_moment_reads_in_local_time(monkeypatch: pytest.MonkeyPatch, iso: str, zone: str,
                                      now: str, french: str, english: str) -> None:
    monkeypatch.setenv("TZ", zone)
    with speaking("fr"):
        assert moment_text(iso, datetime.fromisoformat(now)) == french
    with speaking("en"):
        assert moment_text(iso, datetime.fromisoformat(now)) == english


def _local(iso: str, zone: str, language: str) -> str:
    """The moment as a person reads it, computed here apart from the code (this year)."""
    local = datetime.fromisoformat(iso).astimezone(ZoneInfo(zone))
    if language == "fr":
        day = "1er" if local.day == 1 else str(local.day)
        return f"{day} {FR_MONTHS[local.month - 1]}, {local.hour} h {local.minute:02d}"
    return f"{local.day} {EN_MONTHS[local.month - 1]}, {local.hour}:{local.minute:02d}"


def test_the_results_history_shows_local_time_and_the_json_keeps_iso(cli: Cli) -> None:
    zone = "Pacific/Auckland"  # far from UTC: the day and the hour differ
    local = Cli(cli.db, env={"TZ": zone})
    director = local.under("tournament")
    director.run("new", "Concours", "--deals", "4", "--seed", "1")
    for name in ("Les As", "Les Rois"):
        director.run("team", "add", name, "--players", "A, B")
    director.run("pair")
    director.run("result", "1", "600", "400")
    director.run("result", "1", "650", "400", "--replace")
    history = director.json("show", "--history")["history"]
    entered = [entry["entered"] for entry in history]
    assert all(re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00", e) for e in entered)
    french = _in(local, "fr").run("show", "--history").stdout
    assert f"au clavier, le {_local(entered[0], zone, 'fr')}, remplacé le " in french
    assert "+00:00" not in french
    english = _in(local, "en").run("show", "--history").stdout
    assert f"typed on {_local(entered[0], zone, 'en')}" in english
    assert "+00:00" not in english


def test_a_games_history_shows_local_time(cli: Cli) -> None:
    zone = "Asia/Kolkata"
    timed = Cli(cli.db, env={"TZ": zone})
    game = timed.under("game")
    game.run("new", "--team", "Les As", "--team", "Les Rois")
    game.run("add", "A", "80S", "100")
    game.run("edit", "1", "A", "80S", "90")
    changed = game.json("show", "--history")["history"][0]["changed"]
    assert changed.endswith("+00:00")
    french = _in(timed, "fr", "game").run("show", "--history").stdout
    assert f"donne 1 remplacée le {_local(changed, zone, 'fr')}{NBSP}: " in french
    english = _in(timed, "en", "game").run("show", "--history").stdout
    assert f"deal 1 replaced on {_local(changed, zone, 'en')}: " in english


# --- 5. 80 columns at the table ------------------------------------------------------------

def _all_within_80(text: str) -> None:
    long = [line for line in text.splitlines() if text_width(line) > 80]
    assert long == []


@pytest.mark.parametrize("language", ["fr", "en"])
def test_game_adds_lines_fit_80_columns_with_a_clubs_names(cli: Cli, language: str) -> None:
    game = cli.under("--lang", language, "game")
    game.run("new", "--team", "Les Tontons", "--team", "Les Revenants", "--target", "5000")
    shown = [game.run("add", "Les Revenants", "160Dxx", "100", "--announce",
                      "Les Tontons:carre-J", "--belote", "Les Tontons").stdout,
             game.run("add", "Tontons", "120TA", "130", "--announce", "Tontons:cinquante",
                      "--announce", "Revenants:tierce", "--announce-winner",
                      "Tontons").stdout,
             game.run("undo").stdout,
             game.invoke("add", "Les Tontonz", "100S", "100").stderr,
             game.invoke("add", "Anne-Sophie", "100S", "100").stderr,
             game.invoke("add", "Les Tontons", "100Q", "100").stderr]
    for _deal in range(12):
        shown.append(game.invoke("add", "Les Tontons", "capotS", "--belote",
                                 "Les Tontons").stdout)
    over = game.invoke("add", "Les Tontons", "100S", "100")
    assert over.code == 2
    shown.append(over.stderr)
    for text in shown:
        _all_within_80(text)
    if language == "fr":
        assert over.stderr == (f"erreur{NBSP}: partie gagnée par «{NBSP}Les Tontons{NBSP}»{NBSP}; "
                               f"pour une autre{NBSP}: coinche game new\n")
        assert shown[4] == (f"erreur{NBSP}: preneur{NBSP}: «{NBSP}Anne-Sophie{NBSP}» n'est pas "
                            "un camp (A, B ou leur nom)\n")
    else:
        assert over.stderr == ("error: this game is over: Les Tontons won; 'coinche game new' "
                               "starts another\n")
        assert shown[3] == ("error: taker: “Les Tontonz” is not a side here; did you mean "
                            "“Les Tontons”?\n")


@pytest.mark.parametrize("language", ["fr", "en"])
def test_game_plays_lines_and_prompts_fit_80_columns(cli: Cli, language: str) -> None:
    cli.run("game", "new", "--team", "Les Tontons", "--team", "Les Revenants")
    answers = ["Les Tontons", "100S", "", "100", "", "", "Les Revenants", "capotH", "", "", "q"]
    out = cli.run("--lang", language, "game", "play", stdin="\n".join(answers) + "\n").stdout
    # each prompt ends in "> ": on a terminal its answer follows it on the same line
    pieces = re.split(r"(?<=> )", out)
    typed = iter([*answers, *[""] * len(pieces)])
    for piece in pieces:
        for line in piece.split("\n")[:-1]:
            assert text_width(line) <= 80, line
        last = piece.split("\n")[-1]
        if last.endswith("> "):
            assert text_width(last + next(typed)) <= 80, last
