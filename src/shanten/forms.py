"""The three winning forms (和了形) as the rules define them: what both engines compute.

* the standard form (一般形): the concealed tiles split into parts (manzu, pinzu, souzu,
  honours; in 3-player mahjong the manzu part is 1m and 9m alone), which hold
  ``sets`` sets and one pair between them;
* seven distinct pairs (七対子) and thirteen orphans (国士無双), closed 13/14-tile hands
  only, whose distances follow from a hand's pair, kind and orphan counts.

>>> [kind for kind, _ in parts(3)]
['sanma_manzu', 'suit', 'suit', 'honour']
>>> seven_pairs_formula(*closed_form_counts([2] * 6 + [1] + [0] * 27)[:2])
1
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Literal

from shanten.tables.transform import Kind
from shanten.tiles import TERMINALS_AND_HONOURS

_ORPHANS: Final = frozenset(TERMINALS_AND_HONOURS)

__all__ = [
    "Form",
    "closed_form_counts",
    "parts",
    "seven_pairs_formula",
    "thirteen_orphans_formula",
]

#: The three forms, by the names the library's results use.
Form = Literal["standard", "chiitoitsu", "kokushi"]

#: (kind, tile indices) of the four parts in 4-player and 3-player mahjong.
_PARTS: Final[dict[int, tuple[tuple[Kind, tuple[int, ...]], ...]]] = {
    4: (
        ("suit", tuple(range(0, 9))),
        ("suit", tuple(range(9, 18))),
        ("suit", tuple(range(18, 27))),
        ("honour", tuple(range(27, 34))),
    ),
    3: (
        ("sanma_manzu", (0, 8)),
        ("suit", tuple(range(9, 18))),
        ("suit", tuple(range(18, 27))),
        ("honour", tuple(range(27, 34))),
    ),
}


def parts(players: int) -> tuple[tuple[Kind, tuple[int, ...]], ...]:
    """The parts (kind, tiles) a hand splits into for ``players``."""
    return _PARTS[players]


def seven_pairs_formula(pairs: int, kinds: int) -> int:
    """Distance to seven pairs (七対子) of a hand holding ``pairs`` kinds twice or more and
    ``kinds`` kinds at all: a pair held costs 0, a single 1, an absent kind 2. A closed
    hand always has enough absent kinds to choose from (34, or 27 in 3-player mahjong).

    >>> seven_pairs_formula(pairs=6, kinds=7), seven_pairs_formula(pairs=2, kinds=11)
    (1, 5)
    """
    return max(0, 7 - pairs) + max(0, 7 - kinds)


def thirteen_orphans_formula(orphans_held: int, orphan_pair: bool) -> int:
    """Distance to thirteen orphans (国士無双): one of each of the 13 terminals and honours
    missing costs 1 each, and the extra copy costs 1 unless one is already held twice.

    >>> thirteen_orphans_formula(13, True), thirteen_orphans_formula(9, False)
    (0, 5)
    """
    return 13 - orphans_held + (0 if orphan_pair else 1)


def closed_form_counts(counts: Sequence[int]) -> tuple[int, int, int, int]:
    """(pairs, kinds, orphans held, orphan pairs) of 34 counts: what the two formulas read."""
    pairs = kinds = orphans_held = orphan_pairs = 0
    for tile, count in enumerate(counts):
        if count:
            kinds += 1
            pairs += count >= 2
            if tile in _ORPHANS:
                orphans_held += 1
                orphan_pairs += count >= 2
    return pairs, kinds, orphans_held, orphan_pairs
