"""``coinche tournament serve``: the live page of a tournament, for the projector and the
phones (:mod:`coinche_cli.web.app`).  The web libraries (and ``socket``) are imported only
when it runs: every tournament command loads this module to register it."""

from typing import Annotated

import typer

from coinche_cli.cli.options import MAX_NUMBER, TournamentOption
from coinche_cli.cli.output import print_line, warning_line
from coinche_cli.cli.store import open_store, store_name
from coinche_cli.errors import InputError, StoreError
from coinche_cli.i18n import N_, _, spoken

SERVE_HELP = N_(
    "Serve the tournament's live page: the projector's view of the round and the standings "
    "at /, the players' page at /me (its QR code is printed here), and with --entry the "
    "tables' results entered from a phone with each table's code (tournament show --codes, "
    "tournament sheets).  --host 0.0.0.0 opens it to the room's network; --proxy names the "
    "proxy in front of it, if any.\n"
    "\n"
    "Example: coinche tournament serve --host 0.0.0.0 --entry")

REOPEN_HELP = N_(
    "Open a table to phones again after wrong codes closed it (tournament serve sees it "
    "within seconds).\n"
    "\n"
    "Example: coinche tournament reopen 3")


def serve(
    ctx: typer.Context,
    host: Annotated[str, typer.Option(
        "--host", help=N_("The address to listen on: 127.0.0.1 for this computer only, "
                          "0.0.0.0 for the room's network."))] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=1, max=65535,
                                      help=N_("The port to listen on."))] = 8000,
    tournament: TournamentOption = None,
    entry: Annotated[bool, typer.Option(
        "--entry/--no-entry", help=N_("Let the players enter their table's result from a "
                                      "phone, with the table's code."))] = False,
    round_minutes: Annotated[int | None, typer.Option(
        "--round-minutes", min=1, max=MAX_NUMBER,
        help=N_("Count each round down from its pairing (default: the rules' "
                "end.time_limit, if any)."))] = None,
    proxy: Annotated[str | None, typer.Option(
        "--proxy", metavar=N_("ADDRESS"),
        help=N_("The IP address of a proxy in front of the live page: its X-Forwarded-For "
                "header names each phone. Without it no such header is read: each phone is "
                "known by the address it connects from."))] = None,
) -> None:
    try:
        import segno
        import uvicorn  # noqa: F401  (a missing one is said here, in one line)

        from coinche_cli.web.app import create_app, run
        from coinche_cli.web.settings import Settings
    except ImportError as exc:
        raise StoreError(_("the live page needs its web libraries, which cannot be loaded "
                           "({reason}): install coinche again").format(reason=exc)) from None
    from coinche_cli.cli.network import blamed, given, live_address, refuse_busy
    from coinche_cli.tournament import ops as tournaments

    trusted = None if proxy is None else _proxy_address(proxy)
    # the default address is this computer's only: no phone reaches it, nor its QR code (a
    # director who types --host 127.0.0.1 means it)
    unreachable = entry and not given(ctx, "host")
    db = store_name(ctx)
    store = open_store(ctx)
    try:
        found = tournaments.load(store, tournament)
        if entry and found.current is not None:  # the codes' secret, before any phone asks
            tournaments.table_codes(store, found, found.current.number)
    finally:
        store.close()
    refuse_busy(host, port)
    address = live_address(host, port)
    # the projector speaks the room's language (--lang, COINCHE_LANG, the locale), whatever
    # its browser says; a phone its own, or the room's when it names none coinche has
    settings = Settings(db, found.name, entry=entry, round_minutes=round_minutes,
                        phone_url=f"{address}me", language=spoken(),
                        phones_reach=not unreachable)
    app = create_app(settings)
    if unreachable:  # first: the lines below give an address no phone can open
        warning_line(_("phones cannot reach {url}, this computer's own address: "
                       "--host 0.0.0.0 opens the live page to the room's network").format(
                           url=address))
    print_line(_("the live page of {name}: {url} (Ctrl-C stops it)").format(
        name=found.name, url=address))
    print_line(_("the players' page (the QR code below): {url}").format(url=settings.phone_url))
    if entry:
        print_line(_("entry at the tables is on: each table's code is on its score sheet "
                     "(tournament sheets) and in tournament show --codes"))
    else:
        print_line(_("entry at the tables is off (--entry opens it)"))
    segno.make(settings.phone_url, error="m").terminal(compact=True)
    try:
        run(app, host, port, trusted)  # until Ctrl-C or SIGTERM, which end it alike
    except OSError as exc:  # taken since it was tried (another program was quicker)
        raise blamed(exc, host, port) from None




def _proxy_address(typed: str) -> str:
    """``--proxy``: one IP address (a proxy's header is trusted from it alone: never a name,
    a network or ``*``), as the server compares it."""
    import ipaddress

    try:
        return str(ipaddress.ip_address(typed.strip()))
    except ValueError:
        raise InputError("proxy", _("“{got}” is not an IP address: give the address of the "
                                    "proxy in front of the live page, such as 127.0.0.1"),
                         got=typed) from None






def reopen(
    ctx: typer.Context,
    table: Annotated[int, typer.Argument(metavar=N_("TABLE"), help=N_("Table number."),
                                         min=1, max=MAX_NUMBER)],
    tournament: TournamentOption = None,
) -> None:
    """``coinche tournament reopen TABLE``: the count the live page reads moves."""
    from coinche_cli.tournament import results

    number = results.reopen_table(open_store(ctx), tournament, table)
    print_line(_("table {table} of round {round} is open to phones again: the live page takes "
                 "its result within seconds").format(table=table, round=number))


TIME_HELP = N_(
    "Give one table of the current round more minutes (a late start): +5 adds five, -5 takes "
    "five back.  Its score sheet on the phone and the projector count down to its own end "
    "(tournament serve sees it within seconds).\n"
    "\n"
    "Example: coinche tournament time 3 +5")


def time(
    ctx: typer.Context,
    table: Annotated[int, typer.Argument(metavar=N_("TABLE"), help=N_("Table number."),
                                         min=1, max=MAX_NUMBER)],
    minutes: Annotated[str, typer.Argument(metavar=N_("MINUTES"),
                                           help=N_("Minutes to add (+5) or take back (-5)."))],
    tournament: TournamentOption = None,
) -> None:
    """``coinche tournament time TABLE +5``."""
    from coinche_cli.tournament import results

    text = minutes.strip()
    digits = text.lstrip("+-")
    if not (digits.isascii() and digits.isdigit()) or len(text) - len(digits) > 1 or len(
            digits) > 5:
        raise InputError("minutes", _("“{got}” is not a number of minutes: write +5 to add "
                                      "five, -5 to take five back"), got=minutes)
    change = -int(digits) if text.startswith("-") else int(digits)
    number, total = results.give_minutes(open_store(ctx), tournament, table, change)
    print_line(_("table {table} of round {round}: {total} minutes added to the round's time "
                 "(the live page shows it within seconds)").format(
                     table=table, round=number, total=total))
