"""How the language in force writes what is not a sentence: a decimal, a percentage, a moment.

1. A decimal (an average, ``209.3``) and a percentage (``60%``) are written with Babel's
   locale data for the language in force: ``209.3`` and ``60%`` in English, ``209,3`` and
   ``60 %`` (a no-break space) in French.  No group separator: the program writes its whole
   numbers without one (``1300``), and an average stands beside them.  A language Babel does
   not know (a translator's pseudo-locale) is written as English is.  Babel is imported only
   when a number is written (no command at the table writes one).
   A picture or a message to share (``tournament share``, ``game share``) is read away from
   the table's columns, as print is: there a whole number has its thousands apart, as the
   language writes them (:func:`whole_text`: ``4,240``; ``4 240`` with a narrow no-break
   space in French), and a difference its sign (``+412``, ``-38``).
2. A moment is stored in UTC as ISO 8601 (``2026-12-02T00:12:36+00:00``), and every JSON
   keeps it so.  A person reads it in the local time of the machine (the zone ``TZ`` names,
   else the system's) in the language's words: ``2 December, 21:12``, ``2 décembre, 21 h 12``
   (``1er décembre`` on the first), with the year when it is not the current one
   (``2 December 2025, 21:12``).  The month names and the order are the catalogue's, so a
   translation gives them all.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from coinche_cli.i18n import _, pgettext, spoken

# datetime and decimal load when a moment or a number is written, not with every command
# that imports this module (the desk's commands do)
if TYPE_CHECKING:
    from datetime import datetime, tzinfo
    from decimal import Decimal


def _written(number: Decimal | float, percent: bool, pattern: str | None = None) -> str:
    from babel.core import UnknownLocaleError
    from babel.numbers import format_decimal, format_percent

    write = format_percent if percent else format_decimal
    try:
        return str(write(number, pattern, locale=spoken(), group_separator=False))
    except (UnknownLocaleError, ValueError):  # a language Babel has no data for: as English
        return str(write(number, pattern, locale="en", group_separator=False))


def whole_text(number: int, signed: bool = False) -> str:
    """A whole ``number`` as print writes it in the language in force, its thousands apart
    (``4,240``; ``4 240`` in French); ``signed``: with its sign, ``+`` too (a difference)."""
    from babel.core import UnknownLocaleError
    from babel.numbers import format_decimal

    pattern = "+#,##0;-#,##0" if signed and number else None
    try:
        return str(format_decimal(number, pattern, locale=spoken()))
    except (UnknownLocaleError, ValueError):  # a language Babel has no data for: as English
        return str(format_decimal(number, pattern, locale="en"))


def decimal_text(number: float) -> str:
    """``number`` (an average, to a tenth) as the language in force writes it: ``209.3``,
    ``209,3``."""
    return _written(number, percent=False)


def tenths_text(number: float) -> str:
    """``number`` to a tenth, the tenth always written (a column of them: ``209.0``,
    ``209,3``)."""
    return _written(number, percent=False, pattern="0.0")


def percent_text(percent: float) -> str:
    """``percent`` (``60`` for 60 %, rounded to a whole number) as the language in force
    writes a percentage: ``60%``, ``60 %``."""
    from decimal import Decimal

    return _written(Decimal(str(percent)).scaleb(-2), percent=True)


def local_zone() -> tzinfo | None:
    """The machine's local time zone: the one ``TZ`` names when Python's zone database knows
    it (read at each call, so a run given another ``TZ`` shows its time), else None (the
    system's, as :meth:`datetime.astimezone` finds it)."""
    name = os.environ.get("TZ", "").removeprefix(":")
    if not name:
        return None
    from zoneinfo import ZoneInfo

    try:
        return ZoneInfo(name)
    except (ValueError, OSError):  # a POSIX rule (``CET-1CEST``) or no database: the system's
        return None


def _month(number: int) -> str:
    """A month's name, as a date writes it (``December``, ``décembre``)."""
    match number:
        case 1:
            return pgettext("month", "January")
        case 2:
            return pgettext("month", "February")
        case 3:
            return pgettext("month", "March")
        case 4:
            return pgettext("month", "April")
        case 5:
            return pgettext("month", "May")
        case 6:
            return pgettext("month", "June")
        case 7:
            return pgettext("month", "July")
        case 8:
            return pgettext("month", "August")
        case 9:
            return pgettext("month", "September")
        case 10:
            return pgettext("month", "October")
        case 11:
            return pgettext("month", "November")
        case _:
            return pgettext("month", "December")


def moment_text(iso: str, now: datetime | None = None) -> str:
    """The stored moment ``iso`` as a person reads it, in local time: ``2 December, 21:12``
    (``2 décembre, 21 h 12``), with the year when it is not ``now``'s (default: the present);
    a text that is no ISO moment is shown as it is."""
    from datetime import datetime

    try:
        moment = datetime.fromisoformat(iso)
    except ValueError:
        return iso
    zone = local_zone()
    local = moment.astimezone(zone)
    today = (now or datetime.now(local.tzinfo)).astimezone(local.tzinfo)
    # the first of the month is "1er" in French: the day's number is the catalogue's word
    day = pgettext("first day of a month", "1") if local.day == 1 else str(local.day)
    values = {"day": day, "month": _month(local.month), "year": local.year,
              "hour": local.hour, "minute": f"{local.minute:02d}"}
    if local.year == today.year:
        return _("{day} {month}, {hour}:{minute}").format(**values)
    return _("{day} {month} {year}, {hour}:{minute}").format(**values)
