"""A concours seen from the season: each person's (or team's) line, every match for the
ratings, and a person's part in it.

Pure: a tournament (:mod:`coinche_cli.tournament.model`) and the people
(:mod:`coinche_cli.season.people`) in, plain values out.

- **Who a line is** (:func:`sides_of`): in a mêlée, the pair's two players; in a formed-team
  concours, the team's named players (each carries the team's result whole, as a mêlée's
  pair's players do), or, for a team that named nobody, the team itself (``t:`` and its
  folded name, the same team from one concours to the next).  A season ``--by team`` has a
  line per formed team.
- **Outcomes**: the tournament's own standings decide each match (penalties counted as it
  counts them).  A bye, a partie sat out and a win by forfeit are a ``bye`` of the scale; a
  forfeit is a ``forfeit``; the others a ``win``, ``draw`` or ``loss``.  The season's wins,
  draws and losses are the tournament's own (a bye is a win when the tournament counts it
  so); its score is the tournament's points for.
- **Stages** (a concours's finals): their parties are the room's, so every match of every
  stage counts with the scale as the qualifying parties' do; a knock-out's byes are byes, a
  level knock-out match decided by ``--winner`` a win and a loss.  A line's rank there is
  the concours's final ranking (:func:`coinche_cli.tournament.standings.ranking`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence

from coinche_cli.names import fold
from coinche_cli.season.model import SeasonSettings
from coinche_cli.season.people import People
from coinche_cli.tournament.model import Team, Tournament
from coinche_cli.values import Value

#: A line's key: ``p`` and a person's id, or ``t:`` and a team's folded name.
Key = str


def person_key(person_id: int) -> Key:
    """The key of a person's line."""
    return f"p{person_id}"


def team_key(name: str) -> Key:
    """The key of a team's line: the same name (folded) is the same team in every concours."""
    return "t:" + fold(name)


def sides_of(tournament: Tournament, team: Team, people: People,
             by_team: bool = False) -> list[tuple[Key, str]]:
    """The lines a team of ``tournament`` stands for, with their names (module docstring)."""
    if by_team:
        return [(team_key(team.name), team.name)]
    if team.members:  # a mêlée's pair
        found = []
        for member in team.members:
            person = people.persons[people.of[("player", member, 0)]]
            found.append((person_key(person.id), person.name))
        return found
    named = [(seat, name) for seat, name in enumerate(team.players) if name.strip()]
    if not named:
        return [(team_key(team.name), team.name)]
    return [(person_key(people.of[("team", team.id, seat)]),
             people.persons[people.of[("team", team.id, seat)]].name) for seat, _ in named]


class EventLine(Value):
    """A line's part in one concours: the season points it earns there (``points``, the
    score included when the season adds it), the tournament's counters, its rank there, and
    with whom it played (a team's name, or a mêlée's partners)."""

    __slots__ = ("byes", "draws", "forfeit_wins", "forfeits", "key", "losses", "name", "of",
                 "partners", "played", "points", "rank", "score", "team", "wins")

    def __init__(self, key: Key, name: str, *, points: int = 0, played: int = 0,
                 wins: int = 0, draws: int = 0, losses: int = 0, byes: int = 0,
                 forfeits: int = 0, forfeit_wins: int = 0, score: int = 0, rank: int = 0,
                 of: int = 0, team: str = "", partners: tuple[str, ...] = ()) -> None:
        self.key = key
        self.name = name
        self.points = points
        self.played = played
        self.wins = wins
        self.draws = draws
        self.losses = losses
        self.byes = byes
        self.forfeits = forfeits
        self.forfeit_wins = forfeit_wins
        self.score = score
        self.rank = rank
        self.of = of
        self.team = team
        self.partners = partners


def _forfeit_wins(tournament: Tournament) -> dict[int, int]:
    """How many matches each team (or pair) won by forfeit."""
    won: dict[int, int] = {}
    for played in tournament.rounds:
        for board in played.boards:
            if board.forfeit is not None:
                winner = board.opponent(board.forfeit)
                won[winner] = won.get(winner, 0) + 1
    return won


def _points(settings: SeasonSettings, tournament: Tournament, *, wins: int, draws: int,
            losses: int, byes: int, forfeits: int, forfeit_wins: int, score: int) -> int:
    """The scale's points for a line's matches (module docstring), plus the score if the
    season adds it."""
    free = byes + forfeit_wins  # won without playing: the scale's bye
    real_wins = wins - forfeit_wins - (byes if tournament.settings.bye_win else 0)
    real_losses = losses - forfeits
    total = (settings.points("win") * real_wins + settings.points("draw") * draws
             + settings.points("loss") * real_losses + settings.points("bye") * free
             + settings.points("forfeit") * forfeits)
    return total + (score if settings.add_score else 0)


