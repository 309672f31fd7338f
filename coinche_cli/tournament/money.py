"""Money at the registration desk: amounts as typed, in words, and what a store keeps of them.

Every amount is a whole number of cents (hundredths of the currency's unit): fees, payments,
refunds, prizes and the pot are added and shared in integers, never in floats, so that the
treasurer's total is exact to the cent.  Amounts are typed as a club writes them (``20``,
``20.50``, ``20,50``) and shown in the language in force with Babel's locale data
(``€20.00``, ``20,00 €``), imported only when an amount is shown.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Literal, assert_never

from coinche_cli.errors import InputError
from coinche_cli.i18n import _, spoken
from coinche_cli.values import Value

if TYPE_CHECKING:
    from coinche_cli.tournament.model import EntrantKind

#: How a payment was made.
Method = Literal["cash", "cheque", "card", "transfer"]
METHODS: tuple[Method, ...] = ("cash", "cheque", "card", "transfer")
#: The largest amount a command takes: ten million units, in cents (far above any entry fee or
#: prize of a concours, far below what a store's integer holds).
MAX_AMOUNT = 10**9
#: The currency when the locale names no country (``C``, ``en``): the game is played in euros.
DEFAULT_CURRENCY = "EUR"
#: The locale variables that choose the currency, in POSIX order (the first set decides).
MONEY_VARIABLES = ("LC_ALL", "LC_MONETARY", "LANG")

# digits, then at most two decimals after a point or a comma (``20``, ``20.5``, ``20,50``)
_AMOUNT = re.compile(r"([0-9]{1,12})(?:[.,]([0-9]{1,2}))?")


def method_words(method: Method) -> str:
    """A payment's method in words."""
    match method:
        case "cash":
            return _("cash")
        case "cheque":
            return _("cheque")
        case "card":
            return _("card")
        case "transfer":
            return _("transfer")
        case unreachable:
            assert_never(unreachable)


def _named(word: str) -> Method | None:
    """The method ``word`` names (lower case): its English key, or its French name with or
    without accents, as a French desk types it (``--method chèque``, ``--method especes``)."""
    match word:
        case "cash" | "espèces" | "especes":
            return "cash"
        case "cheque" | "chèque":
            return "cheque"
        case "card" | "carte":
            return "card"
        case "transfer" | "virement":
            return "transfer"
        case _:
            return None


def check_method(text: str) -> Method:
    """``--method`` as typed: one of :data:`METHODS` or its French name (any case), else
    refused, the methods listed in the language in force."""
    import unicodedata  # only when a payment is typed

    # NFC: a terminal may send « è » as « e » and a combining accent
    method = _named(unicodedata.normalize("NFC", text.strip().lower()))
    if method is not None:
        return method
    raise InputError("--method", _("“{got}” is not a way to pay: {known}"), got=text,
                     known=", ".join(method_words(known) for known in METHODS))


def parse_amount(text: str, field: str, *, negative: bool = False) -> int:
    """An amount as typed (``20``, ``20.50``, ``20,50``; with ``negative``, ``-20`` too), in
    cents; refused on ``field`` when it is not one."""
    typed = text.strip()
    sign = 1
    if negative and typed.startswith("-"):
        sign, typed = -1, typed[1:].strip()
    elif typed.startswith("-"):
        raise InputError(field, _("an amount cannot be negative, got “{got}”"), got=text)
    match = _AMOUNT.fullmatch(typed) if typed.isascii() else None
    if match is None:
        raise InputError(field, _("“{got}” is not an amount: give one such as 20 or 20.50"),
                         got=text)
    return sign * bounded(match[1], match[2] or "", text, field)


