"""Hostile rules files: each one refused quickly, in one line, by the installed command.

A rules file is passed round a club like any other file, so ``coinche rules validate FILE``,
``--rules FILE`` and ``extends: FILE`` must survive any file: YAML that expands (an alias bomb,
a recursive alias) or nests without end, a file that never ends or blocks when opened
(``/dev/zero``, a FIFO), one too large, one that is not UTF-8 text, tags that would build
Python objects, numbers no score can hold, keys too long to print.  Each attack runs in a real
process under :data:`tests.hostile.conftest.LIMITS` (200 MiB, 10 s of CPU): one that escapes
them is killed and fails its test.  Every refusal exits 2 with exactly one ``error:`` line
(``Cli.refused``) and no traceback.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from coinche_cli.errors import RulesError
from coinche_cli.rules.loader import load_rules
from tests.harness import Cli
from tests.hostile.conftest import LIMITS

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX limits, FIFOs, devices")

#: The two ways a file reaches the loader from the command line.
COMMANDS = ("validate", "score")

#: The longest an error line may quote of what a file says (``names.echo``).
QUOTED = 80


def refused(hostile: Cli, path: Path | str, command: str = "validate") -> str:
    """The one error line of ``rules validate PATH`` or ``score --rules PATH …``, without
    its ``error: `` prefix."""
    if command == "validate":
        line = hostile.refused("rules", "validate", str(path))
    else:
        line = hostile.refused("score", "--rules", str(path), "A", "100S", "104")
    assert "Traceback" not in hostile.last.stderr
    return line.removeprefix("error: ")


def write(path: Path, content: str | bytes) -> Path:
    """``content`` in ``path`` (text as UTF-8)."""
    path.write_bytes(content.encode("utf-8") if isinstance(content, str) else content)
    return path


def child(tmp_path: Path, *lines: str) -> Path:
    """A sheet extending standard, named ``child``, with ``lines`` from line 3 on."""
    return write(tmp_path / "child.yaml", "\n".join(["extends: standard", "name: child",
                                                     *lines]) + "\n")


def extending(tmp_path: Path, target: Path | str) -> Path:
    """A sheet whose first line extends ``target``."""
    return write(tmp_path / "extending.yaml", f"extends: '{target}'\nname: extending\n")


# ---------------------------------------------------------------- YAML that expands or nests


def billion_laughs() -> str:
    """Nine anchors, each a list of nine aliases of the one before: 9**9 strings if built."""
    lines = ['a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for before, name in zip("abcdefgh", "bcdefghi", strict=True):
        lines.append(f"{name}: &{name} [{', '.join([f'*{before}'] * 9)}]")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("command", COMMANDS)
def test_a_billion_laughs_is_refused_at_its_first_anchor(
        hostile: Cli, tmp_path: Path, command: str) -> None:
    path = write(tmp_path / "laughs.yaml", billion_laughs())
    assert refused(hostile, path, command) == (
        f"{path}:1: anchors and aliases (&name, *name) cannot be used in a rules file: "
        "write each value out")


def test_a_recursive_alias_is_refused(hostile: Cli, tmp_path: Path) -> None:
    path = write(tmp_path / "loop.yaml", "extends: standard\nname: &me [*me]\n")
    assert refused(hostile, path) == (
        f"{path}:2: anchors and aliases (&name, *name) cannot be used in a rules file: "
        "write each value out")


def test_an_alias_without_its_anchor_is_refused(hostile: Cli, tmp_path: Path) -> None:
    path = child(tmp_path, "title: *nowhere")
    assert refused(hostile, path).startswith(f"{path}:3: anchors and aliases")


@pytest.mark.parametrize(("shape", "opening", "closing"), [
    ("lists", "[", "]"),
    ("mappings", "{a: ", "}"),
])
@pytest.mark.parametrize("command", COMMANDS)
def test_nesting_20000_deep_is_refused_at_level_33(
        hostile: Cli, tmp_path: Path, command: str, shape: str, opening: str,
        closing: str) -> None:
    depth = 20_000
    path = write(tmp_path / f"deep-{shape}.yaml",
                 "name: " + opening * depth + "x" + closing * depth + "\n")
    assert refused(hostile, path, command) == (
        f"{path}:1: nested more than 32 levels deep: not a rules file")


def test_block_nesting_is_refused_at_level_33(hostile: Cli, tmp_path: Path) -> None:
    # "- - - - …": one list in another on a single line, with no brackets
    path = write(tmp_path / "dashes.yaml", "- " * 20_000 + "x\n")
    assert refused(hostile, path) == f"{path}:1: nested more than 32 levels deep: not a rules file"


def test_a_megabyte_of_tiny_values_is_refused_after_10000(hostile: Cli, tmp_path: Path) -> None:
    # PyYAML would spend seconds and hundreds of megabytes building half a million nodes
    path = write(tmp_path / "many.yaml", "name: [" + "1," * 500_000 + "1]\n")
    assert refused(hostile, path) == f"{path}:1: more than 10,000 values: not a rules file"


# ---------------------------------------------------------------- files that are not rules files


def fifo(tmp_path: Path) -> Path:
    """A named pipe nobody writes to: opening it to read would wait for ever."""
    path = tmp_path / "pipe.yaml"
    os.mkfifo(path)
    return path


def folder(tmp_path: Path) -> Path:
    """A folder named like a rules file."""
    path = tmp_path / "folder.yaml"
    path.mkdir()
    return path


def two_mebibytes(tmp_path: Path) -> Path:
    """A valid sheet made 2 MiB long by a comment."""
    return child(tmp_path, "# " + "x" * 2 * 2**20)


def sparse_gibibyte(tmp_path: Path) -> Path:
    """A file claiming 1 GiB (sparse: it costs no disk), to be refused without being read."""
    path = tmp_path / "huge.yaml"
    with path.open("wb") as file:
        file.truncate(2**30)
    return path


DEV_ZERO = Path("/dev/zero")
NOT_REGULAR = "not a regular file (a device, a pipe or a socket), not a rules file"
TOO_LARGE = "larger than 1 MiB: not a rules file (a sheet is a few kilobytes)"
FILES: dict[str, tuple[Callable[[Path], Path], str]] = {
    "dev-zero": (lambda _: DEV_ZERO, NOT_REGULAR),
    "fifo": (fifo, NOT_REGULAR),
    "folder": (folder, "a folder, not a rules file"),
    "2 MiB": (two_mebibytes, TOO_LARGE),
    "sparse 1 GiB": (sparse_gibibyte, TOO_LARGE),
}


@pytest.mark.parametrize("kind", FILES)
@pytest.mark.parametrize("command", COMMANDS)
def test_a_file_that_is_not_a_rules_file_is_refused_unread(
        hostile: Cli, tmp_path: Path, command: str, kind: str) -> None:
    make, reason = FILES[kind]
    path = make(tmp_path)
    assert refused(hostile, path, command) == f"{path}:1: {reason}"


@pytest.mark.parametrize("kind", FILES)
def test_extends_naming_a_file_that_is_not_a_rules_file_is_refused_unread(
        hostile: Cli, tmp_path: Path, kind: str) -> None:
    make, reason = FILES[kind]
    target = make(tmp_path)
    # a file beside the sheet named by its name: the quoted name stays whole whatever the
    # length of tmp_path (longer under pytest-xdist)
    named = target.name if target.parent == tmp_path else str(target)
    path = extending(tmp_path, named)
    assert refused(hostile, path) == f"{path}:1: extends: cannot extend “{named}”: {reason}"


def test_files_that_extend_one_another_share_one_mebibyte(
        hostile: Cli, tmp_path: Path) -> None:
    # each under 1 MiB, more together: the time a chain takes is bounded like one file's
    parent = child(tmp_path, "# " + "x" * 700_000)
    path = write(tmp_path / "big-child.yaml",
                 f"extends: {parent.name}\nname: big\n# {'x' * 700_000}\n")
    assert refused(hostile, path) == (
        f"{path}:1: extends: cannot extend “{parent.name}”: with the files that extend it, "
        "more than 1 MiB: not a rules file")


def test_a_long_extends_chain_is_refused(hostile: Cli, tmp_path: Path) -> None:
    write(tmp_path / "sheet-20.yaml", "extends: standard\nname: s20\n")
    for number in range(20):
        write(tmp_path / f"sheet-{number}.yaml",
              f"extends: sheet-{number + 1}.yaml\nname: s{number}\n")
    assert refused(hostile, tmp_path / "sheet-0.yaml") == (
        f"{tmp_path / 'sheet-7.yaml'}:1: extends: cannot extend “sheet-8.yaml”: "
        "more than 8 files extend one another")


def test_a_symbolic_link_loop_is_refused(hostile: Cli, tmp_path: Path) -> None:
    path = tmp_path / "loop.yaml"
    path.symlink_to("loop.yaml")
    assert refused(hostile, path) == f"{path}:1: cannot read it: too many levels of symbolic links"
    source = extending(tmp_path, path.name)
    assert refused(hostile, source) == (
        f"{source}:1: extends: cannot extend “{path.name}”: cannot read it: too many levels of "
        "symbolic links")


def test_a_nul_in_an_extends_name_names_no_file(hostile: Cli, tmp_path: Path) -> None:
    path = write(tmp_path / "nul.yaml", 'extends: "standard\\0.yaml"\nname: nul\n')
    assert refused(hostile, path) == (
        f"{path}:1: extends: cannot extend “standard\\x00.yaml”: no such rules file")


@pytest.mark.parametrize("command", COMMANDS)
def test_an_unreadable_file_says_so(hostile: Cli, tmp_path: Path, command: str) -> None:
    path = child(tmp_path)
    path.chmod(0)
    try:
        if os.access(path, os.R_OK):
            pytest.skip("running as a user who reads any file (root)")
        assert refused(hostile, path, command) == f"{path}:1: cannot read it: permission denied"
        source = extending(tmp_path, path)
        assert refused(hostile, source, command) == (
            f"{source}:1: extends: cannot extend “{path}”: cannot read it: permission denied")
    finally:
        path.chmod(0o644)


def test_an_unreadable_file_says_so_even_as_root(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # in this process (root reads a chmod 000 file): the open fails as it would for a user
    path = child(tmp_path)

    def denied(name: object, *_: object) -> int:
        raise PermissionError(13, "Permission denied", str(name))

    monkeypatch.setattr("coinche_cli.rules.loader.os.open", denied)
    with pytest.raises(RulesError) as info:
        load_rules(str(path))
    assert [str(problem) for problem in info.value.problems] == [
        f"{path}:1: cannot read it: permission denied"]


def test_a_path_out_of_the_folder_is_only_a_path(hostile: Cli, tmp_path: Path) -> None:
    # "../../etc/passwd" is a path like any other: read, and refused as not a rules file
    if not Path("/etc/passwd").is_file() or not os.access("/etc/passwd", os.R_OK):
        pytest.skip("no readable /etc/passwd")
    name = "../" * 40 + "etc/passwd"
    line = Cli(hostile.db, limits=LIMITS, cwd=tmp_path).refused("rules", "validate", name)
    assert line.startswith(f"error: {name}:"), line
    assert "root" not in line  # nothing of the file is shown


# ---------------------------------------------------------------- text that is not UTF-8

NOT_TEXT = "not UTF-8 text (save the file as UTF-8)"
SHEET = "extends: standard\nname: Belote à l'ancienne\ntitle: Règles du café\n"


@pytest.mark.parametrize(("encoding", "line"), [("utf-16", 1), ("cp1252", 2), ("latin-1", 2)])
@pytest.mark.parametrize("command", COMMANDS)
def test_text_in_another_encoding_is_refused_at_its_first_bad_line(
        hostile: Cli, tmp_path: Path, command: str, encoding: str, line: int) -> None:
    path = write(tmp_path / f"{encoding}.yaml", SHEET.encode(encoding))
    assert refused(hostile, path, command) == f"{path}:{line}: {NOT_TEXT}"


def test_utf16_without_a_byte_order_mark_is_refused(hostile: Cli, tmp_path: Path) -> None:
    # ASCII in UTF-16 is valid UTF-8, with a NUL after every character
    path = write(tmp_path / "utf16le.yaml", SHEET.encode("utf-16-le"))
    assert refused(hostile, path) == f"{path}:1: {NOT_TEXT}"


@pytest.mark.parametrize("command", COMMANDS)
def test_binary_bytes_are_refused(hostile: Cli, tmp_path: Path, command: str) -> None:
    path = write(tmp_path / "binary.yaml", bytes(range(256)) * 64)
    assert refused(hostile, path, command) == f"{path}:1: {NOT_TEXT}"


def test_a_control_character_is_refused(hostile: Cli, tmp_path: Path) -> None:
    path = child(tmp_path, "title: ring\x07ring")
    assert refused(hostile, path) == (
        f"{path}:3: a control character (U+0007) cannot be in a rules file")


def test_a_utf8_byte_order_mark_is_fine(hostile: Cli, tmp_path: Path) -> None:
    path = write(tmp_path / "bom.yaml", b"\xef\xbb\xbf" + SHEET.encode("utf-8"))
    ran = hostile.run("rules", "validate", str(path))
    assert ran.stdout == f"ok: Belote à l'ancienne ({path})\n"


# ---------------------------------------------------------------- YAML that builds objects


@pytest.mark.parametrize("where", ["value", "key"])
@pytest.mark.parametrize("command", COMMANDS)
def test_a_python_tag_is_refused_and_never_run(
        hostile: Cli, tmp_path: Path, command: str, where: str) -> None:
    marker = tmp_path / "ran"
    tagged = f"!!python/object/apply:os.system ['touch {marker}']"
    path = child(tmp_path, f"title: {tagged}" if where == "value" else f"{tagged}: 1")
    assert refused(hostile, path, command) == (
        f"{path}:3: YAML tags (!!python/object/apply:os.system) cannot be used in a rules file")
    assert not marker.exists()


@pytest.mark.parametrize("tag", ["!!str", "!!int", "!!binary", "!!set", "!custom", "!"])
def test_every_tag_is_refused(hostile: Cli, tmp_path: Path, tag: str) -> None:
    # even the standard ones: `!!int abc` or `!!seq x` would fail while building
    path = child(tmp_path, f"title: {tag} abc")
    assert refused(hostile, path) == f"{path}:3: YAML tags ({tag}) cannot be used in a rules file"


def test_a_merge_key_is_refused(hostile: Cli, tmp_path: Path) -> None:
    path = child(tmp_path, "end:", "  <<: {target: 500}")
    assert refused(hostile, path) == (
        f"{path}:4: merge keys (<<) cannot be used in a rules file: write the keys out")


def test_a_list_as_a_key_is_refused(hostile: Cli, tmp_path: Path) -> None:
    path = child(tmp_path, "[a, b]: 1")
    assert refused(hostile, path) == (
        f"{path}:3: a key must be a word or a number, not a list or a mapping")


@pytest.mark.parametrize("value", ["2024-02-30", "2024-13-01", "0x_", "0b_"])
def test_a_date_or_number_yaml_cannot_build_is_refused(
        hostile: Cli, tmp_path: Path, value: str) -> None:
    path = child(tmp_path, f"title: {value}")
    assert refused(hostile, path) == (
        f"{path}:3: “{value}” is neither a number nor a date (quote it to make it text)")


def test_a_sexagesimal_number_of_a_megabyte_is_refused_unbuilt(
        hostile: Cli, tmp_path: Path) -> None:
    # 1:59:59:…, a base-60 number YAML 1.1 reads: 300,000 digits take minutes to multiply
    path = child(tmp_path, "title: 1" + ":59" * 300_000)
    line = refused(hostile, path)
    assert line.startswith(f"{path}:3: a number of more than 100 characters: “1:59:59")
    assert line.endswith("…”")


# ---------------------------------------------------------------- numbers and long input


@pytest.mark.parametrize(("lines", "at", "key", "got"), [
    (("cards:", "  trump: {J: 1000000000000000000000000000000}"), 4, "cards.trump.J",
     "1000000000000000000000000000000"),
    (("bids:", "  max: 100000000000000000000"), 4, "bids.max", "100000000000000000000"),
    (("end:", "  target: 100001"), 4, "end.target", "100001"),
    (("score:", "  made: {takers: [points, 1000000000]}"), 4, "score.made.takers", "1000000000"),
])
@pytest.mark.parametrize("command", COMMANDS)
def test_a_number_no_score_can_hold_is_refused(
        hostile: Cli, tmp_path: Path, command: str, lines: tuple[str, ...], at: int, key: str,
        got: str) -> None:
    path = child(tmp_path, *lines)
    assert refused(hostile, path, command) == f"{path}:{at}: {key}: must be <= 100000, got “{got}”"


def test_the_largest_number_is_allowed(hostile: Cli, tmp_path: Path) -> None:
    path = child(tmp_path, "end:", "  target: 100000")
    assert hostile.run("rules", "validate", str(path)).stdout == f"ok: child ({path})\n"


@pytest.mark.parametrize("command", COMMANDS)
def test_a_5000_character_key_is_quoted_to_80(hostile: Cli, tmp_path: Path, command: str) -> None:
    # a plain YAML key stops at 1,024 characters: the explicit "? key" form has no limit
    path = child(tmp_path, "? " + "k" * 5000, ": 1")
    line = refused(hostile, path, command)
    assert line.startswith(f"{path}:3: {'k' * (QUOTED - 1)}…: unknown key (expected one of: ")
    assert "k" * QUOTED not in line


@pytest.mark.parametrize("command", COMMANDS)
def test_a_5000_character_value_is_quoted_to_80(
        hostile: Cli, tmp_path: Path, command: str) -> None:
    path = child(tmp_path, "direction: " + "v" * 5000)
    line = refused(hostile, path, command)
    shown = "“" + "v" * (QUOTED - 1) + "…”"
    assert line == (f"{path}:3: direction: expected one of clockwise, counterclockwise, "
                    f"got {shown}")


def test_a_megabyte_list_is_quoted_to_80(hostile: Cli, tmp_path: Path) -> None:
    path = child(tmp_path, "direction: [" + ", ".join(["sideways"] * 5000) + "]")
    line = refused(hostile, path)
    assert len(line) <= len(f"{path}:3: direction: expected one of clockwise, "
                            "counterclockwise, got “") + QUOTED + len("”")


def test_a_key_with_line_breaks_and_escapes_stays_on_one_line(
        hostile: Cli, tmp_path: Path) -> None:
    path = child(tmp_path, '"two\\nlines\\e[31m": 1')
    assert refused(hostile, path).startswith(f"{path}:3: two\\nlines\\x1b[31m: unknown key")


def test_a_5000_character_rules_name_is_quoted_to_80(hostile: Cli) -> None:
    line = hostile.refused("score", "--rules", "r" * 5000, "A", "100S", "104")
    assert line.startswith(f"error: unknown rules “{'r' * (QUOTED - 1)}…”; built-in rules are: ")


def test_a_yaml_error_quotes_at_most_80_characters(hostile: Cli, tmp_path: Path) -> None:
    # PyYAML's message names the undefined tag handle, here 5,000 characters long
    path = child(tmp_path, f"title: !{'h' * 5000}!x abc")
    line = refused(hostile, path)
    assert line.startswith(f"{path}:3: not valid YAML: found undefined tag handle '!hhh")
    assert len(line) <= len(f"{path}:3: not valid YAML: ") + QUOTED


def test_texts_a_command_prints_hold_no_escape_sequence(hostile: Cli, tmp_path: Path) -> None:
    """A rules file's name, title and source are printed by `rules show` and `ok: NAME`: an
    escape sequence in them is refused like one in a team's name."""
    for key in ("name", "title", "source"):
        path = tmp_path / f"{key}.yaml"
        path.write_text(f'extends: standard\n{key}: "Club \\e[2J\\e]8;;http://x\\a"\n',
                        encoding="utf-8")
        line = hostile.refused("rules", "validate", str(path))
        assert f":2: {key}: " in line and "control or direction character" in line
        assert "\x1b" not in line
