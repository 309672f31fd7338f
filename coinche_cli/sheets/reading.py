"""Reading the director's spreadsheets: the teams to register and results collected on paper.

The file is read into rows of text by :mod:`coinche_cli.sheets.grid` (CSV in any of the
encodings and separators a spreadsheet writes, or a workbook's first sheet); here the columns
are found by their header in French or English, ignoring case, accents and surrounding
spaces (:mod:`coinche_cli.sheets.headers`).  Every row is checked before any is returned:
either all rows come back, or :class:`FileProblem` lists every bad row with its spreadsheet
row number (the header is row 1, so the first team is on row 2).

A header row may sit below a title or blank rows; it is the first row naming the key column
(the team, or the table).  pandas is not used at all (it cost half a second and 67 MiB just
to import).

A file is data from anywhere: what reading one may cost is bounded
(:mod:`coinche_cli.sheets.limits`), a team, player or club name is checked as a typed
name is (:func:`coinche_cli.names.check_name`), and a table number or score is digits.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from pathlib import Path

from coinche_cli.errors import InputError, filled
from coinche_cli.i18n import _, ngettext
from coinche_cli.names import check_name, echo, fold
from coinche_cli.sheets.grid import HEADER_SEARCH, read_grid
from coinche_cli.sheets.headers import (
    PLAYER_HEADERS,
    TEAM_HEADERS,
    player_field,
    result_field,
    team_field,
)
from coinche_cli.sheets.headers import FileField as FileField
from coinche_cli.sheets.headers import field_words as field_words
from coinche_cli.sheets.limits import (
    MAX_IMPORT_ROWS,
    MAX_NUMBER,
    Grid,
    column_letter,
    quoted,
    too_many_rows,
)
from coinche_cli.sheets.limits import FileProblem as FileProblem
from coinche_cli.tournament.model import ResultRow, whole_number
from coinche_cli.values import Value

_PLAYER_LIST_SPLIT = re.compile(r"\s*[,;/&+]\s*")


class TeamRow(Value):
    """A team read from a registration file; ``row`` is its spreadsheet row number."""

    __slots__ = ("club", "name", "players", "row")

    def __init__(self, row: int, name: str, players: tuple[str, ...], club: str) -> None:
        self.row = row
        self.name = name
        self.players = players
        self.club = club


# --- finding the columns (their headers: coinche_cli.sheets.headers) ------------------------


class _Layout(Value):
    __slots__ = ("columns", "header", "header_at", "unnamed")

    def __init__(self, header: list[str], header_at: int, columns: dict[str, int],
                 unnamed: tuple[int, ...]) -> None:
        self.header = header  # the header row's cells
        self.header_at = header_at  # its index in the grid
        self.columns = columns  # field -> column index
        self.unnamed = unnamed  # columns with an empty header cell


def _no_column(name: str, header: list[str], fields: str, expected: str) -> FileProblem:
    found = ", ".join(quoted(c) for c in header if c) or _("nothing")
    return FileProblem(_("{file}: no {fields} column (expected a header such as {expected}; found: "
                         "{found}); nothing imported").format(
                             file=name, fields=fields, expected=expected, found=found))


def _unknown_columns(name: str, header: list[str], unknown: list[int], known: str
                     ) -> FileProblem:
    """The header cells no header rule reads: refused, rather than their column's values
    silently left out (a results file's ``joueur 1`` once was, its scores read in table
    order)."""
    columns = ", ".join(f"{column_letter(i)} ({quoted(header[i])})" for i in unknown)
    return FileProblem(ngettext(
        "{file}: coinche does not read column {columns} (it reads {known}); rename or remove "
        "it; nothing imported",
        "{file}: coinche does not read columns {columns} (it reads {known}); rename or remove "
        "them; nothing imported", len(unknown)).format(file=name, columns=columns, known=known))


def _open(path: Path, classify: Callable[[str], str | None], required: tuple[str, ...],
          expected: str, labels: dict[str, str], known: str) -> tuple[Grid, _Layout]:
    """Read the file, find the header row (the first naming ``required[0]``, the key column)
    and map fields to columns; refuse more than :data:`MAX_IMPORT_ROWS` rows below it, and a
    header that no rule reads (``known``: the headers read, in words)."""
    name = path.name
    grid = read_grid(path, lambda text: classify(text) == required[0])
    header_at = next((i for i in range(min(len(grid), HEADER_SEARCH))
                      if required[0] in {classify(c) for c in grid[i][1] if c}), 0)
    if len(grid) - header_at - 1 > MAX_IMPORT_ROWS:
        raise too_many_rows(name, grid[header_at + MAX_IMPORT_ROWS + 1][0])
    header = grid[header_at][1]
    columns: dict[str, int] = {}
    unknown: list[int] = []
    for index, text in enumerate(header):
        field = classify(text) if text else None
        if field is None:
            if text:
                unknown.append(index)
            continue
        if field in columns:
            label = labels.get(field, _("players"))
            raise FileProblem(filled(_("{file}: columns “{first}” and “{second}” both give the "
                                       "{field}; keep one; nothing imported"),
                                     file=name, first=echo(header[columns[field]]),
                                     second=echo(text), field=label))
        columns[field] = index
    missing = [field for field in required if field not in columns]
    if missing:
        raise _no_column(name, header, ", ".join(labels[f] for f in missing), expected)
    if unknown:
        raise _unknown_columns(name, header, unknown, known)
    last_named = max(i for i, text in enumerate(header) if text)
    unnamed = tuple(i for i in range(len(header)) if not header[i] and i < last_named)
    width = max(len(cells) for _row, cells in grid)
    return grid, _Layout(header, header_at, columns, (*unnamed, *range(last_named + 1, width)))


def _names(fields: Sequence[tuple[FileField, str]]) -> list[str]:
    """What is wrong with the names a row gives, ``(field, name)``: each is checked as a name
    typed on the command line is (:func:`check_name`: length, control characters)."""
    problems = []
    for field, text in fields:
        try:
            check_name(text, field_words(field))
        except InputError as exc:  # its text is "field: reason", a row problem already
            problems.append(exc.text)
    return problems


def _at(cells: list[str], column: int | None) -> str:
    return cells[column] if column is not None and column < len(cells) else ""


def _unheaded(layout: _Layout, cells: list[str]) -> list[str]:
    """A row's values in columns without a header: each a problem (no rule reads them)."""
    return [_("{field}: {problem}").format(
                field=_("column {letter}").format(letter=column_letter(column)),
                problem=filled(_("“{value}” is in a column without a header"),
                               value=echo(_at(cells, column))))
            for column in layout.unnamed if _at(cells, column)]


