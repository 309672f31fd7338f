"""Score one deal under a set of rules: a pure function whose result explains itself.

:func:`check_deal` refuses anything the variant does not allow (naming the field), and
completes what the table left implicit (the defenders' points, an obvious capot).
:func:`score_deal` then applies the rules file's ``made_if`` and ``score`` sections.  No
number here comes from anywhere but the :class:`~coinche_cli.rules.model.Rules`.
"""


from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, NamedTuple

from coinche_cli.errors import DealError
from coinche_cli.messages import msg
from coinche_cli.rules.model import ANNOUNCE_KINDS, BeloteTo, Mode, Rules, canonical_announce
from coinche_cli.scoring.deal import ContractKind, Deal
from coinche_cli.scoring.rounding import round_points


class CheckedDeal(NamedTuple):
    """A deal the variant allows, with every side's card points known."""

    deal: Deal
    sides: tuple[str, ...]
    mode: Mode
    contract_value: int
    points: Mapping[str, int]
    capot: str | None
    generale: bool
    announces: Mapping[str, tuple[str, ...]]  # canonical names, per side
    counted: Mapping[str, int]  # counted announce points per side


class Term(NamedTuple):
    """One term of a side's score: ``104 card points``, multiplied by ``factor``."""

    name: str
    value: int
    factor: int = 1
    names: str = ""  # the announces behind an announce term ("tierce + cinquante")

    @property
    def label(self) -> str:
        """``104 card points``, ``50 cinquante``: the term as the explanation shows it."""
        if self.name in ("announces", "all_announces") and self.names:
            return f"{self.value} {self.names}"
        return msg(f"term.{self.name}", value=self.value)

    @property
    def total(self) -> int:
        """The term's worth once multiplied."""
        return self.value * self.factor


class DealScore(NamedTuple):
    """What each side scores on a deal, and why."""

    checked: CheckedDeal
    made: bool
    reason: str
    scores: Mapping[str, int]
    terms: Mapping[str, tuple[Term, ...]]
    winners: tuple[str, ...]
    rounded: Mapping[str, int] = MappingProxyType({})
    rounding: str = "none"

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
            lines.append(msg("score.rounded", method=self.rounding, detail=detail))
        return tuple(lines)

    def to_json(self, rules: Rules) -> dict[str, Any]:
        """A JSON-ready summary: made, scores, card points, terms and explanation lines."""
        return {
            "rules": rules.name,
            "deal": self.checked.deal.to_json(),
            "made": self.made,
            "scores": dict(self.scores),
            "points": dict(self.checked.points),
            "winners": list(self.winners),
            "reason": self.reason,
            "terms": {
                side: [
                    {"term": t.name, "value": t.value, "factor": t.factor, "total": t.total}
                    for t in terms
                ]
                for side, terms in self.terms.items()
            },
            "lines": list(self.lines),
        }


# ---------------------------------------------------------------- checking


def check_deal(rules: Rules, deal: Deal, players: int | None = None) -> CheckedDeal:
    """Refuse what ``rules`` does not allow in ``deal``; complete the implicit points."""
    count = rules.default_players if players is None else players
    if count not in rules.players:
        known = " or ".join(str(p) for p in rules.players)
        raise DealError("players", "deal.bad_players", rules=rules.name, allowed=known, got=count)
    sides = rules.sides(count)
    _check_side(deal.taker, sides, "taker")
    mode = rules.modes.get(deal.trump.value)
    if mode is None:
        raise DealError("trump", "deal.mode_not_played", mode=deal.trump.value, rules=rules.name,
                        modes=_modes_text(rules))
    value = _contract_value(rules, deal, mode, count)
    capot, generale = _capot(rules, deal, sides, mode, count)
    points = _points(rules, deal, sides, mode, capot, count)
    _check_belote(rules, deal, sides, mode)
    announces = _announces(rules, deal, sides)
    return CheckedDeal(
        deal=deal,
        sides=sides,
        mode=mode,
        contract_value=value,
        points=points,
        capot=capot,
        generale=generale,
        announces=announces,
        counted=_counted(rules, deal, sides, announces),
    )


def _modes_text(rules: Rules) -> str:
    return " ".join(rules.modes)


