"""``coinche store``: the stores themselves; ``store copy`` moves an event from one to another.

A copy is one transaction in the destination, read from one snapshot of the source (desks
may go on writing to it), and checked before it is committed: the same number of rows in
every table (:mod:`coinche_cli.store.transfer`), and every ``--json`` view of every game and
tournament (``game show``, ``tournament show`` for each round, ``team list``, ``standings``
after each round) the same in the copy as in the original, ids aside.  A copy that differs
is rolled back: nothing is written.
"""

import hashlib
import json
import os
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from coinche_cli.cli.output import print_json, print_line
from coinche_cli.errors import InputError, StoreError
from coinche_cli.i18n import N_
from coinche_cli.messages import msg

if TYPE_CHECKING:
    from coinche_cli.store.sql import SqlStore
    from coinche_cli.store.transfer import Copied

app = typer.Typer(help=N_("The stores themselves: copy an event from one to another."),
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
    from coinche_cli.store.rows import reading
    from coinche_cli.store.transfer import copy_rows

    for field, name in (("source", source), ("destination", destination)):
        if not name.strip():  # not the default store: a script's empty variable
            raise InputError(field, "copy.no_name")
    from coinche_cli.store.connect import open_store

    original, copied_to = open_store(source), open_store(destination)
    new_file = _new_file(copied_to)
    try:
        _refuse_empty_or_same(original, copied_to)
        with reading(original), copied_to.write():
            copied = copy_rows(original, copied_to, merge=merge)
            views = _views(original, {g: g for g in copied.games},
                           {t: t for t in copied.tournaments})
            again = _views(copied_to, copied.games, copied.tournaments)
            for (label, view), (_, copy_view) in zip(views, _ids_back(again, copied),
                                                     strict=True):
                if _canonical(view) != _canonical(copy_view):
                    raise StoreError(msg("copy.differs", view=label))
    except BaseException:
        copied_to.close()
        if new_file is not None:  # a failed copy leaves no store behind it
            for suffix in ("", "-wal", "-shm"):
                Path(f"{new_file}{suffix}").unlink(missing_ok=True)
        raise
    finally:
        original.close()
        copied_to.close()
    checksum = hashlib.sha256("\n".join(_canonical(v) for _, v in views).encode()).hexdigest()
    _report(original, copied_to, copied, len(views), checksum, merge, as_json)


def _new_file(store: "SqlStore") -> Path | None:
    """The destination's file when it does not exist yet (the copy creates it)."""
    from coinche_cli.store.sqlite import SqliteStore

    if isinstance(store, SqliteStore) and not os.path.lexists(store.path):
        return store.path
    return None


def _refuse_empty_or_same(original: "SqlStore", copied_to: "SqlStore") -> None:
    """A source that is no store, or an empty file (opening it would make it a store); the
    same store on both sides, by any name: a file, a link to it, its journal (``-wal``), or
    a database whose URLs differ."""
    from coinche_cli.store.rows import same_database
    from coinche_cli.store.sqlite import SqliteStore

    if isinstance(original, SqliteStore):
        if not original.path.exists():
            raise InputError("source", "copy.no_source", path=original.label)
        if original.path.is_file() and original.path.stat().st_size == 0:
            raise InputError("source", "copy.empty", path=original.label)
    if isinstance(original, SqliteStore) and isinstance(copied_to, SqliteStore):
        same = original.owns(copied_to.path) or copied_to.owns(original.path)
    elif original.dialect == copied_to.dialect == "postgresql":
        same = original.label == copied_to.label or same_database(original, copied_to)
    else:
        same = False
    if same:
        raise InputError("destination", "copy.same", path=copied_to.label)


def _views(store: "SqlStore", games: dict[int, int],
           tournaments: dict[int, int]) -> list[tuple[str, Any]]:
    """Every ``--json`` view of the games and tournaments copied (by their ids in
    ``store``), in the source's order, each with what names it in a message."""
    from coinche_cli.game import ops as game_ops
    from coinche_cli.game import views as game_json
    from coinche_cli.tournament import ops as tournament_ops
    from coinche_cli.tournament import views as tournament_json

    found: list[tuple[str, Any]] = []
    for game_id in games.values():
        game, state = game_ops.load(store, game_id)
        found.append((f"game show --game {game_id}", {
            **game_json.state_json(game, state),
            "history": game_json.history_json(game_ops.history(store, game_id))}))
    records = {r.id: r for r in tournament_ops.listing(store)}
    for tournament_id in tournaments.values():
        record = records[tournament_id]
        tournament = tournament_ops.load(store, record.name)
        named = f"tournament {record.name!r}"
        found.append((named, {"name": record.name, "rules": record.rules_name,
                              "created": record.created, "settings": record.settings}))
        found.append((f"{named}: team list", tournament_json.teams_json(tournament)))
        for played in tournament.rounds:
            number = played.number
            found.append((f"{named}: show --round {number}",
                          tournament_json.round_json(tournament, played)))
            found.append((f"{named}: standings --round {number}", tournament_json.standings_json(
                tournament_ops.ranked(tournament, number))))
        found.append((f"{named}: standings", tournament_json.standings_json(
            tournament_ops.ranked(tournament, None))))
    return found


def _ids_back(views: list[tuple[str, Any]], copied: "Copied") -> list[tuple[str, Any]]:
    """The copy's views with its game ids turned back into the source's."""
    back = {new: old for old, new in copied.games.items()}
    for _, view in views:
        if isinstance(view, dict) and "history" in view:  # a game
            view["id"] = back[view["id"]]
        elif isinstance(view, dict) and "tables" in view:  # a round: its table games
            for table in view["tables"]:
                table["game"] = back.get(table["game"], table["game"])
    return views


def _canonical(view: Any) -> str:
    return json.dumps(view, sort_keys=True, ensure_ascii=False)


def _report(original: "SqlStore", copied_to: "SqlStore", copied: "Copied", views: int,
            checksum: str, merge: bool, as_json: bool) -> None:
    rows = copied.rows
    if as_json:
        print_json({"source": original.label, "destination": copied_to.label, "merge": merge,
                    "rows": rows, "games": {str(k): v for k, v in copied.games.items()},
                    "tournaments": {str(k): v for k, v in copied.tournaments.items()},
                    "views": views, "checksum": checksum})
        return
    print_line(msg("copy.done", source=original.label, destination=copied_to.label))
    print_line(msg("copy.games", games=rows["game"], deals=rows["deal"]))
    print_line(msg("copy.tournaments", tournaments=rows["tournament"], teams=rows["team"],
                   rounds=rows["round"], tables=rows["board"],
                   corrections=rows["board_history"], penalties=rows["penalty"]))
    for old, new in copied.games.items():
        if old != new:
            print_line(msg("copy.renumbered", old=old, new=new))
    print_line(msg("copy.verified", count=views, checksum=checksum[:16]))
