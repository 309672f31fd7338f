"""A game's sheet as a table, and that table written to CSV or Excel.

CSV is written with the standard library (UTF-8 with a BOM, so a French Excel shows the
accents); the workbook with openpyxl, imported only here.
"""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Any

from coinche_cli.errors import ExportFailed
from coinche_cli.game.state import GameState, summary
from coinche_cli.messages import msg


def _announces(value: Any) -> str:
    if not value:
        return ""
    return " ".join(f"{side}:{','.join(names)}" for side, names in value.items())


def sheet_rows(state: GameState) -> tuple[list[str], list[list[Any]]]:
    """Header and rows: one row per deal with every field, scores and running totals."""
    setup = state.setup
    names = [setup.names.get(s, s) for s in setup.sides]
    header = [
        "deal", "dealer", "taker", "taker name", "contract", "trump", "coinche", "passed",
        "made", *(f"points {n}" for n in names), "belote", "announces", "announce winner",
        "capot", "generale", *(f"score {n}" for n in names), *(f"total {n}" for n in names),
        "recorded",
    ]
    rows: list[list[Any]] = []
    for row in state.rows:
        deal = row.entry.deal
        result = row.result
        if deal is None or result is None:
            rows.append([
                row.number, setup.seat_label(row.dealer), "", "", "", "", "", True, "",
                *([""] * len(names)), "", "", "", "", "", *([0] * len(names)),
                *(row.totals[s] for s in setup.sides), row.entry.recorded,
            ])
            continue
        data = deal.to_json()
        rows.append([
            row.number, setup.seat_label(row.dealer), deal.taker,
            setup.names.get(deal.taker, deal.taker), data["contract"], data["trump"],
            deal.coinche, False, result.made,
            *(result.checked.points[s] for s in setup.sides),
            " ".join(deal.belote), _announces(data.get("announces")),
            deal.announce_winner or "", result.checked.capot or "", result.checked.generale,
            *(result.scores[s] for s in setup.sides), *(row.totals[s] for s in setup.sides),
            row.entry.recorded,
        ])
    return header, rows


def summary_rows(state: GameState) -> tuple[list[str], list[list[Any]]]:
    """Per side: contracts taken/made/failed, coinches, total, winner."""
    header = ["side", "name", "taken", "made", "failed", "coinched", "coinched against",
              "total", "winner"]
    rows = [
        [side, state.setup.names.get(side, side), c["taken"], c["made"], c["failed"],
         c["coinched"], c["was_coinched"], state.totals[side], state.winner == side]
        for side, c in summary(state).items()
    ]
    return header, rows


def write_csv(path: Path, header: list[str], rows: list[list[Any]], sep: str = ",") -> None:
    """Write a CSV file in UTF-8 with a BOM."""
    with path.open("w", encoding="utf-8-sig", newline="") as handle:
        writer = csv.writer(handle, delimiter=sep)
        writer.writerow(header)
        writer.writerows(rows)


def write_xlsx(path: Path, sheets: list[tuple[str, list[str], list[list[Any]]]]) -> None:
    """Write a workbook: one sheet per (title, header, rows), styled, frozen, filtered."""
    from openpyxl import Workbook  # heavy import, only when exporting
    from openpyxl.styles import Font, PatternFill
    from openpyxl.utils import get_column_letter

    book = Workbook()
    book.remove(book.active)  # type: ignore[arg-type]
    for title, header, rows in sheets:
        sheet = book.create_sheet(title)
        sheet.append(header)
        for row in rows:
            sheet.append(row)
        for cell in sheet[1]:
            cell.font = Font(bold=True, color="FFFFFF")
            cell.fill = PatternFill("solid", fgColor="305496")
        sheet.freeze_panes = "A2"
        sheet.auto_filter.ref = sheet.dimensions
        for index, name in enumerate(header, start=1):
            width = max([len(str(name))] + [len(str(r[index - 1])) for r in rows[:500]])
            sheet.column_dimensions[get_column_letter(index)].width = min(max(width + 2, 6), 40)
    book.save(path)


def export_game(state: GameState, *, csv_path: Path | None = None,
                xlsx_path: Path | None = None, sep: str = ",") -> None:
    """Export a game to CSV and/or Excel."""
    header, rows = sheet_rows(state)
    target = csv_path
    try:
        if csv_path is not None:
            write_csv(csv_path, header, rows, sep)
        target = xlsx_path
        if xlsx_path is not None:
            write_xlsx(xlsx_path, [("Deals", header, rows), ("Summary", *summary_rows(state))])
    except OSError as exc:
        raise ExportFailed(msg("tfile.write_failed", path=target,
                               reason=exc.strerror or exc)) from None
