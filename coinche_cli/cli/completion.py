"""Tab completion for bash, zsh and fish, as Typer installs it, with the values people type.

The shell runs ``coinche`` with ``_COINCHE_COMPLETE=complete_bash`` (``complete_zsh``,
``complete_fish``) and the words typed so far in its own variables (Typer's scripts, which
``--install-completion`` installs and ``--show-completion`` prints); :func:`complete` answers
and exits.  Besides commands and options (Click's), it completes the values a scorekeeper
types: the sides and team names of the current game, the teams (or a mêlée's players) of the
current tournament, tournament names, rules names and files, side letters, trumps, the house
config's keys.

A name is offered when what is typed is the start of it or of one of its words, folded (no
case, no accents: ``ro`` and ``Ro`` offer "Les Rois", ``ecl`` offers "Les Éclairs"), as the
commands resolve names.  Bash inserts a value as it is given, so a name with a space or a
quote comes quoted (``"Les Rois"``); zsh and fish quote what they insert themselves.

The store is read read-only and never created (``open_store(read_only=True)``); a store that
cannot be read, and anything else that goes wrong, completes nothing, silently: a completion
never prints an error into the command line being typed.

Typer has no public interface for completion beyond ``add_completion=True``, whose classes
filter values by their plain start and draw descriptions with Rich: this module subclasses
Typer's classes (from its private modules, pinned with Typer itself in pyproject.toml; the
tests run every shell's protocol).
"""

import os
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, NoReturn

import typer
from typer._click.shell_completion import (
    CompletionItem,
    _resolve_context,
    _resolve_incomplete,
    add_completion_class,
)
from typer._completion_classes import BashComplete, FishComplete, ZshComplete

from coinche_cli.i18n import _

if TYPE_CHECKING:
    from coinche_cli.store.sql import SqlStore

#: The variable the shell sets to ask for completions (Typer's name for a program).
COMPLETE_VAR = "_COINCHE_COMPLETE"
#: The shells coinche completes for.
SHELLS = ("bash", "zsh", "fish")
#: How long a completion waits for a PostgreSQL server (seconds) before it gives up.
CONNECT_SECONDS = 2

#: Trumps as a table says them, in the order they are offered (every one is read by the
#: contract's reader: a test checks it).
TRUMPS = ("pique", "cœur", "carreau", "trèfle", "sans-atout", "tout-atout",
          "♠", "♥", "♦", "♣", "SA", "TA")
#: The trumps' codes, joined to a bid (``100S``).
TRUMP_CODES = ("S", "H", "D", "C", "SA", "TA")
#: Announces by name, after ``SIDE:``.
ANNOUNCES = ("tierce", "cinquante", "cent", "carre-J", "carre-9", "carre-A", "carre-10",
             "carre-K", "carre-Q")
#: The closed sets of a few options, as typed.
CHOICES = {"draw": ("random", "by-score"), "same_club": ("avoid", "allow"),
           "form": ("teams", "melee"), "bye_points": ("half", "average")}


def fold(text: str) -> str:
    """``text`` compared as names are (:func:`coinche_cli.names.fold`)."""
    from coinche_cli.names import fold as folded

    return folded(text)


def matches(name: str, typed: str) -> bool:
    """Whether ``typed`` is the start of ``name`` or of one of its words, folded."""
    wanted = fold(typed)
    if not wanted:
        return True
    folded = fold(name)
    words = folded.split()
    return folded.startswith(wanted) or any(
        " ".join(words[index:]).startswith(wanted) for index in range(1, len(words)))


class Value:
    """A value to offer: the text to insert, and what it is (zsh and fish show it)."""

    __slots__ = ("help", "text")

    def __init__(self, text: str, help: str | None = None) -> None:
        self.text = text
        self.help = help


def _named(values: Iterable[Value], typed: str) -> list[CompletionItem]:
    """The ``values`` whose text ``typed`` names, each once."""
    seen: set[str] = set()
    found = []
    for value in values:
        if value.text not in seen and matches(value.text, typed):
            seen.add(value.text)
            found.append(CompletionItem(value.text, help=value.help))
    return found


def _starting(words: Iterable[str], typed: str, help: str | None = None) -> list[CompletionItem]:
    """The ``words`` that start with ``typed`` (case ignored): fixed words, not names."""
    low = typed.lower()
    return [CompletionItem(word, help=help) for word in words if word.lower().startswith(low)]


# ---------------------------------------------------------------- the store, read-only


@contextmanager
def reading(ctx: Any) -> Iterator["SqlStore"]:
    """The store the command line names (``--db``, ``COINCHE_DB``, the house config, the
    default file), read-only, in one snapshot."""
    from coinche_cli.cli import house
    from coinche_cli.store.connect import open_store
    from coinche_cli.store.naming import is_postgres_url

    name = ctx.find_root().params.get("db") or os.environ.get("COINCHE_DB") \
        or house.current().get("db")
    if name and is_postgres_url(name) and "connect_timeout=" not in name:
        name += f"{'&' if '?' in name else '?'}connect_timeout={CONNECT_SECONDS}"
    store = open_store(name, read_only=True)
    try:
        with store.reading():
            yield store
    finally:
        store.close()


