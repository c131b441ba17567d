"""Effective tiles, the discard table and good shape (shanten.efficiency) against brute force."""
