"""The expected score of the discard odds (``odds(..., score=ScoreContext(...))``) against
an exact process written from the model's description, not from the engine.

The process: the wall is every unseen tile (the dora indicators are tiles in sight,
listed in ``visible``), the draws are distinct tiles
drawn uniformly at random, self-draw only; after a draw that does not win the player
throws it back, or (no switch) keeps a draw that lowers the shanten and discards to the
lowered shanten within the swap budget; a closed ready hand with a draw left may declare
riichi after any discard (the row's own, a keep's or a throw-back's), and is locked from
then on. A win is priced by ``shanten.score`` (tsumo, riichi, ippatsu on the first draw
after the declaration, haitei on the last of the draws with ``haitei=True``); a complete
hand without yaku cannot win. Ura dora: 1 + kans indicators, distinct tiles of a pool,
each adding the hand's count of the tile it points to. Every choice maximises the
expected points by the last draw; ``score[k]`` is that plan's expected points by draw k.

The tests:

- the library equals the model (the engine's state is the hand alone, docs/odds.md) to
  1e-9 relative on every row, one and two draws;
- one draw: the model is the exact process;
- two draws: the exact process too where no riichi win and no haitei can come. Elsewhere
  the model is not exact (``GAPS``, measured): a riichi win on the second draw after a
  first draw thrown back (the ura pool the model counts keeps the tile thrown back, which
  the player has seen: 0.0097 points in 1532, 6e-6), and a tile that completes an open
  hand without yaku, thrown back, then drawn again as the haitei tile (the model counts
  its copy thrown back as still in the wall: 0.41 points in 185, 0.22%);
- riichi declared on a throw-back (which can pay more, with haitei);
- the ura expectation by brute force over every indicator (and pair, with a kan), each
  priced by ``shanten.score(..., ura=...)``;
- properties (hypothesis).

The seeded sweeps over more hands are marked ``exhaustive``: they run on the kernel
with ``-m exhaustive`` (conftest.py), which the default run proves equal to the reference.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import shanten
from shanten.errors import NoYakuError
from shanten.score_types import RiichiChoice
from shanten.tiles import NUM_TILES, SANMA_ABSENT
from support.odds_hands import Deal, ready, wall, with_draw

Counts = tuple[int, ...]
Memory = Literal["hand", "seen"]
CHOICES: tuple[RiichiChoice, ...] = ("best", "always", "never")
RELATIVE = 1e-9


# -- tiles -------------------------------------------------------------------------------


def name(t: int) -> str:
    return f"{t % 9 + 1}{'mpsz'[t // 9]}"


def notation(counts: Sequence[int], reds: Sequence[int]) -> str:
    """mpsz of ``counts`` with ``reds[s]`` of the fives of suit s written 0."""
    out = []
    for suit in range(4):
        digits = ""
        for t in range(suit * 9, min(suit * 9 + 9, NUM_TILES)):
            if suit < 3 and t % 9 == 4:
                digits += "0" * reds[suit] + "5" * (counts[t] - reds[suit])
            else:
                digits += str(t % 9 + 1) * counts[t]
        if digits:
            out.append(digits + "mpsz"[suit])
    return "".join(out)


def parse(hand: str) -> tuple[Counts, tuple[int, int, int]]:
    counts = list(shanten.Hand(hand).counts)
    reds = [0, 0, 0]
    digits = ""
    for ch in hand:
        if ch.isdigit():
            digits += ch
        else:
            if ch in "mps":
                reds["mps".index(ch)] += digits.count("0")
            digits = ""
    return tuple(counts), (reds[0], reds[1], reds[2])


def points_to(t: int, players: int) -> int:
    """The tile an indicator ``t`` points to (the model's description)."""
    if players == 3 and t in (0, 8):
        return 8 - t
    if t < 27:
        return t - 8 if t % 9 == 8 else t + 1
    if t < 31:
        return 27 + (t - 27 + 1) % 4
    return 31 + (t - 31 + 1) % 3


def plus(counts: Counts, t: int, n: int = 1) -> Counts:
    out = list(counts)
    out[t] += n
    return tuple(out)


# -- the game ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    """A 14-tile hand (mpsz, red fives 0) and the game around it."""

    hand: str
    melds: tuple[str, ...] = ()
    players: int = 4
    seat: str = "1z"
    round: str = "1z"
    dora: tuple[str, ...] = ()
    riichi: Literal["best", "always", "never"] = "best"
    haitei: bool = False
    concealed_kan: bool = field(default=False)

    def meld_objects(self) -> list[shanten.Meld]:
        return [shanten.Meld(m, concealed=self.concealed_kan and len(m) == 5) for m in self.melds]

    def context(self) -> shanten.ScoreContext:
        return shanten.ScoreContext(
            seat_wind=self.seat,
            round_wind=self.round,
            dora=list(self.dora),
            riichi=self.riichi,
            haitei=self.haitei,
        )

    def library(self, draws: int) -> dict[int, tuple[float, ...]]:
        """The library's curve of each row, by the discard's tile index."""
        return _library(self, draws)

    def __str__(self) -> str:
        parts = [self.hand]
        if self.melds:
            kind = "concealed " if self.concealed_kan else ""
            parts.append(kind + "melds=" + ",".join(self.melds))
        parts.append(f"players={self.players} seat={self.seat} round={self.round}")
        parts.append(f"dora={list(self.dora)} riichi={self.riichi} haitei={self.haitei}")
        return " ".join(parts)


@functools.cache
def _library(case: Case, draws: int) -> dict[int, tuple[float, ...]]:
    rows = shanten.odds(
        case.hand,
        draws=draws,
        melds=case.meld_objects(),
        players=case.players,
        visible=list(case.dora),
        score=case.context(),
    )
    assert isinstance(rows, tuple)
    out = {}
    for row in rows:
        assert row.score is not None
        out[row.discard.index] = row.score
    return out


class Exact:
    """The process of one 14-tile hand for ``draws`` draws (1 or 2; more work, slowly),
    every row, by the tile kinds drawn with their probabilities.

    ``memory="seen"``: the exact process, the player knowing every tile drawn: the wall
    and the ura pool are the unseen tiles less every tile drawn so far. ``"hand"``: the
    model's approximation, as docs/odds.md states it, the state being the hand alone:
    a draw the player keeps or wins on weighs its unseen copies at the start less those
    the hand took in, divided by the tiles left; every other draw is a throw-back with
    the rest of the probability; the ura pool is the unseen tiles at the start less those
    the winning hand took in (the winning tile included)."""

    def __init__(
        self,
        case: Case,
        draws: int,
        memory: Memory = "seen",
        scores: dict[tuple[object, ...], int | None] | None = None,
    ) -> None:
        self.case = case
        self.draws = draws
        self.memory = memory
        self.melds = case.meld_objects()
        self.closed = all(m.concealed for m in self.melds)
        self.kans = sum(m.kind == "kan" for m in self.melds)
        self.meld_counts = [0] * NUM_TILES
        for meld in self.melds:
            for tile in meld:
                self.meld_counts[tile.index] += 1
        self.hand14, self.reds14 = parse(case.hand)
        seen = [c + m for c, m in zip(self.hand14, self.meld_counts, strict=True)]
        for indicator in case.dora:
            seen[shanten.Tile(indicator).index] += 1
        absent = SANMA_ABSENT if case.players == 3 else ()
        self.base = tuple(0 if t in absent else 4 - seen[t] for t in range(NUM_TILES))
        assert min(self.base) >= 0
        self.scores: dict[tuple[object, ...], int | None] = {} if scores is None else scores
        self.shanten_memo: dict[Counts, int] = {}
        best = min(self.shanten(plus(self.hand14, d, -1)) for d in self.kinds(self.hand14))
        self.r_best = best + 1
        self.ties: list[str] = []

    @staticmethod
    def kinds(counts: Counts) -> list[int]:
        return [t for t in range(NUM_TILES) if counts[t]]

    def shanten(self, counts: Counts) -> int:
        if counts not in self.shanten_memo:
            self.shanten_memo[counts] = shanten.shanten(
                list(counts), melds=self.melds, players=self.case.players
            )
        return self.shanten_memo[counts]

    @staticmethod
    def discard_reds(counts: Counts, reds: tuple[int, int, int], t: int) -> tuple[int, int, int]:
        """The red fives left after discarding one ``t`` from ``counts`` (a plain five
        first)."""
        if t < 27 and t % 9 == 4 and counts[t] - reds[t // 9] <= 0:
            out = list(reds)
            out[t // 9] -= 1
            return (out[0], out[1], out[2])
        return reds

    # -- a row ----------------------------------------------------------------------

    def rows(self) -> dict[int, tuple[float, ...]]:
        return {d: self.row(d) for d in self.kinds(self.hand14)}

    def row(self, discard: int) -> tuple[float, ...]:
        self.start = plus(self.hand14, discard, -1)
        reds = self.discard_reds(self.hand14, self.reds14, discard)
        self.wall = plus(self.base, discard, 0)  # the discard is seen: base has it out
        self.size = sum(self.wall)
        self.budget = max(self.shanten(self.start) + 1, self.r_best)
        self.memo: dict[tuple[object, ...], tuple[float, ...]] = {}
        curve = self.after_discard(self.start, reds, 0, False, ())
        out = [0.0]
        for value in curve:
            out.append(out[-1] + value)
        return tuple(out)

    def after_discard(
        self, hand: Counts, reds: tuple[int, int, int], t: int, riichi: bool, drawn: Counts
    ) -> tuple[float, ...]:
        """Per-draw expected points from a 3n+1 hand just after a discard, t draws made."""
        if riichi or not self.closed or t >= self.draws or self.shanten(hand) != 0:
            return self.draw(hand, reds, t, riichi, False, drawn)
        choice = self.case.riichi
        if choice == "never":
            return self.draw(hand, reds, t, False, False, drawn)
        declared = self.draw(hand, reds, t, True, True, drawn)
        if choice == "always":
            return declared
        closed = self.draw(hand, reds, t, False, False, drawn)
        a, b = sum(declared), sum(closed)
        if abs(a - b) <= 1e-12 * max(1.0, abs(a)) and declared != closed:
            self.ties.append(f"riichi tie at t={t} {notation(hand, reds)}")
        return declared if a > b + 1e-12 * max(1.0, abs(b)) else closed

    def draw(
        self,
        hand: Counts,
        reds: tuple[int, int, int],
        t: int,
        riichi: bool,
        ippatsu: bool,
        drawn: Counts,
    ) -> tuple[float, ...]:
        if t >= self.draws:
            return (0.0,) * self.draws
        key = (hand, reds, t, riichi, ippatsu, drawn)
        if key in self.memo:
            return self.memo[key]
        model = self.memory == "hand"
        left = list(self.wall)
        if model:  # the wall the model counts: less what the hand took in
            for x in range(NUM_TILES):
                left[x] -= max(0, hand[x] - self.start[x])
        else:
            for tile in drawn:
                left[tile] -= 1
            assert sum(left) == self.size - t
        total = self.size - t
        curve = [0.0] * self.draws
        last = self.case.haitei and t + 1 == self.draws
        before = self.shanten(hand)
        thrown = 0.0  # the model: the chance of a throw-back, whichever tile
        for tile in range(NUM_TILES):
            if not left[tile]:
                continue
            p = left[tile] / total
            h14 = plus(hand, tile)
            now = () if model else tuple(sorted((*drawn, tile)))
            after = self.shanten(h14)
            if after == -1:
                points = self.win(h14, reds, tile, riichi, ippatsu, last, now)
                if points is not None:
                    curve[t] += p * points
                    continue
            back = self.after_discard(hand, reds, t + 1, riichi, now)
            best, kept = back, False
            if not riichi and -1 < after < before:
                for d in self.kinds(h14):
                    if d == tile:
                        continue
                    keep = plus(h14, d, -1)
                    if self.shanten(keep) != after:
                        continue
                    held = sum(max(0, keep[x] - self.start[x]) for x in range(NUM_TILES))
                    if held + after + 1 > self.budget:
                        continue
                    option = self.after_discard(
                        keep, self.discard_reds(h14, reds, d), t + 1, False, now
                    )
                    if sum(option) > sum(best) + 1e-12 * max(1.0, abs(sum(best))):
                        best, kept = option, True
            if model and not kept:
                thrown += p
                continue
            for i in range(self.draws):
                curve[i] += p * best[i]
        if model:
            back = self.after_discard(hand, reds, t + 1, riichi, ())
            rest = 1.0 - sum(left) / total + thrown
            assert rest >= -1e-12  # no rescaled wall within two draws
            for i in range(self.draws):
                curve[i] += rest * back[i]
        out = tuple(curve)
        self.memo[key] = out
        return out

    # -- a win ----------------------------------------------------------------------

    def pool(self, h14: Counts, drawn: Counts) -> list[int]:
        """The tiles an ura indicator is drawn from at a win."""
        out = list(self.wall)
        if self.memory == "seen":
            for tile in drawn:
                out[tile] -= 1
        else:
            for x in range(NUM_TILES):
                out[x] -= max(0, h14[x] - self.start[x])
        assert min(out) >= 0
        return out

    def win(
        self,
        h14: Counts,
        reds: tuple[int, int, int],
        tile: int,
        riichi: bool,
        ippatsu: bool,
        last: bool,
        drawn: Counts,
    ) -> float | None:
        """Expected points of the self-drawn win on ``tile`` (None: no yaku)."""
        if not riichi:
            return self.priced(h14, reds, tile, False, False, last, ())
        whole = [h + m for h, m in zip(h14, self.meld_counts, strict=True)]
        pool = self.pool(h14, drawn)
        size = sum(pool)
        chance: dict[int, float] = {}  # ura han -> its probability
        example: dict[int, tuple[int, ...]] = {}  # and indicators that give it
        count = 1 + self.kans
        for picks in itertools.product(range(NUM_TILES), repeat=count):
            p = 1.0
            taken = [0] * NUM_TILES
            for i, x in enumerate(picks):
                p *= (pool[x] - taken[x]) / (size - i)
                taken[x] += 1
            if p <= 0:
                continue
            han = sum(whole[points_to(x, self.case.players)] for x in picks)
            chance[han] = chance.get(han, 0.0) + p
            example.setdefault(han, picks)
        expected = 0.0
        for extra, p in chance.items():
            picks = example[extra]
            points = self.priced(h14, reds, tile, True, ippatsu, last, tuple(sorted(picks)))
            assert points is not None  # riichi is a yaku
            expected += p * points
        return expected

    def priced(
        self,
        h14: Counts,
        reds: tuple[int, int, int],
        tile: int,
        riichi: bool,
        ippatsu: bool,
        last: bool,
        ura: tuple[int, ...],
    ) -> int | None:
        key = (h14, reds, tile, riichi, ippatsu, last, ura)
        if key not in self.scores:
            case = self.case
            try:
                self.scores[key] = shanten.score(
                    notation(h14, reds),
                    win=name(tile),
                    melds=self.melds,
                    tsumo=True,
                    riichi=riichi,
                    ippatsu=ippatsu,
                    last_tile=last,
                    dora=list(case.dora),
                    ura=[name(x) for x in ura],
                    seat_wind=case.seat,
                    round_wind=case.round,
                    players=case.players,
                ).points
            except NoYakuError:
                self.scores[key] = None
        return self.scores[key]


# -- hands ---------------------------------------------------------------------------------


def _redden(rng: random.Random, counts: Counts) -> str:
    reds = [1 if t % 9 == 4 and counts[t] and rng.random() < 0.5 else 0 for t in (4, 13, 22)]
    return notation(counts, reds)


def _indicators(
    rng: random.Random, counts: Counts, melds: Sequence[str], players: int
) -> tuple[str, ...]:
    left = [0] * NUM_TILES
    for t in wall(players):
        left[t] += 1
    for t in range(NUM_TILES):
        left[t] -= counts[t]
    for meld in melds:
        for tile in shanten.Meld(meld):
            left[tile.index] -= 1
    pool = [t for t in range(NUM_TILES) for _ in range(max(0, left[t]))]
    return tuple(name(t) for t in rng.sample(pool, rng.randrange(3)))


def _winds(rng: random.Random, players: int) -> tuple[str, str]:
    return rng.choice(["1z", "2z", "3z", "4z"][: 3 if players == 3 else 4]), rng.choice(
        ["1z", "2z"]
    )


def _closed_hands(
    rng: random.Random, number: int, players: int = 4
) -> list[tuple[Counts, tuple[str, ...]]]:
    """14-tile closed hands of 0-1 shanten: a ready hand and a draw (mostly 0-shanten), or
    a 14-tile hand made one tile further (1-shanten)."""
    out: list[tuple[Counts, tuple[str, ...]]] = []
    while len(out) < number:
        found = with_draw(rng, ready(rng, players=players))
        counts = found.hand
        if rng.random() < 0.5:  # one tile further: swap a random tile for another
            tiles = [t for t in range(NUM_TILES) for _ in range(counts[t])]
            gone = rng.choice(tiles)
            fresh = rng.choice([t for t in wall(players) if counts[t] < 4 and t != gone])
            counts = plus(plus(counts, gone, -1), fresh)
        if shanten.shanten(list(counts), players=players) in (0, 1):
            out.append((counts, ()))
    return out


def _open_hands(rng: random.Random, number: int, meld: str) -> list[tuple[Counts, tuple[str, ...]]]:
    """Hands of 11 concealed tiles beside the pon ``meld``, of 0-1 shanten."""
    out: list[tuple[Counts, tuple[str, ...]]] = []
    kind = next(iter(shanten.Meld(meld))).index
    while len(out) < number:
        dealt = ready(rng, melds=1)
        if dealt.hand[kind] > 1:
            continue
        counts = with_draw(rng, Deal(dealt.hand, (meld,))).hand
        if counts[kind] > 1:
            continue
        if shanten.shanten(list(counts), melds=[meld]) in (0, 1):
            out.append((counts, (meld,)))
    return out


def cases(seed: int, closed: int, three: int, dragon: int, plain: int) -> list[Case]:
    rng = random.Random(seed)
    found: list[Case] = []
    hands = (
        [(h, m, 4) for h, m in _closed_hands(rng, closed)]
        + [(h, m, 3) for h, m in _closed_hands(rng, three, players=3)]
        + [(h, m, 4) for h, m in _open_hands(rng, dragon, "555z")]
        + [(h, m, 4) for h, m in _open_hands(rng, plain, "222s")]
    )
    for i, (counts, melds, players) in enumerate(hands):
        seat, round_ = _winds(rng, players)
        found.append(
            Case(
                hand=_redden(rng, counts),
                melds=melds,
                players=players,
                seat=seat,
                round=round_,
                dora=_indicators(rng, counts, melds, players),
                riichi=CHOICES[i % 3],
                haitei=i % 2 == 1,
            )
        )
    return found


# -- comparisons ---------------------------------------------------------------------------


def close(a: Sequence[float], b: Sequence[float]) -> bool:
    return len(a) == len(b) and all(
        abs(x - y) <= RELATIVE * max(1.0, abs(x), abs(y)) for x, y in zip(a, b, strict=True)
    )


def disagreements(case: Case, draws: int, memory: Memory) -> list[str]:
    expected = Exact(case, draws, memory).rows()
    got = case.library(draws)
    assert set(got) == set(expected), f"{case}: rows {sorted(got)} != {sorted(expected)}"
    return [
        f"{case} draws={draws} discard {name(d)}: library {got[d]}, {memory} {expected[d]}"
        for d in sorted(expected)
        if not close(got[d], expected[d])
    ]


def sweep(found: list[Case], draws: int, memory: Memory, choices: bool = False) -> None:
    bad: list[str] = []
    for case in found:
        for choice in CHOICES if choices else (case.riichi,):
            bad += disagreements(dataclasses.replace(case, riichi=choice), draws, memory)
    assert not bad, "\n".join(bad)


def no_gap(case: Case) -> bool:
    """Where the model's memory of the hand alone is exact for two draws: no riichi win
    (whose ura pool would count a tile thrown back as unseen) and no haitei (which can
    make a draw thrown back as yakuless win when drawn again)."""
    closed = all(m.concealed for m in case.meld_objects())
    return not case.haitei and (case.riichi == "never" or not closed)


DEFAULT = cases(20261126, closed=4, three=1, dragon=1, plain=1)


@pytest.mark.parametrize("draws", [1, 2])
def test_score_equals_model(draws: int) -> None:
    """Every row: the library's curve is the model's (the engine remembers the hand:
    the draws it would keep or win on weigh their copies less those the hand took in,
    and so does the ura pool)."""
    sweep(DEFAULT, draws, "hand")


def test_score_equals_exact_process_one_draw() -> None:
    """One draw: the model is the exact process."""
    sweep(DEFAULT, 1, "seen")


def test_score_equals_exact_process_two_draws_where_claimed() -> None:
    """Two draws, no riichi win and no haitei: the model is the exact process."""
    found = [c for c in DEFAULT if no_gap(c)]
    assert len(found) >= 2
    sweep(found, 2, "seen")


@pytest.mark.exhaustive
@pytest.mark.parametrize("draws", [1, 2])
def test_score_equals_model_sweep(draws: int) -> None:
    sweep(cases(7, closed=30, three=8, dragon=8, plain=8), draws, "hand", choices=True)


@pytest.mark.exhaustive
@pytest.mark.parametrize("draws", [1, 2])
def test_score_equals_exact_process_sweep(draws: int) -> None:
    found = cases(7, closed=30, three=8, dragon=8, plain=8)
    if draws == 2:
        found = [c for c in found if no_gap(c)]
    sweep(found, draws, "seen", choices=draws == 1)


# -- where the model is not the exact process (two draws) -----------------------------------

#: Two draws on which the library (the model) and the exact process differ; in both the
#: library equals the model (test_score_equals_model), and the gap is the model's memory of
#: the hand alone.
GAPS = [
    # Riichi at the start; a first draw thrown back, a win on the second: the exact ura
    # pool lacks the tile thrown back (it is seen), the model's keeps it. Discard 3s.
    (
        Case("789p333305567s77z", seat="3z", round="2z", dora=("4s",), riichi="always"),
        "3s",
    ),
    # An open hand without yaku (pon of 2s): a first draw that completes it is thrown
    # back, the same tile drawn at the haitei draw wins; the model counts the copy thrown
    # back as still in the wall. Discard 5s.
    (
        Case(
            "23m44455577p5s",
            melds=("222s",),
            seat="4z",
            round="2z",
            dora=("8p",),
            riichi="always",
            haitei=True,
        ),
        "5s",
    ),
]


@pytest.mark.parametrize(("case", "discard"), GAPS, ids=["ura-pool", "haitei-yakuless"])
def test_two_draw_gap(case: Case, discard: str) -> None:
    """The library equals the model and not the exact process; the gap is small (below
    0.3% here) and only in the second draw's entry."""
    d = shanten.Tile(discard).index
    got = case.library(2)[d]
    model = Exact(case, 2, "hand").rows()[d]
    exact = Exact(case, 2, "seen").rows()[d]
    assert close(got, model)
    assert close(got[:2], exact[:2])
    assert not close(got, exact)
    assert abs(got[2] - exact[2]) <= 3e-3 * exact[2]


def test_riichi_on_a_throw_back() -> None:
    """Riichi may be declared on any discard, a throw-back's too: staying closed at the
    start and declaring on the first draw's throw-back puts ippatsu on the haitei draw,
    which pays more here (discard 4m, 'best'); the library plays so."""

    class NoLateRiichi(Exact):
        def after_discard(self, hand, reds, t, riichi, drawn):  # type: ignore[no-untyped-def]
            if t >= 1 and hand == self.start and not riichi:  # a throw-back: no riichi
                return self.draw(hand, reds, t, False, False, drawn)
            return super().after_discard(hand, reds, t, riichi, drawn)

    case = Case("4m234406p111s4447z", seat="4z", round="2z", haitei=True)
    d = shanten.Tile("4m").index
    got = case.library(2)[d]
    assert close(got, Exact(case, 2, "hand").rows()[d])
    assert got[2] > NoLateRiichi(case, 2, "hand").rows()[d][2] + 10  # 459.57 against 446.62
    assert got[1] < 160  # staying closed at the start: 157.38 by the first draw


@pytest.mark.xfail(strict=True, reason="the model forgets tiles thrown back: not exact at 2 draws")
@pytest.mark.parametrize(("case", "discard"), GAPS, ids=["ura-pool", "haitei-yakuless"])
def test_two_draws_exact(case: Case, discard: str) -> None:
    """The claim that the curves are exact within two draws, made for the score."""
    d = shanten.Tile(discard).index
    assert close(case.library(2)[d], Exact(case, 2, "seen").rows()[d])


# -- ura dora by brute force -----------------------------------------------------------------

URA_CASES = [
    # a concealed kan: two ura indicators
    Case(
        "23m456s789s11z9p",
        melds=("1111p",),
        concealed_kan=True,
        seat="2z",
        round="1z",
        dora=("3z", "4s"),
        riichi="always",
    ),
    # three players: 9m and 1m point to each other
    Case("99m123p456s789s11z9p", players=3, seat="1z", round="1z", dora=("8p",), riichi="always"),
    # a red five, haitei with ippatsu
    Case("340m678p22s567s11z9p", seat="1z", round="2z", dora=("1z",), riichi="always", haitei=True),
]


@pytest.mark.parametrize("case", URA_CASES, ids=["kan", "three-players", "red-haitei"])
def test_ura_by_brute_force(case: Case) -> None:
    """One draw after riichi with the row's discard 9p: each winning tile times the
    expectation over every ordered choice of distinct ura indicators from the unseen
    tiles less the winning tile, each priced by ``shanten.score(..., ura=...)``."""
    hand, reds = parse(case.hand)
    melds = case.meld_objects()
    start = plus(hand, shanten.Tile("9p").index, -1)
    assert shanten.shanten(list(start), melds=melds, players=case.players) == 0
    unseen = list(Exact(case, 1).base)
    size = sum(unseen)
    count = 1 + sum(m.kind == "kan" for m in melds)
    expected = 0.0
    for tile in range(NUM_TILES):
        if not unseen[tile] or not shanten.is_complete(
            list(plus(start, tile)), melds=melds, players=case.players
        ):
            continue
        pool = plus(tuple(unseen), tile, -1)
        value = 0.0
        for picks in itertools.product(range(NUM_TILES), repeat=count):
            p = 1.0
            for i, x in enumerate(picks):
                p *= (pool[x] - picks[:i].count(x)) / (sum(pool) - i)
            if p > 0:
                value += (
                    p
                    * shanten.score(
                        notation(plus(start, tile), reds),
                        win=name(tile),
                        melds=melds,
                        tsumo=True,
                        riichi=True,
                        ippatsu=True,
                        last_tile=case.haitei,
                        dora=list(case.dora),
                        ura=[name(x) for x in picks],
                        seat_wind=case.seat,
                        round_wind=case.round,
                        players=case.players,
                    ).points
                )
        expected += unseen[tile] / size * value
    got = case.library(1)[shanten.Tile("9p").index]
    assert expected > 0
    assert close(got, (0.0, expected)), (got, expected)


# -- properties ------------------------------------------------------------------------------


def test_yakuless_hand_scores_nothing() -> None:
    """An open hand whose wins have no yaku: it completes, but wins nothing."""
    case = Case("23m456p789s11z9p", melds=("222s",), seat="1z", round="1z", riichi="best")
    rows = shanten.odds(
        case.hand, draws=3, melds=list(case.melds), score=case.context(), discards=["9p"]
    )
    assert isinstance(rows, tuple)
    (row,) = rows
    assert row.win[-1] > 0
    assert row.score == (0.0, 0.0, 0.0, 0.0)


@settings(max_examples=4, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 2**32 - 1), draws=st.integers(1, 2), three=st.booleans())
def test_properties(seed: int, draws: int, three: bool) -> None:
    """score[0] == 0, nondecreasing; zero where no win can come; riichi 'best' at least
    'always' and 'never' by the last draw; at most win[-1] times the most any win of
    the exact process pays."""
    rng = random.Random(seed)
    case = cases(seed, closed=0 if three else 1, three=1 if three else 0, dragon=0, plain=0)[0]
    case = dataclasses.replace(case, haitei=rng.random() < 0.5)
    # 'best' weighs riichi and staying closed at every chance: it prices every win the
    # other choices can reach
    exact = Exact(dataclasses.replace(case, riichi="best"), draws)
    exact.rows()
    most = max((p for p in exact.scores.values() if p is not None), default=0)
    last: dict[str, dict[int, float]] = {}
    for choice in CHOICES:
        chosen = dataclasses.replace(case, riichi=choice)
        rows = shanten.odds(
            chosen.hand,
            draws=draws,
            players=chosen.players,
            visible=list(chosen.dora),
            score=chosen.context(),
        )
        assert isinstance(rows, tuple)
        last[choice] = {}
        for row in rows:
            assert row.score is not None and len(row.score) == draws + 1
            assert row.score[0] == 0
            assert all(b >= a for a, b in itertools.pairwise(row.score))
            if row.win[-1] == 0:
                assert row.score == (0.0,) * (draws + 1)
            assert row.score[-1] <= row.win[-1] * most * (1 + 1e-12)
            last[choice][row.discard.index] = row.score[-1]
    for d, best in last["best"].items():
        for other in ("always", "never"):
            assert best >= last[other][d] - 1e-9 * max(1.0, best)
