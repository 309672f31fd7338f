"""A deal as the table reports it, before any rules are applied.

Two spellings build the same :class:`Deal`: the words a scorekeeper types
(``A 100S 104`` with ``--belote A``) and a JSON object whose fields are those of the table in
``variants.md``.  Both only check the *shape* here; whether the variant allows the deal is
checked by :mod:`coinche_cli.scoring.score`.
"""


import json
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from enum import StrEnum
from types import MappingProxyType
from typing import Any, NamedTuple

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
# initial of cœur would clash, so cœur is H, ♥ or "coeur".
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

#: The coinche level written as a word after the contract (``100 pique contré``).
COINCHE_WORDS: dict[str, int] = {
    "x": 1, "contré": 1, "contre": 1, "coinché": 1, "coinche": 1,
    "xx": 2, "surcontré": 2, "surcontre": 2, "surcoinché": 2, "surcoinche": 2,
}  # fmt: skip


class ContractKind(StrEnum):
    """A contract that is not a number: every trick to the team, or to the taker alone."""

    CAPOT = "capot"
    GENERALE = "generale"


Contract = int | ContractKind


EMPTY_ANNOUNCES: Mapping[str, tuple[str, ...]] = MappingProxyType({})


class Deal(NamedTuple):
    """One played deal, as reported: who took what, and what each side made.

    ``points`` may be partial (one side in a team game); ``None`` means not given, which a
    capot or générale contract reads as "made".
    """

    taker: str
    contract: Contract
    trump: Trump
    coinche: int = 0
    points: Mapping[str, int] | None = None
    capot: str | None = None
    generale: bool | None = None
    belote: tuple[str, ...] = ()
    announces: Mapping[str, tuple[str, ...]] = EMPTY_ANNOUNCES
    announce_winner: str | None = None

    @classmethod
    def from_words(cls, tokens: Sequence[str]) -> "Deal":
        """Read the words and options :meth:`to_words` writes (``A 100S 104 --belote A``)."""
        words: list[str] = []
        options: dict[str, list[str]] = {}
        rest = iter(tokens)
        for token in rest:
            if token == "--generale":
                options.setdefault(token, []).append("")
            elif token in WORD_OPTIONS:
                value = next(rest, None)
                if value is None:
                    raise DealError(token.removeprefix("--"), _("{option} needs a value"),
                                    option=token)
                options.setdefault(token, []).append(value)
            elif token.startswith("--") or (words and token.startswith("-")):
                raise DealError("deal", _("unknown option {got!r} (options: {known})"), got=token,
                                known=", ".join([*WORD_OPTIONS, "--generale"]))
            else:
                words.append(token)
        single = {name: values[-1] for name, values in options.items()}
        for name in ("--announce-winner", "--capot"):
            if len(options.get(name, ())) > 1:
                raise DealError(name.removeprefix("--").replace("-", "_"),
                                _("{option} is given twice; give it once"), option=name)
        return deal_from_words(
            words, belote=options.get("--belote", ()), announce=options.get("--announce", ()),
            announce_winner=single.get("--announce-winner"), capot=single.get("--capot"),
            generale="--generale" in options, points=options.get("--points", ()))

    def with_sides(self, side: Callable[[str, str], str]) -> "Deal":
        """The deal with every side read by ``side(typed, field)`` (a name or a prefix becomes
        its code); :meth:`coinche_cli.game.state.Setup.side` is the usual reader."""
        taker = side(self.taker, "taker")
        points: dict[str, int] | None = None
        if self.points is not None:
            points = {}
            for typed, value in self.points.items():
                code = side(typed, "points")
                if code in points:  # "A" and "les as": the same side twice
                    raise DealError("points", _("the points of {side} are given twice; "
                                                "give them once"), side=code)
                points[code] = value
        announces: dict[str, tuple[str, ...]] = {}
        for typed, names in self.announces.items():
            code = side(typed, "announces")
            announces[code] = (*announces.get(code, ()), *names)
        return self._replace(
            taker=taker,
            points=points,
            capot=None if self.capot is None else side(self.capot, "capot"),
            belote=tuple(side(s, "belote") for s in self.belote),
            announces=announces,
            announce_winner=None if self.announce_winner is None else side(
                self.announce_winner, "announce_winner"),
        )

    def contract_word(self) -> str:
        """The contract in the words form: ``100S``, ``capotH``, ``120TAx``."""
        return f"{self.contract}{self.trump.value}{'x' * self.coinche}"

    def to_words(self) -> list[str]:
        """The deal as the words and options a scorekeeper types (``A 100S 104 --belote A``)."""
        words = [self.taker, self.contract_word()]
        points = dict(self.points or {})
        if self.taker in points:
            words.append(str(points.pop(self.taker)))
        for side, value in points.items():
            words += ["--points", f"{side}:{value}"]
        for side in self.belote:
            words += ["--belote", side]
        for side, names in self.announces.items():
            if names:
                words += ["--announce", f"{side}:{','.join(names)}"]
        if self.announce_winner is not None:
            words += ["--announce-winner", self.announce_winner]
        if self.capot is not None:
            words += ["--capot", self.capot]
        if self.generale:
            words.append("--generale")
        return words

    def to_json(self) -> dict[str, Any]:
        """The deal as the JSON object of ``variants.md`` (fields left out when not given)."""
        out: dict[str, Any] = {
            "taker": self.taker,
            "contract": self.contract if isinstance(self.contract, int) else self.contract.value,
            "trump": self.trump.value,
            "coinche": self.coinche,
        }
        if self.points is not None:
            out["points"] = dict(self.points)
        if self.capot is not None:
            out["capot"] = self.capot
        if self.generale is not None:
            out["generale"] = self.generale
        if self.belote:
            out["belote"] = list(self.belote)
        if self.announces:
            out["announces"] = {side: list(names) for side, names in self.announces.items()}
        if self.announce_winner is not None:
            out["announce_winner"] = self.announce_winner
        return out


