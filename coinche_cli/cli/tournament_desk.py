"""``coinche tournament checkin``, ``fees``, ``prizes …`` and ``poster``: the registration desk,
the treasurer's total, the prize list and the posters for the wall; and the desk's options
of ``tournament new`` (``--fee``, ``--currency``, ``--require-checkin``)."""

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from coinche_cli.cli.options import JsonOption, PaperOption, RoundOption, TournamentOption
from coinche_cli.cli.output import (
    Column,
    print_json,
    print_line,
    print_table,
    table_lines,
    warning_line,
)
from coinche_cli.cli.store import open_store
from coinche_cli.formats import percent_text
from coinche_cli.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from typing import NotRequired, TypedDict

    from coinche_cli.tournament.accounts import CheckedIn
    from coinche_cli.tournament.desk_views import CheckinJson, PrizesJson
    from coinche_cli.tournament.model import Tournament

    class DeskSettings(TypedDict):
        """The desk's keyword arguments of a tournament's settings (``tournament new``)."""

        require_checkin: bool
        fee: NotRequired[int]
        currency: NotRequired[str]

# --- tournament new's options ----------------------------------------------------------------
# (no metavar of their own: the options' columns of `tournament new --help` keep their width)

FeeOption = Annotated[str | None, typer.Option("--fee", help=N_(
    "The entry fee, per team (a mêlée: per player), such as 20 or 12.50; the registration "
    "desk then keeps who has paid (tournament checkin, tournament fees)."))]
CurrencyOption = Annotated[str | None, typer.Option("--currency", help=N_(
    "The fees' and prizes' currency, such as EUR or CHF (default: the house config's, else "
    "the locale's)."))]
CheckinOption = Annotated[bool, typer.Option("--require-checkin", help=N_(
    "Pair only the teams (a mêlée: the players) checked in at the desk; one who comes late "
    "is paired from the next round."))]


def desk_settings(fee: str | None, currency: str | None,
                  require_checkin: bool) -> "DeskSettings":
    """The desk's settings of ``tournament new``: none unless an option is given (a
    tournament that uses no desk is stored as before)."""
    from coinche_cli.tournament.money import check_currency, locale_currency, parse_amount

    settings: DeskSettings = {"require_checkin": require_checkin}
    if fee is not None:
        settings["fee"] = parse_amount(fee, "--fee")
    if currency is not None or fee is not None:
        from coinche_cli.cli import house

        # --currency, then the house config's (a bad one there is warned of, and left), then
        # the locale's country's
        settings["currency"] = (check_currency(currency) if currency is not None
                                else house.current().get("currency") or locale_currency())
    return settings


def absent_line(names: tuple[str, ...], number: int) -> str:
    """What ``pair`` says of the entrants left out because they have not checked in."""
    return ngettext("not checked in, left out of round {round}: {names} (one who comes is "
                    "paired from the next round)",
                    "not checked in, left out of round {round}: {names} (those who come are "
                    "paired from the next round)", len(names)).format(
        round=number, names=", ".join(names))


# --- the desk ---------------------------------------------------------------------------------

CHECKIN_HELP = N_(
    "The registration desk: mark teams (a mêlée: players) present and record what they pay "
    "(--paid; a refund is a negative amount with --reason), --undo a check-in, or --list who "
    "has come and paid.\n\n"
    "Example: coinche tournament checkin \"Les As\" --paid 20 --method cheque")


def checkin(
    ctx: typer.Context,
    names: Annotated[list[str] | None, typer.Argument(metavar=N_("NAME…"), help=N_(
        "The teams (a mêlée: the players) who have come, or pay."))] = None,
    paid: Annotated[str | None, typer.Option("--paid", metavar="AMOUNT", help=N_(
        "What each pays, such as 20 or 20.50; a refund: -20 with --reason."))] = None,
    method: Annotated[str, typer.Option("--method", help=N_(
        "How: cash, cheque, card or transfer (or in French: espèces, chèque, carte, "
        "virement)."))] = "cash",
    reason: Annotated[str, typer.Option("--reason", help=N_(
        "Why money is given back (a refund)."))] = "",
    undo: Annotated[bool, typer.Option("--undo", help=N_(
        "Take a check-in back, with the payment it recorded and every payment and refund "
        "since."))] = False,
    listing: Annotated[bool, typer.Option("--list", help=N_(
        "Who is present, absent, has paid and owes."))] = False,
    tournament: TournamentOption = None,
    as_json: JsonOption = False,
) -> None:
    from coinche_cli.errors import InputError
    from coinche_cli.tournament import desk

    store = open_store(ctx)
    if listing:
        if names or paid is not None or undo:
            raise InputError("--list", _("--list shows the desk: give no name, --paid or "
                                         "--undo"))
        found, data = desk.listing(store, tournament)
        if as_json:
            print_json(data)
            return
        _print_list(found, data)
        return
    found, done, warnings, data = desk.checkin(store, tournament, names or [], paid, method,
                                               reason, undo)
    for warning in warnings:
        warning_line(warning)
    if as_json:  # the same view as --list's, with what was done
        print_json(data)
        return
    for entry in done:
        print_line(_entry_text(found, entry))


