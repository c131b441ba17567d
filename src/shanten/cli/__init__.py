"""The command line: ``shanten HAND`` (:mod:`~shanten.cli.command`), its text layout
(:mod:`~shanten.cli.text`), the odds table (:mod:`~shanten.cli.odds`) and
``shanten review`` (:mod:`~shanten.cli.review`)."""

from shanten.cli.command import main

__all__ = ["main"]
