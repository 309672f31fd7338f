"""``coinche tournament``: run a Swiss club tournament ("concours")."""


from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from coinche_cli.cli import (
    completers,
    share,
    tournament_desk,
    tournament_files,
    tournament_players,
    tournament_serve,
    tournament_show,
    tournament_stages,
    tournament_teams,
)
from coinche_cli.cli.options import (
    MAX_NUMBER,
    JsonOption,
    RoundOption,
    RulesOption,
    TournamentOption,
    parse_points,
    rules_chosen,
)
from coinche_cli.cli.output import print_json, print_line, warning_line
from coinche_cli.cli.store import open_store
from coinche_cli.errors import InputError, TournamentError, escaped_text
from coinche_cli.i18n import N_, _, ngettext
from coinche_cli.tournament.ranking import Ranking

if TYPE_CHECKING:
    from coinche_cli.tournament.model import Tournament

# The tournament core loads inside each command: a scorekeeper's `game add` never pays for it.

app = typer.Typer(help=N_("Run a Swiss tournament: teams, pairings, results, standings, export."),
                  no_args_is_help=True)
app.add_typer(tournament_teams.app, name="team")
app.add_typer(tournament_players.app, name="player")
app.add_typer(tournament_stages.app, name="stage")



#: The match points of a win, a draw, a loss and a forfeit unless --match-points says
#: otherwise, in the order the settings keep them.
MATCH_POINTS = {"win": 3, "draw": 2, "loss": 1, "forfeit": 0}


def _match_points(text: str) -> tuple[int, int, int, int]:
    points = parse_points(text, "--match-points", MATCH_POINTS)
    return points["win"], points["draw"], points["loss"], points["forfeit"]


@app.command("new", help=N_(
    "Create a tournament; it becomes the current one.\n"
    "\n"
    "Example: coinche tournament new \"Concours de Noël\" --rules standard --rounds 4 --deals 12"))