def _entry_text(found: "Tournament", entry: "CheckedIn") -> str:
    from coinche_cli.tournament.accounts import clock, money
    from coinche_cli.tournament.money import method_words

    name = entry.entrant.name
    if entry.undone:
        if entry.since:  # payments or refunds after the check-in went with it
            return ngettext("{name}: check-in undone, with the payment or refund recorded "
                            "since: {amount} taken back in all",
                            "{name}: check-in undone, with the {count} payments and refunds "
                            "recorded since: {amount} taken back in all", entry.since).format(
                name=name, count=entry.since, amount=money(found, entry.taken_back))
        if entry.taken_back:
            return _("{name}: check-in undone, and the {amount} it recorded taken back").format(
                name=name, amount=money(found, entry.taken_back))
        return _("{name}: check-in undone").format(name=name)
    payment = entry.payment
    paid = "" if payment is None else money(found, abs(payment.amount))
    how = "" if payment is None else method_words(payment.method)
    if payment is not None and payment.amount < 0:
        text = _("{name}: refunded {amount} ({method}): {reason}").format(
            name=name, amount=paid, method=how, reason=payment.reason)
    elif entry.arrived is not None and payment is not None:
        text = _("{name}: checked in at {time}, paid {amount} ({method})").format(
            name=name, time=clock(entry.arrived), amount=paid, method=how)
    elif entry.arrived is not None:
        text = _("{name}: checked in at {time}").format(name=name, time=clock(entry.arrived))
    else:
        text = _("{name}: paid {amount} ({method})").format(name=name, amount=paid, method=how)
    if entry.plays_from is not None:
        text += " " + _("(paired from round {round})").format(round=entry.plays_from)
    return text


def _print_list(found: "Tournament", data: "CheckinJson") -> None:
    from coinche_cli.tournament.accounts import clock, money
    from coinche_cli.tournament.desk_views import status_words

    key = found.kind
    columns = [Column(_("Player") if key == "player" else _("Team"), flexible=True),
               Column(_("status")), Column(_("arrived")), Column(_("paid"), right=True),
               Column(_("owed"), right=True)]
    print_table(columns, [[row[key], status_words(row["status"]),
                           clock(row["arrived"]) if row["arrived"] else "",
                           money(found, row["paid"]), money(found, row["owed"])]
                          for row in data["rows"]])
    # each count agrees with its own number (in French: 1 présent, 2 présents)
    present = ngettext("{count} present", "{count} present", data["present"])
    absent = ngettext("{count} absent", "{count} absent", data["absent"])
    paid = ngettext("{count} paid in full", "{count} paid in full", data["paid"])
    print_line(_("{present}, {absent}; {paid}; owed: {owed}").format(
        present=present.format(count=data["present"]),
        absent=absent.format(count=data["absent"]), paid=paid.format(count=data["paid"]),
        owed=money(found, data["owed"])))


FEES_HELP = N_(
    "The treasurer's total: what was expected, received by method, owed (and by whom), "
    "refunded, the prize money paid out, and what the cash box holds; --fee sets or changes "
    "the entry fee.\n\n"
    "Example: coinche tournament fees --json")


