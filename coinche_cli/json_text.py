"""JSON as every ``--json`` prints it, and the live page's ``/api`` serves it: one function, so
that the two clients give the same bytes."""

import json
from typing import Any


def json_text(data: Any) -> str:
    """``data`` as every ``--json`` prints it: indented, UTF-8, accents kept."""
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
