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
    "Show a summary of rules: card tables, bids, made and failed scores, coinche, capot, end.\n"
    "\n"
    "Example: coinche rules show club"))
def show_rules(
    name: Annotated[str, typer.Argument(metavar=N_("NAME"),
                                        help=N_("A built-in name or a rules file."),
                                        autocompletion=completers.rules)],
    as_json: JsonOption = False,
) -> None:
    from coinche_cli.rules.loader import load_rules

    rules = load_rules(name)
    if as_json:
        from coinche_cli.rules.views import rules_json

        print_json(rules_json(rules))
        return
    from coinche_cli.rules.describe import rules_summary

    for line in rules_summary(rules):
        print_line(line)


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
