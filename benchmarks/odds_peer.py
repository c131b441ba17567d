"""mahjong-cpp's 何切る calculator as a peer of ``shanten.odds``: its driver process, and
the two places where its model counts the wall differently from ours, shown on a hand.

The driver (a small program of your own, built against a mahjong-cpp checkout outside
this project; none is shipped here) reads one hand a line and answers one JSON line: its
per-discard tenpai and win vectors, its state count, and the best of its own
``steady_clock`` timings. Its turns run from ``t_min = 1`` to ``t_max = 1 + draws`` and
its vectors are indexed by the turn the hand is at; the driver prints them reversed, so
``[k]`` starts ``k`` draws before the end and ``[draws]`` is the figure for the hand as it
stands, the one to set beside our ``[-1]``.
"""

from __future__ import annotations

import json
import math
import subprocess
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import shanten

__all__ = ["Peer", "wall_claims"]


class Peer:
    """One long-lived driver process: a hand in, its figures out, one line each."""

    def __init__(self, binary: Path, repeats: int = 1) -> None:
        self.binary = binary
        self._process = subprocess.Popen(
            [str(binary), "--repeats", str(repeats)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            bufsize=1,
        )

    def solve(self, hand: str, *, draws: int, tegawari: bool, shanten_down: bool) -> Any:
        """The driver's JSON answer for ``hand`` (mpsz) with these switches."""
        stdin, stdout = self._process.stdin, self._process.stdout
        assert stdin is not None and stdout is not None
        stdin.write(
            f"{hand} draws={draws} tegawari={int(tegawari)} shanten_down={int(shanten_down)}\n"
        )
        stdin.flush()
        while True:
            line = stdout.readline()
            if not line:
                raise RuntimeError(f"{self.binary} stopped on {hand}")
            if line.startswith("{"):  # its library logs table loading on stdout
                return json.loads(line)

    def close(self) -> None:
        """End the driver process."""
        if self._process.stdin is not None:
            self._process.stdin.close()
        self._process.wait(timeout=30)


def _counts(hand: str) -> list[int]:
    return list(shanten.Hand(hand).counts)


def _useful(counts13: Sequence[int]) -> list[int]:
    """The kinds whose draw lowers the shanten of a 13-tile hand."""
    return [t.index for t in shanten.ukeire(list(counts13)).tiles]


def wall_claims(peer: Peer) -> dict[str, Any]:
    """Its first draw one tile short, and its discards back in its wall, on two hands.

    Each case is one draw (where both models are exact sums over the useful draws) or a
    ready hand keeping its wait (a closed form), so the expected figures are derived here
    from tile counts, not read from either program: ours from the unseen tiles (4 less
    the 14-tile hand), its from ``4 - (the 13 tiles held)`` over ``sum - t`` with
    ``sum`` = 136 - 14 and ``t`` = 1, 2, ....
    """
    out: dict[str, Any] = {}
    # A 13-tile ready hand: 23456p waits on 1p, 4p, 7p: 4 + 3 + 4 = 11 unseen.
    hand13 = "123m456p789s11z23p"
    answer = peer.solve(hand13, draws=1, tegawari=False, shanten_down=False)
    out["ready 13, one draw"] = {
        "hand": hand13,
        "peer": answer["rows"][0]["win"][-1],
        "peer formula 11/122": 11 / 122,
        "true 11/123": 11 / 123,
    }
    # A 14-tile hand, the row that throws 4p: the 13 left need 4p among others, and the
    # thrown 4p is one of the 4 copies its wall counts for that draw.
    hand14, thrown = "123m456p789s111z23p", "4p"
    counts14 = _counts(hand14)
    counts13 = list(counts14)
    counts13[shanten.Tile(thrown).index] -= 1
    useful = _useful(counts13)
    mine = sum(4 - counts14[k] for k in useful)
    theirs = sum(4 - counts13[k] for k in useful)
    answer = peer.solve(hand14, draws=1, tegawari=True, shanten_down=True)
    row = next(r for r in answer["rows"] if r["discard"] == thrown)
    out["throw 4p, one draw"] = {
        "hand": hand14,
        "discard": thrown,
        "useful": [str(shanten.Tile(k)) for k in useful],
        "peer tenpai": row["tenpai"][-1],
        f"peer formula {theirs}/121": theirs / 121,
        f"true {mine}/122": mine / 122,
    }
    # The same hand over 17 draws, switches off, the row that throws 1z (ready on
    # 1p-4p-7p, 11 copies): a ready hand keeping its wait has a closed form.
    answer = peer.solve(hand14, draws=17, tegawari=False, shanten_down=False)
    row = next(r for r in answer["rows"] if r["discard"] == "1z")
    out["ready after 1z, 17 draws"] = {
        "hand": hand14,
        "discard": "1z",
        "peer win": row["win"][-1],
        "peer formula 1 - prod_{t=1..17} (1 - 11/(122 - t))": 1
        - math.prod(1 - 11 / (122 - t) for t in range(1, 18)),
        "true 1 - prod_{i=0..16} (1 - 11/(122 - i))": 1
        - math.prod(1 - 11 / (122 - i) for i in range(17)),
    }
    out["redraw the thrown 4p, switches off, two draws"] = _redraw(peer)
    return out


def _redraw(peer: Peer) -> dict[str, Any]:
    """With the switches off it still redraws a thrown tile and discards anew.

    Its graph keeps one edge per (13-tile hand, 14-tile hand) pair, added both when a draw
    is allowed and when a discard is; its draw step sums over all of them. So a row's
    hand can redraw the tile it threw (all 4 copies counted) back to the start hand and
    then take any best discard. Two draws, 1-shanten, tenpai: with ``R2 = 9/120`` (its
    one-draw figure) and ``H2`` the start hand's best one-draw figure, its value is
    ``R2 + (9 (1 - R2) + 4 (H2 - R2)) / 121``; ours, strict, ``1 - (1 - 9/122)(1 - 9/121)``.
    """
    hand, thrown = "34556678p3344s55z", "4p"
    counts14 = _counts(hand)
    base = shanten.shanten(counts14)
    one_draw = []  # its one-draw tenpai figure of every best row, at the last turn
    for kind in {k for k, n in enumerate(counts14) if n}:
        left = list(counts14)
        left[kind] -= 1
        if shanten.shanten(left) == base:
            one_draw.append(sum(4 - left[k] for k in _useful(left)) / 120)
    left = list(counts14)
    left[shanten.Tile(thrown).index] -= 1
    kept = sum(4 - left[k] for k in _useful(left))  # 9: 3p, 7p, 8p
    unseen = sum(4 - counts14[k] for k in _useful(left))
    r2, h2 = kept / 120, max(one_draw)
    answer = peer.solve(hand, draws=2, tegawari=False, shanten_down=False)
    row = next(r for r in answer["rows"] if r["discard"] == thrown)
    return {
        "hand": hand,
        "discard": thrown,
        "peer tenpai": row["tenpai"][-1],
        "peer formula with the redraw edge": r2 + (kept * (1 - r2) + 4 * (h2 - r2)) / 121,
        "peer formula without it": r2 + kept * (1 - r2) / 121,
        "true": 1 - (1 - unseen / 122) * (1 - unseen / 121),
    }
