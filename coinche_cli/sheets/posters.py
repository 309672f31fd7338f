"""Posters for the wall: the standings, a round's pairings or the prize list as one
self-contained HTML page, made to be printed on A4 or A3 from any browser.

A page holds everything it needs (its style inline: no font, image or script from anywhere,
so it prints in a hall without internet); its type is big (nothing below 14 pt on paper,
names 16 pt, the title 28 pt); its header row is repeated on every page and a page break
never cuts a line; the standings (a column per round) print landscape.
Every name is escaped: a page shows names as typed, never as markup.  The data is
:mod:`coinche_cli.tournament.poster_views`'s; ``tournament poster`` writes the page, and the
live page serves the same under ``/print/…``.
"""

from __future__ import annotations

import base64
import hashlib
from html import escape
from pathlib import Path
from typing import Any

from coinche_cli.i18n import _, spoken
from coinche_cli.sheets.writing import write_text
from coinche_cli.tournament.model import round_title
from coinche_cli.values import Value

#: The page's style: sizes in points, as they print; a line never cut by a page break.
STYLE = """
@page { margin: 12mm; }
html { font-family: "DejaVu Sans", "Liberation Sans", Arial, Helvetica, sans-serif;
       font-size: 16pt; color: #000; background: #fff; }
body { margin: 0; }
h1 { font-size: 28pt; margin: 0 0 4pt; }
p.meta { font-size: 18pt; margin: 0 0 12pt; }
table { border-collapse: collapse; width: 100%; }
thead { display: table-header-group; }
tr { break-inside: avoid; page-break-inside: avoid; }
th, td { border: 1pt solid #000; padding: 4pt 6pt; font-size: 16pt; text-align: left;
         vertical-align: top; overflow-wrap: anywhere; }
th { background: #e0e0e0; }
.num { text-align: right; white-space: nowrap; width: 1%; }
.table-no { width: 5em; text-align: center; }
td.table-no { font-size: 22pt; font-weight: bold; }
p.empty { font-size: 18pt; }
""".strip()
#: The standings, a column per round: landscape; past :data:`ROOMY_ROUNDS` rounds a little
#: smaller (never below 14 pt).
LANDSCAPE = "\n@page { size: landscape; }"
SMALLER = "\nth, td { font-size: 14pt; padding: 3pt 4pt; }"
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


def _cell(value: Any, css: str = "") -> str:
    shown = "" if value is None else escape(str(value))
    return f'<td class="{css}">{shown}</td>' if css else f"<td>{shown}</td>"


def _head(cells: list[tuple[str, str]]) -> str:
    return "<thead><tr>" + "".join(
        f'<th class="{css}">{escape(text)}</th>' if css else f"<th>{escape(text)}</th>"
        for text, css in cells) + "</tr></thead>"


def _standings(data: dict[str, Any]) -> tuple[str, str]:
    who = _("Player") if data["melee"] else _("Team")
    head = [(_("Rank"), "num"), (who, "")]
    head += [(_("R{round}").format(round=number), "num") for number in data["rounds"]]
    head += [(_("Wins"), "num"), (_("Points"), "num"), (_("Difference"), "num")]
    body = []
    for row in data["rows"]:
        cells = [_cell(row["rank"], "num"), _cell(row["name"])]
        cells += [_cell("–" if points is None else points, "num") for points in row["rounds"]]
        cells += [_cell(row["wins"], "num"), _cell(row["points"], "num"),
                  _cell(row["difference"], "num")]
        body.append("<tr>" + "".join(cells) + "</tr>")
    if data["after"]:
        title = _("Standings after round {round}").format(round=data["after"])
    else:
        title = _("Standings")
    return title, _head(head) + "<tbody>" + "".join(body) + "</tbody>"


def _pairings(data: dict[str, Any]) -> tuple[str, str]:
    who = _("Player") if data["melee"] else _("Team")
    head = [(who, ""), (_("Table"), "table-no")]
    if data["melee"]:
        head.append((_("Partner"), ""))
    head.append((_("Opponents"), ""))
    body = []
    for row in data["rows"]:
        cells = [_cell(row["name"])]
        if row["bye"]:
            cells.append(_cell(_("bye"), "table-no"))
            cells += [_cell("")] * (len(head) - 2)
        else:
            cells.append(_cell(row["table"], "table-no"))
            if data["melee"]:
                cells.append(_cell(row["partner"]))
            cells.append(_cell(row["against"]))
        body.append("<tr>" + "".join(cells) + "</tr>")
    return round_title(data["round"]), _head(head) + "<tbody>" + "".join(body) + "</tbody>"


def _prizes(data: dict[str, Any]) -> tuple[str, str]:
    who = _("Player") if data["melee"] else _("Team")
    head = [(_("Rank"), "num"), (who, ""), (_("Prize"), ""), (_("Amount"), "num")]
    body = []
    for row in data["rows"]:
        rank = f"{row['rank']}=" if row["tied"] else str(row["rank"])
        body.append("<tr>" + _cell(rank, "num") + _cell(row["name"]) + _cell(row["prize"])
                    + _cell(row["amount"], "num") + "</tr>")
    if data["final"]:
        title = _("Prizes")
    elif data["after"]:
        title = _("Prizes, provisional: after round {round}").format(round=data["after"])
    else:
        title = _("Prizes, provisional")
    return title, _head(head) + "<tbody>" + "".join(body) + "</tbody>"


def render(data: dict[str, Any]) -> Poster:
    """The poster of ``data`` (``kind``: standings, pairings or prizes), in the language in
    force."""
    kind = data["kind"]
    if kind == "standings":
        title, table = _standings(data)
    elif kind == "pairings":
        title, table = _pairings(data)
    else:
        title, table = _prizes(data)
    style = STYLE
    if kind == "standings":
        style += LANDSCAPE + (SMALLER if len(data["rounds"]) > ROOMY_ROUNDS else "")
    meta = " · ".join(part for part in (_date(data.get("date", "")), title) if part)
    empty = _("Nothing to show yet.")
    content = f"<table>{table}</table>" if data["rows"] else f'<p class="empty">{escape(empty)}</p>'
    language = spoken().replace("_", "-")
    html = (f'<!doctype html>\n<html lang="{escape(language)}">\n<head>\n<meta charset="utf-8">\n'
            f"<title>{escape(data['name'])} · {escape(title)}</title>\n"
            f"<style>{style}</style>\n</head>\n<body>\n<header><h1>{escape(data['name'])}</h1>"
            f'<p class="meta">{escape(meta)}</p></header>\n{content}\n</body>\n</html>\n')
    return Poster(html, style)


def write_poster(path: Path, data: dict[str, Any]) -> None:
    """Write ``data``'s poster to ``path`` (atomically)."""
    write_text(path, render(data).html)
