"""The root ``coinche`` command: mounts the sub-apps and turns user errors into one line."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from typer.core import TyperGroup

from coinche_cli.cli import game_cmd, rules_cmd, score_cmd, tournament_cmd
from coinche_cli.cli.output import error_line
from coinche_cli.errors import CoincheError


class _ReportingGroup(TyperGroup):
    """Every :class:`CoincheError` from any command becomes one line and its exit code."""

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except CoincheError as exc:
            error_line(exc)
            raise typer.Exit(exc.exit_code) from None


app = typer.Typer(
    cls=_ReportingGroup,
    name="coinche",
    help="Keep score of coinche (belote coinchée) games and run club tournaments.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@app.callback()
def root(
    ctx: typer.Context,
    db: Annotated[
        Path | None,
        typer.Option("--db", envvar="COINCHE_DB", help="The store file (default: user data).",
                     show_envvar=True),
    ] = None,
) -> None:
    """Keep score of coinche (belote coinchée) games and run club tournaments."""
    ctx.obj = {"db": db}


app.add_typer(rules_cmd.app, name="rules")
app.add_typer(game_cmd.app, name="game")
app.add_typer(tournament_cmd.app, name="tournament")
app.command("score")(score_cmd.score)


def run() -> None:
    """Entry point of the ``coinche`` console script."""
    app()
