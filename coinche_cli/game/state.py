"""A game: rules, sides and the deals played, folded into totals, dealer and winner.

Pure: the store hands over the recorded entries and :func:`play` replays them.  The end of
a game follows the rules' ``end`` section (or the game's own ``--target`` / ``--deals``):

1. After each scored deal, the sides at or over the target are "over".
2. One side over: it wins.  Several: ``both_over`` decides (the higher total, or the side
   that won that deal).  Still equal: ``tie`` decides (the side that won the deal, or play on).
3. In fixed-deals play, after the last deal the higher total wins; equal totals follow ``tie``
   (``play_on``: one more deal, then compare again).
4. A deal where everybody passed scores nothing and does not count as one of the fixed deals;
   the deal still moves on to the next dealer.
5. With ``rounding.last_deal: exact``, the deal that ends the game is scored on exact points
   when its exact score ends it too (else it keeps its rounded score, and still ends it).
6. With ``rounding.last_deal: exact_decides`` ("au point juste"), a deal that would end the
   game, counted rounded or counted exactly, is counted exactly, and its exact score decides:
   a deal that reaches the target only when counted exactly ends the game; one that reaches
   it only when rounded up does not (the game goes on, from the exact totals).  The deal the
   time limit makes the last (recorded once ``end.time_limit`` minutes have passed since the
   first deal was recorded) and the last of a fixed number of deals are counted exactly,
   whether or not they end the game: equal totals played on (``tie: play_on``) play one more
   deal, counted exactly too.
7. With ``end.belote_alone_wins: false``, a side over the target only thanks to its belote on
   a deal it failed or where another side won every trick is not over yet: it must take a
   trick in a later deal (FFB 2015 §10.3).
8. With ``made_if.litige``, the card points a litige held go to the takers of the next
   contract made; a litige still held when the game ends is scored by nobody.
9. A game whose time was called at deal *n* (a timed round scored from a phone: the clock
   is the round's, ``tournament serve``) ends with its first scored deal numbered *n* or
   more, as the time limit ends it (rules 3 and 6: the higher total wins, an
   ``exact_decides`` sheet counts that deal exactly).
"""


from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Literal, NamedTuple

from coinche_cli.errors import GameError
from coinche_cli.i18n import _
from coinche_cli.names import NameIndex
from coinche_cli.rules.model import EndRule, Rules
from coinche_cli.scoring.deal import Deal
from coinche_cli.scoring.score import DealScore, award_held, score_deal
from coinche_cli.values import Value


class Entry(Value):
    """One recorded deal of a game: a played deal, or ``deal=None`` when all passed."""

    __slots__ = ("deal", "number", "recorded")

    def __init__(self, number: int, deal: Deal | None, recorded: str = "") -> None:
        self.number = number
        self.deal = deal
        self.recorded = recorded  # ISO time, for time-limited games


class Setup(Value):
    """What a game was started with: frozen rules, names, first dealer, end overrides."""

    __slots__ = ("deals", "first_dealer", "names", "players", "rules", "target", "time_called")

    def __init__(self, rules: Rules, players: int, names: Mapping[str, str],
                 first_dealer: int = 0, target: int | None = None,
                 deals: int | None = None, time_called: int | None = None) -> None:
        self.rules = rules
        self.players = players
        self.names = names  # side -> display name
        self.first_dealer = first_dealer  # seat index in the order of play
        self.target = target  # overrides the rules' end.target
        self.deals = deals  # overrides the rules' end.deals
        # the deal at which a timed round's time was called (the score sheet on the phone):
        # it, or the first scored deal after it, is the last (rule 9)
        self.time_called = time_called

    @property
    def sides(self) -> tuple[str, ...]:
        """The game's sides: A/B, or seats 1..n."""
        return self.rules.sides(self.players)

    @property
    def end(self) -> EndRule:
        """The end rule in force: the rules' own, with this game's overrides."""
        end = self.rules.end
        if self.target is not None or self.deals is not None:
            end = end._replace(target=self.target, deals=self.deals)
        return end

    def seat_side(self, seat: int) -> str:
        """The side a seat plays for: teams alternate round the table."""
        if self.players == 4:
            return "A" if seat % 2 == 0 else "B"
        return str(seat + 1)

    def side(self, typed: str, field: str = "taker") -> str:
        """The side ``typed`` names: its code (``A``, ``2``), its name, or an unambiguous
        start of its name or of a word of it (:mod:`coinche_cli.names`)."""
        return self._index().resolve(typed, field=field, kind="side", label=True)

    def with_sides(self, deal: Deal) -> Deal:
        """``deal`` with every side as typed (a code, a name, a prefix) read as its code."""
        index = self._index()
        return deal.with_sides(
            lambda typed, field: index.resolve(typed, field=field, kind="side", label=True))

    def _index(self) -> NameIndex[str]:
        return NameIndex((side, self.names.get(side, side), side) for side in self.sides)

    def seat_label(self, seat: int) -> str:
        """``Les As (seat 3)`` for a team game, the player's name otherwise."""
        side = self.seat_side(seat)
        if self.players == 4:
            return _("{name} (seat {seat})").format(name=self.names.get(side, side), seat=seat + 1)
        return self.names.get(side, side)


