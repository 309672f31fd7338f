"""A tournament written out: the results workbook, the same tables as CSV, paper score sheets.

The writers take plain data (lists of dicts, shape below), not the store, so any caller can
use them.  ``data`` for :func:`write_workbook` and :func:`write_csv_dir`::

    {"name": "Concours de mai",
     "standings": [{"rank": 1, "team": "Les As", "players": "Ana, Bob", "played": 3,
                    "wins": 3, ..., "buchholz": 6}, ...],
     "teams": [{"name": "Les As", "players": "Ana, Bob", "club": "Lyon", "registered": 1,
                "status": "active"}, ...],
     "rounds": [{"round": 1, "bye": "Les Valets" or None, "bye_points": 500 or None,
                 "tables": [{"table": 1, "team1": "Les As", "team2": "Les Rois",
                             "score1": 1200, "score2": 900, "winner": "Les As",
                             "forfeit": None, "scored": "direct"}, ...]}, ...],
               (a mêlée's partie with a penalty: each table's "after1" and "after2" too,
                the scores after penalties, written beside the winner)
     "penalties": [{"round": 2, "team": "Les Rois", "points": 162, "reason": "renonce",
                    "to": "Les As" or None}, ...],
     "deals": [{"round": 1, "table": 2, "game": 7, "number": 1, "dealer": "A1", ...}, ...]}

A concours with stages also has each table's ``stage`` and ``match`` and each round's
``stage_byes``, its ``stages`` and its ``final`` ranking: their sheets and files are
:mod:`coinche_cli.sheets.stage_tables`'.

A penalty's ``to`` is the team that received the points, None when they were deducted from
the penalised team; an empty ``penalties`` list still gives a Penalties sheet (its header),
no ``penalties`` key none.  Standings, teams and deals keep their columns in a fixed order; a
key the order does not know (a tie-break added later) becomes an extra column at the end.

Files are written by the shared writers of :mod:`coinche_cli.sheets.writing` (atomic writes,
booleans as yes/no, formulas defused, A4 print setup); xlsxwriter is imported only inside the
functions that write a workbook.  The paper score sheets are
:mod:`coinche_cli.sheets.score_sheets`' (their names are kept here for the callers).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from coinche_cli.errors import ExportFailed
from coinche_cli.i18n import N_, _, pgettext
from coinche_cli.sheets.score_sheets import EXTRA_ROWS as EXTRA_ROWS
from coinche_cli.sheets.score_sheets import TARGET_ROWS as TARGET_ROWS
from coinche_cli.sheets.score_sheets import NothingToPrint as NothingToPrint
from coinche_cli.sheets.score_sheets import write_score_sheets as write_score_sheets
from coinche_cli.sheets.writing import add_table, write_book, write_csv
from coinche_cli.tournament.model import round_title

if TYPE_CHECKING:
    from coinche_cli.sheets.writing import Book
    from coinche_cli.tournament.export_views import ExportBracketRound, ExportData, ExportRound
    from coinche_cli.tournament.views import PenaltyJson

#: (key in the data, column header) for each table, in column order.
STANDINGS_COLUMNS: tuple[tuple[str, str], ...] = (
    ("rank", N_("rank")), ("team", N_("team")), ("players", N_("players")),
    ("played", N_("played")), ("wins", N_("wins")), ("draws", N_("draws")),
    ("losses", N_("losses")), ("byes", N_("byes")), ("forfeits", N_("forfeits")),
    ("points_for", N_("points for")),
    ("points_against", N_("points against")), ("difference", N_("difference")),
    ("match_points", N_("match points")), ("penalties", N_("penalties")),
    ("buchholz", N_("buchholz")),
)
#: A mêlée's standings: a line per player.
PLAYER_STANDINGS_COLUMNS: tuple[tuple[str, str], ...] = (
    ("rank", N_("rank")), ("name", N_("player")), ("club", N_("club")),
    ("licence", N_("licence")), ("played", N_("played")), ("wins", N_("wins")),
    ("draws", N_("draws")), ("losses", N_("losses")), ("sat_out", N_("sat out")),
    ("forfeits", N_("forfeits")), ("points_for", N_("points for")),
    ("points_per_partie", N_("points per partie played")),
    ("points_against", N_("points against")), ("difference", N_("difference")),
    ("match_points", N_("match points")), ("penalties", N_("penalties")),
    ("buchholz", N_("buchholz")), ("partners", N_("partners")),
)
#: A mêlée's players (a player's words need no agreement: « inscription », not « inscrit(e) »).
PLAYER_COLUMNS: tuple[tuple[str, str], ...] = (
    ("name", N_("player")), ("club", N_("club")), ("licence", N_("licence")),
    ("registered", N_("registration")), ("status", N_("status")),
)
TEAM_COLUMNS: tuple[tuple[str, str], ...] = (
    ("name", N_("team")), ("players", N_("players")), ("club", N_("club")),
    ("registered", N_("registered")), ("status", N_("status")),
)
ROUND_COLUMNS: tuple[tuple[str, str], ...] = (
    ("table", N_("table")), ("team1", N_("team 1")), ("team2", N_("team 2")),
    ("score1", N_("score 1")), ("score2", N_("score 2")), ("winner", N_("winner")),
    ("forfeit", N_("forfeit")), ("scored", N_("scored")),
)
#: A mêlée's partie with a penalty: the scores after penalties beside the winner.
PENALISED_ROUND_COLUMNS: tuple[tuple[str, str], ...] = (
    *ROUND_COLUMNS[:5], ("after1", N_("score 1 after penalties")),
    ("after2", N_("score 2 after penalties")), *ROUND_COLUMNS[5:],
)
#: A partie of a concours with stages: each table's stage and knock-out match at the end.
STAGE_ROUND_COLUMNS: tuple[tuple[str, str], ...] = (
    *ROUND_COLUMNS, ("stage", N_("stage")), ("match", N_("match")),
)
DEAL_COLUMNS: tuple[tuple[str, str], ...] = (
    ("round", N_("round")), ("table", N_("table")), ("game", N_("game")), ("number", N_("deal")),
    ("dealer", N_("dealer")), ("taker", N_("taker")), ("contract", N_("contract")),
    ("trump", N_("trump")), ("coinche", N_("coinche")), ("made", N_("made")),
    ("score1", N_("score 1")), ("score2", N_("score 2")), ("total1", N_("total 1")),
    ("total2", N_("total 2")),
)
HISTORY_COLUMNS: tuple[tuple[str, str], ...] = (
    ("round", N_("round")), ("table", N_("table")), ("team1", N_("team 1")),
    ("team2", N_("team 2")), ("score1", N_("score 1")), ("score2", N_("score 2")),
    ("forfeit", N_("forfeit")), ("scored", N_("scored")), ("entered", N_("entered on")),
    ("replaced", N_("replaced on")),
)
PENALTY_COLUMNS: tuple[tuple[str, str], ...] = (
    ("round", N_("round")), ("team", N_("team")), ("points", N_("points")),
    ("reason", N_("reason")), ("to", N_("to")),
)
#: What the table column of a round's last row says when a team sat out.
BYE_LABEL = N_("bye")


@dataclass(frozen=True)
class Table:
    """One exported table: the sheet title, the CSV file stem, the header and the rows; a
    knock-out's bracket, which its sheet draws in place of the rows; whether the workbook has
    it (or the CSV files alone)."""

    title: str
    stem: str
    header: list[str]
    rows: list[list[Any]]
    bracket: tuple[str, Sequence[ExportBracketRound]] | None = None  # its stage's name too
    book: bool = True


def _keyed(records: Sequence[Mapping[str, object]],
           known: tuple[tuple[str, str], ...]) -> tuple[list[str], list[list[Any]]]:
    """Header and rows for ``records``: known keys in order, then unknown ones as they come
    (any table of rows: the standings, the registrations, a game's deals)."""
    order = [key for key, _ in known]
    present = dict.fromkeys(key for record in records for key in record)
    keys = [key for key in order if key in present or not records]
    keys += [key for key in present if key not in order]
    headers = dict(known)
    header = [_(headers[key]) if key in headers else key.replace("_", " ") for key in keys]
    return header, [[record.get(key) for key in keys] for record in records]


def _cells(record: Mapping[str, object], columns: tuple[tuple[str, str], ...]) -> list[Any]:
    """A row's cells, in the order of ``columns``' keys."""
    return [record.get(key) for key, _header in columns]


def round_columns(round_data: ExportRound) -> tuple[tuple[str, str], ...]:
    """A round's columns: a mêlée's partie with a penalty has the scores after penalties."""
    if any("after1" in table for table in round_data["tables"]):
        return PENALISED_ROUND_COLUMNS
    if "stage_byes" in round_data:  # a concours with stages
        return STAGE_ROUND_COLUMNS
    return ROUND_COLUMNS


def round_rows(round_data: ExportRound) -> list[list[Any]]:
    """A round's rows: one per table, then a ``bye`` row when a team sat out."""
    columns = round_columns(round_data)
    rows = [_cells(table, columns) for table in round_data["tables"]]
    for name in [round_data["bye"]] if round_data.get("bye") else round_data.get(
            "sitting_out", []):  # a mêlée: every player who sat out
        bye: list[Any] = [None] * len(columns)
        bye[0], bye[1], bye[3] = _(BYE_LABEL), name, round_data.get("bye_points")
        rows.append(bye)
    stage = len(ROUND_COLUMNS)  # the stage's column (STAGE_ROUND_COLUMNS)
    for given in round_data.get("stage_byes", []):  # a bye is a win without points
        bye = [None] * len(columns)
        bye[0], bye[1], bye[stage] = _(BYE_LABEL), given["team"], given["stage"]
        rows.append(bye)
    return rows


def penalty_rows(penalties: Sequence[PenaltyJson]) -> list[list[Any]]:
    """One row per penalty, by round (in the given order within a round)."""
    ordered = sorted(penalties, key=lambda p: p["round"])
    return [_cells(penalty, PENALTY_COLUMNS) for penalty in ordered]


def export_tables(data: ExportData) -> list[Table]:
    """Every table of the export, in sheet order: standings, teams, each round, penalties
    (when ``data`` has the key, if only with its header), deals (when there are any)."""
    melee = data.get("format") == "melee"
    tables = [
        Table(_("Standings"), pgettext("file name", "standings"),
              *_keyed(data.get("standings", []),
                      PLAYER_STANDINGS_COLUMNS if melee else STANDINGS_COLUMNS)),
        Table(_("Players"), pgettext("file name", "players"),
              *_keyed(data.get("players", []), PLAYER_COLUMNS)) if melee else
        Table(_("Teams"), pgettext("file name", "teams"),
              *_keyed(data.get("teams", []), TEAM_COLUMNS)),
    ]
    for round_data in sorted(data.get("rounds", []), key=lambda r: int(r["round"])):
        number = int(round_data["round"])
        tables.append(Table(round_title(number),
                            pgettext("file name", "round-{round}").format(round=number),
                            [_(header) for _key, header in round_columns(round_data)],
                            round_rows(round_data)))
    staged = len(tables)  # a concours with stages: their sheets after the rounds
    # an empty list is "no penalty": the sheet says so with its header alone; a caller that
    # gives no list at all does not know, and an empty sheet would wrongly say "none"
    if "penalties" in data:
        tables.append(Table(_("Penalties"), pgettext("file name", "penalties"),
                            [_(header) for _key, header in PENALTY_COLUMNS],
                            penalty_rows(data["penalties"])))
    if "history" in data:  # every result entered, and each one a correction replaced
        tables.append(Table(_("History"), pgettext("file name", "history"),
                            [_(header) for _key, header in HISTORY_COLUMNS],
                            [_cells(entry, HISTORY_COLUMNS) for entry in data["history"]]))
    if data.get("deals"):
        tables.append(Table(_("Deals"), pgettext("file name", "deals"),
                            *_keyed(data["deals"], DEAL_COLUMNS)))
    if "fees" in data or "prizes" in data:  # the desk's: a tournament that uses it
        from coinche_cli.sheets.desk_tables import desk_tables

        tables += [Table(*table) for table in desk_tables(data)]
    if "stages" in data:
        from coinche_cli.sheets.stage_tables import stage_tables

        taken = {table.title.lower() for table in tables}
        tables[staged:staged] = [Table(*table) for table in stage_tables(data, taken)]
    return tables


def write_workbook(path: Path, data: ExportData) -> None:
    """Write the results workbook: Standings, Teams, Round 1…, a concours with stages each
    stage's sheet (a knock-out's bracket drawn, :mod:`coinche_cli.sheets.stage_tables`) and
    the Final ranking, Penalties, History (every result entered, how and when, and each one
    a correction replaced), and Deals when there are any.

    Each sheet has its header in row 1 (bold, frozen, repeated on every printed page), a filter
    over the data, columns as wide as their content (capped), numbers stored as numbers,
    booleans as yes/no, and prints on A4 one page wide (landscape when wide); see
    :func:`coinche_cli.sheets.writing.add_table`.
    """
    tables = export_tables(data)

    def fill(book: Book) -> None:
        for table in tables:
            if not table.book:
                continue
            if table.bracket is not None:
                from coinche_cli.sheets.stage_tables import draw_bracket

                draw_bracket(book, table.title, *table.bracket)
            else:
                add_table(book, table.title, table.header, table.rows)

    write_book(path, fill, title=str(data.get("name") or ""))


def csv_paths(directory: Path, data: ExportData) -> list[Path]:
    """The files :func:`write_csv_dir` writes for ``data``."""
    return [directory / f"{table.stem}.csv" for table in export_tables(data)]


def write_csv_dir(directory: Path, data: ExportData, *, sep: str = ",") -> list[Path]:
    """Write each table as a CSV file (UTF-8 with a BOM) in ``directory``; return the paths.

    Files: ``standings.csv``, ``teams.csv``, ``round-1.csv``…, a concours with stages
    ``stage-1.csv``… (a knock-out's ``bracket-1.csv`` too) and ``final-ranking.csv``,
    ``penalties.csv``, ``history.csv``, and ``deals.csv`` when there are deals; in French
    ``classement.csv``, ``equipes.csv``, ``ronde-1.csv``…, ``phase-1.csv``…,
    ``tableau-1.csv``…, ``classement-final.csv``, ``penalites.csv``, ``historique.csv``,
    ``donnes.csv`` (names without accents: every file system and mail attachment keeps
    them).  The folder
    is created when missing; each file is written atomically.
    """
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ExportFailed(_("cannot write {path}: {reason}").format(
            path=directory, reason=exc.strerror or exc)) from None
    written: list[Path] = []
    for table in export_tables(data):
        path = directory / f"{table.stem}.csv"
        write_csv(path, table.header, table.rows, sep)
        written.append(path)
    return written
