"""The queries of a concours's stages (its finals), for both SQL backends: each stage's
definition, its teams by seed, the byes it gives, and the tables a knock-out correction
seats again.  A mixin of :class:`coinche_cli.store.sql.SqlStore`, which gives the connection.
"""

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING

from coinche_cli.names import fold
from coinche_cli.store.connection import Connected

if TYPE_CHECKING:
    from coinche_cli.tournament.stage import Stage


class StageQueries(Connected):
    """A concours's stages (mixed into ``SqlStore``)."""

    def _stages(self, tournament_id: int) -> "tuple[Stage, ...]":
        """A concours's stages, by position (none: a concours without stages)."""
        from coinche_cli.tournament.stage import Stage

        rows = self.db.execute("SELECT position, name, definition, started FROM stage"
                               " WHERE tournament_id = ? ORDER BY position",
                               (tournament_id,)).fetchall()
        if not rows:
            return ()
        teams: dict[int, list[tuple[int, int]]] = {}
        for r in self.db.execute("SELECT position, team_id, grp FROM stage_team"
                                 " WHERE tournament_id = ? ORDER BY position, seed",
                                 (tournament_id,)):
            teams.setdefault(r[0], []).append((r[1], r[2] or 0))
        byes: dict[int, dict[int, list[int]]] = {}
        for r in self.db.execute("SELECT position, round, team_id FROM stage_bye"
                                 " WHERE tournament_id = ? ORDER BY round, team_id",
                                 (tournament_id,)):
            byes.setdefault(r[0], {}).setdefault(r[1], []).append(r[2])
        return tuple(
            Stage.read(r[0], r[1], json.loads(r[2]), r[3],
                       tuple(team for team, _group in teams.get(r[0], [])),
                       tuple(group for _team, group in teams.get(r[0], [])),
                       {n: tuple(ids) for n, ids in byes.get(r[0], {}).items()})
            for r in rows)

    def save_stage(self, tournament_id: int, stage: "Stage") -> None:
        """Store a stage's name, definition and start (a new one, or one changed), its
        teams by seed once it has them."""
        db = self._changing()
        db.execute("DELETE FROM stage WHERE tournament_id = ? AND position = ?",
                   (tournament_id, stage.position))
        db.execute("DELETE FROM stage_team WHERE tournament_id = ? AND position = ?",
                   (tournament_id, stage.position))
        db.execute("INSERT INTO stage (tournament_id, position, name, name_key, definition,"
                   " started) VALUES (?, ?, ?, ?, ?, ?)",
                   (tournament_id, stage.position, stage.name, fold(stage.name),
                    json.dumps(stage.definition(), ensure_ascii=False), stage.started))
        db.executemany("INSERT INTO stage_team (tournament_id, position, seed, team_id, grp)"
                       " VALUES (?, ?, ?, ?, ?)",
                       [(tournament_id, stage.position, seed, team,
                         stage.groups[seed - 1] if stage.groups else None)
                        for seed, team in enumerate(stage.teams, start=1)])

    def remove_stage(self, tournament_id: int, position: int) -> None:
        """Withdraw a stage that has not started."""
        for table in ("stage_team", "stage"):
            self._changing().execute(f"DELETE FROM {table} WHERE tournament_id = ?"
                                     " AND position = ?", (tournament_id, position))

    def add_stage_byes(self, tournament_id: int, number: int,
                       byes: "Sequence[tuple[int, int]]") -> None:
        """The byes stages give in round ``number``: ``(stage position, team)`` each."""
        self._changing().executemany(
            "INSERT INTO stage_bye (tournament_id, position, round, team_id)"
            " VALUES (?, ?, ?, ?)",
            [(tournament_id, position, number, team) for position, team in byes])

    def set_board_teams(self, tournament_id: int, number: int, table: int, team1: int,
                        team2: int) -> None:
        """Seat other teams at a table without a result (a knock-out correction)."""
        self._changing().execute(
            "UPDATE board SET team1 = ?, team2 = ? WHERE tournament_id = ? AND round = ?"
            " AND table_no = ?", (team1, team2, tournament_id, number, table))
