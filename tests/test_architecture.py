"""The rooms of ``docs/architecture.md`` hold: read from the source, import by import.

Every ``import`` of every module counts, also those inside functions (the lazy ones that keep
start-up fast) and those only for type checking: a layer that reaches up, even lazily, is
still a layer that reaches up.  Every module has a room; a module that has none fails here
until ``docs/architecture.md`` and :data:`ROOMS` place it.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "coinche_cli"

#: Every room, lowest first, with its level: a module imports modules of a lower level, or
#: of its own room.  Rooms of one level never import each other.
ROOMS: dict[str, tuple[int, tuple[str, ...]]] = {
    # what everything speaks: values, the error root, names, the language (its sentences and
    # how it writes numbers and moments), JSON's text
    "base": (0, ("coinche_cli", "coinche_cli.values", "coinche_cli.errors", "coinche_cli.names",
                 "coinche_cli.i18n", "coinche_cli.formats", "coinche_cli.json_text")),
    # the game's rules as pure values and functions, and what a store holds
    "domain": (1, ("coinche_cli.rules", "coinche_cli.scoring", "coinche_cli.game.state",
                   "coinche_cli.tournament.board", "coinche_cli.tournament.model",
                   "coinche_cli.tournament.ranking", "coinche_cli.tournament.pairing",
                   "coinche_cli.tournament.standings", "coinche_cli.tournament.codes",
                   "coinche_cli.tournament.melee_draw", "coinche_cli.tournament.melee_standings",
                   "coinche_cli.tournament.money", "coinche_cli.tournament.prizes",
                   "coinche_cli.tournament.accounts", "coinche_cli.tournament.settings",
                   "coinche_cli.tournament.bracket", "coinche_cli.tournament.groups",
                   "coinche_cli.tournament.stage", "coinche_cli.tournament.stages",
                   "coinche_cli.tournament.field", "coinche_cli.tournament.ranked",
                   "coinche_cli.game.stats", "coinche_cli.season.model",
                   "coinche_cli.season.people", "coinche_cli.season.events",
                   "coinche_cli.season.ranking", "coinche_cli.season.ratings")),
    "records": (2, ("coinche_cli.store.records",)),
    # two rooms of one level, which never see each other
    "views": (3, ("coinche_cli.game.views", "coinche_cli.rules.views", "coinche_cli.season.views",
                  "coinche_cli.tournament.views", "coinche_cli.tournament.desk_views",
                  "coinche_cli.tournament.stage_views",
                  "coinche_cli.tournament.export_views", "coinche_cli.tournament.poster_views",
                  "coinche_cli.tournament.site_views", "coinche_cli.season.site_views",
                  "coinche_cli.tournament.share_views")),
    "store": (3, ("coinche_cli.store",)),
    # files in and out: it lays the views out as workbooks, CSV and pages (beside the
    # operations, which never import it: the clients hand it what it writes)
    "sheets": (4, ("coinche_cli.sheets",)),
    # the operations: one per command, read -> check -> write in one transaction
    "operations": (4, ("coinche_cli.game.ops", "coinche_cli.tournament.ops",
                       "coinche_cli.tournament.results", "coinche_cli.tournament.table_games",
                       "coinche_cli.tournament.stage_ops",
                       "coinche_cli.tournament.melee", "coinche_cli.tournament.found",
                       "coinche_cli.tournament.entrants",
                       "coinche_cli.tournament.desk", "coinche_cli.tournament.prize_list",
                       "coinche_cli.tournament.poster_data", "coinche_cli.tournament.site_data",
                       "coinche_cli.tournament.share_data",
                       "coinche_cli.store_copy", "coinche_cli.store_event",
                       "coinche_cli.game.stored",
                       "coinche_cli.season.ops", "coinche_cli.season.people_ops")),
    # the two clients, which never import each other
    "cli": (5, ("coinche_cli.cli", "coinche_cli.__main__")),
    "web": (5, ("coinche_cli.web",)),
}
#: The one edge between the game and the tournament packages: a game's change passes its
#: end on to its table.
FEATURE_EDGES = {("coinche_cli.game.ops", "coinche_cli.tournament.table_games")}
#: The one edge between the two clients, one way: ``tournament serve`` starts the live page
#: (the web never imports the command line).
CLIENT_EDGES = {("coinche_cli.cli.tournament_serve", "coinche_cli.web.app"),
                ("coinche_cli.cli.tournament_serve", "coinche_cli.web.settings"),
                # game serve: the score sheet on the phone for free games (issue 35)
                ("coinche_cli.cli.game_serve", "coinche_cli.web.app"),
                ("coinche_cli.cli.game_serve", "coinche_cli.web.games_app"),
                ("coinche_cli.cli.game_serve", "coinche_cli.web.settings")}
#: The store's backends: the only modules that hold SQL (the schema's statements are the
#: migrations') and talk to a database driver.
SQL = ("coinche_cli.store.sql", "coinche_cli.store.sqlite", "coinche_cli.store.postgres",
       "coinche_cli.store.rows", "coinche_cli.store.migrations", "coinche_cli.store.sql_melee",
       "coinche_cli.store.sql_desk", "coinche_cli.store.sql_season", "coinche_cli.store.sql_stage")
BACKENDS = ("coinche_cli.store.sqlite", "coinche_cli.store.postgres")
#: Libraries only one room may import.
ONLY = {
    ("typer", "click", "rich"): ("coinche_cli.cli",),
    ("starlette", "uvicorn"): ("coinche_cli.web", "coinche_cli.cli.tournament_serve",
                               "coinche_cli.cli.game_serve"),
    # templates: the live page's, and the posters for the wall (the command and /print/…)
    ("jinja2", "markupsafe"): ("coinche_cli.web", "coinche_cli.cli.tournament_serve",
                               "coinche_cli.sheets.posters"),
    # QR codes: the live page's, and each score sheet's (its table's entry page)
    ("segno",): ("coinche_cli.web", "coinche_cli.cli.tournament_serve",
                 "coinche_cli.cli.game_serve", "coinche_cli.sheets.score_sheets"),
    ("sqlite3",): ("coinche_cli.store.sqlite",),
    ("psycopg",): ("coinche_cli.store.postgres",),
    ("xlsxwriter", "python_calamine"): ("coinche_cli.sheets",),
    # the pictures to share, drawn (Pillow): the one module that draws them
    ("PIL",): ("coinche_cli.sheets.share_draw",),
    # the ratings' model (OpenSkill)
    ("openskill",): ("coinche_cli.season.ratings",),
}
MAX_LINES = 500
#: Where a :class:`~coinche_cli.tournament.model.Tournament` is built: the store reads one
#: whole (every team, round, table and penalty), and the model gives the same tournament
#: with a round's new results (``with_round``).  Nothing else makes one, so no function
#: typed ``Tournament`` is ever handed a part of one (issue 31).
TOURNAMENT_BUILT_IN = {"coinche_cli.store.sql", "coinche_cli.tournament.model"}
#: The domain's whole values, which no class narrows by subclassing: a narrower read is a
#: type of its own (python-chess's ``Move``, ``Outcome``), never a subtype that refuses its
#: parent's methods (the ``RoundPart`` of issue 25).
WHOLE_VALUES = {"Tournament", "Round", "Board", "Team", "Player", "Settings", "GameState"}


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def _imports(name: str) -> set[str]:
    """Every module ``name`` imports (top-level names for outside packages)."""
    path = MODULES[name]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # a relative import
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            found.add(base)
            # `from coinche_cli.game import ops` imports the module coinche_cli.game.ops
            found.update(f"{base}.{alias.name}" for alias in node.names
                         if f"{base}.{alias.name}" in MODULES)
    return found


IMPORTS = {name: _imports(name) for name in MODULES}


def _inside(name: str, prefixes: tuple[str, ...]) -> bool:
    return any(name == p or name.startswith(p + ".") for p in prefixes)


def room_of(name: str) -> str | None:
    """The room of module ``name``: the one whose longest prefix names it; a subpackage's
    ``__init__`` (which imports nothing: start-up) is in the base."""
    if name != "coinche_cli" and MODULES[name].name == "__init__.py":
        return "base"
    best, length = None, -1
    for room, (_level, prefixes) in ROOMS.items():
        for prefix in prefixes:
            matched = name == prefix or (name.startswith(prefix + ".") and prefix != "coinche_cli")
            if matched and len(prefix) > length:
                best, length = room, len(prefix)
    return best


def _internal(name: str) -> set[str]:
    """The package's modules that ``name`` imports (``from coinche_cli.store import now``
    imports the package ``coinche_cli.store``)."""
    return {target for target in IMPORTS[name] if target in MODULES and target != name}


def test_every_module_has_a_room() -> None:
    assert [name for name in MODULES if room_of(name) is None] == []


def test_the_package_has_no_import_cycle() -> None:
    colour: dict[str, int] = {}  # 1: on the current path, 2: done
    stack: list[str] = []

    def visit(name: str) -> None:
        colour[name] = 1
        stack.append(name)
        for target in sorted(_internal(name)):
            if colour.get(target) == 1:
                cycle = [*stack[stack.index(target):], target]
                pytest.fail("import cycle: " + " -> ".join(cycle))
            if target not in colour:
                visit(target)
        stack.pop()
        colour[name] = 2

    for name in MODULES:
        if name not in colour:
            visit(name)


@pytest.mark.parametrize("name", list(MODULES))
def test_a_module_imports_only_lower_rooms_or_its_own(name: str) -> None:
    room = room_of(name)
    assert room is not None
    level = ROOMS[room][0]
    wrong = []
    for target in _internal(name):
        other = room_of(target)
        assert other is not None, target
        if (other != room and ROOMS[other][0] >= level
                and (name, target) not in CLIENT_EDGES):
            wrong.append(f"{target} ({other})")
    assert wrong == [], f"{name} ({room}) imports {sorted(wrong)}"


@pytest.mark.parametrize("name", list(MODULES))
def test_the_game_and_the_tournament_meet_at_one_edge(name: str) -> None:
    for mine, theirs in (("coinche_cli.game", "coinche_cli.tournament"),
                         ("coinche_cli.tournament", "coinche_cli.game")):
        if not _inside(name, (mine,)):
            continue
        crossing = {t for t in _internal(name) if _inside(t, (theirs,))}
        assert crossing <= {t for source, t in FEATURE_EDGES if source == name}, \
            f"{name} imports {sorted(crossing)}"


@pytest.mark.parametrize("name", list(MODULES))
def test_libraries_are_imported_only_by_their_room(name: str) -> None:
    for libraries, rooms in ONLY.items():
        used = {t for t in IMPORTS[name] if _inside(t, libraries)}
        assert not used or _inside(name, rooms), f"{name} imports {sorted(used)}"


@pytest.mark.parametrize("name", [n for n in MODULES if room_of(n) == "operations"])
def test_operations_use_no_backend(name: str) -> None:
    # typed against the Store protocol: no backend, no row copier, no schema; the shared SQL
    # class only for store copy's and store import's type hints (they write rows into a SQL
    # store, as they were read)
    wrong = {t for t in IMPORTS[name]
             if _inside(t, (*BACKENDS, "coinche_cli.store.rows", "coinche_cli.store.migrations"))}
    if name not in ("coinche_cli.store_copy", "coinche_cli.store_event"):
        wrong |= {t for t in IMPORTS[name] if _inside(t, ("coinche_cli.store.sql",))}
    assert not wrong, f"{name} imports {sorted(wrong)}"


def test_sql_is_only_in_the_store() -> None:
    for name, path in MODULES.items():
        if _inside(name, SQL):
            continue
        text = path.read_text(encoding="utf-8")
        for word in ("SELECT ", "INSERT INTO", "UPDATE ", "DELETE FROM"):
            assert word not in text, f"{name} holds SQL ({word.strip()})"


def test_subpackage_inits_stay_light() -> None:
    # the start-up budget: importing a subpackage must not pull its modules in
    for name, path in MODULES.items():
        if path.name == "__init__.py" and name != "coinche_cli":
            assert _internal(name) == set(), f"{name} imports {sorted(_internal(name))}"


@pytest.mark.parametrize("name", list(MODULES))
def test_no_module_passes_500_lines(name: str) -> None:
    lines = len(MODULES[name].read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{name}: {lines} lines (a module past {MAX_LINES} is a design " \
                               "question: split it)"


def test_the_architecture_page_names_every_room_and_the_feature_edge() -> None:
    page = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    for room in ROOMS:
        assert f"**{room}**" in page, room
    for source, target in FEATURE_EDGES | CLIENT_EDGES:
        short = f"{source.removeprefix('coinche_cli.')} → {target.removeprefix('coinche_cli.')}"
        assert short in page, short


def test_the_checks_see_every_room() -> None:
    # a guard on the test itself: every prefix names modules that exist, and imports made
    # inside functions are seen (the CLI loads the operations lazily)
    for _level, prefixes in ROOMS.values():
        for prefix in prefixes:
            assert any(_inside(name, (prefix,)) for name in MODULES), prefix
    assert "coinche_cli.tournament.ops" in IMPORTS["coinche_cli.cli.tournament"]
    assert room_of("coinche_cli.store.records") == "records"
    assert room_of("coinche_cli.store.sql") == "store"
    assert room_of("coinche_cli.tournament.views") == "views"
    assert room_of("coinche_cli.rules.views") == "views"  # not the rules' domain room


def _calls(tree: ast.AST, name: str) -> list[int]:
    """The lines where ``name(...)`` (or ``x.name(...)``) is called."""
    return [node.lineno for node in ast.walk(tree) if isinstance(node, ast.Call)
            and ((isinstance(node.func, ast.Name) and node.func.id == name)
                 or (isinstance(node.func, ast.Attribute) and node.func.attr == name))]


def test_a_tournament_is_built_whole_in_one_place() -> None:
    built = {name: lines for name, path in MODULES.items()
             if (lines := _calls(ast.parse(path.read_text(encoding="utf-8")), "Tournament"))}
    assert set(built) <= TOURNAMENT_BUILT_IN, built
    assert "coinche_cli.store.sql" in built  # the guard sees the store's read


def test_no_class_narrows_a_whole_value() -> None:
    narrowed = [f"{name}: {node.name}({base.id})" for name, path in MODULES.items()
                for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                if isinstance(node, ast.ClassDef)
                for base in node.bases if isinstance(base, ast.Name) and base.id in WHOLE_VALUES]
    assert narrowed == []


def _checker_only(tree: ast.Module) -> set[str]:
    """The names a module declares for the type checker alone (under ``if TYPE_CHECKING``:
    the views' TypedDicts), which do not exist when the program runs."""
    declared: set[str] = set()
    real: set[str] = set()
    for node in tree.body:
        checking = isinstance(node, ast.If) and isinstance(node.test, ast.Name) \
            and node.test.id == "TYPE_CHECKING"
        for inner in node.body if checking and isinstance(node, ast.If) else [node]:
            names = {inner.name} if isinstance(inner, ast.ClassDef | ast.FunctionDef) else {
                target.id for target in getattr(inner, "targets", ())
                if isinstance(target, ast.Name)}
            (declared if checking else real).update(names)
    return declared - real


def test_a_name_for_the_checker_alone_is_never_imported_at_run_time() -> None:
    trees = {name: ast.parse(path.read_text(encoding="utf-8")) for name, path in MODULES.items()}
    only = {name: _checker_only(tree) for name, tree in trees.items()}
    assert "RoundJson" in only["coinche_cli.tournament.views"]  # the guard sees them
    wrong: list[str] = []

    def visit(name: str, body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, ast.If) and isinstance(node.test, ast.Name) \
                    and node.test.id == "TYPE_CHECKING":
                continue
            if isinstance(node, ast.ImportFrom) and node.module in only:
                wrong.extend(f"{name}:{node.lineno} {alias.name}" for alias in node.names
                             if alias.name in only[node.module])
            for field in ("body", "orelse", "finalbody"):
                inner = getattr(node, field, None)
                if isinstance(inner, list):
                    visit(name, inner)

    for name, tree in trees.items():
        visit(name, tree.body)
    assert wrong == []
