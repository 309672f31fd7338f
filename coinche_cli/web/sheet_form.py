"""The phone's deal form: what it offers under a game's rules (the bids of the rules'
ladder, only the trumps they play, their announces, belote where a mode has one, capot and
générale where they score), and what it sends, read back as the JSON deal of ``game add
--deal`` (:func:`deal_from_form`) so that the form and the API are one path.

Nothing here scores: the form only says what the rules allow, and the engine checks the
deal as ``game add`` does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Mapping

    from coinche_cli.rules.model import Rules

#: How the form shows each trump (the cards' own signs; SA and TA as players say them).
TRUMP_SIGNS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣", "SA": "SA", "TA": "TA"}
#: The fields the form sends, each at most this long (a name of 100 characters, an announce).
MAX_FIELD = 120


def form_view(rules: Rules, sides: Mapping[str, str]) -> dict[str, Any]:
    """What the deal form offers for a game played by ``sides`` (code -> name) under
    ``rules``: the bids, the trumps (with each mode's card points, announces and whether it
    has a belote: the page's script offers only those of the trump chosen), capot and
    générale when the rules score them, and whether a defender who coinched is named (the
    chien)."""
    bids: list[str] = [str(b) for b in range(rules.bid_min, rules.bid_max + 1, rules.bid_step)]
    if rules.capot_value is not None:
        bids.append("capot")
    if rules.generale_value is not None:
        bids.append("generale")
    trumps = []
    announces: list[str] = []
    for code, mode in rules.modes.items():
        table = rules.announce_table(mode) or {}
        names = list(dict.fromkeys(rules.announce_label(name) for name in table))
        announces.extend(name for name in names if name not in announces)
        trumps.append({"code": code, "sign": TRUMP_SIGNS.get(code, code), "total": mode.total,
                       "belote": mode.belotes > 0, "announces": names,
                       "max_bid": mode.max_bid})
    return {
        "sides": dict(sides),
        "bids": bids,
        "trumps": trumps,
        "announces": announces,
        "belote": any(t["belote"] for t in trumps),
        "capot": rules.capot_value is not None or rules.capot_card_points is not None,
        "generale": rules.generale_value is not None,
        "coincher": len(sides) > 2,
    }


def deal_from_form(fields: Mapping[str, str], announces: Mapping[str, list[str]],
                   sides: Mapping[str, str]) -> dict[str, Any] | None:
    """The JSON deal a filled form says (None: everybody passed), for the engine to check:
    ``fields`` the form's one-value fields, ``announces`` each side's announces ticked."""
    if fields.get("action") == "pass" or fields.get("passed"):  # a deal, or deal N, passed
        return None
    deal: dict[str, Any] = {}
    for name in ("taker", "contract", "trump"):
        value = fields.get(name, "").strip()
        if value:
            deal[name] = value
    if fields.get("coinche", "0") not in ("", "0"):
        deal["coinche"] = fields["coinche"]
    points = fields.get("points", "").strip()
    if points and "taker" in deal:
        deal["points"] = {deal["taker"]: points}
    for name in ("capot", "announce_winner", "coinched_by"):
        value = fields.get(name, "").strip()
        if value and value in sides:
            deal[name] = value
    belote = fields.get("belote", "").strip()
    if belote in sides:
        deal["belote"] = [belote]
    if fields.get("generale"):
        deal["generale"] = True
    ticked = {side: names for side, names in announces.items() if side in sides and names}
    if ticked:
        deal["announces"] = ticked
    return deal


def form_of_deal(deal: Mapping[str, Any] | None) -> dict[str, Any]:
    """A stored deal as the form shows it again (``edit deal N``): each field's value."""
    if deal is None:
        return {}
    points = deal.get("points") or {}
    taker = deal.get("taker", "")
    belote = deal.get("belote") or []
    return {
        "taker": taker, "contract": str(deal.get("contract", "")),
        "trump": deal.get("trump", ""), "coinche": str(deal.get("coinche", 0)),
        "points": "" if taker not in points else str(points[taker]),
        "belote": belote[0] if belote else "", "capot": deal.get("capot") or "",
        "generale": bool(deal.get("generale")),
        "announce_winner": deal.get("announce_winner") or "",
        "coinched_by": deal.get("coinched_by") or "",
        "announces": {side: list(names) for side, names in
                      (deal.get("announces") or {}).items()},
    }
