"""Reading a prize list: ``rank;prize`` rows from a CSV file, a workbook (.xlsx, .ods) or a
YAML file.

A spreadsheet gives a rank (``3``, a range ``5-8``, or ``*`` for every remaining team) and a
prize per row, with a header (``rang``/``rank``/``place``, ``lot``/``prize``/``prix``) or
without one (the first two columns).  A YAML file maps ranks to prizes (``1: Un jambon``,
``"5-8": Une bouteille``, ``"*": Un saucisson``) or lists ``{rank, prize}`` items.  What
reading may cost is bounded as for a teams file (:mod:`coinche_cli.sheets.limits`); YAML
has no anchors, aliases or tags and is at most :data:`MAX_YAML_BYTES`.  Every row is checked
before any is used: bad rows are listed, one line each; two rows giving a prize to the same
rank are refused in one line naming both; nothing is set.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from coinche_cli.errors import InputError
from coinche_cli.i18n import _, ngettext
from coinche_cli.names import check_name, fold
from coinche_cli.sheets.grid import read_grid
from coinche_cli.sheets.limits import FileProblem, quoted
from coinche_cli.tournament.prizes import MAX_RANK, PrizeLine, clash, parse_prize, parse_ranks

#: The largest YAML prize list read (a few hundred lines take a few KiB).
MAX_YAML_BYTES = 256 * 2**10
#: How deep a YAML prize list nests (a list of mappings is two levels).
MAX_DEPTH = 4
#: A column's header, folded (no accents, no case): the rank, or the prize.
RANK_HEADERS = ("rang", "rank", "place", "classement", "position", "ranks", "rangs")
PRIZE_HEADERS = ("lot", "lots", "prize", "prizes", "prix", "recompense", "dotation")


def _kind(text: str) -> str | None:
    folded = fold(text)
    if folded in RANK_HEADERS:
        return "rank"
    if folded in PRIZE_HEADERS:
        return "prize"
    return None


def read_prizes(path: Path) -> list[PrizeLine]:
    """The prize lines of ``path``, in file order; :class:`FileProblem` if any row is bad
    or two give a prize to the same rank."""
    name = path.name
    rows = _yaml_rows(path) if path.suffix.lower() in (".yaml", ".yml") else _grid_rows(path)
    lines: list[PrizeLine] = []
    where: list[int] = []
    bad: list[str] = []
    for row, ranks, prize in rows:
        problems = []
        try:
            first, last = parse_ranks(ranks, "rank")
        except InputError as exc:
            problems.append(exc.text)
        try:
            text, amount = parse_prize(check_name(prize, "prize"), "prize")
        except InputError as exc:
            problems.append(exc.text)
        if problems:
            bad.append(_("{file}: row {row}: {problems}").format(file=name, row=row,
                                                                 problems="; ".join(problems)))
            continue
        lines.append(PrizeLine(first, last, text, amount))
        where.append(row)
    if bad:
        raise FileProblem(ngettext("{count} bad row in {file}; nothing set",
                                   "{count} bad rows in {file}; nothing set",
                                   len(bad)).format(count=len(bad), file=name), bad)
    if not lines:
        raise FileProblem(_("{file}: no prize in it; nothing set").format(file=name))
    found = clash(lines)
    if found is not None:
        one, two = found
        raise FileProblem(_("{file}: rows {first} and {second} give ranks {ranks1} and {ranks2} "
                            "two prizes: give each rank one; nothing set").format(
                                file=name, first=where[one], second=where[two],
                                ranks1=lines[one].ranks(), ranks2=lines[two].ranks()))
    return lines


def _is_rank(text: str) -> bool:
    try:
        parse_ranks(text)
    except InputError:
        return False
    return True


def _grid_rows(path: Path) -> list[tuple[int, str, str]]:
    """(spreadsheet row, rank, prize) of a CSV file or a workbook's first sheet."""
    grid = read_grid(path, lambda text: _kind(text) == "rank")
    rank_at, prize_at, start = 0, 1, 0
    first_cells = grid[0][1]
    if not (first_cells and _is_rank(first_cells[0])):  # a header: find its two columns
        header = {_kind(cell): index for index, cell in reversed(list(enumerate(first_cells)))
                  if _kind(cell)}
        if "rank" not in header or "prize" not in header:
            shown = ", ".join(quoted(cell) for cell in first_cells if cell) or _("nothing")
            raise FileProblem(_("{file}: no rank and prize columns (a header such as rang;lot "
                                "or rank;prize, or rows such as 1;Un jambon; found: {found}); "
                                "nothing set").format(file=path.name, found=shown))
        rank_at, prize_at, start = header["rank"], header["prize"], 1
    rows: list[tuple[int, str, str]] = []
    for row, cells in grid[start:]:
        if len(rows) > MAX_RANK:
            raise FileProblem(_("{file}: more than {most} prize rows; nothing set").format(
                file=path.name, most=MAX_RANK))
        rank = cells[rank_at] if rank_at < len(cells) else ""
        prize = cells[prize_at] if prize_at < len(cells) else ""
        rows.append((row, rank, prize))
    return rows


