"""The results site's folder attacked (``tournament publish DIR``, ``season publish``): a
``DIR`` that is a file, a folder on a full disk, a disk that fills up half-way through the
site.  Each is one line (a file: exit 2; a disk: exit 1), no traceback, the store unchanged,
and nothing half-written under a page's name: every file left in the folder is a whole page
or the site's manifest, and no temporary file stays."""

from __future__ import annotations

import os
from pathlib import Path

from tests.harness import Cli, Ran, data_checksum
from tests.hostile.conftest import LIMITS, fill_disk


def _concours(store: Path, teams: int = 40) -> Cli:
    director = Cli(store).under("tournament")
    director.run("new", "Concours", "--rounds", "2", "--deals", "4")
    for k in range(1, teams + 1):
        director.run("team", "add", f"Équipe <b>{k}</b> " + "x" * 60)
    for _ in range(2):
        for table in director.json("pair")["tables"]:
            director.run("result", str(table["table"]), "600", "400")
    return director


def _one_line(ran: Ran, code: int) -> str:
    assert ran.code == code, ran.report()
    lines = ran.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in ran.stderr, ran.report()
    return lines[0]


def _whole(folder: Path) -> None:
    """Every file under the folder a whole page or the manifest: none cut, none temporary."""
    for path in folder.iterdir():
        if path.name == "filler":
            continue
        assert path.name == ".coinche-site.json" or path.suffix == ".html", path.name
        if path.suffix == ".html":
            assert path.read_text(encoding="utf-8").rstrip().endswith("</html>"), path.name


def test_a_dir_that_is_a_file_is_one_line_and_the_file_stays(store: Path,
                                                               tmp_path: Path) -> None:
    _concours(store, teams=4)
    before = data_checksum(store)
    file = tmp_path / "site"
    file.write_text("mine", encoding="utf-8")
    hostile = Cli(store, limits=LIMITS)
    for args in (("tournament", "publish", str(file)), ("tournament", "publish", str(file),
                                                         "--force")):
        assert str(file) in _one_line(hostile.invoke(*args), 2)
    assert file.read_text(encoding="utf-8") == "mine"
    assert data_checksum(store) == before


def test_a_full_disk_is_one_line_and_leaves_no_page_cut(store: Path, small_disk: Path) -> None:
    _concours(store)
    before = data_checksum(store)
    hostile = Cli(store, limits=LIMITS)
    site = small_disk / "site"
    site.mkdir()
    filler = fill_disk(small_disk)
    _one_line(hostile.invoke("tournament", "publish", str(site)), 1)
    assert os.listdir(site) == []
    # room for a few pages, not for the site (40 teams: 43 pages of some 6 kB): those
    # written are whole, the others absent
    filler.unlink()
    disk = os.statvfs(small_disk)
    filler.write_bytes(b"\0" * (disk.f_bavail * disk.f_frsize - 40 * 1024))
    _one_line(hostile.invoke("tournament", "publish", str(site)), 1)
    _whole(site)
    assert 0 < len(list(site.glob("*.html"))) < 43  # cut short: some pages, whole
    assert data_checksum(store) == before
