"""Hypothesis strategies: deals that a variant allows, built from its rules file."""

from __future__ import annotations

from hypothesis import strategies as st

from coinche_cli.rules.model import ANNOUNCE_KINDS, Rules, canonical_announce
from coinche_cli.scoring.deal import ContractKind, Deal, Trump


@st.composite
def valid_deals(draw: st.DrawFn, rules: Rules, players: int) -> Deal:
    """A deal that ``rules`` accepts with ``players`` players (points given for the taker
    and, where needed, the other players)."""
    sides = rules.sides(players)
    taker = draw(st.sampled_from(sides))
    code = draw(st.sampled_from(sorted(rules.modes)))
    mode = rules.modes[code]
    bids: list[int | ContractKind] = list(range(rules.bid_min, mode.max_bid + 1, rules.bid_step))
    if rules.capot_value is not None:
        bids.append(ContractKind.CAPOT)
    contract = draw(st.sampled_from(bids))
    total = mode.total
    taker_points = draw(st.integers(0, total))
    points = {taker: taker_points}
    others = [s for s in sides if s != taker]
    if players == 3:
        first = draw(st.integers(0, total - taker_points))
        points[others[0]] = first
    elif players == 2:
        points[others[0]] = draw(st.integers(0, total - taker_points))
    if players == 4 and draw(st.integers(0, 5)) == 0:
        points = {taker: total // 2}  # an equal split: a litige where the rules have one
    capot, generale = None, None
    if rules.generale_card_points is not None and players == 4 and isinstance(contract, int) \
            and draw(st.booleans()):
        # one player alone won every trick, without a générale bid: the rules' outcome
        capot, generale = draw(st.sampled_from(sides)), True
        points = {capot: total}
    belote = tuple(draw(st.lists(st.sampled_from(sides), max_size=mode.belotes)))
    announces: dict[str, tuple[str, ...]] = {}
    winner = None
    table = rules.announce_table(mode) or {}  # the mode's own values, where it gives them
    if table:
        # a mode's own table may value the plain carrés apart (or drop one): each by its
        # own name there, the rules' words ("carre", "quarante") elsewhere
        names = sorted(n if mode.announces is not None else rules.announce_label(n)
                       for n in table)
        carres: set[str] = set()  # a rank's four cards make one carré in the whole deal
        for side in sides:
            declared = []
            for name in draw(st.lists(st.sampled_from(names), max_size=2)):
                canonical = canonical_announce(name) or ""
                if ANNOUNCE_KINDS[canonical] == "carre":
                    if canonical in carres:
                        continue
                    carres.add(canonical)
                declared.append(name)
            if declared:
                announces[side] = tuple(declared)
        if announces:
            # announce_winner must be one of the sides with the best announce
            def best(side: str) -> tuple[int, bool]:
                canon = [canonical_announce(n) or "" for n in announces[side]]
                return max((table[c], ANNOUNCE_KINDS[c] == "carre") for c in canon)

            top = max(best(side) for side in announces)
            winner = draw(st.sampled_from(sorted(s for s in announces if best(s) == top)))
    return Deal(
        taker=taker,
        contract=contract,
        trump=Trump(code),
        coinche=draw(st.integers(0, 2)),
        points=points,
        capot=capot,
        generale=generale,
        belote=belote,
        announces=announces,
        announce_winner=winner,
    )