def new(
    ctx: typer.Context,
    name: Annotated[str, typer.Argument(metavar=N_("NAME"), help=N_("The tournament's name."))],
    rules_name: RulesOption = "standard",
    rounds: Annotated[
        int, typer.Option("--rounds", help=N_("Number of rounds (parties)."), max=MAX_NUMBER)
    ] = 4,
    deals: Annotated[
        int | None, typer.Option("--deals", help=N_("Each match: N deals."), max=MAX_NUMBER)
    ] = None,
    target: Annotated[
        int | None, typer.Option("--target", help=N_("Each match: a game to N points."),
                                 max=MAX_NUMBER)
    ] = None,
    ranking: Annotated[
        Ranking, typer.Option("--ranking", help=N_("Rank by total points, wins, or match points."))
    ] = Ranking.POINTS,
    bye_points: Annotated[
        str, typer.Option("--bye-points", help=N_("Bye: a number, half, or average."),
                          autocompletion=completers.one_of("half", "average"))
    ] = "average",
    bye_win: Annotated[
        bool, typer.Option("--bye-win/--no-bye-win", help=N_("Whether a bye counts as a win."))
    ] = True,
    match_points: Annotated[
        str, typer.Option("--match-points", help=N_(
            "Match points of a win, a draw, a loss and a forfeit, in that order, or by key: "
            "win=3,forfeit=0 (the keys not given keep their default)."))
    ] = ",".join(str(points) for points in MATCH_POINTS.values()),
    tie_break: Annotated[
        str,
        typer.Option("--tie-break", help=N_("Tie-breaks in order: points, difference, wins, "
                     "match-points, buchholz, head-to-head, lot.")),
        # spaced, so that a narrow help page wraps the default rather than cutting it
    ] = "difference, buchholz, head-to-head",
    seed: Annotated[
        int | None, typer.Option("--seed", help=N_("Seed of the round-1 draw (reproducible)."),
                                 min=0, max=MAX_NUMBER)
    ] = None,
    draw_order: Annotated[
        bool, typer.Option("--registration-order", help=N_("Round 1 in registration order."))
    ] = False,
    same_club: Annotated[
        str | None, typer.Option("--same-club", help=N_(
            "avoid: teams of one club are not drawn together in round 1, and meet later only "
            "as a last resort (a mêlée: players of one club are not drawn partners); allow. "
            "Default: avoid for teams, allow for a mêlée."),
            autocompletion=completers.one_of("avoid", "allow"))
    ] = None,
    form: Annotated[
        str, typer.Option("--format", help=N_(
            "teams: formed teams; melee: players register alone and partners are drawn "
            "every partie, ranked one by one; groups: formed teams in round-robin poules "
            "(--group-size), drawn at the first pair."),
            autocompletion=completers.one_of("teams", "melee", "groups"))
    ] = "teams",
    group_size: Annotated[
        int | None, typer.Option("--group-size", help=N_(
            "--format groups: teams per poule (a poule of one more or one less when the "
            "count needs it). Default: 4."), min=2, max=MAX_NUMBER)
    ] = None,
    draw: Annotated[
        str, typer.Option("--draw", help=N_(
            "A mêlée's draw: random, or by-score (players of similar standing together)."),
            autocompletion=completers.one_of("random", "by-score"))
    ] = "random",
    penalty_outside: Annotated[
        bool, typer.Option("--penalty-outside", help=N_(
            "Count penalties in the points only: a penalty given to the opponents then does "
            "not change who won the partie (by default it counts in the partie's score)."))
    ] = False,
    fee: tournament_desk.FeeOption = None, currency: tournament_desk.CurrencyOption = None,
    require_checkin: tournament_desk.CheckinOption = False,
    as_json: JsonOption = False,
) -> None:
    from coinche_cli.rules.loader import load_rules
    from coinche_cli.tournament import ops as tournaments
    from coinche_cli.tournament.model import Settings

    in_groups = form == "groups"
    if in_groups:  # poules are formed teams, seeded by registration order unless --seed
        form, draw_order = "teams", draw_order or seed is None
    elif group_size is not None:
        raise InputError("--group-size", _("poules are played with --format groups"))
    if seed is None and not draw_order:
        import secrets

        seed = secrets.randbelow(10**6)  # recorded, so the draw can be replayed
    settings = Settings(
        rounds=rounds, deals=deals, target=target, ranking=ranking, bye_points=bye_points,
        bye_win=bye_win, match_points=_match_points(match_points),
        tie_breaks=tuple(t.strip() for t in tie_break.split(",") if t.strip()),
        seed=None if draw_order else seed,
        same_club=same_club or ("allow" if form == "melee" else "avoid"),
        penalty_outside=penalty_outside, format=form, draw=draw,
        group_size=(group_size or 4) if in_groups else None,
        **tournament_desk.desk_settings(fee, currency, require_checkin))
    store = open_store(ctx)
    tournament = tournaments.create(store, name, load_rules(rules_chosen(ctx, rules_name)),
                                   settings)
    if as_json:
        print_json({"id": tournament.id, "name": tournament.name, "rules": tournament.rules_name,
                    "settings": tournament.settings.to_json()})
        return
    if in_groups:
        print_line(_("tournament “{name}” created: {rules}, poules of {size} teams, parties "
                     "of {format}; the poules are drawn at the first pair").format(
                         name=escaped_text(tournament.name), rules=tournament.rules_name,
                         size=group_size or 4, format=_format(tournament)))
        return
    print_line(ngettext("tournament “{name}” created: {rules}, {rounds} round of {format}",
                        "tournament “{name}” created: {rules}, {rounds} rounds of {format}",
                        rounds).format(name=escaped_text(tournament.name),
                                       rules=tournament.rules_name,
                                       rounds=rounds, format=_format(tournament)))


