"""Names typed by people: one way to compare them, one way to find what they name.

Every name a user types — a side of a game, a team of a tournament, a tournament, a column
header, an announce — is compared through :func:`fold`, and every side or team is found by
:class:`NameIndex`, so "Les Étés" and "les etes" are the same name everywhere: a game or a
tournament that would hold both is refused when they are entered.

How a typed name is resolved (``NameIndex.resolve``):

1. The whole name, folded, names one entry: that entry.
2. The typed text is an entry's code (``A``, ``B``, a seat ``2``): that entry, unless another
   entry's name starts with it (``b`` is side B, but also the start of "Bernard et Jacky").
3. Otherwise every entry whose name, or one of whose words, starts with the typed text.

One candidate: that one.  Several: refused, listing them (``L`` could be "Les Tontons" or
"Dédé et Lulu"); none: refused, suggesting the closest names.
"""

import unicodedata
from collections.abc import Hashable, Iterable, Sequence
from typing import Generic, Literal, TypeVar, assert_never

from coinche_cli.errors import InputError, escaped_text
from coinche_cli.i18n import _

K = TypeVar("K", bound=Hashable)

#: Apostrophes and underscores people type for the same thing.
_SAME = str.maketrans({"’": "'", "‘": "'", "`": "'", "_": " "})
#: Suggestions offered when nothing matches, at most.
SUGGESTIONS = 3


def fold(text: str) -> str:
    """``text`` for comparing: no accents, no case, one space between words (``Les  Étés`` →
    ``les etes``); typographic apostrophes are plain ones and ``_`` is a space."""
    if text.isascii():  # nothing to decompose (most names, every rules key): the fast way
        bare = text
    else:
        decomposed = unicodedata.normalize("NFKD", text)
        bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(bare.casefold().translate(_SAME).split())


#: The longest name a team, player, club, tournament or side may have.
MAX_NAME = 100
#: Characters that reorder or hide text on a terminal: the bidirectional embeddings,
#: overrides, isolates and marks (an "RTL override" makes a name read backwards).
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
                  "\u2066\u2067\u2068\u2069")


def check_name(text: str, field: str, longest: int = MAX_NAME) -> str:
    """A name as typed, stripped; :class:`InputError` on ``field`` when it is longer than
    :data:`MAX_NAME` or holds a control character (a line break, Unicode's line and paragraph
    separators included, an escape sequence, a terminal link) or a direction override: names
    are data, printed as they are."""
    return _checked(text, field, longest, "name")


def check_text(text: str, field: str, longest: int = MAX_NAME) -> str:
    """A text typed to be kept that is no name (a reason, a prize, an announce as typed),
    stripped, with the bounds of a name (:func:`check_name`): at most ``longest``
    characters (:data:`MAX_NAME` unless a larger bound is stated), no control or direction
    character."""
    return _checked(text, field, longest, "text")


#: What a checked text is, for the words of its refusals.
Checked = Literal["name", "text"]


def _checked(text: str, field: str, longest: int, kind: Checked) -> str:
    name = text.strip()
    if len(name) > longest:
        raise InputError(field, _too_long(kind), got=echo(name), most=longest)
    if name.isprintable():  # no control, surrogate or format character at all: the fast way
        return name
    for char in name:
        # Zl, Zp: U+2028 and U+2029, Unicode's line and paragraph separators, are line breaks
        if char in _BIDI or unicodedata.category(char) in ("Cc", "Cs", "Zl", "Zp"):
            raise InputError(field, _control(kind), got=echo(name), code=f"U+{ord(char):04X}")
    return name


def _too_long(kind: Checked) -> str:
    match kind:
        case "name":
            return _("“{got}” is too long: a name has at most {most} characters")
        case "text":
            return _("“{got}” is too long: at most {most} characters")
        case unreachable:
            assert_never(unreachable)


def _control(kind: Checked) -> str:
    match kind:
        case "name":
            return _("“{got}” holds a control or direction character ({code}); type the name "
                     "without it")
        case "text":
            return _("“{got}” holds a control or direction character ({code}); type the text "
                     "without it")
        case unreachable:
            assert_never(unreachable)


def echo(text: str) -> str:
    """What the user typed, as an error quotes it: stripped, at most 80 characters."""
    text = text.strip()
    return text if len(text) <= 80 else text[:79] + "…"


class _Starts(Generic[K]):
    """Texts sorted, to find every key whose text starts with a prefix by bisection."""

    def __init__(self, items: list[tuple[str, int, K]]) -> None:
        items.sort(key=lambda item: (item[0], item[1]))
        self._texts = [item[0] for item in items]
        self._keys = [item[2] for item in items]

    def starting(self, prefix: str) -> list[K]:
        """The keys whose text starts with ``prefix``, in text order."""
        # bisection by hand: the bisect module would cost every command its import
        low, high = 0, len(self._texts)
        while low < high:
            middle = (low + high) // 2
            if self._texts[middle] < prefix:
                low = middle + 1
            else:
                high = middle
        found = []
        index = low
        while index < len(self._texts) and self._texts[index].startswith(prefix):
            found.append(self._keys[index])
            index += 1
        return found


#: What an index holds, for the words of its refusals: a game's sides, a tournament's teams,
#: a mêlée's players.
Kind = Literal["side", "team", "player"]


