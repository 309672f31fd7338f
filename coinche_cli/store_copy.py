"""``store copy``: an event moved from one store to another, and checked before it is kept.

A copy is one transaction in the destination, read from one snapshot of the source (desks
may go on writing to it), and checked before it is committed: the same number of rows in
every table (:mod:`coinche_cli.store.transfer`), and every ``--json`` view of every game and
tournament (``game show``, ``tournament show`` for each round, ``team list``, ``standings``
after each round; a concours's stages, their brackets and its final ranking) the same in the
copy as in the original, ids aside, and every table's
entry code too (``--merge`` renumbers teams; the codes printed stay valid).  A copy that
differs is rolled back: nothing is written.  A new destination file is written under a
temporary name beside it and takes its name once the copy is committed: a copy that fails,
or is killed, leaves no store under that name.
"""

from __future__ import annotations

import hashlib
import json
from typing import TYPE_CHECKING, Any

from coinche_cli.errors import InputError, StoreError, escaped_text, filled
from coinche_cli.i18n import _
from coinche_cli.values import Value

if TYPE_CHECKING:
    from coinche_cli.store.records import TournamentRecord
    from coinche_cli.store.sql import SqlStore
    from coinche_cli.store.transfer import Copied
    from coinche_cli.tournament.model import Tournament


class CopyReport(Value):
    """A copy made and checked: the two stores as messages name them, the rows of each table,
    the new id of every game and tournament by its source id, the views compared and their
    checksum."""

    __slots__ = ("checksum", "destination", "games", "merge", "rows", "source", "tournaments",
                 "views")

    def __init__(self, source: str, destination: str, merge: bool, copied: Copied, views: int,
                 checksum: str) -> None:
        self.source = source
        self.destination = destination
        self.merge = merge
        self.rows = copied.rows
        self.games = copied.games
        self.tournaments = copied.tournaments
        self.views = views
        self.checksum = checksum


def copy_store(source: str, destination: str, *, merge: bool) -> CopyReport:
    """Copy every game and tournament from the store named ``source`` to the one named
    ``destination`` (each a file or a URL), checked; refused, with nothing written, when it
    cannot be done or differs."""
    from coinche_cli.store.connect import open_store
    from coinche_cli.store.transfer import Destination, copy_rows, refuse_empty_or_same

    for field, name in (("source", source), ("destination", destination)):
        if not name.strip():  # not the default store: a script's empty variable
            raise InputError(field, _("give a file or a postgresql:// URL"))
    original = open_store(source, "source")
    try:
        copied_to = open_store(destination, "destination")
    except BaseException:
        original.close()
        raise
    target: Destination | None = None
    try:
        # a new file is written under another name, and named only once whole and checked;
        # a server's empty database gets its tables in the copy's transaction
        target = Destination(copied_to)
        refuse_empty_or_same(original, copied_to)
        with original.reading(), target.store.write():
            copied = copy_rows(original, target.store, merge=merge)
            views = _views(original, {g: g for g in copied.games},
                           {t: t for t in copied.tournaments})
            again = _views(target.store, copied.games, copied.tournaments)
            for (label, view), (_same, copy_view) in zip(views, _ids_back(again, copied),
                                                     strict=True):
                if canonical(view) != canonical(copy_view):
                    raise StoreError(_("the copy's {view} is not the original's: nothing was "
                                       "copied").format(view=label))
            _same_codes(original, target.store, copied)
        target.keep()
    except BaseException:
        if target is not None:  # a failed copy leaves no store behind it
            target.drop()
        raise
    finally:
        original.close()
        copied_to.close()
        if target is not None:
            target.store.close()
    checksum = hashlib.sha256("\n".join(canonical(v) for _label, v in views).encode()).hexdigest()
    return CopyReport(original.label, copied_to.label, merge, copied, len(views), checksum)


def _views(store: SqlStore, games: dict[int, int],
           tournaments: dict[int, int]) -> list[tuple[str, Any]]:
    """Every ``--json`` view of the games and tournaments copied (by their ids in
    ``store``), in the source's order, each with what names it in a message."""
    from coinche_cli.tournament import ops as tournament_ops

    found: list[tuple[str, Any]] = [(f"game show --game {game_id}", game_view(store, game_id))
                                    for game_id in games.values()]
    records = {r.id: r for r in tournament_ops.listing(store)}
    for tournament_id in tournaments.values():
        record = records[tournament_id]
        found += tournament_views(store, record,
                                  f"tournament “{escaped_text(record.name)}”")  # English
    return found


def game_view(store: SqlStore, game_id: int) -> Any:
    """``game show --history --json`` of one game."""
    from coinche_cli.game import ops as game_ops
    from coinche_cli.game import views as game_json

    game, state = game_ops.load(store, game_id)
    return {**game_json.state_json(game, state),
            "history": game_json.history_json(game_ops.history(store, game_id))}


