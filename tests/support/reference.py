"""An independent, deliberately plain whole-hand shanten solver, written from the definition.

Nothing here imports ``shanten``: the tests compare the library against this module.

Definition (see docs / the API contract): for a concealed hand ``h`` (34 counts),

    r(h) = min over complete hands w of  sum_i max(w_i - h_i, 0)      shanten = r - 1

where ``w`` ranges over the complete concealed hands of the form in question:

* standard: ``s`` sets (triplets or runs) plus one pair, with ``s = 4 - k`` for ``k`` called melds
  (closed small hands of ``n`` tiles: ``s = n // 3``, the other sets being implied);
* seven pairs: seven pairs of *distinct* tiles (closed 13/14-tile hands only);
* thirteen orphans: one of each terminal/honour plus one more of them (closed 13/14 only);

subject to the caps ``w_i <= 4`` (or ``w_i <= 4 - melded_i`` when ``count_melded_copies``) and, with
three players, ``w_i == 0`` for 2m..8m (so manzu has no runs).

Speed is secondary: the standard form is a depth-first search over multisets of sets (in
nondecreasing set order, so each multiset is visited once) followed by the best pair, with
branch-and-bound pruning whose soundness is argued at ``_LowerBound``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

N_TILES = 34
TERMINALS_HONOURS: tuple[int, ...] = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
SANMA_MISSING: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7)  # 2m..8m
VALID_CLOSED_SIZES: frozenset[int] = frozenset({1, 2, 4, 5, 7, 8, 10, 11, 13, 14})
SUITS = "mpsz"


# --------------------------------------------------------------------------------------------
# Sets (blocks of three): every triplet, and every run inside a number suit.
# --------------------------------------------------------------------------------------------


def _all_sets() -> tuple[tuple[int, int, int], ...]:
    sets: list[tuple[int, int, int]] = []
    for t in range(N_TILES):
        sets.append((t, t, t))
        if t < 27 and t % 9 <= 6:
            sets.append((t, t + 1, t + 2))
    return tuple(sets)


SETS: tuple[tuple[int, int, int], ...] = _all_sets()


# --------------------------------------------------------------------------------------------
# Caps
# --------------------------------------------------------------------------------------------


def caps(melded: Sequence[int], players: int, count_melded_copies: bool) -> list[int]:
    """Per-tile maximum of ``w_i`` for a complete concealed hand ``w``."""
    if players not in (3, 4):
        raise ValueError(f"players must be 3 or 4, not {players}")
    cap = [4 - melded[i] if count_melded_copies else 4 for i in range(N_TILES)]
    if players == 3:
        for i in SANMA_MISSING:
            cap[i] = 0
    return cap


def distance(w: Sequence[int], h: Sequence[int]) -> int:
    """sum_i max(w_i - h_i, 0): the tiles of ``w`` missing from ``h``."""
    return sum(max(wi - hi, 0) for wi, hi in zip(w, h, strict=True))


# --------------------------------------------------------------------------------------------
# Standard form
# --------------------------------------------------------------------------------------------


class _Search:
    """Branch and bound over (multiset of ``n_sets`` sets) x (pair).

    ``w`` is the partial complete hand being built and ``cost`` = distance(w, h) so far.

    Soundness of the pruning: adding a copy of tile t to ``w`` costs 1 exactly when the new
    ``w_t`` exceeds ``h_t``. As ``w`` only grows along a branch, the cost of adding any given set
    (or pair) never decreases, and a set or pair that breaks a cap now breaks it later too. Hence
    at a node with ``j`` sets still to choose (all with index >= ``start``), every completion costs
    at least ``cost + j * min_set + min_pair``, where ``min_set`` / ``min_pair`` are the cheapest
    *current* incremental costs among the admissible sets (index >= start) / pairs. Pruning when
    that bound is >= the best found so far therefore never discards a strictly better hand.
    """

    def __init__(self, h: Sequence[int], cap: Sequence[int]) -> None:
        self.h = list(h)
        self.cap = list(cap)
        self.w = [0] * N_TILES
        self.best = 10**9
        self.best_w: list[int] | None = None

    def _add_cost(self, tiles: Iterable[int]) -> int | None:
        """Cost of adding ``tiles`` to ``w`` (None if a cap would break); ``w`` is unchanged."""
        extra: dict[int, int] = {}
        for t in tiles:
            extra[t] = extra.get(t, 0) + 1
        cost = 0
        for t, e in extra.items():
            new = self.w[t] + e
            if new > self.cap[t]:
                return None
            cost += max(new - self.h[t], 0) - max(self.w[t] - self.h[t], 0)
        return cost

    def _pair_costs(self) -> list[tuple[int, int]]:
        out: list[tuple[int, int]] = []
        for t in range(N_TILES):
            c = self._add_cost((t, t))
            if c is not None:
                out.append((c, t))
        return out

    def run(self, start: int, remaining: int, cost: int) -> None:
        pairs = self._pair_costs()
        if not pairs:
            return
        min_pair = min(c for c, _ in pairs)
        if remaining == 0:
            pair_cost, pair_tile = min(pairs)
            if cost + pair_cost < self.best:
                self.best = cost + pair_cost
                w = list(self.w)
                w[pair_tile] += 2
                self.best_w = w
            return
        options: list[tuple[int, int]] = []
        for i in range(start, len(SETS)):
            set_cost = self._add_cost(SETS[i])
            if set_cost is not None:
                options.append((set_cost, i))
        if not options:
            return
        options.sort()
        min_set = options[0][0]
        for c, i in options:
            # Children are visited cheapest first; once the bound fails it fails for the rest.
            if cost + c + (remaining - 1) * min_set + min_pair >= self.best:
                break
            for t in SETS[i]:
                self.w[t] += 1
            self.run(i, remaining - 1, cost + c)
            for t in SETS[i]:
                self.w[t] -= 1


def standard(h: Sequence[int], n_sets: int, cap: Sequence[int]) -> tuple[int, list[int]]:
    """(r, w): the exact minimum distance to ``n_sets`` sets + a pair, and one minimiser."""
    search = _Search(h, cap)
    search.run(0, n_sets, 0)
    if search.best_w is None:
        raise ValueError("no complete hand fits the caps")
    return search.best, search.best_w


# --------------------------------------------------------------------------------------------
# Seven pairs and thirteen orphans
# --------------------------------------------------------------------------------------------


def chiitoitsu(h: Sequence[int], cap: Sequence[int]) -> tuple[int, list[int]]:
    """Seven distinct pairs. Each tile t chosen as a pair costs max(2 - h_t, 0) independently of
    the others, so the minimum over 7-subsets is the sum of the 7 smallest per-tile costs."""
    costs = sorted((max(2 - h[t], 0), t) for t in range(N_TILES) if cap[t] >= 2)
    if len(costs) < 7:
        raise ValueError("fewer than 7 tiles can form pairs")
    w = [0] * N_TILES
    for _, t in costs[:7]:
        w[t] = 2
    return sum(c for c, _ in costs[:7]), w


def kokushi(h: Sequence[int], cap: Sequence[int]) -> tuple[int, list[int]]:
    """One of each terminal/honour plus a second copy of one of them: try each of the 13."""
    best: tuple[int, list[int]] | None = None
    for extra in TERMINALS_HONOURS:
        w = [0] * N_TILES
        for t in TERMINALS_HONOURS:
            w[t] = 1
        w[extra] += 1
        if any(w[t] > cap[t] for t in range(N_TILES)):
            continue
        d = distance(w, h)
        if best is None or d < best[0]:
            best = (d, w)
    if best is None:
        raise ValueError("no thirteen-orphans hand fits the caps")
    return best


# --------------------------------------------------------------------------------------------
# The whole hand
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Result:
    """Replacement numbers r (= shanten + 1) per form; None where the form does not apply."""

    standard: int
    chiitoitsu: int | None
    kokushi: int | None
    standard_w: list[int]

    @property
    def r(self) -> int:
        return min(x for x in (self.standard, self.chiitoitsu, self.kokushi) if x is not None)

    @property
    def shanten(self) -> int:
        return self.r - 1


def n_sets_needed(n_tiles: int, n_melds: int) -> int:
    """Sets the concealed part must hold, validating the sizes like the API contract says."""
    if n_melds == 0:
        if n_tiles not in VALID_CLOSED_SIZES:
            raise ValueError(f"{n_tiles} concealed tiles is not a valid hand size")
        return n_tiles // 3
    if n_melds > 4 or n_tiles + 3 * n_melds not in (13, 14):
        raise ValueError(f"{n_tiles} tiles with {n_melds} melds is not a valid hand size")
    return 4 - n_melds


def solve(
    counts: Sequence[int],
    melded: Sequence[int] | None = None,
    n_melds: int = 0,
    players: int = 4,
    count_melded_copies: bool = False,
) -> Result:
    """r per form for a concealed hand ``counts`` with ``n_melds`` called melds whose tiles sum
    to the 34-count vector ``melded``."""
    if len(counts) != N_TILES:
        raise ValueError("need 34 counts")
    if melded is None:
        melded = [0] * N_TILES
    if any(c < 0 or c > 4 for c in counts):
        raise ValueError("a count outside 0..4")
    if any(counts[i] + melded[i] > 4 for i in range(N_TILES)):
        raise ValueError("more than 4 copies of a tile between hand and melds")
    if players == 3 and any(counts[i] or melded[i] for i in SANMA_MISSING):
        raise ValueError("2m..8m do not exist with 3 players")
    n = sum(counts)
    n_sets = n_sets_needed(n, n_melds)
    cap = caps(melded, players, count_melded_copies)
    r_std, w_std = standard(counts, n_sets, cap)
    closed_full = n_melds == 0 and n in (13, 14)
    r_chiitoi = chiitoitsu(counts, cap)[0] if closed_full else None
    r_kokushi = kokushi(counts, cap)[0] if closed_full else None
    return Result(r_std, r_chiitoi, r_kokushi, w_std)


# --------------------------------------------------------------------------------------------
# Completeness checks (for witnesses)
# --------------------------------------------------------------------------------------------


def _all_sets_decompose(w: list[int], n_sets: int) -> bool:
    """Whether ``w`` splits into exactly ``n_sets`` sets (tries triplet and run at the lowest
    tile: both branches, so no greedy assumption)."""
    if sum(w) != 3 * n_sets:
        return False
    if n_sets == 0:
        return True
    t = next(i for i in range(N_TILES) if w[i])
    if w[t] >= 3:
        w[t] -= 3
        ok = _all_sets_decompose(w, n_sets - 1)
        w[t] += 3
        if ok:
            return True
    if t < 27 and t % 9 <= 6 and w[t + 1] and w[t + 2]:
        for d in range(3):
            w[t + d] -= 1
        ok = _all_sets_decompose(w, n_sets - 1)
        for d in range(3):
            w[t + d] += 1
        if ok:
            return True
    return False


def is_standard_complete(w: Sequence[int], n_sets: int) -> bool:
    """``w`` is exactly ``n_sets`` sets plus one pair."""
    if sum(w) != 3 * n_sets + 2:
        return False
    ws = list(w)
    for t in range(N_TILES):
        if ws[t] >= 2:
            ws[t] -= 2
            ok = _all_sets_decompose(ws, n_sets)
            ws[t] += 2
            if ok:
                return True
    return False


def is_chiitoitsu_complete(w: Sequence[int]) -> bool:
    return all(c in (0, 2) for c in w) and sum(1 for c in w if c == 2) == 7


def is_kokushi_complete(w: Sequence[int]) -> bool:
    return (
        all(w[t] in (1, 2) for t in TERMINALS_HONOURS)
        and sum(w[t] for t in TERMINALS_HONOURS) == 14
        and sum(w) == 14
    )


# --------------------------------------------------------------------------------------------
# Notation (a small independent mpsz / Unicode parser for test inputs)
# --------------------------------------------------------------------------------------------

_UNICODE_BASE = 0x1F000


def _unicode_index(ch: str) -> int | None:
    code = ord(ch) - _UNICODE_BASE
    if not 0 <= code <= 0x21:
        return None
    if code <= 3:  # East, South, West, North
        return 27 + code
    if code == 4:  # Red dragon
        return 33
    if code == 5:  # Green dragon
        return 32
    if code == 6:  # White dragon
        return 31
    if code <= 0x0F:  # 1m..9m
        return code - 0x07
    if code <= 0x18:  # 1s..9s
        return 18 + code - 0x10
    return 9 + code - 0x19  # 1p..9p


def parse_tiles(text: str) -> list[int]:
    """Tile indices of an mpsz string ("0" = red five) or a string of Unicode tiles."""
    out: list[int] = []
    pending: list[int] = []
    for ch in text:
        u = _unicode_index(ch)
        if u is not None:
            if pending:
                raise ValueError(f"digits without a suit in {text!r}")
            out.append(u)
        elif ch.isdigit():
            pending.append(int(ch))
        elif ch in SUITS:
            if not pending:
                raise ValueError(f"suit without digits in {text!r}")
            base = 9 * SUITS.index(ch)
            for d in pending:
                d = 5 if d == 0 and ch != "z" else d
                if d == 0 or (ch == "z" and d > 7):
                    raise ValueError(f"bad tile {d}{ch}")
                out.append(base + d - 1)
            pending = []
        else:
            raise ValueError(f"unexpected {ch!r} in {text!r}")
    if pending:
        raise ValueError(f"digits without a suit in {text!r}")
    return out


def parse_counts(text: str) -> list[int]:
    counts = [0] * N_TILES
    for t in parse_tiles(text):
        counts[t] += 1
    return counts


def to_mpsz(counts: Sequence[int]) -> str:
    """Canonical mpsz: suits in m, p, s, z order, digits ascending."""
    parts: list[str] = []
    for s, suit in enumerate(SUITS):
        size = 7 if suit == "z" else 9
        digits = "".join(str(d + 1) * counts[9 * s + d] for d in range(size))
        if digits:
            parts.append(digits + suit)
    return "".join(parts)


def tile_name(t: int) -> str:
    return f"{t % 9 + 1}{SUITS[t // 9]}"


def parse_meld(text: str) -> list[int]:
    """34 counts of a meld string; a ValueError unless it is a run, a triplet or a quad."""
    tiles = sorted(parse_tiles(text))
    is_run = (
        len(tiles) == 3
        and tiles[0] < 27
        and tiles[0] % 9 <= 6
        and tiles == [tiles[0], tiles[0] + 1, tiles[0] + 2]
    )
    is_same = len(tiles) in (3, 4) and len(set(tiles)) == 1
    if not (is_run or is_same):
        raise ValueError(f"{text!r} is not a meld")
    counts = [0] * N_TILES
    for t in tiles:
        counts[t] += 1
    return counts


def solve_text(
    hand: str,
    melds: Sequence[str] = (),
    players: int = 4,
    count_melded_copies: bool = False,
) -> Result:
    """``solve`` on mpsz/Unicode strings."""
    melded = [0] * N_TILES
    for m in melds:
        for t, c in enumerate(parse_meld(m)):
            melded[t] += c
    return solve(parse_counts(hand), melded, len(melds), players, count_melded_copies)
