"""Find and read rules: the built-in rules by name, a club's file by path, ``extends``, and
the snapshot a game or tournament keeps.

A game or a tournament keeps the rules it started with as a snapshot, rebuilt by
:func:`coinche_cli.rules.validate.rules_from_document` without this module.

A name is looked up first among the built-in rules (``standard``, ``club``…), so a folder
called ``club`` in the current directory never hides them; anything else must be a file,
named with its ``.yaml``/``.yml`` suffix or as a path (``./my-club``).  Every problem of a
file is reported at once, with its file and line (:class:`~coinche_cli.errors.RulesError`).

A rules file is input from anyone (a sheet passed round a club), so reading one is bounded
before anything is built: regular files (a device, a pipe or a folder is refused without
being read, a pipe without being opened) of at most :data:`MAX_BYTES` together, at most
:data:`MAX_EXTENDS` of them in an ``extends`` chain; UTF-8 text; YAML without anchors,
aliases, tags or merge keys (rules files never need them, and they are how a small file
expands into a huge or endless one or builds objects), at most :data:`MAX_DEPTH` levels deep
and :data:`MAX_NODES` values.  Each is refused with its own one-line problem.
"""

import os
import stat
from pathlib import Path
from typing import Any

from coinche_cli.errors import Problem, RulesError
from coinche_cli.i18n import _
from coinche_cli.names import echo
from coinche_cli.rules.model import Rules
from coinche_cli.rules.readers import Document, Path_, Shown, Where, escaped, shown_key
from coinche_cli.rules.validate import Validator

#: The built-in rules files.  ``coinche_cli/rules/builtin`` is a link to the top-level
#: ``rules/`` folder (the product's layout), and the installed package holds the files
#: there: a checkout and an installation find them the same way.
BUILTIN_DIR = Path(__file__).resolve().parent / "builtin"
SUFFIXES = (".yaml", ".yml")

#: The most a rules file and the files it extends may hold together, in bytes: a club sheet
#: is a few kilobytes.  PyYAML's pure-Python reader takes up to 2 s of CPU for a megabyte of
#: the slowest YAML (a megabyte of ``%A`` directives), so this bounds the time whatever the
#: files hold.
MAX_BYTES = 2**20
#: How deep mappings, lists and values may nest: a built-in sheet needs six levels.
MAX_DEPTH = 32
#: How many values (keys, scalars, lists, mappings) one file may hold: a built-in holds
#: about 200.  PyYAML builds each in pure Python, so this bounds the time and memory a file
#: of many tiny values costs (a megabyte of ``[1,1,1,…`` would take seconds and gigabytes).
MAX_NODES = 10_000
#: The longest number written in a file, in characters: no number a rules file may hold is
#: longer, and a longer one (``1:59:59:…``, sexagesimal) can take minutes to compute.
MAX_NUMBER_TEXT = 100
#: How many files an ``extends`` chain may name, the first included.
MAX_EXTENDS = 8

_YAML_TAG = "tag:yaml.org,2002:"
#: The tags PyYAML gives plain ``<<`` and ``=`` (merge key, "default value"): it constructs
#: neither on its own.
_MERGE, _VALUE = _YAML_TAG + "merge", _YAML_TAG + "value"
_NUMBERS = (_YAML_TAG + "int", _YAML_TAG + "float")


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
    raise RulesError([Problem("", 0, "", _("unknown rules “{name}”; built-in rules are: "
                                           "{known}").format(name=Shown(name_or_path),
                                                             known=known))])


def load_rules(name_or_path: str) -> Rules:
    """Load and validate built-in rules by name (``standard``) or a rules file by path."""
    path = find_rules(name_or_path)
    label = escaped(str(path))
    problems: list[Problem] = []
    try:
        data = _read_file(path)
    except _Unreadable as exc:
        raise RulesError([Problem(label, 1, "", exc.reason)]) from None
    document = _load_document(path, data, problems, (_real(path),), MAX_BYTES - len(data))
    if document is None:
        raise RulesError(problems)
    document.data.pop("extends", None)
    rules = Validator(document, label, problems).build()
    if problems or rules is None:
        raise RulesError(problems)
    return rules


# ---------------------------------------------------------------- the file


