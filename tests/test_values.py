"""The plain value classes that replace NamedTuples on the path of ``game add``.

They must behave as the NamedTuples did where the code relies on it: equal by their fields,
hashable when their fields are, a readable repr, and a board's new result never losing the
game that scored the table.
"""

from coinche_cli.errors import Problem
from coinche_cli.game.state import End, Entry
from coinche_cli.store.records import GameRecord
from coinche_cli.tournament.board import Board


def test_values_are_equal_by_their_fields_and_type() -> None:
    assert End("target", "A") == End("target", "A")
    assert End("target", "A") != End("target", "B")
    assert End("target", None) != End("deals", None)
    assert Entry(1, None) == Entry(1, None, "")
    assert Entry(1, None) != Entry(2, None)
    # two classes with the same field values are still different values
    assert Problem("f", 1, "k", "r") != Board(1, 2, 3)
    assert End("target", "A") != ("target", "A")


def test_values_hash_like_their_fields() -> None:
    assert len({End("target", "A"), End("target", "A"), End("deals", None)}) == 2
    assert hash(Board(1, 2, 3)) == hash(Board(1, 2, 3))


def test_a_repr_names_every_field() -> None:
    assert repr(End("target", "A")) == "End(reason='target', winner='A')"
    assert "table=4" in repr(Board(4, 1, 2)) and "team2=2" in repr(Board(4, 1, 2))


def test_a_board_result_keeps_or_sets_its_game() -> None:
    scored = Board(3, 10, 11, game_id=7)
    typed = scored.with_result(1200, 900, winner=10)
    assert typed == Board(3, 10, 11, 1200, 900, None, 7, 10)
    assert typed.has_result and not scored.has_result  # the first board is unchanged
    forfeit = typed.with_result(None, None, forfeit=11, winner=10)
    assert (forfeit.score1, forfeit.forfeit, forfeit.game_id) == (None, 11, 7)
    assert Board(3, 10, 11).with_result(500, 600, winner=11, game_id=9).game_id == 9
    assert not typed.with_result(None, None).has_result


def test_a_game_record_stored_under_its_id_keeps_every_setting() -> None:
    record = GameRecord(0, "2026-11-30T10:00:00+00:00", "standard", {"name": "standard"}, 4,
                        {"A": "Les As", "B": "Les Rois"}, 1, 1000, None, "finale", 3, 2, 5)
    stored = record.with_id(42)
    assert stored.id == 42
    assert [getattr(stored, name) for name in GameRecord.__slots__ if name != "id"] == \
        [getattr(record, name) for name in GameRecord.__slots__ if name != "id"]
