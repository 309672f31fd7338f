"""The house config (issue 26, point 4): ``coinche config show | set | unset``, a TOML file in
the user's config folder or the one ``COINCHE_CONFIG`` names; a command line option wins over
an environment variable, which wins over the config, which wins over the built-in default;
a bad key or value is one line naming the file, the line and the key.

The precedence and a bad file run through the installed command; the editing of the file in
process.
"""

from __future__ import annotations

import json
import os
import sys
import tomllib
from pathlib import Path

import pytest

from coinche_cli.cli import house
from tests.harness import Cli, data_checksum

ROOT = Path(__file__).resolve().parent.parent
CLUB = ROOT / "rules" / "club.yaml"


@pytest.fixture
def config(tmp_path: Path) -> Path:
    """The test's house config file (not written yet)."""
    return tmp_path / "conf" / "config.toml"


def test_options_beat_the_environment_which_beats_the_config(tmp_path: Path,
                                                             config: Path) -> None:
    """Through the installed command: the house's store, rules, target and language when
    nothing says otherwise; COINCHE_DB and COINCHE_LANG over them; --db, --lang, --rules,
    --target over everything."""
    house_db, env_db, option_db = (tmp_path / name for name in ("house.db", "env.db",
                                                                "option.db"))
    config.parent.mkdir()
    config.write_text(f'# the club\'s sheet\nrules = "{CLUB}"\nlang = "fr"\n'
                      f'db = "{house_db.name}"\ntarget = 1500\ncurrency = "eur"\n',
                      encoding="utf-8")
    run = Cli(process=True, env={"COINCHE_CONFIG": str(config), "COINCHE_LANG": ""}).run

    plain = run("game", "new", "--team", "Les As", "--team", "Les Rois").stdout
    assert "partie 1 commencée\u00a0: club, Les As / Les Rois" in plain  # French, the club's
    assert "1500" in plain
    # a relative store is in the config's folder, not where the command runs
    assert (config.parent / house_db.name).exists() and not house_db.exists()

    env = Cli(process=True, env={"COINCHE_CONFIG": str(config), "COINCHE_LANG": "en",
                                 "COINCHE_DB": str(env_db)})
    started = json.loads(env.run("game", "new", "--json").stdout)
    assert started["rules"] == "club" and started["target"] == 1500
    assert env.run("game", "list").stdout.startswith("*    1  club")  # English, env's store
    assert env_db.exists()

    chosen = env.run("--db", str(option_db), "--lang", "en", "game", "new", "--rules",
                     "standard", "--target", "1000").stdout
    assert chosen.startswith("game 1 started: standard, Us / Them")
    assert "to 1000" in chosen and option_db.exists()


def test_a_bad_config_file_is_one_line_naming_the_file_the_line_and_the_key(
        tmp_path: Path, config: Path) -> None:
    """Through the installed command: a bad language is a warning and the command speaks
    the default; a bad store refuses every command that would open one (exit 2, nothing
    created); a file that is not TOML names its line and key."""
    config.parent.mkdir()
    config.write_text('lang = "de"\n\n  db = "pgsql://club/concours"\n', encoding="utf-8")
    env = {"COINCHE_CONFIG": str(config), "COINCHE_LANG": ""}
    ran = Cli(process=True, env=env).run("score", "A", "100S", "104")
    assert ran.stdout.startswith("standard · ")  # English, the default
    assert ran.stderr.splitlines() == [
        f"warning: {config}:1: lang: “de” is not a language of coinche (languages: en, fr)",
        f"warning: {config}:3: db: “pgsql://club/concours” is not a store coinche can open: "
        "give a file, or a PostgreSQL URL that starts with postgresql:// or postgres:// (in "
        "lower case)"]

    refused = Cli(process=True, env=env, cwd=tmp_path)
    line = refused.run("game", "new", code=2).stderr.splitlines()
    assert line[0] == (f"error: {config}:3: db: “pgsql://club/concours” is not a store "
                       "coinche can open: give a file, or a PostgreSQL URL that starts with "
                       "postgresql:// or postgres:// (in lower case)")
    assert line[1:] == [f"warning: {config}:1: lang: “de” is not a language of coinche "
                        "(languages: en, fr)"]
    assert list(tmp_path.iterdir()) == [config.parent]  # no store anywhere

    config.write_text('rules = "standard"\ntarget = 1000\nlang = fr\n', encoding="utf-8")
    broken = Cli(tmp_path / "x.db", process=True, env=env)
    assert broken.refused("game", "new") == (
        f"error: {config}:3: lang: not TOML (Invalid value): the house config sets nothing "
        "until it is mended")
    assert not (tmp_path / "x.db").exists()


