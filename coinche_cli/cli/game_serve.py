"""``coinche game serve``: the score sheet on the phone for a free game (the club's free
play, a café table), served by this computer (:mod:`coinche_cli.web.games_app`).  The web
libraries are imported only when it runs."""

from typing import TYPE_CHECKING, Annotated

import typer

from coinche_cli.cli.output import print_line, warning_line
from coinche_cli.cli.store import open_store, store_name
from coinche_cli.errors import InputError, StoreError
from coinche_cli.i18n import N_, _, spoken

if TYPE_CHECKING:
    from coinche_cli.rules.model import Rules

HELP = N_(
    "Serve the score sheet on the phone for free games: a phone opens the address printed "
    "(or its QR code), starts a game (two teams, or the chien's players, and the rules) and "
    "keeps its score deal by deal; a second phone joins with the game's code.  The games are "
    "ordinary stored games (game show, game stats, game export).  --rules adds a club's "
    "rules file to the list (the built-in rules are always offered; the house config's rules "
    "come first).\n"
    "\n"
    "Example: coinche game serve --host 0.0.0.0 --rules club-2026.yaml")


def serve(
    ctx: typer.Context,
    host: Annotated[str, typer.Option(
        "--host", help=N_("The address to listen on: 127.0.0.1 for this computer only, "
                          "0.0.0.0 for the room's network."))] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=1, max=65535,
                                      help=N_("The port to listen on."))] = 8000,
    rules: Annotated[list[str] | None, typer.Option(
        "--rules", metavar=N_("NAME|FILE"),
        help=N_("Rules a phone may choose besides the built-in ones (a rules file; "
                "repeatable)."))] = None,
) -> None:
    try:
        import segno
        import uvicorn  # noqa: F401  (a missing one is said here, in one line)

        from coinche_cli.web.app import run
        from coinche_cli.web.games_app import create_games_app
        from coinche_cli.web.settings import GameSettings
    except ImportError as exc:
        raise StoreError(_("the score sheet needs its web libraries, which cannot be loaded "
                           "({reason}): install coinche again").format(reason=exc)) from None
    from coinche_cli.cli import house
    from coinche_cli.cli.network import blamed, given, live_address, refuse_busy
    from coinche_cli.cli.options import rules_chosen

    # the house config's rules (no option of this command names them: --rules adds files)
    offered, default = _offered(rules_chosen(ctx, "standard", "house_rules"), rules or [])
    open_store(ctx).close()  # the store is there and is coinche's, before any phone asks
    refuse_busy(host, port)
    address = live_address(host, port)
    unreachable = not given(ctx, "host")
    settings = GameSettings(store_name(ctx), offered, default, target=house.current().use(
        "target"), phone_url=address, language=spoken(), phones_reach=not unreachable)
    app = create_games_app(settings)
    if unreachable:
        warning_line(_("phones cannot reach {url}, this computer's own address: "
                       "--host 0.0.0.0 opens the score sheet to the room's network").format(
                           url=address))
    print_line(_("the score sheet on the phone: {url} (Ctrl-C stops it)").format(url=address))
    print_line(_("rules offered: {names} (default: {default})").format(
        names=", ".join(offered), default=default))
    segno.make(address, error="m").terminal(compact=True)
    try:
        run(app, host, port)
    except OSError as exc:
        raise blamed(exc, host, port) from None


def _offered(house_rules: str, files: list[str]) -> "tuple[dict[str, Rules], str]":
    """The rules a phone may choose, by name (the house's first, then each ``--rules``, then
    the built-in ones), and the default (the house's): each read and checked now, so that a
    bad file stops the command, not a phone's game."""
    from coinche_cli.rules.loader import builtin_names, load_rules

    offered: dict[str, Rules] = {}
    first = load_rules(house_rules)
    offered[first.name] = first
    for given in files:
        found = load_rules(given)
        if found.name in offered and offered[found.name] != found:
            raise InputError("rules", _("two rules files are called “{name}”: give each its "
                                        "own name (its name: key)"), name=found.name)
        offered[found.name] = found
    for name in builtin_names():
        if name not in offered:
            offered[name] = load_rules(name)
    return offered, first.name
