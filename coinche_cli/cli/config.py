"""``coinche config``: the house config (:mod:`coinche_cli.cli.house`) shown and changed.

``config set`` and ``config unset`` edit the file a line at a time, by hand (the settings are
flat keys: the standard library reads TOML and needs no writer for that): every other line,
a comment, a blank, stays as it was.  The result is read back before it replaces the file
(atomically), and an edit that would not read back as asked is refused: the file stays as it
was.
"""

import contextlib
import os
from typing import TYPE_CHECKING, Annotated, Any

import typer

from coinche_cli.cli import completers, house
from coinche_cli.cli.options import JsonOption
from coinche_cli.cli.output import Column, print_json, print_line, print_table, warning_line
from coinche_cli.errors import ExportFailed, InputError
from coinche_cli.i18n import N_, _

if TYPE_CHECKING:  # the checker's types: the JSON is a plain dict when the command runs
    from typing import Literal, NotRequired, TypedDict

    #: Where a setting in force comes from (the language: also the locale).
    Origin = Literal["option", "environment", "file", "locale", "default"]
    #: A setting as ``config show --json`` shows it: its value, where it comes from, and its
    #: line when it is the file's ("from" is a Python keyword, hence the functional form).
    Setting = TypedDict("Setting", {"value": object, "from": Origin, "line": NotRequired[int]})

    class ConfigView(TypedDict):
        """``config show --json``: the file, whether it exists, every setting in force."""

        file: str
        exists: bool
        settings: dict[str, Setting]


app = typer.Typer(help=N_("The house config: the club's own rules, language, store, game "
                          "target and currency, used when a command does not say otherwise."),
                  no_args_is_help=True)

KeyArgument = Annotated[str, typer.Argument(
    metavar=N_("KEY"), help=N_("rules, lang, db, target or currency."), show_default=False,
    autocompletion=completers.config_keys)]


def _key(typed: str) -> "house.Key":
    for key in house.KEYS:
        if key == typed.strip().lower():
            return key
    raise InputError(_("key"), _("“{got}” is not a setting of coinche (settings: {known})"),
                     got=typed, known=", ".join(house.KEYS))


# ---------------------------------------------------------------- show


def _in_force(ctx: typer.Context, found: house.House) -> "list[tuple[house.Key, Setting]]":
    """Each setting as this command line has it: its value and where it comes from
    (``option``, ``environment``, ``file`` with its line, or ``default``)."""
    from coinche_cli import i18n

    root = ctx.find_root()
    rows: list[tuple[house.Key, Setting]] = []
    for key in house.KEYS:
        value: object = found.get(key)
        source: Origin = "file" if value is not None else "default"
        if key == "lang":
            value, source = i18n.spoken(), house.language_source.get()
        elif key == "db":
            given = root.get_parameter_source("db")
            if given is not None and given.name in ("COMMANDLINE", "ENVIRONMENT"):
                value = root.params.get("db")
                source = "option" if given.name == "COMMANDLINE" else "environment"
            elif value is None:
                from coinche_cli.store.connect import default_path

                value = str(default_path())
        elif key == "rules" and value is None:
            value = "standard"
        if key == "db":
            value = _shown_store(value)
        setting: Setting = {"value": value, "from": source}
        if source == "file":
            setting["line"] = found.lines.get(key, 0)
        rows.append((key, setting))
    return rows


def _shown_store(name: object) -> object:
    """A store's name as it may be printed: a URL without its password."""
    from coinche_cli.store.naming import is_postgres_url, masked

    return masked(name) if isinstance(name, str) and is_postgres_url(name) else name


def _source_words(key: str, setting: "Setting") -> str:
    match setting["from"], key:
        case "option", key:
            return f"--{key}"
        case "environment", "lang":
            return "COINCHE_LANG"
        case "environment", _other:
            return "COINCHE_DB"
        case "file", _key_name:
            return _("the file, line {line}").format(line=setting.get("line", 0))
        case "locale", _key_name:
            return _("the locale")
        case _default:
            return _("default")


@app.command("show", help=N_(
    "Show the house config's file and every setting in force, with where it comes from: an "
    "option, an environment variable, the file, or the default.\n"
    "\n"
    "Example: coinche config show"))
def show(ctx: typer.Context, as_json: JsonOption = False) -> None:
    found = house.current()
    for problem in found.problems:  # shown here, once
        warning_line(problem.error(found.path).text)
    found.settle_all()
    rows = _in_force(ctx, found)
    if as_json:
        shown: ConfigView = {"file": found.path, "exists": found.exists,
                             "settings": {key: setting for key, setting in rows}}
        print_json(shown)
        return
    if found.exists:
        print_line(_("house config: {path}").format(path=found.path))
    else:
        print_line(_("house config: {path} (no file yet: nothing set)").format(path=found.path))
    columns = [Column(_("setting")), Column(_("value"), flexible=True), Column(_("from"))]
    print_table(columns, [[key, "—" if setting["value"] is None else str(setting["value"]),
                           _source_words(key, setting)] for key, setting in rows])


# ---------------------------------------------------------------- set and unset


