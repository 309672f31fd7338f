"""A desk entering table results through the library, one fresh store per result (as the
command line does).  Used by ``tests/test_postgres.py``: several run at once.

    python tests/drivers/enter_results.py DB TABLE:SCORE1:SCORE2 [...]

DB is a SQLite file or a PostgreSQL URL.  ``ready`` is printed once the imports are done;
the driver then waits for a line on stdin, so that several desks start together.  Each
result prints ``saved TABLE`` once stored, or ``refused TABLE MESSAGE`` when the operation
refuses it (a table that already has a result).
"""

from __future__ import annotations

import sys

from coinche_cli.errors import CoincheError
from coinche_cli.tournament.results import enter_result
from tests.drivers.add_deals import open_store


def main(argv: list[str]) -> int:
    db, entries = argv[0], [entry.split(":") for entry in argv[1:]]
    print("ready", flush=True)
    sys.stdin.readline()
    for table, score1, score2 in entries:
        store = open_store(db)
        try:
            enter_result(store, None, table, int(score1), int(score2))
            print(f"saved {table}", flush=True)
        except CoincheError as exc:
            print(f"refused {table} {exc.text}", flush=True)
        finally:
            store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
