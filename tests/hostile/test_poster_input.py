"""The posters' bad input (issue 32), through the installed command: a paper coinche does not
know, a page that is not HTML, a season that does not exist, a folder that is not there; each
refused in one line naming what is wrong, exit 2 (a file that cannot be written: exit 1), the
store unchanged (``Cli.refused`` compares its checksum), no page written.  The store is built
in process (fast); only the refusals run as real processes."""

from __future__ import annotations

from pathlib import Path

from tests.harness import Cli, data_checksum


def _club(store: Path) -> None:
    cli = Cli(store)
    cli.run("tournament", "new", "Vendredi 1", "--rounds", "1", "--deals", "4")
    for team in ("Les As", "Les Rois"):
        cli.run("tournament", "team", "add", team)
    cli.run("tournament", "pair")
    cli.run("season", "new", "Challenge")
    cli.run("season", "add", "Challenge", "Vendredi 1")


def test_a_paper_or_a_page_a_poster_cannot_be_is_refused(hostile: Cli, store: Path,
                                                         tmp_path: Path) -> None:
    _club(store)
    page = tmp_path / "affiche.html"
    for command in (("tournament", "poster", "pairings"), ("season", "poster", "Challenge")):
        for paper, says in (("a5", "“a5”"), ("", "“”"), ("A4 landscape", "“A4 landscape”"),
                            ("a" * 500, "…")):
            line = hostile.refused(*command, str(page), "--paper", paper)
            assert line.startswith("error: --paper: a poster prints on a4, a3, not "), line
            assert says in line and len(line) < 160, line
        assert "is not an .html file" in hostile.refused(*command, str(tmp_path / "a.pdf"))
    assert hostile.refused("season", "poster", "Hiver", str(page)) == (
        "error: no season called “Hiver” (seasons: Challenge)")
    assert not page.exists()
    before = data_checksum(store)
    ran = hostile.run("season", "poster", "Challenge", str(tmp_path / "nowhere" / "a.html"),
                      code=1)
    assert len(ran.stderr.splitlines()) == 1 and "Traceback" not in ran.stderr
    assert ran.stderr.startswith("error: ") and data_checksum(store) == before
