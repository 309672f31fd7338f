"""The field of a Swiss partie: the teams to pair, in ranking order, with their score groups.

Pure; what :func:`coinche_cli.tournament.pairing.pair` takes, for a concours's parties and
for a later Swiss stage's alike (:mod:`coinche_cli.tournament.stage_ops`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from coinche_cli.tournament.model import Tournament
    from coinche_cli.tournament.pairing import Contender


def contenders(tournament: Tournament, number: int,
               present: frozenset[int] | None = None) -> list[Contender]:
    """The teams to pair in round ``number``, in ranking order, with their score groups
    (``present``: only those teams, the ones checked in at the desk)."""
    # pairing and standings load only for the commands that use them: every other
    # tournament command (a result, a list) would pay a few milliseconds for nothing
    from coinche_cli.tournament.pairing import Contender
    from coinche_cli.tournament.standings import primary, standings

    table = standings(tournament, number - 1)
    by_team = {t.id: t for t in tournament.teams}
    active = [row for row in table if by_team[row.team].active_in(number)
              and (present is None or row.team in present)]
    values = [primary(tournament, row) for row in active]
    groups: list[int] = []
    for index, value in enumerate(values):
        if index == 0:
            groups.append(0)
        else:
            groups.append(groups[-1] + (value != values[index - 1]))
    had = tournament.had_bye()
    # a team entering late does not sit out its first round when another can take the bye
    late = {t.id for t in tournament.teams if number > 1 and t.joined_round == number}
    if present is not None and number > 1:  # a team checked in late plays its first round
        late |= present - tournament.played_teams()
    avoid = tournament.settings.same_club == "avoid"
    return [Contender(row.team, group, row.team in had, row.team in late,
                      by_team[row.team].club if avoid else "")
            for row, group in zip(active, groups, strict=True)]
