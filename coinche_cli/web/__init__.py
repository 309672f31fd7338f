"""The live page of a tournament (``coinche tournament serve``): :mod:`coinche_cli.web.app`."""
