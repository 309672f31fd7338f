"""Rules described for people: a few lines for ``rules show`` (its JSON and the listing's:
:mod:`coinche_cli.rules.views`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from coinche_cli.i18n import _, ngettext, pgettext
from coinche_cli.rules.choices import (
    ANNOUNCES,
    Announce,
    Condition,
    Outcome,
    Rank,
    Role,
    Rounded,
    Term,
    announce_words,
    belote_to_words,
    both_over_words,
    condition_words,
    direction_words,
    last_deal_words,
    no_suit_words,
    outcome_words,
    rank_letter,
    reach_words,
    role_words,
    rounded_words,
    rounding_words,
    term_words,
    tie_words,
)
from coinche_cli.rules.model import RANKS, Rules, SideTerms


def _kind(code: str) -> str:
    """A kind of contract as a line of the rules names it: a suit's stands for every suit
    contract ("suit", « couleur »: a bare S would read as spades, « pique »), SA and TA as
    they are."""
    return pgettext("contracts", "suit") if code in ("S", "H", "D", "C") else code


def _table(cards: Any) -> str:
    order = sorted(reversed(RANKS), key=lambda rank: -cards.get(rank, 0))
    return ", ".join(f"{rank_letter(cast(Rank, rank))} {cards[rank]}" for rank in order
                     if rank in cards)


def _written_cards(rules: Rules, code: str) -> Mapping[object, object]:
    """The card table the rules file writes for ``code`` (SA, TA; validated: a mapping of
    ranks to points when it is given), empty when it gives none."""
    node: object = rules.document
    for key in ("modes", code, "cards"):
        node = node.get(key) if isinstance(node, Mapping) else None
    return node if isinstance(node, Mapping) else {}


def _terms(terms: tuple[str | int, ...]) -> str:
    """Score terms in the players' words ("every announce of the deal", "capot bonus",
    "minus contract")."""
    words = [str(t) if isinstance(t, int) else _term(t) for t in terms]
    return " + ".join(words) or _("nothing")


def _term(term: str) -> str:
    if term.startswith("-"):  # a term subtracted: "-contract"
        return _("minus {term}").format(term=term_words(cast(Term, term[1:])))
    return term_words(cast(Term, term))


def announce_name(rules: Rules, canonical: str) -> str:
    """An announce as players name it: its file's own word, else "carré de valets"…"""
    word, is_canonical = announce_word(rules, canonical)
    return announce_words(cast(Announce, word)) if is_canonical else word


def announce_word(rules: Rules, canonical: str) -> tuple[str, bool]:
    """The word for an announce, not yet put into words: the rules file's own word
    (``quarante``, False), or a canonical name the catalogue names (``carre-J``, True)."""
    label = rules.announce_label(canonical)
    if label in ANNOUNCES and label in ("carre", canonical):  # "carre": the four plain ones
        return label, True
    return label, False


def _outcome(outcome: Outcome, side_terms: SideTerms) -> list[str]:
    # a side that scores nothing has a sentence of its own: French says « ne marquent rien »
    said = outcome_words(outcome)
    takers = (_("  {outcome}: takers score {terms};").format(
                  outcome=said, terms=_terms(side_terms.takers)) if side_terms.takers
              else _("  {outcome}: takers score nothing;").format(outcome=said))
    defenders = (_("          defenders score {terms}").format(
                     terms=_terms(side_terms.defenders)) if side_terms.defenders
                 else _("          defenders score nothing"))
    if side_terms.coincher is None:
        return [takers, defenders]
    return [takers, defenders, _("          the coincher scores {terms}").format(
        terms=_terms(side_terms.coincher))]


