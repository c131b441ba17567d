"""The min-plus product of two distance vectors: how the parts of a hand combine.

A part's distance vector holds, for each target of x sets and y pairs (column
``2 * x + y``, 0 <= x <= 4, 0 <= y <= 1), the fewest tiles that part must draw to hold
them. Two parts together reach x sets and y pairs by sharing them out, so

    c[x, y] = min over x1 + x2 = x, y1 + y2 = y of a[x1, y1] + b[x2, y2].

:func:`product` is that formula, written once. Its entries may be ints (one pair of
vectors: the reference engine) or numpy arrays that broadcast (every pair of classes at
once: the chain tables), with ``minimum`` the matching elementwise minimum.

With ``a[x, y] = 2x + y`` and ``b[x, y] = 3x``, c[1, 1] is the least of a[0, 1] + b[1, 0],
a[0, 0] + b[1, 1], a[1, 1] + b[0, 0] and a[1, 0] + b[0, 1], that is of 4, 3, 3 and 2:

>>> product([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [0, 0, 3, 3, 6, 6, 9, 9, 12, 12])[3]
2
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

__all__ = ["goal", "product"]

_T = TypeVar("_T")


def product(
    a: Sequence[_T],
    b: Sequence[_T],
    minimum: Callable[[_T, _T], _T] = min,  # type: ignore[assignment]
) -> list[_T]:
    """The min-plus product of the ten-entry vectors ``a`` and ``b`` over (sets, pairs)."""
    result: list[_T] = []
    for x in range(5):
        no_pair = a[0] + b[2 * x]  # type: ignore[operator]
        pair = minimum(a[1] + b[2 * x], a[0] + b[2 * x + 1])  # type: ignore[operator]
        for x1 in range(1, x + 1):
            x2 = x - x1
            no_pair = minimum(no_pair, a[2 * x1] + b[2 * x2])  # type: ignore[operator]
            pair = minimum(pair, a[2 * x1 + 1] + b[2 * x2])  # type: ignore[operator]
            pair = minimum(pair, a[2 * x1] + b[2 * x2 + 1])  # type: ignore[operator]
        result += (no_pair, pair)
    return result


def goal(a: Sequence[int], b: Sequence[int], sets: int) -> int:
    """The entry (``sets`` sets, one pair) of :func:`product` alone: what a whole hand's
    distance is when ``a`` and ``b`` are its two halves.

    >>> a, b = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [0, 0, 3, 3, 6, 6, 9, 9, 12, 12]
    >>> goal(a, b, 1) == product(a, b)[3]
    True
    """
    best = a[1] + b[2 * sets]
    for x1 in range(sets + 1):
        x2 = sets - x1
        best = min(best, a[2 * x1 + 1] + b[2 * x2], a[2 * x1] + b[2 * x2 + 1])
    return best
