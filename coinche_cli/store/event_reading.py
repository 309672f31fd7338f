"""An event file read back into a store's rows (``store import``): every value checked
(:mod:`coinche_cli.store.event_check`), and every number that must agree with another
(the file's own references, its counts) agreeing, before anything is written.

What is refused, naming the JSON path:

1. a file that is no coinche event file (no object, another ``format``), or one of a
   newer ``version`` than this coinche reads;
2. a value of the wrong type or past its bounds, a key the format does not have;
3. a reference to nothing: a team, player, round, stage or deal the file does not hold
   (``rounds[2].tables[4].teams[1]``);
4. a contradiction: entries not numbered in order, a team at two tables of one round (or at
   a table and on the bye), scores and a forfeit at one table, a winner or a forfeit not at
   the table, a result without its source, a game whose deals are not numbered 1, 2, 3…,
   two teams of one name, ``counts`` that do not add up to what the file holds.

The rows come numbered from 1 (the tournament is 1, each team its number…):
:func:`coinche_cli.store.transfer.insert_tables` moves them past the destination's own.
"""

from __future__ import annotations

import json
from typing import Any

from coinche_cli.i18n import _
from coinche_cli.names import fold
from coinche_cli.store import event_check as c
from coinche_cli.store.event_check import FileRefused
from coinche_cli.store.event_file import FORMAT, VERSION
from coinche_cli.store.event_rounds import Refs, read_rounds

#: The keys of an event file (``views`` is optional: a program other than coinche that
#: writes or changes a file leaves it out).
KEYS = ("format", "version", "generator", "exported", "name", "created", "rules",
        "settings", "teams", "players", "rounds", "penalties", "stages", "desk", "counts")
COUNTS = ("teams", "players", "rounds", "tables", "results", "corrections", "games", "deals",
          "penalties")
#: A row as a dict of its columns, table by table.
Rows = dict[str, list[dict[str, Any]]]


