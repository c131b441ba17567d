"""The reference engine, plain Python written from the definitions: the distance of each
form (:mod:`~shanten._native.forms`), effective tiles (:mod:`~shanten._native.effective`)
and the discard odds (:mod:`~shanten._native.odds`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from shanten._native.engine import ReferenceEngine

__all__ = ["reference"]


def reference() -> ReferenceEngine:
    """The reference engine, imported on first use: where the kernel answers, one hand
    never loads the reference's scorer and odds.

    >>> reference().name
    'reference'
    """
    from shanten._native.engine import ENGINE

    return ENGINE
