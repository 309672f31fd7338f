"""Plain value classes for what every command creates at start-up.

A ``typing.NamedTuple`` class costs about 0.6 million instructions to create, and twice that
in a module whose annotations are strings; a frozen dataclass ten times more.  ``game add``
runs within a quarter of a bare Typer command's start-up (bench/RESULTS.md), so the values it
loads on every deal (a board, a stored game and deal, a change, a rules problem) are plain
classes with ``__slots__``: each writes its own typed ``__init__`` and gets equality, hashing
and a readable ``repr`` from :class:`Value`.  Values are never changed in place once made.
"""

from typing import Any


class Value:
    """Equality, hashing and ``repr`` from the fields a subclass lists in ``__slots__``; a
    slot whose name starts with ``_`` is a cache, not part of the value."""

    __slots__: tuple[str, ...] = ()

    def _fields(self) -> tuple[str, ...]:
        return tuple(name for name in self.__slots__ if not name.startswith("_"))

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self._fields())

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Value) and type(other) is type(self)
                and self._values() == other._values())

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields())
        return f"{type(self).__name__}({fields})"
