"""Rules described for people: one row for a listing, a few lines for ``rules show``."""

from __future__ import annotations

from typing import Any

from coinche_cli.i18n import in_source_language
from coinche_cli.messages import msg
from coinche_cli.rules.model import RANKS, Rules, SideTerms


def _modes(rules: Rules) -> list[str]:
    codes = list(rules.modes)
    suits = [c for c in codes if c in ("S", "H", "D", "C")]
    return (["suits"] if suits else []) + [c for c in codes if c not in suits]


@in_source_language
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
    order = sorted(reversed(RANKS), key=lambda rank: -cards.get(rank, 0))
    return ", ".join(f"{rank} {cards[rank]}" for rank in order if rank in cards)


def _terms(terms: tuple[str | int, ...]) -> str:
    """Score terms in the players' words ("every announce of the deal", "capot bonus")."""
    words = [str(t) if isinstance(t, int) else msg(f"sum.term.{t}") for t in terms]
    return " + ".join(words) or msg("sum.nothing")


def announce_name(rules: Rules, canonical: str) -> str:
    """An announce as players name it: its file's own word, else "carré de valets"…"""
    word, is_canonical = announce_word(rules, canonical)
    return msg(f"sum.announce.{word}") if is_canonical else word


def announce_word(rules: Rules, canonical: str) -> tuple[str, bool]:
    """The word for an announce, not yet put into words: the rules file's own word
    (``quarante``, False), or a canonical name the catalogue names (``carre-J``, True)."""
    label = rules.announce_label(canonical)
    if label == "carre":  # the generic carré of the file: the four plain ones
        return "carre", True
    if label == canonical:
        return canonical, True
    return label, False


def _outcome(outcome: str, side_terms: SideTerms) -> list[str]:
    return [
        msg("sum.outcome_takers", outcome=msg(f"sum.{outcome}"),
            terms=_terms(side_terms.takers)),
        msg("sum.outcome_defenders", terms=_terms(side_terms.defenders)),
    ]


def rules_summary(rules: Rules) -> list[str]:
    """The readable summary printed by ``coinche rules show``."""
    players = msg("sum.or").join(str(p) for p in rules.players)
    lines = [
        msg("sum.title", name=rules.name, title=rules.title),
        msg("sum.source", source=rules.source or msg("sum.no_source")),
        msg("sum.players", players=players, direction=msg(f"sum.direction.{rules.direction}")),
        "",
        msg("sum.cards", dix=rules.dix_de_der),
    ]
    if any(code in rules.modes for code in ("S", "H", "D", "C")):
        suit = rules.modes[next(c for c in rules.modes if c in ("S", "H", "D", "C"))]
        lines.append(msg("sum.trump", table=_table(rules.trump_cards)))
        lines.append(msg("sum.plain", table=_table(rules.plain_cards)))
        lines.append(msg("sum.suit_total", total=suit.total))
    for code in ("SA", "TA"):
        mode = rules.modes.get(code)
        if mode is None:
            continue
        cards = rules.document.get("modes", {}).get(code, {}).get("cards", {})
        table = _table({str(k).upper(): v for k, v in cards.items()})
        lines.append(msg("sum.mode_cards", mode=msg(f"sum.mode.{code}"), code=code, table=table,
                         total=mode.total))
    bids = msg("sum.ladder", min=rules.bid_min, max=rules.bid_max, step=rules.bid_step)
    for code, mode in rules.modes.items():
        if mode.max_bid != rules.bid_max:
            bids += msg("sum.ladder_mode", max=mode.max_bid, code=code)
    if rules.capot_value is not None:
        bids += msg("sum.capot_bid", value=rules.capot_value)
    if rules.generale_value is not None:
        bids += msg("sum.generale_bid", value=rules.generale_value)
    lines += ["", msg("sum.bids", bids=bids)]
    belotes = ", ".join(f"{code} {m.belotes}" for code, m in rules.modes.items()
                        if code in ("SA", "TA") or code == "S")
    lines.append(msg("sum.belote", value=rules.belote_value,
                     to=msg(f"sum.belote_to.{rules.belote_to}"), counts=belotes))
    if rules.announces:
        values = ", ".join(f"{announce_name(rules, n)} {v}" for n, v in rules.announces.items()
                           if rules.announce_label(n) != "carre" or n == "carre-A")
        which = msg("sum.best_only" if rules.best_announce_only else "sum.all_count")
        lines.append(msg("sum.announces", values=values, which=which))
    else:
        lines.append(msg("sum.no_announces"))
    made = msg("sum.made_when", terms=_terms(rules.reach_bid_with))
    if rules.min_points is not None:
        made += msg("sum.min_points", min=rules.min_points)
    if rules.beat_defence:
        made += msg("sum.beat_defence")
    failure = {code: m.failure_base for code, m in rules.modes.items()}
    base = ", ".join(f"{c} {v}" for c, v in failure.items() if c in ("S", "SA", "TA"))
    lines += ["", msg("sum.scoring"), made, msg("sum.base", base=base)]
    lines += _outcome("made", rules.score.made)
    lines += _outcome("failed", rules.score.failed)
    for (condition, outcome, side), terms in rules.score.overrides.items():
        lines.append(msg("sum.override", outcome=msg(f"sum.{outcome}"),
                         when=msg(f"sum.{condition}"), side=msg(f"sum.side.{side}"),
                         terms=_terms(terms)))
    if rules.rounding != "none":
        last = msg("sum.last_exact") if rules.last_deal_exact else ""
        lines.append(msg("sum.rounded", method=msg(f"sum.rounding.{rules.rounding}"), last=last))
    coinche, surcoinche = rules.coinche_factors
    multiplied = ", ".join(msg(f"sum.term.{term}") for term in sorted(rules.multiplied)
                           if term != "fixed")
    lines += ["", msg("sum.coinche", coinche=coinche, surcoinche=surcoinche, terms=multiplied)]
    capot = []
    if rules.capot_bonus:
        when = "" if rules.capot_bonus_on_bid else msg("sum.when_not_bid")
        capot.append(msg("sum.capot_bonus", bonus=rules.capot_bonus, when=when))
    if rules.capot_card_points is not None:
        capot.append(msg("sum.capot_points", points=rules.capot_card_points))
    lines.append(msg("sum.capot", text="; ".join(capot) or msg("sum.no_capot_bonus")))
    end = rules.end
    goal = []
    if end.target is not None:
        goal.append(msg(f"sum.end_target.{end.reach}", target=end.target))
    if end.deals is not None:
        goal.append(msg("sum.end_deals", count=end.deals))
    if end.time_limit is not None:
        goal.append(msg("sum.end_time", count=end.time_limit))
    lines.append(msg("sum.end", goal=msg("sum.or").join(goal),
                     both=msg(f"sum.both_over.{end.both_over}"),
                     tie=msg(f"sum.tie.{end.tie}")))
    return lines
