"""``python -m coinche_cli`` runs the command line."""

from coinche_cli.cli.main import run

run()