def test_config_set_show_and_unset_keep_the_rest_of_the_file(config: Path, tmp_path: Path,
                                                              store: Path) -> None:
    config.parent.mkdir()
    config.write_text("# our club\ncurrency = 'CHF'  # Swiss francs\n\n[later]\nx = 1\n",
                      encoding="utf-8")
    cli = Cli(store, env={"COINCHE_CONFIG": str(config)}, cwd=tmp_path)
    (tmp_path / "maison.yaml").write_bytes(CLUB.read_bytes())
    assert cli.run("config", "set", "rules", "maison.yaml").stdout == (
        f"rules = {tmp_path / 'maison.yaml'} ({config})\n")
    cli.run("config", "set", "target", "2000")
    cli.run("config", "set", "currency", "eur")
    text = config.read_text(encoding="utf-8")
    assert text == (f"# our club\ncurrency = \"EUR\"\n\nrules = \"{tmp_path / 'maison.yaml'}\"\n"
                    "target = 2000\n[later]\nx = 1\n")
    shown = cli.json("config", "show")
    assert shown["file"] == str(config) and shown["exists"] is True
    assert shown["settings"]["rules"] == {"value": str(tmp_path / "maison.yaml"),
                                          "from": "file", "line": 4}
    assert shown["settings"]["db"] == {"value": str(store), "from": "option"}
    assert shown["settings"]["lang"] == {"value": "en", "from": "environment"}
    assert cli.last.stderr.splitlines() == [  # the key of a table: not a setting
        f"warning: {config}:6: later: not a setting of coinche (settings: rules, lang, db, "
        "target, currency)"]
    assert cli.json("game", "new")["rules"] == "club"

    assert cli.run("config", "unset", "rules").stdout.startswith("rules removed")
    assert cli.run("config", "unset", "rules").stdout.startswith("rules was not set")
    assert "rules" not in tomllib.loads(config.read_text(encoding="utf-8"))
    assert cli.json("game", "new")["rules"] == "standard"


def test_rules_show_shows_the_rules_in_force_and_the_house_sheet_by_its_name(
        config: Path, tmp_path: Path) -> None:
    cli = Cli(env={"COINCHE_CONFIG": str(config)}, cwd=tmp_path)
    assert cli.run("rules", "show").stdout.startswith("standard: ")  # nothing set: standard
    config.parent.mkdir()
    sheet = config.parent / "Maison.yaml"
    sheet.write_text("extends: standard\nname: maison\ntitle: Notre maison\n", encoding="utf-8")
    config.write_text('rules = "Maison.yaml"\n', encoding="utf-8")  # the config's own folder
    for args in ((), ("maison",), ("MAISON",)):
        assert cli.run("rules", "show", *args).stdout.startswith("maison: Notre maison\n")
    assert cli.json("rules", "show")["name"] == "maison"
    assert cli.run("rules", "show", "club").stdout.startswith("club: ")  # a built-in stays
    assert cli.refused("rules", "show", "maisn") == (
        "error: unknown rules “maisn”; built-in rules are: atout, chien, club, generale, "
        "standard")
    config.write_text('rules = "maisn"\n', encoding="utf-8")  # what game new would refuse
    assert cli.refused("rules", "show") == (
        f"error: {config}:1: rules: unknown rules “maisn”; built-in rules are: atout, chien, "
        "club, generale, standard")


@pytest.mark.parametrize(("args", "error"), [
    (("set", "colour", "red"), "error: key: “colour” is not a setting of coinche (settings: "
                               "rules, lang, db, target, currency)"),
    (("set", "lang", "de"), "error: lang: “de” is not a language of coinche (languages: en, "
                            "fr)"),
    (("set", "target", "0"), "error: target: “0” is not a whole number from 1 to 1000000000"),
    (("set", "target", "mille"), "error: target: “mille” is not a whole number from 1 to "
                                 "1000000000"),
    (("set", "currency", "euro"), "error: currency: “euro” is not a currency code: three "
                                  "letters, as EUR or CHF"),
    (("set", "db", "mysql://club/x"), "error: db: “mysql://club/x” is not a store coinche can "
                                      "open: give a file, or a PostgreSQL URL that starts "
                                      "with postgresql:// or postgres:// (in lower case)"),
    (("set", "rules", "maisn"), "error: unknown rules “maisn”; built-in rules are: atout, "
                                "chien, club, generale, standard"),
    (("unset", "colour"), "error: key: “colour” is not a setting of coinche (settings: "
                          "rules, lang, db, target, currency)"),
])
def test_a_bad_setting_is_refused_and_the_file_left_alone(config: Path, args: tuple[str, ...],
                                                         error: str) -> None:
    config.parent.mkdir()
    config.write_text('lang = "en"\n', encoding="utf-8")
    cli = Cli(env={"COINCHE_CONFIG": str(config)})
    assert cli.refused("config", *args) == error
    assert config.read_text(encoding="utf-8") == 'lang = "en"\n'


