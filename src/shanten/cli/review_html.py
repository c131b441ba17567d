"""``shanten review GAME --html FILE``: the review of one game written as one HTML file
that opens in any browser with no server and no network
(:mod:`shanten.web.review_file`). The command's own output is printed as without it.

A report holds one game: with FILES that name more than one record, ``--html`` is refused
before the run. With ``--player``, the report follows that player first.
"""

from __future__ import annotations

import os

from shanten.cli.command import OUTPUT_FAILED, UsageError, _report_error
from shanten.cli.review_output import Chosen
from shanten.games.records import GameReview
from shanten.web.review_file import write_review_html

__all__ = ["check_html", "write_html"]


def check_html(path: str, many: bool) -> None:
    """Refuse ``--html`` before the run: more than one record, or a folder that cannot
    take the file."""
    if many:
        raise UsageError(
            "argument --html: a report holds one game, and FILES name more than one "
            "record: give one record"
        )
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder) or not os.access(folder, os.W_OK):
        raise UsageError(f"argument --html: cannot write to the folder {folder}")
    if os.path.isdir(path):
        raise UsageError(f"argument --html: {path} is a folder: name the file to write")


def write_html(path: str, game: GameReview, chosen: Chosen, *, as_json: bool) -> int:
    """Write the report of ``game`` to ``path``: 0, or :data:`OUTPUT_FAILED` after saying
    why on stderr when it cannot be written."""
    seats = chosen.seats(game) if chosen.seat is not None or chosen.name is not None else []
    try:
        write_review_html(game, path, seat=seats[0] if seats else None)
    except OSError as error:
        _report_error("OutputError", f"cannot write the report: {error}", as_json=as_json)
        return OUTPUT_FAILED
    return 0
