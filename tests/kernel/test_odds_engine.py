"""The kernel's odds engine against the plain one (shanten._native.odds): the same
graph, the same curves, and the kernel's own refusals.

The plain engine is the reference; the model itself is proven against the exact process
in tests/discard_odds/test_odds.py. These tests skip on the plain path.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import shanten
from shanten import _engine
from shanten._kernel import _c
from shanten._kernel.engine import ENGINE
from shanten._native.odds import Graph, Rules, Solution, distance_of
from shanten.discard_odds import max_states
from shanten.hand import position
from shanten.notation import counts_of, parse_tiles

pytestmark = pytest.mark.skipif(not shanten.accelerated, reason="the C kernel is not in use")


@pytest.fixture(autouse=True)
def _tables_installed() -> None:
    ENGINE.installed()


SWITCHES = [(False, False), (True, False), (False, True), (True, True)]


def deal(rng: random.Random, players: int) -> tuple[list[int], list[int], list[str]]:
    """A 3n+1 hand (13, 10 or 7 tiles: 0-2 pons called first), the unseen counts after
    a few more tiles are seen, and the melds."""
    wall = [t for t in range(34) for _ in range(4) if players == 4 or not 1 <= t <= 7]
    rng.shuffle(wall)
    melds = []
    for _ in range(rng.choice([0, 0, 1, 2])):
        tile = next(t for t in wall if wall.count(t) >= 3)
        for _ in range(3):
            wall.remove(tile)
        melds.append(f"{tile % 9 + 1}{tile % 9 + 1}{tile % 9 + 1}{'mpsz'[tile // 9]}")
    hand = [0] * 34
    for tile in wall[: 13 - 3 * len(melds)]:
        hand[tile] += 1
    seen = [0] * 34
    for tile in wall[13 - 3 * len(melds) : 13 - 3 * len(melds) + rng.randrange(30)]:
        seen[tile] += 1
    pos = position(hand, melds, players)
    unseen = [
        (0 if players == 3 and 1 <= t <= 7 else 4) - hand[t] - seen[t] - _melded(pos, t)
        for t in range(34)
    ]
    return hand, unseen, melds


def _melded(pos: Any, tile: int) -> int:
    return sum(1 for meld in pos.melds for t in meld.tiles if t.index == tile)


def both(
    hand: list[int], unseen: list[int], melds: list[str], players: int, draws: int, **rules: Any
) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    pos = position(hand, melds, players)
    best = rules.pop("best")
    switches = Rules(**rules)
    (fast,) = _c.odds(
        [bytes(hand)],
        players,
        not melds,
        bytes(unseen),
        draws,
        switches.hand_changes,
        switches.shanten_back,
        best,
        max_states(draws),
    )
    graph = Graph(pos.counts, unseen, switches, distance_of(pos), best=best)
    wall = sum(unseen)
    plain = (
        Solution(graph, wall, draws, "tenpai").curve,
        Solution(graph, wall, draws, "win").curve,
        len(graph.hands),
    )
    return fast, plain


@pytest.mark.parametrize(
    "positions",  # the first of the seeded positions by default, all of them exhaustively
    [pytest.param(10, id="sample"), pytest.param(40, id="all", marks=pytest.mark.exhaustive)],
)
@pytest.mark.parametrize("players", [4, 3])
def test_kernel_engine_equals_the_plain_engine(players: int, positions: int) -> None:
    rng = random.Random(players)
    compared = 0
    while compared < positions:
        hand, unseen, melds = deal(rng, players)
        distance = shanten.shanten(hand, melds=melds, players=players) + 1
        if distance > 3:
            continue
        draws = rng.choice([0, 1, 2, 3, 6, 17])
        for hand_changes, shanten_back in SWITCHES:
            if distance == 3 and (hand_changes or shanten_back):
                continue
            best = max(distance - rng.choice([0, 0, 1]), 1)
            fast, plain = both(
                hand,
                unseen,
                melds,
                players,
                draws,
                hand_changes=hand_changes,
                shanten_back=shanten_back,
                best=best,
            )
            assert fast[2] == plain[2]  # the same hands explored
            for got, want in zip(fast[:2], plain[:2], strict=True):
                assert len(got) == draws + 1
                assert max(abs(a - b) for a, b in zip(got, want, strict=True)) <= 1e-12
            compared += 1


@pytest.mark.parametrize("draws", [3, pytest.param(6, marks=pytest.mark.exhaustive)])
def test_the_public_verb_uses_the_kernel_and_agrees_with_the_plain_path(draws: int) -> None:
    """odds() on the kernel equals odds() on the reference engine."""
    hand = "23489m6799p22567s"
    with _engine.use("kernel"):
        fast = shanten.odds(hand, draws=draws, hand_changes=True)
    with _engine.use("reference"):
        plain = shanten.odds(hand, draws=draws, hand_changes=True)
    assert isinstance(fast, tuple) and isinstance(plain, tuple)
    assert [row.discard for row in fast] == [row.discard for row in plain]
    for a, b in zip(fast, plain, strict=True):
        assert (
            max(abs(x - y) for x, y in zip(a.win + a.tenpai, b.win + b.tenpai, strict=True))
            <= 1e-12
        )


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"unseen": bytes([4] * 34)}, "more copies than the game holds"),
        ({"draws": 200}, "out of range"),
        ({"draws": -1}, "out of range"),
        ({"best": 15}, "out of range"),
        ({"max_states": 0}, "out of range"),
        ({"store_bytes": -1}, "out of range"),
        ({"threads": 0}, "out of range"),
        ({"starts": [bytes([1] * 33 + [0])]}, "not one the tables hold"),
        ({"starts": [bytes([1] * 13 + [0] * 21), bytes([1] * 10 + [0] * 24)]}, "different sizes"),
        ({"starts": bytes([1] * 13 + [0] * 21)}, "a sequence of hands, not one hand"),
        ({"starts": 7}, "a sequence of hands"),
    ],
)
def test_the_kernel_refuses_what_the_binding_never_sends(
    change: dict[str, Any], message: str
) -> None:
    hand = [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1] + [0] * 21
    args = {
        "starts": [bytes(hand)],
        "players": 4,
        "closed": True,
        "unseen": bytes(4 - c for c in hand),
        "draws": 3,
        "hand_changes": False,
        "shanten_back": False,
        "best": 3,
        "max_states": 1000,
        "store_bytes": 1000,
        "threads": 1,
    }
    args.update(change)
    with pytest.raises((ValueError, TypeError), match=message):
        _c.odds(*args.values())  # type: ignore[call-overload]


def test_past_the_limit_the_kernel_stops_and_says_how_many() -> None:
    hand = counts_of(parse_tiles("147m258p369s1234z"))  # 6-shanten
    easy = counts_of(parse_tiles("123m456p789s1122z"))
    unseen = bytes(4 - a - b for a, b in zip(hand, easy, strict=True))
    answers = _c.odds([bytes(hand), bytes(easy)], 4, True, unseen, 17, True, True, 7, 50)
    assert answers == [(None, None, 50)]  # the start after it is not answered
    (answer,) = _c.odds([bytes(easy)], 4, True, unseen, 17, False, False, 1, 50)
    assert answer[0] is not None and answer[2] <= 50


@pytest.mark.parametrize("threads", [1, 2, 5])
def test_past_the_limit_the_starts_before_it_are_answered_on_any_threads(threads: int) -> None:
    hand = counts_of(parse_tiles("147m258p369s1234z"))  # 6-shanten
    easy = counts_of(parse_tiles("123m456p789s1122z"))
    unseen = bytes(4 - a - b for a, b in zip(hand, easy, strict=True))
    starts = [bytes(easy), bytes(easy), bytes(hand), bytes(easy)]
    args = (4, True, unseen, 17, False, False, 7, 50, 64 << 20)
    (alone,) = _c.odds(starts[:1], *args)
    reported: list[tuple[int, Any]] = []
    answers = _c.odds(starts, *args, threads, lambda i, answer: reported.append((i, answer)))
    assert answers == [alone, alone, (None, None, 50)]
    assert reported == [(0, alone), (1, alone)]


def discards_of(counts: list[int]) -> list[bytes]:
    """The 3n+1 starts of a 3n+2 hand (its counts), one per distinct discard."""
    starts = []
    for tile in range(34):
        if counts[tile]:
            start = list(counts)
            start[tile] -= 1
            starts.append(bytes(start))
    return starts


@pytest.mark.parametrize("threads", [1, 2, 5])
def test_progress_gets_each_answer_in_order_as_it_comes(threads: int) -> None:
    hand = "1346m5p1235688s77z"  # 2-shanten
    starts = discards_of(counts_of(parse_tiles(hand)))
    unseen = bytes(4 - c for c in counts_of(parse_tiles(hand)))
    args = (4, True, unseen, 8, True, True, 3, 250_000, 64 << 20, threads)
    reported: list[tuple[int, Any]] = []
    answers = _c.odds(starts, *args, lambda i, a: reported.append((i, a)))
    assert reported == list(enumerate(answers)) and len(answers) == len(starts)


class Stop(Exception):
    pass


@pytest.mark.parametrize("threads", [1, 2, 5])
def test_an_exception_in_progress_stops_the_run_and_is_raised(threads: int) -> None:
    hand = "1346m5p1235688s77z"
    starts = discards_of(counts_of(parse_tiles(hand)))
    unseen = bytes(4 - c for c in counts_of(parse_tiles(hand)))
    args = (4, True, unseen, 8, True, True, 3, 250_000, 64 << 20, threads)
    reported: list[int] = []

    def stop_at_three(i: int, answer: Any) -> None:
        reported.append(i)
        if i == 3:
            raise Stop("enough")

    with pytest.raises(Stop, match="enough"):
        _c.odds(starts, *args, stop_at_three)
    assert reported == [0, 1, 2, 3]
    with pytest.raises(TypeError, match="progress: a callable or None"):
        _c.odds(starts, *args, 3)  # type: ignore[call-overload]


@pytest.mark.parametrize(
    "hands",  # the first of the seeded hands by default, all of them exhaustively
    [pytest.param(4, id="sample"), pytest.param(16, id="all", marks=pytest.mark.exhaustive)],
)
@pytest.mark.parametrize("players", [4, 3])
def test_starts_answered_together_equal_each_start_alone(players: int, hands: int) -> None:
    """The discards of one 3n+2 hand answered in one call, which share the hands they
    meet, give each start bit for bit what it gets alone; so does a call whose store of
    hands starts afresh before every start past a few kilobytes, or before each one, and
    a call whose graphs are solved by several threads."""
    rng = random.Random(20 + players)
    compared = 0
    while compared < hands:
        hand, unseen, melds = deal(rng, players)
        extra = rng.choice([t for t in range(34) if unseen[t]])
        hand[extra] += 1
        unseen[extra] -= 1
        if shanten.shanten(hand, melds=melds, players=players) > 2:
            continue
        starts = discards_of(hand)
        hand_changes, shanten_back = rng.choice(SWITCHES)
        best = shanten.shanten(hand, melds=melds, players=players) + 1
        args = (players, not melds, bytes(unseen), 8, hand_changes, shanten_back, best, 250_000)
        together = _c.odds(starts, *args)
        alone = [_c.odds([start], *args)[0] for start in starts]
        assert together == alone
        for store_bytes in (0, 100_000):
            assert _c.odds(starts, *args, store_bytes) == alone
        for threads in (2, 3, 64, 1000):
            assert _c.odds(starts, *args, 64 << 20, threads) == alone
            assert _c.odds(starts, *args, 0, threads) == alone
        compared += 1
