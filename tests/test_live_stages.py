"""The live page of a concours with stages (issue 34, "Everywhere else"): the projector
shows the bracket of each knock-out stage started in turn with the tables, the round's tables
under their stage's name, and ``/me`` says which stage and which match a team plays next,
the round that knocked it out, or its final place.

The concours (18 teams, 3 qualifying parties, "Tableau A" ``--ranks 1-8 --knockout
--third-place`` and "Consolante" ``--ranks 9-16 --knockout``, the 17th and 18th entering no
later stage) is played with the command line in this process, on a SQLite file; the
application is called as the server calls it (ASGI, no network), and once as the installed
command over real HTTP, whose worker process hands the snapshot over.  What the pages must
hold is read from ``tournament bracket --json`` and ``tournament standings``.
"""

from __future__ import annotations

import contextlib
import re
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest

from coinche_cli.web.app import create_app
from coinche_cli.web.settings import Settings
from tests.harness import Cli, data_checksum
from tests.live_server import LiveServer
from tests.test_live_scale import _get

HOSTILE = "<script>alert(1)</script>"
#: Registered in this order; the qualifying results below rank them as ``RANKED``.
TEAMS = ("Les As", "Les Rois", HOSTILE, "Léa & Zoé", "Les Dames", "Les Valets", "Les Dix",
         "Les Neuf", "Les Huit", "Les Sept", "Les Piques", "Les Cœurs", "Les Trèfles",
         "Les Carreaux", "Les Atouts", "Les Belotes", "Les Capots", "Les Contrés")


def _escaped(name: str) -> str:
    """A name as a page writes it (Jinja2's autoescape)."""
    return (name.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace("'", "&#39;").replace('"', "&#34;"))


def _page(db: Path | str, path: str, team: str | None = None, **headers: str) -> str:
    """A page of the live page of ``db`` as it is now (a new application: a new snapshot)."""
    app = create_app(Settings(str(db), None, entry=False, round_minutes=None,
                              phone_url="http://x/me"))
    answer = _get(app, path, {"team": team} if team is not None else None, headers)
    assert answer.status == 200, answer.body
    return answer.body.decode()


def _stage_line(page: str) -> str | None:
    """What ``/me`` says of the team's stage (None: nothing)."""
    found = re.search(r'<p class="stage">(.*?)</p>', page, re.S)
    return None if found is None else found[1].strip()


def _play(director: Cli) -> None:
    """Every open table of the current partie won by its first team, 1000 to 50 × its
    number."""
    for table in director.json("show")["tables"]:
        if table["scores"] is None:
            director.run("result", str(table["table"]), "1000", str(50 * table["table"]))


def _bracket(director: Cli, stage: str) -> dict[str, Any]:
    """``tournament bracket STAGE --json``, each match by its id."""
    rounds = director.json("bracket", stage)["rounds"]
    return {match["match"]: match for part in rounds for match in part["matches"]}


@pytest.fixture(scope="module")
def started(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The concours after its 3 qualifying parties, "Tableau A" started and its
    quarter-finals paired (round 4), "Consolante" not started: its store, made once."""
    db = tmp_path_factory.mktemp("finals") / "coinche.db"
    director = Cli(db).under("tournament")
    director.run("new", "Finales", "--rounds", "3", "--target", "1000",
                 "--registration-order")
    for team in TEAMS:
        director.run("team", "add", team)
    director.run("stage", "add", "Tableau A", "--ranks", "1-8", "--knockout", "--third-place")
    director.run("stage", "add", "Consolante", "--ranks", "9-16", "--knockout")
    for _round in range(3):
        director.run("pair")
        _play(director)
    director.run("stage", "start", "Tableau A")
    director.run("pair")
    return db


@pytest.fixture
def director(started: Path, store: Path) -> Cli:
    """``coinche tournament`` on a copy of :func:`started`'s store (the test's own)."""
    with contextlib.closing(sqlite3.connect(started)) as source, \
            contextlib.closing(sqlite3.connect(store)) as copy:
        source.backup(copy)
    return Cli(store).under("tournament")


def test_a_concours_with_stages_none_started_shows_no_bracket_and_no_stage_line(
        cli: Cli) -> None:
    """Stages added, none started: the pages as before, but for the tables' stage name."""
    director = cli.under("tournament")
    director.run("new", "Finales", "--rounds", "3", "--target", "1000",
                 "--registration-order")
    for team in TEAMS[:8]:
        director.run("team", "add", team)
    director.run("stage", "add", "Tableau A", "--ranks", "1-4", "--knockout")
    director.run("pair")
    assert cli.db is not None
    projector = _page(cli.db, "/")
    assert 'data-part="bracket' not in projector
    assert projector.count('<tr class="stage"><th colspan="3">Qualifications</th></tr>') == 1
    assert _stage_line(_page(cli.db, "/me", "Les As")) is None


