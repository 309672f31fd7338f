"""The desk's sheets of the results workbook: the treasurer's "Fees" (``Caisse``) with its
totals, and the prize list, "Prizes" (``Palmarès``); as CSV, ``fees.csv`` and ``prizes.csv``
(``caisse.csv``, ``palmares.csv`` in French).

Only a tournament that uses the desk has them (its export data holds ``fees``, and
``prizes`` when it has a prize list): any other exports as it always did.  ``data`` holds::

    {"fees": {"currency": "EUR", "rows": [{"name": "Les As", "status": "present",
               "arrived": "14:05", "due": 2000, "paid": 2000, "refunded": 0, "owed": 0,
               "methods": "cash"}, ...],
              "totals": <tournament fees --json>},
     "prizes": <tournament prizes --json>}

Amounts come in cents and are written in the currency's units, numbers a spreadsheet sums.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from coinche_cli.i18n import N_, _, pgettext
from coinche_cli.tournament.desk_views import tie_mark
from coinche_cli.tournament.money import METHODS, method_words, units

if TYPE_CHECKING:
    from coinche_cli.tournament.desk_views import DeskExport, FeesExport, PrizesJson

#: (key, header) of the Fees sheet's columns; the amounts' headers name the currency.
FEE_COLUMNS: tuple[tuple[str, str], ...] = (
    ("name", N_("entrant")), ("status", N_("status")), ("arrived", N_("arrived")),
    ("due", N_("fee due ({currency})")), ("paid", N_("paid ({currency})")),
    ("refunded", N_("refunded ({currency})")), ("owed", N_("owed ({currency})")),
    ("methods", N_("paid by")),
)
PRIZE_COLUMNS: tuple[tuple[str, str], ...] = (
    ("rank", N_("rank")), ("name", N_("entrant")), ("prize", N_("prize")),
    ("amount", N_("amount ({currency})")),
)


def fee_table(fees: FeesExport) -> tuple[str, str, list[str], list[list[Any]]]:
    """The Fees sheet: (title, file stem, header, rows): a row per entrant, then the total
    row, what was received by each method, refunded, the prize money paid out, the balance,
    and where it is: the cash and the cheques in the box, the card and transfer money at the
    bank (a negative amount of cash: the box is short by as much)."""
    code = fees["currency"]
    header = [_(text).format(currency=code) for _key, text in FEE_COLUMNS]
    rows: list[list[Any]] = [
        [row["name"], row["status"], row["arrived"], units(row["due"]), units(row["paid"]),
         units(row["refunded"]), units(row["owed"]), row["methods"]] for row in fees["rows"]]
    totals = fees["totals"]
    blank: list[Any] = [None] * len(FEE_COLUMNS)
    entrants = fees["rows"]
    rows.append([_("Total"), None, None, units(sum(row["due"] for row in entrants)),
                 units(sum(row["paid"] for row in entrants)),
                 units(sum(row["refunded"] for row in entrants)),
                 units(sum(row["owed"] for row in entrants)), None])
    paid_at = [k for k, _text in FEE_COLUMNS].index("paid")
    summary = [(_("expected"), totals["expected"])]
    summary += [(_("received: {method}").format(method=method_words(method)),
                 totals["received_by_method"][method]) for method in METHODS]
    summary += [(_("received"), totals["received"]), (_("refunded"), totals["refunded"]),
                (_("owed"), totals["owed"]), (_("prizes paid out"), totals["prizes_paid"]),
                (_("balance, box and bank"), totals["balance"]),
                (_("in the cash box: cash"), totals["box_cash"]),
                (_("in the cash box: cheques"), totals["box_cheques"]),
                (_("at the bank: card and transfer"), totals["bank"])]
    for label, cents in summary:
        line = list(blank)
        line[0], line[paid_at] = label, units(cents)
        rows.append(line)
    return _("Fees"), pgettext("file name", "fees"), header, rows


#: The Prizes sheet's column of what an entrant still owes: only when one of them does.
OWED_COLUMN = N_("owes ({currency})")


def prize_table(prizes: PrizesJson) -> tuple[str, str, list[str], list[list[Any]]]:
    """The Prizes sheet: (title, file stem, header, rows): a row per entrant that gets a
    prize (a shared place marked ``=``, a prize a tie decides marked as ``tournament prizes``
    marks it, what it owes when one of them owes its fee), then the pot's remainder when
    there is one."""
    code = prizes["currency"]
    owing = any(row["owed"] for row in prizes["rows"])
    header = [_(text).format(currency=code)
              for text in [*(text for _key, text in PRIZE_COLUMNS), *[OWED_COLUMN] * owing]]
    rows: list[list[Any]] = []
    for row in prizes["rows"]:
        place = f"{row['rank']}=" if row["tied"] else row["rank"]
        mark = tie_mark(row)
        prize = " ".join(part for part in (row["prize"], mark and f"({mark})") if part)
        rows.append([place, row.get("team") or row.get("player"), prize,
                     units(row["amount"]) if row["amount"] else None,
                     *[units(row["owed"]) if row["owed"] else None] * owing])
    if prizes.get("pot") is not None:
        rows.append([None, _("remainder"), "", units(prizes["remainder"]), *[None] * owing])
    return _("Prizes"), pgettext("file name", "prizes"), header, rows


def desk_tables(data: DeskExport) -> list[tuple[str, str, list[str], list[list[Any]]]]:
    """The desk's sheets for ``data``: Fees, then Prizes, each when ``data`` has it."""
    found = [fee_table(data["fees"])] if "fees" in data else []
    return found + ([prize_table(data["prizes"])] if "prizes" in data else [])
