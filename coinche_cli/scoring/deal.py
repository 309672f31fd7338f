"""A deal as the table reports it, before any rules are applied.

Two spellings build the same :class:`Deal`: the words a scorekeeper types
(``A 100S 104`` with ``--belote A``) and a JSON object whose fields are those of the table in
``variants.md``.  Both only check the *shape* here; whether the variant allows the deal is
checked by :mod:`coinche_cli.scoring.score`.
"""


import json
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NamedTuple

from coinche_cli.errors import DealError
from coinche_cli.i18n import _
from coinche_cli.names import check_text
from coinche_cli.scoring.contract import (
    COINCHE_WORDS,
    MAX_DIGITS,
    TRUMP_WORDS,
    Contract,
    ContractKind,
    Trump,
    contract_value,
    contract_words,
    is_number,
    parse_contract,
    parse_contract_word,
    parse_trump,
    typed_word,
)

#: The names this module gives, its contract's among them (read in :mod:`.contract`).
__all__ = [
    "COINCHE_WORDS", "EMPTY_ANNOUNCES", "FIELDS", "MAX_DIGITS", "MAX_JSON", "PASS_WORDS",
    "TRUMP_WORDS", "WORD_OPTIONS", "Contract", "ContractKind", "Deal", "Trump",
    "deal_from_json", "deal_from_words", "is_pass", "parse_contract", "parse_contract_word",
    "parse_trump",
]  # fmt: skip

EMPTY_ANNOUNCES: Mapping[str, tuple[str, ...]] = MappingProxyType({})

