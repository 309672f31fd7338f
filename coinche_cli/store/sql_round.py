"""One round of a tournament read alone (mixed into :class:`coinche_cli.store.sql.SqlStore`):
what a result entered at a table needs, whatever the size of the field.

A result typed at the desk or sent from a phone names a table of one round; reading the
whole tournament for it (every round's tables, every team, every penalty) made an entry grow
with the field (2.9 × a bare command at 10,000 teams, issue 25).  :meth:`round_view` reads
the tournament's settings, that round's tables, its bye, its penalties, the teams (a mêlée:
the pairs and their players) who play in it, and the latest round's number.
"""

import json
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from coinche_cli.tournament import model

#: A table's columns as :class:`coinche_cli.tournament.board.Board` takes them.
BOARD_COLUMNS = "table_no, team1, team2, score1, score2, forfeit, game_id, winner"

#: The teams who play in a round: at its tables, or its bye.
_IN_ROUND = ("SELECT team1 FROM board WHERE tournament_id = ? AND round = ?"
             " UNION SELECT team2 FROM board WHERE tournament_id = ? AND round = ?"
             " UNION SELECT bye FROM round WHERE tournament_id = ? AND number = ?")


def team_players(rows: "list[Any]") -> list[list[str]]:
    """Every team's players (each row's third column, a JSON list of names), in one parse:
    a thousand small parses cost a millisecond.  Each stored text must be one JSON list and
    the parse must give one list per team; otherwise each is parsed alone, and a damaged
    one fails as it always did."""
    texts = [r[2] for r in rows]
    if all(t.startswith("[") and t.endswith("]") for t in texts):
        parsed = json.loads("[" + ",".join(texts) + "]")
        if len(parsed) == len(texts) and all(isinstance(p, list) for p in parsed):
            return parsed  # type: ignore[no-any-return]
    return [json.loads(t) for t in texts]


class RoundQueries:
    """The reads of one round (see the module)."""

    @property
    def db(self) -> Any:
        """The open connection (``SqlStore``'s)."""
        raise NotImplementedError

    def reading(self) -> AbstractContextManager[None]:
        """One snapshot (``SqlStore``'s)."""
        raise NotImplementedError

    def round_view(self, tournament_id: int,
                   number: int | None) -> "model.Tournament | None":
        """The tournament as round ``number`` (None: the latest) sees it, in one snapshot:
        its settings; that round whole (tables, bye, who sits out) and, when it is not the
        latest, the latest round without its tables (so ``current`` is still the latest);
        only the teams who play in it (a formed team without its players, which no result
        reads; a mêlée's pairs with theirs, and those players), and its penalties.  A round
        never paired is left out, as :meth:`Tournament.round` then says."""
        with self.reading():
            return self._round_view(tournament_id, number)

    def _round_view(self, tournament_id: int,
                    number: int | None) -> "model.Tournament | None":
        from coinche_cli.tournament.board import Board
        from coinche_cli.tournament.model import Penalty, Player, Round, Settings, Team, Tournament

        db = self.db
        row = db.execute("SELECT id, name, rules_name, settings FROM tournament WHERE id = ?",
                         (tournament_id,)).fetchone()
        if row is None:
            return None
        settings = Settings.from_json(json.loads(row[3]))
        latest_row = db.execute("SELECT MAX(number) FROM round WHERE tournament_id = ?",
                                (tournament_id,)).fetchone()
        latest = None if latest_row is None or latest_row[0] is None else int(latest_row[0])
        if latest is None:
            return Tournament(row[0], row[1], row[2], settings)
        wanted = latest if number is None else number
        rounds = []
        for number_, bye, rematches in db.execute(
                "SELECT number, bye, rematches FROM round WHERE tournament_id = ?"
                " AND number IN (?, ?) ORDER BY number", (tournament_id, wanted, latest)):
            if number_ != wanted:  # the latest, for its number only
                rounds.append(Round(number_, (), bye, rematches))
                continue
            boards = tuple(Board(*r) for r in db.execute(
                f"SELECT {BOARD_COLUMNS} FROM board WHERE tournament_id = ? AND round = ?"
                " ORDER BY table_no", (tournament_id, wanted)))
            out = tuple(r[0] for r in db.execute(
                "SELECT player_id FROM sitting_out WHERE tournament_id = ? AND round = ?"
                " ORDER BY player_id", (tournament_id, wanted)))
            rounds.append(Round(number_, boards, bye, rematches, out))
        where = (tournament_id, wanted) * 3
        if settings.melee:  # a pair's players' names: a row may name it by them
            rows = db.execute(
                "SELECT id, name, players, club, registered, joined_round, dropped_after,"
                f" player1, player2 FROM team WHERE tournament_id = ? AND id IN ({_IN_ROUND})"
                " ORDER BY registered", (tournament_id, *where)).fetchall()
            teams = tuple(Team(r[0], r[1], tuple(p), r[3], r[4], r[5], r[6],
                               () if r[7] is None else (r[7], r[8]))
                          for r, p in zip(rows, team_players(rows), strict=True))
        else:  # a formed team is named by its name alone: its players are not parsed
            teams = tuple(Team(r[0], r[1], (), r[2], r[3], r[4], r[5]) for r in db.execute(
                "SELECT id, name, club, registered, joined_round, dropped_after FROM team"
                f" WHERE tournament_id = ? AND id IN ({_IN_ROUND}) ORDER BY registered",
                (tournament_id, *where)))
        players: tuple[Player, ...] = ()
        if settings.melee:  # the pairs' players and who sits out: a mêlée names them
            players = tuple(Player(*r) for r in db.execute(
                "SELECT id, name, club, licence, registered, joined_round, dropped_after"
                " FROM player WHERE tournament_id = ? AND id IN ("
                " SELECT player1 FROM team WHERE tournament_id = ? AND joined_round = ?"
                " AND player1 IS NOT NULL UNION SELECT player2 FROM team WHERE"
                " tournament_id = ? AND joined_round = ? AND player2 IS NOT NULL"
                " UNION SELECT player_id FROM sitting_out WHERE tournament_id = ? AND round = ?)"
                " ORDER BY registered", (tournament_id, *(tournament_id, wanted) * 3)))
        penalties = tuple(
            Penalty(team=r[0], round=r[1], points=r[2], reason=r[3], to_opponents=bool(r[4]))
            for r in db.execute("SELECT team_id, round, points, reason, to_opponents"
                                " FROM penalty WHERE tournament_id = ? AND round = ?"
                                " ORDER BY id", (tournament_id, wanted)))
        return Tournament(id=row[0], name=row[1], rules_name=row[2], settings=settings,
                          teams=teams, rounds=tuple(rounds), penalties=penalties,
                          players=players)
