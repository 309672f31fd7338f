"""The pictures to share (``tournament share``, ``game share``, the live page's
``/standings.png``): each PNG decodes, is 1,080 pixels wide and at most 1,920 high (a long
field split into ``NAME-1.png``, ``NAME-2.png``…), holds no text below 28 px, and is the very
picture drawn from ``standings --json`` (or ``show --json``): the same lines, the same pixels;
``--text`` says the same in a line; refusals are one line, exit 2, nothing written."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from coinche_cli.formats import whole_text
from coinche_cli.i18n import speaking
from coinche_cli.sheets import share_content, share_game, share_layout
from coinche_cli.sheets.share_draw import measure, png
from coinche_cli.sheets.share_layout import SMALLEST, Text
from tests.conftest import Concours
from tests.harness import Cli, data_checksum

TEAMS = ["Les As", "Capot Club", "Les Rois", "Belote & Re", "Le Dix de Der"]


def _evening(concours: Concours) -> Cli:
    """Five teams (a bye), two rounds: a forfeit, a penalty, a result corrected."""
    director = concours(TEAMS, rounds=2, pair=True)
    director.run("result", "1", "2240", "1962")
    director.run("result", "2", "--forfeit", "Belote & Re")
    director.run("result", "1", "2250", "1962", "--replace")
    director.run("penalty", "Les As", "50", "--reason", "renonce")
    director.run("pair")
    director.run("result", "1", "810", "810")
    return director


def _picture(path: Path) -> Image.Image:
    image = Image.open(path)
    image.load()
    return image


def _standings(director: Cli, after: int | None, *lang: str) -> Any:
    rows = director.json("standings", *lang)
    return {"kind": "standings", "name": "Concours", "melee": False, "final": False,
            "after": after, "rows": rows}


def test_the_sizes_of_type_are_never_below_28_px() -> None:
    assert SMALLEST == 28
    assert min(share_layout.SIZES) >= SMALLEST
    assert share_layout.WIDTH == 1080 and share_layout.MAX_HEIGHT == 1920


def test_the_standings_picture_is_drawn_from_the_standings_json(cli: Cli, concours: Concours,
                                                              tmp_path: Path) -> None:
    director = _evening(concours)
    path = tmp_path / "classement.png"
    ran = cli.run("--lang", "fr", "tournament", "share", "standings", str(path))
    assert str(path) in ran.stdout
    image = _picture(path)
    assert image.format == "PNG" and image.width == 1080 and image.height <= 1920
    with speaking("fr"):
        sheet = share_content.standings(_standings(director, 2))
        (page,) = share_layout.pages(sheet, measure)
        assert path.read_bytes() == png(page)  # the very pixels of the standings' lines
        texts = page.texts()
        assert texts[0] == "Classement après la ronde 2"  # the catalogue's French
        for line in director.json("standings"):
            for value in (line["team"], whole_text(line["points_for"]),
                          whole_text(line["difference"], signed=True)):
                assert value in texts
        assert whole_text(2250) == "2\u202f250"  # thousands apart, a narrow no-break space
    assert all(item.size >= SMALLEST for item in page.items if isinstance(item, Text))


def test_the_text_is_the_standings_in_a_line(cli: Cli, concours: Concours) -> None:
    director = _evening(concours)
    said = cli.run("tournament", "share", "standings", "--text").stdout.splitlines()
    assert said[0] == "Concours: Standings after round 2"
    expected = " · ".join(
        f"{line['rank']}. {line['team']} {whole_text(line['points_for'])} "
        f"({line['wins']} W, {whole_text(line['difference'], signed=True)})"
        for line in director.json("standings"))
    assert said[1] == expected
    assert said[1].startswith("1. ")


def test_a_long_field_is_split_into_numbered_pictures(cli: Cli, concours: Concours,
                                                      tmp_path: Path) -> None:
    director = concours([f"Équipe {k}" for k in range(1, 51)], rounds=1, pair=True)
    path = tmp_path / "classement.png"
    ran = cli.run("tournament", "share", "standings", str(path))
    written = [Path(line.removeprefix("wrote ")) for line in ran.stdout.splitlines()]
    assert [p.name for p in written] == ["classement-1.png", "classement-2.png"]
    assert not path.exists()
    heights = []
    for part in written:
        image = _picture(part)
        assert image.width == 1080 and image.height <= 1920
        heights.append(image.height)
    pages = share_layout.pages(share_content.standings(_standings(director, 1)), measure)
    assert [page.height for page in pages] == heights
    assert [png(page) for page in pages] == [p.read_bytes() for p in written]
    names = [t for page in pages for t in page.texts()]
    assert all(row["team"] in names for row in director.json("standings"))
    assert "1/2" in pages[0].texts() and "2/2" in pages[1].texts()


def test_a_round_the_prizes_and_the_text_of_each(cli: Cli, concours: Concours,
                                                 tmp_path: Path) -> None:
    director = _evening(concours)
    shown = director.json("show", "--round", "1")
    said = cli.run("tournament", "share", "round", "--round", "1", "--text").stdout
    for table in shown["tables"]:
        assert f"table {table['table']}: {table['teams'][0]}" in said
    assert "2,250–1,962" in said and "forfeit by Belote & Re" in said
    assert f"bye: {shown['bye']}" in said and "renonce" in said
    path = tmp_path / "ronde.png"
    cli.run("tournament", "share", "round", "--round", "1", str(path))
    round_data: Any = {"kind": "round", "name": "Concours", "melee": False, "round": shown}
    (page,) = share_layout.pages(share_content.played(round_data), measure)
    assert path.read_bytes() == png(page) and _picture(path).width == 1080
    director.run("prizes", "add", "1", "Un jambon")
    prizes = cli.run("--lang", "fr", "tournament", "share", "prizes", "--text").stdout
    assert prizes.startswith("Concours\u00a0: Palmarès\n") and "Un jambon" in prizes
    cli.run("tournament", "share", "prizes", str(tmp_path / "palmares.png"))
    assert _picture(tmp_path / "palmares.png").width == 1080


def test_a_game_recap_has_the_totals_the_winner_and_the_highlights(cli: Cli,
                                                                   tmp_path: Path) -> None:
    game = cli.under("game")
    game.run("new", "--team", "Les As", "--team", "Les Rois")
    game.run("add", "A", "100S", "104", "--belote", "A")
    game.run("add", "B", "80H", "100")
    game.run("add", "A", "capotS")
    said = cli.run("game", "share", "--text").stdout.splitlines()
    shown = game.json("show")
    totals = shown["totals"]
    assert said[0] == (f"Game {shown['id']}: Les As {whole_text(totals['A'])} – "
                       f"Les Rois {whole_text(totals['B'])}")
    assert "Capots: Les As 1, Les Rois 0" in said[1] and "(capot)" in said[1]
    path = tmp_path / "partie.png"
    cli.run("game", "share", str(path))
    image = _picture(path)
    assert image.width == 1080 and image.height <= 1920


    recap: Any = {
        "id": shown["id"], "label": shown["label"], "sides": shown["sides"],
        "totals": totals, "finished": shown["finished"], "winner": shown["winner"],
        "running": [row["totals"] for row in shown["deals"]],
        "biggest": {"number": 3, "side": "A", "points": shown["deals"][2]["scores"]["A"],
                    "capot": True},
        "coinches_won": {"A": 0, "B": 0}, "capots": {"A": 1, "B": 0}}
    (page,) = share_game.pages(recap, measure)
    assert path.read_bytes() == png(page)  # the recap of game show --json's own numbers
    assert all(item.size >= SMALLEST for item in page.items if isinstance(item, Text))


@pytest.mark.parametrize("args, field", [
    (("tournament", "share", "standings"), "FILE"),  # neither FILE nor --text
    (("tournament", "share", "standings", "x.png", "--text"), "FILE"),  # both
    (("tournament", "share", "standings", "x.jpg"), "FILE"),
    (("tournament", "share", "podium", "x.png"), "KIND"),
    (("tournament", "share", "prizes", "--round", "1", "x.png"), "--round"),
    (("tournament", "share", "round", "--stage", "A", "x.png"), "--stage"),
    (("game", "share"), "FILE"),
])
def test_a_refusal_is_one_line_naming_the_field(cli: Cli, concours: Concours, store: Path,
                                                tmp_path: Path, args: tuple[str, ...],
                                                field: str) -> None:
    _evening(concours)
    cli.run("game", "new")
    before = data_checksum(store)
    line = cli.refused(*args)
    assert field in line, line
    assert data_checksum(store) == before and not list(tmp_path.glob("*.png"))


def test_a_folder_named_as_the_picture_is_refused(cli: Cli, concours: Concours,
                                                  tmp_path: Path) -> None:
    _evening(concours)
    folder = tmp_path / "classement.png"
    folder.mkdir()
    assert "is a folder" in cli.refused("tournament", "share", "standings", str(folder))
    assert list(folder.iterdir()) == []


def test_the_live_page_serves_the_standings_picture(concours: Concours, cli: Cli,
                                                    tmp_path: Path) -> None:
    from tests.live_server import LiveServer

    director = _evening(concours)
    assert cli.db is not None
    live = LiveServer(cli.db, cwd=tmp_path)
    try:
        answer = live.get("/standings.png")
        assert answer.status == 200 and answer.headers["content-type"] == "image/png"
        image = Image.open(io.BytesIO(answer.body))
        assert image.format == "PNG" and image.width == 1080
        pages = share_layout.pages(share_content.standings(_standings(director, 2)), measure)
        assert answer.body == png(pages[0])  # the standings of the live snapshot
        assert live.get("/standings.png?page=2").status == 404
        assert 'href="/standings.png"' in live.get("/me").text
    finally:
        _out, err = live.stop()
    assert "Traceback" not in err, err


def test_a_long_fields_pictures_drawn_by_several_processes_are_the_same_bytes() -> None:
    """300 teams: 9 pictures, past :data:`share_draw.SHARED_FROM`, drawn by forked drawers on
    a machine of several cores; each the very bytes of the picture drawn alone."""
    from coinche_cli.sheets import share_content, share_draw, share_layout

    rows = [{"rank": rank, "team": f"Équipe {rank}", "wins": rank % 8, "points_for": 9000 - rank,
             "difference": 150 - rank, "dropped": False} for rank in range(1, 301)]
    pages = share_layout.pages(share_content.standings(
        {"kind": "standings", "name": "Grand concours", "melee": False, "final": False,
         "after": 7, "rows": rows}), share_draw.measure)
    assert len(pages) >= share_draw.SHARED_FROM
    assert share_draw.pngs(pages) == [share_draw.png(page) for page in pages]