class _Unreadable(Exception):
    """A file that cannot be a rules file, found before reading it: ``reason`` says why."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def _read_file(path: Path, room: int = MAX_BYTES) -> bytes:
    """The bytes of a rules file, at most ``room`` of them (what the files extending it left
    of :data:`MAX_BYTES`), or :class:`_Unreadable`.

    The file is looked at before it is opened (a FIFO would block the open, ``/dev/zero``
    never ends), looked at again once open (in case the name was swapped in between), and
    read to at most one byte more than ``room`` (``/proc`` files claim a size of 0).
    """
    try:
        _check_kind(os.stat(path), room)
        # no blocking on a pipe swapped in since, no controlling terminal, no CRLF folding
        flags = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
                 | getattr(os, "O_BINARY", 0))
        descriptor = os.open(path, flags)
        with open(descriptor, "rb", closefd=True) as file:
            _check_kind(os.fstat(descriptor), room)
            data = file.read(room + 1)
    except (FileNotFoundError, NotADirectoryError):
        raise _Unreadable(_("no such rules file")) from None
    except ValueError:  # a NUL in the name (``extends: "a\0b"``) names no file
        raise _Unreadable(_("no such rules file")) from None
    except OSError as exc:
        reason = (exc.strerror or type(exc).__name__).lower()
        raise _Unreadable(_("cannot read it: {reason}").format(reason=reason)) from None
    if len(data) > room:
        raise _too_large(len(data), room)
    return data


def _check_kind(info: os.stat_result, room: int) -> None:
    """Refuse what is not a regular file of at most ``room`` bytes."""
    if stat.S_ISDIR(info.st_mode):
        raise _Unreadable(_("a folder, not a rules file"))
    if not stat.S_ISREG(info.st_mode):
        raise _Unreadable(_("not a regular file (a device, a pipe or a socket), not a rules file"))
    if info.st_size > room:
        raise _too_large(info.st_size, room)


def _too_large(size: int, room: int) -> _Unreadable:
    """A file of ``size`` bytes where ``room`` were left: too large alone, or with the files
    that extend it."""
    alone = size > MAX_BYTES or room == MAX_BYTES
    most = _("{size} MiB").format(size=MAX_BYTES // 2**20)
    if alone:
        return _Unreadable(_("larger than {most}: not a rules file (a sheet is a few "
                             "kilobytes)").format(most=most))
    return _Unreadable(_("with the files that extend it, more than {most}: "
                         "not a rules file").format(most=most))


def _real(path: Path) -> Path:
    """The file ``path`` names, links followed, to recognise it in an ``extends`` chain
    (``os.path.realpath``: ``Path.resolve`` raises on a symbolic link loop)."""
    return Path(os.path.realpath(path))


# ---------------------------------------------------------------- YAML with positions


class _Refused(Exception):
    """The file cannot be read as a rules file: ``reason`` at ``line`` (1-based)."""

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(reason)
        self.line = line
        self.reason = reason


def _text(data: bytes) -> str:
    """``data`` as UTF-8 text (a UTF-8 byte order mark is dropped); :class:`_Refused` at the
    line of the first byte that is not UTF-8 or is a NUL (a binary file, or UTF-16: valid
    UTF-8 as long as it writes ASCII, with a NUL after each character)."""
    data = data.removeprefix(b"\xef\xbb\xbf")
    bad = data.find(b"\0")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        bad = exc.start if bad < 0 else min(bad, exc.start)
    if bad >= 0:
        raise _Refused(data.count(b"\n", 0, bad) + 1, _("not UTF-8 text (save the file as UTF-8)"))
    return text


def _read_yaml(name: str, data: bytes, problems: list[Problem]) -> Document | None:
    """The document in ``data`` (the file ``name``), or None with its problem reported."""
    import yaml  # only when reading a file: a stored game's rules are JSON

    try:
        text = _text(data)
        loader = _guarded_loader(yaml)(text)
    except _Refused as exc:
        problems.append(Problem(name, exc.line, "", exc.reason))
        return None
    except yaml.reader.ReaderError as exc:  # a control character in ``text``, found first
        line = text.count("\n", 0, exc.position) + 1
        code = exc.character if isinstance(exc.character, int) else ord(exc.character)
        problems.append(Problem(name, line, "", _("a control character ({code}) cannot be in a "
                                                  "rules file").format(code=f"U+{code:04X}")))
        return None
    try:
        return _build(loader, name, problems)
    except _Refused as exc:
        problems.append(Problem(name, exc.line, "", exc.reason))
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark is not None else 1
        problem = " ".join(str(getattr(exc, "problem", None) or exc).split())
        problems.append(Problem(name, line, "", _("not valid YAML: {problem}").format(
            problem=echo(problem))))
    finally:
        loader.dispose()
    return None


def _guarded_loader(yaml: Any) -> Any:
    """PyYAML's safe loader, composing under the limits of a rules file: every node is
    checked from its event, before it is built (an anchor is refused before any alias can
    repeat it; the 33rd level of ``[[[…`` before the 34th is read).  Made on each use
    because ``yaml`` is imported only when a file is read."""

    class Guarded(yaml.SafeLoader):  # type: ignore[misc]
        def __init__(self, stream: str) -> None:
            super().__init__(stream)
            self.depth = 0
            self.nodes = 0

        def compose_node(self, parent: Any, index: Any) -> Any:
            event = self.peek_event()
            line = event.start_mark.line + 1
            if isinstance(event, yaml.AliasEvent) or event.anchor is not None:
                raise _Refused(line, _("anchors and aliases (&name, *name) cannot be used in a "
                                       "rules file: write each value out"))
            if event.tag is not None:  # any explicit tag: !!python/…, !!int, !custom, !
                tag = str(event.tag)
                shown = "!!" + tag.removeprefix(_YAML_TAG) if tag.startswith(_YAML_TAG) else tag
                raise _Refused(line, _("YAML tags ({tag}) cannot be used in a rules file").format(
                    tag=Shown(shown)))
            self.nodes += 1
            if self.nodes > MAX_NODES:
                raise _Refused(line, _("more than {most:,} values: not a rules file").format(
                    most=MAX_NODES))
            if self.depth >= MAX_DEPTH:
                raise _Refused(line, _("nested more than {most} levels deep: "
                                       "not a rules file").format(most=MAX_DEPTH))
            self.depth += 1
            try:
                return super().compose_node(parent, index)
            finally:
                self.depth -= 1

    return Guarded


def _build(loader: Any, name: str, problems: list[Problem]) -> Document:
    """Compose the single document of ``loader`` and build its data, with the line of every
    key; a duplicate key is reported and skipped, anything else refused."""
    import yaml

    root = loader.get_single_node()
    lines: dict[Path_, Where] = {(): (name, 1)}
    if root is None:
        return Document({}, lines)

    def scalar(node: Any) -> Any:
        if node.tag in (_MERGE, _VALUE):  # "<<" or "=" as a value is that text
            return node.value
        line = node.start_mark.line + 1
        if node.tag in _NUMBERS and len(node.value) > MAX_NUMBER_TEXT:
            raise _Refused(line, _("a number of more than {most} characters: “{got}”").format(
                got=Shown(node.value), most=MAX_NUMBER_TEXT))
        try:
            return loader.construct_object(node)
        except (yaml.YAMLError, ValueError, OverflowError):  # 2024-02-30, 0x_
            raise _Refused(line, _("“{got}” is neither a number nor a date (quote it to make it "
                                   "text)").format(got=Shown(node.value))) from None

    def build(node: Any, at: Path_) -> Any:
        if isinstance(node, yaml.MappingNode):
            out: dict[str, object] = {}
            first: dict[str, int] = {}
            for key_node, value_node in node.value:
                line = key_node.start_mark.line + 1
                if not isinstance(key_node, yaml.ScalarNode):
                    raise _Refused(line, _("a key must be a word or a number, not a list or a "
                                           "mapping"))
                if key_node.tag == _MERGE:
                    raise _Refused(line, _("merge keys (<<) cannot be used in a rules file: write "
                                           "the keys out"))
                key = str(scalar(key_node))
                if key in first:
                    problems.append(Problem(name, line, shown_key((*at, key)),
                                            _("duplicate key (first given on line {first})").format(
                                                first=first[key])))
                    continue
                first[key] = line
                lines[(*at, key)] = (name, line)
                out[key] = build(value_node, (*at, key))
            return out
        if isinstance(node, yaml.SequenceNode):
            return [build(item, at) for item in node.value]
        return scalar(node)

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


def _load_document(path: Path, data: bytes, problems: list[Problem],
                   chain: tuple[Path, ...], room: int) -> Document | None:
    """The document of ``path`` (read as ``data``) merged over what it extends; ``chain``:
    the files that led here, to refuse a cycle; ``room``: the bytes left for its parents."""
    label = escaped(str(path))
    document = _read_yaml(label, data, problems)
    if document is None or not isinstance(document.data, dict):
        if document is not None:
            got = type(document.data).__name__
            problems.append(Problem(label, 1, "", _("expected a mapping of keys, got {got}").format(
                got=got)))
        return None
    parent_name = document.data.get("extends")
    if parent_name is None:
        return document
    file, line = document.lines[("extends",)]

    def refuse(reason: str) -> None:
        problems.append(Problem(file, line, "extends",
                                _("cannot extend “{parent}”: {reason}").format(
                                    parent=Shown(parent_name), reason=reason)))

    if len(chain) >= MAX_EXTENDS:
        refuse(_("more than {most} files extend one another").format(most=MAX_EXTENDS))
        return None
    parent_path = _parent_path(path, str(parent_name))
    try:
        parent_data = _read_file(parent_path, room)
    except _Unreadable as exc:
        refuse(exc.reason)
        return None
    real = _real(parent_path)
    if real in chain:
        names = " -> ".join(p.name for p in (*chain, parent_path))
        problems.append(Problem(file, line, "extends",
                                _("extends itself through {chain}").format(chain=escaped(names))))
        return None
    parent = _load_document(parent_path, parent_data, problems, (*chain, real),
                            room - len(parent_data))
    if parent is None:
        return None
    parent.data.pop("extends", None)
    merged = _merge(parent, document)
    if "name" not in document.data:  # a child is not its parent: default to its file name
        merged.data["name"] = path.stem
    return merged
