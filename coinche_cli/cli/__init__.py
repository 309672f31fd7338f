"""The command line: one Typer sub-app per area, each command parse → one call → render."""
