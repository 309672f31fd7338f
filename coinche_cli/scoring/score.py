"""Score one deal under a set of rules: a pure function whose result explains itself.

:func:`score_deal` checks the deal (:mod:`coinche_cli.scoring.check`), rounds the card points
as the rules say, then applies the rules file's ``made_if`` and ``score`` sections.  No
number here comes from anywhere but the :class:`~coinche_cli.rules.model.Rules`.

Rounding only changes what is *scored*: whether a contract is made is always decided on the
exact points (``variants.md``: "rounding never makes a contract").
"""

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, NamedTuple, cast

from coinche_cli.i18n import N_, _
from coinche_cli.rules.choices import (
    Announce,
    Rounding,
    ScoredTerm,
    announce_words,
    rounding_words,
    term_value_words,
)
from coinche_cli.rules.model import Rules
from coinche_cli.scoring.check import CheckedDeal, check_deal
from coinche_cli.scoring.deal import ContractKind, Deal


class Term(NamedTuple):
    """One term of a side's score: ``104 card points``, multiplied by ``factor``."""

    name: str
    value: int
    factor: int = 1
    # the announces behind an announce term, each with its value: its rules file's own word,
    # or (True) the canonical name that the language in use puts into words when shown
    names: tuple[tuple[str, bool, int], ...] = ()

    @property
    def label(self) -> str:
        """``104 card points``, ``20 tierce + 50 cinquante``: the term as the explanation
        shows it, each announce with its own value."""
        if self.name in ("announces", "all_announces") and self.names:
            return " + ".join(
                f"{value} {announce_words(cast(Announce, word)) if canonical else word}"
                for word, canonical, value in self.names)
        return term_value_words(cast(ScoredTerm, self.name), self.value)

    @property
    def total(self) -> int:
        """The term's worth once multiplied."""
        return self.value * self.factor


#: A sentence not yet put into words: its English (marked ``N_`` where it is written) and its
#: values; in words only when shown, in the language in force then (JSON always in English).
Said = tuple[str, tuple[tuple[str, Any], ...]]
#: The coinche's part of a reason, shown in brackets after the detail.
_COINCHE = (N_("coinché ×{factor}"), N_("surcoinché ×{factor}"))


def _say(message: str, **values: Any) -> Said:
    return message, tuple(values.items())


def _words(said: Said) -> str:
    return _(said[0]).format(**dict(said[1]))


def _coinche(level: int, factor: int) -> Said:
    """The coinche (1) or the surcoinche (2) of a deal, and its factor."""
    return _say(_COINCHE[0] if level == 1 else _COINCHE[1], factor=factor)


class DealScore(NamedTuple):
    """What each side scores on a deal, and why."""

    checked: CheckedDeal
    made: bool
    why: tuple[Said, ...]  # the outcome, its detail, then the defence's and the coinche's
    scores: Mapping[str, int]
    terms: Mapping[str, tuple[Term, ...]]
    winners: tuple[str, ...]
    rounded: Mapping[str, int] = MappingProxyType({})
    rounding: Rounding = "none"
    inexact: bool = False  # rounding changed a term: the exact score differs
    held: int = 0  # a litige: the takers' points held for the next contract made

    @property
    def reason(self) -> str:
        """``A made 100♠: 174 counted against 100 needed…``, in the language in use."""
        outcome, detail, *more = self.why
        text = _words(detail)
        for said in more:
            # TRANSLATORS: what separates two parts of a deal's reason ("; " in English)
            text += f" ({_words(said)})" if said[0] in _COINCHE else _("; ") + _words(said)
        return _(outcome[0]).format(**dict(outcome[1]), detail=text)

    @property
    def lines(self) -> tuple[str, ...]:
        """The explanation, sides shown by their codes (built only when asked for)."""
        return self.explain({})

    def explain(self, names: Mapping[str, str]) -> tuple[str, ...]:
        """The explanation lines, with sides shown by ``names`` (codes where missing)."""
        checked = self.checked
        taker = checked.deal.taker
        reason = self.reason
        if taker in names:
            reason = names[taker] + reason[len(taker):]
        lines = [reason]
        for side in checked.sides:
            lines.append(_line(names.get(side, side), self.terms[side], self.scores[side]))
        if self.rounded and self.rounded != checked.points:
            detail = ", ".join(
                f"{names.get(s, s)} {checked.points[s]} → {self.rounded[s]}" for s in checked.sides
            )
            lines.append(_("card points as scored, {method}: {detail}").format(
                method=rounding_words(self.rounding), detail=detail))
        return tuple(lines)

    def cells(self) -> tuple[list[list[str]], list[str]]:
        """The deal as ``coinche score`` tabulates it: one row per side (the side, its card
        points, its score, the terms behind it), then the lines that follow the table (how
        the card points were rounded)."""
        rows = []
        sides = self.checked.sides
        for side, line in zip(sides, self.lines[1:], strict=False):
            why = line.split(": ", 1)[1].rsplit(" = ", 1)[0] if " = " in line else "0"
            rows.append([side, str(self.checked.points[side]), str(self.scores[side]), why])
        return rows, list(self.lines[1 + len(sides):])


