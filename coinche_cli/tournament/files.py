"""Reading the director's spreadsheets: the teams to register and results collected on paper.

Both readers take a CSV file (``,``, ``;`` or tab between cells; UTF-8 with or without a BOM,
UTF-16, or Windows-1252 as an older French Excel writes it) or an Excel workbook (its first
sheet), read every cell as text through pandas, and find the columns by their header in French
or English, ignoring case, accents and surrounding spaces.  Every row is checked before any is
returned: either all rows come back, or :class:`FileProblem` lists every bad row with its
spreadsheet row number (the header is row 1, so the first team is on row 2).

A header row may sit below a title or blank rows; it is the first row naming the key column.
pandas is imported only inside the function that reads, so the rest of the CLI does not pay
for it.
"""

from __future__ import annotations

import codecs
import io
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from coinche_cli.errors import CoincheError
from coinche_cli.messages import msg
from coinche_cli.names import fold

#: Headers recognised for each column, as typed; matching ignores case, accents and spaces.
#: Player columns are any ``joueur N`` / ``player N`` (``joueur1``, ``joueur n°1`` too).
TEAM_HEADERS: dict[str, tuple[str, ...]] = {
    "name": ("équipe", "team", "nom d'équipe", "nom de l'équipe", "nom équipe", "équipes",
             "teams", "team name", "doublette"),
    "players": ("joueurs", "players", "joueur(s)", "player(s)"),
    "club": ("club",),
}
#: Headers recognised for a results file's table column.  Score columns are ``score N``,
#: ``scoreN``, ``points N``, ``équipe N`` or ``team N`` for N = 1, 2.
TABLE_HEADERS: tuple[str, ...] = (
    "table", "table n°", "n° table", "table no", "no table", "numéro de table", "table number",
)

_XLSX_SUFFIXES = {".xlsx", ".xlsm"}
_ZIP_MAGIC = b"PK\x03\x04"
_SEPARATORS = (";", ",", "\t")
#: A header is looked for among the first rows that are not blank (a title may come first).
_HEADER_SEARCH = 10
_PLAYER_LIST_SPLIT = re.compile(r"\s*[,;/&+]\s*")


class FileProblem(CoincheError):
    """A teams or results file that cannot be imported; nothing from it is used.

    The text is one line: what is wrong with the file as a whole ("3 bad rows in
    equipes.csv; nothing imported"), then every bad row with its number, separated by " | "
    (a refusal is one line on the terminal); ``problems`` keeps the rows apart.
    """

    exit_code = 2

    def __init__(self, summary: str, problems: Sequence[str] = ()) -> None:
        super().__init__(" | ".join([summary, *problems]))
        self.summary = summary
        self.problems = list(problems)


@dataclass(frozen=True)
class TeamRow:
    """A team read from a registration file; ``row`` is its spreadsheet row number."""

    row: int
    name: str
    players: tuple[str, ...]
    club: str


@dataclass(frozen=True)
class ResultRow:
    """A table's result read from a results file, scores in the order the pairing lists."""

    row: int
    table: int
    score1: int
    score2: int


# --- reading a file into rows of text -------------------------------------------------------


def _decode(data: bytes) -> str | None:
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError:
            return None
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            text = data.decode(encoding)
        except UnicodeDecodeError:
            continue
        return None if "\x00" in text else text
    return None


def _separator(text: str) -> str:
    """The separator the header line uses most (``,`` when it has none: a single column)."""
    first = next((line for line in text.splitlines() if line.strip()), "")
    counts = {sep: first.count(sep) for sep in _SEPARATORS}
    best = max(_SEPARATORS, key=lambda sep: counts[sep])
    return best if counts[best] else ","


def _cell(value: object) -> str:
    if value is None or (isinstance(value, float) and value != value):  # NaN: an empty cell
        return ""
    return str(value).replace("\u00a0", " ").strip()


def _read_grid(path: Path) -> list[list[str]]:
    """Every row of the file as stripped cell texts; index 0 is spreadsheet row 1."""
    name = path.name
    if not path.is_file():
        raise FileProblem(msg("tfile.not_found", file=name))
    suffix = path.suffix.lower()
    if suffix == ".xls":
        raise FileProblem(msg("tfile.old_excel", file=name))
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise FileProblem(msg("tfile.unreadable", file=name, reason=exc.strerror)) from None
    if suffix in _XLSX_SUFFIXES or data.startswith(_ZIP_MAGIC):
        grid = _excel_cells(name, data)
    else:
        text = _decode(data)
        if text is None:
            raise FileProblem(msg("tfile.not_text", file=name))
        grid = _csv_cells(name, text) if text.strip() else []
    if not any(any(row) for row in grid):
        raise FileProblem(msg("tfile.empty", file=name))
    return grid


