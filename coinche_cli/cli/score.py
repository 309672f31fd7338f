"""``coinche score``: score one deal without storing anything."""


from typing import Annotated

import typer

from coinche_cli.cli.options import (
    DealInput,
    JsonOption,
    RulesOption,
    deal_options,
    rules_chosen,
)
from coinche_cli.cli.output import Column, print_json, print_line, print_table
from coinche_cli.game.state import Setup
from coinche_cli.i18n import N_, _
from coinche_cli.rules.loader import load_rules
from coinche_cli.rules.model import Rules
from coinche_cli.scoring.score import DealScore, score_deal

#: The command's help (it is registered by :mod:`coinche_cli.cli.main`).
HELP = N_(
    "Score one deal without storing it, and show why each side scores what it does.\n"
    "\n"
    "Example: coinche score --rules standard A 100S 104 --belote A --announce A:cinquante")


@deal_options
def score(
    ctx: typer.Context,
    deal: DealInput,
    rules_name: RulesOption = "standard",
    players: Annotated[
        int | None, typer.Option("--players", help=N_("2 or 3 in the chien variant."), min=1,
                                 max=9)
    ] = None,
    as_json: JsonOption = False,
) -> None:
    rules = load_rules(rules_chosen(ctx, rules_name))
    count = rules.default_players if players is None else players
    sides = Setup(rules, count, {}).with_sides(deal())  # "a" is side A
    result = score_deal(rules, sides, players)
    if as_json:
        from coinche_cli.rules.views import score_json

        print_json(score_json(rules, result))
    else:
        render_score(rules, result)


def render_score(rules: Rules, result: DealScore) -> None:
    """The deal's outcome, then each side's card points, score and the terms behind it."""
    print_line(f"{rules.name} · {result.reason}")
    columns = [Column(_("side")), Column(_("card points"), right=True),
               Column(_("score"), right=True), Column(_("why"), flexible=True, floor=20)]
    rows, after = result.cells()
    print_table(columns, rows)
    for extra in after:
        print_line(extra)
