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

from coinche_cli.store.connection import Connected

if TYPE_CHECKING:
    from coinche_cli.tournament import board, model

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


class RoundQueries(Connected):
    """The reads of one round (see the module)."""

    def reading(self) -> AbstractContextManager[None]:
        """One snapshot (``SqlStore``'s)."""
        raise NotImplementedError

    def round_view(self, tournament_id: int, number: int | None,
                   table: int | None = None) -> "model.Tournament | None":
        """The tournament as round ``number`` (None: the latest) sees it, in one snapshot:
        its settings; that round whole (tables, bye, who sits out) and, when it is not the
        latest, the latest round without its tables (so ``current`` is still the latest);
        only the teams who play in it (a formed team without its players, which no result
        reads; a mêlée's pairs with theirs, and those players), and its penalties.  A round
        never paired is left out, as :meth:`Tournament.round` then says.

        With ``table``, a round of more than :data:`~coinche_cli.tournament.model.
        ROUND_NAMES_UP_TO` tables is read as a :class:`~coinche_cli.tournament.model.RoundPart`
        (that table, the tables of the round's penalties, their teams and the bye's; the
        number of tables, the highest score and the scores elsewhere from SQL aggregates): a
        result typed at one table of a 5,000-table round then costs what it costs in a small
        one."""
        with self.reading():
            return self._round_view(tournament_id, number, table)

    def _round_view(self, tournament_id: int, number: int | None,
                    table: int | None) -> "model.Tournament | None":
        from coinche_cli.tournament.board import Board
        from coinche_cli.tournament.model import (
            ROUND_NAMES_UP_TO,
            Penalty,
            Player,
            Round,
            RoundPart,
            Settings,
            Tournament,
        )

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
        # every penalty (a tournament has a few): the round's lines name them all, each with
        # the team that received its points, from the table where it was given
        penalties = tuple(
            Penalty(team=r[0], round=r[1], points=r[2], reason=r[3], to_opponents=bool(r[4]))
            for r in db.execute("SELECT team_id, round, points, reason, to_opponents"
                                " FROM penalty WHERE tournament_id = ? ORDER BY id",
                                (tournament_id,)))
        given: dict[int, dict[int, Board]] = {}  # another round's tables where one was given
        for penalty in penalties:
            if penalty.round != wanted:
                for r in db.execute(
                        f"SELECT {BOARD_COLUMNS} FROM board WHERE tournament_id = ?"
                        " AND round = ? AND (team1 = ? OR team2 = ?)",
                        (tournament_id, penalty.round, penalty.team, penalty.team)):
                    given.setdefault(penalty.round, {})[r[0]] = Board(*r)
        # a penalty's round is kept (its lines name it) even when no table of it is read: a
        # penalty deducted from the team that had that round's bye was given at none
        penalised_rounds = {penalty.round for penalty in penalties}
        rounds: list[Round] = []
        count = 0
        if table is not None:
            count = int(db.execute("SELECT COUNT(*) FROM board WHERE tournament_id = ?"
                                   " AND round = ?", (tournament_id, wanted)).fetchone()[0])
        # only that table (and the penalties') is read; a table the round does not have reads
        # the round whole, whose refusal names its tables (or the bye's team) as always
        at_table = count > ROUND_NAMES_UP_TO and table is not None and 0 < table <= count
        in_round: set[int] = set()
        for number_, bye, rematches in db.execute(
                "SELECT number, bye, rematches FROM round WHERE tournament_id = ?"
                " ORDER BY number", (tournament_id,)):
            if number_ == wanted:
                out = tuple(r[0] for r in db.execute(
                    "SELECT player_id FROM sitting_out WHERE tournament_id = ? AND round = ?"
                    " ORDER BY player_id", (tournament_id, wanted)))
                if at_table:
                    assert table is not None
                    boards = self._part_boards(tournament_id, wanted, table,
                                               [p.team for p in penalties
                                                if p.round == wanted])
                    # the plausibility check: the highest score at any other table
                    top = db.execute("SELECT MAX(score1), MAX(score2) FROM board WHERE"
                                     " tournament_id = ? AND round = ? AND table_no <> ?",
                                     (tournament_id, wanted, table)).fetchone()
                    highest = max(top[0] or 0, top[1] or 0) if top else 0
                    # the bye's points ("average", "half" of fixed deals): the tables not read,
                    # the scores of those with a result and no forfeit
                    read = [b.table for b in boards]
                    scored = db.execute(
                        "SELECT COALESCE(SUM(score1 + COALESCE(score2, 0)), 0), COUNT(*)"
                        " FROM board WHERE tournament_id = ? AND round = ? AND forfeit IS NULL"
                        " AND score1 IS NOT NULL"
                        f" AND table_no NOT IN ({', '.join('?' * len(read))})",
                        (tournament_id, wanted, *read)).fetchone()
                    rounds.append(RoundPart(number_, boards, bye, rematches, out, count, table,
                                            highest, (int(scored[0]), 2 * int(scored[1]))))
                    in_round = {t for b in boards for t in (b.team1, b.team2)}
                    in_round |= {bye} if bye is not None else set()
                else:
                    boards = tuple(Board(*r) for r in db.execute(
                        f"SELECT {BOARD_COLUMNS} FROM board WHERE tournament_id = ?"
                        " AND round = ? ORDER BY table_no", (tournament_id, wanted)))
                    rounds.append(Round(number_, boards, bye, rematches, out))
            elif number_ == latest or number_ in given or number_ in penalised_rounds:
                # the latest for its number, another round for its penalties' tables only
                kept = given.get(number_, {})
                rounds.append(Round(number_, tuple(kept[t] for t in sorted(kept)), bye,
                                    rematches))
        if at_table:  # the teams at the tables read (the table asked for is one), and the bye
            ids = sorted(in_round)
            teams = self._teams_of(
                settings.melee, f"id IN ({', '.join('?' * len(ids))})" if ids else "1 = 0",
                tuple(ids), tournament_id)
        else:
            teams = self._teams_of(settings.melee, f"id IN ({_IN_ROUND})",
                                   (tournament_id, wanted) * 3, tournament_id)
        have = {team.id for team in teams}
        named = sorted(({p.team for p in penalties} | {
            t for kept in given.values() for b in kept.values() for t in (b.team1, b.team2)})
            - have)
        if named:  # the teams of those penalties, from other rounds
            teams = tuple(sorted((*teams, *self._teams_of(
                settings.melee, f"id IN ({', '.join('?' * len(named))})", tuple(named),
                tournament_id)), key=lambda team: team.registered))
        players: tuple[Player, ...] = ()
        if settings.melee:  # the pairs' players and who sits out: a mêlée names them
            columns = "id, name, club, licence, registered, joined_round, dropped_after"
            if at_table:  # the table's two pairs, the penalties' pairs
                ids = sorted({p for team in teams for p in team.members})
                where = f"id IN ({', '.join('?' * len(ids))})" if ids else "1 = 0"
            else:
                ids = [tournament_id, wanted] * 2
                where = ("id IN (SELECT player1 FROM team WHERE tournament_id = ?"
                         " AND joined_round = ? AND player1 IS NOT NULL UNION SELECT player2"
                         " FROM team WHERE tournament_id = ? AND joined_round = ?"
                         " AND player2 IS NOT NULL)")
            players = tuple(Player(*r) for r in db.execute(
                f"SELECT {columns} FROM player WHERE tournament_id = ? AND ({where}"
                " OR id IN (SELECT player_id FROM sitting_out WHERE tournament_id = ?"
                " AND round = ?)) ORDER BY registered",
                (tournament_id, *ids, tournament_id, wanted)))
        return Tournament(id=row[0], name=row[1], rules_name=row[2], settings=settings,
                          teams=teams, rounds=tuple(rounds), penalties=penalties,
                          players=players)

    def _part_boards(self, tournament_id: int, number: int, table: int,
                     penalised: list[int]) -> "tuple[board.Board, ...]":
        """Round ``number``'s table ``table``, and the tables where the ``penalised`` teams
        play (the round's lines name who received a penalty's points), in table order."""
        from coinche_cli.tournament.board import Board

        teams = ", ".join("?" * len(penalised))
        where = f" OR team1 IN ({teams}) OR team2 IN ({teams})" if penalised else ""
        return tuple(Board(*r) for r in self.db.execute(
            f"SELECT {BOARD_COLUMNS} FROM board WHERE tournament_id = ? AND round = ?"
            f" AND (table_no = ?{where}) ORDER BY table_no",
            (tournament_id, number, table, *penalised, *penalised)))

    def _teams_of(self, melee: bool, where: str, values: tuple[Any, ...],
                  tournament_id: int) -> "tuple[model.Team, ...]":
        """The tournament's teams ``where`` says, in registration order: a formed team by its
        name alone (its players are not parsed: no result reads them), a mêlée's pair with
        its players' names and ids (a row may name it by them)."""
        from coinche_cli.tournament.model import Team

        if melee:
            rows = self.db.execute(
                "SELECT id, name, players, club, registered, joined_round, dropped_after,"
                f" player1, player2 FROM team WHERE tournament_id = ? AND {where}"
                " ORDER BY registered", (tournament_id, *values)).fetchall()
            return tuple(Team(r[0], r[1], tuple(p), r[3], r[4], r[5], r[6],
                              () if r[7] is None else (r[7], r[8]))
                         for r, p in zip(rows, team_players(rows), strict=True))
        return tuple(Team(r[0], r[1], (), r[2], r[3], r[4], r[5]) for r in self.db.execute(
            "SELECT id, name, club, registered, joined_round, dropped_after FROM team"
            f" WHERE tournament_id = ? AND {where} ORDER BY registered",
            (tournament_id, *values)))