def _refuse(name: str, bad: list[tuple[int, list[str]]]) -> FileProblem:
    lines = [_("{file}: row {row}: {problems}").format(file=name, row=row,
                                                         problems="; ".join(problems))
             for row, problems in bad]
    summary = ngettext("{count} bad row in {file}; nothing imported",
                       "{count} bad rows in {file}; nothing imported",
                       len(bad)).format(count=len(bad), file=name)
    return FileProblem(summary, lines)


def _problem(field: FileField, problem: str, **values: object) -> str:
    """A row's problem with ``field``: ``problem`` (a sentence in the language in force)
    with ``values`` filled in."""
    return _("{field}: {problem}").format(field=field_words(field),
                                          problem=filled(problem, **values))


# --- teams ----------------------------------------------------------------------------------


def read_teams(path: Path) -> list[TeamRow]:
    """The teams in a registration file, in file order; :class:`FileProblem` if any is bad.

    Columns: team (``équipe``, ``team``, ``nom d'équipe``), ``joueur 1``/``player 1`` and
    ``joueur 2``/``player 2`` (or one ``joueurs``/``players`` column such as "Ana, Bob"), and
    an optional ``club``.  A row is bad when its team name is missing, repeats an earlier one
    (ignoring case and accents), or gives more than two players, or when a name (team, player,
    club) is one :func:`check_name` refuses, or holds a value in a column without a header;
    a column no header rule reads is refused, naming it (``registered`` and ``status``, from
    coinche's own export, are read and not used).  Blank rows are skipped.
    """
    name = path.name
    labels = {"name": field_words("team"), "club": field_words("club")}
    expected = ", ".join(TEAM_HEADERS["name"][:3])
    grid, layout = _open(path, team_field, ("name",), expected, labels,
                         _("team, player 1, player 2, players, club"))
    player_columns = [i for field, i in sorted(layout.columns.items())
                      if field.startswith("player ")]
    teams: list[TeamRow] = []
    bad: list[tuple[int, list[str]]] = []
    first_row: dict[str, tuple[int, str]] = {}
    for row, cells in grid[layout.header_at + 1:]:
        team = _at(cells, layout.columns["name"])
        players = [_at(cells, i) for i in player_columns if _at(cells, i)]
        listed = _at(cells, layout.columns.get("players"))
        players += [p for p in _PLAYER_LIST_SPLIT.split(listed) if p]
        club = _at(cells, layout.columns.get("club"))
        problems = _names([("team", team), *(("players", p) for p in players), ("club", club)])
        folded = fold(team)  # once a row: folding is most of the time a big file takes
        if not team:
            problems.append(_problem("team", _("missing")))
        elif folded in first_row:
            first, earlier = first_row[folded]
            problems.append(_problem("team", _("“{name}” repeats “{earlier}” from row {first}"),
                                     name=echo(team), earlier=echo(earlier), first=first))
        else:
            first_row[folded] = (row, team)
        if len(players) > 2:
            problems.append(_problem("players", _("{count} players ({names}); "
                                                  "a team has at most 2"), count=len(players),
                                     names=quoted(", ".join(players))))
        problems += _unheaded(layout, cells)
        if problems:
            bad.append((row, problems))
        else:
            teams.append(TeamRow(row, team, tuple(players), club))
    if bad:
        raise _refuse(name, bad)
    return teams


