"""``coinche game stats``: the café's statistics over every stored game (registered in
:mod:`coinche_cli.cli.game`)."""

from typing import TYPE_CHECKING, Annotated

import typer

from coinche_cli.cli.options import JsonOption
from coinche_cli.cli.output import Column, print_json, print_line, print_table
from coinche_cli.cli.store import open_store
from coinche_cli.formats import decimal_text, percent_text
from coinche_cli.i18n import N_, _, ngettext, npgettext, pgettext

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
    share = percent_text(round(100 * row["made"] / row["taken"])) if row["taken"] else ""
    return [str(row["taken"]), str(row["made"]), str(row["failed"]), share]


def _average(points: float | None) -> str:
    """The points a deal as the language writes a decimal (``209,3``), ``–`` for none."""
    return "–" if points is None else decimal_text(points)


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
    # each count with its own plural ("1 donne jouée", "2 passées"), then the sentence
    print_line(_("{played}, {passed}; {average} points a deal").format(
        played=ngettext("{count} deal played", "{count} deals played",
                        deals["played"]).format(count=deals["played"]),
        passed=npgettext("deals", "{count} passed", "{count} passed",
                         deals["passed"]).format(count=deals["passed"]),
        average=_average(deals["points_per_deal"])))
    contracts = data["contracts"]
    print_line(_("contracts: {taken}, {made}, {failed}").format(
        taken=npgettext("contracts", "{count} taken", "{count} taken",
                        contracts["taken"]).format(count=contracts["taken"]),
        made=contracts_made(contracts["made"]), failed=contracts_failed(contracts["failed"])))
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
    print_line(_("coinches made: {count} ({won}, {lost}, {surcoinched}); suffered: {suffered} "
                 "({survived}, {failed})").format(
        count=made["count"],
        won=npgettext("coinches", "{count} won", "{count} won",
                      made["won"]).format(count=made["won"]),
        lost=npgettext("coinches", "{count} lost", "{count} lost",
                       made["lost"]).format(count=made["lost"]),
        surcoinched=npgettext("coinches", "{count} surcoinched", "{count} surcoinched",
                              made["surcoinched"]).format(count=made["surcoinched"]),
        suffered=suffered["count"],
        survived=ngettext("{count} made all the same", "{count} made all the same",
                          suffered["made"]).format(count=suffered["made"]),
        failed=contracts_failed(suffered["failed"])))
    capots = data["capots"]
    if capots["suffered"] is None:
        print_line(_("capots: {made}; belotes: {belotes}").format(made=capots["made"],
                                                                   belotes=data["belotes"]))
    else:
        print_line(_("capots: {made}, {suffered}; belotes: {belotes}").format(
            made=npgettext("capots", "{count} made", "{count} made",
                           capots["made"]).format(count=capots["made"]),
            suffered=npgettext("capots", "{count} suffered", "{count} suffered",
                               capots["suffered"]).format(count=capots["suffered"]),
            belotes=data["belotes"]))
    if data.get("sides"):
        print_table([Column(_("side"), flexible=True), Column(_("games"), right=True),
                     Column(_("won"), right=True), Column(_("points a deal"), right=True)],
                    [[row["side"], str(row["games"]), str(row["won"]),
                      _average(row["points_per_deal"])]
                     for row in data["sides"]])


def contracts_made(count: int) -> str:
    """``3 made`` of contracts, with the plural of the count (``1 réussi``, ``3 réussis``)."""
    return npgettext("contracts", "{count} made", "{count} made", count).format(count=count)


def contracts_failed(count: int) -> str:
    """``3 failed`` of contracts, with the plural of the count (``1 chuté``, ``3 chutés``)."""
    return npgettext("contracts", "{count} failed", "{count} failed", count).format(
        count=count)
