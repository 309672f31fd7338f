"""Tab completion for bash, zsh and fish, as Typer installs it, with the values people type.

The shell runs ``coinche`` with ``_COINCHE_COMPLETE=complete_bash`` (``complete_zsh``,
``complete_fish``) and the words typed so far in its own variables (Typer's scripts, which
``--install-completion`` installs and ``--show-completion`` prints); :func:`complete` answers
and exits.  Besides commands and options (Click's), it completes the values a scorekeeper
types: the sides and team names of the current game, the teams (or a mêlée's players) of the
current tournament, tournament names, rules names and files, side letters, trumps, the house
config's keys.

What completes a value is declared on the option or argument that takes it, as Typer's
``autocompletion=``; the functions are :mod:`coinche_cli.cli.completers`.  A name is offered
when what is typed is the start of it or of one of its words, folded (no case, no accents:
``ro`` and ``Ro`` offer "Les Rois", ``ecl`` offers "Les Éclairs"), as the commands resolve
names.  Bash inserts a value as it is given, so a name with a space or a quote comes quoted
(``"Les Rois"``); zsh and fish quote what they insert themselves.

The store is read read-only and never created (``open_store(read_only=True)``), and only
when it is a regular file (a named pipe would wait for a writer); a store that cannot be
read, and anything else that goes wrong, completes nothing, silently: a completion never
prints an error into the command line being typed.  Nor does it wait: past
:data:`DEADLINE` (a locked or slow store, a file system that hangs) it ends having
completed nothing.

Typer has no public interface for completion beyond ``add_completion=True``, whose classes
filter values by their plain start and draw descriptions with Rich: this module subclasses
Typer's classes (from its private modules, pinned with Typer itself in pyproject.toml; the
tests run every shell's protocol).
"""

import os
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

import typer
from typer._click.shell_completion import (
    CompletionItem,
    _resolve_context,
    _resolve_incomplete,
    add_completion_class,
)
from typer._completion_classes import BashComplete, FishComplete, ZshComplete

from coinche_cli.cli.completers import TYPED, matches
from coinche_cli.i18n import _

#: The variable the shell sets to ask for completions (Typer's name for a program).
COMPLETE_VAR = "_COINCHE_COMPLETE"
#: The shells coinche completes for.
SHELLS = ("bash", "zsh", "fish")
#: How long (seconds) a completion may take: past it, it ends having completed nothing
#: rather than freeze the shell's Tab (a store on a slow server, a file that blocks).
DEADLINE = 2.0
def _described(ctx: Any, item: CompletionItem) -> CompletionItem:
    """``item`` with its help in the language in use, on one short line (a command's or an
    option's help is its English sentence, marked for translation where it is written)."""
    help = item.help
    command = getattr(ctx.command, "commands", {}).get(item.value)
    if command is not None:
        help = command.help
    if not help:
        return item
    text = " ".join(_(help).split("\n\n")[0].split())
    first = text.split(". ")[0].rstrip(".")
    return CompletionItem(item.value, type=item.type,
                          help=first if len(first) <= 60 else first[:59] + "…")


class _Ours:
    """What coinche's completion classes do differently from Typer's (a mix-in, first)."""

    cli: Any
    ctx_args: Any
    prog_name: str

    def typed_words(self) -> tuple[list[str], str]:
        """The words typed so far and the one being typed, from the shell's variables."""
        args, typed = super().get_completion_args()  # type: ignore[misc]
        return list(args), str(typed)

    def get_completion_args(self) -> tuple[list[str], str]:
        args, typed = self.typed_words()
        return completion_words(args)[1], typed  # --lang was read before the app was built

    def get_completions(self, args: list[str], incomplete: str) -> list[CompletionItem]:
        ctx = _resolve_context(self.cli, self.ctx_args, self.prog_name, args)
        obj, word = _resolve_incomplete(ctx, args, incomplete)
        if not isinstance(obj, typer.core.TyperArgument | typer.core.TyperOption):
            # a group lists its commands, a command its options (Click's)
            return [_described(ctx, item) for item in obj.shell_complete(ctx, word)
                    if item.type == "plain"]
        # what the option declares (autocompletion=), else its type's (a choice), asked
        # with nothing typed and matched folded (see typed()); a file or folder is left to
        # the shell's own completion (Typer's classes would print the typed text back)
        ctx.meta[TYPED] = word
        found: dict[str, CompletionItem] = {}
        for item in obj.shell_complete(ctx, ""):
            if item.type == "plain" and item.value not in found and matches(item.value, word):
                found[item.value] = item
        return list(found.values())


