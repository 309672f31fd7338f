"""``coinche tournament export`` and ``sheets``: the tournament written to files."""


from pathlib import Path
from typing import Annotated

import typer

from coinche_cli.cli.options import (
    BookArgument,
    CsvFolderOption,
    RoundOption,
    SepOption,
    SiteForceOption,
    TournamentOption,
    export_places,
)
from coinche_cli.cli.output import print_line
from coinche_cli.cli.store import open_store
from coinche_cli.errors import InputError
from coinche_cli.i18n import N_, _, ngettext

#: The commands' help (they are registered by :mod:`coinche_cli.cli.tournament`).
EXPORT_HELP = N_(
    "Export standings, teams, every round, the penalties and the deals to Excel (and/or CSV "
    "files), or the whole concours as one event file (--event) that store import reads into "
    "another store.\n\n"
    "Example: coinche tournament export concours.xlsx --csv resultats --sep ';'")
SHEETS_HELP = N_(
    "Write one print-ready score sheet per table of a round, for tables that keep score on "
    "paper.\n\n"
    "Example: coinche tournament sheets --round 2 feuilles.xlsx")


def export(
    ctx: typer.Context,
    path: BookArgument = None,
    csv_dir: CsvFolderOption = None,
    sep: SepOption = None,
    tournament: TournamentOption = None,
    event: Annotated[Path | None, typer.Option(
        "--event", metavar=N_("FILE.json"),
        help=N_("Write the whole concours as one event file (JSON, documented in "
                "docs/coinche-event.schema.json): its rules, teams, rounds, results and their "
                "history, penalties, desk, stages and deals."), show_default=False)] = None,
) -> None:
    if event is not None:
        _export_event(ctx, event, tournament)
        if path is None and csv_dir is None:
            return
    from coinche_cli.cli.store import refuse_own_files
    from coinche_cli.game.ops import deal_rows
    from coinche_cli.sheets.tournament import csv_paths, write_csv_dir, write_workbook
    from coinche_cli.sheets.writing import check_separator
    from coinche_cli.tournament import ops as tournaments

    sep = check_separator(sep)
    store = open_store(ctx)
    refuse_own_files(store, [path], [] if csv_dir is None else [csv_dir])  # the clearest
    export_places(path, csv_dir)
    data = tournaments.export_data(store, tournament, deal_rows)
    refuse_own_files(store, [], [] if csv_dir is None else csv_paths(csv_dir, data))
    if path is not None:
        write_workbook(path, data)
        print_line(_("wrote {path}").format(path=path))
    if csv_dir is not None:
        for written in write_csv_dir(csv_dir, data, sep=sep):
            print_line(_("wrote {path}").format(path=written))


def _export_event(ctx: typer.Context, path: Path, tournament: str | None) -> None:
    """``export --event FILE.json``: the concours as one event file, written atomically."""
    from coinche_cli.cli.about import version_lines
    from coinche_cli.cli.store import refuse_own_files
    from coinche_cli.json_text import json_text
    from coinche_cli.sheets.writing import atomically
    from coinche_cli.store_event import export_event

    if path.suffix.lower() != ".json":
        raise InputError("--event", _("{path} is not a .json file"), path=path)
    store = open_store(ctx)
    refuse_own_files(store, [path])
    data = json_text(export_event(store, tournament, version_lines(False)[0])).encode()
    atomically(path, lambda handle: handle.write(data))
    print_line(_("wrote {path}").format(path=path))


def sheets(
    ctx: typer.Context,
    path: Annotated[Path, typer.Argument(metavar=N_("FILE"),
                                         help=N_("The workbook of score sheets (.xlsx)."))],
    round_number: RoundOption = None,
    tournament: TournamentOption = None,
    url: Annotated[str | None, typer.Option(
        "--url", metavar="URL",
        help=N_("The live page's address, as tournament serve prints it: each sheet gives "
                "its table's entry page and its QR code (default: the address serve --host "
                "0.0.0.0 prints on this computer, port 8000)."))
    ] = None,
) -> None:
    from coinche_cli.cli.network import live_address
    from coinche_cli.cli.store import refuse_own_files
    from coinche_cli.sheets.tournament import write_score_sheets
    from coinche_cli.tournament import ops as tournaments

    address = _live_page(url) if url is not None else live_address()
    store = open_store(ctx)
    refuse_own_files(store, [path])
    found, played, tables = tournaments.score_sheets(store, tournament, round_number)
    # each table's entry page (tournament serve --entry), under its code on its sheet
    tables = [{**table, "url": f"{address}table/{table['table']}"} for table in tables]
    write_score_sheets(path, found.name, played.number, tables, found.settings.deals,
                       found.settings.target)
    print_line(ngettext("wrote {path}: {count} score sheet for round {round}",
                        "wrote {path}: {count} score sheets for round {round}",
                        len(tables)).format(path=path, count=len(tables), round=played.number))


def _live_page(url: str) -> str:
    """The live page's address ``url`` as ``tournament serve`` prints it, ending with a
    slash (a table's entry page is ``table/N`` below it); refused unless it is an http(s)
    address with a host."""
    from urllib.parse import urlsplit

    try:
        parts = urlsplit(url.strip())
        parts.port  # noqa: B018 (a port that is not a number raises here)
    except ValueError:
        parts = None
    if (parts is None or parts.scheme not in ("http", "https") or not parts.hostname
            or parts.query or parts.fragment or any(c.isspace() for c in url.strip())):
        raise InputError("--url", _("“{got}” is not the live page's address: give it as "
                                    "tournament serve prints it, such as "
                                    "http://192.168.1.10:8000/"), got=url)
    path = parts.path if parts.path.endswith("/") else parts.path.rsplit("/", 1)[0] + "/"
    return f"{parts.scheme}://{parts.netloc}{path}"


PUBLISH_HELP = N_(
    "Write the results site into a folder: the standings and the prize list, a page per "
    "round, per team (a mêlée: per player) and per knock-out bracket; self-contained pages "
    "for a USB stick, a static host or an e-mail. Run again, it replaces only the files it "
    "wrote; a folder holding other files needs --force.\n\n"
    "Example: coinche tournament publish resultats")


def publish(
    ctx: typer.Context,
    folder: Annotated[Path, typer.Argument(metavar=N_("DIR"),
                                           help=N_("The folder the site is written to."))],
    tournament: TournamentOption = None,
    force: SiteForceOption = False,
) -> None:
    from coinche_cli.cli.store import write_site_folder
    from coinche_cli.sheets.site import pages
    from coinche_cli.tournament.site_data import site

    write_site_folder(ctx, folder, force, lambda store: pages(site(store, tournament)))
