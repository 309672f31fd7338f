"""How a tournament reads on the terminal (its JSON and export data are
:mod:`coinche_cli.tournament.views`).

Plain text only (no Rich): team names are printed as they were typed, never read as markup.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, Literal, assert_never

from coinche_cli.cli.output import Column, print_json, print_line, print_table, warning_line
from coinche_cli.i18n import _, ngettext, pgettext
from coinche_cli.store.records import ResultRecord, source_words
from coinche_cli.tournament.model import Round, Tournament, bye_points, bye_points_pending
from coinche_cli.tournament.ranking import Ranking
from coinche_cli.tournament.views import penalties_json

#: After a result typed at one table of a round of more tables than this, the command prints
#: that table and a count of the others (``tournament show`` lists them): a concours of 200
#: teams and fewer is printed whole after every result, as it always was.
ROUND_NAMES_UP_TO = 100

if TYPE_CHECKING:  # the standings load only for the commands that show them
    from coinche_cli.tournament.results import Entered
    from coinche_cli.tournament.standings import Standing


def round_lines(tournament: Tournament, played: Round,
                only: Collection[int] | None = None) -> list[str]:
    """A round as plain lines: table, teams, result; with ``only``, those tables' lines and
    a line counting the others (which ``tournament show`` lists)."""
    lines = [ngettext("round {round}: {count} table", "round {round}: {count} tables",
                      played.tables).format(round=played.number, count=played.tables)]
    for b in played.boards:
        if only is not None and b.table not in only:
            continue
        if b.forfeit is not None:
            result = _("forfeit by {team}").format(team=tournament.name_of(b.forfeit))
        elif b.score1 is not None:
            result = _("{score1}–{score2}").format(score1=b.score1, score2=b.score2)
        elif b.game_id is not None:
            result = _("scored deal by deal in game {game}").format(game=b.game_id)
        else:
            result = _("…")
        if tournament.settings.melee:  # four names: "3 · Ana & Cyd – Bob & Dan"
            lines.append(f"  {b.table:>3} · {tournament.name_of(b.team1)} – "
                         f"{tournament.name_of(b.team2)}   {result}")
        elif tournament.stages:  # the stage and its match: "5  Tableau A QF1  Les As – …"
            from coinche_cli.tournament.stages import stage_of

            where = " ".join(w for w in (stage_of(tournament, b.stage).name, b.match) if w)
            lines.append(f"  {b.table:>3}  [{where}]  {tournament.name_of(b.team1)}  –  "
                         f"{tournament.name_of(b.team2)}   {result}")
        else:
            lines.append(f"  {b.table:>3}  {tournament.name_of(b.team1)}  –  "
                         f"{tournament.name_of(b.team2)}   {result}")
    if only is not None:
        others = played.tables - sum(1 for b in played.boards if b.table in only)
        lines.append("  " + ngettext(
            "… and {count} other table: coinche tournament show --round {round}",
            "… and {count} other tables: coinche tournament show --round {round}",
            others).format(count=others, round=played.number))
    if played.sitting_out:
        lines.append("  " + _sitting_out(tournament, played))
    if played.bye is not None:
        team = tournament.name_of(played.bye)
        if bye_points_pending(tournament, played):  # not 0: the average is to come
            lines.append("  " + _("bye: {team} (the round's average)").format(team=team))
        else:
            points = bye_points(tournament, played)
            lines.append("  " + ngettext("bye: {team} ({points} point)",
                                         "bye: {team} ({points} points)", points).format(
                team=team, points=points))
    for stage in tournament.stages:
        for given in stage.byes.get(played.number, ()):
            lines.append("  " + _("bye ({stage}): {team}").format(
                stage=stage.name, team=tournament.name_of(given)))
    if played.rematches and tournament.settings.melee:
        lines.append("  " + ngettext(
            "{count} pair of partners drawn together again: no draw without it was possible",
            "{count} pairs of partners drawn together again: no draw without it was possible",
            played.rematches).format(count=played.rematches))
    elif played.rematches:
        lines.append("  " + ngettext(
            "{count} rematch: no pairing without one was possible",
            "{count} rematches: no pairing without one was possible",
            played.rematches).format(count=played.rematches))
    given = False
    for penalty in penalties_json(tournament, played.number):
        if penalty["to"]:
            line = _("penalty, round {round}: {team} -{points} ({reason}), given to {to}")
            given = given or penalty["round"] == played.number
        else:
            line = _("penalty, round {round}: {team} -{points} ({reason}), deducted")
        lines.append("  " + line.format(**penalty))
    if given and tournament.settings.penalty_outside:
        lines.append("  " + _("penalties count in the points only: the partie's result is "
                              "the one entered"))
    elif given:
        lines.append("  " + _("a penalty given to the opponents counts in the partie's "
                              "score: the result follows the scores after penalties"))
    return lines


def _sitting_out(tournament: Tournament, played: Round) -> str:
    """Who sits out a mêlée's partie and what it earns them, singular for one player (« 0
    point »), the round's average to come when no table has a score yet."""
    names = [tournament.player(p).name for p in played.sitting_out]
    listed = ", ".join(names)
    if bye_points_pending(tournament, played):
        return ngettext("sitting out: {names} (the round's average, as a bye)",
                        "sitting out: {names} (the round's average each, as a bye)",
                        len(names)).format(names=listed)
    points = bye_points(tournament, played)
    if len(names) == 1:
        return ngettext("sitting out: {names} ({points} point, as a bye)",
                        "sitting out: {names} ({points} points, as a bye)",
                        points).format(names=listed, points=points)
    return ngettext("sitting out: {names} ({points} point each, as a bye)",
                    "sitting out: {names} ({points} points each, as a bye)",
                    points).format(names=listed, points=points)


