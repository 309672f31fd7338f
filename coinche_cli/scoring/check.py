"""Check a deal against the rules: refuse what the variant does not allow (naming the field)
and complete what the table left implicit (the defenders' points, an obvious capot).

Pure: :func:`check_deal` takes the rules and a deal whose sides are codes, and returns a
:class:`CheckedDeal` that :mod:`coinche_cli.scoring.score` scores.
"""

from collections import Counter
from collections.abc import Mapping
from typing import NamedTuple, cast

from coinche_cli.errors import DealError
from coinche_cli.i18n import _, ngettext
from coinche_cli.names import fold
from coinche_cli.rules.choices import Announce, announce_words
from coinche_cli.rules.model import (
    ANNOUNCE_CARDS,
    ANNOUNCE_KINDS,
    PLAIN_CARRES,
    Mode,
    Rules,
    canonical_announce,
    hand_size,
)
from coinche_cli.scoring.deal import ContractKind, Deal


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
    coincher: str | None = None  # the defender who coinched, on a coinched deal, if known


def check_deal(rules: Rules, deal: Deal, players: int | None = None) -> CheckedDeal:
    """Refuse what ``rules`` does not allow in ``deal``; complete the implicit points."""
    count = rules.default_players if players is None else players
    if count not in rules.players:
        known = " or ".join(str(p) for p in rules.players)
        raise DealError("players", _("{rules} is played by {allowed} players, not {got}"),
                        rules=rules.name, allowed=known, got=count)
    sides = rules.sides(count)
    _check_side(deal.taker, sides, "taker")
    mode = rules.modes.get(deal.trump.value)
    if mode is None:
        raise DealError("trump", _("{mode} is not played in {rules} (modes: {modes})"),
                        mode=deal.trump.value, rules=rules.name, modes=_modes_text(rules))
    value = _contract_value(rules, deal, mode, count)
    capot, generale = _capot(rules, deal, sides, mode, count)
    points = _points(rules, deal, sides, mode, capot, count)
    _check_belote(rules, deal, sides, mode)
    announces = _announces(rules, deal, sides, count, mode)
    coincher = _coincher(rules, deal, sides)
    return CheckedDeal(
        deal=deal,
        sides=sides,
        mode=mode,
        contract_value=value,
        points=points,
        capot=capot,
        generale=generale,
        announces=announces,
        counted=_counted(rules, deal, sides, announces, mode),
        coincher=coincher,
    )


def _coincher(rules: Rules, deal: Deal, sides: tuple[str, ...]) -> str | None:
    """The defender who coinched: as the deal says, or the one defender there is (the
    defence of a team game); a deal of the chien must say it where a ``coincher`` list
    scores that player apart."""
    given = deal.coinched_by
    if given is not None:
        _check_side(given, sides, "coinched_by")
        if not deal.coinche:
            raise DealError("coinched_by", _("the deal is not coinched, so nobody coinched it"))
        if given == deal.taker:
            raise DealError("coinched_by", _("{side} took the contract: a defender coinches "
                                             "it"), side=given)
        return given
    defenders = [side for side in sides if side != deal.taker]
    if not deal.coinche:
        return None
    if len(defenders) == 1:
        return defenders[0]
    if rules.score.scores_coincher:  # the chien at three: two defenders
        raise DealError("coinched_by", _("say who coinched (--coinched-by {first} or "
                                         "{second}): {rules} scores the coincher apart"),
                        first=defenders[0], second=defenders[-1], rules=rules.name)
    return None


def _modes_text(rules: Rules) -> str:
    return " ".join(rules.modes)


def _check_side(side: str, sides: tuple[str, ...], field_name: str) -> None:
    if side not in sides:
        raise DealError(field_name, _("“{got}” is not a side here (sides are: {sides})"),
                        got=side, sides=", ".join(sides))


def check_contract(rules: Rules, deal: Deal, players: int | None = None) -> None:
    """Refuse a contract (bid, trump, capot, générale) the rules do not allow, before the
    rest of the deal is known (``game play`` asks again at once)."""
    mode = rules.modes.get(deal.trump.value)
    if mode is None:
        raise DealError("trump", _("{mode} is not played in {rules} (modes: {modes})"),
                        mode=deal.trump.value, rules=rules.name, modes=_modes_text(rules))
    _contract_value(rules, deal, mode, rules.default_players if players is None else players)


