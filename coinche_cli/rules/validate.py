"""Validate a rules document: every key checked against the schema
(:mod:`coinche_cli.rules.schema`), every problem reported at once (file, line, dotted key,
reason), then the frozen :class:`~coinche_cli.rules.model.Rules`.

The typed readers :class:`Validator` inherits (:mod:`coinche_cli.rules.readers`) report a
problem and return a usable fallback, so one pass finds every problem of a file.
"""

from collections.abc import Mapping
from pathlib import Path

from coinche_cli.errors import Problem, RulesError
from coinche_cli.i18n import _
from coinche_cli.names import fold
from coinche_cli.rules.choices import (
    BELOTE_TO,
    BELOTE_WHEN,
    BOTH_OVER,
    CONDITION_ORDER,
    DIRECTIONS,
    LAST_DEALS,
    REACHES,
    ROLES,
    ROUNDED,
    ROUNDINGS,
    TERMS,
    TIES,
    BeloteTo,
)
from coinche_cli.rules.model import (
    ANNOUNCE_ALIASES,
    ANNOUNCE_KINDS,
    PLAIN_CARRES,
    SUITS,
    EndRule,
    Mode,
    Rules,
    ScoreTable,
    SideTerms,
    canonical_announce,
)
from coinche_cli.rules.readers import Document, Path_, Reader
from coinche_cli.rules.schema import REQUIRED, SCHEMA  # SCHEMA: still importable from here


def rules_from_document(data: Mapping[str, object], label: str = "<snapshot>") -> Rules:
    """Rebuild rules from a stored snapshot (the ``document`` of a validated :class:`Rules`).

    This is what every ``game add`` runs, so it lives here rather than in the loader: reading
    a stored game needs no YAML and no rules file.
    """
    problems: list[Problem] = []
    rules = Validator(Document(data, {(): (label, 1)}), label, problems).build()
    if problems or rules is None:
        raise RulesError(problems)
    return rules


