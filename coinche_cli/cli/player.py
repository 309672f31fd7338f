"""``coinche player``: the people of a club across its concours (list, show, rename, merge,
unmerge, ratings)."""

from collections.abc import Iterator
from typing import TYPE_CHECKING, Annotated

import typer

from coinche_cli.cli.options import JsonOption
from coinche_cli.cli.output import Column, print_json, print_line, print_table
from coinche_cli.cli.store import open_store
from coinche_cli.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from coinche_cli.game.views import StatsJSON
    from coinche_cli.season.views import DealStats

app = typer.Typer(help=N_("The club's players across its concours: list, show, rename, merge, "
                          "unmerge, ratings."),
                  no_args_is_help=True)

_Name = Annotated[str, typer.Argument(metavar=N_("NAME"), help=N_(
    "The player's name (or its start, or their licence)."))]


@app.command("list", help=N_(
    "Every player of every concours (a mêlée's players, a formed team's named players), "
    "matched by licence, else by name.\n"
    "\n"
    "Example: coinche player list"))
def player_list(ctx: typer.Context, as_json: JsonOption = False) -> None:
    from coinche_cli.season import people_ops
    from coinche_cli.season.views import people_json

    people, records = people_ops.listing(open_store(ctx))
    rows = people_json(people, records)
    if as_json:
        print_json(rows)
        return
    if not rows:
        print_line(_("no player yet: players come with a concours' teams and mêlées"))
        return
    print_table([Column(_("player"), flexible=True), Column(_("licence")),
                 Column(_("club"), flexible=True), Column(_("concours"), right=True),
                 Column(_("last concours"), flexible=True)],
                [[r["name"], r["licence"], r["club"], str(r["tournaments"]), r["last"]]
                 for r in rows])


def _deal_stats(found: "StatsJSON") -> "DealStats":
    """What a player's tables scored deal by deal in one concours add up to."""
    return {"deals": found["deals"]["played"], "taken": found["contracts"]["taken"],
            "made": found["contracts"]["made"], "failed": found["contracts"]["failed"],
            "coinched": found["coinches"]["made"]["count"],
            "coinched_against": found["coinches"]["suffered"]["count"],
            "capots": found["capots"]["made"], "belotes": found["belotes"],
            "points_per_deal": found["deals"]["points_per_deal"]}


@app.command("show", help=N_(
    "A player's concours: team or partners, rank, wins, points, and for the tables scored "
    "deal by deal their contracts, coinches, capots and points a deal.\n"
    "\n"
    "Example: coinche player show \"Ana Martin\""))
def show(ctx: typer.Context, name: _Name, as_json: JsonOption = False) -> None:
    from coinche_cli.season import people_ops
    from coinche_cli.season.views import played_json

    store = open_store(ctx)
    person, history = people_ops.history(store, name)
    tables = [played.tables for played in history if played.tables]
    found: Iterator[StatsJSON] = iter(())
    if tables:  # the game's reader composed here: the season imports no game module
        from coinche_cli.game.stored import side_stats

        found = iter(side_stats(store, tables))
    events = [played_json(played, _deal_stats(next(found)) if played.tables else None)
              for played in history]
    if as_json:
        print_json({"name": person.name, "licence": person.licence, "clubs": list(person.clubs),
                    "tournaments": events})
        return
    details = [part for part in (person.licence and _("licence {licence}").format(
        licence=person.licence), ", ".join(person.clubs)) if part]
    print_line(person.name + (f" ({_('; ').join(details)})" if details else ""))
    rows = []
    for event in events:
        rank = "" if event["rank"] is None else f"{event['rank']}/{event['of']}"
        partners = event["team"] or ", ".join(event["partners"])
        rows.append([event["date"], event["tournament"], partners, rank,
                     f"{event['wins']}-{event['draws']}-{event['losses']}", str(event["points"])])
    print_table([Column(_("date")), Column(_("concours"), flexible=True),
                 Column(_("with"), flexible=True), Column(_("rank"), right=True),
                 Column(_("W-D-L"), right=True), Column(_("points"), right=True)], rows)
    from coinche_cli.cli.game_stats import contracts_failed, contracts_made
    from coinche_cli.formats import decimal_text

    for event in events:
        deals = event["deals"]
        if deals is None:
            continue
        # each count with its own plural ("1 contrat pris", "1 chuté"), then the sentence
        print_line(_("{tournament}, deal by deal: {deals}, {taken}, {made}, {failed}, "
                     "{coinched}, {capots}, {average} points a deal").format(
            tournament=event["tournament"],
            deals=ngettext("{count} deal", "{count} deals",
                           deals["deals"]).format(count=deals["deals"]),
            taken=ngettext("{count} contract taken", "{count} contracts taken",
                           deals["taken"]).format(count=deals["taken"]),
            made=contracts_made(deals["made"]), failed=contracts_failed(deals["failed"]),
            coinched=ngettext("{count} coinche", "{count} coinches",
                              deals["coinched"]).format(count=deals["coinched"]),
            capots=ngettext("{count} capot", "{count} capots",
                            deals["capots"]).format(count=deals["capots"]),
            average="–" if deals["points_per_deal"] is None
            else decimal_text(deals["points_per_deal"])))


