"""The root ``coinche`` command: mounts the sub-apps and turns user errors into one line.

Typer inspects the signature of every registered command each time the program starts.  At
the table that cost is paid on every deal, so :func:`run` builds only the command group and
the command named on the command line (the whole tree for help or anything unexpected).
The command modules do not use ``from __future__ import annotations`` either: Typer would
then compile every parameter's annotation from its text at each start.
"""


import importlib
import re
import sys
from collections.abc import Sequence
from typing import Annotated, Any

import typer
from typer.core import TyperGroup

from coinche_cli import i18n
from coinche_cli.cli.output import (
    error_line,
    fit_streams_to_the_terminal,
    usage_line,
    warning_line,
)
from coinche_cli.errors import CoincheError, DealError, InputError
from coinche_cli.i18n import N_, _

#: command groups by name, and the module that defines each one's Typer app
GROUPS = {
    "rules": "coinche_cli.cli.rules",
    "game": "coinche_cli.cli.game",
    "tournament": "coinche_cli.cli.tournament",
    "store": "coinche_cli.cli.stores",
    "season": "coinche_cli.cli.season",
    "player": "coinche_cli.cli.player",
}
ROOT_OPTIONS_WITH_VALUE = ("--db",)
#: the groups within a group (``tournament team``): named alone, they show their help
SUBGROUPS = ("team",)


class _ReportingGroup(TyperGroup):
    """Every :class:`CoincheError` from any command becomes one line and its exit code, and
    so does a command line Typer cannot parse (a wrong option, a word where a number goes)."""

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except CoincheError as exc:
            error_line(exc)
            raise typer.Exit(exc.exit_code) from None

    def main(self, *args: Any, **kwargs: Any) -> Any:
        kwargs["standalone_mode"] = False
        try:
            result = super().main(*args, **kwargs)
        except typer.Abort:
            sys.exit(1)
        except Exception as exc:
            # Typer's parsing errors (its own copy of Click's): matched by shape, not by a
            # private import
            if type(exc).__name__ == "NoArgsIsHelpError":  # `coinche tournament team`
                # Typer drew the group's help page as it raised this: in the language in use,
                # since a group named alone is built with the localized classes (build)
                sys.exit(0)
            if hasattr(exc, "format_message") and hasattr(exc, "exit_code"):
                negative = re.fullmatch(r"-\d+", str(getattr(exc, "option_name", "")))
                if negative:  # `A 100S -5`: a negative number of points, not an option
                    error_line(DealError("points", _("{got!r} is not a number of card points"),
                                         got=negative[0]))
                else:
                    from coinche_cli.cli.translation import translated

                    usage_line(translated(exc.format_message()))
                sys.exit(exc.exit_code or 2)
            raise
        sys.exit(result if isinstance(result, int) else 0)


DbOption = Annotated[
    str | None,
    typer.Option("--db", envvar="COINCHE_DB",
                 help=N_("The store: a file (default: in the user data folder), or a "
                         "PostgreSQL server's postgresql://user@host:port/dbname."),
                 show_envvar=True),
]


def _root(with_lang: bool) -> Any:
    """The root command's callback.  ``--lang`` is taken out of the command line by
    :func:`run` before Typer reads it; the option is declared for the help page (and for the
    app called in-process) only, which spares every other command its cost."""

    def root(
        ctx: typer.Context,
        db: DbOption = None,
        lang: Annotated[
            str | None,
            typer.Option("--lang", help=N_("Language: fr or en (default: COINCHE_LANG, then the "
                                           "locale)."), show_default=False),
        ] = None,
    ) -> None:
        if lang is not None:  # the app was called in-process: run() takes --lang out
            _use_language(lang)
        ctx.obj = {"db": db}

    def plain_root(ctx: typer.Context, db: DbOption = None) -> None:
        ctx.obj = {"db": db}

    return root if with_lang else plain_root


def _use_language(asked: str | None) -> None:
    """Speak the language ``asked`` (or the environment's); one line and exit 2 for a
    language coinche does not have."""
    try:
        language = i18n.choose(asked)
    except i18n.LanguageError as exc:
        error_line(InputError(exc.source, _("{got!r} is not a language of coinche (languages: "
                                            "{known})"),
                              got=exc.got, known=", ".join(exc.known)))
        sys.exit(2)
    try:
        i18n.use(language)
    except (OSError, ValueError, LookupError) as exc:  # a damaged catalogue: English
        i18n.use(i18n.SOURCE)
        warning_line(_("the {language} catalogue cannot be read ({reason}); speaking "
                       "English").format(language=language, reason=exc))