def test_a_concours_without_stages_names_no_stage(cli: Cli) -> None:
    director = cli.under("tournament")
    director.run("new", "Sans tableau", "--rounds", "3", "--target", "1000",
                 "--registration-order")
    for team in TEAMS[:8]:
        director.run("team", "add", team)
    director.run("pair")
    assert cli.db is not None
    projector = _page(cli.db, "/")
    assert 'class="stage"' not in projector and "bracket" not in projector
    assert 'class="match-id"' not in projector
    assert _stage_line(_page(cli.db, "/me", "Les As")) is None


def test_a_started_knockout_is_on_the_projector_in_turn_with_the_tables(
        director: Cli) -> None:
    assert director.db is not None
    _play(director)  # the quarter-finals
    director.run("stage", "start", "Consolante")
    director.run("pair")  # round 5: Tableau A's semi-finals, the Consolante's quarter-finals
    page = _page(director.db, "/")
    # the parts the projector shows in turn, in the page's order: the brackets after the
    # tables (tables, Tableau A, Consolante, standings)
    parts = re.findall(r'data-part="([\w-]+)"', page)
    assert parts == ["tables", "bracket-1", "bracket-2", "standings"]
    tableau = page[page.index('data-part="bracket-1"'):page.index('data-part="bracket-2"')]
    assert "<h2>Tableau A</h2>" in tableau
    # rounds side by side: the quarter-finals, the semi-finals, the final and the third place
    assert re.findall(r"<h3>(.*?)</h3>", tableau) == ["Quarter-finals", "Semi-finals", "Final",
                                                      "Third place"]
    assert tableau.count('<div class="column">') == 3
    for match in _bracket(director, "Tableau A").values():
        box = tableau[tableau.index(f'data-match="{match["match"]}"'):]
        box = box[:box.index("</div>")]
        if match["table"] is not None:
            assert f"Table {match['table']}" in box
        for side, team in enumerate(match["teams"]):
            if team is None:  # not known yet: the final, the third place
                assert '<span class="team">…</span>' in box
                continue
            score = "" if match["scores"] is None else str(match["scores"][side])
            won = " won" if team == match["winner"] else ""
            assert (f'<p class="side{won}"><span class="seed num">{match["seeds"][side]}'
                    f'</span><span class="team">{_escaped(team)}</span>'
                    f'<span class="score num">{score}</span></p>') in box, (match, box)
    # the hostile name is text in the bracket, never markup
    assert HOSTILE not in page and _escaped(HOSTILE) in tableau
    # the Consolante: its quarter-finals paired, nothing played yet
    consolante = page[page.index('data-part="bracket-2"'):page.index('data-part="standings"')]
    assert re.findall(r"<h3>(.*?)</h3>", consolante) == ["Quarter-finals", "Semi-finals",
                                                         "Final"]
    assert "Léa &amp; Zoé" in consolante and ' won"' not in consolante
    # the round's tables under their stage's name, each knock-out table its match
    tables = page[:page.index('data-part="bracket-1"')]
    shown = director.json("show")["tables"]
    assert [t["stage"] for t in shown] == ["Tableau A"] * 2 + ["Consolante"] * 4
    assert re.findall(r'<tr class="stage"><th colspan="3">(.*?)</th></tr>', tables) == [
        "Tableau A", "Consolante"]
    for table in shown:
        assert (f'<td class="num table-no">{table["table"]}<span class="match-id">'
                f'{table["match"]}</span></td>') in tables


