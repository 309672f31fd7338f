"""``coinche store``: the stores themselves; ``store copy`` moves an event from one to another
(:mod:`coinche_cli.store_copy`)."""

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from coinche_cli.cli.output import print_json, print_line
from coinche_cli.errors import escaped_text
from coinche_cli.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from coinche_cli.store_copy import CopyReport

app = typer.Typer(help=N_("The stores themselves: copy an event from one to another, import "
                            "a concours's event file."),
                  no_args_is_help=True)


@app.command("copy", help=N_(
    "Copy every game and tournament from SOURCE to DESTINATION (each a file or a "
    "postgresql:// URL), then check the copy: every row, and every --json view the same as "
    "the original's.  DESTINATION must hold no game and no tournament, unless --merge adds to "
    "what it holds (no tournament name may be in both).\n"
    "\n"
    "Example: coinche store copy concours.db postgresql://club@serveur/concours"))
def copy(
    source: Annotated[str, typer.Argument(metavar=N_("SOURCE"),
                                          help=N_("The store to copy: a file or a URL."))],
    destination: Annotated[str, typer.Argument(
        metavar=N_("DESTINATION"), help=N_("The store to copy into: a file or a URL."))],
    merge: Annotated[bool, typer.Option(
        "--merge", help=N_("Add to a destination that already holds games or tournaments; "
                           "their ids follow its own."))] = False,
    as_json: Annotated[bool, typer.Option("--json", help=N_("Print JSON."))] = False,
) -> None:
    from coinche_cli.store_copy import copy_store

    _report(copy_store(source, destination, merge=merge), as_json)


@app.command("import", help=N_(
    "Import a concours from its event file (tournament export --event) into the store, "
    "then check it: every --json view the same as the exported concours's. A concours of "
    "that name must not be in the store already: --rename imports it beside it.\n"
    "\n"
    "Example: coinche store import concours-lyon.json --rename \"Lyon, mars\""))
def import_event(
    ctx: typer.Context,
    path: Annotated[Path, typer.Argument(metavar=N_("FILE.json"),
                                         help=N_("The event file to import."))],
    rename: Annotated[str | None, typer.Option(
        "--rename", metavar=N_("NAME"),
        help=N_("Import the concours under this name (when the store already has one of "
                "the file's name)."), show_default=False)] = None,
    as_json: Annotated[bool, typer.Option("--json", help=N_("Print JSON."))] = False,
) -> None:
    from coinche_cli.cli.store import open_store
    from coinche_cli.sheets.event_reader import read_event_file
    from coinche_cli.store_event import import_event as imported

    data = read_event_file(path)
    done = imported(open_store(ctx), data, rename)
    if as_json:
        print_json({"name": done.name, "rows": done.rows, "views": done.views})
        return
    print_line(_("imported “{name}” from {path}").format(name=escaped_text(done.name),
                                                        path=path))
    if done.views:
        print_line(ngettext("verified: the {count} --json view is the exported concours's",
                            "verified: the {count} --json views are the exported concours's",
                            done.views).format(count=done.views))
    else:
        print_line(_("the file holds no views to compare (not written by coinche): its own "
                     "checks passed"))


#: The tables only a mêlée or the registration desk fills: a copy without them reports as it
#: did before them.
_MELEE_TABLES = ("player", "sitting_out", "checkin", "payment", "prize", "prize_pot",
                 "prize_order")
#: The tables only a season fills (people renamed or merged, seasons): the same.
_SEASON_TABLES = ("person", "person_key", "person_merge", "season", "season_event")


def _report(copied: "CopyReport", as_json: bool) -> None:
    rows = {table: count for table, count in copied.rows.items()
            if count or table not in _MELEE_TABLES + _SEASON_TABLES}
    if as_json:
        print_json({"source": copied.source, "destination": copied.destination,
                    "merge": copied.merge, "rows": rows,
                    "games": {str(k): v for k, v in copied.games.items()},
                    "tournaments": {str(k): v for k, v in copied.tournaments.items()},
                    "views": copied.views, "checksum": copied.checksum})
        return
    print_line(_("copied {source} into {destination}").format(
        source=copied.source, destination=copied.destination))
    print_line(_("  games: {games} (deals, with those undone or replaced: {deals})").format(
        games=rows["game"], deals=rows["deal"]))
    print_line(_("  tournaments: {tournaments} (teams: {teams}, rounds: {rounds}, tables: "
                 "{tables}, corrected results: {corrections}, penalties: {penalties})").format(
                     tournaments=rows["tournament"], teams=rows["team"], rounds=rows["round"],
                     tables=rows["board"], corrections=rows["board_history"],
                     penalties=rows["penalty"]))
    for old, new in copied.games.items():
        if old != new:
            print_line(_("  game {old} is game {new} there").format(old=old, new=new))
    print_line(ngettext("verified: every row is there, and the {count} --json view is the "
                        "original's (sha256 {checksum}…)",
                        "verified: every row is there, and the {count} --json views are the "
                        "original's (sha256 {checksum}…)",
                        copied.views).format(count=copied.views, checksum=copied.checksum[:16]))
