"""The closed sets of the rules, each with its words beside it.

Closed sets of words are ``Literal`` types, not enums: the same checks under mypy (strict
equality refuses a misspelt word), and no enum class to create at every command's start,
which costs about 0.1 ms each on Python 3.11 (bench/RESULTS.md).  Each comes with the
function that says it in the language in force, a ``match`` that mypy proves exhaustive
(``assert_never``): no message is ever looked up by a key built from a value.
"""

from typing import Literal, assert_never, get_args

from coinche_cli.i18n import _, pgettext

#: Which way the deal and the play go round the table.
Direction = Literal["clockwise", "counterclockwise"]
#: How card points are rounded to the ten before they are scored: none; five_up (85 -> 90,
#: 84 -> 80); six_up (86 -> 90, 85 -> 80); nearest_five (83 -> 85, 82 -> 80); complementary
#: (the takers five_up, the defence gets the rest of the total).
Rounding = Literal["none", "five_up", "six_up", "nearest_five", "complementary"]
#: Who scores a belote: its holder, or the side that won the deal (every belote).
BeloteTo = Literal["holder", "winner"]
#: Who wins when several sides pass the target on the same deal.
BothOver = Literal["higher_total", "deal_winner"]
#: What happens when the deciding totals are equal: the deal's winner wins, play on, or a
#: draw (the game ends without a winner: a drawn match in a tournament).
Tie = Literal["deal_winner", "play_on", "draw"]
#: Whether the target is won by reaching it or only by passing it.
Reach = Literal["at_least", "exceed"]
#: Everything a side's score can be made of, as named in a rules file's ``score`` lists.
Term = Literal["points", "contract", "base", "belote", "announces", "all_announces",
               "capot_bonus"]
#: A term of a scored deal: one of the list's words, ``fixed``, a number written in the list
#: itself, or ``held``, the points a litige held, awarded with the next contract made.
ScoredTerm = Term | Literal["fixed", "held"]
#: What ``rounding.method`` rounds (``rounding.applies_to``): the card points, the failure
#: base (162 -> 160), a capot's fixed card points (252 -> 250).
Rounded = Literal["points", "base", "capot_card_points"]
#: The outcomes ``belote.goes_to`` may be given by: a made contract, a failed one, a coinched
#: one (coinché or surcoinché, made or failed: it comes first).
BeloteWhen = Literal["made", "failed", "coinched"]
#: Whether the contract was made.
Outcome = Literal["made", "failed"]
#: The sides of a deal, as the ``score`` section names them: the takers, each defender, and
#: the defender who coinched (scored apart only where a ``coincher`` list is given).
Role = Literal["takers", "defenders", "coincher"]
#: When an override of the ``score`` section applies, in the order they apply.  The last is
#: a side winning every trick without a capot or générale bid.
Condition = Literal["when_coinched", "when_surcoinched", "when_capot", "when_generale",
                    "when_unannounced_capot"]
#: How the last deal of a game is scored: rounded like the others; exact when its rounded
#: score ends the game and its exact score does too; or "au point juste", exact whenever
#: either score would end the game, the exact totals deciding whether it does.
LastDeal = Literal["rounded", "exact", "exact_decides"]
#: The modes that are not a trump suit: sans-atout and tout-atout.
NoSuit = Literal["SA", "TA"]
#: The ways a deal is played: a trump suit (spades, hearts, diamonds, clubs), sans-atout,
#: tout-atout, by their codes.
Trump = Literal["S", "H", "D", "C", "SA", "TA"]
#: The cards of a suit, as rules files name them (7 8 9 10 J Q K A).
Rank = Literal["7", "8", "9", "10", "J", "Q", "K", "A"]
#: The announces under their canonical names, and ``carre``: the four plain carrés together.
Announce = Literal["tierce", "cinquante", "cent", "carre", "carre-A", "carre-10", "carre-K",
                   "carre-Q", "carre-J", "carre-9", "carre-8", "carre-7"]