def test_the_phone_names_the_match_and_table_a_team_plays_next(director: Cli) -> None:
    assert director.db is not None
    quarters = _bracket(director, "Tableau A")
    first = quarters["QF1"]
    # round 4: each team of Tableau A its quarter-final and its table
    assert _stage_line(_page(director.db, "/me", first["teams"][0])) == (
        f"Tableau A — quarter-final QF1, table {first['table']}")
    _play(director)
    # the quarter-finals played, the semi-finals not paired yet: the match, no table
    bracket = _bracket(director, "Tableau A")
    winner = bracket["QF1"]["winner"]
    assert _stage_line(_page(director.db, "/me", winner)) == "Tableau A — semi-final SF1"
    director.run("pair")
    semi = _bracket(director, "Tableau A")["SF1"]
    assert semi["table"] is not None and winner in semi["teams"]
    for team in semi["teams"]:
        page = _page(director.db, "/me", team)
        assert _stage_line(page) == f"Tableau A — semi-final SF1, table {semi['table']}"
        assert f'<span class="big num">Table {semi["table"]}</span>' in page
    # a team knocked out says so, in the round it lost
    loser = next(team for team in bracket["QF3"]["teams"] if team != bracket["QF3"]["winner"])
    assert _stage_line(_page(director.db, "/me", loser)) == (
        "Knocked out in the quarter-finals (Tableau A)")


def test_the_phone_gives_a_final_place_once_no_stage_is_left_for_the_team(
        director: Cli) -> None:
    """The 17th and 18th enter no later stage: their final place as soon as the stages
    that take from the qualifying parties have all started; the 9th to 16th wait for the
    Consolante, which says nothing final of them until it starts."""
    assert director.db is not None
    ranked = [row["team"] for row in director.json("standings", "--stage", "Qualifications")]
    assert _stage_line(_page(director.db, "/me", ranked[16])) == (
        "Final place: 17 (Qualifications)")
    assert _stage_line(_page(director.db, "/me", ranked[17])) == (
        "Final place: 18 (Qualifications)")
    assert _stage_line(_page(director.db, "/me", ranked[11])) is None  # waits for it
    director.run("stage", "start", "Consolante")
    line = _stage_line(_page(director.db, "/me", ranked[11]))
    assert line is not None and line.startswith("Consolante — quarter-final QF"), line
    # Tableau A played to its end: each of its teams its final place, from the final ranking
    _play(director)
    for _round in range(2):
        director.run("pair")
        _play(director)
    final = {row["team"]: row["rank"] for row in director.json("standings")}
    bracket = _bracket(director, "Tableau A")
    champion, runner_up = bracket["F"]["winner"], next(
        team for team in bracket["F"]["teams"] if team != bracket["F"]["winner"])
    assert final[champion] == 1 and final[runner_up] == 2
    for team in bracket["SF1"]["teams"] + bracket["SF2"]["teams"]:
        assert _stage_line(_page(director.db, "/me", team)) == (
            f"Final place: {final[team]} (Tableau A)")


def test_the_final_won_or_lost_while_the_third_place_is_played(director: Cli) -> None:
    assert director.db is not None
    _play(director)
    director.run("pair")
    _play(director)  # the semi-finals
    director.run("pair")
    final = _bracket(director, "Tableau A")["F"]
    director.run("result", str(final["table"]), "1000", "10")  # the final only
    first, second = final["teams"]
    assert _stage_line(_page(director.db, "/me", first)) == "Won the final (Tableau A)"
    assert _stage_line(_page(director.db, "/me", second)) == "Lost the final (Tableau A)"
    third = _bracket(director, "Tableau A")["3P"]
    assert _stage_line(_page(director.db, "/me", third["teams"][0])) == (
        f"Tableau A — third-place match 3P, table {third['table']}")