def _ambiguous(kind: Kind) -> str:
    match kind:
        case "side":
            return _("“{got}” could be several sides: {candidates}; type more of the name")
        case "team":
            return _("“{got}” could be several teams: {candidates}; type more of the name")
        case "player":
            return _("“{got}” could be several players: {candidates}; type more of the name")
        case unreachable:
            assert_never(unreachable)


def _unknown(kind: Kind, *, suggested: bool, named: bool = False) -> str:
    match kind:
        # a game's sides by their letters, the names on every line at the table: the
        # refusal fits 80 columns with a club's names (issue 32)
        case "side" if suggested:
            return _("“{got}” is not a side here; did you mean “{suggestion}”?")
        case "side" if named:
            return _("“{got}” is not a side ({known} or their names)")
        case "side":
            return _("“{got}” is not a side here (sides: {known})")
        case "team" if suggested:
            return _("no team called “{got}”; did you mean “{suggestion}”?")
        case "team":
            return _("no team called “{got}”")
        case "player" if suggested:
            return _("no player called “{got}”; did you mean “{suggestion}”?")
        case "player":
            return _("no player called “{got}”")
        case unreachable:
            assert_never(unreachable)


class NameIndex(Generic[K]):
    """Entries (a key, a name, optionally a short code) searchable by what people type.

    Built once, it answers each look-up in logarithmic time, so an import naming thousands
    of teams stays fast.
    """

    def __init__(self, entries: Iterable[tuple[K, str, str]]) -> None:
        """``entries``: ``(key, name, code)``; ``code`` is ``""`` when the entry has none."""
        self.names: dict[K, str] = {}
        self._exact: dict[str, list[K]] = {}
        self._codes: dict[str, list[K]] = {}
        names: list[tuple[str, int, K]] = []
        words: list[tuple[str, int, K]] = []
        for order, (key, name, code) in enumerate(entries):
            self.names[key] = name
            folded = fold(name)
            self._exact.setdefault(folded, []).append(key)
            if code:
                self._codes.setdefault(fold(code), []).append(key)
            names.append((folded, order, key))
            # each later word can be typed from its start too ("rois" for "Les Rois")
            parts = folded.split()
            words.extend((" ".join(parts[i:]), order, key) for i in range(1, len(parts)))
        self._order = {key: order for order, key in enumerate(self.names)}
        self._names = _Starts(names)
        self._words = _Starts(words)

    def clashes(self, name: str) -> list[K]:
        """The entries whose name folds to the same as ``name``."""
        return list(self._exact.get(fold(name), ()))

    def candidates(self, typed: str) -> list[K]:
        """Every entry ``typed`` could name (rule 1, else rule 2), in entry order."""
        wanted = fold(typed)
        if not wanted:
            return []
        exact = self._exact.get(wanted, [])
        if len(exact) == 1:
            return list(exact)
        found = set(self._names.starting(wanted))
        coded = self._codes.get(wanted, [])
        found.update(coded if coded else self._words.starting(wanted))
        return sorted(found, key=self._order.__getitem__)

    def resolve(self, typed: str, *, field: str, kind: Kind, label: bool = False) -> K:
        """The one entry ``typed`` names; :class:`InputError` on ``field`` otherwise.

        ``kind`` chooses the words of the refusal (``side``, ``team``); ``label`` shows
        each candidate as ``CODE (name)`` where they differ.
        """
        found = self.candidates(typed)
        if len(found) == 1:
            return found[0]
        if found:
            raise InputError(field, _ambiguous(kind), got=echo(typed),
                             candidates=self._listing(found, label))
        close = self.suggest(typed)
        if close:
            raise InputError(field, _unknown(kind, suggested=True), got=echo(typed),
                             suggestion=close[0], known=self._listing(list(self.names), label))
        # sides with names of their own: their letters (A, B), the names being on every line
        named = kind == "side" and any(str(key) != name for key, name in self.names.items())
        known = (", ".join(str(key) for key in self.names) if named
                 else self._listing(list(self.names), label))
        raise InputError(field, _unknown(kind, suggested=False, named=named), got=echo(typed),
                         known=known)

    def suggest(self, typed: str) -> list[str]:
        """The names closest to ``typed`` (for "did you mean …?")."""
        import difflib  # only a refusal needs it

        wanted = fold(typed)
        by_fold = {fold(name): name for name in self.names.values()}
        words = {word: name for folded, name in by_fold.items() for word in folded.split()}
        close = [by_fold[c] for c in difflib.get_close_matches(wanted, list(by_fold),
                                                                n=SUGGESTIONS, cutoff=0.6)]
        close += [words[w] for w in difflib.get_close_matches(wanted, list(words), n=1,
                                                               cutoff=0.75)]
        return list(dict.fromkeys(close))

    def _listing(self, keys: Sequence[K], label: bool, most: int = 8) -> str:
        shown = []
        for key in keys[:most]:
            name = self.names[key]
            # a name checked when it was entered: whole, and escaped as every quoted value
            shown.append(_("{code} (“{name}”)").format(code=key, name=escaped_text(name))
                         if label and str(key) != name
                         else _("“{name}”").format(name=escaped_text(name)))
        more = len(keys) - most
        return ", ".join(shown) + (f", … (+{more})" if more > 0 else "")
