"""``tournament export --event`` and ``store import``: a concours as one open file, and that
file read into a store, checked before it is kept.

1. The export reads the concours in one snapshot and writes every row of it as a document
   (:mod:`coinche_cli.store.event_file`), with the sha256 of every ``--json`` view of it
   (``views``: those ``store copy`` compares, each round's ``show --history`` and each table
   game's ``game show`` too, game ids as the file numbers them).
2. The import refuses, before anything is written, a file that is not one, of a newer
   version, or whose numbers contradict each other (:mod:`coinche_cli.store.event_reading`),
   a deal its game's rules do not allow, and a name a concours of the store already has
   (``--rename NAME`` imports it beside it).
3. It then writes the rows in one transaction (:func:`coinche_cli.store.transfer.
   insert_tables`, as ``store copy`` writes), reads every view of the imported concours
   back and compares each with the file's ``views`` before it commits: a view that differs
   rolls everything back.  A file without ``views`` (written by another program) is
   imported on its own checks.
"""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING, Any

from coinche_cli.errors import CoincheError, InputError, escaped_text
from coinche_cli.i18n import _
from coinche_cli.store.event_check import FileRefused
from coinche_cli.values import Value

if TYPE_CHECKING:
    from coinche_cli.store.event_reading import Rows
    from coinche_cli.store.records import TournamentRecord
    from coinche_cli.store.sql import SqlStore

#: What names the concours in the views' labels: the same whatever its name in a store.
_NAMED = "tournament"


class Imported(Value):
    """A concours imported: its name in the store, the rows of each table, and how many of
    the file's views were compared (0: the file had none)."""

    __slots__ = ("name", "rows", "views")

    def __init__(self, name: str, rows: dict[str, int], views: int) -> None:
        self.name = name
        self.rows = rows
        self.views = views


def export_event(store: SqlStore, name: str | None, generator: str) -> dict[str, Any]:
    """The event document of the concours called ``name`` (or the current one), read in one
    snapshot; ``generator`` names the program that writes it."""
    from coinche_cli.store import event_file, now
    from coinche_cli.tournament.found import find_id

    with store.reading():
        tournament_id = find_id(store, name)
        tables = event_file.tournament_tables(store, tournament_id)
        doc = event_file.document(tables, generator, now())
        doc["views"] = _checksums(store, _record(store, tournament_id),
                                  event_file.game_numbers(tables), doc["name"])
    return doc


def import_event(store: SqlStore, data: Any, rename: str | None) -> Imported:
    """Import the event document ``data`` (parsed JSON) into ``store``, under its own name or
    ``rename``; refused, with nothing written, as the module says."""
    from coinche_cli.names import check_name
    from coinche_cli.store.event_check import text
    from coinche_cli.store.event_reading import check_format, read
    from coinche_cli.store.transfer import Destination

    check_format(data)
    own = text(data.get("name"), "name", empty=False)
    name = own if rename is None else check_name(rename, "--rename")
    if not name:
        raise InputError("--rename", _("give the concours a name"))
    rows, views = read(data, name)
    _play_games(rows)
    _check_documents(rows)
    # a new store file is written under another name and named once the import is
    # committed (as store copy writes one): a refused import leaves no store behind it
    target = Destination(store)
    try:
        counts = _write(target.store, rows, views, name, own, field="name" if rename is None
                        else "--rename")
        target.keep()
    except BaseException:
        target.drop()
        raise
    return Imported(name, counts, len(views))


def _write(store: SqlStore, rows: Rows, views: dict[str, str], name: str, own: str, *,
           field: str) -> dict[str, int]:
    """The rows written in one transaction, and the views compared before it commits."""
    from coinche_cli.store.event_reading import as_tables
    from coinche_cli.store.transfer import insert_tables

    with store.write():
        if store.find_tournament(name) is not None:
            raise InputError(field, _("this store already has a concours called “{name}”: "
                                      "give --rename NAME to import it beside it"), name=name)
        offsets, counts = insert_tables(_("the file"), store, as_tables(rows))
        tournament_id = offsets["tournament"] + 1
        games = {offsets["game"] + number: number for number in range(1, len(rows["game"]) + 1)}
        again = _checksums(store, _record(store, tournament_id), games, own)
        if views:
            for label in [*again, *(label for label in views if label not in again)]:
                if views.get(label) != again.get(label):
                    raise FileRefused("views", _("the imported concours's {view} is not the "
                                                 "exported one's: nothing was imported (a file "
                                                 "changed by hand is imported without its "
                                                 "“views”)"), view=escaped_text(label))
        if store.current("tournament") is None:
            store.set_current("tournament", tournament_id)
    return counts


def _record(store: SqlStore, tournament_id: int) -> TournamentRecord:
    from coinche_cli.tournament.ops import listing

    return next(r for r in listing(store) if r.id == tournament_id)


