"""What every command shares: the store chosen by ``--db``, ``COINCHE_DB`` or the house
config's ``db``, closed when the command ends."""

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from coinche_cli.errors import InputError
from coinche_cli.i18n import _, ngettext

if TYPE_CHECKING:
    from collections.abc import Callable

    from coinche_cli.sheets.posters import Printable
    from coinche_cli.store.sql import SqlStore


def store_name(ctx: typer.Context) -> str | None:
    """The store named on the root command (``--db``, or ``COINCHE_DB``), else in the house
    config (a bad ``db`` there refuses the command: another store would be used); None: the
    default file."""
    root = ctx.find_root()
    given = root.obj.get("db") if isinstance(root.obj, dict) else None
    if given:
        return str(given)
    from coinche_cli.cli import house

    found: str | None = house.current().use("db")
    return found


def store_field(ctx: typer.Context) -> str:
    """What names the store in a refusal: ``--db``, ``COINCHE_DB`` when the name came from
    the environment, the house config's line when it came from there."""
    root = ctx.find_root()
    source = root.get_parameter_source("db")
    if source is not None and source.name == "ENVIRONMENT":
        return "COINCHE_DB"
    given = root.obj.get("db") if isinstance(root.obj, dict) else None
    if not given:
        from coinche_cli.cli import house

        found = house.current()
        if found.get("db") is not None:
            line = found.lines.get("db", 0)
            return f"{house.shown(found.path)}:{line}: db" if line else "db"
    return "--db"


def open_store(ctx: typer.Context) -> "SqlStore":
    """Open the store the command names; it is closed when the command ends, however it
    ends (Click closes the context after a failure too)."""
    from coinche_cli.store.connect import open_store as opened

    store = opened(store_name(ctx), store_field(ctx))
    ctx.call_on_close(store.close)
    return store


def write_poster_file(ctx: typer.Context, path: Path, paper: str,
                      drawn: "Callable[[SqlStore], Printable]") -> None:
    """A poster's command once its data is named: the paper and the ``.html`` name checked
    before the store is opened, the store never written over, the page written, said."""
    from coinche_cli.cli.output import print_line
    from coinche_cli.sheets.poster_layout import paper as paper_named
    from coinche_cli.sheets.posters import write_poster

    sheet = paper_named(paper)
    if path.suffix.lower() not in (".html", ".htm"):
        raise InputError("path", _("{path} is not an .html file"), path=path)
    store = open_store(ctx)
    refuse_own_files(store, [path])
    write_poster(path, drawn(store), sheet)
    print_line(_("wrote {path}").format(path=path))


def write_site_folder(ctx: typer.Context, folder: Path, force: bool,
                      drawn: "Callable[[SqlStore], dict[str, str]]") -> None:
    """A results site's command once its pages are named (``tournament publish``, ``season
    publish``): the pages drawn from the store, written into ``folder`` (its own files alone
    replaced: :mod:`coinche_cli.sheets.site_files`), said."""
    from coinche_cli.cli.output import print_line
    from coinche_cli.sheets.site import INDEX
    from coinche_cli.sheets.site_files import publish

    done = publish(folder, drawn(open_store(ctx)), force=force)
    print_line(ngettext("wrote {count} page in {path} (open {index})",
                        "wrote {count} pages in {path} (open {index})",
                        len(done.written)).format(count=len(done.written), path=folder,
                                                  index=folder / INDEX))
    if done.removed:
        print_line(ngettext("removed {count} page no longer part of the site",
                            "removed {count} pages no longer part of the site",
                            len(done.removed)).format(count=len(done.removed)))


def refuse_own_files(store: "SqlStore", paths: Iterable[Path | None],
                     csv: Iterable[Path] = ()) -> None:
    """Refuse to write an export over the store itself: a workbook or poster of ``paths``
    (the refusal names the path), a ``--csv`` folder or file of ``csv`` (it names
    ``--csv``)."""
    for field, given in (("path", paths), ("--csv", csv)):
        for path in given:
            if path is not None and store.owns(path):
                raise InputError(field, _("{path} is the store itself: write the export to "
                                          "another file"), path=path)
