"""The café's statistics: every stored game added up, or one side's part in them.

Pure: games as :class:`Game` (what a game's end and totals are, and each deal's
:class:`Facts`: folded from its deals by :mod:`coinche_cli.game.state`, or read from what the
store kept, :mod:`coinche_cli.game.stored`), each with the sides to count (a team, a player;
all of them for the store's whole picture), a :class:`Stats` out (shown as JSON by
:func:`coinche_cli.game.views.stats_json`).

- **Games**: played (the side was in it), won, drawn, lost, unfinished.
- **Contracts**: taken, made and failed, by bid (80…, capot, générale) and by trump.
- **Coinches made** (on the other side's contract: the defence doubled it) and **suffered**
  (on the side's own contract), and how they ended: a coinche made is won when the contract
  fails; a coinche suffered is survived when the contract is made.  Surcoinches are counted
  among them.
- **Capots** (every trick to one side, announced or not, générales included): made by the
  side, suffered; **belotes** the side declared; **points a deal**: the side's average score
  over the deals played (deals everybody passed aside).
- With no side given, every deal counts once: every contract, every coinche (made by a
  defence, suffered by a taker: the same deals), every capot and belote, and the points a
  deal of all sides together, divided by the sides.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import NamedTuple

from coinche_cli.game.state import GameState
from coinche_cli.names import fold
from coinche_cli.scoring.deal import Deal
from coinche_cli.scoring.score import DealScore


class Contracts:
    """Contracts taken, made and failed (counted while the games are read)."""

    def __init__(self) -> None:
        self.taken = self.made = self.failed = 0

    def add(self, made: bool) -> None:
        """Count one contract, made or failed."""
        self.taken += 1
        if made:
            self.made += 1
        else:
            self.failed += 1


class Coinches:
    """Coinches counted: how many, how many of the contracts coinched were made and failed,
    how many were surcoinched."""

    def __init__(self) -> None:
        self.count = self.made = self.failed = self.surcoinched = 0

    def add(self, made: bool, coinche: int) -> None:
        """Count one coinched contract, made or failed (``coinche`` 2: surcoinched)."""
        self.count += 1
        if made:
            self.made += 1
        else:
            self.failed += 1
        self.surcoinched += coinche >= 2


def _bid_order(bid: str) -> tuple[int, str]:
    return (int(bid), "") if bid.isdigit() else (10**9, bid)


_TRUMPS = ("S", "H", "D", "C", "SA", "TA")


class Facts(NamedTuple):
    """What the statistics need of one scored deal: who took what, the coinche, the belotes,
    whether the contract was made and who took every trick (None: nobody)."""

    taker: str
    bid: str
    trump: str
    coinche: int
    belote: tuple[str, ...]
    made: bool
    capot: str | None


def facts(deal: Deal, result: DealScore) -> Facts:
    """A scored deal's :class:`Facts`."""
    bid = str(deal.contract if isinstance(deal.contract, int) else deal.contract.value)
    return Facts(deal.taker, bid, deal.trump.value, deal.coinche, deal.belote, result.made,
                 result.checked.capot)


class Game(NamedTuple):
    """A game as the statistics read it: its sides (codes) and their names, how it ended,
    its final totals, and each deal's facts (None: everybody passed)."""

    sides: tuple[str, ...]
    names: Mapping[str, str]
    finished: bool
    winner: str | None
    totals: Mapping[str, int]
    deals: Sequence[Facts | None]


def of_state(state: GameState) -> Game:
    """A game folded from its deals (:mod:`coinche_cli.game.state`) as the statistics read
    it."""
    return Game(state.setup.sides, state.setup.names, state.finished, state.winner,
                state.totals,
                [None if row.entry.deal is None or row.result is None
                 else facts(row.entry.deal, row.result) for row in state.rows])


class Tally:
    """Everything counted of some games from some sides' point of view (mutable while the
    games are read, by :func:`game_stats`; read only after)."""

    def __init__(self) -> None:
        self.games = self.won = self.drawn = self.lost = self.unfinished = 0
        self.deals = self.passed = self.points = self.scores = 0
        self.contracts = Contracts()
        self.bids: dict[str, Contracts] = {}
        self.trumps: dict[str, Contracts] = {}
        self.coinches_made = Coinches()  # by the defence, on the other side's contract
        self.coinches_suffered = Coinches()  # on the side's own contract
        self.capots_made = self.capots_suffered = self.belotes = 0

    @property
    def points_per_deal(self) -> float | None:
        """The sides' average score over the deals played, to a tenth (None: no deal)."""
        return round(self.points / self.scores, 1) if self.scores else None

    def by_bid(self) -> list[tuple[str, Contracts]]:
        """The contracts of each bid, lowest bid first (capot and générale last)."""
        return [(bid, self.bids[bid]) for bid in sorted(self.bids, key=_bid_order)]

    def by_trump(self) -> list[tuple[str, Contracts]]:
        """The contracts of each trump, in the order of the suits then SA and TA."""
        return [(trump, self.trumps[trump]) for trump in _TRUMPS if trump in self.trumps]

    def game(self, game: Game, sides: Sequence[str]) -> None:
        """Count a game from ``sides``' point of view (every side: the game as a whole)."""
        whole = len(sides) == len(game.sides)
        self.games += 1
        if not game.finished:
            self.unfinished += 1
        elif game.winner is None:
            self.drawn += 1
        elif not whole:
            if game.winner in sides:
                self.won += 1
            else:
                self.lost += 1
        played = [deal for deal in game.deals if deal is not None]
        self.passed += len(game.deals) - len(played)
        self.deals += len(played)
        if played:  # the totals are the deals' scores added up, the last deal's exactly
            self.scores += len(sides) * len(played)
            self.points += sum(game.totals[side] for side in sides)
        for deal in played:
            if deal.belote:
                self.belotes += sum(1 for side in deal.belote if side in sides)
            if deal.capot is not None:
                if whole or deal.capot in sides:
                    self.capots_made += 1
                else:
                    self.capots_suffered += 1
            ours = whole or deal.taker in sides
            if ours:
                self.contracts.add(deal.made)
                self.bids.setdefault(deal.bid, Contracts()).add(deal.made)
                self.trumps.setdefault(deal.trump, Contracts()).add(deal.made)
            if not deal.coinche:
                continue
            if whole or not ours:  # the defence coinched the taker
                self.coinches_made.add(deal.made, deal.coinche)
            if ours:
                self.coinches_suffered.add(deal.made, deal.coinche)


class Stats(NamedTuple):
    """The statistics of some games: everything counted, and with ``whole`` (every side of
    every game: the store's picture) a line per side name, most games first."""

    whole: bool
    tally: Tally
    sides: tuple[tuple[str, Tally], ...] = ()


def game_stats(games: Iterable[tuple[Game, Sequence[str]]], whole: bool) -> Stats:
    """The statistics of ``games``, each counted from its given sides' point of view;
    ``whole``: every side of every game (the store's picture, with a line per side name)."""
    tally = Tally()
    per_side: dict[str, tuple[str, Tally]] = {}
    for game, sides in games:
        tally.game(game, sides)
        if whole:
            for side in game.sides:
                name = game.names.get(side, side)
                line = per_side.setdefault(fold(name), (name, Tally()))[1]
                line.game(game, [side])
    if not whole:
        return Stats(False, tally)
    return Stats(True, tally, tuple(sorted(per_side.values(),
                                           key=lambda item: (-item[1].games, fold(item[0])))))
