"""The most a side can score in one deal under a set of rules, found by scoring the extreme
deals the rules allow (so the number comes from the rules, through the same scorer).

A tournament uses it to refuse a typed or imported score that no match could reach: in
fixed-deals play, the number of deals times this; in target play, the target plus this.
"""

from collections.abc import Iterator

from coinche_cli.errors import DealError
from coinche_cli.rules.model import ANNOUNCE_KINDS, Mode, Rules
from coinche_cli.scoring.deal import Contract, ContractKind, Deal, Trump
from coinche_cli.scoring.score import score_deal

#: A side holds 16 cards: at most four carrés, or one long sequence per suit.
MOST_ANNOUNCES = 4


def _announce_sets(rules: Rules, mode: Mode) -> list[tuple[str, ...]]:
    """The richest announce declarations a side could make under ``rules`` in ``mode``."""
    table = rules.announce_table(mode) or {}
    by_value = sorted(table, key=lambda name: -table[name])
    carres = [n for n in by_value if ANNOUNCE_KINDS[n] == "carre"][:MOST_ANNOUNCES]
    sequences = [n for n in by_value if ANNOUNCE_KINDS[n] == "sequence"][:1]
    sets = [(), tuple(carres), tuple(sequences * MOST_ANNOUNCES),
            tuple(carres[:2] + sequences * 2)]
    return [s for s in sets if s or not table] or [()]


def _contracts(rules: Rules, code: str, players: int) -> list[Contract]:
    contracts: list[Contract] = [rules.modes[code].max_bid]
    if rules.capot_value is not None:
        contracts.append(ContractKind.CAPOT)
    if rules.generale_value is not None and players == 4:
        contracts.append(ContractKind.GENERALE)
    return contracts


def _extreme_deals(rules: Rules, players: int) -> Iterator[Deal]:
    sides = rules.sides(players)
    taker, other = sides[0], sides[1]
    for code, mode in rules.modes.items():
        for contract in _contracts(rules, code, players):
            for coinche in range(3):
                for announces in _announce_sets(rules, mode):
                    # the takers make everything, or the defenders take every trick
                    for winner in (taker, other):
                        generale = contract is ContractKind.GENERALE and winner == taker
                        points = {taker: mode.total if winner == taker else 0}
                        if players == 2:
                            points[other] = mode.total - points[taker]
                        deal = Deal(taker, contract, Trump(code), coinche, points, capot=winner,
                                    generale=generale or None,
                                    belote=(winner,) * mode.belotes,
                                    announces={winner: announces} if announces else {})
                        yield deal
                        if rules.generale_card_points is not None and not generale:
                            yield deal._replace(generale=True)  # one player alone, not bid


def highest_deal_score(rules: Rules) -> int:
    """The most one side can score in one deal under ``rules`` (every player count)."""
    best = 0
    for players in rules.players:
        for deal in _extreme_deals(rules, players):
            try:
                scored = score_deal(rules, deal, players)
            except DealError:  # a combination these rules do not allow
                continue
            best = max(best, *scored.scores.values())
    if rules.litige:  # a made contract also scores the card points a litige held
        best += max(mode.total for mode in rules.modes.values())
    return best
