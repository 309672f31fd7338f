"""Options shared by several commands, declared once.

The deal options (``TAKER CONTRACT [POINTS]``, ``--belote``, ``--announce``…) are the same for
``coinche score``, ``game add`` and ``game edit``: :func:`deal_options` adds them to a
command's signature (Typer reads a function's signature to build its options) and hands the
command one ``deal`` instead of eight parameters: a :class:`DealInput`, which reads the deal
when called (so that a command can open the store or refuse other input first, as it needs)
and says whether it was typed as ``passe``.
"""

import functools
import inspect
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

import typer

from coinche_cli.cli import completers
from coinche_cli.errors import DealError, InputError, OperationError
from coinche_cli.i18n import N_, _, pgettext

if TYPE_CHECKING:  # the deal reader loads only for the commands that read a deal
    from coinche_cli.scoring.deal import Deal

JsonOption = Annotated[bool, typer.Option("--json", help=N_("Print JSON."))]
RulesOption = Annotated[
    str, typer.Option("--rules", "-r", help=N_("Built-in rules name or a rules file."),
                      autocompletion=completers.rules)
]
#: The largest number any command takes: far above any score, count or id a store holds,
#: far below what would overflow it (a bigger one is refused with one line, by Typer).
MAX_NUMBER = 10**9

GameOption = Annotated[
    int | None, typer.Option("--game", "-g", help=N_("Game id (default: the current game)."),
                             min=1, max=MAX_NUMBER, autocompletion=completers.games)
]
TournamentOption = Annotated[
    str | None,
    typer.Option("--tournament", "-T", help=N_("Tournament name (default: the current one)."),
                 autocompletion=completers.tournaments),
]
RoundOption = Annotated[
    int | None, typer.Option("--round", "-R", help=N_("Round number."), min=1, max=MAX_NUMBER)
]
SepOption = Annotated[
    str | None,
    typer.Option("--sep", help=N_("CSV separator (default: ';' in French, what a French Excel "
                                 "reads, ',' in English)."), show_default=False),
]
#: The paper a poster prints on (``tournament poster``, ``season poster``).
SiteForceOption = Annotated[bool, typer.Option(
    "--force", help=N_("Write into a folder that holds files coinche did not write (they "
                       "stay)."))]
PaperOption = Annotated[
    str, typer.Option("--paper", metavar="a4|a3", help=N_(
        "The paper the poster prints on: a4 or a3 (its type sized to fill it)."))
]


#: The export shape every export shares (``game export``, ``tournament export``, ``season
#: export``): ``export [FILE.xlsx] [--csv DIR]``, either or both (:func:`export_places`).
BookArgument = Annotated[
    Path | None,
    typer.Argument(metavar=N_("FILE.xlsx"), help=N_("The workbook to write."),
                   show_default=False),
]
CsvFolderOption = Annotated[
    Path | None,
    typer.Option("--csv", metavar=N_("DIR"),
                 help=N_("Write the CSV files (UTF-8 with a BOM) into this folder, made when "
                         "missing."),
                 show_default=False),
]


def export_places(book: Path | None, folder: Path | None, *, any_book: bool = False,
                  csv_file: Path | None = None) -> None:
    """Refuse an export, before anything is read or written, that names no workbook, no
    folder and no CSV file (``csv_file``: ``game export``'s older ``--csv FILE``), a workbook
    that is not an ``.xlsx`` (unless ``any_book``: ``game export --xlsx`` took any name), or
    a ``--csv`` folder that is a file."""
    if book is None and folder is None and csv_file is None:
        raise OperationError(_("say where: FILE.xlsx and/or --csv DIR"))
    if book is not None and not any_book and book.suffix.lower() != ".xlsx":
        raise OperationError(_("{path} is not an .xlsx file (for CSV files: --csv DIR)"),
                             path=book)
    if folder is not None and folder.exists() and not folder.is_dir():
        raise InputError("--csv", _("{path} is a file: give a folder, which the CSV files "
                                    "are written into"), path=folder)


def rules_chosen(ctx: typer.Context, given: str, param: str = "rules_name") -> str:
    """The rules a command uses: ``--rules`` when it is given, else the house config's
    ``rules``, else ``given`` (the option's default).  A house rules name that is not built
    in, or a file that is not there, refuses the command with the config's line: a game
    under the default rules would not be the house's game."""
    source = ctx.get_parameter_source(param)
    if source is not None and source.name != "DEFAULT":
        return given
    from coinche_cli.cli import house

    found = house.current()
    value: str | None = found.use("rules")
    if value is None:
        return given
    import os

    if os.path.isabs(value):  # a file (the config made its path absolute)
        if not os.path.isfile(value):
            raise found.fail("rules", N_("{got}: no such rules file"), got=value)
        return value
    from coinche_cli.rules.loader import builtin_names

    if value not in builtin_names():
        raise found.fail("rules", N_("unknown rules “{name}”; built-in rules are: {known}"),
                         name=value, known=", ".join(builtin_names()))
    return value


