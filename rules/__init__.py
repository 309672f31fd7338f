"""Built-in rules files, installed as ``coinche_cli.builtin_rules``."""
