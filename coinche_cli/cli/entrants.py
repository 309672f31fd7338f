"""What the two doors onto a concours' entrants do: ``tournament team …`` (formed teams,
:mod:`coinche_cli.cli.tournament_teams`) and ``tournament player …`` (a mêlée's players,
:mod:`coinche_cli.cli.tournament_players`).  Each door declares its own arguments, options
and help; registering, importing, listing, leaving and coming back are written once here,
on :mod:`coinche_cli.tournament.entrants`, and say what they did in the door's words."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, assert_never

import typer

from coinche_cli.cli.output import print_json, print_line
from coinche_cli.cli.store import open_store
from coinche_cli.i18n import _, ngettext

if TYPE_CHECKING:
    from coinche_cli.tournament.entrants import Registration
    from coinche_cli.tournament.model import Entrant, EntrantKind


def register_one(ctx: typer.Context, kind: EntrantKind, row: Registration,
                 tournament: str | None, as_json: bool) -> None:
    """``team add``, ``player add``."""
    from coinche_cli.tournament import entrants, views

    entrant = entrants.add(open_store(ctx), tournament, kind, row)
    if as_json:
        print_json(views.registered_json(entrant))
        return
    match kind:
        case "team":
            told = _("registered {name} (plays from round {round})")
        case "player":
            told = _("registered {name} (drawn from round {round})")
        case unreachable:
            assert_never(unreachable)
    print_line(told.format(name=entrant.name, round=entrant.joined_round))


def register_file(ctx: typer.Context, kind: EntrantKind, path: Path,
                  tournament: str | None) -> None:
    """``team import``, ``player import``: every row of a spreadsheet, or none."""
    from coinche_cli.sheets import reading
    from coinche_cli.tournament import entrants
    from coinche_cli.tournament.entrants import Registration

    match kind:
        case "team":
            rows = [Registration(r.name, r.players, r.club, row=r.row)
                    for r in reading.read_teams(path)]
        case "player":
            rows = [Registration(r.name, (), r.club, r.licence, r.row)
                    for r in reading.read_players(path)]
        case unreachable:
            assert_never(unreachable)
    count = len(entrants.register(open_store(ctx), tournament, kind, rows))
    match kind:
        case "team":
            told = ngettext("registered {count} team from {path}",
                            "registered {count} teams from {path}", count)
        case "player":
            told = ngettext("registered {count} player from {path}",
                            "registered {count} players from {path}", count)
        case unreachable:
            assert_never(unreachable)
    print_line(told.format(count=count, path=path))


def list_entrants(ctx: typer.Context, kind: EntrantKind, tournament: str | None,
                  as_json: bool) -> None:
    """``team list``, ``player list``: in registration order."""
    from coinche_cli.tournament import entrants, views
    from coinche_cli.tournament.found import load

    found = load(open_store(ctx), tournament)
    entrants.door(found, kind)
    if as_json:
        print_json([views.entrant_row(entrant) for entrant in found.entrants])
        return
    for entrant in found.entrants:
        print_line(_line(entrant))


def _line(entrant: Entrant) -> str:
    from coinche_cli.tournament.model import left_words

    left = "" if entrant.dropped_after is None else "  " + left_words(entrant)
    match entrant.kind:
        case "team":
            return (f"{entrant.registered:>4}  {entrant.name}  ({', '.join(entrant.players)})"
                    f"{left}")
        case "player":
            club = f"  ({entrant.club})" if entrant.club else ""
            return f"{entrant.registered:>4}  {entrant.name}{club}{left}"
        case unreachable:
            assert_never(unreachable)


def leave(ctx: typer.Context, kind: EntrantKind, name: str, tournament: str | None) -> None:
    """``team drop``, ``player drop``."""
    from coinche_cli.tournament import entrants

    entrant, after = entrants.leave(open_store(ctx), tournament, kind, name)
    match kind:
        case "team":
            told = _("{name} leaves: not paired from round {round} on")
        case "player":
            told = _("{name} leaves: not drawn from round {round} on")
        case unreachable:
            assert_never(unreachable)
    print_line(told.format(name=entrant.name, round=after + 1))


def come_back(ctx: typer.Context, kind: EntrantKind, name: str,
              tournament: str | None) -> None:
    """``team return``, ``player return``."""
    from coinche_cli.tournament import entrants

    entrant, back = entrants.come_back(open_store(ctx), tournament, kind, name)
    match kind:
        case "team":
            told = _("{name} is back: paired again from round {round}")
        case "player":
            told = _("{name} is back: drawn again from round {round}")
        case unreachable:
            assert_never(unreachable)
    print_line(told.format(name=entrant.name, round=back))
