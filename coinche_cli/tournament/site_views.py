"""What the results site shows (``tournament publish``), as plain data built from the very
``--json`` views: the standings as ``tournament standings --json`` prints them, each round as
``tournament show --round N --json``, the prize list as ``tournament prizes --json``, each
knock-out stage's bracket as ``tournament bracket --json``.  :mod:`coinche_cli.sheets.site`
draws the pages.

Rules of the site, which a director can check page by page:

1. ``index.html``: the standings (the final ranking once a later stage has started), the
   palmarès when the concours has a prize list or a pot, a link to every round and bracket.
2. ``round-N.html`` per round paired: its tables (both sides, the scores or the forfeit, the
   winner), its bye with the points it scores, a mêlée's players sitting out, the penalties
   given in that round with their reasons.
3. A page per entrant, in registration order: ``team-K.html`` per team, ``player-K.html``
   per player in a mêlée (K from 1), with its parties: the round, the table, the partner (a
   mêlée), the opponents, both scores, how it ended; its byes and its penalties.
4. ``bracket-S.html`` per knock-out stage started, S its place among the concours's stages.
5. Every number is read from the views above, never counted again here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from coinche_cli.tournament.accounts import money
from coinche_cli.tournament.desk_views import tie_mark
from coinche_cli.tournament.views import round_json, standings_of

if TYPE_CHECKING:  # a TypedDict is a plain dict at run time: the classes are the checker's alone
    from typing import TypedDict

    from coinche_cli.tournament.desk_views import PrizesJson
    from coinche_cli.tournament.model import Tournament
    from coinche_cli.tournament.stage_views import BracketJson, FinalStandingJson
    from coinche_cli.tournament.views import PenaltyJson, RoundJson, StandingsJson

    class SiteParty(TypedDict):
        """An entrant's partie on its page: a table played (``opponents``: the other side's
        team, or in a mêlée its two players), a bye, or a partie sat out."""

        round: int
        table: int | None
        bye: bool
        partner: str | None
        opponents: list[str]
        score: int | None
        against: int | None
        forfeit: Literal["mine", "theirs"] | None
        outcome: Literal["won", "lost", "draw"] | None  # None: no result yet, or a bye
        bye_points: int | None

    class SiteEntrant(TypedDict):
        """An entrant's page: who (a team's players, its club), its line of the standings
        (None: not ranked), its parties and the penalties it was given."""

        name: str
        file: str
        players: list[str]
        club: str
        dropped: bool
        rank: int | None
        parties: list[SiteParty]
        penalties: list[PenaltyJson]

    class SitePrize(TypedDict):
        """A line of the palmarès: the place (``tied``: shared), who, the prize in kind and
        the cash in words (``""``: none), the tie's mark."""

        rank: int
        tied: bool
        name: str
        prize: str | None
        amount: str
        mark: str

    class SiteBracket(TypedDict):
        """A knock-out stage's page: its file and its bracket."""

        file: str
        stage: str
        bracket: BracketJson

    class SiteData(TypedDict):
        """Everything the site shows, and each entrant's page by name (its ``files``)."""

        name: str
        date: str
        melee: bool
        final: bool
        standings: StandingsJson | list[FinalStandingJson]
        rounds: list[RoundJson]
        entrants: list[SiteEntrant]
        files: dict[str, str]
        prizes: list[SitePrize] | None
        prizes_final: bool
        brackets: list[SiteBracket]


def site_standings(tournament: Tournament) -> StandingsJson | list[FinalStandingJson]:
    """The standings as ``tournament standings --json`` prints them: the final ranking once a
    later stage has started, else every result so far (a mêlée's: per player)."""
    if tournament.stages and not tournament.settings.melee:
        from coinche_cli.tournament import stage_views, stages

        if stages.has_finals(tournament):
            return stage_views.final_json(stage_views.final_rows(tournament))
    return standings_of(tournament)


