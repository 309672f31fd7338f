"""Game operations over a store: each one reads, checks, writes in one transaction.

The command line calls exactly one of these per command.  Every check happens before the
first write, so a refused command leaves the store as it was.
"""


from collections.abc import Mapping, Sequence
from typing import NamedTuple

from coinche_cli.errors import GameError
from coinche_cli.game.state import (
    Entry,
    GameState,
    Setup,
    check_can_add,
    extend,
    play,
    resolve_side,
    resume,
    start,
)
from coinche_cli.rules.loader import rules_from_document
from coinche_cli.rules.model import Rules
from coinche_cli.scoring.deal import Deal, deal_from_json
from coinche_cli.store.sqlite import GameRecord, SqliteStore, now


class Change(NamedTuple):
    """A deal added, removed or replaced, with the game before and after."""

    game_id: int
    number: int
    before: GameState
    after: GameState


def setup_of(record: GameRecord) -> Setup:
    """The pure game setup of a stored game (its rules rebuilt from the snapshot)."""
    rules = rules_from_document(record.rules, f"game {record.id} rules")
    return Setup(rules=rules, players=record.players, names=record.names,
                 first_dealer=record.first_dealer, target=record.target, deals=record.deals)


def game_id_or_current(store: SqliteStore, game_id: int | None) -> int:
    """The game asked for, or the current one."""
    if game_id is not None:
        return game_id
    current = store.current_game()
    if current is None:
        raise GameError("game.no_current")
    return current


def load(store: SqliteStore, game_id: int | None) -> tuple[GameRecord, GameState]:
    """A stored game and where it stands."""
    record = store.game(game_id_or_current(store, game_id))
    return record, _state(store, record)


def _state(store: SqliteStore, record: GameRecord) -> GameState:
    entries = [
        Entry(d.number, None if d.deal is None else deal_from_json(d.deal), d.recorded)
        for d in store.deals(record.id)
    ]
    return play(setup_of(record), entries)


def new_game(
    store: SqliteStore,
    rules: Rules,
    *,
    players: int | None,
    names: Sequence[str],
    dealer: str | None,
    target: int | None,
    deals: int | None,
    label: str = "",
) -> tuple[GameRecord, GameState]:
    """Start a game with a snapshot of ``rules``; it becomes the current game."""
    count = _player_count(rules, players, names)
    sides = rules.sides(count)
    if names and len(names) != len(sides):
        raise GameError("game.names_count", want=len(sides), got=len(names))
    if len({n.strip().lower() for n in names}) != len(names):
        raise GameError("game.names_twice")
    labels = {side: (names[i].strip() if names else side) for i, side in enumerate(sides)}
    setup = Setup(rules=rules, players=count, names=labels)
    first = 0
    if dealer is not None:
        side = resolve_side(setup, dealer, "dealer")
        first = sides.index(side)
    if target is not None and target < 1:
        raise GameError("game.bad_target", got=target)
    if deals is not None and deals < 1:
        raise GameError("game.bad_deals", got=deals)
    record = GameRecord(id=0, created=now(), rules_name=rules.name, rules=dict(rules.document),
                        players=count, names=labels, first_dealer=first, target=target,
                        deals=deals, label=label)
    with store.write():
        game_id = store.create_game(record)
    record = record._replace(id=game_id)
    return record, _state(store, record)


def _player_count(rules: Rules, players: int | None, names: Sequence[str]) -> int:
    if players is None:
        if rules.team_game:
            return 4
        players = len(names) if names else rules.default_players
    if players not in rules.players:
        raise GameError("game.bad_players", got=players, rules=rules.name,
                        allowed=", ".join(map(str, rules.players)))
    return players