#: What ended a game: a side reached (or passed) the target, the fixed number of deals was
#: played, or the time limit ran out.  (A Literal, not an enum: the class would cost every
#: ``game add`` more than it reads.)
EndReason = Literal["target", "deals", "time"]

if TYPE_CHECKING:  # a TypedDict is a plain dict at run time: the classes are the checker's alone
    from typing import NotRequired, TypedDict

    class EndJSON(TypedDict):
        """An :class:`End` as a summary keeps it."""

        reason: EndReason
        winner: str | None

    class Summary(TypedDict):
        """What :meth:`GameState.summary` records after each deal, and :func:`resume` reads.

        A summary written before the end had its reason (schema version 3) has ``winner`` and
        ``finished`` instead of ``end``."""

        totals: dict[str, int]
        end: NotRequired[EndJSON | None]
        winner: NotRequired[str | None]
        finished: NotRequired[bool]
        next_dealer: int
        played: int
        started: str
        last_number: int
        belote_only: NotRequired[list[str]]
        held: NotRequired[int]

    class SideCounts(TypedDict):
        """A side's line of :func:`summary`: contracts taken, made and failed, coinches given
        and received."""

        taken: int
        made: int
        failed: int
        coinched: int
        was_coinched: int


class End(Value):
    """How a game ended: what ended it, and who won (``None``: a draw)."""

    __slots__ = ("reason", "winner")

    def __init__(self, reason: EndReason, winner: str | None) -> None:
        self.reason = reason
        self.winner = winner

    def to_json(self) -> "EndJSON":
        """The end as stored with a deal's summary."""
        return {"reason": self.reason, "winner": self.winner}

    @classmethod
    def from_json(cls, data: "EndJSON | None") -> "End | None":
        """An end read back from a summary (``None``: the game goes on)."""
        return None if data is None else cls(data["reason"], data["winner"])


class Row(Value):
    """One line of the score sheet."""

    __slots__ = ("dealer", "entry", "number", "result", "totals")

    def __init__(self, number: int, dealer: int, entry: Entry, result: DealScore | None,
                 totals: Mapping[str, int]) -> None:
        self.number = number
        self.dealer = dealer
        self.entry = entry
        self.result = result  # None: everybody passed
        self.totals = totals


class GameState(NamedTuple):
    """Where a game stands after its recorded deals."""

    setup: Setup
    rows: tuple[Row, ...]
    totals: Mapping[str, int]
    end: End | None  # None while the game goes on
    next_dealer: int
    played: int  # scored deals (passes excluded)
    extra: tuple[int, ...] = ()  # deal numbers recorded after the end
    started: str = ""  # when the first deal was recorded (time-limited games)
    last_number: int = 0  # the number of the last recorded deal
    belote_only: tuple[str, ...] = ()  # over the target by a belote alone: to take a trick
    held: int = 0  # the card points a litige holds for the next contract made

    @property
    def finished(self) -> bool:
        """Whether the game has ended (with a winner or drawn)."""
        return self.end is not None

    @property
    def winner(self) -> str | None:
        """The side that won, once the game has ended with a winner."""
        return None if self.end is None else self.end.winner

    def summary(self) -> "Summary":
        """What :func:`resume` needs to continue the game without replaying it."""
        out: Summary = {"totals": dict(self.totals),
                        "end": None if self.end is None else self.end.to_json(),
                        "next_dealer": self.next_dealer, "played": self.played,
                        "started": self.started, "last_number": self.last_number}
        if self.belote_only:  # only where a rule made them: a summary as before otherwise
            out["belote_only"] = list(self.belote_only)
        if self.held:
            out["held"] = self.held
        return out

    def to_target(self) -> dict[str, int] | None:
        """Points each side still needs to reach the target (None without a target)."""
        target = self.setup.end.target
        if target is None:
            return None
        return {side: max(target - total, 0) for side, total in self.totals.items()}


