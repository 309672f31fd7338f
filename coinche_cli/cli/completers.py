"""What completes each value a scorekeeper or a director types, declared on the option or
argument that takes it as Typer's ``autocompletion=`` (the shared ones in
:mod:`coinche_cli.cli.options`, each command's own where it is written): the sides and team
names of the current game, the teams (or a mêlée's players) of the current tournament,
tournament and season names, rules names and files, side letters, bids and trumps, the
announces, the house config's keys and values, an option's few words.

Each function takes the command's context (what is typed so far: ``ctx.params``) and gives
every value it offers with what it is; :mod:`coinche_cli.cli.completion`, which answers the
shell, keeps those that what is typed names (:func:`matches`: the start of the value or of
one of its words, folded, as the commands resolve names; :func:`typed` says why the word
does not come through Typer).  The store is read read-only, in one snapshot, and never
created (:func:`reading`).
"""

import os
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import typer

from coinche_cli.i18n import _

if TYPE_CHECKING:
    from coinche_cli.store.sql import SqlStore

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


#: What a completion function gives Typer: each value and what it is (or None).
Offered = list[tuple[str, str | None]]
#: Where the completion classes (:mod:`coinche_cli.cli.completion`) keep the word being
#: typed for an option's completion function (Click's ``ctx.meta``, the dictionary it keeps
#: for extensions): see :func:`typed`.
TYPED = "coinche.completion.typed"


def typed(ctx: typer.Context) -> str:
    """The word being typed, for the option whose values are asked.

    Typer hands an option's completion function the word as typed, then keeps only the
    values that start with it as typed; a name is offered when the word starts any of its
    words, folded (``ro`` offers "Les Rois").  So the completion classes ask the option with
    nothing typed, which Typer's filter lets every value through, keep the word here for the
    functions that build values from it (a bid's trump, a file's folder), and match what they
    give themselves (:func:`matches`)."""
    return str(ctx.meta.get(TYPED, ""))


def _offer(values: Iterable[Value]) -> Offered:
    return [(value.text, value.help) for value in values]


def _words(words: Iterable[str], help: str | None = None) -> Offered:
    return [(word, help) for word in words]


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


def _entrants(ctx: Any, gone: bool) -> Offered:
    """The teams of the tournament, or in a mêlée its players: those still playing, or
    (``gone``) those who left and may return."""
    tournament = _tournament(ctx)
    if tournament is None:
        return []
    melee = tournament.settings.melee
    entrants = tournament.players if melee else tournament.teams
    what = _("player") if melee else _("team")
    return [(entrant.name, what) for entrant in entrants
            if (entrant.dropped_after is not None) == gone]


def entrants(ctx: typer.Context) -> Offered:
    """The tournament's teams (a mêlée's players) still playing: ``--forfeit``, a result's
    table, a penalty's team, who drops."""
    return _entrants(ctx, gone=False)


def gone_entrants(ctx: typer.Context) -> Offered:
    """The tournament's teams (a mêlée's players) who left and may return."""
    return _entrants(ctx, gone=True)


def tournaments(ctx: typer.Context) -> Offered:
    """The tournaments' names."""
    with reading(ctx) as store:
        return [(record.name, _("tournament")) for record in store.tournaments()]


def seasons(ctx: typer.Context) -> Offered:
    """The seasons' names."""
    with reading(ctx) as store:
        return [(record.name, _("season")) for record in store.seasons()]


def games(ctx: typer.Context) -> Offered:
    """The games' ids, each with its sides' names."""
    with reading(ctx) as store:
        return [(str(game.id), " / ".join(game.names.values())) for game in store.games()]


# ---------------------------------------------------------------- rules, languages, keys


