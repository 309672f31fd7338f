"""What each picture of a tournament says, line by line (:class:`~share_layout.Sheet`), from
:mod:`coinche_cli.tournament.share_views`'s data, in the language in force: the picture
and the message are laid out from the same lines (:mod:`coinche_cli.sheets.share_layout`).

1. **Standings** (« Classement après la ronde 2 », « Classement final »): a line per team (a
   mêlée: per player): the rank, the name, the wins, the points, the difference, the numbers
   of ``tournament standings --json``, written as print writes them (``4 240``, ``+412``);
   a team that left is grey, and a note says so.  In a message: ``1. Les As 4 240 (3 W,
   +412)``.
2. **Round** (« 2e partie »): a line per table: its number, both sides, the scores (``…``:
   to come; ``forfeit``); notes: each forfeit, the bye and what it scores, who sits out, the
   penalties given in that round.
3. **Prizes** (« Palmarès »): the place (a tie's mark), who, the prize in kind and the cash;
   provisional until the last round is complete, and said so.
4. **Bracket**: a section per round of the knock-out (« Demi-finales »), a line per match:
   its number, both sides (``…``: not known yet; the bye), the scores.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from coinche_cli.formats import whole_text
from coinche_cli.i18n import _, ngettext
from coinche_cli.sheets.share_layout import Column, Line, Note, Row, Section, Sheet
from coinche_cli.tournament.model import round_title

if TYPE_CHECKING:
    from coinche_cli.tournament.share_views import (
        ShareBracket,
        Shared,
        SharePrizes,
        ShareRound,
        ShareStandings,
    )


def sheet(data: Shared) -> Sheet:
    """The lines of ``data``'s picture, of whatever kind."""
    match data["kind"]:
        case "standings":
            return standings(data)
        case "round":
            return played(data)
        case "prizes":
            return prizes(data)
        case "bracket":
            return bracket(data)


def standings(data: ShareStandings) -> Sheet:
    """The standings' picture (rule 1)."""
    if data["final"]:
        title = _("Final ranking")
    elif data["after"] is None:
        title = _("Standings")
    else:
        title = _("Standings after round {round}").format(round=data["after"])
    columns = (Column("", "right", bold=True),
               Column(_("player") if data["melee"] else _("team"), "left", flexible=True),
               Column(_("W"), "right"), Column(_("points"), "right"),
               Column(_("diff"), "right"))
    lines: list[Line] = []
    for line in data["rows"]:
        name = str(line.get("name") if data["melee"] else line.get("team"))
        points = whole_text(line["points_for"])
        difference = whole_text(line["difference"], signed=True)
        lines.append(Row(
            (str(line["rank"]), name, str(line["wins"]), points, difference),
            _("{rank}. {name} {points} ({wins} W, {difference})").format(
                rank=line["rank"], name=name, points=points, wins=line["wins"],
                difference=difference),
            muted=line["dropped"]))
    if any(line["dropped"] for line in data["rows"]):
        lines.append(Note(_("In grey: a player who left the mêlée.") if data["melee"]
                          else _("In grey: a team that left the concours.")))
    if not lines:
        lines.append(Note(_("No one registered yet.")))
    return Sheet(title, data["name"], columns, tuple(lines))


def _score(scores: list[int | None] | None, forfeit: str | None) -> str:
    """A table's result in its score cell: the scores, a forfeit, or ``…`` (to come)."""
    if forfeit is not None:
        return _("forfeit")
    if scores is None or scores[0] is None or scores[1] is None:
        return _("…")
    return _("{score1}–{score2}").format(score1=whole_text(scores[0]),
                                         score2=whole_text(scores[1]))