def _value_given(key: "house.Key", text: str) -> Any:
    """The value typed for ``key``, checked as the file's would be (a file named from the
    folder the command runs in); refused in one line."""
    value: Any = text
    if key == "target":
        typed = text.strip()
        value = int(typed) if typed.isascii() and typed.isdigit() and len(typed) < 12 else text
    checked, problem = house.check_value(key, value, os.getcwd())
    if problem is not None:
        raise InputError(key, _(problem.message), **problem.values)
    if key == "rules":
        from coinche_cli.rules.loader import load_rules

        load_rules(checked)  # a rules file with problems is refused now, not at game new
    return checked


def toml_value(value: Any) -> str:
    """``value`` (a text or a whole number) as TOML writes it."""
    if isinstance(value, int):
        return str(value)
    escaped = []
    for char in str(value):
        if char in '"\\':
            escaped.append("\\" + char)
        elif not char.isprintable():
            escaped.append(f"\\u{ord(char):04X}")
        else:
            escaped.append(char)
    return '"' + "".join(escaped) + '"'


def _top_level(lines: list[str]) -> int:
    """How many of ``lines`` come before the first table (``[section]``): where top-level
    keys are."""
    for index, line in enumerate(lines):
        if line.lstrip().startswith("["):
            return index
    return len(lines)


def edited(text: str, key: str, value: Any | None) -> str:
    """``text`` with ``key`` set to ``value`` (None: removed), every other line kept."""
    lines = text.splitlines(keepends=True)
    end = _top_level(lines)
    at = house.key_line("".join(lines[:end]), key)
    new = [] if value is None else [f"{key} = {toml_value(value)}\n"]
    if at:
        lines[at - 1:at] = new
    elif new:
        if end and not lines[end - 1].endswith("\n"):
            lines[end - 1] += "\n"
        lines[end:end] = new
    return "".join(lines)


def _current_text(found: house.House) -> str:
    """The file's text, to edit: none yet, or one that reads as TOML (a file that does not
    is refused: it could not be edited safely)."""
    if not found.exists:
        return ""
    whole = next((p for p in found.problems if p.key is None), None)
    if whole is not None:
        raise found.refusal(whole)
    with open(found.path, encoding="utf-8") as handle:
        return handle.read().removeprefix("\ufeff")


def _write(found: house.House, key: "house.Key", value: Any | None) -> None:
    """Write ``key`` (None: remove it) into the file, atomically, once the new text reads
    back as asked with every other key as it was."""
    text = _current_text(found)
    new = edited(text, key, value)
    import tomllib

    before = tomllib.loads(text) if text else {}
    try:
        after = tomllib.loads(new)
    except (ValueError, RecursionError):  # TOMLDecodeError, or what parse() refuses
        after = None
    expected = {k: v for k, v in before.items() if k != key}
    if value is not None:
        expected[key] = value
    if after != expected:  # a value over several lines, a key written as a table…
        raise InputError(house.shown(found.path), _("the line of {key} cannot be changed "
                                                    "by coinche: edit the file by hand"),
                         key=key)
    target = os.path.realpath(found.path)  # a link (a dotfiles folder) stays a link
    temporary = f"{target}.{os.getpid()}.tmp"
    try:
        os.makedirs(os.path.dirname(target), exist_ok=True)
        # a new file is the user's own (it may name a server with its password); an
        # existing one keeps its permissions
        mode = os.stat(target).st_mode & 0o7777 if found.exists else 0o600
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
        with open(descriptor, "w", encoding="utf-8") as handle:
            handle.write(new)
        os.chmod(temporary, mode)  # whatever the umask took away
        os.replace(temporary, target)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise ExportFailed(_("{path} cannot be written: {reason}").format(
            path=house.shown(found.path), reason=exc.strerror or exc)) from None
    house.forget()


@app.command("set", help=N_(
    "Set a setting in the house config (the file and its folder are made if need be): rules "
    "(a built-in name or a rules file), lang (fr, en), db (a file or a postgresql:// URL), "
    "target (the points of game new), currency (the fees' and prizes', e.g. EUR).  A file is "
    "kept with its whole path.\n"
    "\n"
    "Example: coinche config set rules maison.yaml"))
def set_(
    key: KeyArgument,
    value: Annotated[str, typer.Argument(metavar=N_("VALUE"), help=N_("The setting's value."),
                                         show_default=False,
                                         autocompletion=completers.config_value)],
) -> None:
    chosen = _key(key)
    checked = _value_given(chosen, value)
    found = house.current()
    _write(found, chosen, checked)
    print_line(_("{key} = {value} ({path})").format(
        key=chosen, value=_shown_store(checked) if chosen == "db" else checked,
        path=found.path))


@app.command("unset", help=N_(
    "Remove a setting from the house config: the default stands again.\n"
    "\n"
    "Example: coinche config unset rules"))
def unset(key: KeyArgument) -> None:
    chosen = _key(key)
    found = house.current()
    text = _current_text(found)
    if edited(text, chosen, None) == text:
        print_line(_("{key} was not set ({path})").format(key=chosen, path=found.path))
        return
    _write(found, chosen, None)
    print_line(_("{key} removed: the default stands ({path})").format(key=chosen,
                                                                      path=found.path))