@app.command("rename", help=N_(
    "Give a player another name (their concours keep the names registered; the old name "
    "still finds them). A name another player has is refused: merge them.\n"
    "\n"
    "Example: coinche player rename \"Ana Martn\" \"Ana Martin\""))
def rename(
    ctx: typer.Context, old: _Name,
    new: Annotated[str, typer.Argument(metavar=N_("NEW"), help=N_("The new name."))],
) -> None:
    from coinche_cli.season import people_ops

    person, name, count = people_ops.rename(open_store(ctx), old, new)
    print_line(ngettext("{old} is now called {new} ({count} concours)",
                        "{old} is now called {new} ({count} concours)", count).format(
        old=person.name, new=name, count=count))


@app.command("merge", help=N_(
    "A typo made two players of one: A's concours become B's (refused if they played in the "
    "same concours).\n"
    "\n"
    "Example: coinche player merge \"Ana Martn\" \"Ana Martin\""))
def merge(
    ctx: typer.Context,
    first: Annotated[str, typer.Argument(metavar="A", help=N_("The player merged away."))],
    second: Annotated[str, typer.Argument(metavar="B", help=N_("The player kept."))],
) -> None:
    from coinche_cli.errors import filled
    from coinche_cli.season import people_ops

    gone, kept, count = people_ops.merge(open_store(ctx), first, second)
    print_line(ngettext("{gone} merged into {kept}: {count} concours",
                        "{gone} merged into {kept}: {count} concours", count).format(
        gone=gone.name, kept=kept.name, count=count))
    print_line(filled(_("undo: coinche player unmerge “{name}”, until {kept} plays, is renamed "
                        "or merged again"), name=gone.name, kept=kept.name))


@app.command("unmerge", help=N_(
    "Undo a merge: A and the player it was merged into are two again, while nothing has been "
    "recorded against the merged player since (a concours, a rename, another merge).\n"
    "\n"
    "Example: coinche player unmerge \"Ana Martn\""))
def unmerge(
    ctx: typer.Context,
    name: Annotated[str, typer.Argument(metavar="A", help=N_("The player merged away."))],
) -> None:
    from coinche_cli.season import people_ops

    gone, kept = people_ops.unmerge(open_store(ctx), name)
    print_line(_("{gone} and {kept} are two players again").format(gone=gone, kept=kept))


@app.command("ratings", help=N_(
    "Every player's rating (OpenSkill) from every match, with its margin and the matches it "
    "rests on; fewer than 12 matches is provisional.\n"
    "\n"
    "Example: coinche player ratings --season \"Challenge 2025\""))
def ratings(
    ctx: typer.Context,
    season: Annotated[str | None, typer.Option("--season", help=N_(
        "Only the matches of this season's concours."))] = None,
    as_json: JsonOption = False,
) -> None:
    from coinche_cli.cli.season_view import render_ratings
    from coinche_cli.season import ops
    from coinche_cli.season.views import ratings_json

    found = ops.ratings(open_store(ctx), season)
    if as_json:
        print_json(ratings_json(found))
        return
    render_ratings(found)