def check_format(data: Any) -> None:
    """The file says it is a coinche event file of a version this coinche reads."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise FileRefused("format", _("this is not a coinche event file (its “format” is "
                                      "not “{name}”)"), name=FORMAT)
    version = c.whole(data.get("version"), "version", 1)
    if version > VERSION:
        raise FileRefused("version", _("the file is of version {got} of the event file, and "
                                       "this coinche reads version {most}: a newer coinche "
                                       "wrote it; update coinche to import it"),
                          got=str(version), most=VERSION)


def read(data: Any, name: str) -> tuple[Rows, dict[str, str]]:
    """The rows of the concours an event file holds, under ``name`` (the file's own, or
    ``--rename``), and the checksums of its views (empty when the file has none)."""
    check_format(data)
    doc = c.obj(data, "", KEYS, ("views",))
    c.text(doc["generator"], "generator")
    c.moment(doc["exported"], "exported")
    c.text(doc["name"], "name", empty=False)
    rules = c.obj(doc["rules"], "rules", ("name", "document"))
    c.text(rules["name"], "rules.name", empty=False)
    document = c.anything(rules["document"], "rules.document")
    settings = c.anything(doc["settings"], "settings")
    rows: Rows = {"tournament": [{
        "id": 1, "name": name, "name_key": fold(name), "created": c.moment(doc["created"],
                                                                           "created"),
        "rules_name": rules["name"], "rules": json.dumps(document),
        "settings": json.dumps(settings), "secret": None, "code_shift": 0}]}
    players = c.items(doc["players"], "players")
    teams = c.items(doc["teams"], "teams")
    rows["player"] = _players(players)
    rows["team"] = _teams(teams, len(players))
    stages = c.items(doc["stages"], "stages")
    rounds = c.items(doc["rounds"], "rounds")
    refs = Refs(len(teams), len(players), len(rounds), len(stages), document)
    rows |= read_rounds(rounds, refs)
    rows["penalty"] = [{"id": i + 1, **_penalty(p, f"penalties[{i}]", refs)}
                       for i, p in enumerate(c.items(doc["penalties"], "penalties"))]
    rows |= _stages(stages, refs)
    rows |= _desk(doc["desk"], refs)
    _counts(doc["counts"], rows)
    views = c.anything(doc.get("views", {}), "views")
    return rows, {str(label): _checksum(value, f"views.{label}")
                  for label, value in views.items()}


def _names(entries: list[Any], list_name: str) -> None:
    """No two entries of one name (compared folded, as the store compares them)."""
    seen: dict[str, int] = {}
    for i, entry in enumerate(entries):
        key = fold(entry["name"])
        if key in seen:
            raise FileRefused(f"{list_name}[{i}].name", _("“{name}” is the name of "
                                                          "{list}[{other}] already"),
                              name=entry["name"], list=list_name, other=seen[key])
        seen[key] = i


def _registered(entry: dict[str, Any], path: str, number: int) -> dict[str, Any]:
    """What a team and a player share: number, name, club, registration and rounds."""
    if c.whole(entry["number"], f"{path}.number") != number:
        raise FileRefused(f"{path}.number", _("the entries are numbered 1, 2, 3… in order: "
                                              "this one is {want}"), want=number)
    dropped = c.maybe_whole(entry["dropped_after"], f"{path}.dropped_after", 0)
    return {"id": number, "tournament_id": 1,
            "name": c.text(entry["name"], f"{path}.name", empty=False),
            "name_key": fold(entry["name"]), "club": c.text(entry["club"], f"{path}.club"),
            "registered": c.whole(entry["registered"], f"{path}.registered"),
            "joined_round": c.whole(entry["joined_round"], f"{path}.joined_round", 1),
            "dropped_after": dropped}


_PLAYER = ("number", "name", "club", "licence", "registered", "joined_round", "dropped_after")
_TEAM = ("number", "name", "players", "club", "registered", "joined_round", "dropped_after",
         "members")


def _players(players: list[Any]) -> list[dict[str, Any]]:
    found = []
    for i, entry in enumerate(players):
        path = f"players[{i}]"
        entry = c.obj(entry, path, _PLAYER)
        found.append({**_registered(entry, path, i + 1),
                      "licence": c.text(entry["licence"], f"{path}.licence")})
    _names(players, "players")
    return found


def _teams(teams: list[Any], players: int) -> list[dict[str, Any]]:
    found = []
    for i, entry in enumerate(teams):
        path = f"teams[{i}]"
        entry = c.obj(entry, path, _TEAM)
        names = [c.text(p, f"{path}.players[{k}]")
                 for k, p in enumerate(c.items(entry["players"], f"{path}.players"))]
        members = c.items(entry["members"], f"{path}.members")
        if len(members) not in (0, 2):
            raise FileRefused(f"{path}.members", _("a mêlée's pair has two players (a formed "
                                                   "team: none)"))
        ids = [c.number_of(m, f"{path}.members[{k}]", players, "players")
               for k, m in enumerate(members)]
        found.append({**_registered(entry, path, i + 1),
                      "players": json.dumps(names, ensure_ascii=False),
                      "player1": ids[0] if ids else None, "player2": ids[1] if ids else None})
    _names(teams, "teams")
    return found


def _penalty(entry: Any, path: str, refs: Refs) -> dict[str, Any]:
    entry = c.obj(entry, path, ("team", "round", "points", "reason", "to_opponents",
                                "entered"))
    return {"tournament_id": 1,
            "team_id": c.number_of(entry["team"], f"{path}.team", refs.teams, "teams"),
            "round": c.number_of(entry["round"], f"{path}.round", refs.rounds, "rounds"),
            "points": c.whole(entry["points"], f"{path}.points"),
            "reason": c.text(entry["reason"], f"{path}.reason"),
            "to_opponents": int(c.flag(entry["to_opponents"], f"{path}.to_opponents")),
            "entered": c.moment(entry["entered"], f"{path}.entered")}


def _stages(stages: list[Any], refs: Refs) -> Rows:
    rows: Rows = {"stage": [], "stage_team": [], "stage_bye": []}
    for i, entry in enumerate(stages):
        path = f"stages[{i}]"
        entry = c.obj(entry, path, ("position", "name", "definition", "started", "teams",
                                    "byes"))
        if c.whole(entry["position"], f"{path}.position") != i:
            raise FileRefused(f"{path}.position", _("the stages are numbered 0, 1, 2… in "
                                                    "order: this one is {want}"), want=i)
        definition = c.anything(entry["definition"], f"{path}.definition")
        rows["stage"].append({"tournament_id": 1, "position": i,
                              "name": c.text(entry["name"], f"{path}.name", empty=False),
                              "name_key": fold(entry["name"]),
                              "definition": json.dumps(definition),
                              "started": c.maybe_moment(entry["started"], f"{path}.started")})
        seeds: set[int] = set()
        for k, seed in enumerate(c.items(entry["teams"], f"{path}.teams")):
            where = f"{path}.teams[{k}]"
            seed = c.obj(seed, where, ("seed", "team", "group"))
            number = c.whole(seed["seed"], f"{where}.seed")
            if number in seeds:
                raise FileRefused(f"{where}.seed", _("seed {value} is given twice"),
                                  value=str(number))
            seeds.add(number)
            rows["stage_team"].append({
                "tournament_id": 1, "position": i, "seed": number,
                "team_id": c.number_of(seed["team"], f"{where}.team", refs.teams, "teams"),
                "grp": c.maybe_whole(seed["group"], f"{where}.group", 0)})
        for k, bye in enumerate(c.items(entry["byes"], f"{path}.byes")):
            where = f"{path}.byes[{k}]"
            bye = c.obj(bye, where, ("round", "team"))
            rows["stage_bye"].append({
                "tournament_id": 1, "position": i,
                "round": c.number_of(bye["round"], f"{where}.round", refs.rounds, "rounds"),
                "team_id": c.number_of(bye["team"], f"{where}.team", refs.teams, "teams")})
    _names(stages, "stages")
    return rows


def _entrant(entry: dict[str, Any], path: str, refs: Refs) -> dict[str, int | None]:
    """A desk line's entrant: a team, or a mêlée's player (one of the two)."""
    team = c.maybe_number_of(entry["team"], f"{path}.team", refs.teams, "teams")
    player = c.maybe_number_of(entry["player"], f"{path}.player", refs.players, "players")
    if (team is None) == (player is None):
        raise FileRefused(path, _("a desk line names a team or a player: one of the two"))
    return {"team_id": team, "player_id": player}


def _desk(value: Any, refs: Refs) -> Rows:
    from coinche_cli.tournament.money import MAX_AMOUNT, METHODS

    desk = c.obj(value, "desk", ("checkins", "payments", "prizes", "pot", "prize_order"))
    rows: Rows = {"checkin": [], "payment": [], "prize": [], "prize_pot": [],
                  "prize_order": []}
    for i, entry in enumerate(c.items(desk["checkins"], "desk.checkins")):
        path = f"desk.checkins[{i}]"
        entry = c.obj(entry, path, ("team", "player", "arrived"))
        rows["checkin"].append({"id": i + 1, "tournament_id": 1, **_entrant(entry, path, refs),
                                "arrived": c.moment(entry["arrived"], f"{path}.arrived")})
    for i, entry in enumerate(c.items(desk["payments"], "desk.payments")):
        path = f"desk.payments[{i}]"
        entry = c.obj(entry, path, ("team", "player", "amount", "method", "reason",
                                    "at_checkin", "entered"))
        rows["payment"].append({
            "id": i + 1, "tournament_id": 1, **_entrant(entry, path, refs),
            "amount": c.whole(entry["amount"], f"{path}.amount", -MAX_AMOUNT, MAX_AMOUNT),
            "method": c.choice(entry["method"], f"{path}.method", METHODS),
            "reason": c.text(entry["reason"], f"{path}.reason"),
            "at_checkin": int(c.flag(entry["at_checkin"], f"{path}.at_checkin")),
            "entered": c.moment(entry["entered"], f"{path}.entered")})
    for i, entry in enumerate(c.items(desk["prizes"], "desk.prizes")):
        path = f"desk.prizes[{i}]"
        entry = c.obj(entry, path, ("first_rank", "last_rank", "prize", "amount"))
        rows["prize"].append({
            "id": i + 1, "tournament_id": 1,
            "first_rank": c.maybe_whole(entry["first_rank"], f"{path}.first_rank", 1),
            "last_rank": c.maybe_whole(entry["last_rank"], f"{path}.last_rank", 1),
            "prize": c.text(entry["prize"], f"{path}.prize"),
            "amount": c.maybe_whole(entry["amount"], f"{path}.amount", 0, MAX_AMOUNT)})
    if desk["pot"] is not None:
        pot = c.obj(desk["pot"], "desk.pot", ("percents", "amount"))
        percents = c.items(pot["percents"], "desk.pot.percents")
        for i, share in enumerate(percents):
            if not isinstance(share, (int, float, str)) or isinstance(share, bool):
                raise FileRefused(f"desk.pot.percents[{i}]", _("expected a percentage"))
        rows["prize_pot"].append({
            "tournament_id": 1, "percents": json.dumps(percents),
            "amount": c.maybe_whole(pot["amount"], "desk.pot.amount", 0, MAX_AMOUNT)})
    for i, entry in enumerate(c.items(desk["prize_order"], "desk.prize_order")):
        path = f"desk.prize_order[{i}]"
        entry = c.obj(entry, path, ("decision", "position", "team", "player"))
        rows["prize_order"].append({
            "tournament_id": 1, "decision": c.whole(entry["decision"], f"{path}.decision"),
            "position": c.whole(entry["position"], f"{path}.position"),
            **_entrant(entry, path, refs)})
    return rows


def _counts(value: Any, rows: Rows) -> None:
    """``counts`` agrees with what the file holds."""
    counts = c.obj(value, "counts", COUNTS)
    held = {"teams": len(rows["team"]), "players": len(rows["player"]),
            "rounds": len(rows["round"]), "tables": len(rows["board"]),
            "results": sum(b["source"] is not None for b in rows["board"]),
            "corrections": len(rows["board_history"]), "games": len(rows["game"]),
            "deals": len(rows["deal"]), "penalties": len(rows["penalty"])}
    for key in COUNTS:
        said = c.whole(counts[key], f"counts.{key}", 0)
        if said != held[key]:
            raise FileRefused(f"counts.{key}", _("the file says {said} and holds {held}: "
                                                 "its numbers do not add up"),
                              said=said, held=held[key])


def _checksum(value: Any, path: str) -> str:
    found = c.text(value, path, longest=64)
    if len(found) != 64 or any(ch not in "0123456789abcdef" for ch in found):
        raise FileRefused(path, _("expected a sha256 checksum (64 hexadecimal digits)"))
    return found


def as_tables(rows: Rows) -> dict[str, tuple[list[str], list[tuple[Any, ...]]]]:
    """The rows as :func:`coinche_cli.store.transfer.insert_tables` takes them: each table's
    columns and its rows in their order."""
    tables: dict[str, tuple[list[str], list[tuple[Any, ...]]]] = {}
    for table, found in rows.items():
        if found:
            columns = list(found[0])
            tables[table] = (columns, [tuple(row[k] for k in columns) for row in found])
    return tables