def _format(tournament: "Tournament") -> str:
    settings = tournament.settings
    if settings.deals is not None:
        return ngettext("{count} deal", "{count} deals", settings.deals).format(
            count=settings.deals)
    return _("a game to {target}").format(target=settings.target)


@app.command("list", help=N_("List the tournaments in the store."))
def list_tournaments(ctx: typer.Context, as_json: JsonOption = False) -> None:
    from coinche_cli.tournament import ops as tournaments

    rows = [{"id": r.id, "name": r.name, "created": r.created}
            for r in tournaments.listing(open_store(ctx))]
    if as_json:
        print_json(rows)
        return
    for row in rows:
        print_line(f"{row['id']:>4}  {row['name']}  ({row['created']})")


@app.command("use", help=N_("Make another tournament the current one."))
def use(ctx: typer.Context,
        name: Annotated[str, typer.Argument(metavar=N_("NAME"), help=N_("Tournament name."),
                                            autocompletion=completers.tournaments)]) -> None:
    from coinche_cli.tournament import ops as tournaments
    tournament = tournaments.use(open_store(ctx), name)
    print_line(_("current tournament: {name}").format(name=tournament.name))


# ---------------------------------------------------------------- rounds


@app.command("pair", help=N_(
    "Pair the next round: round 1 is drawn, later rounds are Swiss (no rematch).\n"
    "\n"
    "Example: coinche tournament pair --json"))
def pair(ctx: typer.Context, tournament: TournamentOption = None,
         as_json: JsonOption = False,
         draw: Annotated[str | None, typer.Option("--draw", help=N_(
             "A mêlée's partie: random, or by-score (players of similar standing together); "
             "default: the tournament's."),
             autocompletion=completers.one_of("random", "by-score"))] = None,
         same_club: Annotated[str | None, typer.Option("--same-club", help=N_(
             "A mêlée's partie: avoid partners of one club, or allow them; default: the "
             "tournament's."), autocompletion=completers.one_of("avoid", "allow"))] = None,
         stage: Annotated[str | None, typer.Option("--stage", metavar=N_("NAME"), help=N_(
             "After the first stage: pair that stage's next partie alone (default: every "
             "stage that plays)."))] = None,
         ) -> None:
    from coinche_cli.cli import tournament_view as view
    from coinche_cli.tournament import ops as tournaments
    from coinche_cli.tournament import views as tournament_json
    from coinche_cli.tournament.model import DRAWS, SAME_CLUB

    if draw is not None and draw not in DRAWS:
        raise TournamentError(_("--draw is {known}, not “{got}”"), got=draw,
                              known=", ".join(DRAWS))
    if same_club is not None and same_club not in SAME_CLUB:
        raise TournamentError(_("--same-club is {known}, not “{got}”"), got=same_club,
                              known=", ".join(SAME_CLUB))
    paired = tournaments.pair_next(open_store(ctx), tournament, draw, same_club, stage)
    data = tournament_json.round_json(paired.tournament, paired.round)
    if paired.drawn is not None:
        from coinche_cli.tournament.melee import draw_report

        for line in draw_report(paired.tournament, paired.drawn):
            warning_line(line)
    if paired.absent:  # --require-checkin: who has not come is left out
        warning_line(tournament_desk.absent_line(paired.absent, paired.round.number))
    if as_json:
        print_json(data)
        return
    for line in view.round_lines(paired.tournament, paired.round):
        print_line(line)


@app.command("unpair", help=N_("Withdraw the latest round while none of its tables has a result."))
def unpair(ctx: typer.Context, tournament: TournamentOption = None) -> None:
    from coinche_cli.tournament import ops as tournaments
    withdrawn = tournaments.unpair(open_store(ctx), tournament)
    print_line(_("round {round} withdrawn").format(round=withdrawn.number))


@app.command("result", help=N_(

    "Enter a table's result: its number and the scores in the pairing's team order, or a team's "
    "name and that team's score first; --replace to correct one.\n\n"
    "Example: coinche tournament result 3 1840 1320"))
