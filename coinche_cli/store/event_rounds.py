"""An event file's rounds read back into rows (:mod:`coinche_cli.store.event_reading`): each
round, its tables and their results, corrections, minutes and games with every deal.

What must agree, and is refused otherwise (naming the JSON path):

1. rounds are numbered 1, 2, 3… and each round's tables 1, 2, 3… in order;
2. a table seats two different teams the file holds, and no team sits at two tables of a
   round or at a table while it has the bye;
3. a result is scores or a forfeit, never both; a forfeit, a winner are one of the table's
   two teams; a result has its source and its moment, a table without one has neither;
4. a correction (``history``) is a result, with the moment it was replaced;
5. a game's active deals are numbered 1, 2, 3…; a replaced deal names the later deal that
   replaced it (its place in the game's list, the same number), a removed one none.
"""

from __future__ import annotations

import json
from typing import Any

from coinche_cli.i18n import _
from coinche_cli.store import event_check as c
from coinche_cli.store.event_check import FileRefused

#: Where a result came from (:data:`coinche_cli.store.records.Source`).
SOURCES = ("desk", "file", "game", "web")
STATUSES = ("active", "removed", "replaced")
_ROUND = ("round", "paired", "bye", "rematches", "sitting_out", "tables")
_TABLE = ("table", "teams", "scores", "forfeit", "winner", "source", "entered", "stage",
          "match", "minutes", "history", "game")
_RESULT = ("scores", "forfeit", "winner", "source", "entered", "replaced")
_GAME = ("created", "rules_name", "rules", "players", "sides", "first_dealer", "target",
         "deals_limit", "label", "time_called", "deals")
_DEAL = ("number", "deal", "recorded", "status", "replaced_by", "changed")


class Refs:
    """How many teams, players, rounds and stages the file holds (what its references may
    name), and the concours's rules document (a table game's, unless it has its own)."""

    def __init__(self, teams: int, players: int, rounds: int, stages: int,
                 rules: dict[str, Any]) -> None:
        self.teams = teams
        self.players = players
        self.rounds = rounds
        self.stages = stages
        self.rules = rules


def read_rounds(rounds: list[Any], refs: Refs) -> dict[str, list[dict[str, Any]]]:
    """The rows of every round: ``round``, ``board``, ``board_history``, ``table_time``,
    ``sitting_out``, and the tables' ``game`` and ``deal``."""
    rows: dict[str, list[dict[str, Any]]] = {
        "round": [], "board": [], "board_history": [], "table_time": [], "sitting_out": [],
        "game": [], "deal": []}
    for i, entry in enumerate(rounds):
        path = f"rounds[{i}]"
        entry = c.obj(entry, path, _ROUND)
        number = i + 1
        if c.whole(entry["round"], f"{path}.round") != number:
            raise FileRefused(f"{path}.round", _("the rounds are numbered 1, 2, 3… in order: "
                                                 "this one is {want}"), want=number)
        bye = c.maybe_number_of(entry["bye"], f"{path}.bye", refs.teams, "teams")
        rows["round"].append({"tournament_id": 1, "number": number,
                              "paired": c.moment(entry["paired"], f"{path}.paired"),
                              "bye": bye,
                              "rematches": c.whole(entry["rematches"], f"{path}.rematches", 0)})
        out: set[int] = set()
        for k, player in enumerate(c.items(entry["sitting_out"], f"{path}.sitting_out")):
            where = f"{path}.sitting_out[{k}]"
            player = c.number_of(player, where, refs.players, "players")
            if player in out:
                raise FileRefused(where, _("player {value} sits out twice"), value=str(player))
            out.add(player)
            rows["sitting_out"].append({"tournament_id": 1, "round": number,
                                        "player_id": player})
        seated = {} if bye is None else {bye: f"{path}.bye"}
        for k, table in enumerate(c.items(entry["tables"], f"{path}.tables")):
            _table(table, f"{path}.tables[{k}]", number, k + 1, seated, refs, rows)
    return rows


def _table(entry: Any, path: str, number: int, table: int, seated: dict[int, str],
           refs: Refs, rows: dict[str, list[dict[str, Any]]]) -> None:
    entry = c.obj(entry, path, _TABLE)
    if c.whole(entry["table"], f"{path}.table") != table:
        raise FileRefused(f"{path}.table", _("a round's tables are numbered 1, 2, 3… in order: "
                                             "this one is {want}"), want=table)
    teams = c.items(entry["teams"], f"{path}.teams")
    if len(teams) != 2:
        raise FileRefused(f"{path}.teams", _("a table seats two teams"))
    sides = [c.number_of(t, f"{path}.teams[{k}]", refs.teams, "teams")
             for k, t in enumerate(teams)]
    for k, team in enumerate(sides):
        if team in seated:
            raise FileRefused(f"{path}.teams[{k}]", _("team {value} is already at {other} in "
                                                      "this round"), value=str(team),
                              other=seated[team])
        seated[team] = f"{path}.teams[{k}]"
    result = _result(entry, path, sides, replaced=False)
    game_id = None
    if entry["game"] is not None:
        game_id = len(rows["game"]) + 1
        _game(entry["game"], f"{path}.game", game_id, number, table, refs, rows)
    stage = c.maybe_whole(entry["stage"], f"{path}.stage", 0)
    if stage is not None and stage >= refs.stages:
        raise FileRefused(f"{path}.stage", _("{value} names no entry of {list} (it holds "
                                             "{count})"), value=str(stage), list="stages",
                          count=refs.stages)
    rows["board"].append({
        "tournament_id": 1, "round": number, "table_no": table, "team1": sides[0],
        "team2": sides[1], **result, "game_id": game_id, "stage": stage,
        "match_id": c.maybe_text(entry["match"], f"{path}.match")})
    minutes = c.maybe_whole(entry["minutes"], f"{path}.minutes")
    if minutes is not None:
        rows["table_time"].append({"tournament_id": 1, "round": number, "table_no": table,
                                   "minutes": minutes})
    for k, old in enumerate(c.items(entry["history"], f"{path}.history")):
        where = f"{path}.history[{k}]"
        old = c.obj(old, where, _RESULT)
        rows["board_history"].append({"id": len(rows["board_history"]) + 1,
                                      "tournament_id": 1, "round": number, "table_no": table,
                                      **_result(old, where, sides, replaced=True)})


