"""Add deals to a game in a loop through the library, one fresh store per add (as the CLI does).

Used by ``tests/test_durability.py``: it is killed mid-write, and run several at once.

    python tests/drivers/add_deals.py DB GAME COUNT [--seed N] [--wait]

DB is a SQLite file, or a PostgreSQL store's ``postgresql://`` URL.

GAME is a game id, or ``new`` to start a game first (printed as ``game ID``).  COUNT 0 adds
deals until killed.  ``ready`` is printed once the imports are done; with ``--wait`` the
driver then waits for a line on stdin before writing, so that several start at once.  As soon
as ``games.add`` returns (before the store is closed, as the command prints before it exits)
it prints ``saved N DEAL_JSON``: N is the deal's number, DEAL_JSON the deal as stored.  Every
line is flushed at once, so a line the parent sees is a deal that must be on disk.
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import sys
from pathlib import Path
from typing import Any

from coinche_cli.game import ops as games
from coinche_cli.rules.loader import load_rules
from coinche_cli.scoring.deal import Deal, deal_from_words
from coinche_cli.store.naming import is_postgres_url
from coinche_cli.store.postgres import PostgresStore
from coinche_cli.store.sql import SqlStore
from coinche_cli.store.sqlite import SqliteStore

TARGET = 10_000_000  # never reached: the game accepts deals for as long as the test needs


def random_deal(rng: random.Random) -> Deal:
    """A valid standard deal: any taker, contract 80-160 in any suit, made or failed."""
    taker = rng.choice("AB")
    contract = rng.choice(range(80, 170, 10))
    trump = rng.choice("SHDC")
    return deal_from_words([taker, f"{contract}{trump}", str(rng.randint(0, 160))])


def open_store(db: str | Path) -> SqlStore:
    """The store ``db`` names: a PostgreSQL URL, or a SQLite file."""
    text = str(db)
    return PostgresStore(text) if is_postgres_url(text) else SqliteStore(Path(text))


def add_deal(store: SqlStore, game_id: int, deal: Deal) -> tuple[int, dict[str, Any]]:
    """Add ``deal`` to the game; its number and the deal as stored (JSON)."""
    change = games.add(store, game_id, deal)
    recorded = change.after.rows[-1].entry.deal
    assert recorded is not None
    return change.number, recorded.to_json()


def new_game(path: str | Path) -> int:
    """Start a standard game that never ends; returns its id."""
    store = open_store(path)
    try:
        record, _ = games.new_game(store, load_rules("standard"), players=None, names=[],
                                   dealer=None, target=TARGET, deals=None)
    finally:
        store.close()
    return record.id


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("db")
    parser.add_argument("game")
    parser.add_argument("count", type=int)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--wait", action="store_true")
    args = parser.parse_args(argv)
    print("ready", flush=True)
    if args.wait:
        sys.stdin.readline()
    rng = random.Random(args.seed)
    if args.game == "new":
        game_id = new_game(args.db)
        print(f"game {game_id}", flush=True)
    else:
        game_id = int(args.game)
    counter = itertools.count() if args.count == 0 else range(args.count)
    for _ in counter:
        store = open_store(args.db)
        try:
            number, recorded = add_deal(store, game_id, random_deal(rng))
            # printed before the store is closed, as the command does: once add returns, the
            # deal must be on disk
            print(f"saved {number} {json.dumps(recorded, sort_keys=True)}", flush=True)
        finally:
            store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