def test_hostile_stage_and_team_names_are_text_on_every_page(cli: Cli) -> None:
    """A stage's name and a team's are the director's words: escaped wherever they are
    shown (the round's tables, the bracket, the phone's line), the store untouched."""
    director = cli.under("tournament")
    director.run("new", "Finales", "--rounds", "1", "--target", "1000",
                 "--registration-order")
    teams = (HOSTILE, 'Les "As" & <b>co</b>', "Les Rois", "Les Dames")
    for team in teams:
        director.run("team", "add", team)
    stage = "<img src=x onerror=alert(1)> & Co"
    director.run("stage", "add", stage, "--ranks", "1-4", "--knockout")
    director.run("pair")
    _play(director)
    director.run("stage", "start", stage)
    director.run("pair")
    assert cli.db is not None
    before = data_checksum(cli.db)
    projector = _page(cli.db, "/")
    phones = [_page(cli.db, "/me", team) for team in teams]
    for page in (projector, *phones):
        assert "<img src=x" not in page and HOSTILE not in page and "<b>co" not in page
    assert f"<h2>{_escaped(stage)}</h2>" in projector
    assert f'<tr class="stage"><th colspan="3">{_escaped(stage)}</th></tr>' in projector
    assert _escaped(HOSTILE) in projector and _escaped(teams[1]) in projector
    lines = [_stage_line(page) for page in phones]
    assert all(line is not None and line.startswith(f"{_escaped(stage)} — semi-final SF")
               for line in lines), lines
    assert data_checksum(cli.db) == before  # pages only read


def test_the_served_projector_shows_a_result_in_the_bracket_within_seconds(
        director: Cli, tmp_path: Path) -> None:
    """The installed ``tournament serve``: its worker reads the stages as well, and a
    quarter-final's result reaches the projector's bracket within seconds."""
    assert director.db is not None
    live = LiveServer(director.db, cwd=tmp_path)
    try:
        assert 'data-part="bracket-1"' in live.get("/").text
        table = _bracket(director, "Tableau A")["QF2"]["table"]
        director.run("result", str(table), "1234", "987")
        start = time.monotonic()
        while time.monotonic() - start < 5:
            page = live.get("/").text
            if '<span class="score num">1234</span>' in page:
                break
            time.sleep(0.1)
        box = page[page.index('data-match="QF2"'):]
        assert '<span class="score num">1234</span>' in box[:box.index("</div>")]
        assert '<span class="score num">987</span>' in box[:box.index("</div>")]
    finally:
        _out, err = live.stop()
    assert "Traceback" not in err and "ERROR" not in err, err


def test_a_swiss_later_stage_names_itself_and_the_teams_table(cli: Cli) -> None:
    """A later stage that is no knock-out: the phone names it and the team's table in it;
    a team it did not take, its final place."""
    director = cli.under("tournament")
    director.run("new", "Finales", "--rounds", "1", "--target", "1000",
                 "--registration-order")
    for team in TEAMS[:8]:
        director.run("team", "add", team)
    director.run("stage", "add", "Finale", "--ranks", "1-4", "--swiss", "--rounds", "2")
    director.run("pair")
    _play(director)
    director.run("stage", "start", "Finale")
    director.run("pair")
    assert cli.db is not None
    ranked = [row["team"] for row in director.json("standings", "--stage", "Qualifications")]
    tables = {team: t["table"] for t in director.json("show")["tables"] for team in t["teams"]}
    for team in ranked[:4]:
        assert _stage_line(_page(cli.db, "/me", team)) == f"Finale, table {tables[team]}"
    assert _stage_line(_page(cli.db, "/me", ranked[6])) == "Final place: 7 (Qualifications)"
    assert 'data-part="bracket' not in _page(cli.db, "/")  # no knock-out, no bracket


def test_the_bracket_poster_is_printed_from_the_live_page(director: Cli) -> None:
    """``/print/bracket``: the only knock-out stage's poster, as ``tournament poster bracket``
    writes it; a concours whose knock-out has not started has nothing to print (404)."""
    assert director.db is not None
    app = create_app(Settings(str(director.db), None, entry=False, round_minutes=None,
                              phone_url="http://x/me"))
    answer = _get(app, "/print/bracket", None, {})
    assert answer.status == 200
    page = answer.body.decode()
    for team in _bracket(director, "Tableau A")["QF1"]["teams"]:
        assert team is not None and _escaped(team) in page
