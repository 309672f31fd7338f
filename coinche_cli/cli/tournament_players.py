"""``coinche tournament player …``: a mêlée's players, one door onto a concours' entrants
(:mod:`coinche_cli.cli.entrants` does the work)."""

from pathlib import Path
from typing import Annotated

import typer

from coinche_cli.cli import completers, entrants
from coinche_cli.cli.options import JsonOption, TournamentOption
from coinche_cli.i18n import N_

app = typer.Typer(help=N_("A mêlée's players: register, import, list, drop and return."),
                  no_args_is_help=True)

_Name = Annotated[str, typer.Argument(metavar=N_("NAME"), help=N_("The player's name."))]
_Playing = Annotated[str, typer.Argument(metavar=N_("NAME"), help=N_("The player's name."),
                                         autocompletion=completers.entrants)]
_Gone = Annotated[str, typer.Argument(metavar=N_("NAME"), help=N_("The player's name."),
                                      autocompletion=completers.gone_entrants)]


@app.command("add", help=N_(
    "Register a player of a mêlée (after the first partie is drawn: a late entry for the "
    "next one).\n"
    "\n"
    "Example: coinche tournament player add \"Ana Martin\" --club Bazas"))
def player_add(
    ctx: typer.Context,
    name: _Name,
    club: Annotated[str, typer.Option("--club", help=N_("The player's club."))] = "",
    licence: Annotated[str, typer.Option("--licence", help=N_("The player's licence "
                                                               "number."))] = "",
    tournament: TournamentOption = None,
    as_json: JsonOption = False,
) -> None:
    from coinche_cli.tournament.entrants import Registration

    entrants.register_one(ctx, "player", Registration(name, (), club, licence), tournament,
                          as_json)


@app.command("import", help=N_(
    "Register every player of a spreadsheet (none when any row is bad).\n"
    "\n"
    "Example: coinche tournament player import joueurs.xlsx"))
def player_import(
    ctx: typer.Context,
    path: Annotated[Path, typer.Argument(metavar=N_("FILE"), help=N_(
        "CSV, XLSX or ODS: nom/name, and optionally club and licence."))],
    tournament: TournamentOption = None,
) -> None:
    entrants.register_file(ctx, "player", path, tournament)


@app.command("list", help=N_("List a mêlée's players."))
def player_list(ctx: typer.Context, tournament: TournamentOption = None,
                as_json: JsonOption = False) -> None:
    entrants.list_entrants(ctx, "player", tournament, as_json)


@app.command("drop", help=N_("A player leaves: no longer drawn; their results are kept."))
def player_drop(ctx: typer.Context, name: _Playing, tournament: TournamentOption = None
                ) -> None:
    entrants.leave(ctx, "player", name, tournament)


@app.command("return", help=N_(
    "A player who left comes back: drawn again from the next partie.\n"
    "\n"
    "Example: coinche tournament player return \"Ana Martin\""))
def player_return(ctx: typer.Context, name: _Gone, tournament: TournamentOption = None
                  ) -> None:
    entrants.come_back(ctx, "player", name, tournament)
