"""``coinche tournament stage …`` and ``coinche tournament bracket``: the finals of a concours
(a knock-out table, a consolante, concours A/B/C, poules) over
:mod:`coinche_cli.tournament.stage_ops`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from coinche_cli.cli.options import MAX_NUMBER, JsonOption, TournamentOption
from coinche_cli.cli.output import Column, print_json, print_line, print_table
from coinche_cli.cli.store import open_store
from coinche_cli.errors import InputError
from coinche_cli.i18n import N_, _

if TYPE_CHECKING:
    from coinche_cli.tournament.model import Tournament
    from coinche_cli.tournament.stage import Stage
    from coinche_cli.tournament.standings import Standing

app = typer.Typer(help=N_(
    "The stages of a concours after its qualifying parties: a knock-out table, a consolante, "
    "concours A/B/C, poules; each takes a range of places of an earlier stage."),
    no_args_is_help=True)

NameArgument = Annotated[str, typer.Argument(metavar=N_("NAME"), help=N_("The stage's name."))]


def _range(text: str | None, option: str) -> tuple[int, int] | None:
    """``A-B`` (``1-8``) as two places."""
    if text is None:
        return None
    low, dash, high = text.replace("–", "-").partition("-")
    if not dash:
        low = high = text
    if not (low.strip().isdigit() and high.strip().isdigit()):
        raise InputError(option, _("places as A-B (1-8), got “{got}”"), got=text)
    first, last = int(low), int(high)
    if first > MAX_NUMBER or last > MAX_NUMBER:
        raise InputError(option, _("places as A-B (1-8), got “{got}”"), got=text)
    return first, last


@app.command("add", help=N_(
    "Add a stage that takes the teams ranked A to B of an earlier stage (default: the latest "
    "one the range fits) once that stage is complete; played as a knock-out, Swiss parties or "
    "poules, in its own match format.\n\n"
    "Example: coinche tournament stage add \"Tableau A\" --ranks 1-8 --knockout --third-place "
    "--target 3001"))
def add(
    ctx: typer.Context, name: NameArgument,
    ranks: Annotated[str | None, typer.Option("--ranks", metavar="A-B", help=N_(
        "The places it takes (1-8)."))] = None,
    group_ranks: Annotated[str | None, typer.Option("--group-ranks", metavar="A-B", help=N_(
        "The places it takes in every poule of a poule stage (1-2: the two first)."))] = None,
    source: Annotated[str | None, typer.Option("--from", metavar=N_("STAGE"), help=N_(
        "The stage it takes from."))] = None,
    knockout: Annotated[bool, typer.Option("--knockout", help=N_(
        "A knock-out table: 1 against the last, byes to the best seeds."))] = False,
    swiss: Annotated[bool, typer.Option("--swiss", help=N_(
        "Swiss parties (--rounds N)."))] = False,
    groups: Annotated[bool, typer.Option("--groups", help=N_(
        "Round-robin poules (--group-size K)."))] = False,
    rounds: Annotated[int | None, typer.Option("--rounds", help=N_(
        "A Swiss stage's parties."), max=MAX_NUMBER)] = None,
    group_size: Annotated[int | None, typer.Option("--group-size", help=N_(
        "Teams per poule (default 4)."), max=MAX_NUMBER)] = None,
    third_place: Annotated[bool, typer.Option("--third-place", help=N_(
        "The semi-final losers play for 3rd place."))] = False,
    places: Annotated[bool, typer.Option("--places", help=N_(
        "Every loser plays on for the places of its range: every team plays as many "
        "parties."))] = False,
    target: Annotated[int | None, typer.Option("--target", help=N_(
        "Its matches: a game to T points."), max=MAX_NUMBER)] = None,
    deals: Annotated[int | None, typer.Option("--deals", help=N_(
        "Its matches: M deals."), max=MAX_NUMBER)] = None,
    rules_name: Annotated[str | None, typer.Option("--rules", "-r", help=N_(
        "Its own rules (built-in name or file)."))] = None,
    carry: Annotated[str, typer.Option("--carry", help=N_(
        "What its teams start with: none, points (their points from the stage they come "
        "from) or wins."))] = "none",
    tournament: TournamentOption = None, as_json: JsonOption = False,
) -> None:
    from coinche_cli.tournament import stage_ops
    from coinche_cli.tournament.stage import CARRIES, StageKind

    chosen = [kind for kind, given in (("knockout", knockout), ("swiss", swiss),
                                       ("groups", groups)) if given]
    if len(chosen) != 1:
        raise InputError("--knockout", _("say how the stage is played: --knockout, --swiss "
                                         "--rounds N or --groups --group-size K"))
    kind: StageKind = "knockout" if knockout else "swiss" if swiss else "groups"
    for option, given in (("--third-place", third_place), ("--places", places)):
        if given and kind != "knockout":
            raise InputError(option, _("a knock-out's option (--knockout)"))
    if rounds is not None and kind != "swiss":
        raise InputError("--rounds", _("a Swiss stage's option (--swiss)"))
    if group_size is not None and kind != "groups":
        raise InputError("--group-size", _("a poule stage's option (--groups)"))
    known_carry = next((c for c in CARRIES if c == carry), None)
    if known_carry is None:
        raise InputError("--carry", _("none, points or wins, not “{got}”"), got=carry)
    rules = None
    if rules_name is not None:
        from coinche_cli.rules.loader import load_rules

        rules = load_rules(rules_name)
    stage = stage_ops.add_stage(
        open_store(ctx), tournament, name, kind, ranks=_range(ranks, "--ranks"),
        group_ranks=_range(group_ranks, "--group-ranks"), source=source, rounds=rounds,
        group_size=group_size, third_place=third_place, places=places, target=target,
        deals=deals, rules=rules, carry=known_carry)
    _report(ctx, tournament, stage, as_json)


def _report(ctx: typer.Context, tournament: str | None, stage: Stage, as_json: bool) -> None:
    from coinche_cli.tournament import ops
    from coinche_cli.tournament import stage_views as views
    from coinche_cli.tournament import stages as st

    found = ops.load(open_store(ctx), tournament)
    stage = st.stage_named(found, stage.name)
    if as_json:
        print_json(views.stage_json(found, stage))
        return
    for line in _stage_lines(found, stage):
        print_line(line)


def _stage_lines(found: Tournament, stage: Stage) -> list[str]:
    from coinche_cli.tournament import stage_views as views
    from coinche_cli.tournament import stages as st
    from coinche_cli.tournament.stage import state_words

    data = views.stage_json(found, stage)
    if stage.ranks is not None or stage.group_ranks is not None:
        span = stage.ranks or stage.group_ranks
        assert span is not None
        taken = (_("places {low}–{high} of {source}") if stage.ranks is not None
                 else _("places {low}–{high} of every poule of {source}")).format(
                     low=span[0], high=span[1], source=data["from"])
    else:
        taken = _("every team")
    match_format = (_("games to {target}").format(target=data["target"])
                    if data["target"] is not None
                    else _("{deals} deals").format(deals=data["deals"]))
    return [_("{name}: {kind}, {taken}, {teams} teams, {rounds} parties of {format} "
              "({state})").format(name=stage.name, kind=views.kind_text(stage), taken=taken,
                                  teams=st.stage_size(found, stage), rounds=data["rounds"],
                                  format=match_format,
                                  state=state_words(st.state(found, stage)))]


@app.command("list", help=N_("List the stages of the concours, the first one included."))
def list_stages(ctx: typer.Context, tournament: TournamentOption = None,
                as_json: JsonOption = False) -> None:
    from coinche_cli.tournament import ops
    from coinche_cli.tournament import stage_views as views
    from coinche_cli.tournament import stages as st

    found = ops.load(open_store(ctx), tournament)
    if as_json:
        print_json(views.stages_json(found))
        return
    for stage in found.stages or (st.first_stage(found),):
        for line in _stage_lines(found, stage):
            print_line(line)


@app.command("show", help=N_(
    "Show a stage: its teams by seed, its own standings, its poules or its bracket."))
def show(ctx: typer.Context, name: NameArgument, tournament: TournamentOption = None,
         as_json: JsonOption = False) -> None:
    from coinche_cli.tournament import ops
    from coinche_cli.tournament import stage_views as views
    from coinche_cli.tournament import stages as st

    found = ops.load(open_store(ctx), tournament)
    stage = st.stage_named(found, name)
    data = views.stage_show_json(found, stage)
    if as_json:
        print_json(data)
        return
    for line in _stage_lines(found, stage):
        print_line(line)
    rows = [[str(line["rank"]), line["team"], str(line["seed"] or ""),
             line.get("group", ""), views.place_by_words(line["place_by"])]
            for line in data["standings"]]
    if rows:
        print_table([Column(_("rank"), right=True), Column(_("team"), flexible=True),
                     Column(_("seed"), right=True), Column(_("poule")),
                     Column(_("place by"))], rows)
    if stage.kind == "knockout" and stage.teams:
        render_bracket(found, stage)


@app.command("remove", help=N_("Remove a stage that has not started."))
def remove(ctx: typer.Context, name: NameArgument,
           tournament: TournamentOption = None) -> None:
    from coinche_cli.tournament import stage_ops

    stage = stage_ops.remove_stage(open_store(ctx), tournament, name)
    print_line(_("stage {name} removed").format(name=stage.name))


@app.command("start", help=N_(
    "Start a stage once the stage it takes from is complete: its teams and seeds are fixed "
    "and its bracket or poules drawn; then 'coinche tournament pair' pairs its parties. "
    "Teams tied at the cut under every tie-break are ordered by --order, never by lot.\n\n"
    "Example: coinche tournament stage start \"Tableau A\""))
def start(ctx: typer.Context, name: NameArgument,
          order: Annotated[str | None, typer.Option("--order", metavar=N_("TEAMS"), help=N_(
              "The order of teams tied at the cut, best first: \"Les As,Les Rois\"."))] = None,
          tournament: TournamentOption = None, as_json: JsonOption = False) -> None:
    from coinche_cli.tournament import stage_ops

    names = [part.strip() for part in (order or "").split(",") if part.strip()]
    if order is not None and not names:
        raise InputError("--order", _("name the tied teams, best first: \"Les As,Les Rois\""))
    stage = stage_ops.start_stage(open_store(ctx), tournament, name, names)
    if as_json:
        _report(ctx, tournament, stage, True)
        return
    from coinche_cli.tournament import ops

    found = ops.load(open_store(ctx), tournament)
    print_line(_("stage {name} started with {count} teams").format(name=stage.name,
                                                                  count=len(stage.teams)))
    for seed, team in enumerate(stage.teams, start=1):
        print_line(_("  {seed}. {team}").format(seed=seed, team=found.name_of(team)))


def bracket(ctx: typer.Context,
            name: Annotated[str | None, typer.Argument(metavar=N_("NAME"), help=N_(
                "The knock-out stage (default: the only one)."))] = None,
            tournament: TournamentOption = None, as_json: JsonOption = False) -> None:
    """Print a knock-out stage's bracket."""
    from coinche_cli.tournament import ops
    from coinche_cli.tournament import stage_views as views
    from coinche_cli.tournament.poster_data import knockout

    found = ops.load(open_store(ctx), tournament)
    stage = knockout(found, name)
    if as_json:
        print_json(views.bracket_json(found, stage))
        return
    render_bracket(found, stage)


