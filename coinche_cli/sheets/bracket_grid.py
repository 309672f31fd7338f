"""A knock-out bracket laid out as it is drawn on paper: what the workbook's bracket sheet and
the bracket poster both draw (:mod:`coinche_cli.sheets.stage_tables`,
:mod:`coinche_cli.sheets.posters`).

1. A column per partie of the stage, in order, headed by the words of the main bracket's
   round played in it (« Quarts », « Demi-finales », « Finale »).
2. The main bracket (the matches for first place) comes first; each range of places its
   losers play for (the « Petite finale », « Places 5–8 »…) is a section below it, headed by
   its words, in the order the bracket lists them (by partie, then by first place).  A
   range's winners stay in its section; its losers, when they play on, open another one.
3. The first matches of a section follow one another in bracket order, one match high each;
   a later match sits halfway between the two matches it is fed by, so that every match is
   level with the two it comes from.  Positions are in match heights: a renderer gives a
   match an even number of lines (two sides, perhaps a line of its own and a blank one)
   and every position falls on a whole line.

Pure: the input is the bracket as ``bracket --json`` gives it (its rounds, each with its
words), nothing else is read.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from coinche_cli.tournament.export_views import ExportBracketRound, ExportMatch


@dataclass(frozen=True)
class Placed:
    """A match in its column, ``slot`` match heights below its section's top (rule 3)."""

    match: ExportMatch
    column: int
    slot: float


@dataclass
class Section:
    """The main bracket (``title`` None) or a range of places (its words), its height in
    matches and its matches."""

    title: str | None
    height: int = 0
    matches: list[Placed] = field(default_factory=list)


@dataclass(frozen=True)
class Grid:
    """A bracket laid out: the parties (the room's round numbers) and the words heading each
    column (rule 1), and the sections (rule 2)."""

    parties: list[int]
    headers: list[str]
    sections: list[Section]


#: A line of a drawn bracket: a section's title, or a cell per column (None: empty), each
#: cell a match and which of its lines it is (0 to the renderer's unit - 1).
Line = (tuple[Literal["title"], str]
        | tuple[Literal["cells"], list[tuple["ExportMatch", int] | None]])


def grid(rounds: Sequence[ExportBracketRound]) -> Grid:
    """The bracket of ``rounds`` laid out (rules 1-3)."""
    parties = sorted({column["round"] for column in rounds})
    index = {number: place for place, number in enumerate(parties)}
    headers = [""] * len(parties)
    sections: dict[str, Section] = {}
    where: dict[str, tuple[Section, float]] = {}  # a match's section and slot
    winners_of: dict[str, list[str]] = {}  # a match -> the matches whose winners it takes
    losers_of: dict[str, list[str]] = {}
    for column in rounds:
        for match in column["matches"]:
            if match["winner_to"] is not None:
                winners_of.setdefault(match["winner_to"], []).append(match["match"])
            if match["loser_to"] is not None:
                losers_of.setdefault(match["loser_to"], []).append(match["match"])
    for column in rounds:
        for match in column["matches"]:
            fed = winners_of.get(match["match"], [])
            if fed:  # a later match of its feeders' section, halfway between them
                section = where[fed[0]][0]
                slot = sum(where[feeder][1] for feeder in fed) / len(fed)
            else:  # a first match of the main bracket, or of a range its losers play for
                key = column["label"] if match["match"] in losers_of else ""
                section = sections.setdefault(
                    key, Section(column["words"] if key else None))
                slot = float(section.height)
                section.height += 1
            where[match["match"]] = (section, slot)
            section.matches.append(Placed(match, index[column["round"]], slot))
            if section.title is None and not headers[index[column["round"]]]:
                headers[index[column["round"]]] = column["words"]
    main = sections.pop("", None)
    return Grid(parties, headers, [*([main] if main else []), *sections.values()])


def lines(drawn: Grid, unit: int) -> list[Line]:
    """The grid's lines with ``unit`` lines (even) per match: each section's title (the main
    bracket has none), then its lines, each with a cell per column."""
    found: list[Line] = []
    for section in drawn.sections:
        if section.title is not None:
            found.append(("title", section.title))
        block: list[list[tuple[ExportMatch, int] | None]] = [
            [None] * len(drawn.parties) for _line in range(section.height * unit)]
        for placed in section.matches:
            top = round(placed.slot * unit)
            for part in range(unit):
                block[top + part][placed.column] = (placed.match, part)
        found.extend(("cells", cells) for cells in block)
    return found