# --- a mêlée's players ----------------------------------------------------------------------


class PlayerRow(Value):
    """A player as a players file gives them: the spreadsheet row, name, club, licence."""

    __slots__ = ("club", "licence", "name", "row")

    def __init__(self, row: int, name: str, club: str, licence: str) -> None:
        self.row = row
        self.name = name
        self.club = club
        self.licence = licence


def read_players(path: Path) -> list[PlayerRow]:
    """The players in a mêlée's registration file, in file order; :class:`FileProblem` if any
    is bad.  Columns: the name (``nom``, ``name``, ``joueur``, ``player``), an optional
    ``club`` and ``licence``.  A row is bad when its name is missing, repeats an earlier one
    (ignoring case and accents) or is one :func:`check_name` refuses, or holds a value in a
    column without a header; a column no header rule reads is refused, as in a teams file.
    Blank rows are skipped."""
    name = path.name
    labels = {"name": field_words("player"), "club": field_words("club"),
              "licence": field_words("licence")}
    expected = ", ".join(PLAYER_HEADERS["name"][:4])
    grid, layout = _open(path, player_field, ("name",), expected, labels,
                         _("name, club, licence"))
    players: list[PlayerRow] = []
    bad: list[tuple[int, list[str]]] = []
    first_row: dict[str, tuple[int, str]] = {}
    for row, cells in grid[layout.header_at + 1:]:
        player = _at(cells, layout.columns["name"])
        club = _at(cells, layout.columns.get("club"))
        licence = _at(cells, layout.columns.get("licence"))
        problems = _names([("player", player), ("club", club), ("licence", licence)])
        problems += _unheaded(layout, cells)
        folded = fold(player)
        if not player:
            problems.append(_problem("player", _("missing")))
        elif folded in first_row:
            first, earlier = first_row[folded]
            problems.append(_problem("player", _("“{name}” repeats “{earlier}” from row "
                                                 "{first}; for a namesake, add an initial "
                                                 "(“{earlier} B.”) and a licence"),
                                     name=echo(player), earlier=echo(earlier), first=first))
        else:
            first_row[folded] = (row, player)
        if problems:
            bad.append((row, problems))
        else:
            players.append(PlayerRow(row, player, club, licence))
    if bad:
        raise _refuse(name, bad)
    return players


# --- results --------------------------------------------------------------------------------


