"""How a season, its people and their ratings read on the terminal (their JSON is each line's
``to_json``).  Plain text only: names are printed as they were typed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from coinche_cli.cli.output import Column, print_line, print_table
from coinche_cli.i18n import _, ngettext, pgettext

if TYPE_CHECKING:
    from coinche_cli.season.ops import SeasonTable
    from coinche_cli.season.ratings import Rating


def render_standings(table: SeasonTable, wide: bool) -> None:
    """The season's ranking as a table; ``wide``: a column per concours, numbered, the ones
    not counted in brackets, and what each number names.  The draws have a column when the
    scale gives a draw points (they count then); else W and L say all that counts."""
    settings = table.season.settings
    by_team = settings.by == "team"
    draws = settings.points("draw") != 0
    columns = [Column(_("rank"), right=True),
               Column(_("team") if by_team else _("player"), flexible=True),
               Column(_("club"), flexible=True),
               Column(_("points"), right=True),
               Column(pgettext("season", "played"), right=True),
               Column(pgettext("season", "counted"), right=True),
               Column(_("W"), right=True), *([Column(_("D"), right=True)] if draws else []),
               Column(_("L"), right=True), Column(_("score"), right=True)]
    if settings.min_events:
        columns.append(Column(pgettext("season", "prizes")))
    if wide:
        columns += [Column(str(number), right=True)
                    for number in range(1, len(table.events) + 1)]
    rows = []
    for line in table.lines:
        row = [str(line.rank), line.name, line.club, str(line.points), str(line.events),
               str(len(line.counted)), str(line.wins), *([str(line.draws)] if draws else []),
               str(line.losses), str(line.score)]
        if settings.min_events:
            row.append(_("yes") if line.eligible else "")
        if wide:
            for place, result in enumerate(line.results):
                if result is None:
                    row.append("·")
                elif place in line.counted:
                    row.append(str(result.points))
                else:
                    row.append(f"({result.points})")
        rows.append(row)
    print_line(table.season.name)
    if not rows:
        print_line(_("no concours played yet: coinche season add SEASON TOURNAMENT…"))
        return
    print_table(columns, rows, whole=False)
    if wide:
        for number, record in enumerate(table.events, start=1):
            print_line(f"{number:>3} = {record.name} ({record.created[:10]})")
    if settings.best is not None:
        print_line(ngettext("only the best concours counts",
                            "only the {count} best concours count", settings.best).format(
            count=settings.best))


def render_ratings(ratings: list[Rating]) -> None:
    """The ratings: the established first, best first, then the provisional."""
    from coinche_cli.season.ratings import PROVISIONAL

    if not ratings:
        print_line(_("no match played yet"))
        return
    columns = [Column(_("rank"), right=True), Column(_("player"), flexible=True),
               Column(pgettext("rating", "rating"), right=True),
               Column(pgettext("rating", "matches"), right=True)]
    settled = [r for r in ratings if not r.provisional]
    if settled:
        print_table(columns, [[str(place), r.name, f"{r.rating} ± {r.margin}", str(r.matches)]
                              for place, r in enumerate(settled, start=1)])
    waiting = [r for r in ratings if r.provisional]
    if waiting:
        if settled:
            print_line()
        print_line(ngettext("provisional (fewer than {count} match):",
                            "provisional (fewer than {count} matches):",
                            PROVISIONAL).format(count=PROVISIONAL))
        print_table(columns, [["", r.name, f"{r.rating} ± {r.margin}", str(r.matches)]
                              for r in waiting])
    print_line(_("± is the margin: the true rating lies within it 95 times in 100"))