def played(data: ShareRound) -> Sheet:
    """A round's picture (rule 2)."""
    shown = data["round"]
    columns = (Column("", "right", bold=True), Column("", "right", flexible=True),
               Column("", "centre"), Column("", "left", flexible=True))
    lines: list[Line] = []
    notes: list[Line] = []
    for table in shown["tables"]:
        first, second = table["teams"]
        score = _score(table["scores"], table["forfeit"])
        where = (f"{table['stage']} {table.get('match', '')}".strip()
                 if "stage" in table else "")
        lines.append(Row((str(table["table"]), first, score, second), _(
            "table {table}: {team1} {score} {team2}").format(
                table=table["table"], team1=first, score=score, team2=second)))
        if table["forfeit"] is not None:
            notes.append(Note(_("table {table}: forfeit by {team}").format(
                table=table["table"], team=table["forfeit"])))
        if where:
            notes.append(Note(_("table {table}: {stage}").format(table=table["table"],
                                                                 stage=where)))
    if shown["bye"] is not None:
        if shown["bye_points"] is None:
            notes.append(Note(_("bye: {team} (the round's average)").format(team=shown["bye"])))
        else:
            notes.append(Note(ngettext("bye: {team} ({points} point)",
                                       "bye: {team} ({points} points)",
                                       shown["bye_points"]).format(
                team=shown["bye"], points=whole_text(shown["bye_points"]))))
    if shown.get("sitting_out"):
        notes.append(Note(_("sitting out: {names}").format(
            names=", ".join(shown.get("sitting_out", [])))))
    for penalty in shown["penalties"]:
        sentence = (_("penalty, round {round}: {team} -{points} ({reason}), given to {to}")
                    if penalty["to"] else
                    _("penalty, round {round}: {team} -{points} ({reason}), deducted"))
        notes.append(Note(sentence.format(**penalty)))
    if not lines:
        notes.insert(0, Note(_("No table in this round.")))
    return Sheet(round_title(shown["round"]), data["name"], columns, (*lines, *notes))


def prizes(data: SharePrizes) -> Sheet:
    """The palmarès' picture (rule 3)."""
    columns = (Column("", "right", bold=True),
               Column(_("player") if data["melee"] else _("team"), "left", flexible=True),
               Column(_("prize"), "left", flexible=True))
    lines: list[Line] = []
    for row in data["rows"]:
        prize = " · ".join(part for part in (row["prize"], row["amount"]) if part)
        rank = f"{row['rank']}=" if row["tied"] else str(row["rank"])
        lines.append(Row((rank, row["name"], prize), _("{rank}. {name}: {prize}").format(
            rank=rank, name=row["name"], prize=prize)))
        if row["mark"]:
            lines.append(Note(_("{rank}. {name}: {mark}").format(
                rank=rank, name=row["name"], mark=row["mark"])))
    if not data["final"]:
        lines.append(Note(_("Provisional: the standings after round {round}.").format(
            round=data["after"] or 0)))
    if not data["rows"]:
        lines.insert(0, Note(_("No prize list yet.")))
    return Sheet(_("Prizes"), data["name"], columns, tuple(lines))


def bracket(data: ShareBracket) -> Sheet:
    """A knock-out stage's picture (rule 4)."""
    from coinche_cli.tournament.stage_views import label_words

    columns = (Column("", "left", bold=True), Column("", "right", flexible=True),
               Column("", "centre"), Column("", "left", flexible=True))
    lines: list[Line] = []
    for part in data["bracket"]["rounds"]:
        lines.append(Section(_("{label} ({round})").format(label=label_words(part["label"]),
                                                           round=round_title(part["round"]))))
        for match in part["matches"]:
            first, second = (_("…") if team is None else team for team in match["teams"])
            if match["bye"]:
                second, score = _("bye"), ""
            else:
                score = _score(match["scores"], None)
            lines.append(Row((match["match"], first, score, second), _(
                "{match}: {team1} {score} {team2}").format(
                    match=match["match"], team1=first, score=score, team2=second).replace(
                        "  ", " ")))
    return Sheet(data["bracket"]["stage"], data["name"], columns, tuple(lines))
