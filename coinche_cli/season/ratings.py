"""Ratings ("cote"), honestly: a value for each player and the margin around it.

Every match played at a table (:func:`coinche_cli.season.events.matches`: no bye, no
forfeit), in the order they were played, updates the two sides' ratings with OpenSkill's
Plackett-Luce model (Weng and Lin's Bayesian rating of teams, MIT-licensed, the
``openskill`` package): a pair's players are rated through every partner they had, which is
what a mêlée gives.  A draw is a tie.

OpenSkill keeps for each player a mean ``mu`` (25 at first) and an uncertainty ``sigma``
(25/3 at first), which shrinks with every match.  They are shown on a readable scale:

- **rating** = 1500 + 40 × (mu − 25), rounded: everyone starts at 1500;
- **margin** = 2 × 40 × sigma, rounded: the rating's true value lies within ± the margin
  about 95 times in 100 (two standard deviations).  Everyone starts at ± 667; after a
  concours of 4 parties a player's margin is still about ± 620, far wider than the gap
  between most players (OpenSkill's performance spread, beta, is 167 points on this
  scale): four parties cannot separate them.  It is about ± 360 after 40 matches and
  ± 210 after 100 (a season of 18 Fridays of 5 parties): then two ratings whose ranges do
  not overlap start to mean something.

A player with fewer than :data:`PROVISIONAL` matches is listed as provisional.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from coinche_cli.season.events import Key, Match
from coinche_cli.values import Value

#: Rating points per unit of OpenSkill's mu, and where mu's start lands.
SCALE, BASE, START = 40, 1500, 25.0
#: The fewest matches that make a rating more than provisional: three concours of 4 parties.
PROVISIONAL = 12


class Rating(Value):
    """A line's rating: on the readable scale (module docstring), with its margin and the
    matches it rests on."""

    __slots__ = ("key", "margin", "matches", "mu", "name", "rating", "sigma")

    def __init__(self, key: Key, name: str, mu: float, sigma: float, matches: int) -> None:
        self.key = key
        self.name = name
        self.mu = mu
        self.sigma = sigma
        self.matches = matches
        self.rating = round(BASE + SCALE * (mu - START))
        self.margin = round(2 * SCALE * sigma)

    @property
    def provisional(self) -> bool:
        """Fewer than :data:`PROVISIONAL` matches."""
        return self.matches < PROVISIONAL


def rate(played: Iterable[Match], names: dict[Key, str]) -> list[Rating]:
    """Every line's rating after ``played`` (in order), the best first: by rating, then the
    smaller margin, then the name; the provisional after the others."""
    from openskill.models import PlackettLuce  # compiled, 50 ms to import: only here

    model = PlackettLuce()
    skills: dict[Key, Any] = {}
    counts: dict[Key, int] = {}
    for match in played:
        sides = (match.one, match.two)
        if not match.one or not match.two or set(match.one) & set(match.two):
            continue
        teams = [[skills.get(key) or model.rating() for key in side] for side in sides]
        ranks = [1.0, 1.0] if match.winner is None else (
            [1.0, 2.0] if match.winner == 1 else [2.0, 1.0])
        rated = model.rate(teams, ranks=ranks)
        for side, team in zip(sides, rated, strict=True):
            for key, skill in zip(side, team, strict=True):
                skills[key] = skill
                counts[key] = counts.get(key, 0) + 1
    found = [Rating(key, names.get(key, key), skill.mu, skill.sigma, counts[key])
             for key, skill in skills.items()]
    found.sort(key=lambda r: (r.provisional, -r.rating, r.margin, r.name.casefold(), r.key))
    return found
