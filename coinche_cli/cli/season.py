"""``coinche season``: a club's season ("challenge"): concours added up into one ranking."""

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, cast

import typer

from coinche_cli.cli import completers
from coinche_cli.cli.options import (
    MAX_NUMBER,
    BookArgument,
    CsvFolderOption,
    JsonOption,
    PaperOption,
    SepOption,
    SiteForceOption,
    export_places,
    parse_points,
    points_key_words,
)
from coinche_cli.cli.output import print_json, print_line
from coinche_cli.cli.store import open_store
from coinche_cli.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from coinche_cli.season.model import By, SeasonSettings
    from coinche_cli.store.sql import SqlStore

app = typer.Typer(help=N_("A club's season: concours added up into one ranking (new, add, "
                          "remove, list, show, standings, export, poster, publish)."),
                  no_args_is_help=True)

_NewSeason = Annotated[str, typer.Argument(metavar=N_("SEASON"), help=N_("The season's name."))]
_Season = Annotated[str, typer.Argument(metavar=N_("SEASON"), help=N_("The season's name."),
                                        autocompletion=completers.seasons)]
_Tournaments = Annotated[
    list[str] | None,
    typer.Argument(metavar=N_("TOURNAMENT…"), help=N_("Concours, by their whole names."),
                   show_default=False, autocompletion=completers.tournaments)]


@app.command("new", help=N_(
    "Make a season: how many points a concours' matches earn, and what counts.\n"
    "\n"
    "Example: coinche season new \"Challenge 2025\" --points win=4,loss=2,bye=3 --add-score "
    "--best 12 --min-events 4"))
def new(
    ctx: typer.Context,
    name: _NewSeason,
    points: Annotated[str | None, typer.Option("--points", help=N_(
        "The points of a match: win=4,draw=3,loss=2,bye=3,forfeit=0 (the default; keys not "
        "given keep it), or the five numbers in that order (4,3,2,3,0). A bye, a partie sat "
        "out and a win by forfeit are a bye."))] = None,
    add_score: Annotated[bool, typer.Option("--add-score", help=N_(
        "Add each concours' score (its points for) to the points."))] = False,
    best: Annotated[int | None, typer.Option("--best", help=N_(
        "Count only each player's N best concours."), max=MAX_NUMBER, metavar="N")] = None,
    min_events: Annotated[int | None, typer.Option("--min-events", help=N_(
        "Eligible for the season's prizes: at least K concours played."),
        max=MAX_NUMBER, metavar="K")] = None,
    by: Annotated[str, typer.Option("--by", help=N_(
        "A line per player (mêlées and formed teams) or per team (formed teams)."),
        metavar="player|team")] = "player",
    as_json: JsonOption = False,
) -> None:
    from coinche_cli.season import ops
    from coinche_cli.season.model import DEFAULT_SCALE, SeasonSettings

    scale = parse_points(points, "--points", DEFAULT_SCALE) if points is not None else None
    # a --by of another word is refused by the settings' check, naming --by
    settings = SeasonSettings(scale, add_score, best, min_events, cast("By", by))
    season = ops.new_season(open_store(ctx), name, settings)
    if as_json:
        print_json({"name": season.name, **season.settings.to_json()})
        return
    print_line(_("season {name} made: {rules}").format(name=season.name,
                                                       rules=_rules(season.settings)))


def _rules(settings: "SeasonSettings") -> str:
    from coinche_cli.season.model import SCALE_KEYS

    # the keys as season new takes them, in the language in force (victoire=4, nul=3…)
    parts = [", ".join(f"{points_key_words(key)}={settings.scale[key]}" for key in SCALE_KEYS)]
    if settings.add_score:
        parts.append(_("the score added"))
    if settings.best is not None:
        parts.append(ngettext("the best concours counts", "the {count} best concours count",
                              settings.best).format(count=settings.best))
    if settings.min_events:
        parts.append(ngettext("prizes from {count} concours played",
                              "prizes from {count} concours played",
                              settings.min_events).format(count=settings.min_events))
    parts.append(_("a line per team") if settings.by == "team" else _("a line per player"))
    return _("; ").join(parts)