BRACKET_HELP = N_("Print a knock-out stage's bracket: its rounds as columns, each match with "
                  "its table, teams and seeds, scores and winner.\n\n"
                  "Example: coinche tournament bracket \"Tableau A\" --json")


def render_bracket(found: Tournament, stage: Stage) -> None:
    """A bracket as plain lines: each round, then its matches."""
    from coinche_cli.tournament import stage_views as views

    data = views.bracket_json(found, stage)
    for column in data["rounds"]:
        print_line(_("{label} (round {round})").format(label=views.label_words(column["label"]),
                                                       round=column["round"]))
        for match in column["matches"]:
            print_line("  " + _match_line(match))


def _match_line(match: object) -> str:
    assert isinstance(match, dict)
    teams = [(_("{team} ({seed})").format(team=team, seed=seed) if team is not None
              else ("—" if seed is None and match["bye"] else _("to come")))
             for team, seed in zip(match["teams"], match["seeds"], strict=True)]
    if match["bye"]:
        present = next((t for t in teams if t not in ("—", _("to come"))), teams[0])
        return _("{match}: {team}, bye").format(match=match["match"], team=present)
    table = (_("table {table}: ").format(table=match["table"])
             if match["table"] is not None else "")
    line = f"{match['match']}: {table}{teams[0]} – {teams[1]}"
    if match["scores"] is not None:
        line += f"  {match['scores'][0]}–{match['scores'][1]}"
    if match["winner"] is not None:
        line += "  → " + str(match["winner"])
    return line


