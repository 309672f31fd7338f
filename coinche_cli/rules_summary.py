"""Rules described for people: one row for a listing, a few lines for ``rules show``."""

from __future__ import annotations

from typing import Any

from coinche_cli.rules import RANKS, Rules, SideTerms


def _modes(rules: Rules) -> list[str]:
    codes = list(rules.modes)
    suits = [c for c in codes if c in ("S", "H", "D", "C")]
    return (["suits"] if suits else []) + [c for c in codes if c not in suits]


def summary_rows(rules: Rules) -> dict[str, Any]:
    """The listing row: name, players, target, modes, source."""
    return {
        "name": rules.name,
        "title": rules.title,
        "players": list(rules.players),
        "target": rules.end.target,
        "deals": rules.end.deals,
        "modes": _modes(rules),
        "source": rules.source,
    }


def _table(cards: Any) -> str:
    order = sorted(RANKS, key=lambda rank: -cards.get(rank, 0))
    return ", ".join(f"{rank} {cards[rank]}" for rank in order if rank in cards)


def _terms(terms: tuple[str | int, ...]) -> str:
    return " + ".join(str(t).replace("_", " ") for t in terms) or "nothing"


def _outcome(label: str, side_terms: SideTerms) -> list[str]:
    return [
        f"  {label}: takers score {_terms(side_terms.takers)};",
        f"  {' ' * len(label)}  defenders score {_terms(side_terms.defenders)}",
    ]


def rules_summary(rules: Rules) -> list[str]:
    """The readable summary printed by ``coinche rules show``."""
    players = " or ".join(str(p) for p in rules.players)
    lines = [
        f"{rules.name}: {rules.title}",
        f"source: {rules.source or '(none given)'}",
        f"players: {players}, {rules.direction.value}",
        "",
        f"cards (dix de der {rules.dix_de_der}):",
    ]
    if any(code in rules.modes for code in ("S", "H", "D", "C")):
        suit = rules.modes[next(c for c in rules.modes if c in ("S", "H", "D", "C"))]
        lines.append(f"  trump: {_table(rules.trump_cards)}")
        lines.append(f"  plain: {_table(rules.plain_cards)}")
        lines.append(f"  suit contracts total {suit.total}")
    for code, label in (("SA", "sans-atout"), ("TA", "tout-atout")):
        mode = rules.modes.get(code)
        if mode is None:
            continue
        cards = rules.document.get("modes", {}).get(code, {}).get("cards", {})
        table = _table({str(k).upper(): v for k, v in cards.items()})
        lines.append(f"  {label} ({code}), every suit: {table}; total {mode.total}")
    bids = f"{rules.bid_min}..{rules.bid_max} by {rules.bid_step}"
    for code, mode in rules.modes.items():
        if mode.max_bid != rules.bid_max:
            bids += f" (up to {mode.max_bid} in {code})"
    if rules.capot_value is not None:
        bids += f", capot {rules.capot_value}"
    if rules.generale_value is not None:
        bids += f", générale {rules.generale_value}"
    lines += ["", f"bids: {bids}"]
    belotes = ", ".join(f"{code} {m.belotes}" for code, m in rules.modes.items()
                        if code in ("SA", "TA") or code == "S")
    lines.append(f"belote: {rules.belote_value}, scored by the {rules.belote_to.value} "
                 f"(at most per deal: {belotes})")
    if rules.announces:
        values = ", ".join(f"{rules.announce_label(n)} {v}" for n, v in rules.announces.items()
                           if rules.announce_label(n) != "carre" or n == "carre-A")
        lines.append(f"announces: {values}; "
                     + ("best announce only" if rules.best_announce_only else "all count"))
    else:
        lines.append("announces: none")
    made = f"  made when {_terms(rules.reach_bid_with)} reach the bid"
    if rules.min_points is not None:
        made += f" and card points are at least {rules.min_points}"
    if rules.beat_defence:
        made += " and card points beat the defence's"
    failure = {code: m.failure_base for code, m in rules.modes.items()}
    base = ", ".join(f"{c} {v}" for c, v in failure.items() if c in ("S", "SA", "TA"))
    lines += ["", "scoring:", made, f"  base (failure): {base}"]
    lines += _outcome("made", rules.score.made)
    lines += _outcome("failed", rules.score.failed)
    for (condition, outcome, side), terms in rules.score.overrides.items():
        when = condition.removeprefix("when_")
        lines.append(f"  {outcome}, {when}: {side} score {_terms(terms)}")
    if rules.rounding.value != "none":
        last = " (last deal exact)" if rules.last_deal_exact else ""
        lines.append(f"  card points rounded: {rules.rounding.value}{last}")
    coinche, surcoinche = rules.coinche_factors
    multiplied = ", ".join(sorted(rules.multiplied - {"fixed"}))
    lines += ["", f"coinche ×{coinche}, surcoinche ×{surcoinche}, on the winning side's: "
              f"{multiplied}"]
    capot = []
    if rules.capot_bonus:
        when = "" if rules.capot_bonus_on_bid else " when not bid"
        capot.append(f"bonus {rules.capot_bonus} for winning every trick{when}")
    if rules.capot_card_points is not None:
        capot.append(f"a capot counts {rules.capot_card_points} card points")
    lines.append("capot: " + ("; ".join(capot) or "no bonus when not bid"))
    end = rules.end
    goal = []
    if end.target is not None:
        reach = "reaching" if end.reach.value == "at_least" else "passing"
        goal.append(f"first side {reach} {end.target}")
    if end.deals is not None:
        goal.append(f"after {end.deals} deals")
    if end.time_limit is not None:
        goal.append(f"after {end.time_limit} minutes")
    lines.append(f"end: {' or '.join(goal)}; several over: {end.both_over.value.replace('_', ' ')}"
                 f"; tie: {end.tie.value.replace('_', ' ')}")
    return lines