#: The outcomes a points scale gives points for, in English and as a French secretary types
#: them (folded: no accent); a scale takes those of its own keys.
POINTS_WORDS = {"win": "win", "draw": "draw", "loss": "loss", "bye": "bye", "forfeit": "forfeit",
                "victoire": "win", "nul": "draw", "defaite": "loss", "exempt": "bye",
                "forfait": "forfeit"}


def points_key_words(key: str) -> str:
    """A points key as a refusal names it, in the language in force (the French keys are
    what a French secretary types: ``victoire``, ``nul``…)."""
    match key:
        case "win":
            return pgettext("points key", "win")
        case "draw":
            return pgettext("points key", "draw")
        case "loss":
            return pgettext("points key", "loss")
        case "bye":
            return pgettext("points key", "bye")
        case "forfeit":
            return pgettext("points key", "forfeit")
        case _:  # a scale's key of its own: as it is
            return key


def parse_points(text: str, option: str, default: Mapping[str, int]) -> dict[str, int]:
    """The points per outcome ``text`` gives, for ``option`` (``tournament new
    --match-points``, ``season new --points``), whose keys and defaults are ``default``'s:

    1. by key: ``win=3,draw=2,…``, any of the keys in any order, French keys too
       (``victoire``, ``nul``, ``défaite``, ``exempt``, ``forfait``); the keys not given keep
       their default;
    2. or every number in the keys' order, without keys (``3,2,1,0``: win, draw, loss,
       forfeit for the match points; ``4,3,2,3,0``: win, draw, loss, bye, forfeit for a
       season's scale).

    Refused, naming ``option``: nothing given, a key that is not one of the scale's, a key
    given twice, a key missing its ``=`` among keyed ones, too few or too many numbers, a
    value that is not a whole number from 0 to :data:`MAX_NUMBER`."""
    from coinche_cli.names import echo, fold

    keys = list(default)
    words = ",".join(points_key_words(key) for key in keys)
    parts = [part.strip() for part in text.split(",")]
    if not any(parts):
        raise InputError(option, _("give the points as KEY=N (e.g. win=4,loss=2) or as "
                                   "{count} numbers in the order {keys}"),
                         count=len(keys), keys=words)
    if not any("=" in part for part in parts):  # the numbers alone, in the keys' order
        if len(parts) != len(keys):
            raise InputError(option, _("give {count} numbers in the order {keys}, or KEY=N "
                                       "(e.g. win=4,loss=2); got “{got}”"),
                             count=len(keys), keys=words, got=echo(text))
        given = [(key, points_key_words(key), value)
                 for key, value in zip(keys, parts, strict=True)]
    else:
        given = []
        for part in parts:
            word, equals, value = part.partition("=")
            key = POINTS_WORDS.get(fold(word), "")
            if not equals or key not in keys:
                raise InputError(option, _("unknown key “{got}” (keys: {known})"),
                                 got=echo(word if equals else part),
                                 known=", ".join(points_key_words(k) for k in keys))
            if key in {k for k, _word, _value in given}:
                raise InputError(option, _("“{got}” is given twice; give it once"),
                                 got=echo(word))
            given.append((key, points_key_words(key) if not word.strip() else word.strip(),
                          value.strip()))
    points = dict(default)
    for key, typed, value in given:
        # a number of thousands of digits is refused before int() reads it (it would not)
        if (not (value.isascii() and value.isdigit())
                or len(value.lstrip("0")) > len(str(MAX_NUMBER)) or int(value) > MAX_NUMBER):
            raise InputError(option, _("{key}={got}: points are a whole number from 0 to "
                                       "{most}"), key=echo(typed), got=echo(value),
                             most=MAX_NUMBER)
        points[key] = int(value)
    return points


class DealInput:
    """What a command decorated with :func:`deal_options` receives: call it to read the deal;
    :meth:`passed` says whether it was typed as ``passe`` alone (everybody passed)."""

    def __init__(self, given: dict[str, Any]) -> None:  # Typer's kwargs, typed by read_deal
        self._given = given

    def __call__(self) -> "Deal":
        """The deal, read from the command's words and options (:func:`read_deal`)."""
        return read_deal(**self._given)

    def passed(self) -> bool:
        """The deal is the one word ``passe`` (or ``pass``), with no other deal option: a deal
        everybody passed (``game add passe``, as ``game pass``)."""
        from coinche_cli.scoring.deal import is_pass

        words = self._given.get("words") or []
        others = any(value for name, value in self._given.items() if name != "words")
        return not others and is_pass(words)


