"""The distance tables (shanten.tables): proofs of their rows and the on-disk cache."""