def with_sides(setup: Setup, deal: Deal) -> Deal:
    """Read every side of ``deal`` as a side code, a name or a name's unique prefix."""

    def one(text: str | None, field_name: str) -> str | None:
        return None if text is None else resolve_side(setup, text, field_name)

    taker = resolve_side(setup, deal.taker, "taker")
    points = None
    if deal.points is not None:
        points = {resolve_side(setup, s, "points"): v for s, v in deal.points.items()}
    announces: Mapping[str, tuple[str, ...]] = {
        resolve_side(setup, s, "announces"): names for s, names in deal.announces.items()
    }
    return deal._replace(
        taker=taker,
        points=points,
        capot=one(deal.capot, "capot"),
        belote=tuple(resolve_side(setup, s, "belote") for s in deal.belote),
        announces=announces,
        announce_winner=one(deal.announce_winner, "announce_winner"),
    )


def add(store: SqliteStore, game_id: int | None, deal: Deal | None) -> Change:
    """Record the next deal (None: everybody passed), refused once the game is over.

    The game resumes from the summary recorded after its last deal, so adding a deal costs
    the same in a long game as in a short one.
    """
    gid = game_id_or_current(store, game_id)
    with store.write():
        record = store.game(gid)
        setup = setup_of(record)
        last = store.last_deal(gid)
        if last is None:
            before = start(setup)
        elif last.state is not None:
            before = resume(setup, last.state)
        else:  # deals recorded before summaries were kept
            before = _state(store, record)
        check_can_add(before)
        if deal is not None:
            deal = with_sides(setup, deal)
        number = before.last_number + 1
        recorded = now()
        after = extend(before, Entry(number, deal, recorded))  # checks the deal
        store.add_deal(gid, number, None if deal is None else deal.to_json(), recorded,
                       after.summary())
        _sync(store, record, after)
    return Change(gid, number, before, after)


def undo(store: SqliteStore, game_id: int | None) -> Change:
    """Remove the last deal; it stays in the game's history."""
    gid = game_id_or_current(store, game_id)
    with store.write():
        record = store.game(gid)
        active = store.deals(gid)
        if not active:
            raise GameError("game.nothing_to_undo")
        before = _state(store, record)
        last = active[-1]
        store.remove_deal(last.id)
        after = _state(store, record)
        _sync(store, record, after)
    return Change(gid, last.number, before, after)


def edit(store: SqliteStore, game_id: int | None, number: int, deal: Deal | None) -> Change:
    """Replace deal ``number``; every later total is recomputed; the old deal is kept."""
    gid = game_id_or_current(store, game_id)
    with store.write():
        record = store.game(gid)
        active = store.deals(gid)
        target = next((d for d in active if d.number == number), None)
        if target is None:
            raise GameError("game.no_such_deal", number=number, count=len(active))
        before = _state(store, record)
        if deal is not None:
            deal = with_sides(before.setup, deal)
        entries = [
            Entry(d.number, deal if d.number == number else (
                None if d.deal is None else deal_from_json(d.deal)), d.recorded)
            for d in active
        ]
        after = play(before.setup, entries)  # checks the new deal
        if after.extra:
            raise GameError("game.edit_ends_early", number=number,
                            end=min(after.extra) - 1, later=", ".join(map(str, after.extra)))
        store.remove_deal(target.id, replaced_by=None)
        new_id = store.add_deal(gid, number, None if deal is None else deal.to_json(),
                                target.recorded)
        store.remove_deal(target.id, replaced_by=new_id)
        # every summary from the edited deal on changes
        state = start(before.setup)
        for stored, entry in zip(store.deals(gid), entries, strict=True):
            state = extend(state, entry)
            if entry.number >= number:
                store.set_state(stored.id, state.summary())
        _sync(store, record, after)
    return Change(gid, number, before, after)


def _sync(store: SqliteStore, record: GameRecord, after: GameState) -> None:
    """A tournament table's game passes its final totals on to the table's result."""
    if record.tournament_id is None or record.round is None or record.table_no is None:
        return
    from coinche_cli.tournament.ops import sync_table

    sync_table(store, record.tournament_id, record.round, record.table_no, record.id,
               after.finished, dict(after.totals))


def use(store: SqliteStore, game_id: int) -> GameRecord:
    """Make ``game_id`` the current game."""
    with store.write():
        record = store.game(game_id)
        store.set_current_game(game_id)
    return record
