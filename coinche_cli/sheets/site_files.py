"""The results site's folder (``tournament publish DIR``): its pages written, its own files
alone replaced.

1. The folder is coinche's when it holds the site's manifest (:data:`MANIFEST`: the files
   coinche wrote there); a missing folder is made; an empty one is taken.
2. A folder that is not empty and has no manifest is refused (it holds somebody else's
   files) unless ``force``: then the pages are written beside what is there, which stays.
3. A ``DIR`` that is a file is refused; a folder that cannot be written (no permission, a
   full disk) fails with one line, naming the file.
4. Each page is written atomically (:func:`coinche_cli.sheets.writing.write_text`: a
   temporary file beside it, renamed over it): a page is the old one or the new one, never
   half of one.  The manifest is written first with the old and the new files (a run cut
   short leaves a folder still known as coinche's), and last with the new ones alone.
5. A file the last run wrote that is no longer part of the site (a round taken back, a
   team removed) is removed; only names a site's page can have (``round-3.html``) are ever
   removed, whatever the manifest says.
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING

from coinche_cli.errors import ExportFailed, InputError
from coinche_cli.i18n import _
from coinche_cli.sheets.writing import write_text
from coinche_cli.values import Value

if TYPE_CHECKING:
    from pathlib import Path

#: The file that says the folder is coinche's, and which files it wrote there.
MANIFEST = ".coinche-site.json"
#: The manifest's format (a future coinche reads an older one).
FORMAT, VERSION = "coinche-site", 1
#: The names a site's page can have: the only files ever removed.
PAGE_NAME = re.compile(r"[a-z]+(-[0-9]+)?\.html")


class Published(Value):
    """What a run did: the pages written and the old ones removed, by file name."""

    __slots__ = ("removed", "written")

    def __init__(self, written: list[str], removed: list[str]) -> None:
        self.written = written
        self.removed = removed


def _previous(folder: Path, force: bool) -> list[str]:
    """The pages coinche wrote in ``folder`` last time (none: a new or empty folder, or one
    ``force`` takes); refused when it holds other files and no manifest."""
    if folder.exists() and not folder.is_dir():
        raise InputError("DIR", _("{path} is a file, not a folder: give a folder for the "
                                  "site"), path=folder)
    if not folder.exists():
        try:
            folder.mkdir(parents=True)
        except OSError as exc:
            raise ExportFailed(_("cannot write {path}: {reason}").format(
                path=folder, reason=exc.strerror or exc)) from None
        return []
    manifest = folder / MANIFEST
    try:
        data = json.loads(manifest.read_text(encoding="utf-8"))
        files = data["files"] if data.get("format") == FORMAT else None
    except FileNotFoundError:
        files = None
    except (OSError, ValueError, TypeError, AttributeError, KeyError):
        files = None
    if isinstance(files, list) and all(isinstance(f, str) for f in files):
        return [f for f in files if PAGE_NAME.fullmatch(f)]
    try:
        empty = not any(folder.iterdir())
    except OSError as exc:
        raise ExportFailed(_("cannot write {path}: {reason}").format(
            path=folder, reason=exc.strerror or exc)) from None
    if not empty and not force:
        raise InputError("DIR", _("{path} holds files coinche did not write: give an empty "
                                  "folder, or --force to write the site beside them"),
                         path=folder)
    return []


def _manifest(folder: Path, files: list[str]) -> None:
    text = json.dumps({"format": FORMAT, "version": VERSION, "files": sorted(files)},
                      indent=1) + "\n"
    write_text(folder / MANIFEST, text)


def publish(folder: Path, pages: dict[str, str], *, force: bool = False) -> Published:
    """Write ``pages`` (file name: HTML) into ``folder``, remove the pages of the last run that
    are no longer part of the site, and keep the manifest (the module's rules)."""
    previous = _previous(folder, force)
    _manifest(folder, sorted({*previous, *pages}))
    for name, html in pages.items():
        write_text(folder / name, html)
    stale = sorted(set(previous) - set(pages))
    for name in stale:
        try:
            (folder / name).unlink(missing_ok=True)
        except OSError as exc:
            raise ExportFailed(_("cannot write {path}: {reason}").format(
                path=folder / name, reason=exc.strerror or exc)) from None
    _manifest(folder, list(pages))
    return Published(list(pages), stale)
