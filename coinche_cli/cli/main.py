"""The root ``coinche`` command: mounts the sub-apps and turns user errors into one line.

Typer inspects the signature of every registered command each time the program starts.  At
the table that cost is paid on every deal, so :func:`run` builds only the command group and
the command named on the command line (the whole tree for help or anything unexpected).
The command modules do not use ``from __future__ import annotations`` either: Typer would
then compile every parameter's annotation from its text at each start.
"""


import importlib
import os
import re
import sys
from collections.abc import Sequence
from contextvars import ContextVar
from typing import Annotated, Any

import typer
from typer.core import TyperGroup

from coinche_cli import i18n
from coinche_cli.cli.output import (
    error_line,
    fit_streams_to_the_terminal,
    refuse_colour,
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
    "config": "coinche_cli.cli.config",
    "season": "coinche_cli.cli.season",
    "player": "coinche_cli.cli.player",
}
ROOT_OPTIONS_WITH_VALUE = ("--db",)
#: the groups within a group (``tournament team``): named alone, they show their help
SUBGROUPS = ("team", "stage")


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
            # Typer's parsing errors: its own copy of Click's (a private module, pinned with
            # Typer as cli/completion's classes are; loaded already by Typer itself)
            from typer._click.exceptions import ClickException, NoArgsIsHelpError

            if isinstance(exc, NoArgsIsHelpError):  # `coinche tournament team`
                # Typer drew the group's help page as it raised this: in the language in use,
                # since a group named alone is built with the localized classes (build)
                sys.exit(0)
            if isinstance(exc, ClickException):
                negative = re.fullmatch(r"-\d+", str(getattr(exc, "option_name", "")))
                if negative:  # `A 100S -5`: a negative number, not an option
                    error_line(_negative(exc, kwargs.get("args") or sys.argv[1:], negative[0]))
                else:
                    from coinche_cli.cli.translation import translated

                    usage_line(translated(exc.format_message()))
                sys.exit(exc.exit_code or 2)
            raise
        sys.exit(result if isinstance(result, int) else 0)


def _negative(exc: Exception, argv: Sequence[str], option: str) -> CoincheError:
    """A negative number the parser took for an option (``-1200`` read as ``-1``), refused
    with the whole number typed, as what it stands for: a table's score at ``tournament
    result``, card points elsewhere (``score A 100S -5``, ``game add``)."""
    typed = next((word for word in argv if re.fullmatch(r"-\d[\d \u00a0\u202f]*", word)
                  and word.startswith(option)), option)
    ctx = getattr(exc, "ctx", None)
    parent = getattr(ctx, "parent", None)
    if (getattr(getattr(ctx, "command", None), "name", None) == "result"
            and getattr(getattr(parent, "command", None), "name", None) == "tournament"):
        from coinche_cli.cli.tournament import negative_score

        return negative_score(argv, typed, ctx.command.params)  # type: ignore[union-attr]
    return DealError("points", _("“{got}” is not a number of card points"), got=typed)


DbOption = Annotated[
    str | None,
    typer.Option("--db", envvar="COINCHE_DB",
                 help=N_("The store: a file (default: in the user data folder), or a "
                         "PostgreSQL server's postgresql://user@host:port/dbname."),
                 show_envvar=True),
]


#: The help panel of the root options about the program itself.
PANEL = N_("Version, colour and completion")


def _colour_refused(ctx: typer.Context, param: typer.CallbackParam, value: bool) -> bool:
    if value:
        refuse_colour()
    return value


def _version_asked(ctx: typer.Context, param: typer.CallbackParam, value: bool) -> None:
    if not value or ctx.resilient_parsing:
        return
    from coinche_cli.cli.about import show_version

    show_version(bool(ctx.params.get("verbose")))
    raise typer.Exit()


def _completion_asked(ctx: typer.Context, param: typer.CallbackParam, value: bool) -> None:
    if not value or ctx.resilient_parsing:
        return
    from coinche_cli.cli import about

    try:
        if param.name == "install_completion":
            about.install_completion(None)
        else:
            about.show_completion(None)
    except CoincheError as exc:  # raised while Click parses: not through invoke
        error_line(exc)
        raise typer.Exit(exc.exit_code) from None
    raise typer.Exit()


