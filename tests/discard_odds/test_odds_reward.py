"""The value of a win is a parameter of the programme: 1 gives probabilities, a score
per winning hand gives expected scores."""

from __future__ import annotations

import pytest

from shanten._native.odds import Graph, Rules, Solution, distance_of
from shanten.hand import position
from shanten.notation import counts_of, parse_tiles


def graph_of(hand: str, rules: Rules | None = None) -> tuple[Graph, int]:
    counts = counts_of(parse_tiles(hand))
    unseen = [4 - c for c in counts]
    graph = Graph(counts, unseen, rules or Rules(), distance_of(position(counts)))
    return graph, sum(unseen)


@pytest.mark.parametrize(
    ("hand", "rules"),
    [("23489m6799p2256s", Rules()), ("123m456p789s1122z", Rules(hand_changes=True))],
)
@pytest.mark.parametrize("draws", [1, 4, 9])
def test_a_constant_reward_scales_the_curve(hand: str, rules: Rules, draws: int) -> None:
    graph, wall = graph_of(hand, rules)
    plain = Solution(graph, wall, draws, "win").curve
    scored = Solution(graph, wall, draws, "win", reward=lambda drawn: 1000.0).curve
    assert scored == pytest.approx([1000.0 * p for p in plain], rel=1e-12, abs=1e-12)


def test_the_reward_reaches_each_winning_hand() -> None:
    """A shanpon on 1z and 2z: with 1z worth 2 and 2z worth 0, one draw is worth
    2 * (2 copies of 1z) / 123 unseen."""
    graph, wall = graph_of("123m456p789s1122z")

    def score(drawn: tuple[int, ...]) -> float:
        return 2.0 if drawn[27] == 3 else 0.0

    assert Solution(graph, wall, 1, "win", reward=score).curve == (0.0, 2 * 2 / 123)