def fees(
    ctx: typer.Context,
    fee: Annotated[str | None, typer.Option("--fee", metavar="AMOUNT", help=N_(
        "Set or change the entry fee (per team; a mêlée: per player)."))] = None,
    currency: Annotated[str | None, typer.Option("--currency", metavar="CODE", help=N_(
        "Set the currency, such as EUR or CHF."))] = None,
    tournament: TournamentOption = None,
    as_json: JsonOption = False,
) -> None:
    from coinche_cli.tournament import accounts, desk
    from coinche_cli.tournament.money import METHODS, method_words

    store = open_store(ctx)
    if fee is not None or currency is not None:
        desk.set_fee(store, tournament, fee, currency)
    found, data = desk.fees(store, tournament)
    if as_json:
        print_json(data)
        return

    def money(cents: int) -> str:
        return accounts.money(found, cents)

    print_line(_("fees of {name}: {fee} a player").format(name=found.name, fee=money(data["fee"]))
               if data["fee"] is not None and found.settings.melee else
               _("fees of {name}: {fee} a team").format(name=found.name, fee=money(data["fee"]))
               if data["fee"] is not None else
               _("fees of {name}: no entry fee is set").format(name=found.name))
    key = found.kind
    rows = [[_("expected"), money(data["expected"])], [_("received"), money(data["received"])]]
    rows += [["  " + method_words(method), money(data["received_by_method"][method])]
             for method in METHODS if data["received_by_method"][method]]
    rows.append([_("refunded"), money(data["refunded"])])
    rows += [["  " + f"{refund[key]}: {refund['reason']}", money(refund["amount"])]
             for refund in data["refunds"]]
    rows.append([_("owed"), money(data["owed"])])
    rows += [["  " + row[key], money(row["amount"])] for row in data["owed_by"]]
    rows += [[_("prizes paid out"), money(data["prizes_paid"])],
             [_("balance, box and bank"), money(data["balance"])],
             [_("in the cash box"), ""],
             ["  " + _("cash"), money(data["box_cash"])] if data["box_cash"] >= 0 else
             ["  " + _("cash short"), money(-data["box_cash"])],
             ["  " + _("cheques"), money(data["box_cheques"])],
             [_("at the bank (card, transfer)"), money(data["bank"])]]
    # a list of amounts, without a header: the table's lines after its header and rule
    for line in table_lines([Column("x", flexible=True), Column("x", right=True)], rows)[2:]:
        print_line(line)


# --- the prizes -------------------------------------------------------------------------------

prizes_app = typer.Typer(help=N_(
    "The prize list: who gets what against the standings (prizes in kind by rank, the cash "
    "pot shared, ties sharing cash); set it from a file, add a line, share a pot."),
    invoke_without_command=True)


@prizes_app.callback()
def prizes(ctx: typer.Context, tournament: TournamentOption = None,
           as_json: JsonOption = False) -> None:
    """Show who gets what (the standings so far, final once the last round is complete)."""
    if ctx.invoked_subcommand is not None:
        return
    from coinche_cli.tournament import prize_list

    found, data = prize_list.prize_list(open_store(ctx), tournament)
    if data["unreached"]:
        warning_line(prize_list.unreached_warning(data["unreached"]))
    for order in data["orders"]:
        if not order["used"]:
            warning_line(_("the order decided between {names} is not used: they are no "
                           "longer tied").format(names=", ".join(order["names"])))
    if as_json:
        print_json(data)
        return
    if data["final"]:
        print_line(_("prizes of {name}").format(name=found.name))
    else:
        print_line(_("prizes of {name}, provisional: the last round is not complete").format(
            name=found.name))
    if data["rows"]:
        _print_awards(found, data)
    elif data["lines"]:  # no standings yet: the list as given
        _print_lines(found, data)
    else:
        print_line(_("no prize yet: tournament prizes set FILE, prizes add RANK PRIZE, or "
                     "prizes pot --percent 60,30,10"))
    for tie in data["ties"]:
        names = ", ".join(tie["names"])
        print_line(_("order decided at rank {rank}: {names}").format(rank=tie["rank"],
                                                                    names=names)
                   if tie["decided"] else
                   _("to be decided at rank {rank}: {names} are tied on every tie-break and "
                     "their prizes in kind differ (given in the standings' order): tournament "
                     "prizes order \"{order}\"").format(rank=tie["rank"], names=names,
                                                         order=",".join(tie["names"])))
    pot = data["pot"]
    if pot is not None:
        from coinche_cli.tournament.accounts import money

        source = (_("the fees received") if pot["of"] == "fees" else _("a fixed amount"))
        print_line(_("pot: {total} ({source}), shared {percents}; not given: {remainder}")
                   .format(total=money(found, pot["total"]), source=source,
                           percents=" / ".join(percent_text(p) for p in pot["percents"]),
                           remainder=money(found, data["remainder"])))


