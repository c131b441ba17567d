"""Complete hands, decompositions and waits (shanten.wins)."""