if TYPE_CHECKING:  # a TypedDict is a plain dict at run time: the class is the checker's alone
    from typing import NotRequired, TypedDict

    class DealJSON(TypedDict):
        """A deal as the JSON object of ``variants.md`` (:meth:`Deal.to_json`): what a store
        keeps of a deal and every ``--json`` shows; a field not given is left out."""

        taker: str
        contract: int | str  # a bid, or "capot" / "generale"
        trump: str
        coinche: int
        points: NotRequired[dict[str, int]]
        capot: NotRequired[str]
        generale: NotRequired[bool]
        belote: NotRequired[list[str]]
        announces: NotRequired[dict[str, list[str]]]
        announce_winner: NotRequired[str]
        coinched_by: NotRequired[str]


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
    coinched_by: str | None = None  # the defender who coinched (the chien's coincher)

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
                raise DealError("deal", _("unknown option “{got}” (options: {known})"), got=token,
                                known=", ".join([*WORD_OPTIONS, "--generale"]))
            else:
                words.append(token)
        single = {name: values[-1] for name, values in options.items()}
        for name in ("--announce-winner", "--capot", "--coinched-by"):
            if len(options.get(name, ())) > 1:
                raise DealError(name.removeprefix("--").replace("-", "_"),
                                _("{option} is given twice; give it once"), option=name)
        return deal_from_words(
            words, belote=options.get("--belote", ()), announce=options.get("--announce", ()),
            announce_winner=single.get("--announce-winner"), capot=single.get("--capot"),
            generale="--generale" in options, points=options.get("--points", ()),
            coinched_by=single.get("--coinched-by"))

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
            for name in names:  # kept as typed in the deal: bounded as any stored text
                check_text(name, "announces")
            announces[code] = (*announces.get(code, ()), *names)
        return self._replace(
            taker=taker,
            points=points,
            capot=None if self.capot is None else side(self.capot, "capot"),
            belote=tuple(side(s, "belote") for s in self.belote),
            announces=announces,
            announce_winner=None if self.announce_winner is None else side(
                self.announce_winner, "announce_winner"),
            coinched_by=None if self.coinched_by is None else side(self.coinched_by,
                                                                   "coinched_by"),
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
        if self.coinched_by is not None:
            words += ["--coinched-by", self.coinched_by]
        return words

    def to_json(self) -> "DealJSON":
        """The deal as the JSON object of ``variants.md`` (fields left out when not given)."""
        out: DealJSON = {
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
        if self.coinched_by is not None:
            out["coinched_by"] = self.coinched_by
        return out


#: The options of the words form that take a value (``--generale`` takes none).
WORD_OPTIONS = ("--points", "--belote", "--announce", "--announce-winner", "--capot",
                "--coinched-by")

#: The longest deal given as JSON: a deal is a few hundred characters.
MAX_JSON = 10_000

FIELDS = (
    "taker", "contract", "trump", "coinche", "points", "capot", "generale", "belote",
    "announces", "announce_winner", "coinched_by",
)  # fmt: skip


def _side(value: Any, field_name: str) -> str:
    """A side as typed (a code, a name, a prefix): read into a code by ``Deal.with_sides``."""
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise DealError(field_name, _("expected {expected}, got “{got}”"),
                        expected=_("a side (A, B or a seat)"), got=value)
    text = str(value).strip()
    if not text:
        raise DealError(field_name, _("missing"))
    return text


def _whole(value: Any, field_name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        text = value.strip() if isinstance(value, str) else ""
        if is_number(text):
            return int(text)
        raise DealError(field_name, _("expected {expected}, got “{got}”"),
                        expected=_("a whole number"), got=value)
    return value


def deal_from_json(data: Any) -> Deal:
    """Build a deal from the JSON object of ``variants.md`` (already decoded, or as text)."""
    if isinstance(data, str):
        if len(data) > MAX_JSON:
            raise DealError("deal", _("a deal given as JSON is at most {most} characters"),
                            most=MAX_JSON)
        try:
            data = json.loads(data)
        except json.JSONDecodeError as exc:
            # the position, not the decoder's English message: a refusal in every language
            raise DealError("deal", _("not valid JSON at line {line}, column {column}"),
                            line=exc.lineno, column=exc.colno) from None
        except RecursionError:  # [[[[…]]]] nested past the interpreter's stack
            raise DealError("deal", _("the JSON is nested too deeply for a deal")) from None
        except ValueError:  # an integer of thousands of digits
            raise DealError("deal", _("not valid JSON: {problem}"),
                            problem=_("a number is far too long")) from None
    if not isinstance(data, dict):
        raise DealError("deal", _("a deal must be a JSON object"))
    for name in data:
        if name not in FIELDS:
            raise DealError(name, _("unknown field “{name}” (fields are: {known})"), name=name,
                            known=", ".join(FIELDS))
    for name in ("taker", "contract", "trump"):
        if data.get(name) is None:
            raise DealError(name, _("missing"))
    coinche = data.get("coinche", 0)
    if isinstance(coinche, str) and typed_word(coinche) in COINCHE_WORDS:  # "contré"
        coinche = COINCHE_WORDS[typed_word(coinche)]
    coinche = _whole(coinche, "coinche")
    if coinche not in (0, 1, 2):
        raise DealError("coinche", _("expected 0 (none), 1 (coinché) or 2 (surcoinché), "
                                     "got “{got}”"), got=coinche)
    points = data.get("points")
    if points is not None:
        if not isinstance(points, dict):
            raise DealError("points", _("expected {expected}, got “{got}”"),
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
        raise DealError("generale", _("expected {expected}, got “{got}”"),
                        expected=_("true or false"), got=generale)
    # one deal, one spelling: false is "not given", as in the words form
    generale = generale or None
    capot = data.get("capot")
    winner = data.get("announce_winner")
    coincher = data.get("coinched_by")
    return Deal(
        taker=_side(data["taker"], "taker"),
        contract=contract_value(data["contract"]),
        trump=parse_trump(str(data["trump"])),
        coinche=coinche,
        points=points or None,
        capot=None if capot is None else _side(capot, "capot"),
        generale=generale,
        belote=belotes,
        announces=_announces(data.get("announces")),
        announce_winner=None if winner is None else _side(winner, "announce_winner"),
        coinched_by=None if coincher is None else _side(coincher, "coinched_by"),
    )


def _announces(value: Any) -> dict[str, tuple[str, ...]]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise DealError("announces", _("expected {expected}, got “{got}”"),
                        expected=_("an object side: [announces]"), got=value)
    out: dict[str, tuple[str, ...]] = {}
    for side, names in value.items():
        items = names if isinstance(names, list) else [names]
        for item in items:
            if isinstance(item, bool) or not isinstance(item, str | int):
                raise DealError("announces", _("expected {expected}, got “{got}”"),
                                expected=_("an announce name"), got=item)
        if items:
            out[_side(side, "announces")] = tuple(str(item) for item in items)
    return out


#: A deal typed as this one word alone is a deal everybody passed (``game add passe``).
PASS_WORDS = ("passe", "pass")


def is_pass(words: Sequence[str]) -> bool:
    """``words`` are the one word that says everybody passed: ``passe`` (or ``pass``)."""
    return len(words) == 1 and typed_word(words[0]) in PASS_WORDS


def _unexpected(words: Sequence[str], announce: Sequence[str], at_points: bool) -> DealError:
    """The refusal of ``words[0]``, a word a deal's words cannot hold where it stands: the
    option it names (``belote``: ``--belote SIDE``), the announce it ends (``--announce
    A:carré de valets`` not quoted), else what was expected there.  Read only to refuse."""
    from coinche_cli.names import fold
    from coinche_cli.rules.model import canonical_announce

    word, folded = words[0], fold(words[0])
    entry = announce[-1] if announce else ""
    side, _sep, names = entry.rpartition(":")
    started = f"{names.rpartition(',')[2].strip()} {' '.join(words)}"
    if side and canonical_announce(started) is not None:
        return DealError("announces", _("unexpected word “{got}”: quote an announce of several "
                                        "words (--announce \"{given}\")"),
                         got=word, given=f"{entry} {' '.join(words)}")
    if typed_word(word) in COINCHE_WORDS:
        return DealError("coinche", _("unexpected word “{got}”: contré or surcontré comes right "
                                      "after the contract (100 pique contré)"), got=word)
    if folded in ("belote", "belotte", "rebelote", "belote-rebelote"):
        return DealError("belote", _("unexpected word “{got}”: a belote is given with --belote "
                                     "SIDE"), got=word)
    if folded == "capot":
        return DealError("capot", _("unexpected word “{got}”: the side that won every trick is "
                                    "given with --capot SIDE"), got=word)
    if folded == "generale":
        return DealError("generale", _("unexpected word “{got}”: a générale is given with "
                                       "--generale"), got=word)
    if folded in ("annonce", "annonces", "announce", "announces") or canonical_announce(word):
        return DealError("announces", _("unexpected word “{got}”: announces are given with "
                                        "--announce SIDE:NAME"), got=word)
    if folded == "points":
        return DealError("points", _("unexpected word “{got}”: another side's points are given "
                                     "with --points SIDE:N"), got=word)
    if at_points:
        return DealError("points", _("“{got}” is not a number of card points"), got=word)
    return DealError("deal", _("unexpected word “{got}”: a deal is TAKER CONTRACT [POINTS], "
                               "then its options"), got=word)


def _pair(text: str, field_name: str) -> tuple[str, str]:
    side, sep, value = text.rpartition(":")
    if not sep or not side.strip() or not value.strip():
        raise DealError(field_name, _("“{got}” should be SIDE:VALUE"), got=text)
    return side.strip(), value.strip()


def deal_from_words(
    words: Sequence[str],
    *,
    belote: Sequence[str] = (),
    announce: Sequence[str] = (),
    announce_winner: str | None = None,
    capot: str | None = None,
    generale: bool = False,
    points: Sequence[str] = (),
    coinched_by: str | None = None,
) -> Deal:
    """Build a deal from ``TAKER CONTRACT [POINTS]`` and the options a scorekeeper adds.

    ``announce`` entries are ``SIDE:NAME[,NAME…]``; ``points`` entries are ``SIDE:N`` for the
    other sides (the chien's defenders).
    """
    if is_pass(words):
        raise DealError("deal", _("“{got}” is a deal everybody passed: give it alone (game add "
                                  "passe; game edit N --pass)"), got=words[0])
    if len(words) < 2:
        raise DealError("deal", _("expected TAKER CONTRACT [POINTS], got {got}"),
                        got=" ".join(words) or _("nothing"))
    taker = _side(words[0], "taker")
    contract, trump, coinche, rest = contract_words(words[1:])
    given: dict[str, int] = {}
    if rest:
        if not is_number(rest[0].strip()):
            raise _unexpected(rest, announce, at_points=True)
        given[taker] = int(rest[0])
    if len(rest) > 1:
        raise _unexpected(rest[1:], announce, at_points=False)
    for entry in points:
        side, value = _pair(entry, "points")
        if not is_number(value):
            raise DealError("points", _("“{got}” is not a number of card points"), got=value)
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
        coinched_by=None if coinched_by is None else _side(coinched_by, "coinched_by"),
    )