def _root(with_lang: bool) -> Any:
    """The root command's callback.  ``--lang``, ``--no-color``, ``--version`` and the
    completion's options are taken out of the command line by :func:`run` before Typer
    reads it; they are declared for the help page (and for the app called in-process, and
    for the shell's completion) only, which spares every other command their cost."""
    if not with_lang:
        def plain_root(ctx: typer.Context, db: DbOption = None) -> None:
            _begin(ctx, db)

        return plain_root
    from coinche_cli.cli import completers

    def root(
        ctx: typer.Context,
        db: DbOption = None,
        lang: Annotated[
            str | None,
            typer.Option("--lang", help=N_("Language: fr or en (default: COINCHE_LANG, then the "
                                           "locale)."), show_default=False,
                         autocompletion=completers.languages),
        ] = None,
        no_color: Annotated[bool, typer.Option(
            "--no-color", help=N_("No colour, not even on a terminal (as NO_COLOR=1; "
                                  "FORCE_COLOR colours a pipe too)."),
            callback=_colour_refused, is_eager=True, rich_help_panel=PANEL)] = False,
        version: Annotated[bool, typer.Option(
            "--version", help=N_("Print coinche's version and exit."),
            callback=_version_asked, rich_help_panel=PANEL)] = False,
        verbose: Annotated[bool, typer.Option(
            "--verbose", help=N_("With --version: Python's, SQLite's and the drivers' "
                                 "versions too, for a bug report."),
            is_eager=True, rich_help_panel=PANEL)] = False,
        install_completion: Annotated[bool, typer.Option(
            "--install-completion", help=N_("Install tab completion for this shell (bash, "
                                             "zsh or fish: name it after the option if need "
                                             "be)."),
            callback=_completion_asked, rich_help_panel=PANEL)] = False,
        show_completion: Annotated[bool, typer.Option(
            "--show-completion", help=N_("Print the completion script of this shell, to "
                                         "install it by hand."),
            callback=_completion_asked, rich_help_panel=PANEL)] = False,
    ) -> None:
        # run() chose the language already; in-process (or with --lang) it is chosen here
        if lang is not None or not _language_chosen.get():
            _use_language(lang)
        _begin(ctx, db)

    return root


def _begin(ctx: typer.Context, db: str | None) -> None:
    """What every command starts with: the store it names, and the house config's warnings
    when it ends (its problems that no refusal showed)."""
    ctx.obj = {"db": db}
    ctx.call_on_close(_house_warnings)


def _house_warnings() -> None:
    from coinche_cli.cli import house

    found = house.current()
    for problem in found.unsettled():
        warning_line(problem.error(found.path).text)
    found.settle_all()


#: Whether the language was chosen for this command (by run(), before the app is built).
_language_chosen: ContextVar[bool] = ContextVar("coinche_language_chosen", default=False)