def _language_option(argv: Sequence[str]) -> tuple[str | None, list[str]]:
    """``--lang X`` (or ``--lang=X``) taken out of ``argv``: the language must be known
    before any command is built.  It is read where it cannot be another option's value:
    among the root options (``coinche --lang fr game show``) or as the command line's last
    words (``coinche game show --lang fr``); elsewhere ``--lang`` is a word like any other
    (``--team --lang`` names a team)."""
    words = list(argv)
    asked: str | None = None
    index = 0
    while index < len(words) and words[index].startswith("-") and words[index] != "--":
        word = words[index]
        if word == "--lang" or word.startswith("--lang="):
            asked, taken = _lang_value(words, index)
            del words[index:index + taken]
            continue
        index += 2 if word in ROOT_OPTIONS_WITH_VALUE else 1
    if "--" not in words[-2:]:
        if len(words) >= 2 and words[-2] == "--lang":
            asked = words[-1]
            del words[-2:]
        elif words and words[-1].startswith("--lang="):
            asked = words.pop().partition("=")[2]
        elif words and words[-1] == "--lang":
            _lang_value(words, len(words) - 1)  # refused: no value
    return asked, words


def _lang_value(words: list[str], index: int) -> tuple[str, int]:
    """The value of the ``--lang`` at ``index`` and how many words it takes; one line and
    exit 2 when it has none."""
    word = words[index]
    if word.startswith("--lang="):
        return word.partition("=")[2], 1
    if index + 1 >= len(words):
        error_line(InputError("--lang", _("give a language after it: fr or en")))
        sys.exit(2)
    return words[index + 1], 2


def _named(argv: Sequence[str]) -> tuple[str | None, str | None]:
    """The group and command named in ``argv`` (None where absent or unclear)."""
    words = _words(argv, 2)
    group = words[0] if words else None
    command = words[1] if len(words) > 1 else None
    return group, command


def _words(argv: Sequence[str], most: int) -> list[str]:
    """The first ``most`` words of ``argv`` that name a group or a command, before any
    option of theirs."""
    words: list[str] = []
    skip = False
    for arg in argv:
        if skip:
            skip = False
            continue
        if arg in ROOT_OPTIONS_WITH_VALUE:
            skip = True
            continue
        if arg.startswith("-"):
            if not words:
                continue  # a root option such as --db=PATH
            break  # the group's own options (--help): keep the whole group
        words.append(arg)
        if len(words) == most:
            break
    return words


def _only(group: typer.Typer, command: str | None) -> typer.Typer:
    """``group`` reduced to ``command`` (a command or a sub-group such as ``tournament
    team``) when it has it; help and errors stay complete."""
    chosen = [info for info in group.registered_commands if info.name == command]
    groups = [info for info in group.registered_groups if info.name == command]
    if not chosen and not groups:
        return group
    trimmed = typer.Typer(help=group.info.help, no_args_is_help=True)
    trimmed.registered_commands = chosen
    trimmed.registered_groups = groups
    return trimmed


def build(argv: Sequence[str] | None = None) -> typer.Typer:
    """The ``coinche`` app: complete, or only what ``argv`` names."""
    app = typer.Typer(
        cls=_ReportingGroup,
        name="coinche",
        help=N_("Keep score of coinche (belote coinchée) games and run club tournaments."),
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
    )
    group, command = _named(argv) if argv is not None else (None, None)
    if group in GROUPS or group == "score":
        names = [group]
    else:
        names, command = [*GROUPS, "score"], None
    for name in names:
        if name == "score":
            from coinche_cli.cli.score import HELP, score

            app.command("score", help=HELP)(score)
            continue
        module = importlib.import_module(GROUPS[name])
        app.add_typer(_only(module.app, command), name=name)
    # a help page: drawn in the language in use (see localized); anything else skips it
    alone = not command or (command in SUBGROUPS and len(_words(argv or (), 3)) < 3)
    helping = argv is None or "--help" in argv or group is None or (group != "score" and alone)
    app.callback()(_root(with_lang=helping))
    if helping:
        from coinche_cli.cli.translation import Localized, localize

        localize(app)
        app.info.cls = type("LocalizedReportingGroup", (Localized, _ReportingGroup), {})
    return app


def __getattr__(name: str) -> Any:
    # ``from coinche_cli.cli.main import app``: the complete app, built on first use
    if name == "app":
        return build()
    raise AttributeError(name)


def run() -> None:
    """Entry point of the ``coinche`` console script."""
    fit_streams_to_the_terminal()
    asked, argv = _language_option(sys.argv[1:])
    _use_language(asked)
    for position, word in enumerate(argv, start=1):
        try:
            word.encode("utf-8")
        except UnicodeEncodeError:  # bytes that are not UTF-8 arrive as lone surrogates
            error_line(InputError(_("argument {position}").format(position=position),
                                  _("not UTF-8 text (retype it, or check the terminal's "
                                    "encoding)")))
            sys.exit(2)
    build(argv)(args=argv)