def _rules(start: str, builtin: bool = True) -> Offered:
    """The built-in rules, then the rules files (``.yaml``, ``.yml``) of the folder typed."""
    found: Offered = []
    if builtin:
        from coinche_cli.rules.loader import builtin_names

        found = _words(builtin_names(), _("built-in rules"))
    folder, _sep, begun = start.rpartition("/")
    where = os.path.expanduser(folder) if folder else ("/" if _sep else ".")
    try:
        entries = sorted(os.scandir(where), key=lambda entry: entry.name)
    except OSError:
        return found
    prefix = f"{folder}/" if _sep else ""
    for entry in entries:
        if not entry.name.startswith(begun) or entry.name.startswith("."):
            continue
        if entry.name.lower().endswith((".yaml", ".yml")):
            found.append((prefix + entry.name, _("rules file")))
    return found


def rules(ctx: typer.Context) -> Offered:
    """A rules name: the built-in rules, then the rules files of the folder typed."""
    return _rules(typed(ctx))


def rules_files(ctx: typer.Context) -> Offered:
    """A rules file of the folder typed."""
    return _rules(typed(ctx), builtin=False)


def languages(ctx: typer.Context) -> Offered:
    """The languages coinche speaks."""
    from coinche_cli import i18n

    return _words(i18n.languages())


def config_keys(ctx: typer.Context) -> Offered:
    """The house config's keys, each with what it sets."""
    from coinche_cli.cli.house import KEYS, key_words

    return [(key, key_words(key)) for key in KEYS]


def config_value(ctx: typer.Context) -> Offered:
    """What ``config set KEY`` takes, by key (a file: the shell's own completion)."""
    key = ctx.params.get("key")
    if key == "rules":
        return rules(ctx)
    if key == "lang":
        return languages(ctx)
    if key == "currency":
        return _words(("EUR", "CHF", "CAD", "USD", "GBP", "XPF"))
    return []


def one_of(*words: str) -> Callable[[typer.Context], Offered]:
    """The completion of an option that takes one of ``words`` (``--format teams|melee``)."""

    def offer(ctx: typer.Context) -> Offered:
        return _words(words)

    return offer


# ---------------------------------------------------------------- deals


def deal_words(ctx: typer.Context) -> Offered:
    """The words of a deal (``TAKER CONTRACT [POINTS]``): the taker's side, then the
    contract (a bid and its trump in one word: ``100S``…) or, after a bid alone, a
    trump."""
    words = list(ctx.params.get("words") or ())
    word = typed(ctx)
    if not words:
        return sides(ctx)
    if len(words) == 1:
        if word.isdigit():
            return _words(word + code for code in TRUMP_CODES)
        return _words(("capot", "generale"))
    if len(words) == 2 and words[1].isdigit():
        return _words(TRUMPS, _("trump"))
    return []


def sides(ctx: typer.Context) -> Offered:
    """A side of the game: the sides of the game the command names, or, in a command that
    names no game (``score``), the seats' letters (numbers for 2 or 3 players)."""
    if "game" not in ctx.params:
        players = ctx.params.get("players")
        return _words(("1", "2", "3") if players in (2, 3) else ("A", "B"))
    return _offer(_game_sides(ctx))


def new_sides(ctx: typer.Context) -> Offered:
    """A side of the game ``game new`` starts: the teams named so far, then the letters."""
    names = list(ctx.params.get("team") or ()) + list(ctx.params.get("player") or ())
    codes = ("A", "B") if not ctx.params.get("player") else ("1", "2", "3")
    return _words([*names, *codes])


def announce(ctx: typer.Context) -> Offered:
    """``SIDE:NAME``: the side first (``A:``), then an announce's name."""
    side, colon, start = typed(ctx).partition(":")
    if not colon:
        return side_points(ctx)
    return _words(f"{side}:{name}" for name in ANNOUNCES if name.startswith(start))


def side_points(ctx: typer.Context) -> Offered:
    """``SIDE:N`` (a chien's ``--points``): the side, the number is the scorekeeper's."""
    if ":" in typed(ctx):
        return []
    return [(f"{value}:", help) for value, help in sides(ctx)]
