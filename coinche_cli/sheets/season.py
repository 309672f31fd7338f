"""A season's ranking as a workbook or CSV files (``season export``).

The workbook: **Standings** (a line per player or team, then a column per concours: the
points it earned there, counted ones on green, the others struck through, and the names of
those not counted), **Concours** (each concours: its number, day, name and kind) and
**Progress** (the top 10's cumulative counted points after each concours, and xlsxwriter's
native line chart of them).  The CSV files hold the same three tables.  Every file follows
:mod:`coinche_cli.sheets.writing`'s rules (atomic, formulas defused, A4).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from coinche_cli.errors import ExportFailed
from coinche_cli.i18n import _, pgettext
from coinche_cli.sheets.writing import Book, add_table, write_book, write_csv

if TYPE_CHECKING:
    from coinche_cli.season.views import SeasonExport

#: How many lines the chart follows: the top of the ranking.
TOP = 10
#: A concours that counts: Excel's "good" green; one that does not: struck through, grey.
COUNTED = {"bg_color": "#C6EFCE", "pattern": 1, "font_color": "#006100"}
NOT_COUNTED = {"font_strikeout": True, "font_color": "#808080"}


def _standings(data: SeasonExport) -> tuple[list[str], list[list[Any]]]:
    by_team = data["by"] == "team"
    header = [_("rank"), _("team") if by_team else _("player"), _("club"), _("points"),
              pgettext("season", "played"), pgettext("season", "counted"), _("wins"),
              _("draws"), _("losses"), _("score")]
    if data["min_events"]:
        header.append(pgettext("season", "prizes"))
    header += [event["name"] for event in data["events"]]
    header.append(_("not counted"))
    rows = []
    for line in data["lines"]:
        row: list[Any] = [line["rank"], line["name"], line["club"], line["points"],
                          line["events"], line["counted_events"], line["wins"], line["draws"],
                          line["losses"], line["score"]]
        if data["min_events"]:
            row.append(bool(line["eligible"]))
        row += list(line["results"])
        row.append(", ".join(event["name"] for event, points, kept in zip(
            data["events"], line["results"], line["counted"], strict=True)
            if points is not None and not kept))
        rows.append(row)
    return header, rows


def _events(data: SeasonExport) -> tuple[list[str], list[list[Any]]]:
    header = [_("number"), _("date"), _("concours"), _("kind")]
    rows: list[list[Any]] = [
        [number, event["date"], event["name"],
         _("mêlée") if event["format"] == "melee" else _("formed teams")]
        for number, event in enumerate(data["events"], start=1)]
    return header, rows


def _progress(data: SeasonExport) -> tuple[list[str], list[list[Any]]]:
    """The top 10's counted points after each concours: a row per concours."""
    top = data["lines"][:TOP]
    header = [_("concours"), *(line["name"] for line in top)]
    totals = [0] * len(top)
    rows: list[list[Any]] = []
    for place, event in enumerate(data["events"]):
        for index, line in enumerate(top):
            points = line["results"][place]
            if points is not None and line["counted"][place]:
                totals[index] += points
        rows.append([event["name"], *totals])
    return header, rows


def _tables(data: SeasonExport) -> list[tuple[str, str, list[str], list[list[Any]]]]:
    """Every table: sheet title, file stem, header, rows."""
    return [(_("Standings"), pgettext("file name", "standings"), *_standings(data)),
            (_("Concours"), pgettext("file name", "concours"), *_events(data)),
            (_("Progress"), pgettext("file name", "progress"), *_progress(data))]


def write_season_book(path: Path, data: SeasonExport) -> None:
    """The season's workbook (the module's three sheets, the chart in Progress)."""
    (title, _stem, header, rows), *rest = _tables(data)

    def fill(book: Book) -> None:
        sheet = add_table(book, title, header, rows)
        first = len(header) - len(data["events"]) - 1  # the first concours' column
        counted, dropped = book.style(COUNTED), book.style(NOT_COUNTED)
        for row, line in enumerate(data["lines"], start=1):
            for place, (points, kept) in enumerate(zip(line["results"], line["counted"],
                                                       strict=True)):
                if points is not None:
                    book.put(sheet, row, first + place, points, counted if kept else dropped)
        for other_title, _other_stem, other_header, other_rows in rest:
            added = add_table(book, other_title, other_header, other_rows)
        _chart(book, added, rest[-1][0], rest[-1][2], rest[-1][3])

    write_book(path, fill, title=str(data["name"]))


def _chart(book: Book, sheet: Any, title: str, header: Sequence[str],
           rows: Sequence[Sequence[Any]]) -> None:
    """The line chart of the Progress sheet's columns, beside them."""
    if not rows or len(header) < 2:
        return
    chart = book.workbook.add_chart({"type": "line"})
    assert chart is not None
    for column in range(1, len(header)):
        chart.add_series({
            "name": [title, 0, column],
            "categories": [title, 1, 0, len(rows), 0],
            "values": [title, 1, column, len(rows), column],
            "marker": {"type": "circle", "size": 5},
        })
    chart.set_title({"name": _("Cumulative points of the top {count}").format(
        count=len(header) - 1)})
    chart.set_x_axis({"name": _("concours")})
    chart.set_y_axis({"name": _("points")})
    chart.set_size({"width": 760, "height": 420})
    sheet.insert_chart(len(rows) + 2, 0, chart)


def csv_files(directory: Path, data: SeasonExport) -> list[Path]:
    """The files :func:`write_season_csv` writes in ``directory``."""
    return [directory / f"{stem}.csv" for _title, stem, _header, _rows in _tables(data)]


def write_season_csv(directory: Path, data: SeasonExport, sep: str) -> list[tuple[Path, int]]:
    """The three tables as CSV files in ``directory`` (made when missing): each file and its
    own number of lines (its header aside)."""
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ExportFailed(_("cannot write {path}: {reason}").format(
            path=directory, reason=exc.strerror or exc)) from None
    written = []
    for _title, stem, header, rows in _tables(data):
        path = directory / f"{stem}.csv"
        write_csv(path, header, rows, sep)
        written.append((path, len(rows)))
    return written
