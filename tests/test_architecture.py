"""The layers of ``docs/architecture.md`` hold: read from the source, import by import.

Every ``import`` of every module counts, also those inside functions (the lazy ones that keep
start-up fast) and those only for type checking: a layer that reaches up, even lazily, is
still a layer that reaches up.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "coinche_cli"

#: The domain: pure values and functions (docs/architecture.md).
DOMAIN = ("coinche_cli.rules", "coinche_cli.scoring", "coinche_cli.game.state",
          "coinche_cli.tournament.model", "coinche_cli.tournament.ranking",
          "coinche_cli.tournament.pairing", "coinche_cli.tournament.standings",
          "coinche_cli.names", "coinche_cli.errors", "coinche_cli.messages",
          "coinche_cli.values")
#: Readers and writers of files: the domain's data in, spreadsheets out.
FILES = ("coinche_cli.sheets.writing", "coinche_cli.sheets.reading",
         "coinche_cli.sheets.limits", "coinche_cli.sheets.tournament")
OPERATIONS = ("coinche_cli.game.ops", "coinche_cli.tournament.ops",
              "coinche_cli.tournament.results")
#: The store's backends: the only modules that hold SQL and talk to a database driver.
BACKENDS = ("coinche_cli.store.sqlite", "coinche_cli.store.postgres", "coinche_cli.store.rows")
MAX_LINES = 500


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


def _internal(name: str) -> set[str]:
    return {target for target in IMPORTS[name] if target in MODULES and target != name}


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


@pytest.mark.parametrize("name", [n for n in MODULES if _inside(n, DOMAIN)])
def test_the_domain_imports_neither_the_cli_nor_the_store_nor_operations(name: str) -> None:
    wrong = {t for t in IMPORTS[name]
             if _inside(t, ("coinche_cli.cli", "coinche_cli.store", *OPERATIONS, *FILES))}
    assert not wrong, f"{name} (domain) imports {sorted(wrong)}"


@pytest.mark.parametrize("name", [n for n in MODULES if not _inside(n, ("coinche_cli.cli",))])
def test_only_the_cli_imports_typer_or_rich(name: str) -> None:
    wrong = {t for t in IMPORTS[name] if _inside(t, ("typer", "rich", "click"))}
    assert not wrong, f"{name} imports {sorted(wrong)}: only coinche_cli.cli may"


@pytest.mark.parametrize("name", [n for n in MODULES if _inside(n, OPERATIONS + FILES)])
def test_operations_and_files_use_no_backend_and_no_cli(name: str) -> None:
    wrong = {t for t in IMPORTS[name]
             if _inside(t, ("coinche_cli.cli", *BACKENDS, "sqlite3", "psycopg"))}
    assert not wrong, f"{name} imports {sorted(wrong)}"
    if _inside(name, FILES):
        assert not {t for t in IMPORTS[name] if _inside(t, ("coinche_cli.store",))}, name


@pytest.mark.parametrize("name", [n for n in MODULES if _inside(n, ("coinche_cli.store",))])
def test_the_store_knows_no_operation_and_no_cli(name: str) -> None:
    wrong = {t for t in IMPORTS[name] if _inside(t, ("coinche_cli.cli", *OPERATIONS, *FILES))}
    assert not wrong, f"{name} imports {sorted(wrong)}"


def test_sql_is_only_in_the_backends() -> None:
    for name in MODULES:
        if name.startswith(BACKENDS):  # store.sqlite, store.sqlite, store.postgres
            continue
        assert "sqlite3" not in IMPORTS[name], f"{name} imports sqlite3"
        assert "psycopg" not in IMPORTS[name], f"{name} imports psycopg"
        text = MODULES[name].read_text(encoding="utf-8")
        if name != "coinche_cli.store.migrations":  # the schema's statements live there
            for word in ("SELECT ", "INSERT INTO", "UPDATE ", "DELETE FROM"):
                assert word not in text, f"{name} holds SQL ({word.strip()})"


def test_subpackage_inits_stay_light() -> None:
    # the start-up budget: importing a subpackage must not pull its modules in
    for name, path in MODULES.items():
        if path.name == "__init__.py" and name != "coinche_cli.store":
            assert _internal(name) == set(), f"{name} imports {sorted(_internal(name))}"


@pytest.mark.parametrize("name", list(MODULES))
def test_no_module_passes_500_lines(name: str) -> None:
    lines = len(MODULES[name].read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{name}: {lines} lines (a module past {MAX_LINES} is a design " \
                               "question: split it)"


def test_the_checks_see_every_layer() -> None:
    # a guard on the test itself: the prefixes above name modules that exist
    for prefix in (*DOMAIN, *FILES, *OPERATIONS, *BACKENDS, "coinche_cli.cli"):
        assert any(_inside(name, (prefix,)) for name in MODULES), prefix
    # and imports made inside functions are seen: the CLI loads the operations lazily
    assert "coinche_cli.tournament.ops" in IMPORTS["coinche_cli.cli.tournament"]
