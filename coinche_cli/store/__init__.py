"""Where games and tournaments are kept."""
