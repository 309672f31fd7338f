"""A deal's contract as a scorekeeper types it: the bid (or capot, générale), the trump, the
coinche, and every word each may be written with.

``100S``, ``90♥x`` and ``capotTA`` in one word; ``100 pique``, ``100 à pique``, ``80 sans
atout``, ``120 tout atout`` in several; then perhaps ``contré``, ``contrée``, ``surcontré``
(or ``x``, ``xx``) as a word of its own.  Only words are read here: whether the rules allow
the contract is :mod:`coinche_cli.scoring.check`'s to say.  :mod:`coinche_cli.scoring.deal`
builds a whole deal from these and gives every name below from its own module too.
"""


import unicodedata
from collections.abc import Sequence
from enum import StrEnum
from typing import Any

from coinche_cli.errors import DealError
from coinche_cli.i18n import _


class Trump(StrEnum):
    """The mode of a deal: a trump suit, sans-atout or tout-atout."""

    S = "S"  # pique
    H = "H"  # cœur
    D = "D"  # carreau
    C = "C"  # trèfle
    SA = "SA"  # sans-atout
    TA = "TA"  # tout-atout

    @property
    def symbol(self) -> str:
        """The card symbol, or SA/TA."""
        return {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}.get(self.value, self.value)


# Every way a trump may be written, lower-cased.  "C" is clubs (as in S H D C): the French
# initial of cœur would clash, so cœur is H, ♥ or "coeur".  A trump of two words (sans atout)
# is looked up with a hyphen between them.
TRUMP_WORDS: dict[str, Trump] = {
    "s": Trump.S, "♠": Trump.S, "p": Trump.S, "pique": Trump.S, "spades": Trump.S,
    "h": Trump.H, "♥": Trump.H, "coeur": Trump.H, "cœur": Trump.H, "hearts": Trump.H,
    "d": Trump.D, "♦": Trump.D, "k": Trump.D, "carreau": Trump.D, "diamonds": Trump.D,
    "c": Trump.C, "♣": Trump.C, "t": Trump.C, "trefle": Trump.C, "trèfle": Trump.C,
    "clubs": Trump.C,
    "sa": Trump.SA, "sans-atout": Trump.SA, "nt": Trump.SA,
    "ta": Trump.TA, "tout-atout": Trump.TA, "at": Trump.TA,
    "piques": Trump.S, "coeurs": Trump.H, "cœurs": Trump.H, "carreaux": Trump.D,
    "trefles": Trump.C, "trèfles": Trump.C, "sans-atouts": Trump.SA, "tout-atouts": Trump.TA,
}  # fmt: skip

#: The coinche level written as a word after the contract (``100 pique contré``; a contract
#: is "une contrée" too: ``100 pique contrée``).
COINCHE_WORDS: dict[str, int] = {
    "x": 1, "contré": 1, "contre": 1, "contrée": 1, "contree": 1, "coinché": 1, "coinche": 1,
    "coinchée": 1, "coinchee": 1,
    "xx": 2, "surcontré": 2, "surcontre": 2, "surcontrée": 2, "surcontree": 2,
    "surcoinché": 2, "surcoinche": 2, "surcoinchée": 2, "surcoinchee": 2,
}  # fmt: skip

#: The word that may come between the bid and the trump: ``100 à pique`` (``a`` without its
#: accent, as a keyboard without French keys types it).
TO_WORDS = ("à", "a")


class ContractKind(StrEnum):
    """A contract that is not a number: every trick to the team, or to the taker alone."""

    CAPOT = "capot"
    GENERALE = "generale"


Contract = int | ContractKind

#: A number of card points, a bid or a coinche level has at most this many digits.
MAX_DIGITS = 6


def typed_word(text: str) -> str:
    """A word as the word tables hold it: stripped, lower case, accents composed (``é`` may
    arrive as ``e`` and a combining accent, from a Mac's clipboard)."""
    text = text.strip().lower()
    return text if text.isascii() else _symbols(text)


def _symbols(text: str) -> str:
    """``text`` with its accents composed and without variation selectors: a phone or a web
    page sends ♠ as ``♠\ufe0f`` (the emoji form), which is the same trump."""
    return unicodedata.normalize("NFC", text).replace("\ufe0f", "").replace("\ufe0e", "")


def is_number(text: str) -> bool:
    """``text`` is a whole number a deal can hold: ASCII digits (not "²" nor "①"), a few."""
    return text.isascii() and text.isdigit() and len(text) <= MAX_DIGITS


def parse_trump(text: str, field_name: str = "trump") -> Trump:
    """Read a trump as players write it: ``S``, ``♥``, ``K`` (carreau), ``SA``, ``TA``..."""
    trump = TRUMP_WORDS.get(typed_word(text))
    if trump is None:
        raise DealError(field_name, _("“{got}” is not a trump: use S H D C (♠ ♥ ♦ ♣, P K T), "
                                      "SA or TA"), got=text)
    return trump


#: The words a contract may start with instead of a bid (with or without accents).
_SLAM_WORDS = ("capot", "generale", "générale", "genérale", "génerale")


