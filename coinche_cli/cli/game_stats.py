"""``coinche game stats``: the café's statistics over every stored game (registered in
:mod:`coinche_cli.cli.game`)."""

from typing import TYPE_CHECKING, Annotated

import typer

from coinche_cli.cli.options import JsonOption
from coinche_cli.cli.output import Column, print_json, print_line, print_table
from coinche_cli.cli.store import open_store
from coinche_cli.i18n import N_, _, ngettext, pgettext

if TYPE_CHECKING:
    from coinche_cli.game.views import Counts, StatsView

HELP = N_(
    "Statistics over every stored game: games played and won, contracts taken, made and "
    "failed by bid and trump, coinches made and suffered, capots, belotes, points a deal.\n"
    "\n"
    "Example: coinche game stats --team \"Les As\" --since 2025-01-01")


def stats(
    ctx: typer.Context,
    team: Annotated[str | None, typer.Option("--team", help=N_(
        "One team's side in every team game (a concours' tables scored deal by deal "
        "included)."))] = None,
    player: Annotated[str | None, typer.Option("--player", help=N_(
        "One player's side: in games of two or three players, and at the tables of the "
        "concours they played deal by deal."))] = None,
    since: Annotated[str | None, typer.Option("--since", help=N_(
        "Only the games started on this day or after (YYYY-MM-DD)."))] = None,
    as_json: JsonOption = False,
) -> None:
    from coinche_cli.game.stored import check_since
    from coinche_cli.game.stored import stats as game_stats

    check_since(since)  # a wrong day is refused before the store is read
    store = open_store(ctx)
    person: str | None = None
    sides: list[tuple[int, str]] = []
    if player is not None and team is None:
        # the person's tables are the season's to find; the command line composes the two
        from coinche_cli.season.people_ops import table_sides

        found = table_sides(store, player)
        if found is not None:
            person, sides = found
    data = game_stats(store, since=since, team=team, player=player, person=person,
                      person_sides=sides)
    if as_json:
        print_json(data)
        return
    render(data)


def _counts(row: "Counts") -> list[str]:
    share = f"{100 * row['made'] / row['taken']:.0f}%" if row["taken"] else ""
    return [str(row["taken"]), str(row["made"]), str(row["failed"]), share]


def render(data: "StatsView") -> None:
    """The statistics as lines and two small tables."""
    who = data["team"] or data["player"]
    games = data["games"]
    if who is not None:
        print_line(ngettext("{name}: {played} game, {won} won, {drawn} drawn, {lost} lost, "
                            "{unfinished} unfinished",
                            "{name}: {played} games, {won} won, {drawn} drawn, {lost} lost, "
                            "{unfinished} unfinished", games["played"]).format(name=who,
                                                                                **games))
    else:
        print_line(ngettext("{played} game: {drawn} drawn, {unfinished} unfinished",
                            "{played} games: {drawn} drawn, {unfinished} unfinished",
                            games["played"]).format(**games))
    deals = data["deals"]
    average = "–" if deals["points_per_deal"] is None else str(deals["points_per_deal"])
    print_line(_("{played} deals played, {passed} passed; {average} points a deal").format(
        played=deals["played"], passed=deals["passed"], average=average))
    contracts = data["contracts"]
    print_line(_("contracts: {taken} taken, {made} made, {failed} failed").format(**contracts))
    heads = [Column(_("taken"), right=True),
             Column(pgettext("how many contracts", "made"), right=True),
             Column(pgettext("how many contracts", "failed"), right=True),
             Column("%", right=True)]
    if contracts["by_bid"]:
        print_table([Column(_("bid")), *heads],
                    [[row["bid"], *_counts(row)] for row in contracts["by_bid"]])
        print_table([Column(_("trump")), *heads],
                    [[row["trump"], *_counts(row)] for row in contracts["by_trump"]])
    made, suffered = data["coinches"]["made"], data["coinches"]["suffered"]
    print_line(_("coinches made: {count} ({won} won, {lost} lost, {surcoinched} surcoinched); "
                 "suffered: {suffered} ({survived} made all the same, {failed} failed)").format(
        suffered=suffered["count"], survived=suffered["made"], failed=suffered["failed"],
        **made))
    capots = data["capots"]
    if capots["suffered"] is None:
        print_line(_("capots: {made}; belotes: {belotes}").format(made=capots["made"],
                                                                   belotes=data["belotes"]))
    else:
        print_line(_("capots: {made} made, {suffered} suffered; belotes: {belotes}").format(
            belotes=data["belotes"], **capots))
    if data.get("sides"):
        print_table([Column(_("side"), flexible=True), Column(_("games"), right=True),
                     Column(_("won"), right=True), Column(_("points a deal"), right=True)],
                    [[row["side"], str(row["games"]), str(row["won"]),
                      "–" if row["points_per_deal"] is None else str(row["points_per_deal"])]
                     for row in data["sides"]])
