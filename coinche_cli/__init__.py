"""coinche: keep score of real games of coinche and run Swiss club tournaments."""

__version__ = "0.1.0"