def _check_side(side: str, sides: tuple[str, ...], field_name: str) -> None:
    if side not in sides:
        raise DealError(field_name, "deal.bad_side", got=side, sides=", ".join(sides))


def check_contract(rules: Rules, deal: Deal, players: int | None = None) -> None:
    """Refuse a contract (bid, trump, capot, générale) the rules do not allow, before the
    rest of the deal is known (``game play`` asks again at once)."""
    mode = rules.modes.get(deal.trump.value)
    if mode is None:
        raise DealError("trump", "deal.mode_not_played", mode=deal.trump.value, rules=rules.name,
                        modes=_modes_text(rules))
    _contract_value(rules, deal, mode, rules.default_players if players is None else players)


def _contract_value(rules: Rules, deal: Deal, mode: Mode, players: int) -> int:
    if deal.contract is ContractKind.CAPOT:
        if rules.capot_value is None:
            raise DealError("contract", "deal.no_capot", rules=rules.name)
        return rules.capot_value
    if deal.contract is ContractKind.GENERALE:
        if rules.generale_value is None:
            raise DealError("contract", "deal.no_generale", rules=rules.name)
        if players != 4:
            raise DealError("contract", "deal.generale_players")
        return rules.generale_value
    bid = deal.contract
    if bid < rules.bid_min or bid > mode.max_bid or (bid - rules.bid_min) % rules.bid_step:
        extra = "".join(
            f", or {word}" for word, v in (("capot", rules.capot_value),
                                           ("generale", rules.generale_value)) if v is not None
        )
        raise DealError("contract", "deal.bid_off_ladder", bid=bid, rules=rules.name,
                        min=rules.bid_min, max=mode.max_bid, step=rules.bid_step, extra=extra)
    return bid


def _capot(
    rules: Rules, deal: Deal, sides: tuple[str, ...], mode: Mode, players: int
) -> tuple[str | None, bool]:
    """Who won every trick, and whether the taker did so alone (a générale)."""
    capot = deal.capot
    if capot is not None:
        _check_side(capot, sides, "capot")
    generale = bool(deal.generale)
    if generale and rules.generale_value is None:
        raise DealError("generale", "deal.no_generale", rules=rules.name)
    slam = deal.contract in (ContractKind.CAPOT, ContractKind.GENERALE)
    if slam and deal.points is None and capot is None:
        # "A capotS" with no points: the taker made it
        capot = deal.taker
        generale = generale or deal.contract is ContractKind.GENERALE
    elif (
        deal.contract is ContractKind.CAPOT
        and capot is None
        and deal.points is not None
        and deal.points.get(deal.taker) == mode.total
        and players > 2  # with 2 players dead cards hide the total
    ):
        capot = deal.taker
    if generale:
        if not rules.team_game:
            raise DealError("generale", "deal.generale_players")
        if capot not in (None, deal.taker):
            raise DealError("generale", "deal.generale_not_taker")
        capot = deal.taker
    return capot, generale


def _points(
    rules: Rules, deal: Deal, sides: tuple[str, ...], mode: Mode, capot: str | None, players: int
) -> dict[str, int]:
    total = mode.total
    given = dict(deal.points or {})
    for side, value in given.items():
        _check_side(side, sides, "points")
        if not 0 <= value <= total:
            raise DealError("points", "deal.points_range", side=side, got=value, total=total)
    if capot is not None:
        for side in sides:
            if side == capot and players > 2 and given.get(side, total) != total:
                raise DealError("capot", "deal.capot_points", side=side, total=total,
                                got=given[side])
            if side != capot and given.get(side, 0) != 0:
                raise DealError("capot", "deal.capot_other", side=capot, other=side,
                                got=given[side])
        filled = {side: (total if side == capot else 0) for side in sides}
        if players == 2:
            filled[capot] = given.get(capot, total)
        return filled
    if players == 2:
        # ten cards are dead: both players' points are needed, and may add up to less
        if len(given) < 2:
            raise DealError("points", "deal.points_need_all", players=players)
        if sum(given.values()) > total:
            raise DealError("points", "deal.points_sum_max", sum=sum(given.values()), total=total)
        return {side: given[side] for side in sides}
    missing = [side for side in sides if side not in given]
    if len(missing) > 1 or (not given):
        raise DealError("points", "deal.points_missing", need=len(sides) - 1, sides=len(sides))
    if missing:
        rest = total - sum(given.values())
        if rest < 0:
            raise DealError("points", "deal.points_sum", sum=sum(given.values()),
                            mode=mode.code, total=total)
        given[missing[0]] = rest
    elif sum(given.values()) != total:
        raise DealError("points", "deal.points_sum", sum=sum(given.values()), mode=mode.code,
                        total=total)
    return {side: given[side] for side in sides}