def _yaml_rows(path: Path) -> list[tuple[int, str, str]]:
    """(line, rank, prize) of a YAML prize list: a mapping of ranks to prizes, or a list of
    ``{rank, prize}`` items."""
    import yaml  # only when a YAML prize list is read

    name = path.name
    try:
        with path.open("rb") as file:
            data = file.read(MAX_YAML_BYTES + 1)
    except OSError as exc:
        raise FileProblem(_("{file}: cannot read it ({reason}); nothing set").format(
            file=name, reason=exc.strerror)) from None
    if len(data) > MAX_YAML_BYTES:
        raise FileProblem(_("{file}: larger than {most} KiB, more than any prize list; nothing "
                            "set").format(file=name, most=MAX_YAML_BYTES // 1024))
    try:
        text = data.decode("utf-8-sig")
        # anchors, aliases and tags are how a small file grows huge, and nesting how it
        # runs the reader's recursion out: a prize list has none, and two levels
        depth = 0
        for event in yaml.parse(text, Loader=yaml.SafeLoader):
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
            elif isinstance(event, yaml.CollectionEndEvent):
                depth -= 1
            if depth > MAX_DEPTH:
                mark = event.start_mark
                raise FileProblem(_("{file}: line {line}: nested deeper than a prize list; "
                                    "nothing set").format(
                                        file=name, line=mark.line + 1 if mark else "?"))
            if (isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None)
                    or getattr(event, "tag", None) is not None):
                mark = event.start_mark
                raise FileProblem(_("{file}: line {line}: anchors, aliases and tags cannot "
                                    "be used in a prize list; nothing set").format(
                                        file=name, line=mark.line + 1 if mark else "?"))
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except UnicodeDecodeError:
        raise FileProblem(_("{file}: not UTF-8 text; nothing set").format(file=name)) from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        if mark is None:
            raise FileProblem(_("{file}: not a YAML file; nothing set").format(
                file=name)) from None
        raise FileProblem(_("{file}: line {line}: not YAML; nothing set").format(
            file=name, line=mark.line + 1)) from None
    rows: list[tuple[int, str, str]] = []
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            rows.append((key.start_mark.line + 1, _scalar(key), _scalar(value)))
    elif isinstance(node, yaml.SequenceNode):
        for item in node.value:
            fields = ({_scalar(k): _scalar(v) for k, v in item.value}
                      if isinstance(item, yaml.MappingNode) else {})
            rank = next((v for k, v in fields.items() if _kind(k) == "rank"), "")
            prize = next((v for k, v in fields.items() if _kind(k) == "prize"), "")
            rows.append((item.start_mark.line + 1, rank, prize))
    else:
        raise FileProblem(_("{file}: a prize list maps ranks to prizes (1: Un jambon); "
                            "nothing set").format(file=name))
    if len(rows) > MAX_RANK:
        raise FileProblem(_("{file}: more than {most} prize rows; nothing set").format(
            file=name, most=MAX_RANK))
    return rows


def _scalar(node: Any) -> str:
    """A YAML node's text (a nested list or mapping is no rank or prize: its text is empty,
    and the row is refused for it)."""
    value = getattr(node, "value", "")
    return value if isinstance(value, str) else ""