def _checksums(store: SqlStore, record: TournamentRecord, games: dict[int, int],
               name: str) -> dict[str, str]:
    """The sha256 of every view of the concours, by what names it: game ids as the file
    numbers them (``games``), the concours named ``name`` (the file's, whatever its name in
    the store)."""
    from coinche_cli.store_copy import canonical, game_view, ids_back, tournament_views

    try:
        views = tournament_views(store, record, _NAMED, history=True)
        views += [(f"game show --game {number}", game_view(store, game))
                  for game, number in games.items()]
    except CoincheError:
        raise
    except (KeyError, IndexError, TypeError, ValueError, AttributeError) as exc:
        # a file whose numbers agree but whose concours cannot be shown (a stage's
        # definition out of shape…): refused, never a traceback
        raise FileRefused("rounds", _("the file's concours cannot be shown ({problem}): its "
                                      "values contradict each other; nothing was imported"),
                          problem=type(exc).__name__) from None
    views[0][1]["name"] = name
    return {label: hashlib.sha256(canonical(view).encode()).hexdigest()
            for label, view in ids_back(views, games)}


def _play_games(rows: Rows) -> None:
    """Each table game's rules compiled and its deals played (each deal's summary is what
    the next ``game add`` resumes from): a deal its rules do not allow is refused, naming
    it."""
    import json

    from coinche_cli.game.state import Entry, Setup, extend, start
    from coinche_cli.rules.model import compile_rules
    from coinche_cli.rules.validate import rules_from_document
    from coinche_cli.scoring.deal import deal_from_json

    places = _game_places(rows)
    compiled: dict[str, tuple[Any, str]] = {}
    deals: dict[int, list[dict[str, Any]]] = {}
    for deal in rows["deal"]:
        deals.setdefault(deal["game_id"], []).append(deal)
    for game in rows["game"]:
        path = places[game["id"]]
        if game["rules"] not in compiled:
            try:
                rules = rules_from_document(json.loads(game["rules"]), f"{path}.rules")
            except CoincheError as exc:
                raise FileRefused(f"{path}.rules", escaped_text(exc.text)) from None
            compiled[game["rules"]] = (rules, compile_rules(rules))
        rules, game["rules_compiled"] = compiled[game["rules"]]
        try:
            state = start(Setup(rules=rules, players=game["players"],
                                names=json.loads(game["names"]),
                                first_dealer=game["first_dealer"], target=game["target"],
                                deals=game["deals"], time_called=game["time_called"]))
        except (CoincheError, KeyError, ValueError) as exc:
            raise FileRefused(f"{path}.sides", _("not the sides of a game under its rules "
                                                 "({problem})"),
                              problem=escaped_text(str(exc))) from None
        mine = deals.get(game["id"], [])
        for k, deal in sorted(enumerate(mine), key=lambda found: found[1]["number"]):
            if deal["status"] != "active":
                continue
            try:
                played = None if deal["deal"] is None else state.setup.with_sides(
                    deal_from_json(deal["deal"]))
                state = extend(state, Entry(deal["number"], played, deal["recorded"]))
            except CoincheError as exc:
                raise FileRefused(f"{path}.deals[{k}].deal", escaped_text(exc.text)) from None
            deal["state"] = json.dumps(state.summary())


def _game_places(rows: Rows) -> dict[int, str]:
    """Each game's JSON path in the file, by its id in the rows."""
    places = {}
    for round_index, number in enumerate(r["number"] for r in rows["round"]):
        for board in rows["board"]:
            if board["round"] == number and board["game_id"] is not None:
                places[board["game_id"]] = (f"rounds[{round_index}].tables"
                                            f"[{board['table_no'] - 1}].game")
    return places


def _check_documents(rows: Rows) -> None:
    """The concours's own documents read as the store reads them back: the rules, the
    settings, each stage's definition."""
    import json

    from coinche_cli.rules.validate import rules_from_document
    from coinche_cli.tournament.settings import Settings
    from coinche_cli.tournament.stage import Stage

    (tournament,) = rows["tournament"]
    try:
        rules_from_document(json.loads(tournament["rules"]), "rules.document")
    except CoincheError as exc:
        raise FileRefused("rules.document", escaped_text(exc.text)) from None
    checks: list[tuple[str, Any]] = [
        ("settings", lambda: Settings.from_json(json.loads(tournament["settings"])))]
    checks += [(f"stages[{i}].definition",
                lambda s=stage: Stage.read(s["position"], s["name"], json.loads(s["definition"]),
                                           s["started"]))
               for i, stage in enumerate(rows["stage"])]
    for path, check in checks:
        try:
            check()
        except CoincheError as exc:
            raise FileRefused(path, escaped_text(exc.text)) from None
        except (KeyError, IndexError, TypeError, ValueError, AttributeError) as exc:
            raise FileRefused(path, _("not as coinche writes it ({problem})"),
                              problem=escaped_text(f"{type(exc).__name__}: {exc}")) from None
