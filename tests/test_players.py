"""Players as people across concours (issue 20, points 1 and 3), in process: who is who (by
licence, else by name; Hypothesis for the derivation's invariants), ``player list``,
``show``, ``rename``, ``merge``, and the ratings with their margin (worked out here with
OpenSkill itself, the readable scale applied by hand)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from coinche_cli.names import fold
from coinche_cli.season.people import Registration, StoredPerson, derive
from tests.harness import Cli


def _formed(cli: Cli, name: str, teams: dict[str, str], *scores: tuple[int, int]) -> None:
    """A concours of one round in registration order, each table given its scores."""
    director = cli.under("tournament")
    director.run("new", name, "--rounds", "1", "--deals", "4", "--registration-order")
    for team, players in teams.items():
        director.run("team", "add", team, *(("--players", players) if players else ()))
    director.run("pair")
    for table, (one, two) in enumerate(scores, start=1):
        director.run("result", str(table), str(one), str(two))


@pytest.mark.both_stores
def test_people_are_matched_by_licence_else_by_name(cli: Cli) -> None:
    _formed(cli, "Vendredi 1", {"Les As": "Ana Martin, Bob", "Les Rois": "Cyd, Dan"},
            (600, 400))
    director = cli.under("tournament")
    director.run("new", "Mêlée", "--format", "melee", "--rounds", "1", "--deals", "4")
    director.run("player", "add", "ANA MARTIN", "--licence", "33012", "--club", "Bazas")
    director.run("player", "add", "Anna Martin", "--licence", "33 012")  # the same licence
    director.run("player", "add", "Bob", "--licence", "1")
    director.run("player", "add", "Éva")
    listed = {p["name"]: p for p in cli.json("player", "list")}
    # Ana of the formed team (no licence), then ANA MARTIN with 33012 (by name), then Anna
    # Martin with 33 012 (by licence): one person, named as first registered
    assert listed["Ana Martin"] == {"name": "Ana Martin", "licence": "33012", "club": "Bazas",
                                    "tournaments": 2, "last": "Mêlée"}
    assert "Anna Martin" not in listed and listed["Bob"]["tournaments"] == 2
    assert sorted(listed) == ["Ana Martin", "Bob", "Cyd", "Dan", "Éva"]
    # "Anna Martin" now finds her too (a name she registered under)
    assert cli.json("player", "show", "anna")["name"] == "Ana Martin"
    shown = cli.json("player", "show", "33012")  # a licence names its person
    assert [t["tournament"] for t in shown["tournaments"]] == ["Vendredi 1", "Mêlée"]
    assert shown["tournaments"][0] == {
        "tournament": "Vendredi 1", "date": shown["tournaments"][0]["date"], "format": "teams",
        "team": "Les As", "partners": [], "rank": 1, "of": 2, "played": 1, "wins": 1,
        "draws": 0, "losses": 0, "points": 600, "deals": None}
    assert shown["tournaments"][1]["played"] == 0 and shown["tournaments"][1]["rank"] is None


def test_a_rename_keeps_the_old_name_and_the_registrations(cli: Cli) -> None:
    _formed(cli, "Vendredi 1", {"Les As": "Ana Martn, Bob", "Les Rois": "Cyd, Dan"}, (600, 400))
    said = cli.run("player", "rename", "martn", "Ana Martin").stdout
    assert said == "Ana Martn is now called Ana Martin (1 concours)\n"
    _formed(cli, "Vendredi 2", {"Les Piques": "Ana Martn, Cyd", "Les Cœurs": "Bob, Dan"},
            (300, 700))
    listed = {p["name"]: p["tournaments"] for p in cli.json("player", "list")}
    assert listed == {"Ana Martin": 2, "Bob": 2, "Cyd": 2, "Dan": 2}  # the old name: hers
    teams = cli.json("tournament", "team", "list", "--tournament", "Vendredi 1")
    assert teams[0]["players"] == ["Ana Martn", "Bob"]  # the concours keeps what it registered
    assert "is already called so" in cli.refused("player", "rename", "Ana Martin",
                                                 "Ana Martin")
    cli.run("player", "rename", "ana martin", "ANA MARTIN")  # capitals fixed: the same name
    assert cli.json("player", "show", "ana")["name"] == "ANA MARTIN"


def test_a_merge_makes_one_history_of_two(cli: Cli) -> None:
    _formed(cli, "Vendredi 1", {"Les As": "Ana, Bob", "Les Rois": "Cyd, Dan"}, (600, 400))
    _formed(cli, "Vendredi 2", {"Les Piques": "Anna, Cyd", "Les Cœurs": "Bob, Dan"}, (300, 700))
    cli.run("player", "rename", "Anna", "Anna M.")  # a kept person merged away
    cli.run("player", "rename", "Ana", "Ana M.")  # into another kept person
    assert "Anna M. merged into Ana M.: 2 concours" in cli.run("player", "merge", "Anna M.",
                                                               "Ana M.").stdout
    shown = cli.json("player", "show", "Ana M.")
    assert [(t["tournament"], t["team"], t["points"]) for t in shown["tournaments"]] == [
        ("Vendredi 1", "Les As", 600), ("Vendredi 2", "Les Piques", 300)]
    assert [p["name"] for p in cli.json("player", "list")] == ["Ana M.", "Bob", "Cyd", "Dan"]
    _formed(cli, "Vendredi 3", {"Les Trèfles": "Anna, Bob", "Les Carreaux": "Cyd, Dan"},
            (500, 500))
    assert cli.json("player", "list")[0] == {"name": "Ana M.", "licence": "", "club": "",
                                             "tournaments": 3, "last": "Vendredi 3"}


def test_ratings_with_their_margin_and_the_provisional(cli: Cli) -> None:
    """A mêlée of four over 12 parties (each partie the first pair wins 600–400, or draws
    every third), then Ana and Zoé (one match) against Yves and Xav: the ratings are
    OpenSkill's Plackett-Luce model over those matches, in order, on the scale 1500 + 40 ×
    (mu − 25), ± 2 × 40 × sigma; fewer than 12 matches is provisional."""
    from openskill.models import PlackettLuce

    director = cli.under("tournament")
    director.run("new", "Mêlée", "--format", "melee", "--rounds", "12", "--deals", "4",
                 "--seed", "1")
    for name in ("Ana", "Bob", "Cyd", "Dan"):
        director.run("player", "add", name)
    model = PlackettLuce()
    skills = {name: model.rating() for name in ("Ana", "Bob", "Cyd", "Dan", "Zoé", "Yves",
                                                "Xav")}
    counts = dict.fromkeys(skills, 0)

    def rated(one: list[str], two: list[str], ranks: list[float]) -> None:
        new = model.rate([[skills[n] for n in one], [skills[n] for n in two]], ranks=ranks)
        for names, team in zip((one, two), new, strict=True):
            for name, skill in zip(names, team, strict=True):
                skills[name] = skill
                counts[name] += 1

    for partie in range(1, 13):
        (table,) = director.json("pair")["tables"]
        draw = partie % 3 == 0
        director.run("result", "1", "500" if draw else "600", "500" if draw else "400")
        rated(table["pairs"][0], table["pairs"][1], [1.0, 1.0] if draw else [1.0, 2.0])
    _formed(cli, "Jeudi", {"Les As": "Ana, Zoé", "Les Rois": "Yves, Xav"}, (300, 700))
    rated(["Ana", "Zoé"], ["Yves", "Xav"], [2.0, 1.0])
    shown = cli.json("player", "ratings")
    expected = [{"player": name, "rating": round(1500 + 40 * (skill.mu - 25)),
                 "margin": round(80 * skill.sigma), "matches": counts[name],
                 "provisional": counts[name] < 12} for name, skill in skills.items()]
    expected.sort(key=lambda r: (r["provisional"], -r["rating"], r["margin"], r["player"]))
    assert shown == expected
    assert [r["provisional"] for r in shown] == [False] * 4 + [True] * 3
    assert shown[4]["margin"] > shown[0]["margin"]  # one match: a wider margin
    text = cli.run("player", "ratings").stdout
    assert text.index("provisional (fewer than 12 matches):") > text.index(shown[3]["player"])
    cli.run("season", "new", "Été")
    cli.run("season", "add", "Été", "Jeudi")
    season = {r["player"]: r["matches"] for r in cli.json("player", "ratings", "--season",
                                                          "Été")}
    assert season == {"Ana": 1, "Zoé": 1, "Yves": 1, "Xav": 1}


_NAMES = st.sampled_from(["Ana", "ana", "Anna", "Bob", "BOB ", "Éva", "Eva"])
_LICENCES = st.sampled_from(["", "", "1", "2", " 1"])


@given(st.lists(st.tuples(_NAMES, _LICENCES), min_size=1, max_size=12),
       st.lists(st.tuples(_NAMES, _LICENCES), max_size=6))
def test_who_is_who_holds_whatever_the_registrations(first: list[tuple[str, str]],
                                                     later: list[tuple[str, str]]) -> None:
    """Every registration is one person; one licence is one person; a name without a licence
    goes to whoever holds the name; registering more never changes who the earlier
    registrations are; keeping a person (a rename's first step) changes nobody."""
    def registrations(rows: list[tuple[str, str]]) -> list[Registration]:
        return [Registration(1, name, licence, player=index)
                for index, (name, licence) in enumerate(rows)]

    people = derive([], {}, registrations(first))
    assert set(people.of) == {r.ref for r in registrations(first)}
    by_licence: dict[str, int] = {}
    for registration in registrations(first):
        person = people.of[registration.ref]
        licence = "".join(registration.licence.split())
        if licence:
            assert by_licence.setdefault(licence, person) == person
    for registration in registrations(first):
        if not registration.licence.strip():
            holder = people.holder(registration.name)
            assert people.of[registration.ref] == holder
    more = derive([], {}, registrations(first + later))
    for registration in registrations(first):
        assert more.of[registration.ref] == people.of[registration.ref]
    kept = next(iter(people.persons.values()))
    stored = derive([StoredPerson(99, kept.name, kept.licence)],
                    dict.fromkeys(kept.keys, 99), registrations(first))
    for registration in registrations(first):
        was, now = people.of[registration.ref], stored.of[registration.ref]
        assert (now == 99) == (was == kept.id)
    assert all(fold(p.name) for p in people.persons.values())


def test_a_rank_is_out_of_those_who_played(cli: Cli) -> None:
    """``player show`` ranks a player among those who played: a team (a mêlée's player)
    registered who never played is no part of the field."""
    director = cli.under("tournament")
    director.run("new", "Vendredi 1", "--rounds", "1", "--deals", "4", "--registration-order")
    for team, players in {"Les As": "Ana, Bob", "Les Rois": "Cyd, Dan",
                          "Les Dames": "Éva, Fred", "Les Valets": "Gus, Hana",
                          "Les Absents": "Ivo, Jo"}.items():
        director.run("team", "add", team, "--players", players)
    director.run("team", "drop", "Les Absents")  # registered, gone before round 1
    director.run("pair")
    director.run("result", "1", "600", "400")
    director.run("result", "2", "300", "700")
    shown = cli.json("player", "show", "Éva")["tournaments"][0]
    assert (shown["rank"], shown["of"]) == (4, 4)  # last of the 4 who played, not of 5
    assert "4/4" in cli.run("player", "show", "Éva").stdout
    director.run("new", "Mêlée", "--format", "melee", "--rounds", "1", "--deals", "4")
    for player in ("Ana", "Bob", "Cyd", "Dan", "Kim"):
        director.run("player", "add", player)
    director.run("player", "drop", "Kim")
    director.run("pair")
    director.run("result", "1", "500", "300")
    melee = cli.json("player", "show", "Ana")["tournaments"][1]
    assert melee["of"] == 4 and melee["rank"] in (1, 3)
    assert cli.json("player", "show", "Kim")["tournaments"][0]["of"] is None  # never played


@pytest.mark.both_stores
def test_an_unmerge_undoes_a_merge_while_nothing_is_recorded_since(cli: Cli) -> None:
    from tests.harness import data_checksum

    _formed(cli, "Vendredi 1", {"Les As": "Ana Martin, Bob", "Les Rois": "Cyd, Dan"},
            (600, 400))
    _formed(cli, "Vendredi 2", {"Les Piques": "Ana Martn, Cyd", "Les Cœurs": "Bob, Dan"},
            (300, 700))
    listed = cli.json("player", "list")
    before = data_checksum(cli.db)
    said = cli.run("player", "merge", "Ana Martn", "Ana Martin").stdout
    assert said == ("Ana Martn merged into Ana Martin: 2 concours\n"
                    "undo: coinche player unmerge “Ana Martn”, until Ana Martin plays, is "
                    "renamed or merged again\n")
    assert "Ana Martin is the player a merge kept: name the one merged away (Ana Martn)" in \
        cli.refused("player", "unmerge", "Ana Martin")
    assert cli.run("player", "unmerge", "martn").stdout == (
        "Ana Martn and Ana Martin are two players again\n")
    assert cli.json("player", "list") == listed and data_checksum(cli.db) == before
    assert "Ana Martn is no merge of two players: there is nothing to unmerge" in \
        cli.refused("player", "unmerge", "Ana Martn")

    # two kept people (renamed): both come back, with their names
    cli.run("player", "rename", "Ana Martn", "Ana M.")
    cli.run("player", "rename", "Ana Martin", "Ana Martine")
    cli.run("player", "merge", "Ana M.", "Ana Martine")
    cli.run("player", "unmerge", "Ana M.")
    assert sorted(p["name"] for p in cli.json("player", "list")) == [
        "Ana M.", "Ana Martine", "Bob", "Cyd", "Dan"]

    # refused, and nothing written: a later merge into the same person, a concours played
    # since, a rename since
    _formed(cli, "Vendredi 3", {"Les Trèfles": "Anna, Bob", "Les Carreaux": "Cyd, Dan"},
            (500, 500))
    cli.run("player", "merge", "Ana M.", "Ana Martine")
    cli.run("player", "merge", "Anna", "Ana Martine")
    assert "Anna was merged into Ana Martine since: unmerge Anna first" in cli.refused(
        "player", "unmerge", "Ana M.")
    cli.run("player", "unmerge", "Anna")
    _formed(cli, "Vendredi 4", {"Les Piques": "Ana M., Bob", "Les Cœurs": "Cyd, Dan"},
            (500, 400))
    kept = data_checksum(cli.db)
    assert "Ana Martine played in Vendredi 4 since the merge: it can no longer be undone" in \
        cli.refused("player", "unmerge", "Ana M.")
    assert data_checksum(cli.db) == kept
    cli.run("player", "rename", "Ana Martine", "Ana Martine L.")
    assert "Ana Martine was renamed Ana Martine L. since the merge" in cli.refused(
        "player", "unmerge", "Ana M.")
