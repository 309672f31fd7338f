"""``coinche tournament team …``: a concours' formed teams, one door onto its entrants
(:mod:`coinche_cli.cli.entrants` does the work)."""

from pathlib import Path
from typing import Annotated

import typer

from coinche_cli.cli import completers, entrants
from coinche_cli.cli.options import JsonOption, TournamentOption
from coinche_cli.i18n import N_

app = typer.Typer(help=N_("Register, import, list and drop teams."), no_args_is_help=True)


@app.command("add", help=N_(
    "Register a team (after round 1 is paired: a late entry for the next round).\n"
    "\n"
    "Example: coinche tournament team add \"Les As\" --players \"Ana, Bob\""))
def team_add(
    ctx: typer.Context,
    name: Annotated[str, typer.Argument(metavar=N_("NAME"), help=N_("The team's name."))],
    players: Annotated[str, typer.Option("--players", help=N_('"Ana, Bob"'))] = "",
    club: Annotated[str, typer.Option("--club", help=N_("The team's club."))] = "",
    tournament: TournamentOption = None,
    as_json: JsonOption = False,
) -> None:
    from coinche_cli.tournament.entrants import Registration

    entrants.register_one(ctx, "team", Registration(name, players, club), tournament, as_json)


@app.command("import", help=N_(
    "Register every team of a spreadsheet (none when any row is bad).\n"
    "\n"
    "Example: coinche tournament team import equipes.xlsx"))
def team_import(
    ctx: typer.Context,
    path: Annotated[Path, typer.Argument(metavar=N_("FILE"),
                                         help=N_("CSV or XLSX: équipe/team, joueur 1, joueur 2."))],
    tournament: TournamentOption = None,
) -> None:
    entrants.register_file(ctx, "team", path, tournament)


@app.command("list", help=N_("List the registered teams."))
def team_list(ctx: typer.Context, tournament: TournamentOption = None,
              as_json: JsonOption = False) -> None:
    entrants.list_entrants(ctx, "team", tournament, as_json)


@app.command("drop", help=N_("A team leaves: no longer paired; its results are kept."))
def team_drop(ctx: typer.Context,
              name: Annotated[str, typer.Argument(metavar=N_("NAME"), help=N_("Team name."),
                                                  autocompletion=completers.entrants)],
              tournament: TournamentOption = None) -> None:
    entrants.leave(ctx, "team", name, tournament)


@app.command("return", help=N_(
    "A team that left comes back: it is paired again from the next round.\n"
    "\n"
    "Example: coinche tournament team return \"Les Dix\""))
def team_return(ctx: typer.Context,
                name: Annotated[str, typer.Argument(metavar=N_("NAME"), help=N_("Team name."),
                                                    autocompletion=completers.gone_entrants)],
                tournament: TournamentOption = None) -> None:
    entrants.come_back(ctx, "team", name, tournament)