def _game_sides(ctx: Any) -> list[Value]:
    """The sides of the game the command names (``--game``, else the current one): each
    name, and each letter or seat number with its name."""
    with reading(ctx) as store:
        game_id = ctx.params.get("game") or store.current("game")
        record = store.game(game_id) if game_id else None
    if record is None:
        return []
    return [*(Value(name, side) for side, name in record.names.items()),
            *(Value(side, name) for side, name in record.names.items())]


def _tournament(ctx: Any) -> Any:
    """The tournament the command names (``--tournament``, else the current one), or
    None."""
    with reading(ctx) as store:
        named = ctx.params.get("tournament")
        found = store.find_tournament(named) if named else store.current("tournament")
        return store.tournament(found) if found else None


def _entrants(ctx: Any, gone: bool = False) -> list[Value]:
    """The teams of the tournament, or in a mêlée its players: those still playing, or
    (``gone``) those who left and may return."""
    tournament = _tournament(ctx)
    if tournament is None:
        return []
    melee = tournament.settings.melee
    entrants = tournament.players if melee else tournament.teams
    what = _("player") if melee else _("team")
    return [Value(entrant.name, what) for entrant in entrants
            if (entrant.dropped_after is not None) == gone]


def _tournaments(ctx: Any) -> list[Value]:
    with reading(ctx) as store:
        return [Value(record.name, _("tournament")) for record in store.tournaments()]


def _seasons(ctx: Any) -> list[Value]:
    with reading(ctx) as store:
        return [Value(record.name, _("season")) for record in store.seasons()]


def _season_name(ctx: Any, command: str, typed: str) -> list[CompletionItem]:
    return _named(_seasons(ctx), typed)


def _season_tournaments(ctx: Any, command: str, typed: str) -> list[CompletionItem]:
    return _named(_tournaments(ctx), typed)


def _games(ctx: Any, typed: str) -> list[CompletionItem]:
    with reading(ctx) as store:
        games = store.games()
    return [CompletionItem(str(game.id), help=" / ".join(game.names.values()))
            for game in games if str(game.id).startswith(typed)]


# ---------------------------------------------------------------- rules, languages, keys


def _rules(typed: str, builtin: bool = True) -> list[CompletionItem]:
    """The built-in rules, then the rules files (``.yaml``, ``.yml``) of the folder typed."""
    found = []
    if builtin:
        from coinche_cli.rules.loader import builtin_names

        found = _starting(builtin_names(), typed, _("built-in rules"))
    folder, _sep, start = typed.rpartition("/")
    where = os.path.expanduser(folder) if folder else ("/" if _sep else ".")
    try:
        entries = sorted(os.scandir(where), key=lambda entry: entry.name)
    except OSError:
        return found
    prefix = f"{folder}/" if _sep else ""
    for entry in entries:
        if not entry.name.startswith(start) or entry.name.startswith("."):
            continue
        if entry.name.lower().endswith((".yaml", ".yml")):
            found.append(CompletionItem(prefix + entry.name, help=_("rules file")))
    return found


def _languages(typed: str) -> list[CompletionItem]:
    from coinche_cli import i18n

    return _starting(i18n.languages(), typed)


def _config_keys(typed: str) -> list[CompletionItem]:
    from coinche_cli.cli.house import KEYS, key_words

    return [CompletionItem(key, help=key_words(key)) for key in KEYS if key.startswith(typed)]


def _config_value(ctx: Any, typed: str) -> list[CompletionItem] | None:
    """What ``config set KEY`` takes, by key (a file: the shell's own completion)."""
    key = ctx.params.get("key")
    if key == "rules":
        return _rules(typed)
    if key == "lang":
        return _languages(typed)
    if key == "currency":
        return _starting(("EUR", "CHF", "CAD", "USD", "GBP", "XPF"), typed.upper())
    return None


# ---------------------------------------------------------------- deals


def _deal_words(ctx: Any, command: str, typed: str) -> list[CompletionItem]:
    """The words of a deal (``TAKER CONTRACT [POINTS]``): the taker's side, then the
    contract (a bid and its trump in one word: ``100S``…) or, after a bid alone, a
    trump."""
    words = list(ctx.params.get("words") or ())
    if not words:
        return _sides(ctx, command, typed)
    if len(words) == 1:
        if typed.isdigit():
            return [CompletionItem(typed + code) for code in TRUMP_CODES]
        return _starting(("capot", "generale"), typed)
    if len(words) == 2 and words[1].isdigit():
        return _starting(TRUMPS, typed, _("trump"))
    return []