def _over(end: EndRule, total: int) -> bool:
    assert end.target is not None
    return total > end.target if end.reach == "exceed" else total >= end.target


def _decide(end: EndRule, totals: Mapping[str, int], contenders: Sequence[str],
            result: DealScore, reason: EndReason) -> End | None:
    """Among ``contenders`` (over the target, or all sides at the last fixed deal): the end
    of the game, or ``None`` to play on."""
    if len(contenders) == 1:
        return End(reason, contenders[0])
    deal_winners = [s for s in result.winners if s in contenders]
    if end.both_over == "deal_winner" and len(deal_winners) == 1:
        return End(reason, deal_winners[0])
    best = max(totals[s] for s in contenders)
    leaders = [s for s in contenders if totals[s] == best]
    if len(leaders) == 1:
        return End(reason, leaders[0])
    tied_winners = [s for s in result.winners if s in leaders]
    if end.tie == "deal_winner" and len(tied_winners) == 1:
        return End(reason, tied_winners[0])
    if end.tie == "draw":
        return End(reason, None)
    return None  # play on


def _ends(setup: Setup, totals: Mapping[str, int], played: int, number: int,
          result: DealScore, started: str, now: str,
          waiting: tuple[str, ...] = ()) -> End | None:
    """How the game ends after ``result``, or ``None`` when it goes on (``waiting``: sides
    over the target by a belote alone, not over yet)."""
    end = setup.end
    if end.target is not None:
        over = [s for s in setup.sides if _over(end, totals[s]) and s not in waiting]
        if over:
            decided = _decide(end, totals, over, result, "target")
            if decided is not None:
                return decided
    reason = _last(setup, played, number, started, now)
    if reason is not None:
        return _decide(end._replace(both_over="higher_total"), totals,
                       list(setup.sides), result, reason)
    return None


def _last(setup: Setup, played: int, number: int, started: str, now: str) -> EndReason | None:
    """Why deal ``number`` is the last one whatever its score: the fixed number of deals is
    played, or the time is out, by the rules' limit or called at the table (None: neither)."""
    end = setup.end
    if end.deals is not None and played >= end.deals:
        return "deals"
    if setup.time_called is not None and number >= setup.time_called:
        return "time"
    if end.time_limit is not None and _minutes(started, now) >= end.time_limit:
        return "time"
    return None


def _took_a_trick(result: DealScore, side: str) -> bool:
    """Whether ``side`` took a trick on the deal: card points, and nobody else took every
    trick (a trick of sevens and eights is worth nothing: coinche knows card points)."""
    checked = result.checked
    return checked.capot in (None, side) and checked.points[side] > 0


def _waiting(setup: Setup, before: tuple[str, ...], result: DealScore,
             after: Mapping[str, int]) -> tuple[str, ...]:
    """The sides over the target by a belote alone after ``result`` (``end.belote_alone_wins:
    false``): a side that failed, or where another side won every trick, and whose total
    without its belote is not over; and those that were already, until they take a trick."""
    end = setup.end
    if setup.rules.belote_alone_wins or end.target is None:
        return ()
    checked = result.checked
    waiting: list[str] = []
    for side in setup.sides:
        if side in before:
            if not _took_a_trick(result, side):
                waiting.append(side)
            continue
        lost = side == checked.deal.taker and not result.made
        capot_against = checked.capot not in (None, side)
        if not (lost or capot_against):
            continue
        belote = sum(t.total for t in result.terms[side] if t.name == "belote")
        if belote and _over(end, after[side]) and not _over(end, after[side] - belote):
            waiting.append(side)
    return tuple(waiting)


def _minutes(start: str, end: str) -> float:
    """Minutes between two recorded ISO times (0 when either is missing or unreadable)."""
    from datetime import datetime  # only time-limited games need it

    try:
        elapsed = datetime.fromisoformat(end) - datetime.fromisoformat(start)
    except ValueError:
        return 0.0
    return elapsed.total_seconds() / 60