@app.command("add", help=N_(
    "Add concours to a season (a formed-team concours or a mêlée; a season by team takes "
    "formed teams only).\n"
    "\n"
    "Example: coinche season add \"Challenge 2025\" \"Concours du 7\" \"Mêlée du 14\""))
def add(ctx: typer.Context, name: _Season, tournaments: _Tournaments = None) -> None:
    from coinche_cli.season import ops

    season, added = ops.add_events(open_store(ctx), name, tournaments or [])
    print_line(ngettext("added to {season}: {names} ({count} concours in all)",
                        "added to {season}: {names} ({count} concours in all)",
                        len(season.events)).format(
        season=season.name, names=", ".join(r.name for r in added), count=len(season.events)))


@app.command("remove", help=N_(
    "Take concours out of a season (they stay in the store); --delete forgets the season "
    "itself.\n"
    "\n"
    "Example: coinche season remove \"Challenge 2025\" \"Concours du 7\""))
def remove(
    ctx: typer.Context, name: _Season, tournaments: _Tournaments = None,
    delete: Annotated[bool, typer.Option("--delete", help=N_(
        "Forget the season itself (its concours stay)."))] = False,
) -> None:
    from coinche_cli.season import ops
    from coinche_cli.season.model import SeasonError

    if delete:
        if tournaments:
            raise SeasonError(_("--delete forgets the whole season: name no concours"))
        gone = ops.delete_season(open_store(ctx), name)
        print_line(_("season {name} forgotten; its concours stay").format(name=gone.name))
        return
    season, taken = ops.remove_events(open_store(ctx), name, tournaments or [])
    print_line(ngettext("taken out of {season}: {names} ({count} concours left)",
                        "taken out of {season}: {names} ({count} concours left)",
                        len(season.events)).format(
        season=season.name, names=", ".join(r.name for r in taken), count=len(season.events)))


@app.command("list", help=N_("List the seasons.\n\nExample: coinche season list"))
def list_seasons(ctx: typer.Context, as_json: JsonOption = False) -> None:
    from coinche_cli.season import ops

    seasons = ops.listing(open_store(ctx))
    if as_json:
        print_json([{"name": s.name, "events": len(s.events), "created": s.created,
                     **s.settings.to_json()} for s in seasons])
        return
    if not seasons:
        print_line(_("no season yet: make one with coinche season new"))
    for season in seasons:
        count = ngettext("{count} concours", "{count} concours",
                         len(season.events)).format(count=len(season.events))
        print_line(f"{season.name}  ({count}{_('; ')}{_rules(season.settings)})")


@app.command("show", help=N_(
    "Show a season: how it counts and its concours.\n\nExample: coinche season show "
    "\"Challenge 2025\""))
def show(ctx: typer.Context, name: _Season, as_json: JsonOption = False) -> None:
    from coinche_cli.season import ops

    season, events = ops.show(open_store(ctx), name)
    if as_json:
        print_json({"name": season.name, "created": season.created,
                    **season.settings.to_json(),
                    "events": [{"tournament": r.name, "created": r.created,
                                "format": r.settings.get("format", "teams")} for r in events]})
        return
    print_line(_("{season}: {rules}").format(season=season.name,
                                             rules=_rules(season.settings)))
    for number, record in enumerate(events, start=1):
        kind = _("mêlée") if record.settings.get("format") == "melee" else _("formed teams")
        print_line(f"  {number:>3}  {record.created[:10]}  {record.name}  ({kind})")
    if not events:
        print_line("  " + _("no concours yet: coinche season add SEASON TOURNAMENT…"))


@app.command("standings", help=N_(
    "The season's ranking: points, concours played and counted, wins, losses, score, who is "
    "eligible for the prizes; --wide adds a column per concours.\n"
    "\n"
    "Example: coinche season standings \"Challenge 2025\" --json"))