def history_lines(tournament: Tournament, records: Sequence[ResultRecord],
                  number: int) -> list[str]:
    """Every result entered at the tables of round ``number``: how and when, and when a
    correction replaced it; each moment in local time, as people read it (the JSON keeps ISO)."""
    from coinche_cli.formats import moment_text

    lines = [_("history of round {round}:").format(round=number)]
    for record in records:
        if record.round != number:
            continue
        if record.forfeit is not None:
            result = _("forfeit by {team}").format(team=tournament.name_of(record.forfeit))
        else:
            result = _("{score1}–{score2}").format(score1=record.score1, score2=record.score2)
        entered = _("{how} on {moment}").format(how=source_words(record.source),
                                                  moment=moment_text(record.entered))
        if record.replaced is None:
            lines.append("  " + _("table {table}: {result}, {entered}").format(
                table=record.table, result=result, entered=entered))
        else:
            lines.append("  " + _("table {table}: {result}, {entered}, replaced on "
                                  "{moment}").format(table=record.table, result=result,
                                                     entered=entered,
                                                     moment=moment_text(record.replaced)))
    return lines


#: The columns of the standings, by the :class:`Standing` field each shows.
StandingsColumn = Literal["rank", "team", "players", "played", "wins", "draws", "losses", "for",
                          "against", "difference", "match_points", "buchholz", "byes",
                          "forfeits", "penalties"]


def column_title(column: StandingsColumn) -> str:
    """A column's title: short words, the table fits 80 columns."""
    match column:
        case "rank":
            return _("rank")
        case "team":
            return _("team")
        case "players":
            return _("players")
        case "played":
            return _("played")
        case "wins":
            return _("W")
        case "draws":
            return _("D")
        case "losses":
            return _("L")
        case "for":
            return _("for")
        case "against":
            return _("against")
        case "difference":
            return _("diff")
        case "match_points":
            return _("MP")
        case "buchholz":
            return _("buchholz")
        case "byes":
            return _("byes")
        case "forfeits":
            return _("forfeits")
        case "penalties":
            return _("penalties")
        case unreachable:
            assert_never(unreachable)


def standings_columns(tournament: Tournament, wide: bool) -> list[tuple[Column, str]]:
    """The standings' columns, each with the :class:`Standing` field it shows.

    One line per team on an 80-column terminal: rank, team, played, W/D/L, points for, the
    difference, and match points when the ranking or a tie-break uses them.  ``wide`` adds the
    players, points against, match points, Buchholz, byes, forfeits and penalties.
    """
    settings = tournament.settings
    uses_match_points = (settings.ranking is Ranking.MATCH_POINTS
                         or "match-points" in settings.tie_breaks)
    fields: list[StandingsColumn] = ["rank", "team"]
    if wide:
        fields.append("players")
    fields += ["played", "wins", "draws", "losses", "for"]
    if wide:
        fields.append("against")
    fields.append("difference")
    if wide or uses_match_points:
        fields.append("match_points")
    if wide:
        fields += ["buchholz", "byes", "forfeits", "penalties"]
    return [(Column(column_title(field), right=field not in ("team", "players"),
                    flexible=field in ("team", "players")), field)
            for field in fields]


