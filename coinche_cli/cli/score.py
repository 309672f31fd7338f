"""``coinche score``: score one deal without storing anything."""


import sys
from typing import Annotated

import typer

from coinche_cli.cli.output import console, print_json
from coinche_cli.errors import DealError
from coinche_cli.messages import msg
from coinche_cli.rules.model import Rules, load_rules
from coinche_cli.scoring.deal import Deal, deal_from_json, deal_from_words
from coinche_cli.scoring.score import DealScore, score_deal

RulesOption = Annotated[
    str, typer.Option("--rules", "-r", help="Built-in rules name or a rules file.")
]
BeloteOption = Annotated[
    list[str] | None,
    typer.Option("--belote", "-b", help="Side holding a belote (repeat for several).")
]
AnnounceOption = Annotated[
    list[str] | None,
    typer.Option("--announce", "-a", help="SIDE:NAME[,NAME…], e.g. A:cinquante (repeatable).")
]
AnnounceWinnerOption = Annotated[
    str | None,
    typer.Option("--announce-winner", help="Side whose equal-best announces count."),
]
CapotOption = Annotated[
    str | None, typer.Option("--capot", help="Side that won every trick.")
]
GeneraleOption = Annotated[
    bool, typer.Option("--generale", help="The taker alone won every trick.")
]
PointsOption = Annotated[
    list[str] | None,
    typer.Option("--points", "-p", help="SIDE:N card points of another side (chien).")
]
DealJsonOption = Annotated[
    str | None,
    typer.Option("--deal", help="The deal as JSON (fields of variants.md), or - for stdin."),
]
DealWords = Annotated[
    list[str] | None,
    typer.Argument(help="TAKER CONTRACT [POINTS], e.g. A 100S 104.", show_default=False,
                   metavar="DEAL"),
]


def read_deal(
    words: list[str] | None,
    deal_json: str | None,
    *,
    belote: list[str] | None,
    announce: list[str] | None,
    announce_winner: str | None,
    capot: str | None,
    generale: bool,
    points: list[str] | None,
) -> Deal:
    """Build a deal from the words form or ``--deal`` (shared by ``score`` and ``game add``)."""
    if deal_json is not None:
        if words:
            raise DealError("deal", "cli.deal_source")
        return deal_from_json(sys.stdin.read() if deal_json == "-" else deal_json)
    if not words:
        raise DealError("deal", "cli.no_deal")
    return deal_from_words(
        words,
        belote=belote or (),
        announce=announce or (),
        announce_winner=announce_winner,
        capot=capot,
        generale=generale,
        points=points or (),
    )


def score(
    words: DealWords = None,
    rules_name: RulesOption = "standard",
    players: Annotated[
        int | None, typer.Option("--players", help="2 or 3 in the chien variant.")
    ] = None,
    deal_json: DealJsonOption = None,
    belote: BeloteOption = None,
    announce: AnnounceOption = None,
    announce_winner: AnnounceWinnerOption = None,
    capot: CapotOption = None,
    generale: GeneraleOption = False,
    points: PointsOption = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Score one deal without storing it, and show why each side scores what it does.

    Example: coinche score --rules standard A 100S 104 --belote A --announce A:cinquante
    """
    rules = load_rules(rules_name)
    deal = read_deal(words, deal_json, belote=belote, announce=announce,
                     announce_winner=announce_winner, capot=capot, generale=generale,
                     points=points)
    result = score_deal(rules, deal, players)
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
