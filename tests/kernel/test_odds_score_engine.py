"""The kernel's expected score (odds(..., score=ScoreContext(...))) against the plain
engine's (shanten._native.odds_score, the reference): the same curve, to the last bits,
on seeded random hands, closed and with melds (called and concealed, red fives in the
hand and the melds), with four and three players, each riichi choice, with and without
the last tile, the switches, 1 to 17 draws and dora indicators; and the same curve on
any number of threads.

These tests skip on the plain path.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import shanten
from shanten import _engine
from shanten._engine import EngineName
from shanten._kernel import _c
from shanten._kernel.engine import ENGINE
from shanten.discard_odds import DiscardOdds
from shanten.score_context import ScoreContext
from shanten.score_types import RiichiChoice
from shanten.scoring_rules import MAHJONG_SOUL, TENHOU, Rules

pytestmark = pytest.mark.skipif(not shanten.accelerated, reason="the C kernel is not in use")

RIICHI: tuple[RiichiChoice, ...] = ("best", "always", "never")
#: How far apart the two engines' expected points may be, relative to the points.
RELATIVE = 1e-9
#: The three-player rules: no tsumo loss, so the absent player's share is split.
SANMA = Rules(name="sanma", red_fives=(0, 1, 1), tsumo_loss=False, kiriage=True)


@pytest.fixture(autouse=True)
def _tables_installed() -> None:
    ENGINE.installed()


def _name(tile: int, red: bool) -> str:
    return ("0" if red else str(tile % 9 + 1)) + "mpsz"[tile // 9]


def deal(rng: random.Random, players: int, rules: Rules) -> dict[str, Any]:
    """A 3n+2 hand near ready (as notation, some fives red) and 0-2 melds (a pon, a chi,
    an open or a concealed kan, red fives among them), a few tiles seen: a complete hand
    of random sets and a pair, some of the sets called, one or two concealed tiles then
    swapped for others of the wall."""
    wall = [t for t in range(34) for _ in range(4) if players == 4 or not 1 <= t <= 7]
    rng.shuffle(wall)
    reds = list(rules.red_fives)

    def red(tile: int) -> bool:
        suit = tile // 9
        if tile >= 27 or tile % 9 != 4 or not reds[suit] or rng.random() < 0.5:
            return False
        reds[suit] -= 1
        return True

    def take(tiles: list[int]) -> bool:
        if any(wall.count(t) < tiles.count(t) for t in tiles):
            return False
        for t in tiles:
            wall.remove(t)
        return True

    melds: list[str] = []
    hand: list[int] = []
    called = rng.choice([0, 0, 0, 1, 2])
    while len(melds) + len(hand) // 3 < 4:
        tile = rng.choice(wall)
        kind = rng.choice(["chi", "pon"] + ["kan"] * (len(melds) < called))
        if kind == "chi" and (tile >= 27 or tile % 9 > 6):
            continue
        tiles = [tile, tile + 1, tile + 2] if kind == "chi" else [tile] * (3 + (kind == "kan"))
        if not take(tiles):
            continue
        if len(melds) < called:
            text = "".join(_name(t, red(t))[0] for t in tiles) + "mpsz"[tile // 9]
            melds.append(f"({text})" if kind == "kan" and rng.random() < 0.6 else text)
        else:
            hand += tiles[:3]
    while not take([pair := rng.choice(wall)] * 2):
        pass
    hand += [pair, pair]
    for _ in range(rng.choice([1, 1, 2])):  # swapped: near ready, rarely complete
        hand[rng.randrange(len(hand))] = wall.pop()
    text = "".join(_name(t, red(t)) for t in sorted(hand))
    visible = [_name(t, False) for t in wall[: rng.randrange(20)]]
    return {"hand": text, "melds": melds, "players": players, "visible": visible}


def context(rng: random.Random, players: int, rules: Rules, visible: list[str]) -> ScoreContext:
    """A game for the hand: the dora indicators are among its ``visible`` tiles."""
    winds = ["1z", "2z", "3z"] if players == 3 else ["1z", "2z", "3z", "4z"]
    dora = rng.sample(visible, min(len(visible), rng.choice([0, 1, 1, 2, 4])))
    return ScoreContext(
        seat_wind=rng.choice(winds),
        round_wind=rng.choice(winds[:2]),
        dora=dora,
        rules=rules,
        riichi=rng.choice(RIICHI),
        haitei=rng.random() < 0.3,
        north=rng.choice([0, 0, 1]) if players == 3 else 0,
    )


def on(engine: EngineName, **question: Any) -> tuple[DiscardOdds, ...]:
    with _engine.use(engine):
        rows = shanten.odds(**question)
    assert isinstance(rows, tuple)
    return rows


def difference(fast: tuple[DiscardOdds, ...], plain: tuple[DiscardOdds, ...]) -> float:
    """The largest difference of the two engines' expected points, relative to them
    (absolute below one point); the rows must agree, and the other curves as closely as
    the kernel's odds always do."""
    assert [row.discard for row in fast] == [row.discard for row in plain]
    worst = 0.0
    for a, b in zip(fast, plain, strict=True):
        for got, want in ((a.tenpai, b.tenpai), (a.win, b.win)):  # as test_odds_engine.py
            assert max(abs(x - y) for x, y in zip(got, want, strict=True)) <= 1e-12
        assert a.score is not None and b.score is not None
        assert len(a.score) == len(b.score)
        for x, y in zip(a.score, b.score, strict=True):
            worst = max(worst, abs(x - y) / max(1.0, abs(y)))
    return worst


