"""A Swiss concours: model, ranking, pairing, standings, operations, files and export."""