def bounded(units: str, decimals: str, got: str, field: str) -> int:
    """The cents of an amount's ``units`` and ``decimals`` (digits as typed), refused on
    ``field`` above :data:`MAX_AMOUNT`: the one bound of every amount a store keeps (a fee, a
    payment, a pot, a cash prize), which both backends' integer columns hold."""
    digits = units.lstrip("0")
    # more digits than the bound has cannot be under it (and are not turned into an int)
    cents = (int(digits or "0") * 100 + int(decimals.ljust(2, "0") or "0")
             if len(digits) <= len(str(MAX_AMOUNT)) else MAX_AMOUNT + 1)
    if cents > MAX_AMOUNT:
        raise InputError(field, _("“{got}” is more than any amount of a concours ({most} at "
                                  "most)"), got=got, most=MAX_AMOUNT // 100)
    return cents


def check_currency(text: str) -> str:
    """``--currency`` as typed: an ISO 4217 code Babel knows (``EUR``, ``CHF``), upper case."""
    from babel.numbers import list_currencies

    code = text.strip().upper()
    if not (code.isascii() and code.isalpha() and len(code) == 3) or code not in list_currencies():
        raise InputError("--currency", _("“{got}” is not a currency code, such as EUR, CHF or "
                                         "CAD"), got=text)
    return code


def locale_currency(environ: Mapping[str, str] | None = None) -> str:
    """The currency of the country the locale names (``fr_FR.UTF-8``: EUR, ``fr_CH``: CHF,
    ``en_CA``: CAD), from Babel's locale data; :data:`DEFAULT_CURRENCY` when it names none."""
    environ = os.environ if environ is None else environ
    for variable in MONEY_VARIABLES:
        value = environ.get(variable)
        if not value:
            continue
        base = value.split(":")[0].split(".")[0].split("@")[0]
        _language, _sep, territory = base.partition("_")
        if territory.isascii() and territory.isalpha() and len(territory) == 2:
            from babel.numbers import get_territory_currencies

            try:
                found = get_territory_currencies(territory.upper(), tender=True)
            except Exception:  # an unknown territory: the default, not a crash
                found = []
            if found:
                return str(found[0])
        break  # the first variable set decides, as it does for the language
    return DEFAULT_CURRENCY


def format_amount(cents: int, currency: str) -> str:
    """``cents`` shown in ``currency`` as the language in force writes money (``€20.00`` in
    English, ``20,00 €`` in French)."""
    from decimal import Decimal

    from babel.numbers import format_currency

    value = Decimal(cents).scaleb(-2)  # exact: no float on the way
    language = spoken()
    try:
        return str(format_currency(value, currency, locale=language))
    except Exception:  # a language Babel does not know: the amount, plainly
        sign = "-" if cents < 0 else ""
        return f"{sign}{abs(cents) // 100}.{abs(cents) % 100:02d} {currency}"


def units(cents: int) -> int | float:
    """An amount as a spreadsheet cell holds it, in the currency's units: a whole number when
    it is one.  (A spreadsheet keeps every number as a double: the conversion is made here,
    at the last moment, from the exact cents.)"""
    return cents // 100 if cents % 100 == 0 else cents / 100


class Arrival(Value):
    """An entrant (a team, or a mêlée's player: ``kind``) checked in at the desk, and when."""

    __slots__ = ("arrived", "entrant", "kind")

    def __init__(self, entrant: int, arrived: str, kind: EntrantKind = "team") -> None:
        self.entrant = entrant
        self.arrived = arrived
        self.kind = kind


class Payment(Value):
    """Money paid at the desk by an entrant (a team, or a mêlée's player: ``kind``):
    ``amount`` cents, negative for a refund (with its ``reason``); ``at_checkin`` when the
    check-in that recorded it would take it back with an undo."""

    __slots__ = ("amount", "at_checkin", "entered", "entrant", "kind", "method", "reason")

    def __init__(self, entrant: int, amount: int, method: Method, reason: str = "",
                 at_checkin: bool = False, entered: str = "",
                 kind: EntrantKind = "team") -> None:
        self.entrant = entrant
        self.amount = amount
        self.method = method
        self.reason = reason
        self.at_checkin = at_checkin
        self.entered = entered
        self.kind = kind