def compare(seed: int, players: int, questions: int, switching: float) -> float:
    """The largest difference over `questions` seeded questions; a hand one tile from
    ready turns the switches on (whose graphs the reference is slow to build) in a
    `switching` share of them, a ready hand in three quarters."""
    rng = random.Random(seed)
    rules = [TENHOU, MAHJONG_SOUL] if players == 4 else [SANMA]
    worst, asked = 0.0, 0
    while asked < questions:
        chosen = rng.choice(rules)
        question = deal(rng, players, chosen)
        rows = shanten.discards(question["hand"], melds=question["melds"], players=players)
        distance = min(row.shanten for row in rows)
        if distance > 1:
            continue
        kept = [str(row.discard) for row in rows if row.shanten == distance][:2]
        draws = rng.randint(1, 17 if distance == 0 else 8)
        hand_changes, shanten_back = False, False
        if rng.random() < (0.75 if distance == 0 else switching):
            hand_changes, shanten_back = rng.choice([(True, False), (False, True), (True, True)])
        question |= {
            "draws": draws,
            "discards": kept,
            "hand_changes": hand_changes,
            "shanten_back": shanten_back,
            "score": context(rng, players, chosen, question["visible"]),
            "jobs": 1,
        }
        worst = max(worst, difference(on("kernel", **question), on("reference", **question)))
        asked += 1
    return worst


@pytest.mark.parametrize("players", [4, 3])
def test_the_kernel_score_equals_the_reference(players: int) -> None:
    assert compare(players, players, 30, 0.1) <= RELATIVE


@pytest.mark.exhaustive
@pytest.mark.parametrize("players", [4, 3])
@pytest.mark.parametrize("seed", range(4))
def test_the_kernel_score_equals_the_reference_on_many_hands(players: int, seed: int) -> None:
    assert compare(100 + 10 * seed + players, players, 40, 0.5) <= RELATIVE