def _bash_quoted(text: str) -> str:
    """``text`` as bash must receive it to insert one word: as it is when it is plain,
    else in double quotes (single ones when it holds what double quotes would expand)."""
    import shlex

    if text and all(c.isalnum() or c in "-_.:/+,@%=♠♥♦♣" for c in text):
        return text
    if any(c in text for c in '"$`\\!'):
        return shlex.quote(text)
    return f'"{text}"'


class Bash(_Ours, BashComplete):
    """bash: one value a line, quoted as bash inserts it verbatim."""

    def format_completion(self, item: CompletionItem) -> str:
        return _bash_quoted(item.value)


class Zsh(_Ours, ZshComplete):
    """zsh: Typer's format, the help without Rich (it is plain text)."""

    def format_completion(self, item: CompletionItem) -> str:
        def escape(text: str) -> str:
            return (text.replace('"', '""').replace("'", "''").replace("$", "\\$")
                    .replace("`", "\\`").replace(":", r"\\:"))

        if item.help:
            return f'"{escape(item.value)}":"{escape(item.help)}"'
        return f'"{escape(item.value)}"'


class Fish(_Ours, FishComplete):
    """fish: Typer's format (value, a tab, its help), the help without Rich."""

    def format_completion(self, item: CompletionItem) -> str:
        value: str = item.value
        if item.help:
            return f"{value}\t{' '.join(item.help.split())}"
        return value


#: The shells coinche completes for (built without a command to read the words typed, which
#: Click's own annotation does not allow: hence no narrower type).
CLASSES: dict[str, Any] = {"bash": Bash, "zsh": Zsh, "fish": Fish}  # see above


def completion_words(args: Sequence[str]) -> tuple[str | None, list[str]]:
    """The language named in the words typed (``--lang X``) and the words without it: the
    value of a ``--lang`` being typed is left for its completion."""
    words = list(args)
    asked = None
    index = 0
    while index < len(words):
        word = words[index]
        if word == "--lang" and index + 1 < len(words):
            asked = words[index + 1]
            del words[index:index + 2]
        elif word.startswith("--lang="):
            asked = words.pop(index).partition("=")[2]
        else:
            index += 1
    return asked, words


def _speak(asked: str | None) -> None:
    """The language of the descriptions, chosen as a command chooses it, silently."""
    from coinche_cli import i18n
    from coinche_cli.cli import house

    try:
        if asked is None and not os.environ.get("COINCHE_LANG", "").strip():
            asked = house.current().get("lang")
        i18n.use(i18n.choose(asked))
    except Exception:  # a completion never complains: English
        i18n.use(i18n.SOURCE)


def complete(build: Callable[..., typer.Typer]) -> NoReturn:
    """Answer the shell's completion request (``_COINCHE_COMPLETE``) and exit: 0, or 1 for
    an instruction or shell coinche does not know (fish's ``is-args`` exits by itself)."""
    from typer.main import get_command

    instruction, _sep, shell = os.environ.get(COMPLETE_VAR, "").partition("_")
    chosen = CLASSES.get(shell)
    if chosen is None or instruction not in ("complete", "source"):
        sys.exit(1)
    for name, cls in CLASSES.items():
        add_completion_class(cls, name)
    answer = _deadline(DEADLINE) if instruction == "complete" else None
    try:
        if instruction == "source":
            text = chosen(get_command(build([])), {}, "coinche", COMPLETE_VAR).source()
        else:
            # the words typed so far, from the shell's variables (read without the app)
            args, _typed = chosen(None, {}, "coinche", COMPLETE_VAR).typed_words()
            asked, _words = completion_words(args)
            _speak(asked)
            app = build(_words, completing=True)
            text = chosen(get_command(app), {}, "coinche", COMPLETE_VAR).complete()
    except SystemExit:
        raise
    except Exception:  # an unreadable store, anything else: nothing, silently
        sys.exit(0)
    finally:
        from coinche_cli.cli import house

        house.forget()  # not held into the interpreter's shutdown (see main.run)
        in_time = answer is None or answer()  # every way out stops the deadline
    if text and in_time:
        sys.stdout.write(text + "\n")
    sys.exit(0)


def _deadline(seconds: float) -> Callable[[], bool]:
    """Start the completion's deadline: past ``seconds`` the process ends, exit 0, having
    printed nothing, wherever it waits (inside SQLite or a driver, which a signal would not
    interrupt: a thread ends it).  Returns what stops it once the answer is known: False
    when the deadline came first (the process is ending: print nothing)."""
    import threading

    answering = threading.Lock()

    def expire() -> None:
        if answering.acquire(blocking=False):  # not once the answer is being printed
            os._exit(0)

    timer = threading.Timer(seconds, expire)
    timer.daemon = True
    timer.start()

    def stop() -> bool:
        timer.cancel()
        return answering.acquire(blocking=False)

    return stop