#: Every word each choice allows, in the order the documentation lists them.
DIRECTIONS: tuple[Direction, ...] = get_args(Direction)
ROUNDINGS: tuple[Rounding, ...] = get_args(Rounding)
BELOTE_TO: tuple[BeloteTo, ...] = get_args(BeloteTo)
BOTH_OVER: tuple[BothOver, ...] = get_args(BothOver)
TIES: tuple[Tie, ...] = get_args(Tie)
REACHES: tuple[Reach, ...] = get_args(Reach)
TERMS: tuple[Term, ...] = get_args(Term)
ROUNDED: tuple[Rounded, ...] = get_args(Rounded)
BELOTE_WHEN: tuple[BeloteWhen, ...] = get_args(BeloteWhen)
#: The terms a score list may subtract, written with a minus sign (``-contract``): a failed
#: contract that costs its taker points.
NEGATED_TERMS: tuple[str, ...] = tuple(f"-{term}" for term in TERMS)
LAST_DEALS: tuple[LastDeal, ...] = get_args(LastDeal)
ROLES: tuple[Role, ...] = get_args(Role)
#: The score overrides, in the order they apply.
CONDITION_ORDER: tuple[Condition, ...] = get_args(Condition)
ANNOUNCES: frozenset[str] = frozenset(get_args(Announce))


def direction_words(direction: Direction) -> str:
    """``clockwise`` in words."""
    match direction:
        case "clockwise":
            return _("clockwise")
        case "counterclockwise":
            return _("counterclockwise")
        case unreachable:
            assert_never(unreachable)


def rounding_words(rounding: Rounding) -> str:
    """How card points are rounded, with an example."""
    match rounding:
        case "none":
            return _("not rounded")
        case "five_up":
            return _("to the ten, 5 up (85 → 90, 84 → 80)")
        case "six_up":
            return _("to the ten, 6 up (86 → 90, 85 → 80)")
        case "nearest_five":
            return _("to the nearest 5 (83 → 85, 82 → 80)")
        case "complementary":
            return _("the takers 5 up, the defence the rest of the total")
        case unreachable:
            assert_never(unreachable)


def belote_to_words(to: BeloteTo) -> str:
    """Who scores a belote."""
    match to:
        case "holder":
            return _("its holder")
        case "winner":
            return _("the deal's winner")
        case unreachable:
            assert_never(unreachable)


def both_over_words(rule: BothOver) -> str:
    """Who wins when several sides pass the target."""
    match rule:
        case "higher_total":
            return _("higher total")
        case "deal_winner":
            return _("deal winner")
        case unreachable:
            assert_never(unreachable)


def tie_words(tie: Tie) -> str:
    """What equal deciding totals do."""
    match tie:
        case "deal_winner":
            return _("deal winner")
        case "play_on":
            return _("play on")
        case "draw":
            return _("draw")
        case unreachable:
            assert_never(unreachable)


def reach_words(reach: Reach, target: int) -> str:
    """How the target ``target`` is won."""
    match reach:
        case "at_least":
            return _("first side reaching {target}").format(target=target)
        case "exceed":
            return _("first side passing {target}").format(target=target)
        case unreachable:
            assert_never(unreachable)


def term_words(term: Term) -> str:
    """A term of a score list, as ``rules show`` names it."""
    match term:
        case "points":
            return _("card points")
        case "contract":
            return _("contract")
        case "base":
            return _("base")
        case "belote":
            return _("belote")
        case "announces":
            return _("own announces")
        case "all_announces":
            return _("every announce of the deal")
        case "capot_bonus":
            return _("capot bonus")
        case unreachable:
            assert_never(unreachable)


def term_value_words(term: ScoredTerm, value: object) -> str:
    """A term of a scored deal with its value, as a score explains itself (``104 card
    points``, ``250 capot bonus``)."""
    match term:
        case "points":
            return _("{value} card points").format(value=value)
        case "contract":
            return _("{value} contract").format(value=value)
        case "base":
            return _("{value} base").format(value=value)
        case "belote":
            return _("{value} belote").format(value=value)
        case "announces":
            return _("{value} announces").format(value=value)
        case "all_announces":
            return _("{value} announces (all)").format(value=value)
        case "capot_bonus":
            return _("{value} capot bonus").format(value=value)
        case "fixed":
            return _("{value} forfait").format(value=value)
        case "held":
            return _("{value} held by a litige").format(value=value)
        case unreachable:
            assert_never(unreachable)