def _print_awards(found: "Tournament", data: "PrizesJson") -> None:
    """Who gets what: a row per entrant, its prize marked when a tie decides it, and what
    it owes when any of them owes its fee."""
    from coinche_cli.tournament.accounts import money
    from coinche_cli.tournament.desk_views import tie_mark

    key = found.kind
    owing = any(row["owed"] for row in data["rows"])
    columns = [Column(_("rank"), right=True),
               Column(_("Player") if key == "player" else _("Team"), flexible=True),
               Column(_("prize"), flexible=True), Column(_("amount"), right=True)]
    if owing:
        columns.append(Column(_("owes"), right=True))
    rows = []
    for row in data["rows"]:
        mark = tie_mark(row)
        prize = " ".join(part for part in (row["prize"], mark and f"({mark})") if part)
        cells = [f"{row['rank']}=" if row["tied"] else str(row["rank"]), row[key], prize,
                 money(found, row["amount"]) if row["amount"] else ""]
        if owing:
            cells.append(money(found, row["owed"]) if row["owed"] else "")
        rows.append(cells)
    print_table(columns, rows)


def _print_lines(found: "Tournament", data: "PrizesJson") -> None:
    """The prize list as given, before any standings."""
    from coinche_cli.tournament.accounts import money

    print_line(_("no standings yet: the prize list as given"))
    print_table([Column(_("rank"), right=True), Column(_("prize"), flexible=True),
                 Column(_("amount"), right=True)],
                [[one["ranks"], one["prize"] or "",
                  money(found, one["amount"]) if one["amount"] is not None else ""]
                 for one in data["lines"]])


@prizes_app.command("order", help=N_(
    "Decide the order between teams (a mêlée: players) tied on every tie-break whose places' "
    "prizes in kind differ: their names, separated by commas, in the order decided; --clear "
    "takes every decided order back.\n\n"
    "Example: coinche tournament prizes order \"Capot Club,Les As\""))
def prizes_order(
    ctx: typer.Context,
    names: Annotated[str | None, typer.Argument(metavar=N_("NAMES"), help=N_(
        "The tied teams (a mêlée: players), separated by commas, in the order decided."))
    ] = None,
    clear: Annotated[bool, typer.Option("--clear", help=N_(
        "Take back every decided order: the standings' order again, to be decided."))] = False,
    tournament: TournamentOption = None,
) -> None:
    from coinche_cli.errors import InputError
    from coinche_cli.tournament import prize_list

    store = open_store(ctx)
    if clear:
        if names is not None:
            raise InputError("--clear", _("--clear takes every decided order back: give no "
                                          "names"))
        prize_list.clear_orders(store, tournament)
        print_line(_("no order decided between tied entrants: their prizes in kind are to be "
                     "decided"))
        return
    if names is None:
        raise InputError("NAMES", _("give the tied entrants in the order decided, separated "
                                    "by commas, such as \"Capot Club,Les As\""))
    parts = [part.strip() for part in names.split(",")]
    if not all(parts):
        raise InputError("NAMES", _("give the tied entrants in the order decided, separated "
                                    "by commas, such as \"Capot Club,Les As\""))
    _found, rank, decided = prize_list.set_order(store, tournament, parts)
    print_line(_("order decided at rank {rank}: {names}").format(rank=rank,
                                                                names=", ".join(decided)))


@prizes_app.command("set", help=N_(
    "Replace the prize list with a file's: CSV, XLSX, ODS (rank;prize rows, ranges such as "
    "5-8, * for every remaining team) or YAML (1: Un jambon).\n\n"
    "Example: coinche tournament prizes set lots.csv"))
def prizes_set(
    ctx: typer.Context,
    path: Annotated[Path, typer.Argument(metavar=N_("FILE"), help=N_(
        "The prize list: rank and prize on each row."))],
    tournament: TournamentOption = None,
) -> None:
    from coinche_cli.sheets.prize_file import read_prizes
    from coinche_cli.tournament import prize_list

    lines = read_prizes(path)
    _found, warnings = prize_list.set_prizes(open_store(ctx), tournament, lines)
    for warning in warnings:
        warning_line(warning)
    print_line(ngettext("{count} prize line set from {path}",
                        "{count} prize lines set from {path}", len(lines)).format(
        count=len(lines), path=path))


@prizes_app.command("add", help=N_(
    "Add a prize: a rank (3), a range (5-8: each of them) or * (every remaining team), and "
    "the prize; an amount alone (50) is cash.\n\n"
    "Example: coinche tournament prizes add 1 \"Un jambon\""))