def test_a_setting_the_editor_cannot_change_safely_is_refused(config: Path) -> None:
    config.parent.mkdir()
    text = 'rules = """\nstandard"""\n'
    config.write_text(text, encoding="utf-8")
    cli = Cli(env={"COINCHE_CONFIG": str(config)})
    assert cli.refused("config", "set", "rules", "club") == (
        f"error: {config}: the line of rules cannot be changed by coinche: edit the file by "
        "hand")
    assert config.read_text(encoding="utf-8") == text


def test_a_config_that_cannot_be_read_refuses_what_needs_it_exit_1(tmp_path: Path,
                                                                   store: Path) -> None:
    folder = tmp_path / "config.toml"
    folder.mkdir()
    cli = Cli(env={"COINCHE_CONFIG": str(folder)})
    ran = cli.run("game", "list", code=1)
    assert ran.stderr == f"error: {folder}: the house config is not a file (a folder, a " \
                         "device)\n"
    ran = Cli(store, env={"COINCHE_CONFIG": str(folder)}).run("game", "list")  # --db given
    assert ran.stderr == f"warning: {folder}: the house config is not a file (a folder, a " \
                         "device)\n"
    assert data_checksum(store) == data_checksum(tmp_path / "none.db")


def test_a_bad_rules_name_or_a_missing_rules_file_refuses_game_new_only(config: Path,
                                                                        store: Path) -> None:
    config.parent.mkdir()
    config.write_text('target = 900\nrules = "maisn"\n', encoding="utf-8")
    cli = Cli(store, env={"COINCHE_CONFIG": str(config)})
    assert cli.refused("game", "new") == (
        f"error: {config}:2: rules: unknown rules “maisn”; built-in rules are: atout, chien, "
        "club, generale, standard")
    assert cli.json("game", "new", "--rules", "club")["target"] == 900
    assert cli.run("rules", "list").stderr == ""  # a name is checked where it is used
    config.write_text('rules = "gone.yaml"\n', encoding="utf-8")
    assert cli.refused("score", "A", "100S", "104") == (
        f"error: {config}:1: rules: {quoted(config.parent / 'gone.yaml')}: no such rules file")


def test_without_a_config_the_settings_are_the_defaults(tmp_path: Path) -> None:
    cli = Cli(env={"COINCHE_CONFIG": str(tmp_path / "none.toml")})
    shown = cli.json("config", "show")
    assert shown["exists"] is False
    assert {key: value["from"] for key, value in shown["settings"].items()} == {
        "rules": "default", "lang": "environment", "db": "default", "target": "default",
        "currency": "default"}
    assert cli.run("config", "show").stdout.splitlines()[0] == (
        f"house config: {tmp_path / 'none.toml'} (no file yet: nothing set)")
    assert not (tmp_path / "none.toml").exists()


@pytest.mark.skipif(sys.platform != "linux", reason="the XDG rule is written out for Linux")
@pytest.mark.parametrize("xdg", [None, "", "relative/path", "/srv/xdg"])
def test_the_config_folder_is_the_one_platformdirs_names(monkeypatch: pytest.MonkeyPatch,
                                                         xdg: str | None) -> None:
    from platformdirs import user_config_dir

    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    if xdg is not None:
        monkeypatch.setenv("XDG_CONFIG_HOME", xdg)
    assert house.config_dir() == user_config_dir("coinche", appauthor=False)
    monkeypatch.delenv("COINCHE_CONFIG", raising=False)
    assert house.config_path() == os.path.join(house.config_dir(), "config.toml")


def test_a_new_config_is_private_a_link_stays_a_link_and_a_password_is_never_shown(
        tmp_path: Path) -> None:
    real = tmp_path / "dotfiles" / "coinche.toml"
    real.parent.mkdir()
    real.write_text("", encoding="utf-8")
    link = tmp_path / "config.toml"
    link.symlink_to(real)
    cli = Cli(env={"COINCHE_CONFIG": str(link)})
    said = cli.run("config", "set", "db", "postgresql://club:s3cret@server/concours").stdout
    assert link.is_symlink() and "db = " in real.read_text(encoding="utf-8")
    assert "s3cret" not in said and "s3cret" not in cli.run("config", "show").stdout
    fresh = tmp_path / "new" / "config.toml"
    Cli(env={"COINCHE_CONFIG": str(fresh)}).run("config", "set", "lang", "fr")
    assert fresh.stat().st_mode & 0o777 == 0o600


def quoted(path: Path) -> str:
    """A file's name as an error quotes it: at most 80 characters, the 80th an ellipsis (the
    tests' temporary folders are longer under some runners)."""
    text = str(path)
    return text if len(text) <= 80 else text[:79] + "…"