def result(
    ctx: typer.Context,
    table: Annotated[
        str | None, typer.Argument(help=N_("Table number, or a team playing at it."),
                                   metavar=N_("TABLE|TEAM"), autocompletion=completers.entrants)
    ] = None,
    score1: Annotated[
        str | None, typer.Argument(metavar=N_("SCORE1"),
                                   help=N_("First team's score (the named team's)."))
    ] = None,
    score2: Annotated[
        str | None, typer.Argument(metavar=N_("SCORE2"), help=N_("Second team's score."))
    ] = None,
    round_number: RoundOption = None,
    forfeit: Annotated[
        str | None, typer.Option("--forfeit", help=N_("The team that forfeited."),
                                 autocompletion=completers.entrants)
    ] = None,
    import_path: Annotated[
        Path | None,
        typer.Option("--import", help=N_("CSV, XLSX or ODS: table, score 1, score 2 (and the "
                     "team names, which the scores then follow).")),
    ] = None,
    replacing: Annotated[
        bool, typer.Option("--replace", help=N_("Correct a result already entered (also in a "
                           "closed round); the old one stays in the history."))
    ] = False,
    deals: Annotated[
        int | None, typer.Option("--deals", help=N_("Deals played (checked)."), max=MAX_NUMBER)
    ] = None,
    winner: Annotated[
        str | None, typer.Option("--winner", metavar=N_("TEAM"), help=N_(
            "A knock-out match: the team that goes through (needed when the scores are "
            "equal)."), autocompletion=completers.entrants)
    ] = None,
    clear: Annotated[
        bool, typer.Option("--clear", help=N_("Take the table's result back (kept in the "
                           "history): a match a correction gave other teams."))
    ] = False,
    tournament: TournamentOption = None,
    as_json: JsonOption = False,
) -> None:
    from coinche_cli.cli import tournament_view as view
    from coinche_cli.tournament import results

    store = open_store(ctx)
    if clear:
        if table is None or score1 is not None or import_path is not None:
            raise InputError("--clear", _("name the table alone: coinche tournament result 3 "
                                          "--clear"))
        view.report_entered(results.clear_result(store, tournament, table, round_number),
                            as_json, one_table=True)
        return
    if import_path is not None:
        from coinche_cli.sheets.reading import read_results

        entered = results.import_results(store, tournament, read_results(import_path),
                                         round_number, replacing)
    else:
        if table is None:
            raise TournamentError(_("give both scores (or --forfeit TEAM)"))
        entered = results.enter_result(store, tournament, table,
                                       _score(score1, _("score 1")), _score(score2, _("score 2")),
                                       round_number=round_number, forfeit=forfeit,
                                       deals=deals, replacing=replacing, winner=winner)
        view.report_entered(entered, as_json, one_table=True)
        return
    view.report_entered(entered, as_json)


def _score(typed: str | None, field: str) -> int | None:
    """A score as typed: a whole number from 0, its thousands apart if the director writes
    them so (``1 300``, with a space or a no-break space, the French way); refused on
    ``field`` otherwise."""
    if typed is None:
        return None
    from coinche_cli.names import echo
    from coinche_cli.tournament.model import whole_number

    number = whole_number(typed)
    if number is None:
        raise InputError(field, _("“{got}” is not a whole number"), got=echo(typed))
    if number > MAX_NUMBER:
        raise InputError(field, _("“{got}” is more than any table number or score ({most:,} at "
                                  "most)"), got=echo(typed), most=MAX_NUMBER)
    if number < 0:
        raise InputError(field, _("must be {min} or more, got {got}"), min=0, got=number)
    return number


