"""The discard odds (shanten.discard_odds) against their definition, a simulation and their limits."""
