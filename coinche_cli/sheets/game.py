"""A game's score sheet as tables (its deals, and a summary per side), written to CSV or
Excel by the shared writers of :mod:`coinche_cli.sheets.writing`."""

from __future__ import annotations

from pathlib import Path
from typing import Any, cast

from coinche_cli.errors import ExportFailed
from coinche_cli.game.state import GameState, summary
from coinche_cli.i18n import _, pgettext
from coinche_cli.rules.choices import Trump, coinche_words, trump_words
from coinche_cli.sheets.writing import Book, add_table, write_book, write_csv


def _announces(value: Any) -> str:
    if not value:
        return ""
    return " ".join(f"{side}:{','.join(names)}" for side, names in value.items())


def sheet_rows(state: GameState) -> tuple[list[str], list[list[Any]]]:
    """Header and rows: one row per deal with every field, scores and running totals."""
    setup = state.setup
    names = [setup.names.get(s, s) for s in setup.sides]
    header = [
        _("deal"), _("dealer"), _("taker"), _("taker name"), _("contract"), _("trump"),
        _("coinche"), _("passed"), _("made"),
        *(_("points {name}").format(name=n) for n in names),
        _("belote"), _("announces"), _("announce winner"), _("capot"), _("generale"),
        *(_("score {name}").format(name=n) for n in names),
        *(_("total {name}").format(name=n) for n in names), _("recorded"),
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
            setup.names.get(deal.taker, deal.taker), data["contract"],
            trump_words(cast(Trump, data["trump"])), coinche_words(deal.coinche), False,
            result.made,
            *(result.checked.points[s] for s in setup.sides),
            " ".join(deal.belote), _announces(data.get("announces")),
            deal.announce_winner or "", result.checked.capot or "", result.checked.generale,
            *(result.scores[s] for s in setup.sides), *(row.totals[s] for s in setup.sides),
            row.entry.recorded,
        ])
    return header, rows


def summary_rows(state: GameState) -> tuple[list[str], list[list[Any]]]:
    """Per side: contracts taken/made/failed, coinches, total, winner."""
    # counts of contracts: "made" is the deal sheet's yes or no, here how many (French says
    # "réussi" for the one and "réussis" for the other)
    header = [_("side"), _("name"), _("taken"), pgettext("how many contracts", "made"),
              pgettext("how many contracts", "failed"), _("coinched"),
              _("coinched against"), _("total"), _("winner")]
    rows = [
        [side, state.setup.names.get(side, side), c["taken"], c["made"], c["failed"],
         c["coinched"], c["was_coinched"], state.totals[side], state.winner == side]
        for side, c in summary(state).items()
    ]
    return header, rows


def csv_file(folder: Path, game_id: int) -> Path:
    """Where ``game export --csv DIR`` writes game ``game_id``'s deals: ``game-ID.csv`` in
    ``folder`` (in French ``partie-ID.csv``; no accent, as the tournament's files)."""
    return folder / (pgettext("file name", "game-{id}").format(id=game_id) + ".csv")


def export_game(state: GameState, *, csv_path: Path | None = None,
                xlsx_path: Path | None = None, sep: str = ",") -> None:
    """Export a game to CSV (its deals; the file's folder made when missing) and/or Excel
    (sheets Deals and Summary, the Summary with a line chart of each side's running total,
    deal after deal)."""
    header, rows = sheet_rows(state)
    if csv_path is not None:
        try:
            csv_path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise ExportFailed(_("cannot write {path}: {reason}").format(
                path=csv_path.parent, reason=exc.strerror or exc)) from None
        write_csv(csv_path, header, rows, sep)
    if xlsx_path is not None:
        summary_header, summary = summary_rows(state)

        def fill(book: Book) -> None:
            add_table(book, _("Deals"), header, rows)
            sheet = add_table(book, _("Summary"), summary_header, summary)
            _chart(book, sheet, state, len(header), len(rows), len(summary))

        write_book(xlsx_path, fill)


def _chart(book: Book, sheet: Any, state: GameState, columns: int, deals: int,
           below: int) -> None:
    """The running totals of every side, a line each over the deals (the Deals sheet's
    total columns, the last ones but the time), under the Summary's table."""
    if not deals:
        return
    title = _("Deals")
    sides = state.setup.sides
    first = columns - 1 - len(sides)  # the first total column (0-based)
    chart = book.workbook.add_chart({"type": "line"})
    assert chart is not None
    for offset in range(len(sides)):
        chart.add_series({
            # the side's name as the Summary's row shows it: a name that starts with "="
            # is a text there, never a formula in the chart's legend
            "name": [_("Summary"), 1 + offset, 1],
            "categories": [title, 1, 0, deals, 0],
            "values": [title, 1, first + offset, deals, first + offset],
        })
    chart.set_title({"name": _("Running totals")})
    chart.set_x_axis({"name": _("deal")})
    chart.set_y_axis({"name": _("total")})
    chart.set_size({"width": 640, "height": 360})
    sheet.insert_chart(below + 2, 0, chart)
