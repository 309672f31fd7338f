"""One event, played through the command line on any store: a game with its corrections and
a concours with an import, a corrected result, a table game, a penalty and a team that left;
and every ``--json`` view of it.  ``tests/test_postgres.py`` plays it on both backends,
``tests/test_store_copy.py`` moves it from one to the other."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.harness import Cli

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
#: Keys whose values are moments: they differ from one run to the next.
MOMENTS = {"created", "recorded", "entered", "changed", "paired", "replaced"}


def without_moments(data: Any) -> Any:
    """``data`` with every moment blanked."""
    if isinstance(data, dict):
        return {k: "…" if k in MOMENTS else without_moments(v) for k, v in data.items()}
    if isinstance(data, list):
        return [without_moments(item) for item in data]
    return data


def play_event(cli: Cli) -> list[Any]:
    """A game and a concours; every JSON view along the way, moments blanked."""
    views: list[Any] = []
    cli.run("game", "new", "--team", "Les As", "--team", "Les Rois", "--target", "1500")
    cli.run("game", "add", "Les As", "100S", "104", "--belote", "A", "--announce",
            "A:cinquante")
    cli.run("game", "add", "rois", "90Hx", "70")
    cli.run("game", "pass")
    cli.run("game", "add", "B", "120TA", "130", "--belote", "B", "--belote", "B")
    cli.run("game", "edit", "4", "B", "120TA", "140", "--belote", "B", "--belote", "B")
    cli.run("game", "undo")
    views += [cli.json("game", "show", "--history"), cli.json("game", "list")]
    cli.run("tournament", "new", "Concours", "--rounds", "3", "--deals", "4", "--seed", "7")
    cli.run("tournament", "team", "import", str(EXAMPLES / "equipes.csv"))
    cli.run("tournament", "pair")
    cli.run("tournament", "result", "--import", str(EXAMPLES / "resultats-ronde1.csv"))
    cli.run("tournament", "result", "1", "1300", "880", "--replace")
    cli.run("tournament", "pair")
    cli.run("game", "new", "--table", "1")
    for deal in (("A", "80S", "100"), ("B", "90H", "95"), ("A", "100Sx", "110"),
                 ("B", "80D", "90")):
        cli.run("game", "add", *deal)
    for table in (2, 3, 4, 5):
        cli.run("tournament", "result", str(table), "600", str(400 + table * 10))
    teams = cli.json("tournament", "team", "list")
    cli.run("tournament", "penalty", teams[0]["team"], "162", "--reason", "renonce")
    cli.run("tournament", "team", "drop", teams[1]["team"])
    views += [cli.json("tournament", "show"), cli.json("tournament", "standings"),
              cli.json("tournament", "team", "list"), cli.json("tournament", "list"),
              cli.json("game", "list")]
    return [without_moments(view) for view in views]


def every_view(cli: Cli) -> list[Any]:
    """Every ``--json`` view of the store, as printed (moments included): each game, each
    round, the standings after each round, the teams, the lists."""
    views: list[Any] = [cli.json("game", "list"), cli.json("tournament", "list")]
    for game in views[0]:
        views.append(cli.json("game", "show", "--game", str(game["id"])))
    for tournament in views[1]:
        name = ("--tournament", tournament["name"])
        views.append(cli.json("tournament", "team", "list", *name))
        rounds = cli.json("tournament", "show", *name)["round"]
        for number in range(1, rounds + 1):
            views.append(cli.json("tournament", "show", "--round", str(number), *name))
            views.append(cli.json("tournament", "standings", "--round", str(number), *name))
    return views
