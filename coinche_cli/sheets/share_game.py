"""A café game's recap as a picture to share (``game share``), laid out, and as a message:
pure, from :func:`coinche_cli.game.views.recap_json`'s data.

1. The band: « Partie 12 » (the game's label under it, when it has one).
2. The totals, a line per side: its name and its total in large type; then the winner
   (« Nous gagne »), or how far the game is (a game under way, a draw).
3. The running totals as a small chart: a line per side from 0 to its total, deal by deal
   (the first side in ink, the next ones lighter), each named at its end.
4. The evening's highlights: the biggest deal (its number, the side, its points, a capot),
   the coinches won by each side (a contract coinched by the side that failed) and the capots
   each made.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from coinche_cli.formats import whole_text
from coinche_cli.i18n import _, ngettext
from coinche_cli.sheets.share_layout import (
    BAND,
    BAND_GAP,
    CELL,
    INK,
    MARGIN,
    MUTED,
    NOTE,
    RULE,
    SUBTITLE,
    TOTAL,
    WIDTH,
    Item,
    Measure,
    Page,
    Polyline,
    Text,
    band,
    clean,
    fit,
    wrap,
)

if TYPE_CHECKING:
    from coinche_cli.game.views import RecapView

#: The chart's height, and its lines' width, in pixels; the grey of each side's line.
CHART = 400
STROKE = 6
SHADES = (INK, 120, 175, 205)
#: A line of the highlights, and of the totals.
HIGHLIGHT_ROW = 50
TOTAL_ROW = 112


def title(recap: RecapView) -> str:
    """The picture's title: « Partie 12 »."""
    return _("Game {id}").format(id=recap["id"])


def _name(recap: RecapView, side: str) -> str:
    return clean(recap["sides"].get(side, side))


def outcome(recap: RecapView) -> str:
    """Who won, or how far the game is."""
    if not recap["finished"]:
        deals = len(recap["running"])
        return ngettext("Under way, after {count} deal", "Under way, after {count} deals",
                        deals).format(count=deals)
    if recap["winner"] is None:
        return _("A draw")
    return _("{side} wins").format(side=_name(recap, recap["winner"]))


def highlights(recap: RecapView) -> list[str]:
    """The evening's highlights, a sentence each (rule 4)."""
    found: list[str] = []
    biggest = recap["biggest"]
    if biggest is not None:
        values = {"number": biggest["number"], "side": _name(recap, biggest["side"]),
                  "points": whole_text(biggest["points"])}
        found.append(_("Biggest deal: deal {number}, {side} {points} (capot)").format(**values)
                     if biggest["capot"] else
                     _("Biggest deal: deal {number}, {side} {points}").format(**values))
    sides = list(recap["sides"])
    found.append(_("Coinches won: {counts}").format(counts=", ".join(
        f"{_name(recap, side)} {recap['coinches_won'][side]}" for side in sides)))
    found.append(_("Capots: {counts}").format(counts=", ".join(
        f"{_name(recap, side)} {recap['capots'][side]}" for side in sides)))
    return found


def message(recap: RecapView) -> str:
    """The recap as a short text for a message: the title and the totals, who won, the
    highlights."""
    totals = " – ".join(f"{_name(recap, side)} {whole_text(total)}"
                        for side, total in recap["totals"].items())
    return "\n".join([_("{name}: {title}").format(name=title(recap), title=totals),
                      " · ".join([outcome(recap), *highlights(recap)])]) + "\n"


def _chart(recap: RecapView, top: int, measure: Measure) -> list[Item]:
    """The running totals, a line per side (rule 3), in the box from ``top``."""
    sides = list(recap["sides"])
    running = [dict.fromkeys(sides, 0), *recap["running"]]
    values = [row[side] for row in running for side in sides]
    low, high = min(0, *values), max(1, *values)
    left, right = MARGIN + 110, WIDTH - MARGIN - 190  # room for the scale and the names
    bottom = top + CHART

    def y(value: int) -> int:
        return round(bottom - (value - low) * CHART / (high - low))

    def x(index: int) -> int:
        return round(left + index * (right - left) / max(len(running) - 1, 1))

    items: list[Item] = [
        Polyline(((left, y(low)), (right, y(low))), RULE, 2),
        Polyline(((left, y(high)), (right, y(high))), RULE, 2),
        Text(left - 16, y(high), whole_text(high), NOTE, False, MUTED, "rm"),
        Text(left - 16, y(low), whole_text(low), NOTE, False, MUTED, "rm")]
    if low < 0:
        items.append(Polyline(((left, y(0)), (right, y(0))), RULE, 2))
    ends: list[int] = []
    for index, side in enumerate(sides):
        shade = SHADES[min(index, len(SHADES) - 1)]
        points = tuple((x(k), y(row[side])) for k, row in enumerate(running))
        items.append(Polyline(points, shade, STROKE))
        end = points[-1][1]
        while any(abs(end - other) < NOTE + 4 for other in ends):  # names never overlap
            end += NOTE + 4
        ends.append(end)
        items.append(Text(right + 16, end, fit(_name(recap, side), WIDTH - MARGIN - right - 16,
                                               NOTE, True, measure), NOTE, True, shade, "lm"))
    deals = len(running) - 1
    items.append(Text(right, bottom + 34, ngettext("{count} deal", "{count} deals",
                                                   deals).format(count=deals),
                      NOTE, False, MUTED, "rm"))
    return items


def pages(recap: RecapView, measure: Measure) -> list[Page]:
    """The recap's picture (rules 1 to 4): one, however long the game."""
    inner = WIDTH - 2 * MARGIN
    items = band(title(recap), recap["label"] or _("Coinche"), measure)
    y = BAND + BAND_GAP
    for side, total in recap["totals"].items():  # rule 2
        number = whole_text(total)
        room = inner - measure(number, TOTAL, True) - 40
        items.append(Text(MARGIN, y + TOTAL_ROW // 2, fit(_name(recap, side), room, SUBTITLE,
                                                          True, measure),
                          SUBTITLE, True, INK, "lm"))
        items.append(Text(WIDTH - MARGIN, y + TOTAL_ROW // 2, number, TOTAL, True, INK, "rm"))
        y += TOTAL_ROW
    for line in wrap(outcome(recap), inner, CELL, measure):
        items.append(Text(MARGIN, y + HIGHLIGHT_ROW // 2, line, CELL, False, INK, "lm"))
        y += HIGHLIGHT_ROW
    y += 30
    if recap["running"]:
        items += _chart(recap, y, measure)
        y += CHART + 70
    items.append(Text(MARGIN, y + HIGHLIGHT_ROW // 2, _("Highlights"), CELL, True, INK, "lm"))
    y += HIGHLIGHT_ROW
    for sentence in highlights(recap):  # rule 4
        for line in wrap(sentence, inner, CELL, measure):
            items.append(Text(MARGIN, y + HIGHLIGHT_ROW // 2, line, CELL, False, INK, "lm"))
            y += HIGHLIGHT_ROW
    return [Page(y + MARGIN, tuple(items))]
