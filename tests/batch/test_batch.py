"""The batch API against the per-call API, row by row: every hand of the ara files, seeded
random hands of every size for both player counts, and (exhaustive) a million more; then
every validation message.

Random hands are dealt from the wall (4 copies of each tile, no 2m-8m in 3-player); half
of them from a few kinds only, so that triplets, quads and the 4-copy rule are common.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest

import shanten
from shanten import batch
from shanten.errors import HandError, RuleError
from shanten.hand import VALID_SIZES
from shanten.tiles import SANMA_ABSENT

ARA = Path(__file__).resolve().parents[3] / "shared" / "testdata" / "ara"
FILES = ("p_normal_10000.txt", "p_hon_10000.txt", "p_tin_10000.txt", "p_koku_10000.txt")
SIZES = sorted(VALID_SIZES)
Counts = npt.NDArray[np.uint8]


def deal(rng: np.random.Generator, rows: int, size: int, players: int, kinds: int = 0) -> Counts:
    """``rows`` hands of ``size`` tiles dealt from the wall, or from ``kinds`` random kinds
    of it (4 copies each) when ``kinds`` is given."""
    allowed = np.array([t for t in range(34) if players == 4 or t not in SANMA_ABSENT])
    if kinds:
        chosen = allowed[np.argsort(rng.random((rows, len(allowed))), axis=1)[:, :kinds]]
        wall = np.repeat(chosen, 4, axis=1)
    else:
        wall = np.broadcast_to(np.repeat(allowed, 4), (rows, 4 * len(allowed)))
    picks = np.argpartition(rng.random(wall.shape), size - 1, axis=1)[:, :size]
    tiles = np.take_along_axis(wall, picks, axis=1)
    flat = (np.arange(rows)[:, None] * 34 + tiles).reshape(-1)
    return np.bincount(flat, minlength=rows * 34).reshape(rows, 34).astype(np.uint8)


def mixed(rng: np.random.Generator, rows: int, size: int, players: int) -> Counts:
    """Half random deals, a quarter from 4 kinds, a quarter from 6 kinds."""
    half, quarter = rows // 2, rows // 4
    return np.concatenate(
        [
            deal(rng, half, size, players),
            deal(rng, quarter, size, players, kinds=4),
            deal(rng, rows - half - quarter, size, players, kinds=6),
        ]
    )


def shanten_mismatches(counts: Counts, players: int) -> list[str]:
    got = batch.shanten(counts, players=players)
    wrong = []
    for row, value in zip(counts.tolist(), got.tolist(), strict=True):
        expected = shanten.shanten(row, players=players)
        if value != expected:
            wrong.append(f"{shanten.Hand(row)} ({players}p): batch {value}, per call {expected}")
    return wrong


def ukeire_mismatches(counts: Counts, players: int) -> list[str]:
    got = batch.ukeire(counts, players=players)
    wrong = []
    for row, flags in zip(counts.tolist(), got, strict=True):
        tiles = tuple(shanten.Tile(int(t)) for t in np.flatnonzero(flags))
        expected = shanten.ukeire(row, players=players).tiles
        if tiles != expected:
            wrong.append(f"{shanten.Hand(row)} ({players}p): batch {tiles}, per call {expected}")
    return wrong


def report(wrong: list[str]) -> str:
    return f"{len(wrong)} wrong, first: " + "; ".join(wrong[:5])


def load_ara(name: str) -> npt.NDArray[np.int64]:
    path = ARA / name
    if not path.exists():
        pytest.skip(f"{path} is not here (shared/ sits beside the project in CI)")
    rows = [[int(x) for x in line.split()] for line in path.read_text().splitlines() if line]
    return np.array(rows, dtype=np.int64)


def ids_to_counts(ids: npt.NDArray[np.int64]) -> Counts:
    flat = (np.arange(len(ids))[:, None] * 34 + ids).reshape(-1)
    return np.bincount(flat, minlength=len(ids) * 34).reshape(-1, 34).astype(np.uint8)


# Agreement with the per-call API -----------------------------------------------------------


@pytest.mark.large
@pytest.mark.parametrize("name", FILES)
def test_ara_shanten(name: str) -> None:
    rows = load_ara(name)
    counts = ids_to_counts(rows[:, :14])
    assert len(counts) == 10_000
    wrong = shanten_mismatches(counts, 4)
    assert not wrong, report(wrong)
    # the files' per-form figures, which test_ara checks against shanten.calculate
    for form, column in (("standard", 14), ("kokushi", 15), ("chiitoitsu", 16)):
        got = batch.shanten(counts, form=form)  # type: ignore[arg-type]
        assert (got == rows[:, column]).all(), form


@pytest.mark.large
@pytest.mark.parametrize("name", FILES)
def test_ara_ukeire(name: str) -> None:
    """13-tile hands: each 14-tile hand less its tile at position (line number mod 14)."""
    rows = load_ara(name)
    drop = np.arange(len(rows)) % 14
    keep = np.arange(14)[None, :] != drop[:, None]
    counts = ids_to_counts(rows[:, :14][keep].reshape(-1, 13))
    wrong = ukeire_mismatches(counts, 4)
    assert not wrong, report(wrong)


@pytest.mark.parametrize("players", [4, 3])
@pytest.mark.parametrize("size", SIZES)
def test_random_shanten(size: int, players: int) -> None:
    counts = mixed(np.random.default_rng([size, players]), 2000, size, players)
    wrong = shanten_mismatches(counts, players)
    assert not wrong, report(wrong)


@pytest.mark.parametrize("players", [4, 3])
@pytest.mark.parametrize("size", [s for s in SIZES if s % 3 == 1])
def test_random_ukeire(size: int, players: int) -> None:
    counts = mixed(np.random.default_rng([size, players, 1]), 2000, size, players)
    wrong = ukeire_mismatches(counts, players)
    assert not wrong, report(wrong)


@pytest.mark.parametrize("players", [4, 3])
@pytest.mark.parametrize("size", [13, 14])
def test_random_forms(size: int, players: int) -> None:
    """One form alone equals the matching field of shanten.calculate."""
    counts = mixed(np.random.default_rng([size, players, 2]), 400, size, players)
    got = {
        form: batch.shanten(counts, players=players, form=form)
        for form in ("standard", "chiitoitsu", "kokushi")
    }
    for i, row in enumerate(counts.tolist()):
        result = shanten.calculate(row, players=players)
        expected = (result.standard, result.chiitoitsu, result.kokushi)
        values = (got["standard"][i], got["chiitoitsu"][i], got["kokushi"][i])
        assert values == expected, shanten.Hand(row)


def test_standard_form_on_small_hands() -> None:
    counts = np.concatenate([mixed(np.random.default_rng(size), 200, size, 4) for size in SIZES])
    expected = [shanten.calculate(row).standard for row in counts.tolist()]
    assert batch.shanten(counts, form="standard").tolist() == expected


@pytest.mark.exhaustive
@pytest.mark.kernel_only  # on the reference, the batch and the verbs run the same code row by row
@pytest.mark.parametrize("players", [4, 3])
def test_million_random_hands(players: int) -> None:
    """1,000,000 hands per player count, every size; the 3n+1 ones for effective tiles."""
    rng = np.random.default_rng([2024, players])
    per_size = 1_000_000 // len(SIZES)
    wrong: list[str] = []
    for size in SIZES:
        for start in range(0, per_size, 50_000):
            counts = mixed(rng, min(50_000, per_size - start), size, players)
            wrong += shanten_mismatches(counts, players)
            if size % 3 == 1:
                wrong += ukeire_mismatches(counts, players)
    assert not wrong, report(wrong)


# Input forms -----------------------------------------------------------------------------


@pytest.mark.large
def test_dtypes_and_layouts_give_the_same_answers() -> None:
    counts = mixed(np.random.default_rng(7), 3000, 13, 4)
    expected_shanten, expected_ukeire = batch.shanten(counts), batch.ukeire(counts)
    variants = [
        counts.astype(np.int64),
        counts.astype(np.int8),
        counts.astype(np.uint16),
        np.asfortranarray(counts),
        np.repeat(counts, 2, axis=0)[::2],
        counts.tolist(),
    ]
    for variant in variants:
        assert (batch.shanten(variant) == expected_shanten).all()
        assert (batch.ukeire(variant) == expected_ukeire).all()
    reversed_rows = counts[::-1]
    assert (batch.shanten(reversed_rows) == expected_shanten[::-1]).all()


def test_bools_read_as_ints() -> None:
    """A bool is the int it is, as in the per-call API."""
    flags = np.zeros((3, 34), dtype=bool)
    flags[0, :13] = True
    flags[1, [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]] = True
    flags[2, :4] = True
    assert batch.shanten(flags).tolist() == [shanten.shanten(row) for row in flags.tolist()]
    assert (batch.ukeire(flags) == batch.ukeire(flags.astype(np.uint8))).all()


def test_empty_input() -> None:
    empty = np.zeros((0, 34), dtype=np.uint8)
    assert batch.shanten(empty).shape == (0,)
    assert batch.shanten(empty).dtype == np.int8
    assert batch.ukeire(empty).shape == (0, 34)


@pytest.mark.large
def test_many_chunks() -> None:
    """More rows than one chunk, and a last chunk that is not full."""
    counts = mixed(np.random.default_rng(8), 40_001, 13, 4)
    expected = batch.shanten(counts)
    assert (batch.shanten(counts[:3]) == expected[:3]).all()
    assert (batch.shanten(counts[-5:]) == expected[-5:]).all()
    assert (batch.ukeire(counts[-5:]) == batch.ukeire(counts)[-5:]).all()


# Validation ------------------------------------------------------------------------------


def hands(n: int, notation: str = "123m456p789s1122z") -> Counts:
    return np.array([shanten.Hand(notation).counts] * n, dtype=np.uint8)


def test_too_many_copies() -> None:
    counts = hands(20)
    counts[17, 0] = 5
    with pytest.raises(HandError, match=r"^row 17: 5 copies of 1m: a tile has 4 copies$"):
        batch.shanten(counts)


def test_negative_count() -> None:
    counts = hands(4).astype(np.int8)
    counts[2, 13] = -1
    with pytest.raises(HandError, match=r"^row 2: -1 copies of 5p: a count cannot be negative$"):
        batch.ukeire(counts)


def test_huge_count() -> None:
    counts = hands(2).astype(np.uint64)
    counts[1, 33] = 2**64 - 1
    with pytest.raises(HandError, match=rf"^row 1: {2**64 - 1} copies of 7z"):
        batch.shanten(counts)


def test_bad_size() -> None:
    counts = hands(5)
    counts[3, 27] -= 1  # 12 tiles
    with pytest.raises(
        HandError,
        match=r"^row 3: 12 tiles: a concealed hand holds 3n\+1 or 3n\+2 tiles \(1, 2, 4, 5",
    ):
        batch.shanten(counts)


def test_too_many_tiles_and_empty() -> None:
    counts = hands(3)
    counts[0, 33] += 2  # 15 tiles
    with pytest.raises(HandError, match=r"^row 0: 15 tiles: a hand has at most 14$"):
        batch.shanten(counts)
    counts = hands(3)
    counts[1] = 0
    with pytest.raises(HandError, match=r"^row 1: an empty hand: a hand holds 1 to 14 tiles$"):
        batch.shanten(counts)


def test_absent_tile_in_three_player() -> None:
    counts = hands(3, "19m19p19s1234567z")
    counts[0] = shanten.Hand("2m1p").counts
    with pytest.raises(HandError, match=r"^row 0: 2m does not exist in 3-player mahjong$"):
        batch.shanten(counts, players=3)
    with pytest.raises(HandError, match=r"^row 0: 2m does not exist in 3-player mahjong$"):
        batch.ukeire(counts, players=3)
    assert batch.shanten(counts, players=4)[0] == 0


def test_first_bad_row_is_named() -> None:
    counts = hands(10)
    counts[5, 0] = 5  # a bad count after
    counts[2, 27] -= 1  # a bad size
    with pytest.raises(HandError, match=r"^row 2: 12 tiles"):
        batch.shanten(counts)


def test_bad_row_in_a_later_chunk() -> None:
    counts = hands(40_000)
    counts[33_333, 24] -= 1  # 12 tiles
    with pytest.raises(HandError, match=r"^row 33333: 12 tiles"):
        batch.shanten(counts)
    counts = hands(40_000, "19m19p19s1234567z")
    counts[39_999, 4] = 1
    with pytest.raises(HandError, match=r"^row 39999: 5m does not exist in 3-player mahjong$"):
        batch.shanten(counts, players=3)


def test_one_form_needs_13_or_14_tiles() -> None:
    counts = np.concatenate([hands(2), hands(1, "1122m334p"), hands(1, "1m")])
    for form in ("chiitoitsu", "kokushi"):
        with pytest.raises(
            HandError,
            match=rf"^row 2: {form} applies only to closed hands of 13 or 14 tiles; '1122m334p' has 7",
        ):
            batch.shanten(counts, form=form)
    assert batch.shanten(counts, form="standard").tolist() == [0, 0, 1, 0]


def test_ukeire_needs_3n_plus_1_tiles() -> None:
    counts = hands(4)
    counts[1, 28] += 1
    with pytest.raises(
        HandError,
        match=r"^row 1: ukeire takes a 3n\+1 hand \(1, 4, 7, 10 or 13 tiles\); '123m456p789s11222z' has 14$",
    ):
        batch.ukeire(counts)


def test_bad_dtype() -> None:
    for bad in (hands(2).astype(np.float64), [["1m"] * 34], np.zeros((1, 34), dtype=complex)):
        with pytest.raises(HandError, match=r"^counts of dtype \S+: a count array holds integers"):
            batch.shanten(bad)


def test_bad_shape() -> None:
    with pytest.raises(HandError, match=r"^a count array has shape \(N, 34\).*got shape \(34,\)$"):
        batch.shanten(hands(1)[0])
    with pytest.raises(HandError, match=r"got shape \(2, 33\)$"):
        batch.ukeire(hands(2)[:, :33])


def test_bad_options() -> None:
    with pytest.raises(RuleError, match=r"^players must be 3 or 4, got 2$"):
        batch.shanten(hands(1), players=2)
    with pytest.raises(RuleError, match=r"^players must be 3 or 4, got True$"):
        batch.ukeire(hands(1), players=True)
    with pytest.raises(RuleError, match=r"^form must be 'all', 'standard', 'chiitoitsu'"):
        batch.shanten(hands(1), form="seven")  # type: ignore[arg-type]
    # one spelling of "every form" everywhere: "all", as the per-call verbs say it
    with pytest.raises(RuleError, match=r"^form must be 'all'.*got None$"):
        batch.shanten(hands(1), form=None)  # type: ignore[arg-type]
    assert (batch.shanten(hands(50), form="all") == batch.shanten(hands(50))).all()


def test_ragged_rows_get_the_library_error() -> None:
    with pytest.raises(HandError, match=r"^a count array has shape \(N, 34\).*different lengths"):
        batch.shanten([[0] * 34, [0] * 33])


def test_finding_a_bad_last_row_copies_nothing_large() -> None:
    import tracemalloc

    rows = np.zeros((400_000, 34), dtype=np.uint8)
    rows[:, 0] = 1
    rows[-1, 0] = 5
    tracemalloc.start()
    with pytest.raises(HandError, match=r"^row 399999: 5 copies of 1m"):
        batch.shanten(rows)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    # the answer array (400 KB) and one row's message; never a copy of the input (13.6 MB)
    assert peak < 2_000_000, peak
    wide = rows.astype(np.int64)
    tracemalloc.start()
    with pytest.raises(HandError, match=r"^row 399999: 5 copies of 1m"):
        batch.shanten(wide)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    # an int64 array is converted to uint8 (13.6 MB) chunk by chunk, never widened
    assert peak < 20_000_000, peak
