"""Who registers for a concours, whatever its format: one set of operations for formed teams
and a mêlée's players alone (``tournament team …`` and ``tournament player …`` are two doors
onto it; :class:`~coinche_cli.tournament.model.Entrant` is the one value).

The rules a director can count on:

1. The door matches the format: ``team …`` in a formed-team concours, ``player …`` in a
   mêlée; the other one is refused, naming the right one.
2. An entrant has a name; a team at most two players (and a club), a player a club and a
   licence number. No two entrants of a tournament share a name (compared folded, as every
   command compares names).
3. An import registers every row or none: every row that names an entrant already
   registered, or named twice in the file, is reported at once.
4. After round 1 is paired, a new entrant is a late entry for the next round; once every
   round is paired, no more entries. A tournament holds at most :data:`MAX_ENTRANTS`.
5. One who leaves is not paired (a mêlée: drawn) from the next round on; their results stay.
   One who left may come back for the next round, while rounds remain.

Each operation reads, checks everything, then writes in one transaction; a refused one
leaves the store as it was.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, assert_never

from coinche_cli.errors import InputError, RowsRefused, TournamentError, filled
from coinche_cli.i18n import _, ngettext, pgettext
from coinche_cli.names import NameIndex, check_name, echo, fold
from coinche_cli.tournament.found import load, next_round
from coinche_cli.tournament.model import Entrant, EntrantKind, Tournament
from coinche_cli.values import Value

if TYPE_CHECKING:
    from coinche_cli.store.protocol import Store

#: The most entrants a tournament registers (teams, or a mêlée's players): far above the
#: largest concours (a few hundred), far below what the store holds.
MAX_ENTRANTS = 10_000


class Registration(Value):
    """An entrant as typed or read from a file (``row``: its spreadsheet row, 0 when typed):
    a team's ``players`` (at most two names), a player's ``licence``."""

    __slots__ = ("club", "licence", "name", "players", "row")

    def __init__(self, name: str, players: Sequence[str] | str = (), club: str = "",
                 licence: str = "", row: int = 0) -> None:
        self.name = name
        self.players = players
        self.club = club
        self.licence = licence
        self.row = row


def door(tournament: Tournament, kind: EntrantKind) -> None:
    """Rule 1: refuse a ``team …`` command in a mêlée, a ``player …`` one in a formed-team
    concours."""
    if tournament.kind == kind:
        return
    match kind:
        case "team":
            raise TournamentError(_("{name} is a mêlée: players register alone, with 'coinche "
                                    "tournament player …'"), name=tournament.name)
        case "player":
            raise TournamentError(_("{name} is played by formed teams: use 'coinche tournament "
                                    "team …' (players alone are a mêlée: tournament new "
                                    "--format melee)"), name=tournament.name)
        case unreachable:
            assert_never(unreachable)


def index(tournament: Tournament) -> NameIndex[int]:
    """The tournament's entrants, searchable by name (:mod:`coinche_cli.names`)."""
    return NameIndex((entrant.id, entrant.name, "") for entrant in tournament.entrants)


def find(tournament: Tournament, name: str) -> Entrant:
    """An entrant by name (case and accents ignored), or an unambiguous start of its name or
    of one of its words."""
    kind = tournament.kind
    return tournament.entrant(index(tournament).resolve(name, field=kind, kind=kind))


def _left_sentence(kind: EntrantKind) -> str:
    match kind:
        case "team":
            return _("{name} has already left the tournament")
        case "player":  # without a noun (« le joueur », « la joueuse »): no gender to guess
            return pgettext("player", "{name} has already left the tournament")
        case unreachable:
            assert_never(unreachable)


def _taken_sentence(kind: EntrantKind) -> str:
    match kind:
        case "team":
            return _("a team called “{name}” is already registered")
        case "player":  # two people of one name come to a mêlée: say how to register both
            return _("a player called “{name}” is already registered; for a namesake, add an "
                     "initial (“{name} B.”) and a licence")
        case unreachable:
            assert_never(unreachable)


def _refused(kind: EntrantKind, sentence: str, **values: object) -> TournamentError | InputError:
    """A registration refused: a team's as the tournament's refusal, a player's on the
    ``player`` field (as each door has always said it)."""
    if kind == "player":
        return InputError("player", sentence, **values)
    return TournamentError(sentence, **values)


