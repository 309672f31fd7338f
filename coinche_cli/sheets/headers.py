"""The words of a teams or results file: the column headers recognised for each field, in
French or English (matched ignoring case, accents and spaces), and each field as a row's
problem names it.  :mod:`coinche_cli.sheets.reading` finds a file's columns with
:func:`team_field` and :func:`result_field`.
"""

import re
from collections.abc import Sequence
from typing import Literal, assert_never

from coinche_cli.i18n import _
from coinche_cli.names import fold

#: Headers recognised for each column, as typed; matching ignores case, accents and spaces.
#: Player columns are any ``joueur N`` / ``player N`` (``joueur1``, ``joueur n°1`` too).
TEAM_HEADERS: dict[str, tuple[str, ...]] = {
    "name": ("équipe", "team", "nom d'équipe", "nom de l'équipe", "nom équipe", "équipes",
             "teams", "team name", "doublette"),
    "players": ("joueurs", "players", "joueur(s)", "player(s)"),
    "club": ("club",),
}
#: Headers recognised for each column of a mêlée's players file.
PLAYER_HEADERS: dict[str, tuple[str, ...]] = {
    "name": ("nom", "name", "joueur", "joueuse", "player", "nom du joueur", "player name",
             "prénom nom", "nom prénom", "joueurs", "players"),
    "club": ("club",),
    "licence": ("licence", "license", "n° licence", "n° de licence", "numéro de licence",
                "licence number", "license number", "licence n°"),
}
#: The columns coinche's own export adds to a registration list (``tournament export --csv``:
#: ``teams.csv``, ``players.csv``), in English and in French: read as what they are, the
#: registration order and the status, so that an exported list registers again, and not used.
EXPORT_HEADERS: dict[str, tuple[str, ...]] = {
    "registered": ("registered", "registration", "inscrite", "inscrit", "inscription"),
    "status": ("status", "statut"),
}
#: Headers recognised for a results file's table column.
TABLE_HEADERS: tuple[str, ...] = (
    "table", "table n°", "n° table", "table no", "no table", "numéro de table", "table number",
)
#: A results file's score columns are one of these words followed by 1 or 2 (``score 1``,
#: ``score1``, ``points équipe 2``, ``pts n°2``).
SCORE_HEADERS: tuple[str, ...] = ("score", "points", "pts")
#: A results file's optional team-name columns: one of these followed by 1 or 2 (``nom
#: équipe 1``, ``Team 2``); a file has both of them or neither.
NAME_HEADERS: tuple[str, ...] = (
    "nom équipe", "nom d'équipe", "nom de l'équipe", "équipe", "team", "team name", "nom", "name",
)
#: Or a player of each team (of each pair, in a mêlée): one of these followed by 1 or 2
#: (``joueur 1``, ``Player 2``, ``joueur n°1``); both or neither, and not with the names.
RESULT_PLAYER_HEADERS: tuple[str, ...] = ("joueur", "joueuse", "player")


def _numbered(words: Sequence[str], between: str = "") -> re.Pattern[str]:
    """Folded headers made of one of ``words`` (then ``between``) then 1 or 2: ``score 1``,
    ``score1``, ``score n°1``."""
    alternatives = "|".join(re.escape(fold(word)) for word in sorted(words, key=len,
                                                                      reverse=True))
    return re.compile(rf"^(?:{alternatives})\s*{between}(?:n°|no|#)?\s*([12])$")


_PLAYER_HEADER = re.compile(r"^(?:joueur|joueuse|player)\s*(?:n°|no|#)?\s*(\d+)$")
_TEAM_FOLDED = {field: {fold(h) for h in headers} for field, headers in TEAM_HEADERS.items()}
_PLAYER_FOLDED = {field: {fold(h) for h in headers} for field, headers in PLAYER_HEADERS.items()}
_EXPORT_FOLDED = {field: {fold(h) for h in headers} for field, headers in EXPORT_HEADERS.items()}
_TABLE_FOLDED = {fold(h) for h in TABLE_HEADERS}
_SCORE_HEADER = _numbered(SCORE_HEADERS, r"(?:(?:equipe|team)\s*)?")
_NAME_HEADER = _numbered(NAME_HEADERS)
_RESULT_PLAYER_HEADER = _numbered(RESULT_PLAYER_HEADERS)


def team_field(header: str) -> str | None:
    """The field a teams file's column header names (``name``, ``players``, ``club``, or
    ``player 001`` for ``joueur 1``; ``registered`` and ``status`` from an export, not
    used), or None."""
    folded = fold(header)
    player = _PLAYER_HEADER.match(folded)
    if player:
        return f"player {int(player.group(1)):03d}"  # padded: player columns sort by number
    return next((field for fields in (_TEAM_FOLDED, _EXPORT_FOLDED)
                 for field, headers in fields.items() if folded in headers), None)


def player_field(header: str) -> str | None:
    """The field a players file's column header names (``name``, ``club``, ``licence``;
    ``registered`` and ``status`` from an export, not used), or None."""
    folded = fold(header)
    return next((field for fields in (_PLAYER_FOLDED, _EXPORT_FOLDED)
                 for field, headers in fields.items() if folded in headers), None)


def result_field(header: str) -> str | None:
    """The field a results file's column header names (``table``, ``score1``, ``score2``,
    ``name1``, ``name2``, ``player1``, ``player2``), or None."""
    folded = fold(header)
    if folded in _TABLE_FOLDED:
        return "table"
    score = _SCORE_HEADER.match(folded)
    if score:
        return f"score{score.group(1)}"
    team = _NAME_HEADER.match(folded)
    if team:
        return f"name{team.group(1)}"
    player = _RESULT_PLAYER_HEADER.match(folded)
    return f"player{player.group(1)}" if player else None


#: The fields of a row a problem names.
FileField = Literal["team", "players", "club", "table", "score1", "score2", "name1", "name2",
                    "player1", "player2", "player", "licence"]


def field_words(field: FileField) -> str:
    """A field of a teams or results file, as a problem names it."""
    match field:
        case "team":
            return _("team")
        case "players":
            return _("players")
        case "club":
            return _("club")
        case "table":
            return _("table")
        case "score1":
            return _("score 1")
        case "score2":
            return _("score 2")
        case "name1":
            return _("team 1 name")
        case "name2":
            return _("team 2 name")
        case "player1":
            return _("player 1")
        case "player2":
            return _("player 2")
        case "player":
            return _("player")
        case "licence":
            return _("licence")
        case unreachable:
            assert_never(unreachable)
