"""Find and read rules: the built-in rules by name, a club's file by path, ``extends``, and
the snapshot a game or tournament keeps.

A game or a tournament keeps the rules it started with as a snapshot, rebuilt by
:func:`coinche_cli.rules.validate.rules_from_document` without this module.

A name is looked up first among the built-in rules (``standard``, ``club``…), so a folder
called ``club`` in the current directory never hides them; anything else must be a file,
named with its ``.yaml``/``.yml`` suffix or as a path (``./my-club``).  Every problem of a
file is reported at once, with its file and line (:class:`~coinche_cli.errors.RulesError`).
"""

from pathlib import Path
from typing import Any

from coinche_cli.errors import Problem, RulesError
from coinche_cli.messages import msg
from coinche_cli.rules.model import Rules
from coinche_cli.rules.validate import Document, Path_, Validator, Where

#: The built-in rules files.  ``coinche_cli/rules/builtin`` is a link to the top-level
#: ``rules/`` folder (the product's layout), and the installed package holds the files
#: there: a checkout and an installation find them the same way.
BUILTIN_DIR = Path(__file__).resolve().parent / "builtin"
SUFFIXES = (".yaml", ".yml")


def builtin_names() -> list[str]:
    """Names of the rules files shipped with coinche, in a stable order."""
    return sorted(path.stem for path in BUILTIN_DIR.glob("*.yaml"))


def find_rules(name_or_path: str) -> Path:
    """The file behind a built-in name or a path; :class:`RulesError` for an unknown name."""
    if name_or_path in builtin_names():
        return BUILTIN_DIR / f"{name_or_path}.yaml"
    candidate = Path(name_or_path)
    if candidate.suffix.lower() in SUFFIXES or any(sep in name_or_path for sep in "/\\"):
        return candidate
    known = ", ".join(builtin_names())
    raise RulesError([Problem("", 0, "", msg("rules.unknown_name", name=name_or_path,
                                                 known=known))])


def load_rules(name_or_path: str) -> Rules:
    """Load and validate built-in rules by name (``standard``) or a rules file by path."""
    path = find_rules(name_or_path)
    problems: list[Problem] = []
    document = _load_document(path, problems, (path.resolve(),))
    if document is None:
        raise RulesError(problems)
    document.data.pop("extends", None)
    rules = Validator(document, str(path), problems).build()
    if problems or rules is None:
        raise RulesError(problems)
    return rules


# ---------------------------------------------------------------- YAML with positions


def _read_yaml(path: Path, problems: list[Problem]) -> Document | None:
    name = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        problems.append(Problem(name, 1, "", msg("rules.file_missing")))
        return None
    import yaml  # only when reading a file: a stored game's rules are JSON

    loader = yaml.SafeLoader(text)
    try:
        root = loader.get_single_node()
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark is not None else 1
        problem = getattr(exc, "problem", None) or str(exc)
        problems.append(Problem(name, line, "", msg("rules.yaml_syntax", problem=problem)))
        return None
    finally:
        loader.dispose()
    lines: dict[Path_, Where] = {(): (name, 1)}
    if root is None:
        return Document({}, lines)

    def build(node: Any, at: Path_) -> Any:
        if isinstance(node, yaml.MappingNode):
            out: dict[str, Any] = {}
            first: dict[str, int] = {}
            for key_node, value_node in node.value:
                key = str(loader.construct_object(key_node))
                line = key_node.start_mark.line + 1
                if key in first:
                    problems.append(Problem(name, line, ".".join((*at, key)),
                                            msg("rules.duplicate_key", first=first[key])))
                    continue
                first[key] = line
                lines[(*at, key)] = (name, line)
                out[key] = build(value_node, (*at, key))
            return out
        if isinstance(node, yaml.SequenceNode):
            return [build(item, at) for item in node.value]
        return loader.construct_object(node)

    return Document(build(root, ()), lines)


def _merge(parent: Document, child: Document) -> Document:
    """Deep-merge ``child`` over ``parent``: mappings merge, everything else is replaced."""
    replaced: list[Path_] = []

    def walk(base: Any, over: Any, at: Path_) -> Any:
        if isinstance(base, dict) and isinstance(over, dict):
            out = dict(base)
            for key, value in over.items():
                out[key] = walk(base.get(key), value, (*at, key))
            return out
        replaced.append(at)
        return over

    data = walk(parent.data, child.data, ())
    # a replaced subtree keeps none of the parent's lines
    lines = {
        path: where
        for path, where in parent.lines.items()
        if not any(len(path) > len(cut) and path[: len(cut)] == cut for cut in replaced)
    }
    lines.update(child.lines)
    return Document(data, lines)


def _parent_path(path: Path, parent_name: str) -> Path:
    """The file an ``extends:`` names: a built-in, or a path beside the extending file."""
    if parent_name in builtin_names():
        return BUILTIN_DIR / f"{parent_name}.yaml"
    parent = Path(parent_name)
    return parent if parent.is_absolute() else path.parent / parent


def _load_document(path: Path, problems: list[Problem],
                   chain: tuple[Path, ...]) -> Document | None:
    document = _read_yaml(path, problems)
    if document is None or not isinstance(document.data, dict):
        if document is not None:
            got = type(document.data).__name__
            problems.append(Problem(str(path), 1, "", msg("rules.not_mapping", got=got)))
        return None
    parent_name = document.data.get("extends")
    if parent_name is None:
        return document
    file, line = document.lines[("extends",)]
    parent_path = _parent_path(path, str(parent_name))
    if not parent_path.is_file():
        problems.append(Problem(file, line, "extends", msg(
            "rules.extends_missing", parent=parent_name, reason=msg("rules.file_missing"))))
        return None
    if parent_path.resolve() in chain:
        names = " -> ".join(p.name for p in (*chain, parent_path))
        problems.append(Problem(file, line, "extends", msg("rules.extends_cycle", chain=names)))
        return None
    parent = _load_document(parent_path, problems, (*chain, parent_path.resolve()))
    if parent is None:
        return None
    parent.data.pop("extends", None)
    merged = _merge(parent, document)
    if "name" not in document.data:  # a child is not its parent: default to its file name
        merged.data["name"] = path.stem
    return merged