def _team_players(text: Sequence[str] | str) -> tuple[str, ...]:
    items = text.split(",") if isinstance(text, str) else list(text)
    players = tuple(check_name(p, "players") for p in items if p.strip())
    if len(players) > 2:
        raise TournamentError(_("a team has two players, got {got}"), got=len(players))
    return players


def _checked(tournament: Tournament, kind: EntrantKind,
             rows: Sequence[Registration]) -> list[Entrant]:
    """The entrants to register, checked (rules 1, 2, 4); every clash found in one pass."""
    door(tournament, kind)
    joined = next_round(tournament)
    if joined > tournament.settings.rounds:
        raise TournamentError(_("every round has been paired: no more entries"))
    registered = tournament.entrants
    if len(registered) + len(rows) > MAX_ENTRANTS:
        if kind == "team":
            raise TournamentError(_("a tournament holds at most {most} teams ({count} are "
                                    "registered)"), most=MAX_ENTRANTS, count=len(registered))
        raise TournamentError(_("a mêlée holds at most {most} players ({count} are "
                                "registered)"), most=MAX_ENTRANTS, count=len(registered))
    taken = {fold(e.name): e.name for e in registered}
    order = max((e.registered for e in registered), default=0)
    found = []
    for row in rows:
        name = check_name(row.name, kind)
        key = fold(name)
        if not key:
            raise _refused(kind, _("a team needs a name") if kind == "team"
                           else _("a player needs a name"))
        if key in taken:
            raise _refused(kind, _taken_sentence(kind), name=taken[key])
        taken[key] = name
        order += 1
        club = check_name(row.club, "club")
        if kind == "team":
            found.append(Entrant(0, name, club, "", order, joined, kind="team",
                                 players=_team_players(row.players)))
        else:
            found.append(Entrant(0, name, club, check_name(row.licence, "licence"), order,
                                 joined, kind="player"))
    return found


def add(store: Store, name: str | None, kind: EntrantKind, row: Registration) -> Entrant:
    """Register one entrant; after round 1 is paired it is a late entry for the next round."""
    with store.write():
        tournament = load(store, name)
        (new,) = _checked(tournament, kind, [row])
        (entrant_id,) = store.add_entrants(tournament.id, [new])
    return new.with_id(entrant_id)


def register(store: Store, name: str | None, kind: EntrantKind,
             rows: Sequence[Registration]) -> list[Entrant]:
    """Register every entrant of an import, or none (rule 3)."""
    with store.write():
        tournament = load(store, name)
        door(tournament, kind)
        taken = {fold(e.name) for e in tournament.entrants}
        clashes = []
        for row in rows:  # the row's name as typed: the row is what the director fixes
            key = fold(row.name)
            if key in taken:
                clashes.append(_("row {row}: {problem}").format(
                    row=row.row, problem=filled(_taken_sentence(kind), name=echo(row.name))))
            taken.add(key)
        if clashes:
            raise RowsRefused(ngettext("{count} bad row; nothing imported",
                                       "{count} bad rows; nothing imported",
                                       len(clashes)).format(count=len(clashes)), clashes)
        new = _checked(tournament, kind, rows)
        ids = store.add_entrants(tournament.id, new)
    return [entrant.with_id(entrant_id) for entrant, entrant_id in zip(new, ids, strict=True)]


def leave(store: Store, name: str | None, kind: EntrantKind, who: str) -> tuple[Entrant, int]:
    """An entrant leaves (rule 5): returns it and the round after which it is gone."""
    with store.write():
        tournament = load(store, name)
        door(tournament, kind)
        found = find(tournament, who)
        if found.dropped_after is not None:
            raise TournamentError(_left_sentence(found.kind), name=found.name)
        after = tournament.current.number if tournament.current else 0
        store.set_dropped(found, after)
    return found, after


def come_back(store: Store, name: str | None, kind: EntrantKind, who: str
              ) -> tuple[Entrant, int]:
    """An entrant that left comes back (rule 5): returns it and the round it plays again
    from (the rounds it missed stay missed)."""
    with store.write():
        tournament = load(store, name)
        door(tournament, kind)
        found = find(tournament, who)
        if found.dropped_after is None:
            raise TournamentError(_("{name} has not left the tournament"), name=found.name)
        back = next_round(tournament)
        if back > tournament.settings.rounds:
            raise TournamentError(_("every round has been paired: no more entries"))
        store.set_dropped(found, None)
    return found, back
