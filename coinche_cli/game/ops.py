"""Game operations over a store: each one reads, checks, writes in one transaction.

The command line calls exactly one of these per command.  Every check happens before the
first write, so a refused command leaves the store as it was.  The store is any
:class:`~coinche_cli.store.protocol.Store`: nothing here runs SQL.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from coinche_cli.errors import GameError
from coinche_cli.game.state import (
    Change,
    Entry,
    GameState,
    Setup,
    check_can_add,
    extend,
    play,
    resume,
    start,
)
from coinche_cli.i18n import _, ngettext
from coinche_cli.names import NameIndex, check_name
from coinche_cli.rules.model import Rules, compile_rules, load_compiled
from coinche_cli.scoring.deal import Deal, deal_from_json
from coinche_cli.store import now
from coinche_cli.store.records import DealRecord, GameRecord

if TYPE_CHECKING:
    from coinche_cli.game.views import DealLine
    from coinche_cli.scoring.deal import DealJSON
    from coinche_cli.store.protocol import Store


#: A caller's own checks of a change, run inside its transaction on the game as stored and
#: where it stands before the change (the score sheet on the phone: the table's code, the
#: deal the phone saw last): raises to refuse, the store unchanged.  Returns whether the
#: time of a timed round is out: the deal being added is then the last, and the game records
#: that time was called at it (``game.state``, rule 9).
Check = Callable[[GameRecord, GameState], bool]


def setup_of(record: GameRecord) -> Setup:
    """The pure game setup of a stored game: its rules read back compiled, or rebuilt from
    the snapshot (a game stored before rules were compiled, or by another version)."""
    label = f"game {record.id} rules"
    rules = load_compiled(record.compiled, record.rules, label)
    if rules is None:
        from coinche_cli.rules.validate import rules_from_document

        rules = rules_from_document(record.rules, label)
    return Setup(rules=rules, players=record.players, names=record.names,
                 first_dealer=record.first_dealer, target=record.target, deals=record.deals,
                 time_called=record.time_called)


def find_game(store: Store, game_id: int | None) -> GameRecord:
    """The game asked for (by id), or the current one."""
    if game_id is None:
        game_id = store.current("game")
        if game_id is None:
            raise GameError(_("no current game: start one with 'coinche game new' or pass "
                              "--game ID"))
    record = store.game(game_id)
    if record is None:
        raise GameError(_("no game {id} in this store"), id=game_id)
    return record


def load(store: Store, game_id: int | None) -> tuple[GameRecord, GameState]:
    """A stored game and where it stands, read in one snapshot."""
    with store.reading():
        record = find_game(store, game_id)
        return record, _state(store, record)


def deal_rows(store: Store, game_id: int) -> list[DealLine]:
    """A game's deals as the tournament's export lists a table's
    (:func:`coinche_cli.game.views.deal_lines`)."""
    from coinche_cli.game.views import deal_lines  # the export's alone: not on game add's path

    return deal_lines(load(store, game_id)[1])


def history(store: Store, game_id: int) -> list[DealRecord]:
    """The deals of a game that were undone or replaced, in order."""
    return [d for d in store.deals(game_id, history=True) if d.status != "active"]


def list_games(store: Store) -> list[tuple[GameRecord, GameState, bool]]:
    """Every game of the store: its record, where it stands, whether it is the current one."""
    with store.reading():
        current = store.current("game")
        return [(record, _state(store, record), record.id == current)
                for record in store.games()]


def _entries(records: Sequence[DealRecord]) -> list[Entry]:
    return [Entry(d.number, None if d.deal is None else deal_from_json(d.deal), d.recorded)
            for d in records]


def _state(store: Store, record: GameRecord) -> GameState:
    return play(setup_of(record), _entries(store.deals(record.id)))


def new_game(
    store: Store,
    rules: Rules,
    *,
    players: int | None,
    names: Sequence[str],
    dealer: str | None,
    target: int | None,
    deals: int | None,
    join_code: str | None = None,
) -> tuple[GameRecord, GameState]:
    """Start a game with a snapshot of ``rules``; it becomes the current game, unless it is
    started from a phone under ``join_code`` (``game serve``: the terminal's current game
    stays the scorekeeper's own)."""
    count = _player_count(rules, players, names)
    sides = rules.sides(count)
    if names and len(names) != len(sides):
        raise GameError(ngettext("this game has {want} sides; got {got} name",
                                 "this game has {want} sides; got {got} names", len(names)),
                        want=len(sides), got=len(names))
    kind = "team" if count == 4 else "player"
    if names:
        labels = {side: check_name(names[i], kind) for i, side in enumerate(sides)}
    elif count == 4:  # a team game without names: "Nous" and "Eux" at a French table
        labels = dict(zip(sides, (_("Us"), _("Them")), strict=True))
    else:  # the chien: seats 1, 2, 3
        labels = {side: side for side in sides}
    index = NameIndex((side, label, side) for side, label in labels.items())
    for side, label in labels.items():
        if not label:
            raise GameError(_("side {side} needs a name"), side=side)
        same = index.clashes(label)
        if len(same) > 1:  # "Les Étés" and "les etes" are one name
            raise GameError(_("“{first}” and “{second}” are the same name (case and accents "
                              "aside); give each side its own name"),
                            first=labels[same[0]], second=labels[same[1]])
    setup = Setup(rules=rules, players=count, names=labels)
    first = 0 if dealer is None else sides.index(setup.side(dealer, "dealer"))
    if target is not None and target < 1:
        raise GameError(_("the target must be a positive number of points, got {got}"),
                        got=target)
    if deals is not None and deals < 1:
        raise GameError(_("the number of deals must be positive, got {got}"), got=deals)
    record = GameRecord(id=0, created=now(), rules_name=rules.name, rules=dict(rules.document),
                        players=count, names=labels, first_dealer=first, target=target,
                        deals=deals, compiled=compile_rules(rules), join_code=join_code)
    with store.write():
        game_id = store.create_game(record)
        if join_code is None:
            store.set_current("game", game_id)
    record = record.with_id(game_id)
    return record, start(setup_of(record))


def _player_count(rules: Rules, players: int | None, names: Sequence[str]) -> int:
    if players is None:
        if rules.team_game:
            return 4
        players = len(names) if names else rules.default_players
    if players not in rules.players:
        raise GameError(_("{rules} is played by {allowed} players, not {got}"), got=players,
                        rules=rules.name, allowed=", ".join(map(str, rules.players)))
    return players


def _json(deal: Deal | None) -> DealJSON | None:
    return None if deal is None else deal.to_json()


def add(store: Store, game_id: int | None, deal: Deal | None,
        check: Check | None = None) -> Change:
    """Record the next deal (None: everybody passed), refused once the game is over (or by
    ``check``, which may also say the time is out: this deal is then the last).

    The game resumes from the summary recorded after its last deal, so adding a deal costs
    the same in a long game as in a short one.
    """
    with store.write():
        return _add(store, game_id, deal, check)


def add_first(store: Store, create: Callable[[Store], int], deal: Deal | None,
              check: Check | None = None) -> Change:
    """Create a game (``create(store)``, inside this transaction: a concours table's, when
    its phone posts its first deal) and record its first deal: both are written, or, the
    deal refused, neither."""
    with store.write():
        return _add(store, create(store), deal, check)


def _add(store: Store, game_id: int | None, deal: Deal | None,
         check: Check | None) -> Change:
    """:func:`add` inside the caller's transaction."""
    record = find_game(store, game_id)
    gid = record.id
    setup = setup_of(record)
    last = store.last_deal(gid)
    if last is None:
        before = start(setup)
    elif last.state is not None:
        before = resume(setup, last.state)
    else:  # deals recorded before summaries were kept
        before = _state(store, record)
    time_out = check is not None and check(record, before)
    check_can_add(before)
    if deal is not None:
        deal = setup.with_sides(deal)
    number = before.last_number + 1
    if time_out and record.time_called is None:  # the deal in progress is the last
        store.call_time(gid, number)
        setup = Setup(setup.rules, setup.players, setup.names, setup.first_dealer,
                      setup.target, setup.deals, time_called=number)
        before = before._replace(setup=setup)
    recorded = now()
    after = extend(before, Entry(number, deal, recorded))  # checks the deal
    store.add_deal(gid, number, _json(deal), recorded, after.summary())
    warnings = _sync(store, record, after)
    return Change(gid, number, before, after, warnings)


def undo(store: Store, game_id: int | None, check: Check | None = None) -> Change:
    """Remove the last deal (unless ``check`` refuses); it stays in the game's history."""
    with store.write():
        record = find_game(store, game_id)
        gid = record.id
        active = store.deals(gid)
        setup = setup_of(record)
        before = play(setup, _entries(active))
        if check is not None:
            check(record, before)
        if not active:
            raise GameError(_("no deal to undo"))
        last = active[-1]
        store.retire_deal(last.id, now())
        after = play(setup, _entries(active[:-1]))
        warnings = _sync(store, record, after)
    return Change(gid, last.number, before, after, warnings)


def edit(store: Store, game_id: int | None, number: int, deal: Deal | None,
         check: Check | None = None) -> Change:
    """Replace deal ``number`` (unless ``check`` refuses); every later total is recomputed;
    the old deal is kept."""
    with store.write():
        record = find_game(store, game_id)
        gid = record.id
        active = store.deals(gid)
        setup = setup_of(record)
        before = play(setup, _entries(active))
        if check is not None:
            check(record, before)
        target = next((d for d in active if d.number == number), None)
        if target is None:
            raise GameError(_("no deal {number} (this game has {count})"), number=number,
                            count=len(active))
        if deal is not None:
            deal = setup.with_sides(deal)
        entries = [Entry(e.number, deal, e.recorded) if e.number == number else e
                   for e in _entries(active)]
        after = play(setup, entries)  # checks the new deal
        if after.extra:
            raise GameError(_("this change would end the game at deal {end}, but deals {later} "
                              "follow; undo them first"), number=number,
                            end=min(after.extra) - 1, later=", ".join(map(str, after.extra)))
        changed = now()
        store.retire_deal(target.id, changed)
        new_id = store.add_deal(gid, number, _json(deal), target.recorded, None)
        store.retire_deal(target.id, changed, replaced_by=new_id)
        # every summary from the edited deal on changes
        state = start(setup)
        for stored, entry in zip(store.deals(gid), entries, strict=True):
            state = extend(state, entry)
            if entry.number >= number:
                store.set_deal_state(stored.id, state.summary())
        warnings = _sync(store, record, after)
    return Change(gid, number, before, after, warnings)


def _sync(store: Store, record: GameRecord, after: GameState) -> tuple[str, ...]:
    """A tournament table's game passes its final totals and winner on to the table."""
    if record.tournament_id is None or record.round is None or record.table_no is None:
        return ()
    from coinche_cli.tournament.table_games import sync_table

    return tuple(sync_table(store, record.tournament_id, record.round, record.table_no,
                            record.id, after.finished, after.winner, dict(after.totals)))


def use(store: Store, game_id: int) -> GameRecord:
    """Make ``game_id`` the current game."""
    with store.write():
        record = find_game(store, game_id)
        store.set_current("game", game_id)
    return record
