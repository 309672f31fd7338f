"""A concours à la mêlée: players register alone, each partie draws who plays with whom.

The operations of the ``tournament player …`` commands and of a mêlée's draw.  A partie's
drawn pairs are stored as teams of that partie (:class:`~coinche_cli.tournament.model.Team`
with ``members``), so a table's result, a forfeit, a penalty, a correction and a table's
game are the formed-team concours' own; the ranking is per player
(:mod:`coinche_cli.tournament.melee_standings`).  Each operation reads, checks everything,
then writes in one transaction; a refused one leaves the store as it was.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from coinche_cli.errors import TournamentError
from coinche_cli.i18n import _, ngettext
from coinche_cli.tournament import entrants
from coinche_cli.tournament.model import Entrant, Round, Team, Tournament

if TYPE_CHECKING:
    from coinche_cli.store.protocol import Store
    from coinche_cli.tournament.melee_draw import MeleeDraw

#: The fewest present players a partie can be drawn for: one table.
FEWEST = 4


def pair_of(tournament: Tournament, played: Round, player: Entrant) -> Team:
    """The pair ``player`` plays in at partie ``played``; refused when they sit out or are not
    drawn."""
    for board in played.boards:
        for team_id in (board.team1, board.team2):
            team = tournament.team(team_id)
            if player.id in team.members:
                return team
    if player.id in played.sitting_out:
        raise TournamentError(_("{name} sits out partie {round}"), name=player.name,
                              round=played.number)
    raise TournamentError(_("{name} does not play in round {round}"), name=player.name,
                          round=played.number)


def find_pair(tournament: Tournament, name: str, played: Round | None) -> Team:
    """The pair of the player called ``name`` at partie ``played`` (default: the current
    one): a mêlée's table, forfeit and penalty name a player, never a pair."""
    played = played or tournament.current
    if played is None:
        raise TournamentError(_("no round has been paired yet"))
    return pair_of(tournament, played, entrants.find(tournament, name))


def pair_name(first: str, second: str) -> str:
    """A drawn pair's name, as tables, sheets and pages show it: ``Ana & Cyd``."""
    return f"{first} & {second}"


def _history(tournament: Tournament) -> tuple[dict[frozenset[int], int],
                                               dict[frozenset[int], int]]:
    """How many times each two players were partners, and opponents, so far."""
    partners: dict[frozenset[int], int] = {}
    opponents: dict[frozenset[int], int] = {}
    for played in tournament.rounds:
        for board in played.boards:
            one = tournament.team(board.team1).members
            two = tournament.team(board.team2).members
            for pair in (one, two):
                key = frozenset(pair)
                partners[key] = partners.get(key, 0) + 1
            for a in one:
                for b in two:
                    key = frozenset((a, b))
                    opponents[key] = opponents.get(key, 0) + 1
    return partners, opponents


def draw_next(store: Store, tournament: Tournament, number: int, how: str | None,
              same_club: str | None, checked_in: frozenset[int] | None = None
              ) -> tuple[Round, MeleeDraw]:
    """Draw partie ``number`` (inside the caller's write): its tables, its pairs stored as
    teams of the partie, who sits out.  ``how`` and ``same_club`` override the tournament's
    own for this partie; ``checked_in``: only these players are drawn (the desk's)."""
    from coinche_cli.store import now
    from coinche_cli.tournament.board import Board
    from coinche_cli.tournament.melee_draw import Seat, draw_partie
    from coinche_cli.tournament.melee_standings import player_standings

    settings = tournament.settings
    how = how or settings.draw
    avoid = (same_club or settings.same_club) == "avoid"
    present = [p for p in tournament.players if p.active_in(number)
               and (checked_in is None or p.id in checked_in)]
    if len(present) < FEWEST:
        raise TournamentError(ngettext("{count} player to draw: a mêlée needs at least 4",
                                       "{count} players to draw: a mêlée needs at least 4",
                                       len(present)), count=len(present))
    if how == "by-score" and tournament.rounds:
        order = {row.line.team: index for index, row in enumerate(
            player_standings(tournament, number - 1))}
        present.sort(key=lambda p: order[p.id])
    sat = {p.id: 0 for p in present}
    for played in tournament.rounds:
        for player in played.sitting_out:
            if player in sat:
                sat[player] += 1
    # late (rule 3 of the draw): a player who had no part in the partie before, drawn or
    # sitting out: registered since, or back from leaving (their joined_round is older)
    before = next((r for r in tournament.rounds if r.number == number - 1), None)
    took_part = set() if before is None else set(before.sitting_out) | {
        member for board in before.boards for side in (board.team1, board.team2)
        for member in tournament.team(side).members}
    seats = [Seat(p.id, p.club if avoid else "", sat[p.id],
                  before is not None and p.id not in took_part) for p in present]
    partners, opponents = _history(tournament)
    seed = (settings.seed or 0) * 1009 + number  # each partie its own draw, replayable
    drawn = draw_partie(seats, partners, opponents, seed=seed, by_score=how == "by-score",
                        avoid_club=avoid)
    pairs: list[Team] = []
    for table in drawn.tables:
        for a, b in table:
            first, second = tournament.player(a), tournament.player(b)
            pairs.append(Team(0, pair_name(first.name, second.name), (first.name, second.name),
                              registered=number * 100_000 + len(pairs) + 1,
                              joined_round=number, members=(a, b)))
    ids = store.add_pairs(tournament.id, number, pairs)
    boards = tuple(Board(table, ids[2 * table - 2], ids[2 * table - 1])
                   for table in range(1, len(drawn.tables) + 1))
    played = Round(number, boards, None, len(drawn.repeated_partners), drawn.sitting_out)
    store.add_round(tournament.id, played, now())
    store.set_sitting_out(tournament.id, number, drawn.sitting_out)
    return played, drawn


def draw_report(tournament: Tournament, drawn: MeleeDraw) -> list[str]:
    """What the draw could not keep, in words (nothing when it kept every rule)."""
    def names(pair: tuple[int, int]) -> str:
        return pair_name(tournament.player(pair[0]).name, tournament.player(pair[1]).name)

    lines = []
    if drawn.repeated_partners:
        count = 2 * len(drawn.repeated_partners)
        lines.append(ngettext("{count} player partners again: {pairs}",
                              "{count} players partner again: {pairs}", count).format(
            count=count, pairs=", ".join(names(p) for p in drawn.repeated_partners)))
    if drawn.repeated_opponents:
        lines.append(ngettext("{count} pair of players meets again as opponents",
                              "{count} pairs of players meet again as opponents",
                              drawn.repeated_opponents).format(count=drawn.repeated_opponents))
    if drawn.clubmate_partners:
        lines.append(ngettext("{count} pair of partners of one club: {pairs}",
                              "{count} pairs of partners of one club: {pairs}",
                              len(drawn.clubmate_partners)).format(
            count=len(drawn.clubmate_partners),
            pairs=", ".join(names(p) for p in drawn.clubmate_partners)))
    for player in drawn.sat_out_again:
        lines.append(_("{name} sits out again before every player has sat out once").format(
            name=tournament.player(player).name))
    for player in drawn.late_sitting_out:
        lines.append(_("{name} sits out their first partie").format(
            name=tournament.player(player).name))
    return lines
