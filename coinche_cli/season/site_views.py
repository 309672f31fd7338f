"""What a season's results site shows (``season publish SEASON DIR``), as plain data built from
the very views of ``season standings --json`` and ``season export``: the ranking with a
column per concours (which count, which do not), and each line's page with its part in each
concours.  :mod:`coinche_cli.sheets.site` draws the pages.

Rules of the season's site, which a club can check page by page:

1. ``index.html``: the ranking as ``season standings`` prints it (rank, name, club, points,
   concours played and counted, wins, draws, losses, score, whether the line may take a
   prize) and a column per concours, in the season's order: the points each line scored
   there, bold when they count, in brackets when they do not (only the best N count), a dash
   where it did not play.
2. A page per line, in ranking order: ``player-K.html`` (by team: ``team-K.html``), K from
   1: its totals and, concours by concours, its points, wins, draws, losses, score and
   whether they count.
3. Every number is read from the views above, never counted again here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # a TypedDict is a plain dict at run time: the classes are the checker's alone
    from typing import TypedDict

    from coinche_cli.season.views import (
        EventResultJson,
        SeasonEventJson,
        SeasonExport,
        SeasonLineJson,
        SeasonPosterCell,
    )

    class SeasonSiteLine(TypedDict):
        """A line of the season's ranking, its page's file and its part in each concours
        (``cells``: one per concours of the season; ``results``: the concours it played)."""

        line: SeasonLineJson
        name: str
        file: str
        cells: list[SeasonPosterCell]
        results: list[EventResultJson]

    class SeasonSite(TypedDict):
        """Everything the season's site shows."""

        name: str
        date: str
        by: str
        best: int | None
        min_events: int | None
        events: list[SeasonEventJson]
        lines: list[SeasonSiteLine]
        files: dict[str, str]


def season_site(shown: list[SeasonLineJson], data: SeasonExport) -> SeasonSite:
    """The season's site: its ranking as ``season standings --json`` prints it (``shown``),
    its concours and each line's points in each as ``season export`` has them (``data``: the
    same lines, in the same order), each line's page."""
    prefix = "team" if data["by"] == "team" else "player"
    lines: list[SeasonSiteLine] = []
    for k, (line, exported) in enumerate(zip(shown, data["lines"], strict=True), start=1):
        lines.append({
            "line": line, "name": exported["name"], "file": f"{prefix}-{k}.html",
            "cells": [{"points": points, "counted": kept} for points, kept in zip(
                exported["results"], exported["counted"], strict=True)],
            "results": line["results"]})
    events = data["events"]
    return {"name": data["name"], "date": events[-1]["date"] if events else "",
            "by": data["by"], "best": data["best"], "min_events": data["min_events"],
            "events": events, "lines": lines,
            "files": {line["name"]: line["file"] for line in lines}}