def _excel_cells(name: str, data: bytes) -> list[list[str]]:
    """The cells of a workbook's first sheet, read by pandas as text."""
    import pandas as pd  # heavy import, only when a file is imported

    try:
        frame = pd.read_excel(io.BytesIO(data), sheet_name=0, header=None, dtype=str,
                              keep_default_na=False, engine="openpyxl")
    except Exception as exc:  # a damaged or foreign zip: see _unreadable
        raise _unreadable(name, exc) from None
    return [[_cell(value) for value in row] for row in frame.itertuples(index=False)]


def _csv_cells(name: str, text: str) -> list[list[str]]:
    """The cells of CSV text, read by pandas as text, blank lines kept (they are rows)."""
    import pandas as pd  # heavy import, only when a file is imported

    sep = _separator(text)
    # Enough columns for the longest line, so a row with an extra cell is read (and reported)
    # instead of stopping the parser.
    width = max(line.count(sep) for line in text.splitlines()) + 1
    try:
        frame = pd.read_csv(io.StringIO(text), sep=sep, header=None, names=list(range(width)),
                            dtype=str, keep_default_na=False, skip_blank_lines=False)
    except Exception as exc:  # an unclosed quote, say: see _unreadable
        raise _unreadable(name, exc) from None
    return [[_cell(value) for value in row] for row in frame.itertuples(index=False)]


def _unreadable(name: str, exc: Exception) -> FileProblem:
    """The file is the user's, in any state: whatever pandas or openpyxl choke on becomes one
    clear refusal rather than a traceback."""
    text = str(exc).strip()
    reason = text.splitlines()[0] if text else type(exc).__name__
    return FileProblem(msg("tfile.unreadable", file=name, reason=reason))


# --- finding the columns --------------------------------------------------------------------

_PLAYER_HEADER = re.compile(r"^(?:joueur|joueuse|player)\s*(?:n°|no|#)?\s*(\d+)$")
_TEAM_FOLDED = {field: {fold(h) for h in headers} for field, headers in TEAM_HEADERS.items()}
_TABLE_FOLDED = {fold(h) for h in TABLE_HEADERS}
_SCORE_HEADER = re.compile(
    r"^(?:score|points|pts|equipe|team)\s*(?:(?:equipe|team)\s*)?(?:n°|#)?\s*([12])$"
)


def _team_field(header: str) -> str | None:
    folded = fold(header)
    player = _PLAYER_HEADER.match(folded)
    if player:
        return f"player {int(player.group(1)):03d}"  # padded: player columns sort by number
    return next((field for field, headers in _TEAM_FOLDED.items() if folded in headers), None)


def _result_field(header: str) -> str | None:
    folded = fold(header)
    if folded in _TABLE_FOLDED:
        return "table"
    score = _SCORE_HEADER.match(folded)
    return f"score{score.group(1)}" if score else None


@dataclass(frozen=True)
class _Layout:
    header_row: int  # index in the grid
    columns: dict[str, int]  # field -> column index
    unnamed: tuple[int, ...]  # columns with an empty header cell


def _layout(grid: list[list[str]], name: str, classify: Callable[[str], str | None],
            required: tuple[str, ...], expected: str, labels: dict[str, str]) -> _Layout:
    """Find the header row (the first naming a required column) and map fields to columns."""
    candidates = [i for i, row in enumerate(grid) if any(row)][:_HEADER_SEARCH]
    header_index = next(
        (i for i in candidates if required[0] in {classify(c) for c in grid[i] if c}),
        candidates[0],
    )
    header = grid[header_index]
    columns: dict[str, int] = {}
    for index, text in enumerate(header):
        field = classify(text) if text else None
        if field is None:
            continue
        if field in columns:
            label = labels.get(field, msg("tfile.field.players"))
            raise FileProblem(msg("tfile.columns_twice", file=name, first=header[columns[field]],
                                  second=text, field=label))
        columns[field] = index
    missing = [field for field in required if field not in columns]
    if missing:
        found = ", ".join(c for c in header if c) or msg("tfile.nothing_found")
        raise FileProblem(msg("tfile.no_column", file=name,
                              fields=", ".join(labels[f] for f in missing),
                              expected=expected, found=found))
    last_named = max(i for i, text in enumerate(header) if text)
    unnamed = tuple(i for i in range(len(header)) if not header[i] and i < last_named)
    width = max(len(row) for row in grid)
    return _Layout(header_index, columns, (*unnamed, *range(last_named + 1, width)))


def _data_rows(grid: list[list[str]], layout: _Layout) -> Iterator[tuple[int, list[str]]]:
    """The rows below the header that are not blank, with their spreadsheet row number."""
    for index in range(layout.header_row + 1, len(grid)):
        if any(grid[index]):
            yield index + 1, grid[index]


def _column_letter(index: int) -> str:
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def _at(cells: list[str], column: int | None) -> str:
    return cells[column] if column is not None and column < len(cells) else ""


def _refuse(name: str, bad: list[tuple[int, list[str]]]) -> FileProblem:
    lines = [msg("tfile.row", file=name, row=row, problems="; ".join(problems))
             for row, problems in bad]
    summary = (msg("tfile.bad_rows_one", file=name) if len(bad) == 1
               else msg("tfile.bad_rows", count=len(bad), file=name))
    return FileProblem(summary, lines)