def _sides(ctx: Any, command: str, typed: str) -> list[CompletionItem]:
    """A side of the game: in ``score``, its letters; in ``game new``, the letters and the
    teams named so far; else the current game's sides."""
    if command == "score":
        players = ctx.params.get("players")
        return _starting(("1", "2", "3") if players in (2, 3) else ("A", "B"), typed)
    if command == "game new":
        names = list(ctx.params.get("team") or ()) + list(ctx.params.get("player") or ())
        codes = ("A", "B") if not ctx.params.get("player") else ("1", "2", "3")
        return _named([*(Value(n) for n in names), *(Value(c) for c in codes)], typed)
    return _named(_game_sides(ctx), typed)


def _announce(ctx: Any, command: str, typed: str) -> list[CompletionItem]:
    """``SIDE:NAME``: the side first (``A:``), then an announce's name."""
    side, colon, start = typed.partition(":")
    if not colon:
        return [CompletionItem(f"{item.value}:", help=item.help)
                for item in _sides(ctx, command, typed)]
    return [CompletionItem(f"{side}:{name}") for name in ANNOUNCES if name.startswith(start)]


# ---------------------------------------------------------------- what completes what

#: ``(command, parameter)`` → what completes its value; a parameter of any command is
#: ``("", name)``.  ``None``: the shell's own completion (files), or nothing.
Completer = Callable[[Any, str, str], list[CompletionItem] | None]
COMPLETERS: dict[tuple[str, str], Completer] = {
    ("", "rules_name"): lambda ctx, command, typed: _rules(typed),
    ("", "tournament"): lambda ctx, command, typed: _named(_tournaments(ctx), typed),
    ("", "game"): lambda ctx, command, typed: _games(ctx, typed),
    ("", "lang"): lambda ctx, command, typed: _languages(typed),
    ("", "words"): _deal_words,
    ("", "belote"): _sides,
    ("", "capot"): _sides,
    ("", "announce_winner"): _sides,
    ("", "dealer"): _sides,
    ("", "announce"): _announce,
    ("", "points"): _announce,
    ("", "forfeit"): lambda ctx, command, typed: _named(_entrants(ctx), typed),
    ("rules show", "name"): lambda ctx, command, typed: _rules(typed),
    ("rules validate", "path"): lambda ctx, command, typed: _rules(typed, builtin=False),
    ("tournament use", "name"): lambda ctx, command, typed: _named(_tournaments(ctx), typed),
    ("tournament result", "table"): lambda ctx, command, typed: _named(_entrants(ctx), typed),
    ("tournament penalty", "team"): lambda ctx, command, typed: _named(_entrants(ctx), typed),
    ("tournament team drop", "name"):
        lambda ctx, command, typed: _named(_entrants(ctx), typed),
    ("tournament team return", "name"):
        lambda ctx, command, typed: _named(_entrants(ctx, gone=True), typed),
    ("tournament player drop", "name"):
        lambda ctx, command, typed: _named(_entrants(ctx), typed),
    ("tournament player return", "name"):
        lambda ctx, command, typed: _named(_entrants(ctx, gone=True), typed),
    ("game use", "game_id"): lambda ctx, command, typed: _games(ctx, typed),
    ("season add", "name"): _season_name,
    ("season remove", "name"): _season_name,
    ("season show", "name"): _season_name,
    ("season standings", "name"): _season_name,
    ("season export", "name"): _season_name,
    ("season add", "tournaments"): _season_tournaments,
    ("season remove", "tournaments"): _season_tournaments,
    ("config set", "key"): lambda ctx, command, typed: _config_keys(typed),
    ("config unset", "key"): lambda ctx, command, typed: _config_keys(typed),
    ("config set", "value"): lambda ctx, command, typed: _config_value(ctx, typed),
}


def _values(ctx: Any, obj: Any, typed: str) -> list[CompletionItem] | None:
    """Our values for the parameter ``obj`` of ``ctx``'s command; None: Click's own."""
    if not isinstance(obj, typer.core.TyperArgument | typer.core.TyperOption):
        return None  # a group lists its commands, a command its options (Click's)
    command = " ".join(ctx.command_path.split()[1:])
    name = obj.name or ""
    completer = COMPLETERS.get((command, name)) or COMPLETERS.get(("", name))
    if completer is None:
        choices = CHOICES.get(name)
        return None if choices is None else _starting(choices, typed)
    return completer(ctx, command, typed) or []


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
        obj, typed = _resolve_incomplete(ctx, args, incomplete)
        items = _values(ctx, obj, typed)
        if items is not None:
            return items
        # Click's: commands, options, a type's choices; a file or folder is left to the
        # shell's own completion (Typer's classes would print the typed text back)
        return [_described(ctx, item) for item in obj.shell_complete(ctx, typed)
                if item.type == "plain"]


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


CLASSES: dict[str, Any] = {"bash": Bash, "zsh": Zsh, "fish": Fish}


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
    if text:
        sys.stdout.write(text + "\n")
    sys.exit(0)