def render_stage_standings(found: Tournament, name: str | None, wide: bool,
                           as_json: bool) -> bool:
    """``standings`` of a concours with stages: one stage's own (``--stage``), or once a later
    stage has started the final ranking; False when the standings are printed as always (a
    Swiss first stage, no later stage started)."""
    from dataclasses import replace

    from coinche_cli.tournament import stage_views as views
    from coinche_cli.tournament import stages as st
    from coinche_cli.tournament import views as tournament_json

    if name is None and not st.has_finals(found):
        stage = st.first_stage(found)
        if stage.kind != "groups":
            return False
    elif name is None:
        final = views.final_rows(found)
        if as_json:
            print_json(views.final_json(final))
            return True
        print_line(_("{name}: final ranking").format(name=found.name))
        _table(found, [(row, [stage.name, views.place_by_words(by)])
                       for row, stage, by in final], [_("stage"), _("place by")], wide)
        return True
    else:
        stage = st.stage_named(found, name, "--stage")
    if stage.kind == "knockout" or (stage.kind == "groups" and stage.teams):
        lines = {row.team: row for row in st.stage_standings(found, stage)} if (
            stage.kind == "knockout") else {}
        if stage.kind == "groups":
            for members in st.group_members(stage):
                lines |= {row.team: row for row in st.stage_standings(found, stage, members)}
        placed = st.stage_order(found, stage)
        rows = [(replace(lines[p.team], rank=p.rank), p) for p in placed if p.team in lines]
        if as_json:
            data = []
            for row, p in rows:
                line = dict(tournament_json.standing_json(row))
                line["place_by"] = p.by
                if p.group is not None:
                    line["group"] = views.group_name(p.group)
                    line["group_rank"] = p.group_rank
                data.append(line)
            print_json(data)
            return True
        print_line(_("{name}: standings of {stage}").format(name=found.name, stage=stage.name))
        extra = [[views.group_name(p.group) if p.group is not None else "",
                  str(p.group_rank or "")] if stage.kind == "groups"
                 else [views.place_by_words(p.by)] for _row, p in rows]
        titles = [_("poule"), _("in poule")] if stage.kind == "groups" else [_("place by")]
        _table(found, [(row, more) for (row, _p), more in zip(rows, extra, strict=True)],
               titles, wide)
        return True
    rows_ = st.stage_standings(found, stage)
    if as_json:
        print_json(tournament_json.standings_json(rows_))
        return True
    print_line(_("{name}: standings of {stage}").format(name=found.name, stage=stage.name))
    _table(found, [(row, []) for row in rows_], [], wide)
    return True


def _table(found: Tournament, rows: list[tuple[Standing, list[str]]], titles: list[str],
           wide: bool) -> None:
    """Standings lines with some columns of their own at the end."""
    from coinche_cli.cli.tournament_view import standing_cell, standings_columns

    described = standings_columns(found, wide)
    columns = [column for column, _field in described] + [Column(t) for t in titles]
    lines = [[standing_cell(row, field) for _column, field in described] + more
             for row, more in rows]
    print_table(columns, lines, whole=wide)
