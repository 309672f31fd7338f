"""``coinche tournament standings`` and ``coinche tournament show``: what a concours reads
like after a round (its standings, a round's tables), over :mod:`coinche_cli.tournament.ops`."""

from typing import Annotated

import typer

from coinche_cli.cli.options import JsonOption, RoundOption, TournamentOption
from coinche_cli.cli.output import print_json, print_line
from coinche_cli.cli.store import open_store
from coinche_cli.i18n import N_, _

STANDINGS_HELP = N_(
    "Show the standings (after a given round with --round), one line per team fitted to the "
    "terminal; --wide adds the players and the secondary columns, names never cut.\n\n"
    "Example: coinche tournament standings --json")


def standings(ctx: typer.Context, round_number: RoundOption = None,
              tournament: TournamentOption = None, as_json: JsonOption = False,
              wide: Annotated[
                  bool, typer.Option("--wide", help=N_("Every column, whole: players, points "
                                     "against, Buchholz, byes, forfeits, penalties."))
              ] = False,
              stage: Annotated[str | None, typer.Option("--stage", metavar=N_("NAME"), help=N_(
                  "One stage's own standings (default, once a later stage has started: the "
                  "final ranking of the concours)."))] = None) -> None:
    from coinche_cli.cli import tournament_view as view
    from coinche_cli.tournament import ops as tournaments
    from coinche_cli.tournament import views as tournament_json
    found = tournaments.load(open_store(ctx), tournament)
    if found.settings.melee:
        view.render_player_standings(found, round_number, wide, as_json)
        return
    if found.stages and (stage is not None or round_number is None):
        from coinche_cli.cli.tournament_stages import render_stage_standings

        if render_stage_standings(found, stage, wide, as_json):
            return
    rows = tournaments.ranked(found, round_number)
    if as_json:
        print_json(tournament_json.standings_json(rows))
        return
    view.render_standings(found, rows, round_number, wide)


SHOW_HELP = N_(
    "Show a round's pairings and results (default: the current round); --codes adds each "
    "table's entry code, for the players who enter their result from a phone (tournament "
    "serve --entry); --history, every result entered at each table: how, when, and each "
    "one a correction replaced.")


def show(ctx: typer.Context, round_number: RoundOption = None,
         tournament: TournamentOption = None, as_json: JsonOption = False,
         codes: Annotated[bool, typer.Option(
             "--codes", help=N_("Each table's entry code (keep them from the players' "
                                "eyes until the sheets are handed out)."))] = False,
         history: Annotated[bool, typer.Option(
             "--history", help=N_("Every result entered at each table, and where it came "
                                  "from (typed, imported, phone, deal by deal)."))] = False,
         stage: Annotated[str | None, typer.Option("--stage", metavar=N_("NAME"), help=N_(
             "Only the tables of that stage."))] = None,
         ) -> None:
    from coinche_cli.cli import tournament_view as view
    from coinche_cli.tournament import ops as tournaments
    from coinche_cli.tournament import views as tournament_json

    seen = tournaments.shown(open_store(ctx), tournament, round_number, codes=codes,
                             history=history)
    found, played, table_codes, records = seen.tournament, seen.round, seen.codes, seen.history
    if stage is not None:
        from coinche_cli.tournament.stages import stage_named

        chosen = stage_named(found, stage, "--stage").position
        played = played.with_boards(tuple(b for b in played.boards if (b.stage or 0) == chosen))
        table_codes = {t: c for t, c in table_codes.items() if played.board(t) is not None}
    if as_json:
        data = tournament_json.round_json(found, played)
        for table in data["tables"] if codes else ():
            table["code"] = table_codes[table["table"]]
        if history:
            data["history"] = tournament_json.history_json(found, records, played.number)
        print_json(data)
        return
    for line in view.round_lines(found, played):
        print_line(line)
    for number, code in table_codes.items():
        print_line(_("  table {table}: code {code}").format(table=number, code=code))
    if history:
        for line in view.history_lines(found, records, played.number):
            print_line(line)
