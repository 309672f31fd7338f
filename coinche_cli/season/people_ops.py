"""The operations of ``coinche player …``: the people of a store (derived from every
registration, :mod:`coinche_cli.season.people`), a person's concours, a rename, a merge and
its undoing (the ratings: :func:`coinche_cli.season.ops.ratings`).

Each reads in one snapshot; a rename, a merge or an unmerge checks everything, then keeps its
decision in one transaction (the people it names become stored people, with the keys that
name them).

A merge keeps what it changed (the person merged away, their names and licence, the person
kept before and after, and every concours either played), so that ``player unmerge`` can
put both back while the person kept is still exactly what the merge left: the last merge
into them, not renamed, no concours played since, no name or licence of theirs changed.
Anything else was recorded against the merged person since, and the unmerge is refused,
naming it: undoing it then would guess whose the new record is.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from coinche_cli.errors import InputError
from coinche_cli.i18n import _
from coinche_cli.names import NameIndex, check_name, echo, fold
from coinche_cli.season.events import EventLine, person_key, table_games
from coinche_cli.season.model import SeasonError, SeasonSettings
from coinche_cli.season.people import People, Person, derive, name_key
from coinche_cli.season.views import Played
from coinche_cli.store import now

if TYPE_CHECKING:
    from typing import TypedDict

    from coinche_cli.store.records import TournamentRecord
    from coinche_cli.store.season_protocol import SeasonStore
    from coinche_cli.tournament.model import Tournament

    class KeptBefore(TypedDict):
        """The person kept as they were before the merge."""
        name: str
        licence: str
        stored: bool

    class GoneBefore(KeptBefore):
        """The person merged away, with the names they were known by."""
        keys: list[str]

    class KeptAfter(TypedDict):
        """The person kept as the merge left them."""
        name: str
        licence: str
        keys: list[str]

    class MergeRecord(TypedDict):
        """What a merge changed, kept as JSON (``person_merge.record``) to undo it: the two
        people before, the kept one after, the concours both had played (name, as
        registered, licence)."""
        gone: GoneBefore
        kept: KeptBefore
        after: KeptAfter
        played: list[list[str]]


def census(store: SeasonStore) -> People:
    """Every person of the store (read inside the caller's snapshot or write)."""
    stored, keys = store.people()
    return derive(stored, keys, store.registrations())


def find_person(people: People, typed: str, field: str = "player") -> Person:
    """A person by name (case and accents ignored), an unambiguous start of their name or of
    a word of it, or their licence."""
    return people.persons[people.index().resolve(typed, field=field, kind="player")]


def listing(store: SeasonStore) -> tuple[People, dict[int, TournamentRecord]]:
    """Every person, and every tournament by id (for their names and dates)."""
    with store.reading():
        return census(store), {r.id: r for r in store.tournaments()}


def history(store: SeasonStore, typed: str) -> tuple[Person, list[Played]]:
    """``player show``: a person and every concours they played, in order."""
    with store.reading():
        people = census(store)
        person = find_person(people, typed)
        records = {r.id: r for r in store.tournaments()}
        found = []
        for tournament_id in people.tournaments(person.id):
            tournament = _tournament(store, tournament_id)
            lines = _lines(tournament, people)
            found.append(Played(records[tournament_id], lines.get(person_key(person.id)),
                                tuple(table_games(tournament, person.id, people))))
    return person, found


def _lines(tournament: Tournament, people: People) -> dict[str, EventLine]:
    from coinche_cli.season.events import event_lines

    return event_lines(tournament, people, SeasonSettings(), ranked=True)


def _tournament(store: SeasonStore, tournament_id: int) -> Tournament:
    tournament = store.tournament(tournament_id)
    assert tournament is not None, tournament_id  # read in the same snapshot as its id
    return tournament


def table_sides(store: SeasonStore, typed: str) -> tuple[str, list[tuple[int, str]]] | None:
    """The person ``typed`` names and the tables of the concours they played scored deal by
    deal (``game stats --player``); None when no person's name starts so."""
    with store.reading():
        people = census(store)
        if not people.index().candidates(typed):
            return None
        person = find_person(people, typed, "--player")
        sides = [side for tournament_id in people.tournaments(person.id)
                 for side in table_games(_tournament(store, tournament_id), person.id, people)]
    return person.name, sides


def _keep(store: SeasonStore, person: Person) -> int:
    """The stored id of ``person``: kept now, with every key naming them, if they were only
    derived."""
    if person.stored:
        return person.id
    kept = store.add_person(person.name, person.licence, now())
    store.give_keys(kept, person.keys)
    return kept


def rename(store: SeasonStore, old: str, new: str) -> tuple[Person, str, int]:
    """``player rename``: a person's name (their concours keep the names registered); the old
    name still names them.  Refused: a name another person has (``player merge`` is for
    that).  Returns the person as they were, the new name and how many concours they
    played."""
    name = check_name(new, "player")
    if not fold(name):
        raise InputError("player", _("a player needs a name"))
    with store.write():
        people = census(store)
        person = find_person(people, old)
        holder = people.holder(name)
        others = [p for p in people.persons.values()
                  if p.id != person.id and fold(p.name) == fold(name)]
        if holder is not None and holder != person.id and holder in people.persons:
            others.insert(0, people.persons[holder])
        if others:
            other = others[0]
            raise SeasonError(_("“{name}” is the name of another person ({other}); if they are "
                                "one, use coinche player merge"), name=name, other=other.name)
        if name == person.name:
            raise SeasonError(_("“{name}” is already called so"), name=name)
        kept = _keep(store, person)
        store.set_person(kept, name, person.licence)
        store.give_keys(kept, [name_key(name)])
    return person, name, len(people.tournaments(person.id))


def merge(store: SeasonStore, first: str, second: str) -> tuple[Person, Person, int]:
    """``player merge A B``: a typo made two people of one; A's concours become B's, and A's
    names and licence name B from now on.  Refused: the same person twice, or two people who
    played in the same concours.  Returns A, B and how many concours B has now."""
    with store.write():
        people = census(store)
        gone = find_person(people, first)
        kept = find_person(people, second)
        if gone.id == kept.id:
            raise SeasonError(_("“{name}” and “{other}” are the same person: name two people "
                                "to merge"), name=first, other=echo(second))
        records = {r.id: r.name for r in store.tournaments()}
        both = [t for t in people.tournaments(gone.id) if t in people.tournaments(kept.id)]
        if both:
            raise SeasonError(_("{name} and {other} both played in {tournament}: they are two "
                                "people"), name=gone.name, other=kept.name,
                              tournament=records[both[0]])
        kept_id = _keep(store, kept)
        licence = kept.licence or gone.licence
        store.set_person(kept_id, kept.name, licence)
        store.give_keys(kept_id, gone.keys)
        if gone.stored:
            store.remove_person(gone.id)
        played = sorted(_played(people, records, gone.id) + _played(people, records, kept.id))
        record: MergeRecord = {
            "gone": {"name": gone.name, "licence": gone.licence, "stored": gone.stored,
                     "keys": list(gone.keys)},
            "kept": {"name": kept.name, "licence": kept.licence, "stored": kept.stored},
            "after": {"name": kept.name, "licence": licence,
                      "keys": sorted({*kept.keys, *gone.keys})},
            "played": played}
        store.add_merge(kept_id, json.dumps(record, ensure_ascii=False), now())
    count = len(set(people.tournaments(gone.id)) | set(people.tournaments(kept.id)))
    return gone, kept, count


def _played(people: People, records: dict[int, str], person_id: int) -> list[list[str]]:
    """What a person registered: each concours (by name: a store copied moves its ids) with
    the name and licence given there."""
    return [[records[r.tournament], r.name, r.licence]
            for r in people.registrations.get(person_id, ())]


def unmerge(store: SeasonStore, typed: str) -> tuple[str, str]:
    """``player unmerge A``: undo the merge of A into the person who has A's names now (the
    module's rules).  Returns the names of the two people again."""
    with store.write():
        people = census(store)
        person = find_person(people, typed)
        found: list[tuple[int, MergeRecord]] = [
            (ident, json.loads(record)) for ident, record, _when in store.merges(person.id)
        ] if person.stored else []
        if not found:
            raise SeasonError(_("{name} is no merge of two players: there is nothing to "
                                "unmerge"), name=person.name)
        gone_index = NameIndex((place, record["gone"]["name"], record["gone"]["licence"])
                               for place, (_ident, record) in enumerate(found))
        if not gone_index.candidates(typed):
            raise SeasonError(_("{name} is the player a merge kept: name the one merged "
                                "away ({gone})"), name=person.name,
                              gone=", ".join(record["gone"]["name"] for _i, record in found))
        place = gone_index.resolve(typed, field="player", kind="player")
        ident, record = found[place]
        if place:  # a later merge into the same person: that one first
            raise SeasonError(_("{other} was merged into {name} since: unmerge {other} "
                                "first"), other=found[0][1]["gone"]["name"], name=person.name)
        _unchanged(store, people, person, record)
        store.remove_merge(ident)
        gone, kept = record["gone"], record["kept"]
        store.take_keys(gone["keys"])
        if kept["stored"]:
            store.set_person(person.id, kept["name"], kept["licence"])
        else:  # derived again from the registrations, as before the merge
            store.remove_person(person.id)
        if gone["stored"]:
            back = store.add_person(gone["name"], gone["licence"], now())
            store.give_keys(back, gone["keys"])
    return str(gone["name"]), str(kept["name"])


def _unchanged(store: SeasonStore, people: People, person: Person,
               record: MergeRecord) -> None:
    """Refuse to undo a merge when something was recorded against the person since: a
    rename, a concours played, a name or licence of theirs changed."""
    after = record["after"]
    if person.name != after["name"]:
        raise SeasonError(_("{old} was renamed {name} since the merge: it can no longer be "
                            "undone"), old=after["name"], name=person.name)
    records = {r.id: r.name for r in store.tournaments()}
    before = {tuple(entry) for entry in record["played"]}
    since = [entry for entry in _played(people, records, person.id)
             if tuple(entry) not in before]
    if since:
        raise SeasonError(_("{name} played in {tournament} since the merge: it can no longer "
                            "be undone"), name=person.name, tournament=since[0][0])
    if sorted(person.keys) != after["keys"] or person.licence != after["licence"]:
        raise SeasonError(_("the names or the licence of {name} changed since the merge: it "
                            "can no longer be undone"), name=person.name)