def extend(state: GameState, entry: Entry) -> GameState:
    """The game after one more recorded entry (a deal recorded after the end is "extra")."""
    setup = state.setup
    if state.finished:
        return state._replace(extra=(*state.extra, entry.number))
    rules = setup.rules
    totals = dict(state.totals)
    played, ended = state.played, None
    started = state.started or entry.recorded
    result = None
    waiting, held = state.belote_only, state.held
    if entry.deal is not None:
        played += 1
        now = entry.recorded
        result = _scored(setup, entry.deal, held)
        after = {s: totals[s] + result.scores[s] for s in setup.sides}
        waiting = _waiting(setup, state.belote_only, result, after)
        ended = _ends(setup, after, played, entry.number, result, started, now, waiting)
        if result.inexact and rules.last_deal_exact and (
                ended is not None or rules.last_deal_decides):
            exact = _scored(setup, entry.deal, held, exact=True)
            exact_after = {s: totals[s] + exact.scores[s] for s in setup.sides}
            exact_waiting = _waiting(setup, state.belote_only, exact, exact_after)
            exact_end = _ends(setup, exact_after, played, entry.number, exact, started, now,
                              exact_waiting)
            # rule 6: a deal that could be the last is counted exactly, and decides so: one
            # that ends the game either way, and the last of the deals or of the time even
            # when its totals tie and the game plays on
            could_end = ended is not None or _last(setup, played, entry.number, started,
                                                   now) is not None
            if exact_end is not None or (rules.last_deal_decides and could_end):
                result, after, ended, waiting = exact, exact_after, exact_end, exact_waiting
        if result.held:
            held += result.held
        elif result.made and held:
            held = 0  # awarded with this contract (_scored)
        totals = after
    row = Row(entry.number, state.next_dealer, entry, result, dict(totals))
    return GameState(setup, (*state.rows, row), totals, ended,
                     (state.next_dealer + 1) % setup.players, played, state.extra, started,
                     entry.number, waiting, held)


def _scored(setup: Setup, deal: Deal, held: int, *, exact: bool = False) -> DealScore:
    """``deal`` scored in the game, with the points a litige holds awarded to a contract
    made."""
    result = score_deal(setup.rules, deal, setup.players, exact=exact)
    if held and result.made:
        return award_held(result, held)
    return result


def start(setup: Setup) -> GameState:
    """A game before its first deal."""
    return GameState(setup, (), dict.fromkeys(setup.sides, 0), None, setup.first_dealer, 0)


def resume(setup: Setup, summary: "Summary") -> GameState:
    """A game where a recorded :meth:`GameState.summary` left it, without its rows: what
    adding a deal needs, at a cost that does not grow with the game."""
    if "end" in summary:
        ended = End.from_json(summary["end"])
    else:  # a summary written before the end had its reason (schema version 3)
        ended = End("target", summary["winner"]) if summary["finished"] else None
    return GameState(setup, (), dict(summary["totals"]), ended, summary["next_dealer"],
                     summary["played"], (), summary["started"], summary["last_number"],
                     tuple(summary.get("belote_only", ())), summary.get("held", 0))


def play(setup: Setup, entries: Sequence[Entry]) -> GameState:
    """Replay ``entries`` in order: every deal scored, totals, dealer, the end and winner."""
    state = start(setup)
    for entry in entries:
        state = extend(state, entry)
    return state


def check_can_add(state: GameState) -> None:
    """Refuse a new deal once the game has a winner."""
    if state.end is None:
        return
    # short: the line fits 80 columns with a club's names (issue 32)
    if state.end.winner is None:
        raise GameError(_("this game is over (a draw); 'coinche game new' starts another"))
    winner = state.end.winner
    raise GameError(_("this game is over: {winner} won; 'coinche game new' starts another"),
                    winner=state.setup.names.get(winner, winner))


def summary(state: GameState) -> "dict[str, SideCounts]":
    """Per side: contracts taken, made, failed, coinches given and received."""
    out: dict[str, SideCounts] = {
        side: {"taken": 0, "made": 0, "failed": 0, "coinched": 0, "was_coinched": 0}
        for side in state.setup.sides
    }
    for row in state.rows:
        if row.result is None or row.entry.deal is None:
            continue
        deal = row.entry.deal
        taker = out[deal.taker]
        taker["taken"] += 1
        if row.result.held:
            pass  # a litige: neither made nor failed
        elif row.result.made:
            taker["made"] += 1
        else:
            taker["failed"] += 1
        if deal.coinche:
            taker["was_coinched"] += 1
            for side in state.setup.sides:
                # the defender who coinched, when the deal names one (the chien)
                if side != deal.taker and deal.coinched_by in (None, side):
                    out[side]["coinched"] += 1
    return out


class Change(Value):
    """A deal added, removed or replaced, with the game before and after, and what the
    scorekeeper should be warned of (a closed round's result corrected)."""

    __slots__ = ("after", "before", "game_id", "number", "warnings")

    def __init__(self, game_id: int, number: int, before: GameState, after: GameState,
                 warnings: tuple[str, ...] = ()) -> None:
        self.game_id = game_id
        self.number = number
        self.before = before
        self.after = after
        self.warnings = warnings