#: Columns whose :class:`Standing` field has another name.
_FIELDS = {"for": "points_for", "against": "points_against"}


def standing_cell(row: Standing, field: str) -> str:
    """One cell of a team's line."""
    if field == "team":
        return row.name
    if field == "players":
        return ", ".join(row.players)
    return str(getattr(row, _FIELDS.get(field, field)))


def render_standings(tournament: Tournament, rows: list[Standing], after: int | None,
                     wide: bool = False) -> None:
    """The standings, one line per team, fitted to the terminal (every column whole with
    ``wide`` or into a pipe); a team that left the tournament is marked ``dropped``."""
    title = _("{name}: standings after round {round}").format(
        name=tournament.name, round=after if after is not None else (
            tournament.current.number if tournament.current else 0))
    print_line(title)
    described = standings_columns(tournament, wide)
    columns = [column for column, _field in described]
    lines = [[standing_cell(row, field) for _column, field in described] for row in rows]
    if any(row.dropped for row in rows):
        # a column of its own, so that cutting a long name never cuts the mark
        columns.append(Column(""))
        mark = _("dropped")
        for line, row in zip(lines, rows, strict=True):
            line.append(mark if row.dropped else "")
    print_table(columns, lines, whole=wide)


def render_player_standings(tournament: Tournament, after: int | None, wide: bool,
                            as_json: bool) -> None:
    """A mêlée's standings, one line per player (``--json``: as ``standings --json``)."""
    from coinche_cli.cli.output import print_json
    from coinche_cli.tournament.melee_standings import player_standings
    from coinche_cli.tournament.views import player_standing_json

    if after is not None:
        tournament.round(after)  # refused when it was not paired
    rows = player_standings(tournament, after)
    if as_json:
        print_json([player_standing_json(row) for row in rows])
        return
    title = _("{name}: standings after round {round}").format(
        name=tournament.name, round=after if after is not None else (
            tournament.current.number if tournament.current else 0))
    print_line(title)
    described = standings_columns(tournament, wide)
    if wide:  # beside the points for: their average, for who came late or left early
        at = next(place for place, (_c, field) in enumerate(described) if field == "for") + 1
        described.insert(at, (Column(pgettext("standings", "per partie"), right=True),
                              "per_partie"))
    columns = []
    for column, field in described:  # a player's line: the club where a team's players are
        if field == "team":
            column = Column(_("player"), flexible=True)
        elif field == "players":
            column = Column(_("club"), flexible=True)
        elif field == "byes":
            column = Column(_("sat out"), right=True)
        columns.append(column)
    lines = [[_tenths(row.points_per_partie) if field == "per_partie"
              else standing_cell(row.line, field) for _column, field in described]
             for row in rows]
    if any(row.line.dropped for row in rows):
        columns.append(Column(""))
        mark = pgettext("player", "dropped")  # « ne joue plus »: no gender to agree with
        for line, row in zip(lines, rows, strict=True):
            line.append(mark if row.line.dropped else "")
    print_table(columns, lines, whole=wide)


def _tenths(value: float | None) -> str:
    """A number to a tenth as the language writes it (``209.3``, in French ``209,3``); a dash
    for none."""
    from coinche_cli.formats import tenths_text

    return "–" if value is None else tenths_text(value)


def report_entered(entered: Entered, as_json: bool, one_table: bool = False) -> None:
    """The round as it now stands, every replaced result (old → new) and the warnings; after
    ``one_table``'s result in a round of more than ``ROUND_NAMES_UP_TO`` tables, that table
    alone (the round's other lines would cost more than the entry: issue 25)."""
    from coinche_cli.tournament import views as tournament_json
    from coinche_cli.tournament.results import result_text

    for warning in entered.warnings:
        warning_line(warning)
    found = entered.tournament
    replaced = [{"table": after.table, "before": result_text(found, before),
                 "after": result_text(found, after)} for before, after in entered.replaced]
    if as_json:
        print_json({**tournament_json.round_json(found, entered.round), "replaced": replaced})
        return
    for change in replaced:
        print_line(_("table {table}: {before} → {after}").format(**change))
    large = one_table and entered.round.tables > ROUND_NAMES_UP_TO
    for line in round_lines(found, entered.round, only=(
            set(entered.tables) if large else None)):
        print_line(line)