def _use_language(asked: str | None) -> None:
    """Speak the language ``asked`` (``--lang``), else ``COINCHE_LANG``'s, else the house
    config's, else the locale's; one line and exit 2 for a language coinche does not
    have."""
    from coinche_cli.cli import house

    source: house.LanguageSource = "option"
    if asked is None:
        if (os.environ.get("COINCHE_LANG") or "").strip():
            source = "environment"
        else:  # the house config's, checked when it was read (a bad one: a warning)
            asked = house.current().get("lang")
            source = "file" if asked is not None else "locale"
    _language_chosen.set(True)
    house.language_source.set(source)
    try:
        language = i18n.choose(asked)
    except i18n.LanguageError as exc:
        error_line(InputError(exc.source, _("“{got}” is not a language of coinche (languages: "
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


def _named(argv: Sequence[str], leading: Sequence[str] = ()) -> tuple[str | None, str | None]:
    """The group and command named in ``argv`` (None where absent or unclear)."""
    words = _words(argv, 2, leading)
    group = words[0] if words else None
    command = words[1] if len(words) > 1 else None
    return group, command


def _words(argv: Sequence[str], most: int, leading: Sequence[str] = ()) -> list[str]:
    """The first ``most`` words of ``argv`` that name a group or a command, before any
    option of theirs.  ``leading``: more options whose value is the next word, before the
    group only (``--lang``, which :func:`run` takes out, when the app is called in process)."""
    words: list[str] = []
    skip = False
    for arg in argv:
        if skip:
            skip = False
            continue
        if arg in ROOT_OPTIONS_WITH_VALUE or (arg in leading and not words):
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


def build(argv: Sequence[str] | None = None, completing: bool = False, *,
          root_options: bool = False) -> typer.Typer:
    """The ``coinche`` app: complete, or only what ``argv`` names (``completing``: for the
    shell's completion, with every root option declared).

    ``root_options``: the root declares every root option (``--lang``, ``--no-color``,
    ``--version``, ``--verbose``, the completion's) whatever ``argv`` names, for an app
    called in process with ``argv`` as it is typed (``tests/harness.py``): :func:`run`
    takes those options out of the command line before it builds the app, a caller that
    does not go through it needs them declared.  Only what ``argv`` names is built still
    (a leading ``--lang X`` skipped to find it), so each such build costs about what the
    command's own does, not the whole tree's inspection by Typer (about 40 ms a run).
    """
    app = typer.Typer(
        cls=_ReportingGroup,
        name="coinche",
        help=N_("Keep score of coinche (belote coinchée) games and run club tournaments."),
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
    )
    leading = ("--lang",) if root_options else ()
    group, command = _named(argv, leading) if argv is not None else (None, None)
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
    alone = not command or (command in SUBGROUPS and len(_words(argv or (), 3, leading)) < 3)
    helping = argv is None or "--help" in argv or group is None or (group != "score" and alone)
    app.callback()(_root(with_lang=helping or completing or root_options))
    if helping and not completing:
        from coinche_cli.cli.translation import Localized, localize

        localize(app)
        app.info.cls = type("LocalizedReportingGroup", (Localized, _ReportingGroup), {})
    return app


def __getattr__(name: str) -> Any:
    # ``from coinche_cli.cli.main import app``: the complete app, built on first use
    if name == "app":
        return build()
    raise AttributeError(name)


def _colour_option(argv: list[str]) -> list[str]:
    """``argv`` without ``--no-color`` where it is one (among the root options, or the
    command line's last word, as ``--lang``); colour refused if it was there."""
    words = list(argv)
    index = 0
    given = False
    while index < len(words) and words[index].startswith("-") and words[index] != "--":
        if words[index] == "--no-color":
            del words[index]
            given = True
            continue
        index += 2 if words[index] in ROOT_OPTIONS_WITH_VALUE else 1
    if words and words[-1] == "--no-color" and "--" not in words[-2:-1]:
        words.pop()
        given = True
    if given:
        refuse_colour()
    return words


def _program_option(argv: list[str]) -> None:
    """``--version`` (``--verbose``), ``--install-completion`` or ``--show-completion``
    among the root options: done here, without building any command, then exit."""
    leading: list[str] = []
    for index, word in enumerate(argv):
        if index and argv[index - 1] in ROOT_OPTIONS_WITH_VALUE:
            continue  # --db's value
        if not word.startswith("-") or word == "--":
            break
        leading.append(word)
    if "--version" in leading:
        from coinche_cli.cli.about import show_version

        show_version("--verbose" in leading)
        sys.exit(0)
    for option in ("--install-completion", "--show-completion"):
        if option not in leading:
            continue
        from coinche_cli.cli import about

        at = argv.index(option)
        named = argv[at + 1] if at + 1 < len(argv) and not argv[at + 1].startswith("-") \
            else None
        try:
            if option == "--install-completion":
                about.install_completion(named)
            else:
                about.show_completion(named)
        except CoincheError as exc:
            error_line(exc)
            sys.exit(exc.exit_code)
        sys.exit(0)


def run() -> None:
    """Entry point of the ``coinche`` console script."""
    fit_streams_to_the_terminal()
    if os.environ.get("_COINCHE_COMPLETE"):  # the shell asks for completions
        from coinche_cli.cli.completion import complete

        complete(build)
    asked, argv = _language_option(sys.argv[1:])
    argv = _colour_option(argv)
    _use_language(asked)
    try:
        _program_option(argv)
        _checked_utf8(argv)
        build(argv)(args=argv)
    finally:
        # let the house config go before the interpreter ends: a value a ContextVar still
        # holds then keeps its modules alive into the shutdown, which costs about a
        # millisecond (4 million instructions) to every command
        from coinche_cli.cli import house

        house.forget()


def _checked_utf8(argv: Sequence[str]) -> None:
    """One line and exit 2 for a word of the command line that is not UTF-8 text."""
    for position, word in enumerate(argv, start=1):
        try:
            word.encode("utf-8")
        except UnicodeEncodeError:  # bytes that are not UTF-8 arrive as lone surrogates
            error_line(InputError(_("argument {position}").format(position=position),
                                  _("not UTF-8 text (retype it, or check the terminal's "
                                    "encoding)")))
            sys.exit(2)
