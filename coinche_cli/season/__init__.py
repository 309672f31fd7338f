"""A club's season: players as people across concours, a season ranking, ratings."""
