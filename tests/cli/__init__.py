"""The command line (shanten.cli)."""
