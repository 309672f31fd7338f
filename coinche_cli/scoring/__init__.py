"""One deal: its parse/format pair, the checks a variant makes, and its score."""
