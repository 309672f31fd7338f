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
from pathlib import Path
from typing import Annotated, Any

import typer

from coinche_cli import i18n
from coinche_cli.cli.localized import LocalizedCommand, LocalizedGroup
from coinche_cli.cli.output import error_line, usage_line
from coinche_cli.errors import CoincheError, DealError, InputError
from coinche_cli.i18n import _
from coinche_cli.messages import msg

#: command groups by name, and the module that defines each one's Typer app
GROUPS = {
    "rules": "coinche_cli.cli.rules",
    "game": "coinche_cli.cli.game",
    "tournament": "coinche_cli.cli.tournament",
}
ROOT_OPTIONS_WITH_VALUE = ("--db",)


class _ReportingGroup(LocalizedGroup):
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
            if type(exc).__name__ == "NoArgsIsHelpError":  # `coinche game`: its help
                context = getattr(exc, "ctx", None)
                if context is not None:
                    sys.stdout.write(context.get_help() + "\n")
                sys.exit(0)
            if hasattr(exc, "format_message") and hasattr(exc, "exit_code"):
                negative = re.fullmatch(r"-\d+", str(getattr(exc, "option_name", "")))
                if negative:  # `A 100S -5`: a negative number of points, not an option
                    error_line(DealError("points", "deal.bad_points_word", got=negative[0]))
                else:
                    from coinche_cli.cli.click_text import translated

                    usage_line(translated(exc.format_message()))
                sys.exit(exc.exit_code or 2)
            raise
        sys.exit(result if isinstance(result, int) else 0)


def _root() -> Any:
    """The root command's callback, made when the app is built: its help texts are in the
    language chosen by then."""

    def root(
        ctx: typer.Context,
        db: Annotated[
            Path | None,
            typer.Option("--db", envvar="COINCHE_DB",
                         help=_("The store file (default: user data)."), show_envvar=True),
        ] = None,
        lang: Annotated[
            str | None, typer.Option("--lang", help=msg("cli.lang_help"), show_default=False)
        ] = None,
    ) -> None:
        if lang is not None:  # the app was called in-process: run() takes --lang out
            _use_language(lang)
        ctx.obj = {"db": db}

    return root


def _use_language(asked: str | None) -> None:
    """Speak the language ``asked`` (or the environment's); one line and exit 2 for a
    language coinche does not have."""
    try:
        i18n.use(i18n.choose(asked))
    except i18n.LanguageError as exc:
        error_line(InputError(exc.source, "cli.bad_language", got=exc.got,
                              known=", ".join(exc.known)))
        sys.exit(2)


def _language_option(argv: Sequence[str]) -> tuple[str | None, list[str]]:
    """``--lang X`` (or ``--lang=X``) taken out of ``argv``, wherever it is before ``--``:
    the language must be known before any command is built."""
    asked: str | None = None
    rest: list[str] = []
    words = iter(argv)
    for word in words:
        if word == "--":
            rest.append(word)
            rest.extend(words)
            break
        if word == "--lang":
            asked = next(words, None)
            if asked is None:
                error_line(InputError("--lang", "cli.lang_value"))
                sys.exit(2)
        elif word.startswith("--lang="):
            asked = word.partition("=")[2]
        else:
            rest.append(word)
    return asked, rest


def _named(argv: Sequence[str]) -> tuple[str | None, str | None]:
    """The group and command named in ``argv`` (None where absent or unclear)."""
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
        if len(words) == 2:
            break
    group = words[0] if words else None
    command = words[1] if len(words) > 1 else None
    return group, command


def _only(group: typer.Typer, command: str | None) -> typer.Typer:
    """``group`` reduced to ``command`` (a command or a sub-group such as ``tournament
    team``) when it has it; help and errors stay complete."""
    chosen = [info for info in group.registered_commands if info.name == command]
    groups = [info for info in group.registered_groups if info.name == command]
    if not chosen and not groups:
        return group
    trimmed = typer.Typer(cls=LocalizedGroup, help=group.info.help, no_args_is_help=True)
    trimmed.registered_commands = chosen
    trimmed.registered_groups = groups
    return trimmed


def build(argv: Sequence[str] | None = None) -> typer.Typer:
    """The ``coinche`` app: complete, or only what ``argv`` names."""
    app = typer.Typer(
        cls=_ReportingGroup,
        name="coinche",
        help=_("Keep score of coinche (belote coinchée) games and run club tournaments."),
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
    )
    app.callback()(_root())
    group, command = _named(argv) if argv is not None else (None, None)
    if group in GROUPS or group == "score":
        names = [group]
    else:
        names, command = [*GROUPS, "score"], None
    for name in names:
        if name == "score":
            from coinche_cli.cli.score import HELP, score

            app.command("score", help=HELP, cls=LocalizedCommand)(score)
            continue
        module = importlib.import_module(GROUPS[name])
        app.add_typer(_localized(_only(module.app, command)), name=name)
    return app


def _localized(group: typer.Typer) -> typer.Typer:
    """``group``, its sub-groups and their commands drawn with :mod:`.localized`'s classes
    (Typer's own words in the language in use)."""
    group.info.cls = LocalizedGroup
    for info in group.registered_commands:
        info.cls = LocalizedCommand
    for sub in group.registered_groups:
        if sub.typer_instance is not None:
            _localized(sub.typer_instance)
    return group


def __getattr__(name: str) -> Any:
    # ``from coinche_cli.cli.main import app``: the complete app, built on first use
    if name == "app":
        return build()
    raise AttributeError(name)


def run() -> None:
    """Entry point of the ``coinche`` console script."""
    for position, word in enumerate(sys.argv[1:], start=1):
        try:
            word.encode("utf-8")
        except UnicodeEncodeError:  # bytes that are not UTF-8 arrive as lone surrogates
            error_line(InputError(msg("field.argument", position=position), "cli.not_utf8"))
            sys.exit(2)
    asked, argv = _language_option(sys.argv[1:])
    _use_language(asked)
    build(argv)(args=argv)
