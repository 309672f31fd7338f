"""``game stats``: every stored game read at once and added up (:mod:`coinche_cli.game.stats`).

The games and every deal in play are read in one snapshot (two queries, however many
games).  A game is not replayed: its end and final totals are the summary stored after its
last deal (:func:`coinche_cli.game.state.resume`), and each deal is scored once for whether
its contract was made and who took every trick — once per distinct deal and rules (a café's
deals repeat), from the deal as stored.  A game stored without summaries (by an older
coinche) is replayed.

A side is chosen by ``--team`` (a team game's side, by name: every game it played, the
tables of a concours scored deal by deal included) or ``--player`` (a player's side in a
game of two or three players; the command line adds the tables of the concours a person
played, :mod:`coinche_cli.season.people_ops`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING

from coinche_cli.errors import InputError
from coinche_cli.game.state import Entry, Setup, play, resume
from coinche_cli.game.stats import Facts, Game, facts, game_stats, of_state
from coinche_cli.game.views import stats_json, stats_view
from coinche_cli.i18n import _
from coinche_cli.names import NameIndex, echo, fold
from coinche_cli.rules.model import Rules
from coinche_cli.scoring.deal import deal_from_json
from coinche_cli.scoring.score import score_deal
from coinche_cli.store.records import GameRecord

if TYPE_CHECKING:
    from coinche_cli.game.views import StatsJSON, StatsView  # the checker's types
    from coinche_cli.store.season_protocol import SeasonStore


def check_since(text: str | None) -> str | None:
    """``--since``: a day, ``YYYY-MM-DD``; refused otherwise."""
    if text is None:
        return None
    from datetime import date  # only when a day is given

    day = text.strip()
    try:
        if len(day) != 10 or not day.isascii():
            raise ValueError(day)
        return date.fromisoformat(day).isoformat()
    except ValueError:
        raise InputError("--since", _("“{got}” is not a day: give it as YYYY-MM-DD"),
                         got=echo(text)) from None


class _Reader:
    """Games made into what the statistics read: each game's rules once per distinct
    compiled text, each distinct deal scored once per rules."""

    def __init__(self) -> None:
        self._rules: dict[str, Rules] = {}
        self._facts: dict[tuple[str, int, str], Facts] = {}

    def setup(self, record: GameRecord) -> Setup:
        """The game's setup, its rules read back (once per compiled text)."""
        from coinche_cli.rules.model import load_compiled

        rules = self._rules.get(record.compiled or "")
        if rules is None:
            label = f"game {record.id} rules"
            rules = load_compiled(record.compiled, record.rules, label)
            if rules is None:
                from coinche_cli.rules.validate import rules_from_document

                rules = rules_from_document(record.rules, label)
            elif record.compiled:
                self._rules[record.compiled] = rules
        return Setup(rules=rules, players=record.players, names=record.names,
                     first_dealer=record.first_dealer, target=record.target,
                     deals=record.deals)

    def game(self, record: GameRecord,
             deals: Sequence[tuple[int, str | None, str | None, str]]) -> Game:
        """A stored game: its last summary and each deal's facts; replayed when a summary
        is missing."""
        setup = self.setup(record)
        if not deals or deals[-1][2] is None:
            return of_state(play(setup, [
                Entry(number, None if deal is None else deal_from_json(deal), recorded)
                for number, deal, _state, recorded in deals]))
        last = resume(setup, json.loads(deals[-1][2]))
        rules = record.compiled or f"game {record.id}"  # no compiled text: its own rules
        found: list[Facts | None] = []
        for _number, deal, _state, _recorded in deals:
            if deal is None:
                found.append(None)
                continue
            key = (rules, record.players, deal)
            known = self._facts.get(key)
            if known is None:
                played = deal_from_json(json.loads(deal))
                known = self._facts[key] = facts(
                    played, score_deal(setup.rules, played, setup.players))
            found.append(known)
        return Game(setup.sides, setup.names, last.finished, last.winner, last.totals, found)


def stats(store: SeasonStore, *, since: str | None = None, team: str | None = None,
          player: str | None = None, person: str | None = None,
          person_sides: Sequence[tuple[int, str]] = ()) -> StatsView:
    """``game stats``: every stored game (created on ``since`` or after), or one side's:
    ``team`` (a team game's side, by name), ``player`` (a side of a game of two or three
    players, by name; ``person`` when it names a person of the concours, whose tables are
    ``person_sides``: game ids and sides)."""
    if team is not None and player is not None:
        raise InputError("--team", _("give --team or --player, not both"))
    day = check_since(since)
    with store.reading():
        records = [r for r in store.games() if day is None or r.created[:10] >= day]
        deals = store.active_deals()
    chosen: dict[int, list[str]] = {}
    shown: str | None = None
    if team is not None:
        teams = [r for r in records if r.players == 4]
        key, shown = _resolve(teams, team, "--team", "team")
        for record in teams:
            chosen[record.id] = [s for s, n in record.names.items() if fold(n) == key]
    elif player is not None:
        alone = [r for r in records if r.players != 4]
        if person is None:
            key, shown = _resolve(alone, player, "--player", "player")
        else:
            key, shown = fold(person), person
        for record in alone:
            sides = [s for s, n in record.names.items() if fold(n) == key]
            if sides:
                chosen[record.id] = sides
        ids = {r.id for r in records}
        for game_id, side in person_sides:
            if game_id in ids and side not in chosen.get(game_id, []):
                chosen.setdefault(game_id, []).append(side)
    reader = _Reader()
    games: list[tuple[Game, Sequence[str]]] = []
    whole = team is None and player is None
    for record in records:
        if not whole and not chosen.get(record.id):
            continue
        game = reader.game(record, deals.get(record.id, []))
        games.append((game, list(game.sides) if whole else chosen[record.id]))
    return stats_view(game_stats(games, whole=whole), team=shown if team is not None else None,
                      player=shown if player is not None else None, since=day)


def _resolve(records: Sequence[GameRecord], typed: str, field: str,
             kind: str) -> tuple[str, str]:
    """The side name ``typed`` names among ``records``' sides (folded, and as first
    written): a whole name, or an unambiguous start of a name or of a word of it."""
    names: dict[str, str] = {}
    for record in records:
        for name in record.names.values():
            names.setdefault(fold(name), name)
    index = NameIndex((key, name, "") for key, name in names.items())
    key = index.resolve(typed, field=field, kind="team" if kind == "team" else "player")
    return key, names[key]


def side_stats(store: SeasonStore,
               groups: Sequence[Sequence[tuple[int, str]]]) -> list[StatsJSON]:
    """The statistics of each group of sides (game ids and sides: a player's tables of one
    concours, ``player show``), the games read in one snapshot, each once."""
    wanted = {game_id for group in groups for game_id, _side in group}
    games: dict[int, Game] = {}
    reader = _Reader()
    with store.reading():
        for record in store.games():
            if record.id in wanted:
                games[record.id] = of_state(play(reader.setup(record), [
                    Entry(d.number, None if d.deal is None else deal_from_json(d.deal),
                          d.recorded) for d in store.deals(record.id)]))
    return [stats_json(game_stats([(games[game_id], [side]) for game_id, side in group
                                   if game_id in games], whole=False)) for group in groups]