@pytest.mark.parametrize(
    ("hand", "melds", "dora"),
    [
        ("0m55m23p406p11z2z", ["(0555s)"], "4s"),  # a concealed kan: two ura indicators
        ("234567m34p22s567s9p", [], "3m"),  # pinfu tanyao, riichi or dama
        ("0m55m34p78s9s", ["406p", "(1111z)"], "9m"),  # an open hand: no riichi
        ("1189m19p19s123456z", [], ""),  # thirteen orphans, a yakuman not raised by dora
    ],
)
@pytest.mark.parametrize("riichi", RIICHI)
def test_the_kernel_score_equals_the_reference_on_chosen_hands(
    hand: str, melds: list[str], dora: str, riichi: RiichiChoice
) -> None:
    score = ScoreContext(seat_wind="2z", round_wind="1z", dora=dora, riichi=riichi, haitei=True)
    question = {
        "hand": hand,
        "melds": melds,
        "visible": dora,
        "draws": 6,
        "score": score,
        "jobs": 1,
    }
    assert difference(on("kernel", **question), on("reference", **question)) <= RELATIVE


def test_the_score_does_not_depend_on_the_threads() -> None:
    score = ScoreContext(seat_wind="1z", round_wind="1z", dora="3m")
    for hand in ("23489m6799p22567s", "1346m5p1235688s77z"):
        question = {
            "hand": hand,
            "visible": "3m",
            "draws": 12,
            "score": score,
            "hand_changes": True,
        }
        alone = on("kernel", **question, jobs=1)
        assert on("kernel", **question, jobs=2) == alone
        assert on("kernel", **question, jobs=5) == alone


def test_without_a_score_the_answers_are_unchanged() -> None:
    hand = "23489m6799p22567s"
    plain = on("kernel", hand=hand, draws=6)
    scored = on("kernel", hand=hand, draws=6, score=ScoreContext("2z", "1z"))
    assert [(r.discard, r.tenpai, r.win) for r in plain] == [
        (r.discard, r.tenpai, r.win) for r in scored
    ]
    assert all(r.score is None for r in plain)


WORTH = (b"", b"\x03", 28, 27, 0, 1, 0, b"\x00\x00\x00", 1, 0, False)


@pytest.mark.parametrize(
    ("worth", "message"),
    [
        ((1, 2), "worth"),
        ([*WORTH], "a tuple"),
        ((b"\x01\x00\x00", *WORTH[1:]), "out of range"),  # a meld for a 13-tile start
        ((b"", bytes(9), *WORTH[2:]), "out of range"),  # nine dora
        ((*WORTH[:2], 26, *WORTH[3:]), "out of range"),  # not a wind
        ((*WORTH[:8], 6, *WORTH[9:]), "out of range"),  # six ura indicators
        ((*WORTH[:9], 3, WORTH[10]), "out of range"),  # no such riichi choice
    ],
)
def test_the_kernel_refuses_a_worth_the_binding_never_sends(worth: Any, message: str) -> None:
    hand = [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1] + [0] * 21
    args = ([bytes(hand)], 4, True, bytes(4 - c for c in hand), 3, False, False, 3, 1000)
    with pytest.raises((ValueError, TypeError), match=message):
        _c.odds(*args, worth=worth)


def test_scored_starts_answered_together_equal_each_start_alone() -> None:
    """The discards of a hand in one call (their store of hands shared, or started afresh
    before each), solved by one thread or several, give each start its answer alone,
    expected score included."""
    counts = [0] * 34
    for tile in (1, 2, 3, 7, 8, 13, 14, 22, 22, 23, 24, 25, 31, 31):  # 234m89m56p55678s55z
        counts[tile] += 1
    starts = []
    for tile in range(34):
        if counts[tile]:
            start = list(counts)
            start[tile] -= 1
            starts.append(bytes(start))
    unseen = bytes(4 - c for c in counts)
    args = (4, True, unseen, 10, True, False, 2, 250_000)
    alone = [_c.odds([start], *args, worth=WORTH)[0] for start in starts]
    assert all(len(answer) == 4 for answer in alone)
    for store_bytes in (0, 64 << 20):
        for threads in (1, 2, 5):
            assert _c.odds(starts, *args, store_bytes, threads, worth=WORTH) == alone
