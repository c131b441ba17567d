"""Shanten numbers (shanten.analysis) against the reference solver, hand-derived cases, the ara files and xiangting."""
