"""A tournament's settings: how it is played and ranked, and how they are stored.

Pure; re-exported by :mod:`coinche_cli.tournament.model`, where every caller finds them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from coinche_cli.errors import TournamentError
from coinche_cli.i18n import _
from coinche_cli.tournament.ranking import TIE_BREAKS, Ranking
from coinche_cli.values import Value

if TYPE_CHECKING:  # a TypedDict is a plain dict at run time: the class is the checker's alone
    from typing import NotRequired, TypedDict

    class SettingsJSON(TypedDict):
        """A tournament's settings as stored (the keys added since read with a default:
        a tournament stored before them reads as it always did)."""

        rounds: int
        deals: int | None
        target: int | None
        ranking: str
        bye_points: str
        bye_win: bool
        match_points: list[int]
        tie_breaks: list[str]
        seed: int | None
        same_club: NotRequired[str]
        highest_deal: NotRequired[int | None]
        penalty_outside: NotRequired[bool]
        format: NotRequired[str]
        draw: NotRequired[str]
        fee: NotRequired[int | None]
        currency: NotRequired[str | None]
        require_checkin: NotRequired[bool]
        group_size: NotRequired[int]


#: What ``--same-club`` accepts.
SAME_CLUB = ("avoid", "allow")
#: What ``--format`` accepts: formed teams (today's concours) or a mêlée (players alone,
#: partners drawn every partie, ranked one by one).
FORMATS = ("teams", "melee")
#: What ``--draw`` accepts (a mêlée's parties): at random, or players of similar standing
#: together (a Swiss mêlée).
DRAWS = ("random", "by-score")


class Settings(Value):
    """How a tournament is played and ranked."""

    __slots__ = ("bye_points", "bye_win", "currency", "deals", "draw", "fee", "format",
                 "group_size", "highest_deal", "match_points", "penalty_outside", "ranking",
                 "require_checkin", "rounds", "same_club", "seed", "target", "tie_breaks")

    def __init__(self, rounds: int, deals: int | None = None, target: int | None = None,
                 ranking: Ranking = Ranking.POINTS, bye_points: str = "average",
                 bye_win: bool = True,
                 match_points: tuple[int, int, int, int] = (3, 2, 1, 0),
                 tie_breaks: tuple[str, ...] = ("difference", "buchholz", "head-to-head"),
                 seed: int | None = None, same_club: str = "avoid",
                 highest_deal: int | None = None, penalty_outside: bool = False,
                 format: str = "teams", draw: str = "random", fee: int | None = None,
                 currency: str | None = None, require_checkin: bool = False,
                 group_size: int | None = None) -> None:
        self.rounds = rounds
        self.deals = deals  # each match: a fixed number of deals ...
        self.target = target  # ... or a game to a target
        self.ranking = ranking
        self.bye_points = bye_points  # "average", "half", or a fixed number ("1000")
        self.bye_win = bye_win
        self.match_points = match_points  # win, draw, loss, forfeit
        self.tie_breaks = tie_breaks
        self.seed = seed  # round 1: seeded random draw; None: registration order
        self.same_club = same_club  # "avoid": clubmates meet as late as possible; "allow"
        # the most one side can score in a deal under the tournament's rules, found once
        # when the tournament is created (scoring the extreme deals takes tens of ms)
        self.highest_deal = highest_deal
        # False (the club sheets' rule): a penalty given to the opponents counts in the
        # partie's score, so the partie's result follows the scores after penalties; True
        # (--penalty-outside): penalties count in the points only
        self.penalty_outside = penalty_outside
        self.format = format  # "teams" (formed teams) or "melee" (players alone)
        self.draw = draw  # a mêlée's draw by default: "random" or "by-score"
        # the registration desk (tournament.desk): the entry fee in cents, per team (a
        # mêlée: per player), its currency, and whether a round pairs only who checked in
        self.fee = fee
        self.currency = currency
        self.require_checkin = require_checkin
        # a concours played in poules (tournament new --format groups): their size; its
        # rounds are the poules' parties, known once they are drawn (tournament.stage_ops)
        self.group_size = group_size

    @property
    def melee(self) -> bool:
        """Whether players come alone and partners are drawn every partie."""
        return self.format == "melee"

    def with_highest_deal(self, highest_deal: int) -> Settings:
        """These settings with the rules' highest deal score found."""
        data = self.to_json()
        data["highest_deal"] = highest_deal
        return Settings.from_json(data)

    def to_json(self) -> SettingsJSON:
        """The settings as stored (``penalty_outside`` only when set: a tournament that
        does not choose it reads and prints as before)."""
        data: SettingsJSON = {
            "rounds": self.rounds, "deals": self.deals, "target": self.target,
            "ranking": self.ranking.value, "bye_points": self.bye_points,
            "bye_win": self.bye_win, "match_points": list(self.match_points),
            "tie_breaks": list(self.tie_breaks), "seed": self.seed,
            "same_club": self.same_club, "highest_deal": self.highest_deal,
        }  # fmt: skip
        if self.penalty_outside:
            data["penalty_outside"] = True
        if self.melee:  # a formed-team tournament reads and prints as before
            data["format"] = self.format
            data["draw"] = self.draw
        if self.fee is not None:  # the desk's settings, only when given
            data["fee"] = self.fee
        if self.currency is not None:
            data["currency"] = self.currency
        if self.require_checkin:
            data["require_checkin"] = True
        if self.group_size is not None:
            data["group_size"] = self.group_size
        return data

    @classmethod
    def from_json(cls, data: SettingsJSON) -> Settings:
        """Settings read back from the store."""
        return cls(
            rounds=data["rounds"], deals=data["deals"], target=data["target"],
            ranking=Ranking(data["ranking"]), bye_points=data["bye_points"],
            bye_win=data["bye_win"], match_points=_four(data["match_points"]),
            tie_breaks=tuple(data["tie_breaks"]), seed=data["seed"],
            same_club=data.get("same_club", "allow"),  # stored before clubs were kept apart
            highest_deal=data.get("highest_deal"),
            penalty_outside=bool(data.get("penalty_outside", False)),
            format=data.get("format", "teams"), draw=data.get("draw", "random"),
            fee=data.get("fee"), currency=data.get("currency"),
            require_checkin=bool(data.get("require_checkin", False)),
            group_size=data.get("group_size"),
        )  # fmt: skip

    def check(self) -> None:
        """Refuse settings that cannot run a tournament."""
        if self.rounds < 1:
            raise TournamentError(_("the number of rounds must be at least 1, got {got}"),
                                  got=self.rounds)
        if (self.deals is None) == (self.target is None):
            raise TournamentError(_("give the match format: --deals M (fixed deals) or "
                                    "--target T"))
        for value in (self.deals, self.target):
            if value is not None and value < 1:
                raise TournamentError(_("the match format must be a positive number, got {got}"),
                                      got=value)
        # a fixed number of points: digits, and no more than a match could score
        fixed = self.bye_points.isascii() and self.bye_points.isdigit() and len(
            self.bye_points) <= 6
        if self.bye_points not in ("average", "half") and not fixed:
            raise TournamentError(_("bye points are a number, half or average; got “{got}”"),
                                  got=self.bye_points)
        if self.format not in FORMATS:
            raise TournamentError(_("--format is {known}, not “{got}”"), got=self.format,
                                  known=", ".join(FORMATS))
        if self.draw not in DRAWS:
            raise TournamentError(_("--draw is {known}, not “{got}”"), got=self.draw,
                                  known=", ".join(DRAWS))
        if self.same_club not in SAME_CLUB:
            raise TournamentError(_("--same-club is {known}, not “{got}”"), got=self.same_club,
                                  known=", ".join(SAME_CLUB))
        if self.group_size is not None and self.group_size < 2:
            raise TournamentError(_("--group-size is at least 2, got {got}"),
                                  got=self.group_size)
        for name in self.tie_breaks:
            if name not in TIE_BREAKS:
                raise TournamentError(_("unknown tie-break “{got}” (tie-breaks: {known})"),
                                      got=name, known=", ".join(TIE_BREAKS))


def _four(values: list[int]) -> tuple[int, int, int, int]:
    win, draw, loss, forfeit = values
    return (win, draw, loss, forfeit)
