"""``coinche game``: keep score of a game at the table."""


from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from coinche_cli.cli import completers, share
from coinche_cli.cli.game_serve import HELP as SERVE_HELP
from coinche_cli.cli.game_serve import serve
from coinche_cli.cli.game_stats import HELP as STATS_HELP
from coinche_cli.cli.game_stats import stats
from coinche_cli.cli.options import (
    MAX_NUMBER,
    BookArgument,
    CsvFolderOption,
    DealInput,
    GameOption,
    JsonOption,
    RulesOption,
    SepOption,
    TournamentOption,
    deal_options,
    export_places,
    rules_chosen,
)
from coinche_cli.cli.output import print_json, print_line, warning_line
from coinche_cli.cli.store import open_store
from coinche_cli.errors import GameError
from coinche_cli.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from coinche_cli.game.state import Change
    from coinche_cli.game.views import ListedGame

app = typer.Typer(help=N_("Keep score of a game: new, add, pass, show, undo, edit, play, export."),
                  no_args_is_help=True)


@app.command("new", help=N_(

    "Start a game; it becomes the current game.  With --table, the game scores that table of the "
    "tournament's current round (teams, rules and format filled in) and its final totals become "
    "the table's result.\n\n"
    "Example: coinche game new --rules standard --team \"Les As\" --team \"Les Rois\""))
def new(
    ctx: typer.Context,
    rules_name: RulesOption = "standard",
    team: Annotated[
        list[str] | None, typer.Option("--team", "-t", help=N_("Team name (twice: A then B)."))
    ] = None,
    player: Annotated[
        list[str] | None, typer.Option("--player", help=N_("Player name (chien: 2 or 3 times)."))
    ] = None,
    players: Annotated[
        int | None, typer.Option("--players", help=N_("Number of players."), min=1, max=9)
    ] = None,
    dealer: Annotated[
        str | None, typer.Option("--dealer", help=N_("Side that deals first."),
                                 autocompletion=completers.new_sides)
    ] = None,
    target: Annotated[
        int | None, typer.Option("--target", help=N_("Play to N points."), max=MAX_NUMBER)
    ] = None,
    deals: Annotated[
        int | None, typer.Option("--deals", help=N_("Play N deals, then compare totals."),
                                 max=MAX_NUMBER)
    ] = None,
    table: Annotated[
        int | None,
        typer.Option("--table", help=N_("Score this table of the current tournament round."),
                     min=1, max=MAX_NUMBER),
    ] = None,
    tournament: TournamentOption = None,
    as_json: JsonOption = False,
) -> None:
    from coinche_cli.cli import game_view
    from coinche_cli.game import ops as games
    from coinche_cli.game import views as game_json
    from coinche_cli.rules.loader import load_rules

    if table is not None:
        _refuse_for_a_table(ctx)
    store = open_store(ctx)
    if table is not None:
        from coinche_cli.tournament.table_games import create_table_game

        game_id = create_table_game(store, tournament, table)
        record, state = games.load(store, game_id)
        if as_json:
            print_json({"id": record.id, **game_json.state_json(record, state)})
            return
        print_line(_("game {id} keeps the score of table {table}: {teams}").format(
            id=record.id, table=table, teams=" / ".join(state.setup.names.values())))
        return
    if target is None and deals is None:  # the house's target, unless the game has its own end
        from coinche_cli.cli import house

        target = house.current().use("target")
    record, state = games.new_game(
        store, load_rules(rules_chosen(ctx, rules_name)), players=players,
        names=[*(team or []), *(player or [])], dealer=dealer, target=target, deals=deals,
    )
    if as_json:
        print_json({"id": record.id, **game_json.state_json(record, state)})
        return
    print_line(_("game {id} started: {rules}, {sides}; first dealer {dealer}").format(
        id=record.id, rules=record.rules_name, sides=" / ".join(state.setup.names.values()),
        dealer=state.setup.seat_label(state.next_dealer)))
    for line in game_view.totals_lines(state):
        print_line(line)


#: What ``game new`` takes that a table's game takes from its tournament (``--table``): the
#: parameter and its option.
_FROM_THE_TOURNAMENT = (("rules_name", "--rules"), ("team", "--team"), ("player", "--player"),
                        ("players", "--players"), ("target", "--target"), ("deals", "--deals"))


def _refuse_for_a_table(ctx: typer.Context) -> None:
    """Refuse, with ``--table``, an option the table's game would ignore: its tournament sets
    the rules, the teams and the format, and its first team deals first."""
    from coinche_cli.errors import InputError

    def given(name: str) -> bool:
        source = ctx.get_parameter_source(name)
        return source is not None and source.name != "DEFAULT"

    for name, option in _FROM_THE_TOURNAMENT:
        if given(name):
            raise InputError(option, _("not with --table: the table's tournament sets it"))
    if given("dealer"):
        raise InputError("--dealer", _("not with --table: the table's first team deals "
                                       "first"))