def event_lines(tournament: Tournament, people: People, settings: SeasonSettings,
                ranked: bool = False) -> dict[Key, EventLine]:
    """Every line's part in ``tournament`` (those who played at least one match, a bye
    included), by key; a line met twice in one concours (two namesakes without a licence)
    counts once, the first.  ``ranked``: with each line's rank there (the tournament's whole
    ranking, tie-breaks included: ``player show``); else the counters alone, which is what a
    season adds up, several times faster."""
    won = _forfeit_wins(tournament)
    found: dict[Key, EventLine] = {}
    by_team = settings.by == "team"
    last = tournament.current.number if tournament.current else 0
    if tournament.settings.melee:
        from coinche_cli.tournament.melee_standings import player_standings, player_tallies

        tally = player_tallies(tournament, last)
        places = (_field_places([(row.line.team, row.line.rank, row.line.played)
                                 for row in player_standings(tournament)]) if ranked else {})
        field = sum(1 for player in tournament.players if tally.counts[player.id]["played"])
        free: dict[int, int] = {}  # forfeit wins, by player
        for team in tournament.teams:
            for member in team.members:
                free[member] = free.get(member, 0) + won.get(team.id, 0)
        for player in sorted(tournament.players, key=lambda p: p.registered):
            counts = tally.counts[player.id]
            person = people.persons[people.of[("player", player.id, 0)]]
            _add(found, settings, tournament, person_key(person.id), person.name, counts,
                 free.get(player.id, 0), places.get(player.id, 0), field,
                 "", tally.partners[player.id])
        return found
    from coinche_cli.tournament.ranked import ranking
    from coinche_cli.tournament.standings import tallies

    teams = tallies(tournament, last)
    places = (_field_places([(row.team, row.rank, row.played) for row in ranking(tournament)])
              if ranked else {})
    field = sum(1 for row in teams.values() if row.counts["played"])
    for team_id, row in teams.items():
        team = tournament.team(team_id)
        for key, name in sides_of(tournament, team, people, by_team):
            _add(found, settings, tournament, key, name, row.counts, won.get(team_id, 0),
                 places.get(team_id, 0), field, team.name, ())
    return found


def _field_places(ranked: Sequence[tuple[int, int, int]]) -> dict[int, int]:
    """Each line's place among those who played (``ranked``: id, rank, parties played, in
    ranking order): one registered who never played is no part of the field, so that a rank
    reads "6/11" when 11 played, whoever else registered.  Lines the ranking ties stay
    tied."""
    places: dict[int, int] = {}
    above = 0  # lines of the field ranked strictly higher
    last_rank, last_place = 0, 0
    for ident, rank, played in ranked:
        if not played:
            continue
        if rank != last_rank:
            last_rank, last_place = rank, above + 1
        places[ident] = last_place
        above += 1
    return places


def _add(found: dict[Key, EventLine], settings: SeasonSettings, tournament: Tournament,
         key: Key, name: str, counts: Mapping[str, int], forfeit_wins: int, rank: int, of: int,
         team: str, partners: Sequence[str]) -> None:
    if counts["played"] == 0 or key in found:
        return
    points = _points(settings, tournament, wins=counts["wins"], draws=counts["draws"],
                     losses=counts["losses"], byes=counts["byes"], forfeits=counts["forfeits"],
                     forfeit_wins=forfeit_wins, score=counts["points_for"])
    found[key] = EventLine(key, name, points=points, played=counts["played"],
                           wins=counts["wins"], draws=counts["draws"],
                           losses=counts["losses"], byes=counts["byes"],
                           forfeits=counts["forfeits"], forfeit_wins=forfeit_wins,
                           score=counts["points_for"], rank=rank, of=of, team=team,
                           partners=tuple(partners))


class Match(Value):
    """A match played at a table (no forfeit): the lines of each side, and who won (1 or 2;
    None for a draw)."""

    __slots__ = ("one", "two", "winner")

    def __init__(self, one: tuple[Key, ...], two: tuple[Key, ...], winner: int | None) -> None:
        self.one = one
        self.two = two
        self.winner = winner


def matches(tournament: Tournament, people: People) -> Iterator[Match]:
    """Every match played in ``tournament``, round by round and table by table: what the
    ratings learn from (a bye or a forfeit tells nothing of how two sides play)."""
    for played in tournament.rounds:
        received = tournament.given(played.number)
        for board in played.boards:
            if not board.has_result or board.forfeit is not None:
                continue
            winner = tournament.winner(played, board, received)
            one = tuple(k for k, _ in sides_of(tournament, tournament.team(board.team1), people))
            two = tuple(k for k, _ in sides_of(tournament, tournament.team(board.team2), people))
            yield Match(one, two, None if winner is None else 1 if winner == board.team1 else 2)


def table_games(tournament: Tournament, person_id: int,
                people: People) -> list[tuple[int, str]]:
    """The tables a person played scored deal by deal: each game's id and the person's
    side in it (``A``, the table's first team, or ``B``)."""
    mine = person_key(person_id)
    found = []
    for played in tournament.rounds:
        for board in played.boards:
            if board.game_id is None:
                continue
            for side, team in (("A", board.team1), ("B", board.team2)):
                keys = [k for k, _ in sides_of(tournament, tournament.team(team), people)]
                if mine in keys:
                    found.append((board.game_id, side))
    return found