def _contract_value(rules: Rules, deal: Deal, mode: Mode, players: int) -> int:
    if deal.contract is ContractKind.CAPOT:
        if rules.capot_value is None:
            raise DealError("contract", _("capot is not a contract in {rules}"), rules=rules.name)
        return rules.capot_value
    if deal.contract is ContractKind.GENERALE:
        if rules.generale_value is None:
            raise DealError("contract", _("générale is not a contract in {rules}"),
                            rules=rules.name)
        if players != 4:
            raise DealError("contract", _("générale needs a team game"))
        return rules.generale_value
    bid = deal.contract
    if bid < rules.bid_min or bid > mode.max_bid or (bid - rules.bid_min) % rules.bid_step:
        extra = "".join(
            _(", or {word}").format(word=word) for word, v in (
                ("capot", rules.capot_value), ("generale", rules.generale_value)) if v is not None
        )
        raise DealError("contract", _("{bid} is not a bid in {rules} (bids are {min}..{max} by "
                                      "{step}{extra})"), bid=bid, rules=rules.name,
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
    # a générale as an outcome (capot.generale_card_points): one player alone won every
    # trick, whatever was bid, and of either side
    outcome = rules.generale_card_points is not None and isinstance(deal.contract, int)
    if generale and rules.generale_value is None and not outcome:
        raise DealError("generale", _("générale is not a contract in {rules}"), rules=rules.name)
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
            raise DealError("generale", _("générale needs a team game"))
        if outcome and capot is not None:
            return capot, generale  # one player of the side named won every trick alone
        if capot not in (None, deal.taker):
            raise DealError("generale", _("a générale is the taker's alone; "
                                          "give it with the taker"))
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
            raise DealError("points", _("{side}: {got} is outside 0..{total}"), side=side,
                            got=value, total=total)
    if capot is not None:
        for side in sides:
            if side == capot and players > 2 and given.get(side, total) != total:
                raise DealError("capot", _("side {side} won every trick, so it has all {total} "
                                           "points, not {got}"), side=side, total=total,
                                got=given[side])
            if side != capot and given.get(side, 0) != 0:
                raise DealError("capot", _("side {side} won every trick, so {other} cannot have "
                                           "{got} points"), side=capot, other=side,
                                got=given[side])
        filled = {side: (total if side == capot else 0) for side in sides}
        if players == 2:
            filled[capot] = given.get(capot, total)
        return filled
    if players == 2:
        # ten cards are dead: both players' points are needed, and may add up to less
        if len(given) < 2:
            raise DealError("points", _("with {players} players give every player's points"),
                            players=players)
        if sum(given.values()) > total:
            raise DealError("points", _("the players' points add up to {sum}, more than the "
                                        "{total} in play"), sum=sum(given.values()), total=total)
        return {side: given[side] for side in sides}
    missing = [side for side in sides if side not in given]
    if len(missing) > 1 or (not given):
        raise DealError("points", _("give the points of {need} of the {sides} sides (the last is "
                                    "derived)"), need=len(sides) - 1, sides=len(sides))
    if missing:
        rest = total - sum(given.values())
        if rest < 0:
            raise DealError("points", _("the sides' points add up to {sum}, "
                                        "but {mode} deals {total}"), sum=sum(given.values()),
                            mode=mode.code, total=total)
        given[missing[0]] = rest
    elif sum(given.values()) != total:
        raise DealError("points", _("the sides' points add up to {sum}, but {mode} deals {total}"),
                        sum=sum(given.values()), mode=mode.code, total=total)
    return {side: given[side] for side in sides}


def _check_belote(rules: Rules, deal: Deal, sides: tuple[str, ...], mode: Mode) -> None:
    for side in deal.belote:
        _check_side(side, sides, "belote")
    if deal.belote and mode.belotes == 0:
        raise DealError("belote", _("no belote in {mode} under {rules}"), mode=mode.code,
                        rules=rules.name)
    if len(deal.belote) > mode.belotes:
        raise DealError("belote", ngettext("at most {count} belote in {mode} under {rules}, "
                                           "got {got}",
                                           "at most {count} belotes in {mode} under {rules}, "
                                           "got {got}", mode.belotes),
                        count=mode.belotes, mode=mode.code, rules=rules.name, got=len(deal.belote))


def _announces(rules: Rules, deal: Deal, sides: tuple[str, ...],
               players: int, mode: Mode) -> dict[str, tuple[str, ...]]:
    declared = {side: names for side, names in deal.announces.items() if names}
    if deal.announce_winner is not None:
        _check_side(deal.announce_winner, sides, "announce_winner")
    if not declared:
        if deal.announce_winner is not None:
            raise DealError("announce_winner", _("{side} declared no announce"),
                            side=deal.announce_winner)
        return {}
    table = rules.announce_table(mode)
    if table is None:
        raise DealError("announces", _("{rules} has no announces"), rules=rules.name)
    typed: _Typed = {}
    for side, names in declared.items():
        _check_side(side, sides, "announces")
        resolved = [_resolve_announce(rules, table, side, name) for name in names]
        _check_count(side, [canonical for canonical, _members in resolved], rules, players,
                     len(sides))
        typed[side] = resolved
    out = _carres_dealt(table, typed)
    if deal.announce_winner is not None and deal.announce_winner not in out:
        raise DealError("announce_winner", _("{side} declared no announce"),
                        side=deal.announce_winner)
    return out


def _resolve_announce(rules: Rules, table: Mapping[str, int], side: str,
                      name: str) -> tuple[str, tuple[str, ...]]:
    """``name`` as typed: its canonical name, and the carrés it may stand for when it names
    no rank (``carré``, or ``100`` where only carrés are worth 100), else ``()``."""
    by_value = name.isascii() and name.isdigit() and len(name) <= 6
    canonical = _announce_by_value(table, name) if by_value else canonical_announce(name)
    if canonical is None or canonical not in table:
        from coinche_cli.rules.describe import announce_name  # only to refuse

        known = ", ".join(dict.fromkeys(announce_name(rules, n) for n in table))
        raise DealError("announces", _("{side}: “{got}” is not an announce in {rules} "
                                       "(announces: {known})"), side=side, got=name,
                        rules=rules.name, known=known)
    if ANNOUNCE_KINDS[canonical] != "carre":
        return canonical, ()
    if by_value:
        members = tuple(n for n, v in table.items()
                        if v == table[canonical] and ANNOUNCE_KINDS[n] == "carre")
    elif fold(name).replace(" ", "-") == "carre":
        members = tuple(n for n in PLAIN_CARRES if table.get(n) == table[canonical])
    else:
        return canonical, ()
    return canonical, members if len(members) > 1 else ()


#: A side's announces as typed: each one's canonical name, and the carrés it may stand for.
_Typed = dict[str, list[tuple[str, tuple[str, ...]]]]


def _carres_dealt(table: Mapping[str, int], typed: _Typed) -> dict[str, tuple[str, ...]]:
    """Every side's announces by canonical name, each carré its own rank.

    A rank's four cards make one carré in the whole deal: a carré that names its rank is
    refused the second time; a carré that names none (``carré``) takes the first of its ranks
    no other carré of the deal holds, and is refused only when every one is held."""
    named = Counter(canonical for items in typed.values() for canonical, members in items
                    if ANNOUNCE_KINDS[canonical] == "carre" and not members)
    for name, count in named.items():
        if count > 1:
            raise DealError("announces", _("the {name} is declared twice in this deal: a rank "
                                           "has four cards"),
                            name=announce_words(cast(Announce, name)))
    held = set(named)
    out: dict[str, tuple[str, ...]] = {}
    for side, items in typed.items():
        resolved: list[str] = []
        for canonical, members in items:
            if members:
                free = [member for member in members if member not in held]
                if not free:
                    declared = sum(1 for them in typed.values() for c, m in them
                                   if (m or (c,))[0] in members)
                    raise DealError("announces", _("{count} carrés worth {value} are declared "
                                                   "in this deal: the cards hold {most}"),
                                    count=declared, value=table[canonical], most=len(members))
                canonical = free[0]
                held.add(canonical)
            resolved.append(canonical)
        out[side] = tuple(resolved)
    return out


def _check_count(side: str, names: list[str], rules: Rules, players: int, sides: int) -> None:
    """Refuse more carrés or sequences than the side's hands can hold: each player's hand
    (:func:`hand_size`) shared into the kind's shortest announce, times the side's players."""
    cards = hand_size(players) * (players // sides)
    for kind in ("carre", "sequence"):
        most = players // sides * (hand_size(players) // ANNOUNCE_CARDS[kind])
        count = sum(1 for name in names if ANNOUNCE_KINDS[name] == kind)
        if count > most:
            if kind == "carre":
                message = _("{side} declares {count} carrés: a side's {cards} cards hold at "
                            "most {most}")
            else:
                message = _("{side} declares {count} sequences: a side's {cards} cards hold at "
                            "most {most}")
            raise DealError("announces", message, side=side, count=count, cards=cards,
                            most=most)


def _announce_by_value(table: Mapping[str, int], text: str) -> str | None:
    """An announce given by its points: the sequence of that value first (100 is a cent)."""
    matches = [name for name, value in table.items() if value == int(text)]
    matches.sort(key=lambda name: ANNOUNCE_KINDS[name] != "sequence")
    return matches[0] if matches else None


def _counted(
    rules: Rules, deal: Deal, sides: tuple[str, ...], announces: Mapping[str, tuple[str, ...]],
    mode: Mode,
) -> dict[str, int]:
    """Announce points that count, per side: all of them, or the best side's only (valued
    in the deal's mode)."""
    table = rules.announce_table(mode) or {}
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
            raise DealError("announce_winner", _("sides {sides} have equal best announces "
                                                 "({value}): say whose count"),
                            sides=", ".join(leaders), value=top[0])
        leaders = [deal.announce_winner]
    return {side: (counted[side] if side == leaders[0] else 0) for side in sides}