@app.command("add", help=N_(
    "Record the deal just played (same syntax as coinche score); TAKER may be a name.\n"
    "\n"
    "Example: coinche game add \"Les As\" 100S 104 --belote A --announce A:cinquante"))
@deal_options
def add(ctx: typer.Context, deal: DealInput, game: GameOption = None,
        as_json: JsonOption = False) -> None:
    from coinche_cli.game import ops as games

    if deal.passed():  # "game add passe": everybody passed, as game pass
        _report(games.add(open_store(ctx), game, None), "pass", as_json)
        return
    played = deal()  # a malformed deal is refused before the store is opened
    _report(games.add(open_store(ctx), game, played), "add", as_json)


@app.command("pass", help=N_(
    "Record a deal where everybody passed: no score, the next player deals.\n"
    "\n"
    "Example: coinche game pass"))
def pass_(ctx: typer.Context, game: GameOption = None, as_json: JsonOption = False) -> None:
    from coinche_cli.game import ops as games

    _report(games.add(open_store(ctx), game, None), "pass", as_json)


@app.command("undo", help=N_(
    "Remove the last deal (it stays in the game's history).\n"
    "\n"
    "Example: coinche game undo"))
def undo(ctx: typer.Context, game: GameOption = None, as_json: JsonOption = False) -> None:
    from coinche_cli.game import ops as games

    _report(games.undo(open_store(ctx), game), "undo", as_json)


@app.command("edit", help=N_(
    "Replace deal N; every later total is recomputed and the old deal kept in the history.\n"
    "\n"
    "Example: coinche game edit 3 B 90H 95"))
@deal_options
def edit(
    ctx: typer.Context,
    number: Annotated[int, typer.Argument(metavar=N_("NUMBER"),
                                          help=N_("The deal to replace."), min=1, max=MAX_NUMBER)],
    deal: DealInput,
    passed: Annotated[bool, typer.Option("--pass", help=N_("It was a deal everybody passed."))] = (
        False
    ),
    game: GameOption = None,
    as_json: JsonOption = False,
) -> None:
    from coinche_cli.game import ops as games

    played = None if passed else deal()
    _report(games.edit(open_store(ctx), game, number, played), "edit", as_json)


def _report(change: "Change", verb: str, as_json: bool) -> None:
    for warning in change.warnings:
        warning_line(warning)
    if as_json:  # each form loads only its own module: this runs after every deal
        from coinche_cli.game import views as game_json

        print_json(game_json.change_json(change))
        return
    from coinche_cli.cli import game_view

    for line in game_view.change_lines(change, verb):
        print_line(line)


@app.command("show", help=N_(

    "Show the score sheet: every deal, the running totals and a summary per side; with --history,"
    " the deals removed by undo or replaced by edit too (JSON: \"history\").  One line per deal, "
    "fitted to the terminal; --wide adds the dealer's name and why each deal scored what it did, "
    "names never cut.\n\n"
    "Example: coinche game show --json"))
def show(ctx: typer.Context, game: GameOption = None, as_json: JsonOption = False,
         history: Annotated[
             bool, typer.Option("--history", help=N_("Also the deals undone or replaced."))
         ] = False,
         wide: Annotated[
             bool, typer.Option("--wide", help=N_("Every column, whole: the dealer's name, why "
                                "each deal scored."))
         ] = False) -> None:
    from coinche_cli.cli import game_view
    from coinche_cli.game import ops as games
    from coinche_cli.game import views as game_json

    store = open_store(ctx)
    record, state = games.load(store, game)
    undone = games.history(store, record.id)
    corrections = game_json.history_json(undone)
    if as_json:
        print_json(game_json.shown_json(record, state, undone))
        return
    game_view.render_sheet(record, state, wide)
    if history:
        from coinche_cli.formats import moment_text
        from coinche_cli.scoring.deal import deal_from_json
        from coinche_cli.store.records import status_words

        for item in corrections:  # each moment in local time (the JSON keeps ISO)
            deal = item["deal"]
            words = _("passe") if deal is None else " ".join(deal_from_json(deal).to_words())
            status = status_words(item["status"])
            print_line(_("deal {number} {status} on {changed}: {deal} (entered {recorded})").format(
                number=item["number"], deal=words, status=status,
                changed=moment_text(item["changed"] or ""), recorded=moment_text(item["recorded"])))


@app.command("list", help=N_(
    "List the games in the store.\n"
    "\n"
    "Example: coinche game list"))
