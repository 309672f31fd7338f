"""People across concours: who each registration is, derived whenever it is read.

A person is every name a concours registered — a formed team's players (the team's players
column), a mêlée's players (alone, with a club and a licence) — matched from one concours to
the next.  :func:`derive` reads the registrations in the order they were made (tournament by
tournament, then registration order) and gives each one its person:

1. a registration with a licence is the person who holds that licence;
2. otherwise (or when nobody holds it yet) the person who holds its name, folded
   (:func:`coinche_cli.names.fold`: no accent, no case) — unless that person has a licence
   and the registration another one: then two people share a name, and it is a new person;
3. otherwise a new person, named as first registered.

Each person then holds the registration's licence (if they had none) and its name (if nobody
holds it yet): "Ana Martin" with licence 33012 in a mêlée and "ana martin" in a formed team
are one person; a later "Anna Martin" with licence 33012 too, and from then on that spelling.

Nothing of this is stored: a store keeps only what a secretary decided (``player rename``,
``player merge``), as stored people with the keys that name them (:class:`StoredPerson`:
``n:`` and a folded name, ``l:`` and a licence), which the derivation reads first.  So
registering players costs nothing more, a store of an older coinche has its people at once,
and ``store copy --merge`` keeps both stores' decisions.  A person derived and never stored
has a negative id (:attr:`Person.stored` is False); storing it is ``player rename`` or
``player merge``'s job.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from coinche_cli.names import NameIndex, fold
from coinche_cli.values import Value


def name_key(name: str) -> str:
    """The key a name gives: ``n:`` and the name folded."""
    return "n:" + fold(name)


def licence_key(licence: str) -> str:
    """The key a licence gives: ``l:`` and the licence folded, without spaces."""
    return "l:" + "".join(fold(licence).split())


class Registration(Value):
    """A name a tournament registered: a formed team's player (its team's id and seat, 0 or
    1), or a mêlée's player (their id), with the licence and club it was given."""

    __slots__ = ("club", "licence", "name", "player", "seat", "team", "tournament")

    def __init__(self, tournament: int, name: str, licence: str = "", club: str = "",
                 team: int | None = None, seat: int = 0, player: int | None = None) -> None:
        self.tournament = tournament
        self.name = name
        self.licence = licence
        self.club = club
        self.team = team
        self.seat = seat
        self.player = player

    @property
    def ref(self) -> tuple[str, int, int]:
        """What the registration is in its tournament: ``("team", id, seat)`` or
        ``("player", id, 0)``."""
        if self.player is not None:
            return ("player", self.player, 0)
        assert self.team is not None
        return ("team", self.team, self.seat)


class StoredPerson(Value):
    """A person as the store keeps them (renamed or merged): id, name, licence."""

    __slots__ = ("id", "licence", "name")

    def __init__(self, id: int, name: str, licence: str = "") -> None:
        self.id = id
        self.name = name
        self.licence = licence


class Person(Value):
    """A person: their name and licence, the keys that name them (stored or derived), the
    clubs they registered with (latest last) and whether the store keeps them."""

    __slots__ = ("clubs", "id", "keys", "licence", "name", "stored")

    def __init__(self, id: int, name: str, licence: str, keys: tuple[str, ...],
                 clubs: tuple[str, ...] = (), stored: bool = False) -> None:
        self.id = id
        self.name = name
        self.licence = licence
        self.keys = keys
        self.clubs = clubs
        self.stored = stored

    @property
    def club(self) -> str:
        """The club they last registered with ("" for none)."""
        return self.clubs[-1] if self.clubs else ""


class _Growing:
    """A person while the registrations are read (mutable, then frozen)."""

    def __init__(self, name: str, licence: str, stored: bool) -> None:
        self.name = name
        self.licence = licence
        self.stored = stored
        self.keys: list[str] = []
        self.licences: set[str] = set()
        self.clubs: list[str] = []


class People:
    """Every person of a store, and who each registration is."""

    def __init__(self, persons: Mapping[int, Person],
                 of: Mapping[tuple[str, int, int], int],
                 registrations: Mapping[int, tuple[Registration, ...]],
                 owners: Mapping[str, int]) -> None:
        self.persons = persons  # by id: everyone who registered at least once
        self.of = of  # a registration's ref -> its person's id
        self.registrations = registrations  # a person's registrations, in order
        self.owners = owners  # every key -> the person it names (stored people too)

    def person(self, registration: Registration) -> Person:
        """The person a registration is."""
        return self.persons[self.of[registration.ref]]

    def index(self) -> NameIndex[int]:
        """Everyone, searchable by name (:mod:`coinche_cli.names`), by every other name they
        registered or had (a typo renamed), and by licence (a code)."""
        ordered = sorted(self.persons.values(), key=lambda p: (fold(p.name), p.id))
        entries = [(p.id, key[2:], "") for p in ordered for key in p.keys
                   if key.startswith("n:") and key != name_key(p.name)]
        # each person's own name last: the one a refusal lists them by
        entries += [(p.id, p.name, p.licence) for p in ordered]
        return NameIndex(entries)

    def tournaments(self, person_id: int) -> tuple[int, ...]:
        """The tournaments a person registered in (ids, in order, each once)."""
        return tuple(dict.fromkeys(r.tournament for r in self.registrations[person_id]))

    def holder(self, name: str) -> int | None:
        """The person a name would be (the one holding its key), if anyone."""
        return self.owners.get(name_key(name))


def derive(stored: Sequence[StoredPerson], keys: Mapping[str, int],
           registrations: Sequence[Registration]) -> People:
    """Who every registration is (the module's rules), read in the order given: the stored
    people and their ``keys`` first."""
    growing: dict[int, _Growing] = {p.id: _Growing(p.name, p.licence, True) for p in stored}
    owners: dict[str, int] = {}
    for key, holder in sorted(keys.items()):
        if holder in growing:  # a key of a person no longer stored names nobody
            owners[key] = holder
            growing[holder].keys.append(key)
            if key.startswith("l:"):
                growing[holder].licences.add(key)
    of: dict[tuple[str, int, int], int] = {}
    made: dict[int, list[Registration]] = {}
    virtual = -1
    for registration in registrations:
        name = registration.name.strip()
        licence = registration.licence.strip()
        by_name = name_key(name)
        by_licence = licence_key(licence) if licence else None
        found = owners.get(by_licence) if by_licence else None
        if found is None:
            named = owners.get(by_name)
            # a name held by someone with a licence is a namesake when this one has another
            if named is not None and (by_licence is None or not growing[named].licences):
                found = named
        if found is None:
            found, virtual = virtual, virtual - 1
            growing[found] = _Growing(name, "", False)
        person = growing[found]
        if by_licence and by_licence not in owners:
            owners[by_licence] = found
            person.keys.append(by_licence)
            person.licences.add(by_licence)
            person.licence = person.licence or licence
        if by_name not in owners:
            owners[by_name] = found
            person.keys.append(by_name)
        if registration.club.strip():
            person.clubs.append(registration.club.strip())
        of[registration.ref] = found
        made.setdefault(found, []).append(registration)
    persons = {
        ident: Person(ident, person.name, person.licence, tuple(person.keys),
                      tuple(dict.fromkeys(reversed(person.clubs)))[::-1], person.stored)
        for ident, person in growing.items() if ident in made
    }
    return People(persons, of, {ident: tuple(found) for ident, found in made.items()},
                  owners)
