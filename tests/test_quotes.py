"""User text is quoted by the sentence, never by Python's ``repr`` (issue 31, item 6).

1. A sentence quotes a value in its own words: “{got}” in English, « {got} » in French (with
   the no-break spaces of French typography); never ``{got!r}``, which showed ``'C:\\\\club'``
   and ``"L'Annonce"``, nor ``'{got}'`` or ``"{got}"``.
2. Every value a sentence quotes has one of the names of :data:`coinche_cli.errors.QUOTED`, so
   a refusal shows at most 80 characters of it, its control characters escaped (what ``repr``
   gave for free): a value is data, it must not move the cursor or break the line.
3. A sentence formatted where it is written, rather than by an error class or a rules
   reader, fills its quoted values through :func:`~coinche_cli.errors.filled`,
   :func:`~coinche_cli.errors.escaped_text` or the rules' ``Shown``.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from coinche_cli import i18n
from coinche_cli.errors import QUOTED, InputError, TournamentError, escaped_text, filled
from coinche_cli.names import NameIndex
from coinche_cli.web.app import create_app
from coinche_cli.web.settings import Settings
from tests.test_i18n import PACKAGE, french, source_messages
from tests.test_live_scale import _field, _get

#: A placeholder a sentence quotes, as English writes it.
ENGLISH_QUOTE = re.compile(r"“\{(\w+)[^{}]*\}”")
#: How a value is written inside a sentence (``{got}``, ``{most:,}``).
PLACEHOLDER = re.compile(r"\{(\w*)(![rsa])?(:[^{}]*)?\}")
#: Functions through which a quoted value may reach a sentence formatted in place.
QUOTING = {"filled", "escaped_text", "Shown"}
HOSTILE = "Les\x1b[2J\x1b]8;;http://x\x07As\n\u202e"
SHOWN = "Les\\x1b[2J\\x1b]8;;http://x\\x07As\\n\\u202e"


def _texts(message: str | tuple[str, str]) -> tuple[str, ...]:
    return (message,) if isinstance(message, str) else message


def test_no_sentence_quotes_with_repr_or_with_ascii_quotes() -> None:
    bad = []
    for message in source_messages():
        for text in _texts(message):
            text = text.rpartition("\x04")[2]
            if any(conversion for _name, conversion, _spec in PLACEHOLDER.findall(text)):
                bad.append(text)
            # a value between ASCII quotes, unless they are a command's (--announce "{given}",
            # prizes order "{order}", stage start --order "{example}")
            if re.search(r"""(?<![\w"])(?<!--announce )(?<!prizes order )(?<!--order )"""
                         r"""['"]\{\w+[^{}]*\}['"]"""
                         r"(?!\w)", text):
                bad.append(text)
    assert bad == []


def test_every_value_a_sentence_quotes_is_escaped_by_its_name() -> None:
    names = {name for message in source_messages() for text in _texts(message)
             for name in ENGLISH_QUOTE.findall(text)}
    assert names, "no sentence quotes a value: the pattern is wrong"
    assert sorted(names - set(QUOTED)) == []


def test_the_french_quotes_what_the_english_quotes_with_guillemets() -> None:
    bad = []
    for entry in french():
        if not entry.id:
            continue
        sources, translations = _texts(entry.id), _texts(entry.string)
        quoted = {name for text in sources for name in ENGLISH_QUOTE.findall(text)}
        for text in translations:
            guillemets = set(re.findall(r"«\u00a0\{(\w+)[^{}]*\}\u00a0»", text))
            if not quoted <= guillemets:
                bad.append(text)
    assert bad == []


def _quoted_names(node: ast.expr) -> set[str]:
    """The names an ``_()``/``ngettext()`` call's sentence quotes (empty for anything else)."""
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
            and node.func.id in ("_", "ngettext", "pgettext")):
        return set()
    return {name for arg in node.args if isinstance(arg, ast.Constant)
            and isinstance(arg.value, str) for name in ENGLISH_QUOTE.findall(arg.value)}


def _through_quoting(value: ast.expr) -> bool:
    return (isinstance(value, ast.Call) and isinstance(value.func, ast.Name)
            and value.func.id in QUOTING)


def test_a_sentence_formatted_in_place_escapes_what_it_quotes() -> None:
    bad = []
    for path in PACKAGE.rglob("*.py"):
        where = path.relative_to(PACKAGE).as_posix()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr == "format"):
                continue
            names = _quoted_names(node.func.value)
            given = {k.arg: k.value for k in node.keywords if k.arg is not None}
            bad += [f"{where}:{node.lineno}: {name}" for name in sorted(names)
                    if name not in given or not _through_quoting(given[name])]
    assert bad == [], "a quoted value formatted in place without filled/escaped_text/Shown"


@pytest.mark.parametrize("name", QUOTED)
def test_a_value_under_every_quoted_name_is_cut_and_escaped(name: str) -> None:
    assert filled(f"“{{{name}}}”", **{name: HOSTILE}) == f"“{SHOWN}”"
    assert filled(f"“{{{name}}}”", **{name: "x" * 500}) == "“" + "x" * 79 + "…”"
    assert filled(f"{{{name}}} and {{count}}", **{name: 7, "count": 2}) == "7 and 2"


def test_a_backslash_is_shown_once_and_an_empty_text_as_nothing_between_quotes() -> None:
    assert filled("“{got}”", got="C:\\club") == "“C:\\club”"  # repr wrote 'C:\\\\club'
    assert filled("“{got}”", got="L'Annonce") == "“L'Annonce”"  # repr wrote "L'Annonce"
    assert filled("“{got}”", got="") == "“”"
    assert escaped_text("Les As") == "Les As"


def test_a_refusal_quotes_in_the_language_in_force_with_the_value_escaped() -> None:
    refused = InputError("team", "no team called “{got}”", got=HOSTILE)
    assert refused.text == f"team: no team called “{SHOWN}”"
    with i18n.speaking("fr"):
        taken = TournamentError(i18n._("a team called “{name}” is already registered"),
                                name=HOSTILE)
    assert taken.text == f"une équipe nommée «\u00a0{SHOWN}\u00a0» est déjà inscrite"
    assert "\x1b" not in taken.text and "\n" not in taken.text


def test_a_suggestion_and_the_candidates_are_quoted_and_escaped() -> None:
    index = NameIndex([("A", "Les As", "A"), ("B", "Les Assis\u202e", "B")])
    with pytest.raises(InputError) as ambiguous:
        index.resolve("les", field="taker", kind="side", label=True)
    assert ambiguous.value.text == ("taker: “les” could be several sides: A (“Les As”), "
                                    "B (“Les Assis\\u202e”); type more of the name")
    with pytest.raises(InputError) as unknown:
        index.resolve("Lse Assis", field="taker", kind="side")
    assert "did you mean “Les Assis\\u202e”?" in unknown.value.text


def test_the_live_page_quotes_what_a_phone_typed_escaped(tmp_path: Path) -> None:
    app = create_app(Settings(str(_field(tmp_path, 4)), None, entry=False,
                              round_minutes=None, phone_url="http://x/me"))
    typed = "zz\x1b[31m"

    def problem(page: str) -> str:  # the form around it keeps what was typed, as typed
        return page.partition('<p class="problem">')[2].partition("</p>")[0]

    teams = problem(_get(app, "/teams", {"q": typed}).body.decode())
    assert teams == "No name starts with “zz\\x1b[31m”"
    me = problem(_get(app, "/me", {"team": typed}, {"Accept-Language": "fr"}).body.decode())
    assert me.startswith("«\u00a0zz\\x1b[31m\u00a0» ne désigne aucune équipe")