def rules_summary(rules: Rules) -> list[str]:
    """The readable summary printed by ``coinche rules show``."""
    players = _(" or ").join(str(p) for p in rules.players)
    lines = [
        _("{name}: {title}").format(name=rules.name, title=rules.title),
        _("source: {source}").format(source=rules.source or _("(none given)")),
        _("players: {players}, {direction}").format(
            players=players, direction=direction_words(rules.direction)),
        "",
        _("cards (dix de der {dix}):").format(dix=rules.dix_de_der),
    ]
    if any(code in rules.modes for code in ("S", "H", "D", "C")):
        suit = rules.modes[next(c for c in rules.modes if c in ("S", "H", "D", "C"))]
        lines.append(_("  trump: {table}").format(table=_table(rules.trump_cards)))
        lines.append(_("  plain: {table}").format(table=_table(rules.plain_cards)))
        lines.append(_("  suit contracts total {total}").format(total=suit.total))
    for code in ("SA", "TA"):
        mode = rules.modes.get(code)
        if mode is None:
            continue
        table = _table({str(k).upper(): v for k, v in _written_cards(rules, code).items()})
        lines.append(_("  {mode} ({code}), every suit: {table}; total {total}").format(
            mode=no_suit_words(code), code=code, table=table, total=mode.total))
    bids = _("{min}..{max} by {step}").format(min=rules.bid_min, max=rules.bid_max,
                                              step=rules.bid_step)
    for code, mode in rules.modes.items():
        if mode.max_bid != rules.bid_max:
            bids += _(" (up to {max} in {code})").format(max=mode.max_bid, code=_kind(code))
    if rules.capot_value is not None:
        bids += _(", capot {value}").format(value=rules.capot_value)
    if rules.generale_value is not None:
        bids += _(", générale {value}").format(value=rules.generale_value)
    lines += ["", _("bids: {bids}").format(bids=bids)]
    belotes = ", ".join(f"{_kind(code)} {m.belotes}" for code, m in rules.modes.items()
                        if code in ("SA", "TA") or code == "S")
    value = str(rules.belote_value) + "".join(
        _(" ({value} in {code})").format(value=m.belote_value, code=_kind(code))
        for code, m in rules.modes.items()
        if m.belote_value is not None and m.belote_value != rules.belote_value
        and code in ("S", "SA", "TA"))
    lines.append(_("belote: {value}, scored by {to} (at most per deal: {counts})").format(
        value=value, to=_belote_to(rules), counts=belotes))
    if rules.announces:
        values = _announce_values(rules, rules.announces)
        which = (_("only the side with the best announce scores its announces (all of them)")
                 if rules.best_announce_only else _("each side scores its own announces"))
        lines.append(_("announces: {values}; {which}").format(values=values, which=which))
        for code, mode in rules.modes.items():
            if mode.announces is not None and code in ("S", "SA", "TA"):
                lines.append(_("  announces in {code}: {values}").format(
                    code=_kind(code), values=_announce_values(rules, mode.announces,
                                                              own=True) or _("none")))
    else:
        lines.append(_("announces: none"))
    made = _("  made when {terms} reach the bid").format(terms=_terms(rules.reach_bid_with))
    if rules.min_points is not None:
        made += _(" and card points are at least {min}").format(min=rules.min_points)
    for bid, least in sorted(rules.min_points_by_bid.items()):
        made += _(" and card points are at least {min} on a bid of {bid}").format(
            min=least, bid=bid)
    if rules.beat_defence and rules.beat_defence_with == ("points",):
        made += _(" and card points beat the defence's")
    elif rules.beat_defence:
        made += _(" and {terms} beat the defence's").format(
            terms=_terms(rules.beat_defence_with))
    failure = {code: m.failure_base for code, m in rules.modes.items()}
    base = ", ".join(f"{_kind(c)} {v}" for c, v in failure.items() if c in ("S", "SA", "TA"))
    lines += ["", _("scoring:"), made, _("  base (failure): {base}").format(base=base)]
    if rules.litige:
        lines.append(_("  litige: the takers reach the bid with the defence's card points "
                       "(81–81): the defence scores its made list, the takers' card points "
                       "are held for the next contract made"))
    lines += _outcome("made", rules.score.made)
    lines += _outcome("failed", rules.score.failed)
    for (condition, outcome, side), terms in rules.score.overrides.items():
        said, when = outcome_words(cast(Outcome, outcome)), condition_words(cast(Condition,
                                                                                condition))
        if side == "coincher":  # one player: a sentence of its own ("scores")
            lines.append(_("  {outcome}, {when}: the coincher scores {terms}").format(
                outcome=said, when=when, terms=_terms(terms)))
            continue
        lines.append(_("  {outcome}, {when}: {side} score {terms}").format(
            outcome=said, when=when, side=role_words(cast(Role, side)), terms=_terms(terms)))
    if rules.rounding != "none":
        last = last_deal_words("exact_decides" if rules.last_deal_decides else (
            "exact" if rules.last_deal_exact else "rounded"))
        lines.append(_("  card points rounded: {method}{last}").format(
            method=rounding_words(rules.rounding), last=last))
        if rules.rounded != ("points",):
            lines.append(_("  rounded: {what}").format(what=", ".join(
                rounded_words(cast(Rounded, what)) for what in rules.rounded) or _("nothing")))
    coinche, surcoinche = rules.coinche_factors
    multiplied = ", ".join(term_words(cast(Term, term)) for term in sorted(rules.multiplied)
                           if term != "fixed")
    lines += ["", _("coinche ×{coinche}, surcoinche ×{surcoinche}, on the winning side's: "
                    "{terms}").format(coinche=coinche, surcoinche=surcoinche,
                                      terms=multiplied or _("nothing"))]
    capot = []
    if rules.capot_bonus:
        when = "" if rules.capot_bonus_on_bid else _(" when not bid")
        capot.append(_("bonus {bonus} for winning every trick{when}").format(
            bonus=rules.capot_bonus, when=when))
    if rules.capot_card_points is not None:
        capot.append(_("a capot counts {points} card points").format(
            points=rules.capot_card_points))
    if rules.generale_card_points is not None:
        capot.append(_("a générale (one player alone won every trick) counts {points} card "
                       "points").format(points=rules.generale_card_points))
    if rules.capot_base is not None:
        capot.append(_("base {base} on a deal where a side won every trick").format(
            base=rules.capot_base))
    lines.append(_("capot: {text}").format(text="; ".join(capot) or _("no bonus when not bid")))
    end = rules.end
    goal = []
    if end.target is not None:
        goal.append(reach_words(end.reach, end.target))
    if end.deals is not None:
        goal.append(ngettext("after {count} deal", "after {count} deals",
                             end.deals).format(count=end.deals))
    if end.time_limit is not None:
        goal.append(ngettext("after {count} minute", "after {count} minutes",
                             end.time_limit).format(count=end.time_limit))
    lines.append(_("end: {goal}; several over: {both}; tie: {tie}").format(
        goal=_(" or ").join(goal), both=both_over_words(end.both_over), tie=tie_words(end.tie)))
    if not rules.belote_alone_wins:
        lines.append(_("  a side over the target by a belote alone (failed, or capot) must "
                       "take a trick in a later deal"))
    return lines


def _belote_to(rules: Rules) -> str:
    """Who scores a belote: one rule, or one per outcome (made, failed, coinched)."""
    if not rules.belote_to_when:
        return belote_to_words(rules.belote_to)
    parts = [_("{to} when made").format(to=belote_to_words(rules.belote_to))]
    if "failed" in rules.belote_to_when:
        parts.append(_("{to} when failed").format(
            to=belote_to_words(rules.belote_to_when["failed"])))
    if "coinched" in rules.belote_to_when:
        parts.append(_("{to} when coinched").format(
            to=belote_to_words(rules.belote_to_when["coinched"])))
    return ", ".join(parts)


def _announce_values(rules: Rules, table: Mapping[str, int], *, own: bool = False) -> str:
    """``carré d'as 100, tierce 20…``; the four plain carrés as one ``carré`` when the rules
    give them so (not in a mode's own table: it may value them apart)."""
    return ", ".join(
        f"{announce_words(cast(Announce, n)) if own else announce_name(rules, n)} {v}"
        for n, v in table.items()
        if own or rules.announce_label(n) != "carre" or n == "carre-A")
