"""Posters for the wall: the standings, a round's pairings or the prize list as one
self-contained HTML page, made to be printed on A4 or A3 from any browser.

A page holds everything it needs (its style inline: no font, image or script from anywhere,
so it prints in a hall without internet); its type is big (nothing below 14 pt on paper,
names 16 pt, the title 28 pt); its header row is repeated on every page and a page break
never cuts a line; the standings (a column per round) print landscape.
The pages are Jinja2 templates (``sheets/templates``: ``poster.html`` and a page per kind,
the style in ``poster.css``), escaped by Jinja2's autoescape: a page shows names as typed,
never as markup.  The data is :mod:`coinche_cli.tournament.poster_views`'s; ``tournament
poster`` writes the page, and the live page serves the same under ``/print/…``.
"""

from __future__ import annotations

import base64
import functools
import hashlib
from pathlib import Path
from typing import TYPE_CHECKING, Any, assert_never

from coinche_cli.i18n import _, spoken
from coinche_cli.sheets.writing import write_text
from coinche_cli.tournament.model import round_title
from coinche_cli.values import Value

if TYPE_CHECKING:
    import jinja2

    from coinche_cli.tournament.poster_views import PosterData

#: The standings print a little smaller past this many rounds (never below 14 pt).
ROOMY_ROUNDS = 6


class Poster(Value):
    """A poster's page: its HTML, and its style (the live page allows that style alone)."""

    __slots__ = ("html", "style")

    def __init__(self, html: str, style: str) -> None:
        self.html = html
        self.style = style

    def style_source(self) -> str:
        """The Content-Security-Policy source that allows the page's style and nothing
        else."""
        digest = hashlib.sha256(self.style.encode("utf-8")).digest()
        return "'sha256-" + base64.b64encode(digest).decode("ascii") + "'"


def _date(iso: str) -> str:
    """The tournament's date as the language in force writes it (``12 May 2025``)."""
    if not iso:
        return ""
    try:
        import datetime

        from babel.dates import format_date

        return str(format_date(datetime.date.fromisoformat(iso), format="long",
                               locale=spoken()))
    except Exception:  # a language Babel does not know, a date it cannot read: as stored
        return iso


def _sentence(message: str, **values: Any) -> str:
    """A sentence of a poster in the language in force, its placeholders filled (the
    templates mark it as the code does: ``_("R{round}", round=2)``; Jinja2 then escapes the
    whole of it)."""
    return _(message).format(**values) if values else _(message)


def _shown(value: Any) -> Any:
    """What a template prints of ``value``: nothing for None (an empty cell)."""
    return "" if value is None else value


@functools.cache
def _environment() -> jinja2.Environment:
    """The posters' templates, read once per process (the live page renders a poster at
    every change of the tournament)."""
    import jinja2  # here: a poster is never on a table command's path

    environment = jinja2.Environment(
        loader=jinja2.PackageLoader("coinche_cli.sheets", "templates"),
        autoescape=jinja2.select_autoescape(("html",)), trim_blocks=True, lstrip_blocks=True,
        keep_trailing_newline=True, undefined=jinja2.StrictUndefined, finalize=_shown)
    environment.globals["_"] = _sentence
    environment.globals["round_title"] = round_title  # "Round 2"; "2e partie"
    environment.filters["long_date"] = _date
    return environment


def render(data: PosterData) -> Poster:
    """The poster of ``data`` (its ``kind``: standings, pairings or prizes), in the language
    in force."""
    from markupsafe import Markup  # Jinja2's own escaping

    landscape = smaller = False
    match data["kind"]:
        case "standings":
            page = "standings.html"
            landscape, smaller = True, len(data["rounds"]) > ROOMY_ROUNDS
        case "pairings":
            page = "pairings.html"
        case "prizes":
            page = "prizes.html"
        case other:
            assert_never(other)
    environment = _environment()
    style = environment.get_template("poster.css").render(landscape=landscape,
                                                          smaller=smaller)
    html = environment.get_template(page).render(
        **data, lang=spoken().replace("_", "-"),
        style=Markup(style))  # the page's own style, as poster.css gives it: no user's text
    return Poster(html, style)


def write_poster(path: Path, data: PosterData) -> None:
    """Write ``data``'s poster to ``path`` (atomically)."""
    write_text(path, render(data).html)
