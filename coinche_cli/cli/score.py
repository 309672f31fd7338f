"""``coinche score``: score one deal without storing anything."""


from typing import Annotated

import typer

from coinche_cli.cli.options import DealInput, JsonOption, RulesOption, deal_options
from coinche_cli.cli.output import console, print_json
from coinche_cli.game.state import Setup
from coinche_cli.messages import msg
from coinche_cli.rules.loader import load_rules
from coinche_cli.rules.model import Rules
from coinche_cli.scoring.score import DealScore, score_deal


@deal_options
def score(
    deal: DealInput,
    rules_name: RulesOption = "standard",
    players: Annotated[
        int | None, typer.Option("--players", help="2 or 3 in the chien variant.")
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Score one deal without storing it, and show why each side scores what it does.

    Example: coinche score --rules standard A 100S 104 --belote A --announce A:cinquante
    """
    rules = load_rules(rules_name)
    count = rules.default_players if players is None else players
    sides = Setup(rules, count, {}).with_sides(deal())  # "a" is side A
    result = score_deal(rules, sides, players)
    if as_json:
        print_json(result.to_json(rules))
    else:
        render_score(rules, result)


def render_score(rules: Rules, result: DealScore) -> None:
    """Draw the deal's outcome and each side's terms."""
    from rich.table import Table

    out = console()
    style = "green" if result.made else "red"
    out.print(f"[bold]{rules.name}[/bold] · [{style}]{result.reason}[/{style}]")
    table = Table(show_header=True, header_style="bold")
    table.add_column(msg("col.side"))
    table.add_column(msg("col.card_points"), justify="right")
    table.add_column(msg("col.score"), justify="right")
    table.add_column(msg("col.why"))
    for side, line in zip(result.checked.sides, result.lines[1:], strict=False):
        why = line.split(": ", 1)[1].rsplit(" = ", 1)[0] if " = " in line else "0"
        table.add_row(side, str(result.checked.points[side]), str(result.scores[side]), why)
    out.print(table)
    for extra in result.lines[1 + len(result.checked.sides):]:
        out.print(extra)
