"""A game at the table: its state folded from the deals, the operations, the export."""
