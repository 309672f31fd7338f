"""The yardstick for start-up: one ``typer.Typer()`` app with one command that prints a line.

``bench/startup.py`` runs it with the same interpreter (so the same Typer version) as the
``coinche`` commands it measures.
"""

from __future__ import annotations

import typer

app = typer.Typer(add_completion=False)


@app.command()
def hello(name: str = "world") -> None:
    """Print one line."""
    print(f"hello {name}")


if __name__ == "__main__":
    app()
