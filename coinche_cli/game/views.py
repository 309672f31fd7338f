"""A game as every ``--json`` prints it: ``game show``, what ``game add`` and its kin return,
``game list``, ``game stats``; and a game's deals as the tournament's export lists a table's.

The machine's interface: the same keys and values in every language (built in English,
:func:`~coinche_cli.i18n.in_source_language`; the export's lines are the exception, in the
language of the file), the same bytes from the command line, from ``store copy``'s check and
from any other client.  Each view is a :class:`~typing.TypedDict`, so the type checker sees
a key renamed here, where a client reads it, or where the two part.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from coinche_cli.game.state import GameState, Row, summary
from coinche_cli.i18n import in_source_language
from coinche_cli.rules.choices import coinche_words, trump_words

if TYPE_CHECKING:  # a TypedDict is a plain dict at run time: the classes are the checker's alone
    from typing import NotRequired, TypedDict

    from coinche_cli.game.state import Change, SideCounts
    from coinche_cli.game.stats import Coinches, Contracts, Stats, Tally
    from coinche_cli.scoring.deal import DealJSON
    from coinche_cli.store.records import DealRecord, GameRecord, Status

    class RowView(TypedDict):
        """One line of the score sheet (``game show --json``'s ``deals``)."""

        number: int
        dealer: str
        dealer_seat: int
        passed: bool
        deal: DealJSON | None
        made: bool | None
        scores: dict[str, int]
        totals: dict[str, int]
        lines: list[str]
        recorded: str

    class GameView(TypedDict):
        """The whole game (``game show --json``, ``game new --json``)."""

        id: int
        rules: str
        players: int
        sides: dict[str, str]
        target: int | None
        deals_limit: int | None
        created: str
        label: str
        deals: list[RowView]
        totals: dict[str, int]
        to_target: dict[str, int] | None
        finished: bool
        winner: str | None
        next_dealer: str
        summary: dict[str, SideCounts]
        # only under rules that hold points (made_if.litige) or a belote (end.belote_alone_wins)
        held: NotRequired[int]
        belote_only: NotRequired[list[str]]
        # only once a timed round's time was called at one of its deals (the phone's sheet)
        time_called: NotRequired[int]

    class CorrectionView(TypedDict):
        """A deal undone or replaced (``game show --json``'s ``history``)."""

        number: int
        status: Status
        deal: DealJSON | None
        recorded: str
        changed: str | None

    class ShownView(GameView):
        """``game show --json``: the whole game and its corrections (what a phone's score
        sheet answers, :mod:`coinche_cli.web.sheet`)."""

        history: list[CorrectionView]

    class ChangeView(TypedDict):
        """What ``game add`` / ``pass`` / ``undo`` / ``edit`` print with ``--json``."""

        game: int
        deal: int
        removed: bool
        passed: bool
        made: bool | None
        scores: dict[str, int]
        lines: list[str]
        totals: dict[str, int]
        totals_before: dict[str, int]
        to_target: dict[str, int] | None
        finished: bool
        winner: str | None
        next_dealer: str

    class ListedGame(TypedDict):
        """A game as ``game list --json`` lists it (built where it is printed)."""

        id: int
        rules: str
        sides: dict[str, str]
        deals: int
        totals: dict[str, int]
        finished: bool
        winner: str | None
        created: str
        current: bool

    class DealLine(TypedDict):
        """A deal as the tournament's export lists a table's (in the file's language)."""

        number: int
        dealer: str
        taker: str
        contract: int | str
        trump: str
        coinche: str
        made: bool | None
        score1: int
        score2: int
        total1: int
        total2: int

    class GamesCount(TypedDict):
        """``game stats``: the games (won and lost None for the whole store's)."""

        played: int
        won: int | None
        drawn: int
        lost: int | None
        unfinished: int

    class DealsCount(TypedDict):
        """``game stats``: the deals played and passed, the points a deal."""

        played: int
        passed: int
        points_per_deal: float | None

    class Counts(TypedDict):
        """``game stats``: contracts taken, made and failed."""

        taken: int
        made: int
        failed: int

    class BidCount(Counts):
        """``game stats``: the contracts of one bid."""

        bid: str

    class TrumpCount(Counts):
        """``game stats``: the contracts of one trump."""

        trump: str

    class ContractsCount(Counts):
        """``game stats``: the contracts, by bid and by trump."""

        by_bid: list[BidCount]
        by_trump: list[TrumpCount]

    class CoinchesMade(TypedDict):
        """``game stats``: the coinches made, won when the contract failed."""

        count: int
        won: int
        lost: int
        surcoinched: int

    class CoinchesSuffered(TypedDict):
        """``game stats``: the coinches suffered, survived when the contract was made."""

        count: int
        made: int
        failed: int
        surcoinched: int

    class CoinchesCount(TypedDict):
        """``game stats``: the coinches made and suffered."""

        made: CoinchesMade
        suffered: CoinchesSuffered

    class CapotsCount(TypedDict):
        """``game stats``: the capots made and suffered (None for the whole store's)."""

        made: int
        suffered: int | None

    class SideLine(TypedDict):
        """``game stats`` of the whole store: one side name's line."""

        side: str
        games: int
        won: int
        drawn: int
        lost: int
        points_per_deal: float | None

    class StatsJSON(TypedDict):
        """The statistics of some games (a player's tables of one concours: ``player
        show``); ``sides`` only for the whole store's."""

        games: GamesCount
        deals: DealsCount
        contracts: ContractsCount
        coinches: CoinchesCount
        capots: CapotsCount
        belotes: int
        sides: NotRequired[list[SideLine]]

    class StatsView(StatsJSON):
        """``game stats --json``: the side chosen (by ``--team`` or ``--player``, as first
        written), the day since, then the statistics."""

        team: str | None
        player: str | None
        since: str | None

    class BiggestDeal(TypedDict):
        """The deal that scored the most for one side: its number, the side, its points,
        whether that side took every trick."""

        number: int
        side: str
        points: int
        capot: bool

    class RecapView(TypedDict):
        """A game's recap, for a picture or a message (``game share``): its sides' names and
        totals, the winner, the running totals after each deal (the chart), the biggest deal,
        and by side the coinches won (a contract coinched by that side that failed) and the
        capots made."""

        id: int
        label: str
        sides: dict[str, str]
        totals: dict[str, int]
        finished: bool
        winner: str | None
        running: list[dict[str, int]]
        biggest: BiggestDeal | None
        coinches_won: dict[str, int]
        capots: dict[str, int]


@in_source_language
def row_json(state: GameState, row: Row) -> RowView:
    """One sheet row as JSON."""
    result = row.result
    return {
        "number": row.number,
        "dealer": state.setup.seat_side(row.dealer),
        "dealer_seat": row.dealer + 1,
        "passed": row.entry.deal is None,
        "deal": None if row.entry.deal is None else row.entry.deal.to_json(),
        "made": None if result is None else result.made,
        "scores": (dict.fromkeys(state.setup.sides, 0) if result is None
                   else dict(result.scores)),
        "totals": dict(row.totals),
        "lines": [] if result is None else list(result.explain(state.setup.names)),
        "recorded": row.entry.recorded,
    }


@in_source_language
def state_json(record: GameRecord, state: GameState) -> GameView:
    """The whole game as JSON (``game show --json``)."""
    end = state.setup.end
    view: GameView = {
        "id": record.id,
        "rules": record.rules_name,
        "players": record.players,
        "sides": dict(state.setup.names),
        "target": end.target,
        "deals_limit": end.deals,
        "created": record.created,
        "label": record.label,
        "deals": [row_json(state, row) for row in state.rows],
        "totals": dict(state.totals),
        "to_target": state.to_target(),
        "finished": state.finished,
        "winner": state.winner,
        "next_dealer": state.setup.seat_side(state.next_dealer),
        "summary": summary(state),
    }
    rules = state.setup.rules
    if rules.litige:
        view["held"] = state.held
    if not rules.belote_alone_wins:
        view["belote_only"] = list(state.belote_only)
    if record.time_called is not None:
        view["time_called"] = record.time_called
    return view


def history_json(deals: list[DealRecord]) -> list[CorrectionView]:
    """A game's deals, undone and replaced ones too, as ``game show --json`` lists them."""
    return [{"number": d.number, "status": d.status, "deal": d.deal, "recorded": d.recorded,
             "changed": d.changed} for d in deals]


def shown_json(record: GameRecord, state: GameState, deals: list[DealRecord]) -> ShownView:
    """``game show --json``: the game, and ``deals`` undone or replaced as its history."""
    return {**state_json(record, state), "history": history_json(deals)}


@in_source_language
def change_json(change: Change) -> ChangeView:
    """What ``game add`` / ``pass`` / ``undo`` / ``edit`` return with ``--json``.

    The deal fields describe the deal as it now stands, or, after an undo, the deal removed
    (``"removed": true``).
    """
    after = change.after
    row = next((r for r in after.rows if r.number == change.number), None)
    removed = row is None
    if row is None:
        row = next(r for r in change.before.rows if r.number == change.number)
    state = change.before if removed else after
    described = row_json(state, row)
    return {
        "game": change.game_id,
        "deal": change.number,
        "removed": removed,
        "passed": described["passed"],
        "made": described["made"],
        "scores": described["scores"],
        "lines": described["lines"],
        "totals": dict(after.totals),
        "totals_before": dict(change.before.totals),
        "to_target": after.to_target(),
        "finished": after.finished,
        "winner": after.winner,
        "next_dealer": after.setup.seat_side(after.next_dealer),
    }


def deal_lines(state: GameState) -> list[DealLine]:
    """A game's deals as the tournament's export lists a table's: number, dealer, taker,
    contract, trump, coinche, made, each side's score and running total, in the language of
    the file."""
    lines: list[DealLine] = []
    for row in state.rows:
        deal = row.entry.deal
        lines.append({
            "number": row.number, "dealer": state.setup.seat_label(row.dealer),
            "taker": "" if deal is None else state.setup.names[deal.taker],
            "contract": "" if deal is None else (
                deal.contract if isinstance(deal.contract, int) else str(deal.contract)),
            "trump": "" if deal is None else trump_words(deal.trump.value),
            "coinche": "" if deal is None else coinche_words(deal.coinche),
            "made": None if row.result is None else row.result.made,
            "score1": 0 if row.result is None else row.result.scores["A"],
            "score2": 0 if row.result is None else row.result.scores["B"],
            "total1": row.totals["A"], "total2": row.totals["B"],
        })
    return lines


def stats_view(stats: Stats, *, team: str | None, player: str | None,
               since: str | None) -> StatsView:
    """``game stats --json``: the side chosen and the day since, then :func:`stats_json`."""
    return {"team": team, "player": player, "since": since, **stats_json(stats)}


def stats_json(stats: Stats) -> StatsJSON:
    """The statistics of some games as JSON; a line per side name for the whole store's."""
    data = _tally_json(stats.tally, stats.whole)
    if stats.whole:
        data["sides"] = [
            {"side": name, "games": line.games, "won": line.won, "drawn": line.drawn,
             "lost": line.lost, "points_per_deal": line.points_per_deal}
            for name, line in stats.sides]
    return data


def _tally_json(tally: Tally, whole: bool) -> StatsJSON:
    return {
        "games": {"played": tally.games, "won": None if whole else tally.won,
                  "drawn": tally.drawn, "lost": None if whole else tally.lost,
                  "unfinished": tally.unfinished},
        "deals": {"played": tally.deals, "passed": tally.passed,
                  "points_per_deal": tally.points_per_deal},
        "contracts": {
            **_counts(tally.contracts),
            "by_bid": [{"bid": bid, **_counts(found)} for bid, found in tally.by_bid()],
            "by_trump": [{"trump": trump, **_counts(found)}
                         for trump, found in tally.by_trump()],
        },
        "coinches": {"made": _made(tally.coinches_made),
                     "suffered": _suffered(tally.coinches_suffered)},
        "capots": {"made": tally.capots_made,
                   "suffered": None if whole else tally.capots_suffered},
        "belotes": tally.belotes,
    }  # fmt: skip


def _counts(contracts: Contracts) -> Counts:
    return {"taken": contracts.taken, "made": contracts.made, "failed": contracts.failed}


def _made(coinches: Coinches) -> CoinchesMade:
    # a coinche made is won when the contract it doubled fails
    return {"count": coinches.count, "won": coinches.failed, "lost": coinches.made,
            "surcoinched": coinches.surcoinched}


def _suffered(coinches: Coinches) -> CoinchesSuffered:
    return {"count": coinches.count, "made": coinches.made, "failed": coinches.failed,
            "surcoinched": coinches.surcoinched}


def recap_json(record: GameRecord, state: GameState) -> RecapView:
    """``game share``: the game's totals and winner, its running totals deal by deal, its
    biggest deal, and each side's coinches won and capots, counted as ``game stats`` counts
    them for that side."""
    from coinche_cli.game.stats import game_stats, of_state

    game = of_state(state)
    tallies = {side: game_stats([(game, [side])], whole=False).tally
               for side in state.setup.sides}
    biggest: BiggestDeal | None = None
    for row in state.rows:
        if row.result is None:
            continue
        for side in state.setup.sides:
            points = row.result.scores[side]
            if biggest is None or points > biggest["points"]:
                biggest = {"number": row.number, "side": side, "points": points,
                           "capot": row.result.checked.capot == side}
    return {"id": record.id, "label": record.label, "sides": dict(state.setup.names),
            "totals": dict(state.totals), "finished": state.finished, "winner": state.winner,
            "running": [dict(row.totals) for row in state.rows], "biggest": biggest,
            "coinches_won": {side: tally.coinches_made.failed
                             for side, tally in tallies.items()},
            "capots": {side: tally.capots_made for side, tally in tallies.items()}}
