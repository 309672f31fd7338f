"""Where games and tournaments are kept: the schema version, and the moment of a change.

The operations (:mod:`coinche_cli.game.ops`, :mod:`coinche_cli.tournament.ops`) are typed
against the :class:`~coinche_cli.store.protocol.Store` protocol and never run SQL; the
queries are written once for every backend (:mod:`coinche_cli.store.sql`), and a backend is
one module that gives them a connection and its transactions (:mod:`coinche_cli.store.sqlite`,
:mod:`coinche_cli.store.postgres`).  A backend only stores and reads: every check a user can
fail (an empty name, a team registered twice, a closed round) is the operations' job, made
before the first write.  What a store holds comes back as :mod:`coinche_cli.store.records`.

Each command is one transaction: :meth:`Store.write` opens it, and everything the operation
reads and writes inside the block is committed together or not at all; a read of several
queries is one snapshot (:meth:`Store.reading`).
"""

import time

#: The schema version this program writes: the number of named steps in
#: :mod:`coinche_cli.store.migrations` (the tests hold the two equal).  Declared here so that
#: opening an up-to-date store, what every command does, need not load the migrations.
SCHEMA_VERSION = 14


def now() -> str:
    """The current time, ISO 8601 in UTC, to the second."""
    # time.strftime, not datetime: this runs on every deal and datetime costs an import
    return time.strftime("%Y-%m-%dT%H:%M:%S+00:00", time.gmtime())