def list_games(ctx: typer.Context, as_json: JsonOption = False) -> None:
    from coinche_cli.game import ops as games

    rows: list[ListedGame] = [
        {"id": record.id, "rules": record.rules_name, "sides": dict(state.setup.names),
         "deals": len(state.rows), "totals": dict(state.totals), "finished": state.finished,
         "winner": state.winner, "created": record.created, "current": current}
        for record, state, current in games.list_games(open_store(ctx))
    ]
    if as_json:
        print_json(rows)
        return
    if not rows:
        print_line(_("no games yet"))
    for row in rows:
        mark = "*" if row["current"] else " "
        sides = " / ".join(f"{n} {row['totals'][s]}" for s, n in row["sides"].items())
        deals = ngettext("{count} deal", "{count} deals", row["deals"]).format(count=row["deals"])
        print_line(f"{mark} {row['id']:>4}  {row['rules']:<10} {deals:>9}  {sides}")


@app.command("use", help=N_(
    "Make another game the current one.\n"
    "\n"
    "Example: coinche game use 3"))
def use(ctx: typer.Context,
        game_id: Annotated[int, typer.Argument(metavar=N_("GAME"), help=N_("Game id."),
                                               min=1, max=MAX_NUMBER,
                                               autocompletion=completers.games)],
        ) -> None:
    from coinche_cli.game import ops as games

    record = games.use(open_store(ctx), game_id)
    print_line(_("current game: {id}").format(id=record.id))


@app.command("export", help=N_(
    "Export the score sheet: one row per deal with every field, scores and running totals.\n"
    "\n"
    "FILE.xlsx is a workbook (Deals, and a Summary with a chart of the totals); --csv DIR "
    "writes the deals as a CSV file in that folder, named game-ID.csv. Either, or both.\n"
    "\n"
    "Example: coinche game export partie.xlsx --csv exports"))
def export(
    ctx: typer.Context,
    book: BookArgument = None,
    folder: CsvFolderOption = None,
    xlsx_path: Annotated[  # the older spelling of FILE.xlsx, still read
        Path | None, typer.Option("--xlsx", hidden=True)
    ] = None,
    sep: SepOption = None,
    game: GameOption = None,
) -> None:
    from coinche_cli.cli.store import refuse_own_files
    from coinche_cli.game import ops as games
    from coinche_cli.sheets.game import csv_file, export_game
    from coinche_cli.sheets.writing import check_separator

    if book is not None and xlsx_path is not None:
        raise GameError(_("give the workbook once: FILE.xlsx or --xlsx FILE, not both"))
    sep = check_separator(sep)
    store = open_store(ctx)
    # the store's own files first, the clearest refusal (the folder too: a folder made where
    # the store's journal goes would break the store)
    refuse_own_files(store, [book, xlsx_path], [] if folder is None else [folder])
    # the older spelling of --csv named the file itself (--csv partie.csv): still read
    csv_path = folder if _names_a_csv_file(folder) else None
    folder = None if csv_path is not None else folder
    export_places(book or xlsx_path, folder, any_book=xlsx_path is not None, csv_file=csv_path)
    record, state = games.load(store, game)
    if folder is not None:
        csv_path = csv_file(folder, record.id)
        refuse_own_files(store, [], [csv_path])
    book = book or xlsx_path
    export_game(state, csv_path=csv_path, xlsx_path=book, sep=sep)
    for path in (csv_path, book):
        if path is not None:
            print_line(ngettext("wrote {path} ({count} deal)", "wrote {path} ({count} deals)",
                                len(state.rows)).format(path=path, count=len(state.rows)))


def _names_a_csv_file(path: Path | None) -> bool:
    """Whether ``--csv`` names a file, as it did before it took a folder: a name ending in
    ``.csv`` that is not a folder."""
    return path is not None and path.suffix.lower() == ".csv" and not path.is_dir()


@app.command("play", help=N_(

    "Enter deals one after another, with prompts; u undoes, p records a pass, q leaves.\n\n"
    "Every deal is saved as soon as it is entered; Ctrl-C leaves without losing any. Example: "
    "coinche game play"))
def play(ctx: typer.Context, game: GameOption = None) -> None:
    import sys

    from coinche_cli.cli.game_play import play_loop

    # a byte that is not UTF-8 becomes a surrogate the loop refuses, instead of a decoding
    # error that would lose the rest of what was typed ahead
    if hasattr(sys.stdin, "reconfigure"):
        sys.stdin.reconfigure(errors="surrogateescape")

    play_loop(open_store(ctx), game, input)


app.command("stats", help=STATS_HELP)(stats)  # the café's statistics (issue 20)
app.command("serve", help=SERVE_HELP)(serve)  # the score sheet on the phone (issue 35)
app.command("share", help=share.GAME_HELP)(share.game_share)  # a picture to share (issue 36)
