"""The melded-copies rule (``count_melded_copies=True`` with melds) in the kernel against
the reference engine: the same distances, effective tiles, discard tables and odds on
random capped positions of 3- and 4-player mahjong, and the kernel's refusals of caps
and shape tables it is never sent.

The reference recomputes a capped part over its complete shapes in plain Python; the
kernel does the same in C. These tests skip on the plain path.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import shanten
from shanten import _engine
from shanten._kernel import _c
from shanten._kernel.engine import ENGINE
from shanten._native.odds import Graph, Rules, Solution, distance_of
from shanten.discard_odds import max_states
from shanten.hand import Position, position
from shanten.tables.classes import kernel_shapes
from shanten.tiles import TILES

pytestmark = pytest.mark.skipif(not shanten.accelerated, reason="the C kernel is not in use")

SWITCHES = [(False, False), (True, False), (False, True), (True, True)]


def tile_name(tile: int) -> str:
    return f"{tile % 9 + 1}{'mpsz'[tile // 9]}"


def capped_position(rng: random.Random) -> tuple[list[int], dict[str, Any]]:
    """A concealed hand (3n+1 or 3n+2) with 1-4 melds (pons, kans and chis taken from the
    wall first, so they often touch the hand's tiles), a few visible tiles, the rule on."""
    players = rng.choice([3, 4])
    wall = [t for t in range(34) for _ in range(4) if players == 4 or not 1 <= t <= 7]
    rng.shuffle(wall)
    melds: list[str] = []
    while len(melds) < rng.randint(1, 4):
        tile = rng.choice(wall)
        kind = rng.random()
        run = [tile, tile + 1, tile + 2]
        if kind < 0.4 and tile < 27 and tile % 9 <= 6 and all(t in wall for t in run):
            if players == 3 and tile < 9:
                continue
            for t in run:
                wall.remove(t)
            melds.append("".join(str(t % 9 + 1) for t in run) + "mpsz"[tile // 9])
        elif kind < 0.55 and wall.count(tile) == 4:
            for _ in range(4):
                wall.remove(tile)
            melds.append(str(tile % 9 + 1) * 4 + "mpsz"[tile // 9])
        elif wall.count(tile) >= 3:
            for _ in range(3):
                wall.remove(tile)
            melds.append(str(tile % 9 + 1) * 3 + "mpsz"[tile // 9])
    size = 13 - 3 * len(melds) + rng.randint(0, 1)
    hand = [0] * 34
    for tile in wall[:size]:
        hand[tile] += 1
    visible = "".join(tile_name(t) for t in wall[size : size + rng.randrange(8)])
    options = {"melds": melds, "players": players, "count_melded_copies": True}
    return hand, options | {"visible": visible}


def answers(engine: str, hand: list[int], options: dict[str, Any]) -> list[Any]:
    """Everything the engine answers of a capped hand: the shanten number, and for a
    3n+1 hand its effective tiles in both form views (tiles and unseen counts), for a
    3n+2 hand its discard tables (rows in order)."""
    plain = {k: v for k, v in options.items() if k != "visible"}
    pos = position(hand, **plain)
    assert pos.capped
    with _engine.use(engine):  # type: ignore[arg-type]
        found: list[Any] = [shanten.shanten(hand, **plain), _engine.engine.distance(pos)]
        for form in ("all", "standard"):
            if sum(hand) % 3 == 1:
                found.append(shanten.ukeire(hand, **options, form=form))
                found.append(_engine.engine.effective(pos, hand, form))
            else:
                found.append(shanten.discards(hand, **options, form=form))
                found.append(shanten.discards(hand, **plain, form=form))
    return found


@pytest.mark.parametrize(
    "positions",
    [pytest.param(400, id="sample"), pytest.param(4000, id="all", marks=pytest.mark.exhaustive)],
)
def test_capped_answers_equal_the_reference(positions: int) -> None:
    rng = random.Random(2024)
    kinds = {(3, 1): 0, (3, 2): 0, (4, 1): 0, (4, 2): 0}
    for _ in range(positions):
        hand, options = capped_position(rng)
        kinds[options["players"], sum(hand) % 3] += 1
        assert answers("kernel", hand, options) == answers("reference", hand, options), (
            hand,
            options,
        )
    assert min(kinds.values()) > positions // 10  # every game and size is covered


def test_a_capped_wait_is_unusable_in_the_kernel_too() -> None:
    """4z waited on with a pon of 4z: no copy is left for a pair under the rule, so the
    hand is 1-shanten and every other tile with a copy to pair helps."""
    melds = ["444z", "555z", "111m", "999p"]
    with _engine.use("kernel"):
        default = shanten.ukeire("4z", melds=melds)
        counted = shanten.ukeire("4z", melds=melds, count_melded_copies=True)
    assert default.shanten == 0 and default.tiles == (shanten.Tile("4z"),)
    assert counted.shanten == 1 and shanten.Tile("4z") not in counted.tiles
    ponned = {shanten.Tile(name) for name in ("4z", "5z", "1m", "9p")}  # one copy left
    assert set(counted.tiles) == set(TILES) - ponned


def test_no_caps_and_caps_of_four_are_the_uncapped_answers() -> None:
    ENGINE.installed()
    ENGINE._caps(position("1m", ["444z", "123m", "456p", "789s"], count_melded_copies=True))
    hand = bytes(position("2389m6799p22567s").counts)
    unseen = bytes(4 - c for c in hand)
    for caps in (None, bytes([4] * 34)):
        assert _c.distance(hand, 4, 0, True, caps=caps) == _c.distance(hand, 4, 0, True)
        assert _c.effective(hand, 4, 0, True, caps=caps) == _c.effective(hand, 4, 0, True)
        assert _c.ukeire(hand, 4, 1, True, unseen, caps=caps) == _c.ukeire(hand, 4, 1, True, unseen)


def both_odds(
    pos: Position, unseen: list[int], draws: int, hand_changes: bool, shanten_back: bool, best: int
) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    """One start's (tenpai, win, hands explored) by the kernel and by the reference."""
    caps = ENGINE._caps(pos)
    ((tenpai, win, states),) = _c.odds(
        [bytes(pos.counts)],
        pos.players,
        False,
        bytes(unseen),
        draws,
        hand_changes,
        shanten_back,
        best,
        max_states(draws),
        caps=caps,
    )
    graph = Graph(
        pos.counts, unseen, Rules(hand_changes, shanten_back), distance_of(pos), best=best
    )
    wall = sum(unseen)
    plain = (
        Solution(graph, wall, draws, "tenpai").curve,
        Solution(graph, wall, draws, "win").curve,
        len(graph.hands),
    )
    return (tenpai, win, states), plain


@pytest.mark.parametrize(
    "positions",
    [pytest.param(6, id="sample"), pytest.param(30, id="all", marks=pytest.mark.exhaustive)],
)
def test_capped_odds_equal_the_reference(positions: int) -> None:
    """The same graph (hands explored) and curves to 1e-12, with and without switches, at
    1 to 6 draws, on 3n+1 hands of 1-3 shanten."""
    rng = random.Random(7)
    compared = 0
    while compared < positions:
        hand, options = capped_position(rng)
        if sum(hand) % 3 != 1:
            continue
        plain = {k: v for k, v in options.items() if k != "visible"}
        pos = position(hand, **plain)
        distance = ENGINE.distance(pos)
        assert distance is not None
        if distance > 3:
            continue
        seen = [hand[t] for t in range(34)]
        for meld in pos.melds:
            for tile in meld.tiles:
                seen[tile.index] += 1
        for shown in rng.sample(range(34), 6):  # a few tiles visible
            if seen[shown] < pos.caps[shown]:
                seen[shown] += 1
        unseen = [max(0, (0 if pos.caps[t] == 0 else 4) - seen[t]) for t in range(34)]
        draws = rng.randint(1, 6)
        for hand_changes, shanten_back in SWITCHES:
            if distance == 3 and (hand_changes or shanten_back):
                continue
            best = max(distance - rng.choice([0, 0, 1]), 1)
            fast, reference = both_odds(pos, unseen, draws, hand_changes, shanten_back, best)
            assert fast[2] == reference[2]  # the same hands explored
            for got, want in zip(fast[:2], reference[:2], strict=True):
                assert len(got) == draws + 1
                assert max(abs(a - b) for a, b in zip(got, want, strict=True)) <= 1e-12
        compared += 1


@pytest.mark.parametrize(("hand_changes", "shanten_back"), [(False, False), (True, True)])
def test_the_public_odds_use_the_kernel_and_agree_with_the_reference(
    hand_changes: bool, shanten_back: bool
) -> None:
    """A whole capped discard table: the same rows in the same order, the same curves."""
    options: dict[str, Any] = {
        "melds": ["678m", "111z"],
        "count_melded_copies": True,
        "draws": 3,
        "hand_changes": hand_changes,
        "shanten_back": shanten_back,
    }
    hand = "5579m347p6s"
    with _engine.use("kernel"):
        fast = shanten.odds(hand, **options)
    with _engine.use("reference"):
        plain = shanten.odds(hand, **options)
    assert isinstance(fast, tuple) and isinstance(plain, tuple)
    assert [row.discard for row in fast] == [row.discard for row in plain]
    for a, b in zip(fast, plain, strict=True):
        assert a.shanten == b.shanten
        assert (
            max(abs(x - y) for x, y in zip(a.win + a.tenpai, b.win + b.tenpai, strict=True))
            <= 1e-12
        )


def test_the_kernel_refuses_caps_it_is_never_sent() -> None:
    ENGINE.installed()
    pos = position("1m", ["444z", "123m", "456p", "789s"], count_melded_copies=True)
    caps = ENGINE._caps(pos)
    hand = bytes(pos.counts)
    with pytest.raises(ValueError, match="caps: expected 34 bytes"):
        _c.distance(hand, 4, 0, False, caps=caps[:-1])
    with pytest.raises(ValueError, match="caps: expected 34 bytes"):
        _c.distance(hand, 4, 0, False, caps=bytes([5] * 34))
    over = bytes([4] * 27 + [0] * 7)  # no honour allowed: 1m is fine, 4z would not be
    held = bytes(position("4z", ["111m", "123m", "456p", "789s"]).counts)
    with pytest.raises(ValueError, match="more copies of a tile than its cap"):
        _c.distance(held, 4, 0, False, caps=over)
    pair = bytes(position("44z", ["111m", "123m", "456p", "789s"]).counts)
    with pytest.raises(ValueError, match="more copies of a tile than its cap"):
        _c.discards(pair, 4, 0, False, bytes(34), caps=over)
    unseen = bytes(4 - c for c in hand)  # the melds' copies counted as unseen
    with pytest.raises(ValueError, match="more copies than the caps allow"):
        _c.odds([hand], 4, False, unseen, 2, False, False, 1, 1000, caps=caps)


@pytest.mark.parametrize(
    ("part", "item", "change", "message"),
    [
        (0, 0, lambda a: a[:-1], "shapes: expected"),
        (0, 0, lambda a: np.where(a == 4, 5, a), "shapes: entry"),
        (1, 1, lambda a: np.where(a == 9, 10, a), "targets: entry"),
        (1, 1, lambda a: a[::-1].copy(), "is below the one before"),
        (3, 2, lambda a: a[:-1], "vectors: expected"),
        (
            3,
            2,
            lambda a: np.concatenate([[16], a.reshape(-1)[1:]]).astype(np.uint8),
            "vectors: entry",
        ),
    ],
)
def test_the_kernel_refuses_shapes_that_are_not_the_tables(
    part: int, item: int, change: Any, message: str
) -> None:
    ENGINE.installed()
    parts: list[list[Any]] = [list(p) for p in kernel_shapes(4)]
    parts[part][item] = change(parts[part][item])
    with pytest.raises(ValueError, match=message):
        _c.install_shapes(4, [tuple(p) for p in parts])
    # nothing installed from the tables that failed: the rule still agrees
    hand, options = [0] * 34, {"melds": ["444z", "123m", "456p", "789s"], "players": 4}
    hand[27] = 1
    options |= {"count_melded_copies": True, "visible": ""}
    assert answers("kernel", hand, options) == answers("reference", hand, options)