def negative_score(argv: Sequence[str], typed: str, params: Sequence[Any]) -> InputError:
    """``tournament result``'s refusal of a negative number, which the parser read as an
    option (``-1200`` as ``-1``): the score it stands for, by its place among the command's
    arguments (``params``: the command's, for the options that take a value), and the
    whole number typed."""
    takes_value = {name for param in params
                   if param.param_type_name == "option" and not param.is_flag
                   for name in (*param.opts, *param.secondary_opts)}
    words = list(argv)
    start = words.index("result") + 1 if "result" in words else 0
    place, skip = 0, False
    for word in words[start:]:
        if skip:
            skip = False
        elif word == typed:
            break
        elif word.startswith("-") and word != "-":
            skip = "=" not in word and word in takes_value
        else:
            place += 1
    if place == 0:  # where the table goes: `result -3 1300 1200`
        return InputError(_("table"), _("must be {min} or more, got {got}"), min=1, got=typed)
    return InputError(_("score 1") if place == 1 else _("score 2"),
                      _("must be {min} or more, got {got}"), min=0, got=typed)


@app.command("penalty", help=N_(

    "Penalise a team in the current round: its opponents get the points (the usual 162 for a "
    "renonce), or, with --deduct, the team loses them.\n\n"
    "Example: coinche tournament penalty \"Les As\" 162 --reason renonce"))
def penalty(
    ctx: typer.Context,
    team: Annotated[str, typer.Argument(metavar=N_("TEAM"), help=N_("The team at fault."),
                                        autocompletion=completers.entrants)],
    points: Annotated[
        int, typer.Argument(metavar=N_("POINTS"),
                            help=N_("The penalty, e.g. 162 for a renonce."), max=MAX_NUMBER)
    ],
    reason: Annotated[str, typer.Option("--reason", help=N_("Why (kept in the record)."))] = "",
    deduct: Annotated[
        bool,
        typer.Option("--deduct", help=N_("Take the points from the team instead of giving them "
                     "to its opponents.")),
    ] = False,
    tournament: TournamentOption = None,
) -> None:
    from coinche_cli.tournament import ops as tournaments

    given = tournaments.penalise(open_store(ctx), tournament, team, points, reason,
                                 to_opponents=not deduct)
    if deduct:
        told = ngettext("{team}: -{points} point in round {round}",
                        "{team}: -{points} points in round {round}", given.points)
    else:
        told = ngettext("{team}: {points} point to its opponents in round {round}",
                        "{team}: {points} points to its opponents in round {round}",
                        given.points)
    print_line(told.format(team=team, points=given.points, round=given.round))


# what a concours reads like (standings, show), and the files commands (export, sheets), live
# in their own modules
app.command("standings", help=tournament_show.STANDINGS_HELP)(tournament_show.standings)
app.command("show", help=tournament_show.SHOW_HELP)(tournament_show.show)
app.command("export", help=tournament_files.EXPORT_HELP)(tournament_files.export)
app.command("serve", help=tournament_serve.SERVE_HELP)(tournament_serve.serve)
app.command("reopen", help=tournament_serve.REOPEN_HELP)(tournament_serve.reopen)
# "-5" is the number of minutes taken back, not an option
app.command("time", help=tournament_serve.TIME_HELP,
            context_settings={"ignore_unknown_options": True})(tournament_serve.time)
app.command("sheets", help=tournament_files.SHEETS_HELP)(tournament_files.sheets)
app.command("publish", help=tournament_files.PUBLISH_HELP)(tournament_files.publish)
app.command("share", help=share.TOURNAMENT_HELP)(share.tournament_share)
app.command("checkin", help=tournament_desk.CHECKIN_HELP)(tournament_desk.checkin)
app.command("fees", help=tournament_desk.FEES_HELP)(tournament_desk.fees)
app.add_typer(tournament_desk.prizes_app, name="prizes")
app.command("poster", help=tournament_desk.POSTER_HELP)(tournament_desk.poster)
app.command("bracket", help=tournament_stages.BRACKET_HELP)(tournament_stages.bracket)
