"""A mêlée on the live page (a real ``tournament serve``): the projector shows the four
names of each table and who sits out, ``/me`` finds a player by name (their table, partner,
opponents), and ``/api/round`` and ``/api/standings`` stay what the commands print."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlencode

from tests.harness import Cli
from tests.live_server import LiveServer

NAMES = ["Ana Martin", "Bob Roux", "Cyd Faure", "Dan Girard", "Éva Morel", "Fred Blanc",
         "Gus Petit", "Hana Roy", "Ivo Lefèvre"]


def test_a_melee_on_the_projector_and_the_phones(cli: Cli, tmp_path: Path) -> None:
    director = cli.under("tournament")
    director.run("new", "Mêlée", "--format", "melee", "--rounds", "3", "--deals", "4",
                 "--seed", "4")
    for name in NAMES:
        director.run("player", "add", name)
    shown = director.json("pair")
    director.run("result", "1", "500", "300")
    director.run("result", "2", "400", "300")
    assert cli.db is not None
    live = LiveServer(cli.db, "--entry", cwd=tmp_path)
    try:
        assert live.get("/api/round").body == director.run("show", "--json").stdout.encode()
        assert live.get("/api/standings").body == director.run(
            "standings", "--json").stdout.encode()
        page = live.get("/").text
        for table in shown["tables"]:
            for pair in table["teams"]:
                assert pair.replace("&", "&amp;") in page
        assert f"Sitting out: {shown['sitting_out'][0]}" in page
        table = shown["tables"][1]
        me, partner = table["pairs"][1]
        found = live.get("/me?team=" + me.split()[0].lower()).text
        assert "Your name" in found and f"Table {table['table']}" in found
        assert f"with {partner}" in found
        assert f"against {table['teams'][0]}".replace("&", "&amp;") in found
        assert "Round 1: 300–400 against" in found and "· lost" in found  # 400–300 by table
        out = shown["sitting_out"][0]
        assert "You sit out this partie" in live.get("/me?team=" + out.split()[0]).text
    finally:
        live.stop()


def test_a_result_from_a_phone_is_confirmed_with_the_pairs_names(cli: Cli,
                                                                 tmp_path: Path) -> None:
    """In a mêlée a table's two sides are pairs: the confirmation names them beside their
    scores, in the phone's language (issue 32)."""
    director = cli.under("tournament")
    director.run("new", "Mêlée", "--format", "melee", "--rounds", "3", "--deals", "4",
                 "--seed", "4")
    for name in NAMES[:8]:
        director.run("player", "add", name)
    director.run("pair")
    tables = director.json("show", "--codes")["tables"]
    assert cli.db is not None
    live = LiveServer(cli.db, "--entry", cwd=tmp_path)
    try:
        for table, lang, said in ((tables[0], "en", "Table 1: {0} 500 – {1} 300, saved"),
                                  (tables[1], "fr", "Table 2\u00a0: {0} 500 – {1} 300, "
                                                    "enregistré")):
            headers = {"Accept-Language": lang}
            answer = live.get(f"/table/{table['table']}", **headers)
            form, cookie = answer.form()
            sent = live.request("POST", f"/table/{table['table']}", urlencode(
                {**form, "code": table["code"], "score1": "500", "score2": "300"}).encode(),
                {**headers, "Content-Type": "application/x-www-form-urlencoded",
                 "Cookie": cookie})
            pairs = [pair.replace("&", "&amp;") for pair in table["teams"]]
            assert sent.status == 200, sent.text
            assert f'<p class="saved">{said.format(*pairs)}</p>' in sent.text, sent.text
    finally:
        live.stop()
    assert [t["scores"] for t in director.json("show")["tables"]] == [[500, 300], [500, 300]]