def read_deal(words: list[str] | None = None, deal_json: str | None = None,
              belote: list[str] | None = None, announce: list[str] | None = None,
              announce_winner: str | None = None, capot: str | None = None,
              generale: bool = False, points: list[str] | None = None,
              coinched_by: str | None = None) -> "Deal":
    """The deal, from the words form and its options or ``--deal`` (``-``: standard input)."""
    from coinche_cli.scoring.deal import MAX_JSON, deal_from_json, deal_from_words

    if deal_json is not None:
        if words:
            raise DealError("deal", _("give the deal as words (TAKER CONTRACT POINTS) or with "
                                      "--deal, not both"))
        if deal_json != "-":
            return deal_from_json(deal_json)
        try:  # under a C locale stdin keeps bad bytes as surrogates: refused the same
            text = sys.stdin.read(MAX_JSON + 1)
            text.encode("utf-8")
        except (UnicodeDecodeError, UnicodeEncodeError):
            raise DealError("deal", _("the deal is not UTF-8 text")) from None
        return deal_from_json(text)
    if not words:
        raise DealError("deal", _("give the deal: TAKER CONTRACT [POINTS] or --deal JSON"))
    return deal_from_words(words, belote=belote or (), announce=announce or (),
                           announce_winner=announce_winner, capot=capot, generale=generale,
                           points=points or (), coinched_by=coinched_by)


def _parameter(name: str, annotation: Any, default: Any) -> inspect.Parameter:
    return inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=default,
                             annotation=annotation)


#: The deal parameters, in the order ``--help`` lists them.
DEAL_PARAMETERS = (
    _parameter("words", Annotated[
        list[str] | None,
        typer.Argument(help=N_("TAKER CONTRACT [POINTS], e.g. A 100S 104."), show_default=False,
                       metavar=N_("DEAL"), autocompletion=completers.deal_words),
    ], None),
    _parameter("deal_json", Annotated[
        str | None,
        typer.Option("--deal", help=N_("The deal as JSON (taker, contract, trump, coinche, points, "
                     "belote, announces…), or - to read it from standard input.")),
    ], None),
    _parameter("belote", Annotated[
        list[str] | None,
        typer.Option("--belote", "-b", help=N_("Side holding a belote (repeat for several)."),
                     autocompletion=completers.sides),
    ], None),
    _parameter("announce", Annotated[
        list[str] | None,
        typer.Option("--announce", "-a", help=N_("SIDE:NAME[,NAME…], e.g. A:cinquante "
                     "(repeatable)."), autocompletion=completers.announce),
    ], None),
    _parameter("announce_winner", Annotated[
        str | None,
        typer.Option("--announce-winner", help=N_("Side whose equal-best announces count."),
                     autocompletion=completers.sides),
    ], None),
    _parameter("capot", Annotated[
        str | None, typer.Option("--capot", help=N_("Side that won every trick."),
                                 autocompletion=completers.sides),
    ], None),
    _parameter("generale", Annotated[
        bool, typer.Option("--generale", help=N_("The taker alone won every trick.")),
    ], False),
    _parameter("points", Annotated[
        list[str] | None,
        typer.Option("--points", "-p", help=N_("SIDE:N card points of another side (chien)."),
                     autocompletion=completers.side_points),
    ], None),
    _parameter("coinched_by", Annotated[
        str | None,
        typer.Option("--coinched-by", help=N_("The player who coinched (chien: rules that "
                                              "score the coincher apart).")),
    ], None),
)

_Command = TypeVar("_Command", bound=Callable[..., None])


def deal_options(command: _Command) -> _Command:
    """Give ``command`` the deal parameters; it receives ``deal: DealInput``, which reads
    the deal when called."""
    own = [p for name, p in inspect.signature(command).parameters.items() if name != "deal"]
    names = [p.name for p in DEAL_PARAMETERS]

    @functools.wraps(command)
    def with_deal(*args: Any, **kwargs: Any) -> None:
        deal = DealInput({name: kwargs.pop(name) for name in names})
        command(*args, deal=deal, **kwargs)

    # positional arguments first (the deal's words after any of the command's own), then
    # every option, so that Typer reads them in that order
    arguments = [p for p in own if p.default is inspect.Parameter.empty]
    rest = [p for p in own if p.default is not inspect.Parameter.empty]
    parameters = [*arguments, *DEAL_PARAMETERS, *rest]
    with_deal.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        [p.replace(kind=inspect.Parameter.KEYWORD_ONLY) for p in parameters])
    # the annotations Typer resolves are those of the new signature: ``deal`` is not one
    with_deal.__annotations__ = {p.name: p.annotation for p in parameters
                                 if p.annotation is not inspect.Parameter.empty}
    return with_deal  # type: ignore[return-value]