class Validator(Reader):
    """Walks a merged document, collecting every problem, and builds the :class:`Rules`."""

    def build(self) -> Rules | None:
        self.check_keys(self.data, SCHEMA, ())
        for key in REQUIRED:
            if self.get((key,)) is None:
                self.fail((key,), _("required key is missing"))
        name = self.text(("name",), "") or Path(self.label).stem
        players = self.players()
        trump = self.card_table(("cards", "trump"))
        plain = self.card_table(("cards", "plain"))
        dix = self.integer(("cards", "dix_de_der"), 10) or 0
        bid_min = self.integer(("bids", "min"), 80, required=True) or 0
        bid_max = self.integer(("bids", "max"), 160, required=True) or 0
        bid_step = self.integer(("bids", "step"), 10, minimum=1) or 10
        if bid_max < bid_min or (bid_max - bid_min) % bid_step:
            self.fail(("bids", "max"), _("bids.max ({max}) must be at least bids.min ({min}) on "
                                         "the step of {step}"),
                      min=bid_min, max=bid_max, step=bid_step)
        announces, labels = self.announces()
        modes = self.modes(trump, plain, dix, bid_max, announces)
        generale = self.integer(("bids", "generale"))
        if generale is not None and players != (4,):
            self.fail(("bids", "generale"), _("générale needs a team game"))
        generale_points = self.integer(("capot", "generale_card_points"))
        if generale_points is not None and players != (4,):
            self.fail(("capot", "generale_card_points"), _("générale needs a team game"))
        rounding = self.choice(("rounding", "method"), ROUNDINGS, "none")
        last_deal = self.choice(("rounding", "last_deal"), LAST_DEALS, "rounded")
        if rounding == "complementary" and players != (4,):
            self.fail(("rounding", "method"), _("expected one of {choices}, got “{got}”"),
                      got=rounding,
                      choices="none, five_up, six_up, nearest_five (complementary needs 2 teams)")
        reach = self.terms(("made_if", "reach_bid_with"), ("points", "belote", "announces"),
                           allowed=("points", "belote", "announces"), numbers=False)
        multiplied = self.multiplied()
        belote_to, belote_when = self.belote_to(players)
        min_points, min_by_bid = self.min_points(bid_min, bid_max, bid_step)
        litige = self.boolean(("made_if", "litige"), False)
        if litige and players != (4,):
            self.fail(("made_if", "litige"), _("a litige needs two teams"))
        score = self.score_table()
        beat_defence, beat_with = self.beat_defence()
        end = self.end_rule()
        return Rules(
            name=name,
            title=self.text(("title",), name),
            source=self.text(("source",), ""),
            players=players,
            direction=self.choice(("direction",), DIRECTIONS, "clockwise"),
            dix_de_der=dix,
            trump_cards=trump,
            plain_cards=plain,
            modes=modes,
            bid_min=bid_min,
            bid_max=bid_max,
            bid_step=bid_step,
            capot_value=self.integer(("bids", "capot")),
            generale_value=generale,
            belote_value=self.integer(("belote", "value"), 20) or 0,
            belote_to=belote_to,
            announces=announces,
            announce_names=labels,
            best_announce_only=self.boolean(("announces", "best_only"), True),
            reach_bid_with=tuple(str(t) for t in reach),
            min_points=min_points,
            beat_defence=beat_defence,
            coinche_factors=(
                self.integer(("multiplier", "coinche"), 2, minimum=1) or 2,
                self.integer(("multiplier", "surcoinche"), 4, minimum=1) or 4,
            ),
            multiplied=multiplied,
            score=score,
            capot_card_points=self.integer(("capot", "card_points")),
            capot_bonus=self.integer(("capot", "bonus"), 0) or 0,
            capot_bonus_on_bid=self.boolean(("capot", "bonus_on_capot_bid"), True),
            rounding=rounding,
            rounding_total=self.integer(("rounding", "total"), 160) or 0,
            last_deal_exact=last_deal != "rounded",
            end=end,
            document=self.data,
            path=self.label,
            beat_defence_with=beat_with,
            capot_base=self.integer(("capot", "base")),
            last_deal_decides=last_deal == "exact_decides",
            belote_to_when=belote_when,
            rounded=tuple(str(t) for t in self.terms(("rounding", "applies_to"), ("points",),
                                                     allowed=ROUNDED, numbers=False)),
            belote_alone_wins=self.boolean(("end", "belote_alone_wins"), True),
            litige=litige,
            generale_card_points=generale_points,
            min_points_by_bid=min_by_bid,
        )

    def belote_to(self, players: tuple[int, ...]) -> tuple[BeloteTo, dict[str, BeloteTo]]:
        """``belote.goes_to``: one word for every deal, or a word per outcome (``made``,
        ``failed``, ``coinched``): the made contract's, and the others where given."""
        at = ("belote", "goes_to")
        value = self.get(at)
        when: dict[str, BeloteTo] = {}
        if isinstance(value, dict):
            self.check_keys(value, dict.fromkeys(BELOTE_WHEN), at)
            made = self.choice((*at, "made"), BELOTE_TO, "holder")
            for when_word in BELOTE_WHEN[1:]:
                if self.get((*at, when_word)) is not None:
                    when[when_word] = self.choice((*at, when_word), BELOTE_TO, "holder")
        else:
            made = self.choice(at, BELOTE_TO, "holder")
        if players != (4,):
            for outcome, word in (("made", made), *when.items()):
                if word == "winner":
                    key = at if not isinstance(value, dict) else (*at, outcome)
                    self.fail(key, _("expected one of {choices}, got “{got}”"), got=word,
                              choices="holder (winner needs two teams)")
        return made, when

    def min_points(self, bid_min: int, bid_max: int,
                   step: int) -> tuple[int | None, dict[int, int]]:
        """``made_if.min_points``: one minimum for every bid, or a table bid: minimum (the
        bids it does not name need none)."""
        at = ("made_if", "min_points")
        value = self.get(at)
        if not isinstance(value, dict):
            return self.integer(at), {}
        table: dict[int, int] = {}
        for raw, need in value.items():
            text = str(raw)
            bid = int(text) if text.isascii() and text.isdigit() and len(text) <= 6 else None
            if bid is None or not bid_min <= bid <= bid_max or (bid - bid_min) % step:
                self.fail((*at, text), _("“{got}” is not a bid (bids are {min}..{max} by "
                                         "{step})"), got=raw, min=bid_min, max=bid_max,
                          step=step)
                continue
            minimum = self.whole(need, (*at, text))
            if minimum is not None:
                table[bid] = minimum
        return None, table

    def beat_defence(self) -> tuple[bool, tuple[str, ...]]:
        """``made_if.beat_defence``: false, true (more card points than the defence), or the
        list of what each side adds up for it (``[points, belote, announces]``: more than the
        defence's total)."""
        at = ("made_if", "beat_defence")
        value = self.get(at)
        if isinstance(value, list):
            terms = self.terms(at, allowed=("points", "belote", "announces"), numbers=False)
            if not value:
                self.fail(at, _("give at least one of points, belote, announces (or write "
                                "false)"))
            return bool(terms), tuple(str(term) for term in terms) or ("points",)
        return self.boolean(at, False), ("points",)

    def players(self) -> tuple[int, ...]:
        value = self.get(("players",))
        counts = value if isinstance(value, list) else [value]
        ok = all(isinstance(c, int) and not isinstance(c, bool) for c in counts) and (
            counts == [4] or (counts and set(counts) <= {2, 3} and len(set(counts)) == len(counts))
        )
        if value is not None and not ok:
            self.fail(("players",), _("players must be 4, or 2 and/or 3 (chien), got “{got}”"),
                      got=value)
        return tuple(counts) if ok else (4,)

    def modes(
        self, trump: dict[str, int], plain: dict[str, int], dix: int, bid_max: int,
        announces: dict[str, int] | None,
    ) -> dict[str, Mode]:
        section = self.get(("modes",))
        modes: dict[str, Mode] = {}
        if not isinstance(section, dict):
            return modes
        if not section:
            self.fail(("modes",), _("at least one mode (suits, SA or TA) is required"))
        if section.get("suits", 0) is not None and "suits" in section:
            total = sum(trump.values()) + 3 * sum(plain.values()) + dix
            # read once (a problem is reported once), the same settings for the four suits
            suit = self.mode(("modes", "suits"), SUITS[0], total, bid_max, belotes=1,
                             announces=announces)
            for code in SUITS:
                modes[code] = suit._replace(code=code)
        for code in ("SA", "TA"):
            if section.get(code) is not None:
                cards = self.card_table(("modes", code, "cards"))
                total = 4 * sum(cards.values()) + dix
                modes[code] = self.mode(("modes", code), code, total, bid_max, belotes=0,
                                        announces=announces)
        return modes

    def mode(self, at: Path_, code: str, total: int, bid_max: int, belotes: int,
             announces: dict[str, int] | None) -> Mode:
        return Mode(
            code=code,
            total=total,
            failure_base=self.integer((*at, "failure_base"), total) or 0,
            max_bid=self.integer((*at, "max_bid"), bid_max) or 0,
            belotes=self.integer((*at, "belotes"), belotes) or 0,
            announces=self.mode_announces(at, announces),
            belote_value=self.integer((*at, "belote_value")),
        )

    def mode_announces(self, at: Path_, announces: dict[str, int] | None) -> dict[str, int] | None:
        """``modes.*.announces``: the announces whose value differs in this mode (``null``:
        not an announce in it), over the rules' table; None when the mode gives none."""
        at = (*at, "announces")
        values = self.get(at)
        if values is None:
            return None
        if announces is None:
            self.fail(at, _("give announces.values first: a mode changes the rules' "
                            "announces"))
            return None
        if not isinstance(values, dict):
            self.fail(at, _("expected {expected}, got “{got}”"),
                      expected=_("a table of announce: points"), got=values)
            return None
        table, _labels, removed = self.announce_values(at, values)
        merged = {**announces, **table}
        for name in removed:
            merged.pop(name, None)
        return merged

    def announces(self) -> tuple[dict[str, int] | None, dict[str, str]]:
        values = self.get(("announces", "values"))
        if self.get(("announces",)) is None or values is None:
            return None, {}
        at = ("announces", "values")
        if not isinstance(values, dict):
            self.fail(at, _("expected {expected}, got “{got}”"),
                      expected=_("a table of announce: points"), got=values)
            return None, {}
        table, labels, _removed = self.announce_values(at, values)
        return table, labels

    def announce_values(self, at: Path_, values: dict[str, object]
                        ) -> tuple[dict[str, int], dict[str, str], set[str]]:
        """A table of announce: points at ``at``: the values by canonical name, the name the
        file gives each, and the announces it removes (``cent: null``)."""
        table: dict[str, int] = {}
        labels: dict[str, str] = {}
        given_as: dict[str, str] = {}
        removed: set[str] = set()
        # the generic "carre" first, so that "carre-K: 150" overrides it in any order
        ordered = sorted(values, key=lambda raw: fold(str(raw)) != "carre")
        for raw in ordered:
            if values[raw] is None:  # "cent: null" in a child file removes the announce
                gone = canonical_announce(str(raw))
                generic = fold(str(raw)) == "carre"
                removed.update(PLAIN_CARRES if generic else (gone,) if gone else ())
                continue
            canonical = canonical_announce(str(raw))
            if canonical is None:
                known = ", ".join([*ANNOUNCE_KINDS, *ANNOUNCE_ALIASES])
                self.fail((*at, str(raw)), _("unknown announce “{got}” (announces are: {known})"),
                          got=raw, known=known)
                continue
            generic = fold(str(raw)) == "carre"
            if canonical in given_as and not generic and given_as[canonical] != "carre":
                self.fail((*at, str(raw)), _("“{first}” and “{second}” are the same announce; "
                                             "give one"), first=given_as[canonical], second=raw)
                continue
            value = self.integer((*at, str(raw)), 0) or 0
            for member in PLAIN_CARRES if generic else (canonical,):
                table[member] = value
                labels[member] = "carre" if generic else str(raw)
                given_as[member] = "carre" if generic else str(raw)
        return table, labels, removed

    def multiplied(self) -> frozenset[str]:
        value = self.get(("multiplier", "applies_to"))
        if value == "all":
            return frozenset(TERMS) | {"fixed"}
        # "fixed" multiplies the numbers written in score lists (forfaits)
        terms = self.terms(("multiplier", "applies_to"), ("contract",),
                           allowed=(*TERMS, "fixed"), numbers=False)
        return frozenset(str(t) for t in terms if isinstance(t, str))

    def score_table(self) -> ScoreTable:
        def side(at: Path_) -> tuple[str | int, ...]:
            return self.terms(at, signed=True)

        def coincher(at: Path_) -> tuple[str | int, ...] | None:
            return None if self.get(at) is None else self.terms(at, signed=True)

        made = SideTerms(side(("score", "made", "takers")), side(("score", "made", "defenders")),
                         coincher(("score", "made", "coincher")))
        failed = SideTerms(side(("score", "failed", "takers")),
                           side(("score", "failed", "defenders")),
                           coincher(("score", "failed", "coincher")))
        overrides: dict[tuple[str, str, str], tuple[str | int, ...]] = {}
        for condition in CONDITION_ORDER:
            for outcome in ("made", "failed"):
                for role in ROLES:
                    at = ("score", condition, outcome, role)
                    if self.get(at) is not None:
                        overrides[(condition, outcome, role)] = side(at)
        return ScoreTable(made=made, failed=failed, overrides=overrides)

    def end_rule(self) -> EndRule:
        target = self.integer(("end", "target"), minimum=1)
        deals = self.integer(("end", "deals"), minimum=1)
        time_limit = self.integer(("end", "time_limit"), minimum=1)
        given = self.get(("end",))
        stated = isinstance(given, dict) and any(
            given.get(key) is not None for key in ("target", "deals", "time_limit"))
        if given is not None and not stated:
            self.fail(("end",), _("give end.target, end.deals or end.time_limit"))
        return EndRule(
            target=target,
            deals=deals,
            reach=self.choice(("end", "reach"), REACHES, "at_least"),
            both_over=self.choice(("end", "both_over"), BOTH_OVER, "higher_total"),
            tie=self.choice(("end", "tie"), TIES, "play_on"),
            time_limit=time_limit,
        )