def _check_belote(rules: Rules, deal: Deal, sides: tuple[str, ...], mode: Mode) -> None:
    for side in deal.belote:
        _check_side(side, sides, "belote")
    if deal.belote and mode.belotes == 0:
        raise DealError("belote", "deal.belote_none", mode=mode.code, rules=rules.name)
    if len(deal.belote) > mode.belotes:
        raise DealError("belote", "deal.belote_many", max=mode.belotes, mode=mode.code,
                        rules=rules.name, got=len(deal.belote))


def _announces(rules: Rules, deal: Deal, sides: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    declared = {side: names for side, names in deal.announces.items() if names}
    if deal.announce_winner is not None:
        _check_side(deal.announce_winner, sides, "announce_winner")
    if not declared:
        if deal.announce_winner is not None:
            raise DealError("announce_winner", "deal.announce_winner_none",
                            side=deal.announce_winner)
        return {}
    if rules.announces is None:
        raise DealError("announces", "deal.no_announces", rules=rules.name)
    table = rules.announces
    known = ", ".join(dict.fromkeys(rules.announce_label(name) for name in table))
    out: dict[str, tuple[str, ...]] = {}
    for side, names in declared.items():
        _check_side(side, sides, "announces")
        resolved: list[str] = []
        for name in names:
            canonical = _announce_by_value(table, name) if name.isdigit() else (
                canonical_announce(name)
            )
            if canonical is None or canonical not in table:
                raise DealError("announces", "deal.bad_announce", side=side, got=name,
                                rules=rules.name, known=known)
            resolved.append(canonical)
        out[side] = tuple(resolved)
    if deal.announce_winner is not None and deal.announce_winner not in out:
        raise DealError("announce_winner", "deal.announce_winner_none", side=deal.announce_winner)
    return out


def _announce_by_value(table: Mapping[str, int], text: str) -> str | None:
    """An announce given by its points: the sequence of that value first (100 is a cent)."""
    matches = [name for name, value in table.items() if value == int(text)]
    matches.sort(key=lambda name: ANNOUNCE_KINDS[name] != "sequence")
    return matches[0] if matches else None


def _counted(
    rules: Rules, deal: Deal, sides: tuple[str, ...], announces: Mapping[str, tuple[str, ...]]
) -> dict[str, int]:
    """Announce points that count, per side: all of them, or the best side's only."""
    table = rules.announces or {}
    counted = {side: sum(table[n] for n in announces.get(side, ())) for side in sides}
    if not rules.best_announce_only or len(announces) < 2:
        return counted

    def best(side: str) -> tuple[int, int]:
        # higher value first; at equal value a carré beats a sequence
        return max((table[n], ANNOUNCE_KINDS[n] == "carre") for n in announces[side])

    top = max(best(side) for side in announces)
    leaders = [side for side in announces if best(side) == top]
    if len(leaders) > 1:
        if deal.announce_winner not in leaders:
            raise DealError("announce_winner", "deal.announce_tie", sides=", ".join(leaders),
                            value=top[0])
        leaders = [deal.announce_winner]
    return {side: (counted[side] if side == leaders[0] else 0) for side in sides}


# ---------------------------------------------------------------- scoring


def score_deal(
    rules: Rules, deal: Deal, players: int | None = None, *, exact: bool = False
) -> DealScore:
    """Score ``deal`` under ``rules``; ``exact`` skips rounding (a game's last deal)."""
    checked = check_deal(rules, deal, players)
    made, reason = _made(rules, checked)
    taker = deal.taker
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
    rounded = round_points(rules, checked, exact=exact)
    factor = rules.factor(deal.coinche)
    terms: dict[str, tuple[Term, ...]] = {}
    for side in checked.sides:
        role = "takers" if side == taker else "defenders"
        multiplier = factor if side in winners else 1
        terms[side] = tuple(
            _term(rules, checked, side, winners, rounded, item, multiplier)
            for item in rules.score.terms(made, role, conditions)
        )
    scores = {side: sum(t.total for t in side_terms) for side, side_terms in terms.items()}
    result = DealScore(checked, made, reason, scores, terms, winners, rounded=rounded,
                       rounding=rules.rounding.value)
    return result


def _belote(rules: Rules, deal: Deal, side: str) -> int:
    return rules.belote_value * deal.belote.count(side)


def _made(rules: Rules, checked: CheckedDeal) -> tuple[bool, str]:
    deal = checked.deal
    taker = deal.taker
    contract = f"{deal.contract}{deal.trump.symbol}"
    if deal.contract is ContractKind.GENERALE:
        made = checked.generale
        detail = msg("score.generale_made" if made else "score.generale_failed")
    elif deal.contract is ContractKind.CAPOT:
        made = checked.capot == taker
        detail = msg("score.capot_made" if made else "score.capot_failed")
    else:
        points = checked.points[taker]
        parts = {
            "points": points,
            "belote": _belote(rules, deal, taker),
            "announces": checked.counted.get(taker, 0),
        }
        have = sum(parts.get(name, 0) for name in rules.reach_bid_with)
        made = have >= checked.contract_value
        if rules.min_points is not None:
            made = made and points >= rules.min_points
            detail = msg("score.reach_min", have=have, need=checked.contract_value,
                         points=points, min=rules.min_points)
        else:
            detail = msg("score.reach", have=have, need=checked.contract_value)
        if rules.beat_defence:
            defence = max(v for s, v in checked.points.items() if s != taker)
            made = made and points > defence
            detail += "; " + msg("score.beat_defence", points=points, defence=defence)
    if deal.coinche:
        detail += f" ({msg(f'coinche.{deal.coinche}', factor=rules.factor(deal.coinche))})"
    return made, msg("score.made" if made else "score.failed", taker=taker, contract=contract,
                     detail=detail)


def _term(
    rules: Rules,
    checked: CheckedDeal,
    side: str,
    winners: tuple[str, ...],
    rounded: Mapping[str, int],
    item: str | int,
    multiplier: int,
) -> Term:
    deal = checked.deal
    if isinstance(item, int):
        factor = multiplier if "fixed" in rules.multiplied else 1
        return Term("fixed", item, factor)
    names = ""
    if item == "points":
        value = rounded[side]
    elif item == "contract":
        value = checked.contract_value
    elif item == "base":
        value = checked.mode.failure_base
    elif item == "belote":
        if rules.belote_to is BeloteTo.WINNER:
            value = rules.belote_value * len(deal.belote) if side in winners else 0
        else:
            value = _belote(rules, deal, side)
    elif item == "announces":
        value = checked.counted.get(side, 0)
        names = _announce_names(rules, checked, (side,)) if value else ""
    elif item == "all_announces":
        value = sum(checked.counted.values())
        names = _announce_names(rules, checked, checked.sides) if value else ""
    else:  # capot_bonus
        bid_is_slam = deal.contract in (ContractKind.CAPOT, ContractKind.GENERALE)
        earns = checked.capot == side and (rules.capot_bonus_on_bid or not bid_is_slam)
        value = rules.capot_bonus if earns else 0
    factor = multiplier if item in rules.multiplied else 1
    return Term(item, value, factor, names)


def _announce_names(rules: Rules, checked: CheckedDeal, sides: tuple[str, ...]) -> str:
    names = [
        rules.announce_label(name)
        for side in sides
        if checked.counted.get(side, 0)
        for name in checked.announces.get(side, ())
    ]
    return " + ".join(names)


def _line(side: str, terms: tuple[Term, ...], total: int) -> str:
    shown = [t for t in terms if t.value]
    if not shown:
        return msg("score.nothing", side=side)
    multiplied = [t for t in shown if t.factor != 1]
    plain = [t for t in shown if t.factor == 1]
    parts: list[str] = []
    if multiplied:
        inner = " + ".join(t.label for t in multiplied)
        parts.append(msg("term.multiplied", inner=inner, factor=multiplied[0].factor))
    parts.extend(t.label for t in plain)
    return msg("score.line", side=side, terms=" + ".join(parts), total=total)