def read_results(path: Path) -> list[ResultRow]:
    """The results in a file of tables and scores; :class:`FileProblem` if any row is bad.

    Columns: ``table`` (or ``table n°``), ``score 1`` (``score1``, ``points 1``, ``pts 1``)
    and ``score 2``, scores in the order the pairing lists the teams; optionally the teams'
    names, ``nom équipe 1`` (``équipe 1``, ``team 1``, ``nom 1``…) and ``nom équipe 2``, or a
    player of each team, ``joueur 1`` (``player 1``) and ``joueur 2``: both or neither, names
    or players, not both.  A column no header rule reads is refused, naming it.  A row is bad
    when a value is missing or not a whole number in digits (``1 300``: spaces between the
    thousands), past :data:`MAX_NUMBER`, a table is below 1, a score below 0, its table was
    already given on an earlier row, or it names one team but not the other, or a name
    :func:`check_name` refuses, or it holds a value in a column without a header.  Blank rows
    are skipped.
    """
    name = path.name
    fields: tuple[FileField, ...] = ("table", "score1", "score2", "name1", "name2", "player1",
                                     "player2")
    labels: dict[str, str] = {field: field_words(field) for field in fields}
    grid, layout = _open(path, result_field, fields[:3], "table, score 1, score 2", labels,
                         _("table, score 1, score 2, team 1, team 2, player 1, player 2"))
    pair = _who(name, layout, labels)
    results: list[ResultRow] = []
    bad: list[tuple[int, list[str]]] = []
    first_row: dict[int, int] = {}
    for row, cells in grid[layout.header_at + 1:]:
        name1, name2 = ((_at(cells, layout.columns[pair[0]]), _at(cells, layout.columns[pair[1]]))
                        if pair else ("", ""))
        problems = _names([(pair[0], name1), (pair[1], name2)]) if pair else []
        values: dict[str, int] = {}
        numbers: tuple[tuple[FileField, int], ...] = (("table", 1), ("score1", 0), ("score2", 0))
        for field, minimum in numbers:
            text = _at(cells, layout.columns[field])
            number = whole_number(text) if text else None
            if not text:
                problems.append(_problem(field, _("missing")))
            elif number is None:
                problems.append(_problem(field, _("“{got}” is not a whole number"), got=echo(text)))
            elif number > MAX_NUMBER:
                problems.append(_problem(field, _("“{got}” is more than any table number or score "
                                                  "({most:,} at most)"), got=echo(text),
                                         most=MAX_NUMBER))
            elif number < minimum:
                problems.append(_problem(field, _("must be {min} or more, got {got}"), min=minimum,
                                         got=number))
            else:
                values[field] = number
        table = values.get("table")
        if table is not None:
            if table in first_row:
                problems.append(_problem("table", _("table {table} is already on row {first}"),
                                         table=table, first=first_row[table]))
            else:
                first_row[table] = row
        if pair and bool(name1) != bool(name2):  # a row names both teams or neither
            problems.append(_problem(pair[1] if name1 else pair[0], _("missing")))
        problems += _unheaded(layout, cells)
        if problems:
            bad.append((row, problems))
        else:
            results.append(ResultRow(row, values["table"], values["score1"], values["score2"],
                                     name1 or None, name2 or None,
                                     players=pair == ("player1", "player2")))
    if bad:
        raise _refuse(name, bad)
    return results


def _who(name: str, layout: _Layout, labels: dict[str, str]
         ) -> tuple[FileField, FileField] | None:
    """The columns naming who plays at each table: the teams' names (``name1``, ``name2``), a
    player of each team (``player1``, ``player2``), or none; refused when a file gives one of
    a pair without the other, or both kinds."""
    teams = [field for field in ("name1", "name2") if field in layout.columns]
    players = [field for field in ("player1", "player2") if field in layout.columns]
    if teams and players:  # the teams and their players: two answers to one question
        raise FileProblem(filled(_("{file}: columns “{first}” and “{second}” both say who plays "
                                   "at the table; keep one kind; nothing imported"),
                                 file=name, first=echo(layout.header[layout.columns[teams[0]]]),
                                 second=echo(layout.header[layout.columns[players[0]]])))
    for given, words in ((teams, "nom équipe {n}, team {n}"), (players, "joueur {n}, player {n}")):
        if len(given) == 1:  # a name column on its own: the director meant names, half given
            missing = given[0][:-1] + ("2" if given[0].endswith("1") else "1")
            raise _no_column(name, layout.header, labels[missing],
                             words.format(n=missing[-1]))
    if teams:
        return ("name1", "name2")
    return ("player1", "player2") if players else None