def prizes_add(
    ctx: typer.Context,
    ranks: Annotated[str, typer.Argument(metavar=N_("RANK"), help=N_("3, 5-8, or *."))],
    prize: Annotated[str, typer.Argument(metavar=N_("PRIZE"), help=N_(
        "The prize: in kind, or an amount."))],
    tournament: TournamentOption = None,
) -> None:
    from coinche_cli.tournament import prize_list

    added, warnings = prize_list.add_prize(open_store(ctx), tournament, ranks, prize)
    for warning in warnings:
        warning_line(warning)
    print_line(_("prize for {ranks}: {prize}").format(ranks=added.ranks(),
                                                     prize=added.prize or prize.strip()))


@prizes_app.command("remove", help=N_(
    "Take a line off the prize list, by its ranks as given (3, 5-8, *).\n\n"
    "Example: coinche tournament prizes remove 5-8"))
def prizes_remove(
    ctx: typer.Context,
    ranks: Annotated[str, typer.Argument(metavar=N_("RANK"), help=N_("3, 5-8, or *."))],
    tournament: TournamentOption = None,
) -> None:
    from coinche_cli.tournament import prize_list

    removed = prize_list.remove_prize(open_store(ctx), tournament, ranks)
    print_line(_("no more prize for {ranks}").format(ranks=removed.ranks()))


@prizes_app.command("pot", help=N_(
    "Share a cash pot by place: --percent 60,30,10 (adding up to 100) of the fees received "
    "(--of fees, the default) or of --amount; each share rounded down to whole units, the "
    "remainder stated.\n\n"
    "Example: coinche tournament prizes pot --percent 40,25,15,10,10 --amount 500"))
def prizes_pot(
    ctx: typer.Context,
    percent: Annotated[str | None, typer.Option("--percent", metavar="P1,P2,…", help=N_(
        "Each place's share, in whole percent."))] = None,
    of: Annotated[str | None, typer.Option("--of", metavar="fees", help=N_(
        "The pot is the fees received, less refunds (the default)."))] = None,
    amount: Annotated[str | None, typer.Option("--amount", metavar="AMOUNT", help=N_(
        "The pot is this amount."))] = None,
    clear: Annotated[bool, typer.Option("--clear", help=N_("No pot."))] = False,
    tournament: TournamentOption = None,
) -> None:
    from coinche_cli.tournament import prize_list
    from coinche_cli.tournament.accounts import money

    found, pot, warnings = prize_list.set_pot(open_store(ctx), tournament, percent, of, amount,
                                              clear)
    for warning in warnings:
        warning_line(warning)
    if pot is None:
        print_line(_("no cash pot"))
    elif pot.amount is None:
        print_line(_("pot: the fees received, shared {percents}").format(
            percents=" / ".join(percent_text(p) for p in pot.percents)))
    else:
        print_line(_("pot: {total}, shared {percents}").format(
            total=money(found, pot.amount),
            percents=" / ".join(percent_text(p) for p in pot.percents)))


# --- the posters ------------------------------------------------------------------------------

POSTER_HELP = N_(
    "Write a poster for the wall: the standings (a column per round), a round's pairings "
    "(alphabetical, with the table) or the prize list, as one HTML page to print on A4 (or "
    "A3: --paper a3) from any browser, its type sized to fill the page.\n\n"
    "Example: coinche tournament poster pairings --round 2 tables.html")


def poster(
    ctx: typer.Context,
    kind: Annotated[str, typer.Argument(metavar="KIND", help=N_(
        "What the poster shows: standings, pairings, prizes, or bracket (a knock-out "
        "stage's bracket, its parties side by side, on landscape paper)."))],
    where: Annotated[list[str], typer.Argument(metavar=N_("[NAME] FILE"), help=N_(
        "The page to write (.html); a bracket's stage before it (default: the only "
        "knock-out stage)."))],
    round_number: RoundOption = None,
    paper: PaperOption = "a4",
    tournament: TournamentOption = None,
) -> None:
    from coinche_cli.cli.store import write_poster_file
    from coinche_cli.errors import InputError
    from coinche_cli.tournament import poster_data

    if len(where) > 2:
        raise InputError("FILE", _("give the page to write, a bracket's stage before it: "
                                   "[NAME] FILE"))
    stage = where[0] if len(where) == 2 else None
    write_poster_file(ctx, Path(where[-1]), paper,
                      lambda store: poster_data.poster(store, tournament, kind, round_number,
                                                       stage))