#: The options of the words form that take a value (``--generale`` takes none).
WORD_OPTIONS = ("--points", "--belote", "--announce", "--announce-winner", "--capot")

#: The longest deal given as JSON: a deal is a few hundred characters.
MAX_JSON = 10_000
#: A number of card points, a bid or a coinche level has at most this many digits.
MAX_DIGITS = 6

FIELDS = (
    "taker", "contract", "trump", "coinche", "points", "capot", "generale", "belote",
    "announces", "announce_winner",
)  # fmt: skip


def _word(text: str) -> str:
    """A word as the word tables hold it: stripped, lower case, accents composed (``é`` may
    arrive as ``e`` and a combining accent, from a Mac's clipboard)."""
    text = text.strip().lower()
    return text if text.isascii() else unicodedata.normalize("NFC", text)


def parse_trump(text: str, field_name: str = "trump") -> Trump:
    """Read a trump as players write it: ``S``, ``♥``, ``K`` (carreau), ``SA``, ``TA``..."""
    trump = TRUMP_WORDS.get(_word(text))
    if trump is None:
        raise DealError(field_name, _("{got!r} is not a trump: use S H D C (♠ ♥ ♦ ♣, P K T), "
                                      "SA or TA"), got=text)
    return trump


#: The words a contract may start with instead of a bid (with or without accents).
_SLAM_WORDS = ("capot", "generale", "générale", "genérale", "génerale")


def parse_contract_word(word: str) -> tuple[Contract, Trump, int]:
    """Split ``100S``, ``90♥x``, ``capotTA``, ``generaleSxx`` into contract, trump, coinche.

    The word is a bid (digits) or ``capot``/``générale``, then the trump, then up to two
    ``x`` (coinché, surcoinché).  Read by hand rather than with a regular expression: the
    pattern's compilation would cost every ``game add`` more than the reading.
    """
    text = word.strip()
    if not text.isascii():
        text = unicodedata.normalize("NFC", text)
    lower = text.lower()
    size = len(text) - len(text.lstrip("0123456789"))
    if size > MAX_DIGITS:
        raise DealError("contract", _("{got!r} is not a contract: write the bid and the trump, "
                                      "like 100S, 100 pique, 90♥, 120TA, 80 SA, capotH, generaleS, "
                                      "then x or xx (contré, surcontré) if coinché"), got=word)
    if not size:
        size = next((len(w) for w in _SLAM_WORDS if lower.startswith(w)), 0)
    rest = lower[size:]
    coinche = 0
    while coinche < 2 and len(rest) > 1 and rest.endswith("x"):
        rest, coinche = rest[:-1], coinche + 1
    if not size or not rest or rest.endswith("x"):  # "100Sxxx": more than surcoinché
        raise DealError("contract", _("{got!r} is not a contract: write the bid and the trump, "
                                      "like 100S, 100 pique, 90♥, 120TA, 80 SA, capotH, generaleS, "
                                      "then x or xx (contré, surcontré) if coinché"), got=word)
    trump = TRUMP_WORDS.get(rest)
    if trump is None:
        raise DealError("trump", _("{got!r} is not a trump: use S H D C (♠ ♥ ♦ ♣, P K T), "
                                   "SA or TA"), got=text[size:len(text) - coinche])
    return _contract_value(text[:size]), trump, coinche


