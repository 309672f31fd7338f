"""A store's name as a user gives it (``--db``, ``COINCHE_DB``, ``store copy``'s SOURCE and
DESTINATION) and as messages show it.

- A name that looks like a URL (``word://…`` or ``word:/…``) names a PostgreSQL store when it
  starts with ``postgresql://`` or ``postgres://`` (libpq's own schemes, lower case as libpq
  wants them); any other URL is refused by :mod:`coinche_cli.store.connect`, never taken for
  a file's name (``pgsql://host/db`` would make folders ``pgsql:`` and ``host``).
- A URL is shown without its secrets: the password of ``user:password@`` and the value of
  every query parameter that holds one (``password``, ``sslpassword``, ``passfile``, any key
  naming a pass or a secret, percent-encoded or not) become ``***``.  Where a URL can be read
  two ways (a password typed without percent-encoding holds an ``@``, a ``/`` or a ``?``),
  both readings are masked: a message may hide a little more than the secret, never less.
- A URL is shown at most :data:`MOST` characters long, as any value a user typed (a 10 KB
  URL keeps its start); a file's path at most :data:`PATH_MOST` (its start and its end, the
  file's own name): a path is where to look, and a deep folder's is often longer than 80
  characters, but a name of 300 bytes or a path of 4,000 must not flood the terminal.

Light on purpose: every command opens its store through here.
"""

from urllib.parse import unquote

#: How a URL names a PostgreSQL store (libpq's schemes).
POSTGRES_SCHEMES = ("postgresql://", "postgres://")
#: What a message shows in place of a secret.
HIDDEN = "***"
#: The longest a URL is shown, as any value a user typed (``names.echo``).
MOST = 80
#: The longest a file's path is shown.
PATH_MOST = 160
#: The characters of a URL's scheme after its first letter (RFC 3986).
_SCHEME = frozenset("abcdefghijklmnopqrstuvwxyz0123456789+-.")


def is_postgres_url(name: str) -> bool:
    """Whether ``name`` names a PostgreSQL store."""
    return name.startswith(POSTGRES_SCHEMES)


def looks_like_url(name: str) -> bool:
    """Whether ``name`` reads as a URL: a scheme of two characters or more, then ``:/``
    (one letter then ``:/`` is a Windows drive, ``C:/…``)."""
    scheme, colon, rest = name.partition(":")
    return (bool(colon) and rest.startswith("/") and len(scheme) >= 2
            and scheme[0].isascii() and scheme[0].isalpha()
            and all(c in _SCHEME for c in scheme.lower()))


def _secret_key(key: str) -> bool:
    """Whether a query parameter named ``key`` holds a secret (or names where one is)."""
    folded = unquote(key).strip().lower()
    return "pass" in folded or "secret" in folded


def _hidden_spans(url: str) -> list[tuple[int, int]]:
    """The spans of ``url`` that hold a secret, under every reading of it."""
    spans: list[tuple[int, int]] = []
    scheme_end = url.find("://")
    if scheme_end >= 0:
        start = scheme_end + 3
        ends = []
        # libpq's reading: the user's part ends at the first "@", unless a "/" comes first
        for index in range(start, len(url)):
            if url[index] in "@/":
                if url[index] == "@":
                    ends.append(index)
                break
        # a password typed without percent-encoding: up to the last "@", unless that "@"
        # is in a query parameter's value (an "=" between the first "?" and it)
        last = url.rfind("@")
        if last >= start:
            query = url.find("?", start)
            if query >= 0 and query < last and "=" in url[query:last]:
                last = url.rfind("@", start, query)
            if last >= start:
                ends.append(last)
        for end in ends:
            colon = url.find(":", start, end)
            if colon >= 0 and end > colon + 1:
                spans.append((colon + 1, end))
    # every "key=value" after a "?" or an "&" whose key names a secret; a value runs to the
    # next "&" (libpq splits on it alone)
    for index, char in enumerate(url):
        if char not in "?&":
            continue
        equals = index + 1
        while equals < len(url) and url[equals] not in "=&?":
            equals += 1
        if equals >= len(url) or url[equals] != "=":
            continue
        end = url.find("&", equals)
        end = len(url) if end < 0 else end
        if _secret_key(url[index + 1:equals]) and end > equals + 1:
            spans.append((equals + 1, end))
    return spans


def _merged(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    merged: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged


def masked(url: str) -> str:
    """``url`` with every secret replaced by ``***`` (whole: see :func:`shown_url`)."""
    parts = []
    done = 0
    for start, end in _merged(_hidden_spans(url)):
        parts.append(url[done:start])
        parts.append(HIDDEN)
        done = end
    parts.append(url[done:])
    return "".join(parts)


def secrets(url: str) -> list[str]:
    """Every secret ``url`` holds, as typed and percent-decoded (libpq's errors may quote
    either), longest first."""
    found: set[str] = set()
    for start, end in _merged(_hidden_spans(url)):
        raw = url[start:end]
        found.update((raw, unquote(raw)))
        # a span may join a password and what a second reading took with it: each part too
        for piece in raw.replace("&", "@").split("@"):
            if piece:
                found.update((piece, unquote(piece)))
    found.discard("")
    return sorted(found, key=lambda s: (-len(s), s))


def cut(text: str) -> str:
    """``text`` at most :data:`MOST` characters long, keeping its start."""
    return text if len(text) <= MOST else text[:MOST - 1] + "…"


def shown_url(url: str) -> str:
    """A URL as messages show it: without its secrets, at most :data:`MOST` characters."""
    return cut(masked(url))


def shown_path(path: object) -> str:
    """A file's path as messages show it: whole up to :data:`PATH_MOST` characters, else its
    start and its end (the file's own name) around an ellipsis, that long in all."""
    text = str(path)
    if len(text) <= PATH_MOST:
        return text
    head = 40
    return f"{text[:head]}…{text[len(text) - (PATH_MOST - head - 1):]}"


def _after_user(url: str) -> str:
    """What follows the user's part of a URL, as libpq reads it (the first ``@`` unless a
    ``/`` comes first)."""
    rest = url.partition("://")[2]
    for index, char in enumerate(rest):
        if char in "@/":
            return rest[index + 1:] if char == "@" else rest
    return rest


def parameters(url: str) -> dict[str, str]:
    """The query parameters of a PostgreSQL URL as libpq reads them (decoded; the last of a
    key wins)."""
    query = _after_user(url).partition("?")[2]
    found: dict[str, str] = {}
    for pair in query.split("&"):
        key, equals, value = pair.partition("=")
        if equals:
            found[unquote(key)] = unquote(value)
    return found


def has_password(url: str) -> bool:
    """Whether a PostgreSQL URL gives a password (libpq then reads no password file)."""
    rest = url.partition("://")[2]
    user = rest[:len(rest) - len(_after_user(url)) - 1] if "@" in rest else ""
    return bool(user.partition(":")[2]) or bool(parameters(url).get("password"))
