"""``coinche tournament player …``: a mêlée's players, registered one by one."""

from pathlib import Path
from typing import Annotated

import typer

from coinche_cli.cli import completers
from coinche_cli.cli.options import JsonOption, TournamentOption
from coinche_cli.cli.output import print_json, print_line
from coinche_cli.cli.store import open_store
from coinche_cli.i18n import N_, _, ngettext

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
    from coinche_cli.tournament import melee

    player = melee.add_player(open_store(ctx), tournament, name, club, licence)
    if as_json:
        print_json({"name": player.name, "club": player.club, "licence": player.licence,
                    "joined_round": player.joined_round})
        return
    print_line(_("registered {name} (drawn from round {round})").format(
        name=player.name, round=player.joined_round))


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
    from coinche_cli.sheets.reading import read_players
    from coinche_cli.tournament import melee

    rows = read_players(path)
    players = melee.import_players(open_store(ctx), tournament,
                                   [(r.row, r.name, r.club, r.licence) for r in rows])
    print_line(ngettext("registered {count} player from {path}",
                        "registered {count} players from {path}",
                        len(players)).format(count=len(players), path=path))


@app.command("list", help=N_("List a mêlée's players."))
def player_list(ctx: typer.Context, tournament: TournamentOption = None,
                as_json: JsonOption = False) -> None:
    from coinche_cli.tournament import melee, views
    from coinche_cli.tournament import ops as tournaments

    found = tournaments.load(open_store(ctx), tournament)
    melee.players_only(found)
    rows = views.players_json(found)
    if as_json:
        print_json(rows)
        return
    for row in rows:
        club = f"  ({row['club']})" if row["club"] else ""
        left = ("" if row["dropped_after"] is None
                else "  " + _("left after round {round}").format(round=row["dropped_after"]))
        print_line(f"{row['registered']:>4}  {row['name']}{club}{left}")


@app.command("drop", help=N_("A player leaves: no longer drawn; their results are kept."))
def player_drop(ctx: typer.Context, name: _Playing, tournament: TournamentOption = None
                ) -> None:
    from coinche_cli.tournament import melee

    player, after = melee.drop_player(open_store(ctx), tournament, name)
    print_line(_("{name} leaves: not drawn from round {round} on").format(
        name=player.name, round=after + 1))


@app.command("return", help=N_(
    "A player who left comes back: drawn again from the next partie.\n"
    "\n"
    "Example: coinche tournament player return \"Ana Martin\""))
def player_return(ctx: typer.Context, name: _Gone, tournament: TournamentOption = None
                  ) -> None:
    from coinche_cli.tournament import melee

    player, back = melee.return_player(open_store(ctx), tournament, name)
    print_line(_("{name} is back: drawn again from round {round}").format(
        name=player.name, round=back))