def _not_a_contract(got: str) -> DealError:
    return DealError("contract", _("“{got}” is not a contract: write the bid and the trump, "
                                   "like 100S, 100 pique, 90♥, 120TA, 80 SA, capotH, generaleS, "
                                   "then x or xx (contré, surcontré) if coinché"), got=got)


def parse_contract_word(word: str) -> tuple[Contract, Trump, int]:
    """Split ``100S``, ``90♥x``, ``capotTA``, ``generaleSxx`` into contract, trump, coinche.

    The word is a bid (digits) or ``capot``/``générale``, then the trump, then up to two
    ``x`` (coinché, surcoinché).  A trump ending in x is a trump first (``100carreaux`` is
    not coinché).  Read by hand rather than with a regular expression: the pattern's
    compilation would cost every ``game add`` more than the reading.
    """
    text = word.strip()
    if not text.isascii():
        text = _symbols(text)
    lower = text.lower()
    size = len(text) - len(text.lstrip("0123456789"))
    if size > MAX_DIGITS:
        raise _not_a_contract(word)
    if not size:
        size = next((len(w) for w in _SLAM_WORDS if lower.startswith(w)), 0)
    rest = lower[size:]
    coinche = 0
    while rest not in TRUMP_WORDS and coinche < 2 and len(rest) > 1 and rest.endswith("x"):
        rest, coinche = rest[:-1], coinche + 1
    if not size or not rest or (rest not in TRUMP_WORDS and rest.endswith("x")):
        raise _not_a_contract(word)  # "100Sxxx": more than surcoinché
    trump = TRUMP_WORDS.get(rest)
    if trump is None:
        raise DealError("trump", _("“{got}” is not a trump: use S H D C (♠ ♥ ♦ ♣, P K T), "
                                   "SA or TA"), got=text[size:len(text) - coinche])
    return contract_value(text[:size]), trump, coinche


def contract_value(value: Any) -> Contract:
    """A contract as a JSON deal or the words give it: a bid, ``capot`` or ``generale``."""
    if isinstance(value, bool):
        raise DealError("contract", _("expected {expected}, got “{got}”"),
                        expected=_("a bid, capot or generale"), got=value)
    if isinstance(value, int):
        return value
    text = typed_word(str(value)).replace("é", "e")
    if is_number(text):
        return int(text)
    try:
        return ContractKind(text)
    except ValueError:
        raise DealError(
            "contract", _("expected {expected}, got “{got}”"),
            expected=_("a bid, capot or generale"), got=value
        ) from None


def parse_contract(text: str) -> tuple[Contract, Trump, int]:
    """A contract as a scorekeeper answers it: ``100S``, ``100 à pique``, ``90 cœur contré``."""
    words = text.split()
    if not words:
        raise DealError("contract", _("missing"))
    contract, trump, coinche, rest = contract_words(words)
    if rest:
        raise DealError("contract", _("unexpected word “{got}” after the contract: the bid, "
                                      "the trump, then contré or surcontré if coinché"),
                        got=rest[0])
    return contract, trump, coinche


def _trump_at(words: Sequence[str], at: int) -> tuple[Trump, int] | None:
    """The trump written at ``words[at]``, in one word or two (``sans atout``), and how many
    words it takes; None when none is there."""
    if at >= len(words):
        return None
    one = typed_word(words[at])
    if at + 1 < len(words):
        two = TRUMP_WORDS.get(f"{one}-{typed_word(words[at + 1])}")
        if two is not None:
            return two, 2
    trump = TRUMP_WORDS.get(one)
    return None if trump is None else (trump, 1)


def contract_words(words: Sequence[str]) -> tuple[Contract, Trump, int, Sequence[str]]:
    """The contract at the start of ``words``, and the words after it.

    One word (``100S``, ``90♥x``), or the bid then the trump (``100 pique``, ``100 à pique``,
    ``capot SA``, ``80 sans atout``), then perhaps the coinche as a word (``contré``,
    ``contrée``, ``surcontré``, ``x``).
    """
    first = words[0].strip()
    if len(words) > 1 and (is_number(first) or typed_word(first) in _SLAM_WORDS):
        at = 2 if typed_word(words[1]) in TO_WORDS and len(words) > 2 else 1
        found = _trump_at(words, at)
        if found is None:
            if not is_number(words[at].strip()):  # "100 piqe": the word that is no trump
                raise DealError("trump", _("“{got}” is not a trump: use S H D C (♠ ♥ ♦ ♣, "
                                           "P K T), SA or TA"), got=words[at])
            raise _not_a_contract(first)  # "100 104": the trump left out
        contract, (trump, size), coinche = contract_value(first), found, 0
        used = at + size
    else:
        contract, trump, coinche = parse_contract_word(words[0])
        used = 1
    if len(words) > used and typed_word(words[used]) in COINCHE_WORDS:
        coinche += COINCHE_WORDS[typed_word(words[used])]
        used += 1
        more = len(words) > used and typed_word(words[used]) in COINCHE_WORDS
        if coinche > 2 or more:  # "100Sx surcontré", "contré contré": more than surcoinché
            raise _not_a_contract(" ".join(words[:used + int(more)]))
    return contract, trump, coinche, words[used:]
