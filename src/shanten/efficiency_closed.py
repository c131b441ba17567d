"""Seven pairs (七対子) and thirteen orphans (国士無双) on the fast path of
:func:`shanten.ukeire` and :func:`shanten.discards`: their distances before and after
each kind of discard, from a closed hand's packed fields (:mod:`shanten.lookup`), and
their effective tiles as guard bits (:mod:`shanten.efficiency_fast`).

A closed 13-tile hand's effective tiles for seven pairs are its singles (once it holds
seven kinds) and for thirteen orphans its missing orphans (and a second copy of any
orphan while none is paired); ``bytes.translate`` flags them per tile:

>>> counts = bytes([1, 2, 0, 0, 0, 0, 0, 0, 1]) + bytes(25)  # 1m 22m 9m
>>> list(counts.translate(SINGLE)[:9]), list(counts.translate(ABSENT)[:9])
([1, 0, 0, 0, 0, 0, 0, 0, 1], [0, 0, 1, 1, 1, 1, 1, 1, 0])
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence

from shanten.forms import seven_pairs_formula, thirteen_orphans_formula
from shanten.tiles import NUM_TILES, TERMINALS_AND_HONOURS

__all__ = [
    "ABSENT",
    "AT_MOST_SINGLE",
    "ORPHAN_OFFSET",
    "SINGLE",
    "Flagged",
    "closed_forms",
    "closed_guards",
    "joined_guards",
]

#: bytes.translate tables flagging the tiles held once, or at most once, or not at all.
SINGLE = bytes([0, 1, 0, 0, 0]) + bytes(251)
AT_MOST_SINGLE = bytes([1, 1, 0, 0, 0]) + bytes(251)
ABSENT = bytes([1, 0, 0, 0, 0]) + bytes(251)

#: 5 for a terminal or honour, else 0: a discarded tile's offset into the per-count lists
#: of :func:`closed_forms`.
ORPHAN_OFFSET = tuple(5 if t in TERMINALS_AND_HONOURS else 0 for t in range(NUM_TILES))

#: 34 flag bytes (0/1 per tile) -> the guard bits, per part, of the flagged tiles.
Flagged = Callable[[bytes | bytearray], tuple[int, int, int, int]]


@functools.cache
def closed_forms(key: int) -> tuple[list[int], list[int], list[int], list[bool]]:
    """Seven pairs and thirteen orphans of a closed hand whose packed fields
    (:mod:`shanten.lookup`, from the pair count up) are ``key``, after discarding a tile
    held h times: both forms' distances, the lower of the two, and whether that is seven
    pairs alone with seven kinds left (then its effective tiles are exactly the singles).

    Indexed by h, h + 5 for an orphan; index 0 is the hand as it is.

    11223344m 55z 1p 9p 1s: 5 pairs of 8 kinds, 5 orphans, 2 of them pairs (1m, 5z). Seven
    pairs is 2 away (2 pairs to make), also after a single goes, 3 after a pair breaks;
    thirteen orphans is 13 - 5 = 8 away, 9 when an orphan single goes:

    >>> sevens, kokushis, lowest, by_singles = closed_forms(5 | 8 << 6 | 5 << 12 | 2 << 16)
    >>> sevens[0], sevens[1], sevens[2], kokushis[0], kokushis[5 + 1], kokushis[5 + 2]
    (2, 2, 3, 8, 9, 8)
    >>> lowest[2], by_singles[0]
    (3, True)
    """
    pairs, kinds, orphans_held, orphan_pairs = key & 63, key >> 6 & 63, key >> 12 & 15, key >> 16
    sevens, kokushis = [], []
    for at in range(10):
        h, orphan = at % 5, at >= 5
        sevens.append(seven_pairs_formula(pairs - (h == 2), kinds - (h == 1)))
        kokushis.append(
            thirteen_orphans_formula(
                orphans_held - (orphan and h == 1), orphan_pairs - (orphan and h == 2) > 0
            )
        )
    lowest = [min(pair) for pair in zip(sevens, kokushis, strict=True)]
    # seven pairs alone at the lowest, seven kinds left
    by_singles = [sevens[at] < kokushis[at] and kinds - (at % 5 == 1) >= 7 for at in range(10)]
    return sevens, kokushis, lowest, by_singles


def closed_guards(
    flagged: Flagged,
    orphan_bits: tuple[int, int, int, int],
    counts: bytes | bytearray,
    seven: bool,
    orphans: bool,
    kinds: int,
    orphan_pair: bool,
) -> tuple[int, int, int, int]:
    """Guard bits (per part) of the effective tiles of seven pairs and/or thirteen
    orphans (whichever is flagged) for a closed 13-tile hand of ``kinds`` kinds that
    holds an orphan twice if ``orphan_pair``; nothing melded. ``orphan_bits`` are the
    guard bits of the terminals and honours.

    Seven pairs: a single becoming a pair, and a new kind while fewer than seven are
    held. Thirteen orphans: a missing orphan, and a second copy of one while none is held
    twice.
    """
    g0 = g1 = g2 = g3 = 0
    if seven:
        g0, g1, g2, g3 = flagged(counts.translate(SINGLE if kinds >= 7 else AT_MOST_SINGLE))
    if orphans:
        o0, o1, o2, o3 = orphan_bits
        k0, k1, k2, k3 = flagged(counts.translate(ABSENT if orphan_pair else AT_MOST_SINGLE))
        g0, g1, g2, g3 = g0 | k0 & o0, g1 | k1 & o1, g2 | k2 & o2, g3 | k3 & o3
    return g0, g1, g2, g3


def joined_guards(
    flagged: Flagged,
    orphan_bits: tuple[int, int, int, int],
    counts: bytes | bytearray,
    fields: int,
    at: int,
    best: int,
    distance: int,
    guards: Sequence[int],
) -> tuple[int, int, int, int]:
    """The effective tiles (guard bits per part) of a closed 13-tile hand over all forms,
    when seven pairs or thirteen orphans reach ``best`` <= ``distance``, the standard
    form's, whose effective tiles are ``guards``: the closed forms' alone if they are
    nearer, else joined with the standard form's.

    ``counts`` are the 13 tiles; ``fields`` and ``at`` are as for :func:`closed_forms`
    (the fields of the hand before a discard of a tile held ``at % 5`` times, an orphan
    if ``at >= 5``; ``at = 0`` for a 13-tile hand as it is).
    """
    sevens, kokushis, _, _ = closed_forms(fields >> 8 & 0xFFFFF)
    held = at % 5
    e0, e1, e2, e3 = closed_guards(
        flagged,
        orphan_bits,
        counts,
        sevens[at] == best,
        kokushis[at] == best,
        (fields >> 14 & 63) - (held == 1),
        (fields >> 24 & 15) - (held == 2 and at >= 5) > 0,
    )
    if best < distance:
        return e0, e1, e2, e3
    g0, g1, g2, g3 = guards
    return e0 | g0, e1 | g1, e2 | g2, e3 | g3