def _result(entry: dict[str, Any], path: str, sides: list[int], *,
            replaced: bool) -> dict[str, Any]:
    """A table's result as the board's columns hold it (a correction's with ``replaced``)."""
    scores = c.pair(entry["scores"], f"{path}.scores")
    forfeit = c.maybe_whole(entry["forfeit"], f"{path}.forfeit")
    winner = c.maybe_whole(entry["winner"], f"{path}.winner")
    for key, team in (("forfeit", forfeit), ("winner", winner)):
        if team is not None and team not in sides:
            raise FileRefused(f"{path}.{key}", _("team {value} is not at this table"),
                              value=str(team))
    if scores is not None and forfeit is not None:
        raise FileRefused(f"{path}.scores", _("a table has scores or a forfeit, not both"))
    has_result = scores is not None or forfeit is not None
    if replaced and not has_result:
        raise FileRefused(f"{path}.scores", _("a correction replaced a result: give its "
                                              "scores or its forfeit"))
    if not has_result:
        for key in ("winner", "source", "entered"):
            if entry[key] is not None:
                raise FileRefused(f"{path}.{key}", _("a table without a result has no {key}"),
                                  key=key)
        return {"score1": None, "score2": None, "forfeit": None, "winner": None,
                "source": None, "entered": None}
    found = {"score1": None if scores is None else scores[0],
             "score2": None if scores is None else scores[1], "forfeit": forfeit,
             "winner": winner, "source": c.choice(entry["source"], f"{path}.source", SOURCES),
             "entered": c.moment(entry["entered"], f"{path}.entered")}
    if replaced:
        found["replaced"] = c.moment(entry["replaced"], f"{path}.replaced")
    return found


def _game(entry: Any, path: str, game_id: int, number: int, table: int, refs: Refs,
          rows: dict[str, list[dict[str, Any]]]) -> None:
    """A table's game and its deals (their states are the operation's: it plays them)."""
    entry = c.obj(entry, path, _GAME)
    rules = (refs.rules if entry["rules"] is None
             else c.anything(entry["rules"], f"{path}.rules"))
    sides = c.anything(entry["sides"], f"{path}.sides")
    for side, name in sides.items():
        c.text(name, f"{path}.sides.{side}", empty=False)
    rows["game"].append({
        "id": game_id, "created": c.moment(entry["created"], f"{path}.created"),
        "rules_name": c.text(entry["rules_name"], f"{path}.rules_name", empty=False),
        "rules": json.dumps(rules), "players": c.whole(entry["players"], f"{path}.players", 2, 4),
        "names": json.dumps(sides, ensure_ascii=False),
        "first_dealer": c.whole(entry["first_dealer"], f"{path}.first_dealer", 0, 3),
        "target": c.maybe_whole(entry["target"], f"{path}.target", 1),
        "deals": c.maybe_whole(entry["deals_limit"], f"{path}.deals_limit", 1),
        "label": c.text(entry["label"], f"{path}.label"), "tournament_id": 1,
        "round": number, "table_no": table, "rules_compiled": None, "join_code": None,
        "time_called": c.maybe_whole(entry["time_called"], f"{path}.time_called", 1)})
    deals = c.items(entry["deals"], f"{path}.deals")
    first = len(rows["deal"]) + 1  # this game's first deal's id
    active: list[int] = []
    for k, deal in enumerate(deals):
        where = f"{path}.deals[{k}]"
        deal = c.obj(deal, where, _DEAL)
        status = c.choice(deal["status"], f"{where}.status", STATUSES)
        deal_number = c.whole(deal["number"], f"{where}.number", 1)
        by = c.maybe_whole(deal["replaced_by"], f"{where}.replaced_by", 0, len(deals) - 1)
        if (by is not None) != (status == "replaced"):
            raise FileRefused(f"{where}.replaced_by", _("a replaced deal names the deal that "
                                                        "replaced it, and no other does"))
        if by is not None and (by == k or deals[by].get("number") != deal_number):
            raise FileRefused(f"{where}.replaced_by", _("a deal is replaced by another deal "
                                                        "of its number"))
        changed = c.maybe_moment(deal["changed"], f"{where}.changed")
        if (changed is None) != (status == "active"):
            raise FileRefused(f"{where}.changed", _("a deal undone or replaced says when, and "
                                                    "a deal in play does not"))
        if status == "active":
            active.append(deal_number)
        if deal["deal"] is not None:
            c.anything(deal["deal"], f"{where}.deal")
        rows["deal"].append({
            "id": first + k, "game_id": game_id, "number": deal_number,
            "deal": None if deal["deal"] is None else json.dumps(deal["deal"],
                                                                ensure_ascii=False),
            "recorded": c.moment(deal["recorded"], f"{where}.recorded"), "status": status,
            "replaced_by": None if by is None else first + by, "changed": changed,
            "state": None})
    if sorted(active) != list(range(1, len(active) + 1)):
        raise FileRefused(f"{path}.deals", _("the game's deals in play are numbered {got}, "
                                             "not 1 to {count}: its deal count does not add "
                                             "up"), got=", ".join(map(str, sorted(active))),
                          count=len(active))