def _problem(field: str, key: str, **values: object) -> str:
    return msg("tfile.problem", field=msg(f"tfile.field.{field}"), problem=msg(key, **values))


# --- teams ----------------------------------------------------------------------------------


def read_teams(path: Path) -> list[TeamRow]:
    """The teams in a registration file, in file order; :class:`FileProblem` if any is bad.

    Columns: team (``équipe``, ``team``, ``nom d'équipe``), ``joueur 1``/``player 1`` and
    ``joueur 2``/``player 2`` (or one ``joueurs``/``players`` column such as "Ana, Bob"), and
    an optional ``club``.  A row is bad when its team name is missing, repeats an earlier one
    (ignoring case and accents), or gives more than two players.  Blank rows are skipped.
    """
    name = path.name
    grid = _read_grid(path)
    labels = {"name": msg("tfile.field.team"), "club": msg("tfile.field.club")}
    expected = ", ".join(TEAM_HEADERS["name"][:3])
    layout = _layout(grid, name, _team_field, ("name",), expected, labels)
    player_columns = [i for field, i in sorted(layout.columns.items())
                      if field.startswith("player ")]
    teams: list[TeamRow] = []
    bad: list[tuple[int, list[str]]] = []
    first_row: dict[str, tuple[int, str]] = {}
    for row, cells in _data_rows(grid, layout):
        problems: list[str] = []
        team = _at(cells, layout.columns["name"])
        players = [_at(cells, i) for i in player_columns if _at(cells, i)]
        listed = _at(cells, layout.columns.get("players"))
        players += [p for p in _PLAYER_LIST_SPLIT.split(listed) if p]
        if not team:
            problems.append(_problem("team", "tfile.missing"))
        elif fold(team) in first_row:
            first, earlier = first_row[fold(team)]
            problems.append(_problem("team", "tfile.duplicate_team", name=team, earlier=earlier,
                                     first=first))
        else:
            first_row[fold(team)] = (row, team)
        if len(players) > 2:
            problems.append(_problem("players", "tfile.too_many_players", count=len(players),
                                     names=", ".join(players)))
        for column in layout.unnamed:
            if _at(cells, column):
                problems.append(msg("tfile.problem",
                                    field=msg("tfile.field.column",
                                              letter=_column_letter(column)),
                                    problem=msg("tfile.no_header", value=_at(cells, column))))
        if problems:
            bad.append((row, problems))
        else:
            club = _at(cells, layout.columns.get("club"))
            teams.append(TeamRow(row, team, tuple(players), club))
    if bad:
        raise _refuse(name, bad)
    return teams


# --- results --------------------------------------------------------------------------------


def _whole(text: str) -> int | None:
    """``text`` as a whole number (``12``, ``12.0`` from a spreadsheet, ``2 001``), or None."""
    compact = re.sub(r"[\s\u202f]", "", text)
    try:
        return int(compact)
    except ValueError:
        pass
    try:
        number = float(compact)
    except ValueError:
        return None
    return int(number) if number.is_integer() else None


def read_results(path: Path) -> list[ResultRow]:
    """The results in a file of tables and scores; :class:`FileProblem` if any row is bad.

    Columns: ``table`` (or ``table n°``), ``score 1`` (``score1``, ``points 1``, ``équipe 1``)
    and ``score 2``, scores in the order the pairing lists the teams.  A row is bad when a
    value is missing or not a whole number, a table is below 1, a score below 0, or its table
    was already given on an earlier row.  Blank rows are skipped; other columns are ignored.
    """
    name = path.name
    grid = _read_grid(path)
    labels = {field: msg(f"tfile.field.{field}") for field in ("table", "score1", "score2")}
    expected = "table, score 1, score 2"
    layout = _layout(grid, name, _result_field, ("table", "score1", "score2"), expected, labels)
    results: list[ResultRow] = []
    bad: list[tuple[int, list[str]]] = []
    first_row: dict[int, int] = {}
    for row, cells in _data_rows(grid, layout):
        problems: list[str] = []
        values: dict[str, int] = {}
        for field, minimum in (("table", 1), ("score1", 0), ("score2", 0)):
            text = _at(cells, layout.columns[field])
            number = _whole(text) if text else None
            if not text:
                problems.append(_problem(field, "tfile.missing"))
            elif number is None:
                problems.append(_problem(field, "tfile.not_whole", got=text))
            elif number < minimum:
                problems.append(_problem(field, "tfile.too_small", min=minimum, got=number))
            else:
                values[field] = number
        table = values.get("table")
        if table is not None:
            if table in first_row:
                problems.append(_problem("table", "tfile.table_twice", table=table,
                                         first=first_row[table]))
            else:
                first_row[table] = row
        if problems:
            bad.append((row, problems))
        else:
            results.append(ResultRow(row, values["table"], values["score1"], values["score2"]))
    if bad:
        raise _refuse(name, bad)
    return results
