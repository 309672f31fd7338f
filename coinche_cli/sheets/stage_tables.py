"""The stages' sheets of the results workbook, and their CSV files: a sheet per stage (its
own name), and the final ranking (``Final ranking``, « Classement final »).

Only a concours with stages has them (its export data holds ``stages``, and ``final`` once a
later stage has started); any other exports as it always did.

- A Swiss stage: its own standings (its parties only, what it carried in included).  A poule
  stage: each poule's standings, poule after poule (its poule, its rank in it, its rank in the
  stage).  As CSV: ``stage-N.csv`` (N the stage's position: 1 for the first stage added).
- A knock-out: its bracket drawn as on paper (:mod:`coinche_cli.sheets.bracket_grid`): a
  column per partie, each match its number and table over its two teams (seed, name,
  score, a ✓ for the winner), a bye said as such.  As CSV: ``tableau-N.csv``, a row per
  match (partie, round, match, table, each team and seed, the scores, the winner, a bye),
  and ``stage-N.csv``, its teams in the order it places them (by seed until it is played).
- ``final-ranking.csv``: every team's final rank, the stage that decided it and how, and
  its counts over the whole concours.

(The files' names are in the language in force: ``phase-N.csv``, ``tableau-N.csv`` and
``classement-final.csv`` in French.)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from coinche_cli.i18n import N_, _, pgettext
from coinche_cli.sheets.writing import HEADER_STYLE, print_setup, set_widths, sheet_title
from coinche_cli.tournament.model import round_title

if TYPE_CHECKING:
    from xlsxwriter.format import Format

    from coinche_cli.sheets.writing import Book
    from coinche_cli.tournament.export_views import (
        ExportBracketRound,
        ExportData,
        ExportMatch,
    )

    #: A stage's table: title, file stem, header, rows, its stage's name and bracket (drawn
    #: in the workbook in place of the rows) and whether the workbook has it (a
    #: knock-out's order: CSV only).
    StageTable = tuple[str, str, list[str], list[list[Any]],
                       tuple[str, Sequence[ExportBracketRound]] | None, bool]

COUNT_COLUMNS: tuple[tuple[str, str], ...] = (
    ("played", N_("played")), ("wins", N_("wins")), ("draws", N_("draws")),
    ("losses", N_("losses")), ("byes", N_("byes")), ("forfeits", N_("forfeits")),
    ("points_for", N_("points for")), ("points_against", N_("points against")),
    ("difference", N_("difference")), ("match_points", N_("match points")),
    ("penalties", N_("penalties")), ("buchholz", N_("buchholz")),
)
SWISS_COLUMNS: tuple[tuple[str, str], ...] = (
    ("rank", N_("rank")), ("team", N_("team")), ("players", N_("players")), *COUNT_COLUMNS,
)
GROUP_COLUMNS: tuple[tuple[str, str], ...] = (
    ("group", N_("poule")), ("group_rank", N_("rank in poule")), ("rank", N_("rank")),
    ("team", N_("team")), ("players", N_("players")), *COUNT_COLUMNS,
)
KNOCKOUT_COLUMNS: tuple[tuple[str, str], ...] = (
    ("rank", N_("rank")), ("team", N_("team")), ("players", N_("players")),
    ("seed", N_("seed")), ("place_by", N_("place by")),
)
FINAL_COLUMNS: tuple[tuple[str, str], ...] = (
    ("rank", N_("rank")), ("team", N_("team")), ("players", N_("players")),
    ("stage", N_("stage")), ("place_by", N_("place by")), *COUNT_COLUMNS,
)
BRACKET_COLUMNS: tuple[str, ...] = (
    N_("round"), N_("label"), N_("match"), N_("table"), N_("team 1"), N_("seed 1"),
    N_("team 2"), N_("seed 2"), N_("score 1"), N_("score 2"), N_("winner"), N_("bye"),
)
#: The winner's mark beside its name on a bracket sheet.
WINNER_MARK = "✓"


def _rows(lines: Sequence[Mapping[str, Any]], columns: tuple[tuple[str, str], ...]
          ) -> tuple[list[str], list[list[Any]]]:
    return ([_(header) for _key, header in columns],
            [[line.get(key) for key, _header in columns] for line in lines])


def bracket_rows(rounds: Sequence[ExportBracketRound]) -> list[list[Any]]:
    """A bracket as rows, one per match in bracket order (byes and void matches included)."""
    rows: list[list[Any]] = []
    for column in rounds:
        for match in column["matches"]:
            (team1, team2), (seed1, seed2) = match["teams"], match["seeds"]
            scores = match["scores"] or [None, None]
            rows.append([column["round"], column["words"], match["match"], match["table"],
                         team1, seed1, team2, seed2, scores[0], scores[1], match["winner"],
                         match["bye"]])
    return rows


def stage_tables(data: ExportData, taken: set[str]) -> list[StageTable]:
    """Each stage's tables, then the final ranking's; each sheet named so that Excel takes
    it, apart from ``taken`` (the other sheets' names, lower-cased; the new ones added)."""
    found: list[StageTable] = []
    for stage in data.get("stages", []):
        position = stage["position"]
        title = sheet_title(stage["name"], taken,
                            _("Stage {position}").format(position=position))
        stem = pgettext("file name", "stage-{position}").format(position=position)
        if stage["kind"] == "knockout":
            rounds = stage.get("bracket", [])
            found.append((title, pgettext("file name", "tableau-{position}").format(
                position=position), [_(header) for header in BRACKET_COLUMNS],
                bracket_rows(rounds), (stage["name"], rounds), True))
            found.append((title, stem, *_rows(stage["lines"], KNOCKOUT_COLUMNS), None, False))
        else:
            columns = GROUP_COLUMNS if stage["kind"] == "groups" else SWISS_COLUMNS
            found.append((title, stem, *_rows(stage["lines"], columns), None, True))
    if "final" in data:
        found.append((sheet_title(_("Final ranking"), taken, _("Final ranking")),
                      pgettext("file name", "final-ranking"),
                      *_rows(data["final"], FINAL_COLUMNS), None, True))
    return found


# --- the bracket sheet ------------------------------------------------------------------------

#: A bracket sheet's columns per partie: seed, team, score, the winner's mark, a gap.
_SEED, _TEAM, _SCORE, _MARK, _GAP = range(5)
_PER_PARTIE = 5
#: The rows above the bracket: its title, the rounds' words, the parties, a blank row.
_TOP = 4
#: A match's lines: its number and table, its two sides, a blank line.
_UNIT = 4


def _match_head(match: ExportMatch) -> str:
    """A match's line over its teams: its number, and its table or that it is a bye."""
    if match["bye"]:
        return _("{match} · bye").format(match=match["match"])
    if match["table"] is not None:
        return _("{match} · table {table}").format(match=match["match"], table=match["table"])
    return match["match"]


def _side(book: Book, sheet: Any, row: int, left: int, match: ExportMatch, side: int) -> None:
    """One side of a match: its seed, team and score, the winner's mark; a side nobody fills
    says « bye » (or a dash in a match nobody plays); a side not known yet is an empty box."""
    team, seed = match["teams"][side], match["seeds"][side]
    won = team is not None and team == match["winner"]
    box = book.style({"border": 1, "bold": won})
    name: Any = team
    if match["absent"][side]:  # a bye's other side, or a match nobody plays
        name = _("bye") if match["bye"] else "—"
    scores = match["scores"]
    cells = (seed, name, None if scores is None else scores[side], WINNER_MARK if won else None)
    for offset, value in enumerate(cells):
        book.put(sheet, row, left + offset, value, box)


def draw_bracket(book: Book, title: str, stage: str,
                 rounds: Sequence[ExportBracketRound]) -> None:
    """A knock-out's sheet: its bracket drawn as on paper (rules of
    :mod:`coinche_cli.sheets.bracket_grid`), printed landscape on A4, one page wide."""
    from coinche_cli.sheets.bracket_grid import grid, lines

    drawn = grid(rounds)
    sheet = book.sheet(title)
    head: Format = book.style(HEADER_STYLE)
    bold = book.style({"bold": True})
    book.put(sheet, 0, 0, stage, book.style({"bold": True, "font_size": 14}))
    longest = 12
    for column, (words, number) in enumerate(zip(drawn.headers, drawn.parties, strict=True)):
        left = column * _PER_PARTIE
        book.put(sheet, 1, left, words, head)
        for offset in range(1, _MARK + 1):
            book.put(sheet, 1, left + offset, None, head)
        book.put(sheet, 2, left, round_title(number))
    row = _TOP
    for line in lines(drawn, _UNIT):
        if line[0] == "title":
            book.put(sheet, row + 1, 0, line[1], bold)  # a blank line above a section
            row += 2
            continue
        for column, cell in enumerate(line[1]):
            if cell is None:
                continue
            match, part = cell
            left = column * _PER_PARTIE
            if part == 0:
                book.put(sheet, row, left, _match_head(match))
            elif part in (1, 2):
                _side(book, sheet, row, left, match, part - 1)
                longest = max(longest, len(match["teams"][part - 1] or ""))
        row += 1
    team_width = min(longest + 2, 40)
    set_widths(sheet, [(5, team_width, 7, 3, 2)[index % _PER_PARTIE]
                       for index in range(len(drawn.parties) * _PER_PARTIE)])
    sheet.freeze_panes(_TOP - 1, 0)
    print_setup(sheet, landscape=True, title_row=2)
    sheet.repeat_rows(1, 2)  # the rounds' words and their parties on every page
    sheet.set_footer("&C" + _("{sheet} · page {page} of {pages}").format(
        sheet="&A", page="&P", pages="&N"))
