"""Game records and their review (shanten.games)."""