# ---------------------------------------------------------------- rounding


def round_to_ten(value: int, method: Rounding) -> int:
    """Round ``value`` by ``method``: five_up (85 → 90), six_up (86 → 90), nearest_five."""
    if method == "nearest_five":
        return 5 * ((value + 2) // 5)
    if method == "six_up":
        return 10 * ((value + 4) // 10)
    if method in ("five_up", "complementary"):
        return 10 * ((value + 5) // 10)
    return value


def round_points(rules: Rules, checked: CheckedDeal, *, exact: bool = False) -> Mapping[str, int]:
    """Each side's card points as scored: the rules' rounding, then the fixed card points of
    a side that won every trick (a capot's, a générale's)."""
    points = dict(checked.points)
    if "points" not in rules.rounded:
        pass  # the sheet rounds other terms only (rounding.applies_to)
    elif not exact and rules.rounding == "complementary":
        taker = checked.deal.taker
        kept = round_to_ten(points[taker], rules.rounding)
        points = {
            side: kept if side == taker else max(rules.rounding_total - kept, 0)
            for side in checked.sides
        }
    elif not exact:
        points = {side: round_to_ten(value, rules.rounding) for side, value in points.items()}
    fixed = _fixed_points(rules, checked)
    if fixed is not None and checked.capot is not None:
        # a fixed number (252 in some sheets): rounded only where rounding.applies_to says
        rounds = not exact and "capot_card_points" in rules.rounded
        points[checked.capot] = round_to_ten(fixed, rules.rounding) if rounds else fixed
    return points


def _fixed_points(rules: Rules, checked: CheckedDeal) -> int | None:
    """The card points the rules give a side that won every trick, when they fix them: a
    générale's (one player alone, without a générale bid), else a capot's."""
    if checked.capot is None:
        return None
    if checked.generale and rules.generale_card_points is not None:
        return rules.generale_card_points
    return rules.capot_card_points


def _base(rules: Rules, checked: CheckedDeal, exact: bool) -> int:
    """The ``base`` term: the mode's failure base, or a capot's; rounded where
    ``rounding.applies_to`` names it (162 -> 160), except on a deal counted exactly."""
    value = checked.mode.failure_base
    if checked.capot is not None and rules.capot_base is not None:
        value = rules.capot_base  # "the base is 250 instead of 160" on a capot
    if not exact and "base" in rules.rounded:
        return round_to_ten(value, rules.rounding)
    return value


# ---------------------------------------------------------------- scoring


def score_deal(
    rules: Rules, deal: Deal, players: int | None = None, *, exact: bool = False
) -> DealScore:
    """Score ``deal`` under ``rules``; ``exact`` skips rounding (a game's last deal)."""
    checked = check_deal(rules, deal, players)
    made, why = _made(rules, checked)
    taker = deal.taker
    if not made and rules.litige and _litige(rules, checked):
        return _score_litige(rules, checked, exact)
    winners = (taker,) if made else tuple(s for s in checked.sides if s != taker)
    conditions: set[str] = set()
    if deal.coinche >= 1:
        conditions.add("when_coinched")
    if deal.coinche == 2:
        conditions.add("when_surcoinched")
    if deal.contract is ContractKind.CAPOT:
        conditions.add("when_capot")
    if deal.contract is ContractKind.GENERALE:
        conditions.add("when_generale")
    if checked.capot is not None and isinstance(deal.contract, int):
        conditions.add("when_unannounced_capot")  # every trick, without a capot bid
    rounded = round_points(rules, checked, exact=exact)
    factor = rules.factor(deal.coinche)
    terms: dict[str, tuple[Term, ...]] = {}
    for side in checked.sides:
        role = "takers" if side == taker else (
            "coincher" if side == checked.coincher else "defenders")
        multiplier = factor if side in winners else 1
        terms[side] = tuple(
            _term(rules, checked, side, winners, rounded, item, multiplier, exact)
            for item in rules.score.terms(made, role, conditions)
        )
    scores = {side: sum(t.total for t in side_terms) for side, side_terms in terms.items()}
    result = DealScore(checked, made, why, scores, terms, winners, rounded=rounded,
                       rounding=rules.rounding, inexact=_inexact(rules, checked, rounded, exact))
    return result


def _inexact(rules: Rules, checked: CheckedDeal, rounded: Mapping[str, int],
             exact: bool) -> bool:
    """Whether rounding changed a term of the deal: its card points (a capot's fixed ones
    included) or its base."""
    if exact or rules.rounding == "none":
        return False
    if rounded != round_points(rules, checked, exact=True):
        return True
    return "base" in rules.rounded and _base(rules, checked, False) != _base(rules, checked, True)


def _litige(rules: Rules, checked: CheckedDeal) -> bool:
    """A litige (``made_if.litige``): a contract with a number, not coinched, whose takers
    reached the bid with exactly the defence's card points (81–81)."""
    deal = checked.deal
    if deal.coinche or not isinstance(deal.contract, int) or checked.capot is not None:
        return False
    points = checked.points[deal.taker]
    if any(value != points for value in checked.points.values()):
        return False
    return _counted_for(rules, checked, deal.taker, rules.reach_bid_with) >= checked.contract_value


def _score_litige(rules: Rules, checked: CheckedDeal, exact: bool) -> DealScore:
    """A litige scored: each side scores its ``score.made`` list, except that the takers'
    card points are held (for the next contract made, by either side) and nobody scores the
    contract; belotes stay with their holders."""
    deal = checked.deal
    rounded = round_points(rules, checked, exact=exact)
    terms: dict[str, tuple[Term, ...]] = {}
    for side in checked.sides:
        role = "takers" if side == deal.taker else "defenders"
        items = [item for item in rules.score.terms(True, role, set())
                 if side != deal.taker or item not in ("points", "contract")]
        terms[side] = tuple(_term(rules, checked, side, (), rounded, item, 1, exact,
                                  litige=True) for item in items)
    scores = {side: sum(t.total for t in side_terms) for side, side_terms in terms.items()}
    held = rounded[deal.taker]
    contract = f"{deal.contract}{deal.trump.symbol}"
    why = (_say(N_("{taker}: litige on {contract}: {detail}"), taker=deal.taker,
                contract=contract),
           _say(N_("{points} card points each, the takers' {held} held for the next contract "
                   "made"), points=checked.points[deal.taker], held=held))
    return DealScore(checked, False, why, scores, terms, (), rounded=rounded,
                     rounding=rules.rounding, inexact=_inexact(rules, checked, rounded, exact),
                     held=held)


def award_held(result: DealScore, held: int) -> DealScore:
    """``result``, a contract made, with the points a litige held added to its takers' score
    (never multiplied)."""
    taker = result.checked.deal.taker
    terms = dict(result.terms)
    terms[taker] = (*terms[taker], Term("held", held))
    scores = dict(result.scores)
    scores[taker] += held
    return result._replace(terms=terms, scores=scores)


def _belote(rules: Rules, checked: CheckedDeal, side: str) -> int:
    return rules.belote_worth(checked.mode) * checked.deal.belote.count(side)


def _counted_for(rules: Rules, checked: CheckedDeal, side: str, what: tuple[str, ...]) -> int:
    """What ``side`` adds up of ``what`` (its exact card points, own belotes, counted
    announces) toward a condition of ``made_if``."""
    parts = {
        "points": checked.points[side],
        "belote": _belote(rules, checked, side),
        "announces": checked.counted.get(side, 0),
    }
    return sum(parts.get(name, 0) for name in what)


def _made(rules: Rules, checked: CheckedDeal) -> tuple[bool, tuple[Said, ...]]:
    deal = checked.deal
    taker = deal.taker
    contract = f"{deal.contract}{deal.trump.symbol}"
    more: list[Said] = []
    if deal.contract is ContractKind.GENERALE:
        made = checked.generale
        detail = _say(N_("the taker alone won every trick") if made
                      else N_("the taker did not win every trick alone"))
    elif deal.contract is ContractKind.CAPOT:
        made = checked.capot == taker
        detail = _say(N_("won every trick") if made else N_("did not win every trick"))
    else:
        points = checked.points[taker]
        have = _counted_for(rules, checked, taker, rules.reach_bid_with)
        made = have >= checked.contract_value
        least = rules.min_points_for(checked.contract_value)
        if least is not None:
            made = made and points >= least
            detail = _say(N_("{have} counted against {need} needed, {points} card points "
                             "against {min}"), have=have, need=checked.contract_value,
                          points=points, min=least)
        else:
            detail = _say(N_("{have} counted against {need} needed"), have=have,
                          need=checked.contract_value)
        if rules.beat_defence and rules.beat_defence_with == ("points",):
            defence = max(v for s, v in checked.points.items() if s != taker)
            made = made and points > defence
            more.append(_say(N_("{points} card points against the defence's {defence}"),
                             points=points, defence=defence))
        elif rules.beat_defence:  # the defence's total: its belote and announces too
            mine = _counted_for(rules, checked, taker, rules.beat_defence_with)
            defence = max(_counted_for(rules, checked, side, rules.beat_defence_with)
                          for side in checked.sides if side != taker)
            made = made and mine > defence
            more.append(_say(N_("{have} counted against the defence's {defence}"), have=mine,
                             defence=defence))
    if deal.coinche:
        more.append(_coinche(deal.coinche, rules.factor(deal.coinche)))
    outcome = _say(N_("{taker} made {contract}: {detail}") if made
                   else N_("{taker} failed {contract}: {detail}"), taker=taker, contract=contract)
    return made, (outcome, detail, *more)


def _term(
    rules: Rules,
    checked: CheckedDeal,
    side: str,
    winners: tuple[str, ...],
    rounded: Mapping[str, int],
    item: str | int,
    multiplier: int,
    exact: bool = False,
    *,
    litige: bool = False,
) -> Term:
    deal = checked.deal
    if isinstance(item, int):
        factor = multiplier if "fixed" in rules.multiplied else 1
        return Term("fixed", item, factor)
    if item.startswith("-"):  # a term subtracted: "-contract", a failure that costs points
        term = _term(rules, checked, side, winners, rounded, item[1:], multiplier, exact,
                     litige=litige)
        return term._replace(value=-term.value)
    names: tuple[tuple[str, bool, int], ...] = ()
    if item == "points":
        value = rounded[side]
    elif item == "contract":
        value = checked.contract_value
    elif item == "base":
        value = _base(rules, checked, exact)
    elif item == "belote":
        made = deal.taker in winners
        to = "holder" if litige else rules.belote_goes_to(made, deal.coinche)
        if to == "winner":
            worth = rules.belote_worth(checked.mode)
            value = worth * len(deal.belote) if side in winners else 0
        else:
            value = _belote(rules, checked, side)
    elif item == "announces":
        value = checked.counted.get(side, 0)
        names = _announce_names(rules, checked, (side,)) if value else ()
    elif item == "all_announces":
        value = sum(checked.counted.values())
        names = _announce_names(rules, checked, checked.sides) if value else ()
    else:  # capot_bonus
        bid_is_slam = deal.contract in (ContractKind.CAPOT, ContractKind.GENERALE)
        earns = checked.capot == side and (rules.capot_bonus_on_bid or not bid_is_slam)
        value = rules.capot_bonus if earns else 0
    factor = multiplier if item in rules.multiplied else 1
    return Term(item, value, factor, names)


def _announce_names(rules: Rules, checked: CheckedDeal,
                    sides: tuple[str, ...]) -> tuple[tuple[str, bool, int], ...]:
    from coinche_cli.rules.describe import announce_word  # only for a deal with announces

    table = rules.announce_table(checked.mode) or {}
    own_table = checked.mode.announces is not None

    def word(name: str) -> tuple[str, bool]:
        said = announce_word(rules, name)
        # "carré" names the four plain carrés at one value: a mode may value them apart
        return (name, True) if own_table and said[0] == "carre" else said

    return tuple(
        (*word(name), table[name])
        for side in sides
        if checked.counted.get(side, 0)
        for name in checked.announces.get(side, ())
    )


def _line(side: str, terms: tuple[Term, ...], total: int) -> str:
    shown = [t for t in terms if t.value]
    if not shown:
        return _("{side}: 0").format(side=side)
    multiplied = [t for t in shown if t.factor != 1]
    plain = [t for t in shown if t.factor == 1]
    parts: list[tuple[bool, str]] = []  # (subtracted, words)
    if multiplied:
        inner = _sum([_signed(t) for t in multiplied])
        parts.append((False, _("({inner}) × {factor}").format(inner=inner,
                                                              factor=multiplied[0].factor)))
    parts.extend(_signed(t) for t in plain)
    return _("{side}: {terms} = {total}").format(side=side, terms=_sum(parts), total=total)


def _signed(term: Term) -> tuple[bool, str]:
    """A term as a sum shows it: whether it is subtracted, and its words without the sign
    (in brackets when they are a sum themselves: several announces)."""
    if term.value >= 0:
        return False, term.label
    words = term._replace(value=-term.value).label
    return True, f"({words})" if " + " in words else words


def _sum(parts: list[tuple[bool, str]]) -> str:
    """Terms added and subtracted: ``110 contract + 80 forfait``, ``-80 forfait``,
    ``20 belote - 110 contract``."""
    text = ""
    for subtracted, words in parts:
        if not text:
            text = f"-{words}" if subtracted else words
        else:
            text += f" - {words}" if subtracted else f" + {words}"
    return text
