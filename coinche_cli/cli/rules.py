"""``coinche rules``: list, show and validate rules files."""


from typing import Annotated

import typer

from coinche_cli.cli import completers
from coinche_cli.cli.output import Column, print_json, print_line, print_table
from coinche_cli.i18n import N_, _

app = typer.Typer(help=N_("Rule variants: list the built-ins, show one, check your own file."),
                  no_args_is_help=True)

JsonOption = Annotated[bool, typer.Option("--json", help=N_("Print JSON."))]


@app.command("list", help=N_(
    "List the built-in rules: name, players, target, modes and source.\n"
    "\n"
    "Example: coinche rules list --json"))
def list_rules(as_json: JsonOption = False) -> None:
    from coinche_cli.rules.loader import builtin_names, load_rules
    from coinche_cli.rules.views import rules_row

    rows = [rules_row(load_rules(name)) for name in builtin_names()]
    if as_json:
        print_json(rows)
        return
    columns = [Column(_("name")), Column(_("players")), Column(_("target")), Column(_("modes")),
               Column(_("source"), flexible=True)]
    print_table(columns, [[row["name"], "/".join(map(str, row["players"])), str(row["target"]),
                           " ".join(_("suits") if m == "suits" else m
                                    for m in row["modes"]), row["source"]] for row in rows])


@app.command("show", help=N_(
    "Show a summary of rules: card tables, bids, made and failed scores, coinche, capot, end. "
    "Without a name: the rules in force (the house config's, else standard).\n"
    "\n"
    "Example: coinche rules show club"))
def show_rules(
    ctx: typer.Context,
    name: Annotated[str | None, typer.Argument(
        metavar=N_("NAME"), help=N_("A built-in name, a rules file, or the name of the house "
                                    "config's file without .yaml."),
        autocompletion=completers.rules, show_default=False)] = None,
    as_json: JsonOption = False,
) -> None:
    from coinche_cli.rules.loader import load_rules

    rules = load_rules(_shown(ctx, name))
    if as_json:
        from coinche_cli.rules.views import rules_json

        print_json(rules_json(rules))
        return
    from coinche_cli.rules.describe import rules_summary

    for line in rules_summary(rules):
        print_line(line)


def _shown(ctx: typer.Context, name: str | None) -> str:
    """The rules ``rules show`` reads: with no name, the rules in force (the house config's,
    else ``standard``, as ``game new`` would play them); a built-in name or a file as given;
    else the house config's rules file when ``name`` is its name without ``.yaml``
    (``maison`` for ``maison.yaml``), so that the club's sheet is shown by the word it is
    called by."""
    from coinche_cli.cli.options import rules_chosen

    if name is None:
        return rules_chosen(ctx, "standard", "name")
    import os

    from coinche_cli.rules.loader import SUFFIXES, builtin_names

    if name in builtin_names() or name.lower().endswith(SUFFIXES) \
            or any(sep in name for sep in "/\\"):
        return name  # a built-in name keeps its meaning; a path is a path
    from coinche_cli.cli import house
    from coinche_cli.names import fold

    value = house.current().get("rules")
    if isinstance(value, str) and os.path.isabs(value) and fold(name) \
            and fold(os.path.splitext(os.path.basename(value))[0]) == fold(name):
        return value
    return name  # refused as an unknown name, listing the built-in ones


@app.command("validate", help=N_(
    "Check a rules file: prints ok, or every problem as error: FILE:LINE: key: reason (exit 2).\n"
    "\n"
    "Example: coinche rules validate my-club.yaml"))
def validate_rules(
    path: Annotated[str, typer.Argument(metavar=N_("FILE"), help=N_("The rules file to check."),
                                        autocompletion=completers.rules_files)],
) -> None:
    from coinche_cli.errors import CoincheError, RulesError
    from coinche_cli.rules.loader import load_rules

    try:
        rules = load_rules(path)
    except RulesError as exc:
        # every problem, not only the first the error names: one `error:` line each, printed
        # (and coloured) by the command line's one error printer, exit 2
        raise CoincheError("\n".join(str(problem) for problem in exc.problems)) from None
    print_line(_("ok: {name} ({path})").format(name=rules.name, path=rules.path))