def site_data(tournament: Tournament, date: str, prizes: PrizesJson | None) -> SiteData:
    """The site of ``tournament`` (``date``: its day, ISO; ``prizes``: who gets what, None
    when the concours has no prize list)."""
    from coinche_cli.tournament.desk_views import final

    rounds = [round_json(tournament, played) for played in tournament.rounds]
    melee = tournament.settings.melee
    prefix = "player" if melee else "team"
    entrants = tournament.entrants
    files = {e.name: f"{prefix}-{k}.html" for k, e in enumerate(entrants, start=1)}
    standings = site_standings(tournament)
    ranks = {str(row.get("team", row.get("name"))): row["rank"] for row in standings}
    parties = _parties(rounds, melee)
    penalties = _penalties(tournament, rounds, melee)
    pages: list[SiteEntrant] = [
        {"name": e.name, "file": files[e.name], "players": list(e.players) if not melee else [],
         "club": e.club, "dropped": e.dropped_after is not None, "rank": ranks.get(e.name),
         "parties": parties.get(e.name, []), "penalties": penalties.get(e.name, [])}
        for e in entrants]
    return {"name": tournament.name, "date": date, "melee": melee, "final": final(tournament),
            "standings": standings, "rounds": rounds, "entrants": pages, "files": files,
            "prizes": None if prizes is None else prize_lines(tournament, prizes),
            "prizes_final": prizes is not None and prizes["final"],
            "brackets": _brackets(tournament)}


def _parties(rounds: list[RoundJson], melee: bool) -> dict[str, list[SiteParty]]:
    """Every entrant's parties by name, read from the rounds' views (a mêlée: each player of
    each pair)."""
    found: dict[str, list[SiteParty]] = {}
    for shown in rounds:
        number, points = shown["round"], shown["bye_points"]
        for table in shown["tables"]:
            scores, winner = table["scores"], table["winner"]
            sides = table["pairs"] if melee and "pairs" in table else [[t] for t in table["teams"]]
            for index, side in enumerate(sides):
                team, other = table["teams"][index], table["teams"][1 - index]
                forfeit: Literal["mine", "theirs"] | None = (
                    None if table["forfeit"] is None
                    else "mine" if table["forfeit"] == team else "theirs")
                outcome: Literal["won", "lost", "draw"] | None = (
                    None if scores is None and table["forfeit"] is None
                    else "draw" if winner is None else "won" if winner == team else "lost")
                for name in side:
                    partner = next((p for p in side if p != name), None) if melee else None
                    found.setdefault(name, []).append({
                        "round": number, "table": table["table"], "bye": False,
                        "partner": partner, "opponents": list(sides[1 - index]) if melee
                        else [other], "score": None if scores is None else scores[index],
                        "against": None if scores is None else scores[1 - index],
                        "forfeit": forfeit, "outcome": outcome, "bye_points": None})
        idle = [shown["bye"]] if shown["bye"] is not None else []
        for name in [*idle, *shown.get("sitting_out", [])]:
            found.setdefault(name, []).append({
                "round": number, "table": None, "bye": True, "partner": None, "opponents": [],
                "score": None, "against": None, "forfeit": None, "outcome": None,
                "bye_points": points})
    return found


def _penalties(tournament: Tournament, rounds: list[RoundJson],
               melee: bool) -> dict[str, list[PenaltyJson]]:
    """Every penalty by the name of the entrant given it (a mêlée: each player of the pair
    at fault)."""
    from coinche_cli.tournament.views import penalties_json

    players: dict[tuple[int, str], list[str]] = {}
    if melee:
        players = {(shown["round"], team): pair for shown in rounds for table in shown["tables"]
                   for team, pair in zip(table["teams"], table.get("pairs", []), strict=False)}
    found: dict[str, list[PenaltyJson]] = {}
    for penalty in penalties_json(tournament):
        for name in players.get((penalty["round"], penalty["team"]), [penalty["team"]]):
            found.setdefault(name, []).append(penalty)
    return found


def prize_lines(tournament: Tournament, prizes: PrizesJson) -> list[SitePrize]:
    """The palmarès: who gets what, the cash in the tournament's currency."""
    return [{"rank": row["rank"], "tied": row["tied"],
             "name": row.get("team", row.get("player", "")), "prize": row["prize"],
             "amount": money(tournament, row["amount"]) if row["amount"] else "",
             "mark": tie_mark(row)} for row in prizes["rows"]]


def _brackets(tournament: Tournament) -> list[SiteBracket]:
    """Each knock-out stage started, with its bracket."""
    from coinche_cli.tournament.stage_views import bracket_json

    return [{"file": f"bracket-{stage.position}.html", "stage": stage.name,
             "bracket": bracket_json(tournament, stage)}
            for stage in tournament.stages if stage.kind == "knockout" and stage.teams]
