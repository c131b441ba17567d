"""Property tests (hypothesis): invariants of the definition, witnesses, the reference solver.

Positions are drawn as a real table would deal them: melds first (chi, pon, kan, within the
copies left), then the concealed tiles from the copies that remain, sometimes from a small
palette of tile kinds so that quads, triplets and the 4-copy rule come up often.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import shanten
from support.reference import (
    N_TILES,
    SANMA_MISSING,
    VALID_CLOSED_SIZES,
    caps,
    distance,
    is_chiitoitsu_complete,
    is_kokushi_complete,
    is_standard_complete,
    n_sets_needed,
    parse_counts,
    solve,
    tile_name,
    to_mpsz,
)

SETTINGS = settings(max_examples=150, deadline=None)
REFERENCE_SETTINGS = settings(max_examples=500, deadline=None)


@dataclass(frozen=True)
class Position:
    counts: tuple[int, ...]
    melds: tuple[str, ...]
    melded: tuple[int, ...]
    players: int
    count_melded_copies: bool

    @property
    def size(self) -> int:
        return sum(self.counts)

    @property
    def n_sets(self) -> int:
        return n_sets_needed(self.size, len(self.melds))

    def value(
        self,
        counts: list[int] | None = None,
        players: int | None = None,
        count_melded_copies: bool | None = None,
    ) -> int:
        """shanten.shanten on this position, with the given fields changed."""
        return shanten.shanten(
            list(self.counts) if counts is None else counts,
            melds=self.melds,
            players=self.players if players is None else players,
            count_melded_copies=(
                self.count_melded_copies if count_melded_copies is None else count_melded_copies
            ),
        )

    def calculate(self) -> shanten.Analysis:
        return shanten.calculate(
            list(self.counts),
            melds=self.melds,
            players=self.players,
            count_melded_copies=self.count_melded_copies,
        )

    def caps(self) -> list[int]:
        return caps(self.melded, self.players, self.count_melded_copies)

    def describe(self) -> str:
        return (
            f"{to_mpsz(self.counts)} melds={list(self.melds)} players={self.players} "
            f"count_melded_copies={self.count_melded_copies}"
        )


def exists(tile: int, players: int) -> bool:
    return not (players == 3 and tile in SANMA_MISSING)


def meld_table() -> list[tuple[str, tuple[int, ...]]]:
    """Every meld: (notation, its tiles)."""
    out: list[tuple[str, tuple[int, ...]]] = []
    for t in range(N_TILES):
        number, suit = tile_name(t)[0], tile_name(t)[1]
        out.append((number * 3 + suit, (t, t, t)))
        out.append((number * 4 + suit, (t, t, t, t)))
        if t < 27 and t % 9 <= 6:
            out.append((f"{t % 9 + 1}{t % 9 + 2}{t % 9 + 3}{suit}", (t, t + 1, t + 2)))
    return out


MELDS = meld_table()


@st.composite
def positions(
    draw: st.DrawFn,
    sizes: frozenset[int] | None = None,
    players: int | None = None,
    mode: int | None = None,
    min_melds: int = 0,
) -> Position:
    """A valid position; ``sizes`` restricts the concealed size to n % 3 in that set, ``mode``
    fixes how the concealed tiles are picked (see below)."""
    n_players = draw(st.sampled_from([3, 4])) if players is None else players
    rule = draw(st.booleans())
    left = [4 if exists(t, n_players) else 0 for t in range(N_TILES)]
    n_melds = draw(st.integers(min_melds, 4))
    melds: list[str] = []
    melded = [0] * N_TILES
    for _ in range(n_melds):
        options = [
            (name, tiles)
            for name, tiles in MELDS
            if all(tiles.count(t) <= left[t] for t in set(tiles))
        ]
        name, tiles = draw(st.sampled_from(options))
        melds.append(name)
        for t in tiles:
            left[t] -= 1
            melded[t] += 1
    if n_melds == 0:
        size_options = sorted(VALID_CLOSED_SIZES)
    else:
        size_options = [13 - 3 * n_melds, 14 - 3 * n_melds]
    if sizes is not None:
        size_options = [n for n in size_options if n % 3 in sizes]
    n = draw(st.sampled_from(size_options))
    wall = [t for t in range(N_TILES) for _ in range(left[t])]
    # How to pick the concealed tiles: 0 = from the whole wall; 1 = from a few random kinds;
    # 2 = also from the kinds next to the melds' tiles (where count_melded_copies bites);
    # 3 = also from 1m and 9m (where three players, without manzu runs, bite).
    if mode is None:
        mode = draw(st.integers(0, 3))
    if mode:
        kinds = sorted(set(wall))
        small = mode == 1
        palette = draw(
            st.sets(st.sampled_from(kinds), min_size=int(small), max_size=8 if small else 3)
        )
        if mode == 2:
            palette |= {
                u
                for t in range(N_TILES)
                if melded[t]
                for u in range(t - 2, t + 3)
                if 0 <= u < N_TILES and u // 9 == t // 9 and (t < 27 or u == t)
            }
        if mode == 3:
            palette |= {0, 8}
        narrow = [t for t in wall if t in palette]
        if len(narrow) >= n:
            wall = narrow
    counts = [0] * N_TILES
    if mode == 3:
        # Quads first (1m, maybe 9m, up to two more kinds), the rest from the narrowed wall.
        quads = [t for t in (0, 8) if left[t] == 4 and (t == 0 or draw(st.booleans()))]
        quads += draw(st.lists(st.sampled_from(sorted(set(wall))), max_size=2, unique=True))
        for t in dict.fromkeys(quads):
            if sum(counts) + left[t] <= n:
                counts[t] = left[t]
        wall = [t for t in wall if counts[t] == 0]
        if len(wall) < n - sum(counts):
            wall = [t for t in range(N_TILES) for _ in range(left[t] - counts[t])]
    rest = n - sum(counts)
    if rest:
        picks = draw(
            st.lists(st.integers(0, len(wall) - 1), min_size=rest, max_size=rest, unique=True)
        )
        for i in picks:
            counts[wall[i]] += 1
    return Position(tuple(counts), tuple(melds), tuple(melded), n_players, rule)


def left_after(pos: Position) -> list[int]:
    """Copies of each tile still unseen (0 for tiles absent from the game)."""
    return [
        4 - pos.counts[t] - pos.melded[t] if exists(t, pos.players) else 0 for t in range(N_TILES)
    ]


# ------------------------------------------------------------------------------------------
# Draw and discard
# ------------------------------------------------------------------------------------------


@SETTINGS
@given(pos=positions(sizes=frozenset({1})), data=st.data())
def test_a_draw_lowers_shanten_by_at_most_one(pos: Position, data: st.DataObject) -> None:
    # 3n+1 -> 3n+2 tiles: the complete hands are the same, and one more held tile lowers
    # each distance by 0 or 1, so shanten drops by 0 or 1 (never rises).
    left = left_after(pos)
    tile = data.draw(st.sampled_from([t for t in range(N_TILES) if left[t] > 0]))
    after = list(pos.counts)
    after[tile] += 1
    before_s, after_s = pos.value(), pos.value(counts=after)
    assert before_s - 1 <= after_s <= before_s, (pos.describe(), tile_name(tile))


@SETTINGS
@given(pos=positions(sizes=frozenset({2})), data=st.data())
def test_a_discard_raises_shanten_by_at_most_one(pos: Position, data: st.DataObject) -> None:
    tile = data.draw(st.sampled_from([t for t in range(N_TILES) if pos.counts[t] > 0]))
    after = list(pos.counts)
    after[tile] -= 1
    before_s, after_s = pos.value(), pos.value(counts=after)
    assert before_s <= after_s <= before_s + 1, (pos.describe(), tile_name(tile))


# ------------------------------------------------------------------------------------------
# calculate(): the forms, the minimum, the witness
# ------------------------------------------------------------------------------------------


@SETTINGS
@given(pos=positions())
def test_calculate_is_the_minimum_of_its_forms_and_its_witness_proves_it(pos: Position) -> None:
    result = pos.calculate()
    closed_full = not pos.melds and pos.size in (13, 14)
    assert (result.chiitoitsu is not None) == closed_full
    assert (result.kokushi is not None) == closed_full
    forms = [v for v in (result.standard, result.chiitoitsu, result.kokushi) if v is not None]
    assert result.shanten == min(forms) == pos.value()

    w = list(shanten.Hand(result.witness.hand).counts)
    form = result.witness.form
    if form == "standard":
        assert is_standard_complete(w, pos.n_sets), pos.describe()
        assert result.standard == result.shanten
    elif form == "chiitoitsu":
        assert closed_full and is_chiitoitsu_complete(w)
        assert result.chiitoitsu == result.shanten
    else:
        assert form == "kokushi"
        assert closed_full and is_kokushi_complete(w)
        assert result.kokushi == result.shanten
    assert distance(w, pos.counts) == result.shanten + 1, pos.describe()
    cap = pos.caps()
    assert all(w[t] <= cap[t] for t in range(N_TILES)), (pos.describe(), to_mpsz(w))
    needed = [int(t) for t in result.witness.needed]
    missing = [t for t in range(N_TILES) for _ in range(max(w[t] - pos.counts[t], 0))]
    assert needed == missing
    assert len(needed) == result.shanten + 1


# ------------------------------------------------------------------------------------------
# Rule monotonicity
# ------------------------------------------------------------------------------------------


@SETTINGS
@given(pos=positions(players=3))
def test_three_players_is_never_closer_than_four(pos: Position) -> None:
    # A valid three-player position is a valid four-player one whose complete hands are a
    # subset (no 2m..8m), so the minimum can only grow.
    assert pos.value(players=3) >= pos.value(players=4), pos.describe()


@SETTINGS
@given(pos=positions())
def test_counting_melded_copies_is_never_closer(pos: Position) -> None:
    strict = pos.value(count_melded_copies=True)
    loose = pos.value(count_melded_copies=False)
    assert strict >= loose, pos.describe()
    if not pos.melds:
        assert strict == loose


# ------------------------------------------------------------------------------------------
# The library against the plain reference solver
# ------------------------------------------------------------------------------------------


def check_against_reference(pos: Position) -> None:
    ref = solve(pos.counts, pos.melded, len(pos.melds), pos.players, pos.count_melded_copies)
    # The reference proves its own standard value with a complete hand within the caps.
    assert is_standard_complete(ref.standard_w, pos.n_sets)
    assert distance(ref.standard_w, pos.counts) == ref.standard
    assert all(w <= c for w, c in zip(ref.standard_w, pos.caps(), strict=True))
    got = pos.calculate()

    def shanten_of(r: int | None) -> int | None:
        return None if r is None else r - 1

    assert (got.standard, got.chiitoitsu, got.kokushi) == (
        ref.standard - 1,
        shanten_of(ref.chiitoitsu),
        shanten_of(ref.kokushi),
    ), pos.describe()
    assert got.shanten == ref.shanten


@REFERENCE_SETTINGS
@given(pos=positions())
def test_library_matches_the_reference(pos: Position) -> None:
    check_against_reference(pos)


@settings(max_examples=200, deadline=None)
@given(pos=positions(mode=2, min_melds=1))
def test_library_matches_the_reference_next_to_melds(pos: Position) -> None:
    # Concealed tiles next to the melded ones: where count_melded_copies changes the caps.
    check_against_reference(pos)


@settings(max_examples=200, deadline=None)
@given(pos=positions(mode=3))
def test_library_matches_the_reference_with_terminal_quads(pos: Position) -> None:
    # Quads of 1m / 9m and a few other kinds: where three players (no manzu runs) and the
    # 4-copy rule change the answer.
    check_against_reference(pos)


def test_the_completeness_checkers() -> None:
    assert is_standard_complete(parse_counts("11123m"), 1)
    assert is_standard_complete(parse_counts("11223344m"), 2)
    assert is_standard_complete(parse_counts("11122233344455m"), 4)
    assert is_standard_complete(parse_counts("55z"), 0)
    assert not is_standard_complete(parse_counts("12345m"), 1)
    assert not is_standard_complete(parse_counts("123z11m"), 1)  # no honour runs
    assert not is_standard_complete(parse_counts("891m11p"), 1)  # no wrap-around
    assert not is_standard_complete(parse_counts("789m1p11s"), 1)  # no run across suits
    assert not is_standard_complete(parse_counts("11123m"), 0)  # wrong number of sets
    assert is_chiitoitsu_complete(parse_counts("11223344556677z"))
    assert not is_chiitoitsu_complete(parse_counts("11112233445566z"))  # a quad is one pair
    assert is_kokushi_complete(parse_counts("19m19p19s12345677z"))
    assert not is_kokushi_complete(parse_counts("19m19p19s1234567z"))
    assert not is_kokushi_complete(parse_counts("19m19p19s1234566z5m"))


# ------------------------------------------------------------------------------------------
# Notation round-trips
# ------------------------------------------------------------------------------------------

UNICODE = {
    **{t: chr(0x1F007 + t) for t in range(9)},  # 1m..9m
    **{9 + d: chr(0x1F019 + d) for d in range(9)},  # 1p..9p
    **{18 + d: chr(0x1F010 + d) for d in range(9)},  # 1s..9s
    27: "\U0001f000",  # East
    28: "\U0001f001",  # South
    29: "\U0001f002",  # West
    30: "\U0001f003",  # North
    31: "\U0001f006",  # White (5z)
    32: "\U0001f005",  # Green (6z)
    33: "\U0001f004",  # Red (7z)
}


@st.composite
def hand_counts(draw: st.DrawFn) -> list[int]:
    n = draw(st.sampled_from(sorted(VALID_CLOSED_SIZES)))
    wall = [t for t in range(N_TILES) for _ in range(4)]
    picks = draw(st.lists(st.integers(0, len(wall) - 1), min_size=n, max_size=n, unique=True))
    counts = [0] * N_TILES
    for i in picks:
        counts[wall[i]] += 1
    return counts


@settings(max_examples=300, deadline=None)
@given(counts=hand_counts(), red=st.sets(st.sampled_from("mps")))
def test_hand_notation_round_trips(counts: list[int], red: set[str]) -> None:
    text = to_mpsz(counts)
    hand = shanten.Hand(text)
    assert hand.counts == tuple(counts)
    assert len(hand) == sum(counts)
    assert str(hand) == text
    assert shanten.Hand(str(hand)) == hand
    assert repr(hand) == f"Hand('{text}')"
    assert shanten.Hand(counts) == hand
    assert shanten.Hand(hand) == hand
    glyphs = "".join(UNICODE[t] * counts[t] for t in range(N_TILES))
    assert shanten.Hand(glyphs) == hand
    # A red five ("0") reads as a five.
    groups = []
    for group in text.replace("m", "m|").replace("p", "p|").replace("s", "s|").split("|"):
        if group and group[-1] in red and "5" in group:
            group = group.replace("5", "0", 1)
        groups.append(group)
    assert shanten.Hand("".join(groups)) == hand


def test_tile_round_trips() -> None:
    for t in range(N_TILES):
        name = tile_name(t)
        tile = shanten.Tile(name)
        assert int(tile) == t
        assert str(tile) == name
        assert shanten.Tile(str(tile)) == tile == shanten.Tile(t)
        assert repr(tile) == f"Tile('{name}')"


@pytest.mark.parametrize(("name", "tiles"), MELDS, ids=[name for name, _ in MELDS])
def test_meld_round_trips(name: str, tiles: tuple[int, ...]) -> None:
    meld = shanten.Meld(name)
    assert str(meld) == name
    assert shanten.Meld(str(meld)) == meld
    assert repr(meld) == f"Meld('{name}')"
    assert [int(t) for t in meld.tiles] == sorted(tiles)
    assert meld.counts == tuple(tiles.count(t) for t in range(N_TILES))
