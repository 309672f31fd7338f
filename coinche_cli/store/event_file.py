"""A concours as one open document (``tournament export --event``): ``"format":
"coinche-event"``, ``"version": 1``, documented by ``docs/coinche-event.schema.json``.

The document is built from the store's rows of one tournament (:func:`coinche_cli.store.rows.
tournament_rows`), so that nothing a view shows is lost, and it names things as the concours
does, never by a store's ids:

1. teams and players are numbered from 1 in the order they registered (``"number"``); every
   table, bye, sit-out, penalty, stage seed and desk line names them by that number;
2. rounds are numbered as they were played, tables within them from 1, and a table's
   corrections (``history``), its source and its game (the deals of a table scored deal by
   deal, every deal undone or replaced kept, ``replaced_by`` naming the deal's place in its
   game's list) sit inside it;
3. the rules are the rules document the concours was created with (``rules.document``), a
   table game's own only when they differ (a later stage's);
4. moments are the store's own (ISO 8601, UTC); amounts are cents;
5. ``counts`` says how many of each thing the file holds, for a reader to check it, and
   ``views`` the checksum of every ``--json`` view (:mod:`coinche_cli.store_event`), which an
   import compares before it commits.

:mod:`coinche_cli.store.event_reading` reads such a document back into rows.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from coinche_cli.store import rows

if TYPE_CHECKING:
    from coinche_cli.store.sql import SqlStore

#: What an event file says it is, and the version this coinche writes and reads.
FORMAT = "coinche-event"
VERSION = 1

#: One tournament's rows, table by table: its columns and its rows.
Tables = dict[str, tuple[list[str], list[tuple[Any, ...]]]]


def tournament_tables(store: SqlStore, tournament_id: int) -> Tables:
    """Every row of one tournament (inside the caller's reading)."""
    return rows.tournament_rows(store, tournament_id)


def game_numbers(tables: Tables) -> dict[int, int]:
    """The number the file gives each table's game (from 1, in the order of the rounds and
    their tables), by its id in the store."""
    game_columns, game_rows = tables["game"]
    games = {row[game_columns.index("id")] for row in game_rows}
    columns, boards = tables["board"]
    where = columns.index("game_id")
    found = [row[where] for row in boards if row[where] in games]
    return {game: number for number, game in enumerate(found, 1)}


def _dicts(tables: Tables, table: str) -> list[dict[str, Any]]:
    columns, found = tables[table]
    return [dict(zip(columns, row, strict=True)) for row in found]


def document(tables: Tables, generator: str, exported: str) -> dict[str, Any]:
    """The event document of one tournament's rows (``tables``), without its ``views``
    (added by the caller, who reads them); ``generator`` and ``exported`` say which coinche
    wrote it, and when."""
    (tournament,) = _dicts(tables, "tournament")
    players = _dicts(tables, "player")
    teams = _dicts(tables, "team")
    player_no = {p["id"]: i for i, p in enumerate(players, 1)}
    team_no = {t["id"]: i for i, t in enumerate(teams, 1)}
    rules = json.loads(tournament["rules"])
    doc: dict[str, Any] = {
        "format": FORMAT, "version": VERSION, "generator": generator, "exported": exported,
        "name": tournament["name"], "created": tournament["created"],
        "rules": {"name": tournament["rules_name"], "document": rules},
        "settings": json.loads(tournament["settings"]),
        "teams": [_team(t, i, player_no) for i, t in enumerate(teams, 1)],
        "players": [{"number": i, "name": p["name"], "club": p["club"],
                     "licence": p["licence"], "registered": p["registered"],
                     "joined_round": p["joined_round"], "dropped_after": p["dropped_after"]}
                    for i, p in enumerate(players, 1)],
    }
    doc["rounds"], games, deals = _rounds(tables, team_no, player_no, rules)
    doc["penalties"] = [{"team": team_no[p["team_id"]], "round": p["round"],
                         "points": p["points"], "reason": p["reason"],
                         "to_opponents": bool(p["to_opponents"]), "entered": p["entered"]}
                        for p in _dicts(tables, "penalty")]
    doc["stages"] = _stages(tables, team_no)
    doc["desk"] = _desk(tables, team_no, player_no)
    boards = [t for r in doc["rounds"] for t in r["tables"]]
    doc["counts"] = {
        "teams": len(teams), "players": len(players), "rounds": len(doc["rounds"]),
        "tables": len(boards), "results": sum(t["source"] is not None for t in boards),
        "corrections": sum(len(t["history"]) for t in boards), "games": games,
        "deals": deals, "penalties": len(doc["penalties"]),
    }
    return doc


def _team(team: dict[str, Any], number: int, player_no: dict[int, int]) -> dict[str, Any]:
    found: dict[str, Any] = {
        "number": number, "name": team["name"], "players": json.loads(team["players"]),
        "club": team["club"], "registered": team["registered"],
        "joined_round": team["joined_round"], "dropped_after": team["dropped_after"],
        # a mêlée's pair: its two players, by number (a formed team: none)
        "members": ([] if team["player1"] is None
                    else [player_no[team["player1"]], player_no[team["player2"]]]),
    }
    return found


def _rounds(tables: Tables, team_no: dict[int, int], player_no: dict[int, int],
            rules: Any) -> tuple[list[dict[str, Any]], int, int]:
    """Every round with its tables, their corrections and games; how many games and deals
    the tables hold."""
    def team(ident: int | None) -> int | None:
        return None if ident is None else team_no[ident]

    games = {g["id"]: g for g in _dicts(tables, "game")}
    deals: dict[int, list[dict[str, Any]]] = {}
    for deal in _dicts(tables, "deal"):
        deals.setdefault(deal["game_id"], []).append(deal)
    history: dict[tuple[int, int], list[dict[str, Any]]] = {}
    # the corrections in the order they were made (the store's order of every history)
    for row in sorted(_dicts(tables, "board_history"),
                      key=lambda r: (r["replaced"] or "", r["entered"] or "", r["id"])):
        history.setdefault((row["round"], row["table_no"]), []).append(
            {"scores": _scores(row), "forfeit": team(row["forfeit"]),
             "winner": team(row["winner"]), "source": row["source"] or "desk",
             "entered": row["entered"] or "", "replaced": row["replaced"]})
    minutes = {(r["round"], r["table_no"]): r["minutes"] for r in _dicts(tables, "table_time")}
    out: dict[int, list[int]] = {}
    for row in _dicts(tables, "sitting_out"):
        out.setdefault(row["round"], []).append(player_no[row["player_id"]])
    boards: dict[int, list[dict[str, Any]]] = {}
    counted = [0, 0]
    for board in _dicts(tables, "board"):
        key = (board["round"], board["table_no"])
        result = board["score1"] is not None or board["forfeit"] is not None
        game = None
        if board["game_id"] is not None and board["game_id"] in games:
            game = _game(games[board["game_id"]], deals.get(board["game_id"], []), rules)
            counted[0] += 1
            counted[1] += len(game["deals"])
        boards.setdefault(board["round"], []).append({
            "table": board["table_no"], "teams": [team_no[board["team1"]],
                                                  team_no[board["team2"]]],
            "scores": _scores(board), "forfeit": team(board["forfeit"]),
            "winner": team(board["winner"]),
            # a result stored before sources were kept reads as typed at the desk
            "source": (board["source"] or "desk") if result else None,
            "entered": (board["entered"] or "") if result else None,
            "stage": board["stage"], "match": board["match_id"],
            "minutes": minutes.get(key), "history": history.get(key, []), "game": game,
        })
    rounds = [{"round": r["number"], "paired": r["paired"], "bye": team(r["bye"]),
               "rematches": r["rematches"], "sitting_out": out.get(r["number"], []),
               "tables": boards.get(r["number"], [])} for r in _dicts(tables, "round")]
    return rounds, counted[0], counted[1]


def _scores(row: dict[str, Any]) -> list[int] | None:
    return None if row["score1"] is None else [row["score1"], row["score2"]]


def _game(game: dict[str, Any], deals: list[dict[str, Any]], rules: Any) -> dict[str, Any]:
    """A table's game: its setup and every deal, those undone or replaced too."""
    place = {deal["id"]: i for i, deal in enumerate(deals)}
    own = json.loads(game["rules"])
    return {
        "created": game["created"], "rules_name": game["rules_name"],
        "rules": None if own == rules else own, "players": game["players"],
        "sides": json.loads(game["names"]), "first_dealer": game["first_dealer"],
        "target": game["target"], "deals_limit": game["deals"], "label": game["label"],
        "time_called": game["time_called"],
        "deals": [{"number": d["number"],
                   "deal": None if d["deal"] is None else json.loads(d["deal"]),
                   "recorded": d["recorded"], "status": d["status"],
                   "replaced_by": (None if d["replaced_by"] is None
                                   else place[d["replaced_by"]]),
                   "changed": d["changed"]} for d in deals],
    }


def _stages(tables: Tables, team_no: dict[int, int]) -> list[dict[str, Any]]:
    seeds: dict[int, list[dict[str, Any]]] = {}
    for row in _dicts(tables, "stage_team"):
        seeds.setdefault(row["position"], []).append(
            {"seed": row["seed"], "team": team_no[row["team_id"]], "group": row["grp"]})
    byes: dict[int, list[dict[str, Any]]] = {}
    for row in _dicts(tables, "stage_bye"):
        byes.setdefault(row["position"], []).append(
            {"round": row["round"], "team": team_no[row["team_id"]]})
    return [{"position": s["position"], "name": s["name"],
             "definition": json.loads(s["definition"]), "started": s["started"],
             "teams": seeds.get(s["position"], []), "byes": byes.get(s["position"], [])}
            for s in _dicts(tables, "stage")]


def _desk(tables: Tables, team_no: dict[int, int],
          player_no: dict[int, int]) -> dict[str, Any]:
    """The registration desk and the prizes: check-ins, payments, prize lines, the pot and
    the director's order between tied entrants (each list empty when the desk is unused)."""
    def entrant(row: dict[str, Any]) -> dict[str, int | None]:
        return {"team": None if row["team_id"] is None else team_no[row["team_id"]],
                "player": None if row["player_id"] is None else player_no[row["player_id"]]}

    pots = _dicts(tables, "prize_pot")
    return {
        "checkins": [{**entrant(r), "arrived": r["arrived"]}
                     for r in _dicts(tables, "checkin")],
        "payments": [{**entrant(r), "amount": r["amount"], "method": r["method"],
                      "reason": r["reason"], "at_checkin": bool(r["at_checkin"]),
                      "entered": r["entered"]} for r in _dicts(tables, "payment")],
        "prizes": [{"first_rank": r["first_rank"], "last_rank": r["last_rank"],
                    "prize": r["prize"], "amount": r["amount"]}
                   for r in _dicts(tables, "prize")],
        "pot": (None if not pots else {"percents": json.loads(pots[0]["percents"]),
                                       "amount": pots[0]["amount"]}),
        "prize_order": [{"decision": r["decision"], "position": r["position"], **entrant(r)}
                        for r in _dicts(tables, "prize_order")],
    }