def tournament_views(store: SqlStore, record: TournamentRecord, named: str, *,
                     history: bool = False) -> list[tuple[str, Any]]:
    """Every ``--json`` view of one tournament (``record``), each with what names it in a
    message (``named``, then the view): its identity, ``team list`` (and a mêlée's ``player
    list``), ``tournament show`` and ``standings`` after each round (with ``history``, each
    round's ``show --history`` too: what ``store import`` checks), the standings, its stages
    and its desk.  Shared by ``store copy`` and ``store import``."""
    from coinche_cli.tournament import ops as tournament_ops
    from coinche_cli.tournament import views as tournament_json

    tournament = tournament_ops.load(store, record.name)
    found: list[tuple[str, Any]] = [(named, {"name": record.name, "rules": record.rules_name,
                                             "created": record.created,
                                             "settings": record.settings})]
    found.append((f"{named}: team list", tournament_json.teams_json(tournament)))
    if tournament.players:
        found.append((f"{named}: player list", tournament_json.players_json(tournament)))
    results = store.results(tournament.id) if history else []
    for played in tournament.rounds:
        number = played.number
        found.append((f"{named}: show --round {number}",
                      tournament_json.round_json(tournament, played)))
        if history:
            found.append((f"{named}: show --round {number} --history",
                          tournament_json.history_json(tournament, results, number)))
        found.append((f"{named}: standings --round {number}",
                      tournament_json.standings_of(tournament, number)))
    found.append((f"{named}: standings", tournament_json.standings_of(tournament, None)))
    found += _stage_views(tournament, named)
    found += _desk_views(store, tournament, named)
    return found

def _stage_views(tournament: Tournament, named: str) -> list[tuple[str, Any]]:
    """The views of a concours's stages (``stage list``, ``stage show`` of each stage,
    ``bracket`` of each knock-out stage started, and once a later stage has started the
    final ranking ``standings`` prints, which names the stage that decided each place);
    none for a concours without stages (its copy checks as before)."""
    if not tournament.stages:
        return []
    from coinche_cli.tournament import stage_views
    from coinche_cli.tournament.stages import has_finals

    found: list[tuple[str, Any]] = [(f"{named}: stage list",
                                     stage_views.stages_json(tournament))]
    for stage in tournament.stages:
        label = f"{named}: stage “{escaped_text(stage.name)}”"
        found.append((f"{label}: stage show", stage_views.stage_show_json(tournament, stage)))
        if stage.kind == "knockout" and stage.started:
            found.append((f"{label}: bracket", stage_views.bracket_json(tournament, stage)))
    if has_finals(tournament):
        found.append((f"{named}: standings (the final ranking)",
                      stage_views.final_json(stage_views.final_rows(tournament))))
    return found


def _desk_views(store: SqlStore, tournament: Tournament, named: str) -> list[tuple[str, Any]]:
    """The registration desk's views of a tournament that uses it (``checkin --list``,
    ``fees``, ``prizes``); none for one that does not (its copy checks as before)."""
    from coinche_cli.tournament import desk, desk_views

    state = desk.read_state(store, tournament)
    if not state.used(tournament):
        return []
    return [(f"{named}: checkin --list", desk_views.checkin_json(tournament, state)),
            (f"{named}: fees", desk_views.fees_json(tournament, state)),
            (f"{named}: prizes", desk_views.prize_json(tournament, state))]


def _same_codes(original: SqlStore, copy: SqlStore, copied: Copied) -> None:
    """Every table's entry code the same in the copy as in the original: the codes printed
    on the score sheets stay valid after any copy, ``--merge`` too (which renumbers teams).
    Compared apart from the views: a code is no part of the checksum a copy prints."""
    from coinche_cli.tournament import ops as tournament_ops

    names = {r.id: r.name for r in tournament_ops.listing(original)}
    for old in copied.tournaments:
        before = tournament_ops.load(original, names[old])
        after = tournament_ops.load(copy, names[old])
        for played in before.rounds:
            if (tournament_ops.drawn_codes(original, before, played.number)
                    != tournament_ops.drawn_codes(copy, after, played.number)):
                raise StoreError(filled(_("the copy's codes of round {round} of “{name}” are "
                                          "not the original's: nothing was copied"),
                                        round=played.number, name=names[old]))


def _ids_back(views: list[tuple[str, Any]], copied: Copied) -> list[tuple[str, Any]]:
    """The copy's views with its game ids turned back into the source's."""
    return ids_back(views, {new: old for old, new in copied.games.items()})


def ids_back(views: list[tuple[str, Any]], back: dict[int, int]) -> list[tuple[str, Any]]:
    """``views`` with their game ids turned into others (``back``: each id's other): a
    copy's into the source's, a concours's into its event file's game numbers."""
    for _label, view in views:
        if isinstance(view, dict) and "history" in view:  # a game
            view["id"] = back[view["id"]]
        elif isinstance(view, dict) and "tables" in view:  # a round: its table games
            for table in view["tables"]:
                table["game"] = back.get(table["game"], table["game"])
    return views


def canonical(view: Any) -> str:
    """A view as every comparison of views reads it: its keys sorted, accents kept."""
    return json.dumps(view, sort_keys=True, ensure_ascii=False)