def rounded_words(rounded: Rounded) -> str:
    """What rounding rounds, as ``rules show`` lists it."""
    match rounded:
        case "points":
            return _("the card points")
        case "base":
            return _("the failure base")
        case "capot_card_points":
            return _("a capot's card points")
        case unreachable:
            assert_never(unreachable)


def outcome_words(outcome: Outcome) -> str:
    """``made`` or ``failed`` in words."""
    match outcome:
        case "made":
            return _("made")
        case "failed":
            return _("failed")
        case unreachable:
            assert_never(unreachable)


def role_words(role: Role) -> str:
    """The takers or the defenders."""
    match role:
        case "takers":
            return _("the takers")
        case "defenders":
            return _("the defenders")
        case "coincher":
            return _("the coincher")
        case unreachable:
            assert_never(unreachable)


def condition_words(condition: Condition) -> str:
    """When an override applies."""
    match condition:
        case "when_coinched":
            return _("when coinched")
        case "when_surcoinched":
            return _("when surcoinched")
        case "when_capot":
            return _("on a capot bid")
        case "when_generale":
            return _("on a générale bid")
        case "when_unannounced_capot":
            return _("on a capot not bid")
        case unreachable:
            assert_never(unreachable)


def last_deal_words(last: LastDeal) -> str:
    """How the last deal of a game is scored, as ``rules show`` adds it after the rounding
    (empty when it is rounded like the others)."""
    match last:
        case "rounded":
            return ""
        case "exact":
            return _(" (last deal exact)")
        case "exact_decides":
            return _(" (au point juste: a deal that would end the game is counted exactly, "
                     "and exact points decide whether it does)")
        case unreachable:
            assert_never(unreachable)


def no_suit_words(code: NoSuit) -> str:
    """Sans-atout or tout-atout."""
    match code:
        case "SA":
            return _("sans-atout")
        case "TA":
            return _("tout-atout")
        case unreachable:
            assert_never(unreachable)


def trump_words(trump: Trump) -> str:
    """A deal's trump in a sheet: its code in English (S, H, D, C, SA, TA), a word in French
    (pique, cœur, carreau, trèfle, sans-atout, tout-atout)."""
    match trump:
        case "S":
            return pgettext("trump", "S")
        case "H":
            return pgettext("trump", "H")
        case "D":
            return pgettext("trump", "D")
        case "C":
            return pgettext("trump", "C")
        case "SA":
            return pgettext("trump", "SA")
        case "TA":
            return pgettext("trump", "TA")
        case unreachable:
            assert_never(unreachable)


def coinche_words(level: int) -> str:
    """A deal's coinche in a sheet: none, coinché (×2), surcoinché (×4)."""
    if level >= 2:
        return _("surcoinché")
    return _("coinché") if level == 1 else pgettext("coinche", "no")


def rank_letter(rank: Rank) -> str:
    """A card as a player of the language in force writes it: J Q K in English, V D R in
    French (valet, dame, roi); numbers and the ace as they are."""
    match rank:
        case "J":
            return pgettext("card", "J")
        case "Q":
            return pgettext("card", "Q")
        case "K":
            return pgettext("card", "K")
        case "7" | "8" | "9" | "10" | "A":
            return rank
        case unreachable:
            assert_never(unreachable)


def announce_words(announce: Announce) -> str:
    """An announce as players name it: ``carré de valets``."""
    match announce:
        case "tierce":
            return _("tierce")
        case "cinquante":
            return _("cinquante")
        case "cent":
            return _("cent")
        case "carre":
            return _("carré (as, dix, rois, dames)")
        case "carre-A":
            return _("carré d'as")
        case "carre-10":
            return _("carré de dix")
        case "carre-K":
            return _("carré de rois")
        case "carre-Q":
            return _("carré de dames")
        case "carre-J":
            return _("carré de valets")
        case "carre-9":
            return _("carré de neuf")
        case "carre-8":
            return _("carré de huit")
        case "carre-7":
            return _("carré de sept")
        case unreachable:
            assert_never(unreachable)