def standings(
    ctx: typer.Context, name: _Season, as_json: JsonOption = False,
    wide: Annotated[bool, typer.Option("--wide", help=N_(
        "A column per concours (the concours not counted in brackets)."))] = False,
) -> None:
    from coinche_cli.cli.season_view import render_standings
    from coinche_cli.season import ops

    table = ops.standings(open_store(ctx), name)
    if as_json:
        print_json(table.to_json())
        return
    render_standings(table, wide)


@app.command("export", help=N_(
    "Export the season's ranking: a workbook (a column per concours, the counted ones "
    "highlighted, a chart of the top 10) and/or CSV files.\n"
    "\n"
    "Example: coinche season export \"Challenge 2025\" challenge.xlsx --csv challenge"))
def export(
    ctx: typer.Context, name: _Season, path: BookArgument = None,
    csv_dir: CsvFolderOption = None, sep: SepOption = None,
) -> None:
    from coinche_cli.cli.store import refuse_own_files
    from coinche_cli.season import ops
    from coinche_cli.sheets.season import csv_files, write_season_book, write_season_csv
    from coinche_cli.sheets.writing import check_separator

    sep = check_separator(sep)
    store = open_store(ctx)
    refuse_own_files(store, [path], [] if csv_dir is None else [csv_dir])  # the clearest
    export_places(path, csv_dir)
    table = ops.standings(store, name)
    data = table.export_data()
    refuse_own_files(store, [], [] if csv_dir is None else csv_files(csv_dir, data))
    written = []  # each file with its own lines: the workbook's are its standings'
    if path is not None:
        write_season_book(path, data)
        written.append((path, len(table.lines)))
    if csv_dir is not None:
        written += write_season_csv(csv_dir, data, sep)
    for done, count in written:
        print_line(ngettext("wrote {path} ({count} line)", "wrote {path} ({count} lines)",
                            count).format(path=done, count=count))


@app.command("poster", help=N_(
    "Write the season's challenge as a poster for the wall: its ranking with a column per "
    "concours (the counted ones in bold, the others in brackets), one HTML page to print on "
    "A4 (or A3: --paper a3) from any browser, its type sized to fill the page.\n"
    "\n"
    "Example: coinche season poster \"Challenge 2025\" challenge.html --paper a3"))
def poster(
    ctx: typer.Context, name: _Season,
    path: Annotated[Path, typer.Argument(metavar=N_("FILE"), help=N_(
        "The page to write (.html)."))],
    paper: PaperOption = "a4",
) -> None:
    from coinche_cli.cli.store import write_poster_file
    from coinche_cli.season import ops
    from coinche_cli.season.views import season_poster

    write_poster_file(ctx, path, paper,
                      lambda store: season_poster(ops.standings(store, name).export_data()))


@app.command("publish", help=N_(
    "Write the season's results site into a folder: its ranking with a column per concours "
    "(the counted ones in bold, the others in brackets) and a page per player (or team) "
    "with its part in each concours; self-contained pages for a USB stick, a static host or "
    "an e-mail. Run again, it replaces only the files it wrote; a folder holding other "
    "files needs --force.\n"
    "\n"
    "Example: coinche season publish \"Challenge 2025\" challenge"))
def publish(
    ctx: typer.Context, name: _Season,
    folder: Annotated[Path, typer.Argument(metavar=N_("DIR"),
                                           help=N_("The folder the site is written to."))],
    force: SiteForceOption = False,
) -> None:
    from coinche_cli.cli.store import write_site_folder
    from coinche_cli.season import ops
    from coinche_cli.season.site_views import season_site
    from coinche_cli.sheets.site import season_pages

    def drawn(store: "SqlStore") -> dict[str, str]:
        table = ops.standings(store, name)
        return season_pages(season_site(table.to_json(), table.export_data()))

    write_site_folder(ctx, folder, force, drawn)