def _contract_value(value: Any) -> Contract:
    if isinstance(value, bool):
        raise DealError("contract", _("expected {expected}, got {got!r}"),
                        expected=_("a bid, capot or generale"), got=value)
    if isinstance(value, int):
        return value
    text = _word(str(value)).replace("é", "e")
    if _digits(text):
        return int(text)
    try:
        return ContractKind(text)
    except ValueError:
        raise DealError(
            "contract", _("expected {expected}, got {got!r}"),
            expected=_("a bid, capot or generale"), got=value
        ) from None


def _side(value: Any, field_name: str) -> str:
    """A side as typed (a code, a name, a prefix): read into a code by ``Deal.with_sides``."""
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise DealError(field_name, _("expected {expected}, got {got!r}"),
                        expected=_("a side (A, B or a seat)"), got=value)
    text = str(value).strip()
    if not text:
        raise DealError(field_name, _("missing"))
    return text


def _whole(value: Any, field_name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        text = value.strip() if isinstance(value, str) else ""
        if _digits(text):
            return int(text)
        raise DealError(field_name, _("expected {expected}, got {got!r}"),
                        expected=_("a whole number"), got=value)
    return value


def _digits(text: str) -> bool:
    """``text`` is a whole number a deal can hold: ASCII digits (not "²" nor "①"), a few."""
    return text.isascii() and text.isdigit() and len(text) <= MAX_DIGITS


def deal_from_json(data: Any) -> Deal:
    """Build a deal from the JSON object of ``variants.md`` (already decoded, or as text)."""
    if isinstance(data, str):
        if len(data) > MAX_JSON:
            raise DealError("deal", _("a deal given as JSON is at most {most} characters"),
                            most=MAX_JSON)
        try:
            data = json.loads(data)
        except json.JSONDecodeError as exc:
            raise DealError("deal", _("not valid JSON: {problem}"), problem=exc.msg) from None
        except RecursionError:  # [[[[…]]]] nested past the interpreter's stack
            raise DealError("deal", _("the JSON is nested too deeply for a deal")) from None
        except ValueError:  # an integer of thousands of digits
            raise DealError("deal", _("not valid JSON: {problem}"),
                            problem=_("a number is far too long")) from None
    if not isinstance(data, dict):
        raise DealError("deal", _("a deal must be a JSON object"))
    for name in data:
        if name not in FIELDS:
            raise DealError(name, _("unknown field {name!r} (fields are: {known})"), name=name,
                            known=", ".join(FIELDS))
    for name in ("taker", "contract", "trump"):
        if data.get(name) is None:
            raise DealError(name, _("missing"))
    coinche = data.get("coinche", 0)
    if isinstance(coinche, str) and _word(coinche) in COINCHE_WORDS:  # "contré"
        coinche = COINCHE_WORDS[_word(coinche)]
    coinche = _whole(coinche, "coinche")
    if coinche not in (0, 1, 2):
        raise DealError("coinche", _("expected 0 (none), 1 (coinché) or 2 (surcoinché), "
                                     "got {got!r}"), got=coinche)
    points = data.get("points")
    if points is not None:
        if not isinstance(points, dict):
            raise DealError("points", _("expected {expected}, got {got!r}"),
                            expected=_("an object side: points"), got=points)
        points = {_side(k, "points"): _whole(v, "points") for k, v in points.items()}
    belote = data.get("belote")
    if belote is None:
        belotes: tuple[str, ...] = ()
    elif isinstance(belote, list):
        belotes = tuple(_side(side, "belote") for side in belote)
    else:
        belotes = (_side(belote, "belote"),)
    generale = data.get("generale")
    if generale is not None and not isinstance(generale, bool):
        raise DealError("generale", _("expected {expected}, got {got!r}"),
                        expected=_("true or false"), got=generale)
    # one deal, one spelling: false is "not given", as in the words form
    generale = generale or None
    capot = data.get("capot")
    winner = data.get("announce_winner")
    return Deal(
        taker=_side(data["taker"], "taker"),
        contract=_contract_value(data["contract"]),
        trump=parse_trump(str(data["trump"])),
        coinche=coinche,
        points=points or None,
        capot=None if capot is None else _side(capot, "capot"),
        generale=generale,
        belote=belotes,
        announces=_announces(data.get("announces")),
        announce_winner=None if winner is None else _side(winner, "announce_winner"),
    )


def _announces(value: Any) -> dict[str, tuple[str, ...]]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise DealError("announces", _("expected {expected}, got {got!r}"),
                        expected=_("an object side: [announces]"), got=value)
    out: dict[str, tuple[str, ...]] = {}
    for side, names in value.items():
        items = names if isinstance(names, list) else [names]
        for item in items:
            if isinstance(item, bool) or not isinstance(item, str | int):
                raise DealError("announces", _("expected {expected}, got {got!r}"),
                                expected=_("an announce name"), got=item)
        if items:
            out[_side(side, "announces")] = tuple(str(item) for item in items)
    return out


def _pair(text: str, field_name: str) -> tuple[str, str]:
    side, sep, value = text.rpartition(":")
    if not sep or not side.strip() or not value.strip():
        raise DealError(field_name, _("{got!r} should be SIDE:VALUE"), got=text)
    return side.strip(), value.strip()


def parse_contract(text: str) -> tuple[Contract, Trump, int]:
    """A contract as a scorekeeper answers it: ``100S``, ``100 pique``, ``90 cœur contré``."""
    words = text.split()
    if not words:
        raise DealError("contract", _("missing"))
    contract, trump, coinche, rest = _contract_words(words)
    if rest:
        raise DealError("contract", _("{got!r} is not a contract: write the bid and the trump, "
                                      "like 100S, 100 pique, 90♥, 120TA, 80 SA, capotH, generaleS, "
                                      "then x or xx (contré, surcontré) if coinché"),
                            got=text.strip())
    return contract, trump, coinche


def _contract_words(words: Sequence[str]) -> tuple[Contract, Trump, int, Sequence[str]]:
    """The contract at the start of ``words``, and the words after it.

    One word (``100S``, ``90♥x``), or the bid and the trump as two (``100 pique``,
    ``capot SA``), then perhaps the coinche as a word (``contré``, ``surcontré``, ``x``).
    """
    first = words[0]
    if len(words) > 1 and _word(words[1]) in TRUMP_WORDS and (
            _digits(first.strip()) or _word(first) in _SLAM_WORDS):
        contract, trump, coinche = parse_contract_word(first.strip() + words[1].strip())
        used = 2
    else:
        contract, trump, coinche = parse_contract_word(first)
        used = 1
    if len(words) > used and _word(words[used]) in COINCHE_WORDS:
        coinche += COINCHE_WORDS[_word(words[used])]
        used += 1
        if coinche > 2:  # "100Sx surcontré": more than surcoinché
            raise DealError("contract", _("{got!r} is not a contract: write the bid and the trump, "
                                          "like 100S, 100 pique, 90♥, 120TA, 80 SA, capotH, "
                                          "generaleS, then x or xx (contré, surcontré) if "
                                          "coinché"), got=" ".join(words[:used]))
    return contract, trump, coinche, words[used:]


def deal_from_words(
    words: Sequence[str],
    *,
    belote: Sequence[str] = (),
    announce: Sequence[str] = (),
    announce_winner: str | None = None,
    capot: str | None = None,
    generale: bool = False,
    points: Sequence[str] = (),
) -> Deal:
    """Build a deal from ``TAKER CONTRACT [POINTS]`` and the options a scorekeeper adds.

    ``announce`` entries are ``SIDE:NAME[,NAME…]``; ``points`` entries are ``SIDE:N`` for the
    other sides (the chien's defenders).
    """
    if len(words) < 2:
        raise DealError("deal", _("expected TAKER CONTRACT [POINTS], got {got}"),
                        got=" ".join(words) or _("nothing"))
    taker = _side(words[0], "taker")
    contract, trump, coinche, rest = _contract_words(words[1:])
    if len(rest) > 1:
        raise DealError("deal", _("expected TAKER CONTRACT [POINTS], got {got}"),
                        got=" ".join(words))
    given: dict[str, int] = {}
    if rest:
        if not _digits(rest[0].strip()):
            raise DealError("points", _("{got!r} is not a number of card points"), got=rest[0])
        given[taker] = int(rest[0])
    for entry in points:
        side, value = _pair(entry, "points")
        if not _digits(value):
            raise DealError("points", _("{got!r} is not a number of card points"), got=value)
        if side in given:
            raise DealError("points", _("the points of {side} are given twice; give them once"),
                            side=side)
        given[side] = int(value)
    announces: dict[str, list[str]] = {}
    for entry in announce:
        side, names = _pair(entry, "announces")
        announces.setdefault(side, []).extend(n.strip() for n in names.split(",") if n.strip())
    return Deal(
        taker=taker,
        contract=contract,
        trump=trump,
        coinche=coinche,
        points=given or None,
        capot=None if capot is None else _side(capot, "capot"),
        generale=True if generale else None,
        belote=tuple(_side(side, "belote") for side in belote),
        announces={side: tuple(names) for side, names in announces.items()},
        announce_winner=None if announce_winner is None else _side(announce_winner,
                                                                    "announce_winner"),
    )
