"""What a win would be worth where the odds look ahead: :class:`ScoreContext`, the game
around a hand (場況: winds, dora indicators, rules, the riichi choice), and
:class:`Worth`, the same checked and in tile indices, which the odds' engines read.

>>> from shanten.hand import position
>>> context = ScoreContext(seat_wind="2z", round_wind="1z", dora="3m")
>>> worth = context.checked(position("123m456p789s1122z"), "123m456p789s1122z")
>>> worth.dora, worth.seat, worth.ura_indicators, worth.closed
((3,), 28, 1, True)
>>> ScoreContext(seat_wind="2z", round_wind="1z", riichi="sometimes")
Traceback (most recent call last):
...
shanten.errors.RuleError: riichi is 'best', 'always' or 'never', not 'sometimes'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final, get_args

from shanten import options
from shanten.efficiency import VisibleLike
from shanten.errors import HandError, RuleError, WinError, described
from shanten.hand import HandLike, Position
from shanten.notation import tile_name
from shanten.options import flag
from shanten.score_types import RiichiChoice, Worth
from shanten.scoring import (
    MAX_INDICATORS,
    TileLike,
    TilesLike,
    _tiles,
    _wind,
    dora_of,
    red_fives_of,
)
from shanten.scoring_rules import TENHOU, Rules

__all__ = ["ScoreContext"]

_CHOICES: Final = get_args(RiichiChoice)


@dataclass(frozen=True)
class ScoreContext:
    """The game around a hand, for the expected score of :func:`shanten.odds`.

    ``seat_wind`` and ``round_wind`` are wind tiles (``"2z"``: South); ``dora`` the dora
    indicators (表示牌) showing; ``rules`` the :class:`~shanten.Rules` the win is scored
    under; ``riichi`` a :data:`RiichiChoice`; ``haitei`` True when the last of the
    ``draws`` is the last tile of the wall (海底摸月); ``north`` the north tiles set aside
    (抜きドラ, three players). The red fives (``0``) of the hand and melds count as dora.
    The dora indicators are tiles in sight: :func:`shanten.odds` takes them out of the
    wall with the other tiles its ``visible`` lists, which must hold them.
    """

    seat_wind: TileLike
    round_wind: TileLike
    dora: TilesLike = ()
    rules: Rules = TENHOU
    riichi: RiichiChoice = "best"
    haitei: bool = False
    north: int = 0
    _checked: tuple[int, int, tuple[int, ...]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.rules, Rules):
            raise TypeError(f"rules is a shanten.Rules, not {described(self.rules)}")
        if self.riichi not in _CHOICES:
            raise RuleError(f"riichi is 'best', 'always' or 'never', not {described(self.riichi)}")
        flag("haitei", self.haitei)
        if (
            not isinstance(self.north, int)
            or isinstance(self.north, bool)
            or not 0 <= self.north <= 4
        ):
            raise RuleError(
                f"north is how many north tiles are set aside, 0-4, not {described(self.north)}"
            )
        seat = _wind("seat_wind", self.seat_wind)
        round_ = _wind("round_wind", self.round_wind)
        indicators = tuple(_tiles("dora", self.dora))
        if len(indicators) > MAX_INDICATORS:
            raise WinError(
                f"{len(indicators)} dora indicators: at most {MAX_INDICATORS} (one, and one per kan)"
            )
        object.__setattr__(self, "_checked", (seat, round_, indicators))

    @property
    def indicators(self) -> tuple[int, ...]:
        """The dora indicators, as tile indices."""
        return self._checked[2]

    def check_visible(self, visible: VisibleLike) -> None:
        """Check that ``visible`` (as :func:`shanten.odds` takes it) holds the dora
        indicators: tiles in sight, which it lists with the others (a tile listed once is
        seen once). Raises a :class:`~shanten.HandError` naming a missing indicator.

        >>> ScoreContext(seat_wind="2z", round_wind="1z", dora="3m").check_visible("1z")
        Traceback (most recent call last):
        ...
        shanten.errors.HandError: the dora indicator 3m is not among the visible tiles: an indicator is a tile in sight, so visible lists it (visible='3m', with the discards)
        """
        listed = options.visible(visible)
        indicators = self.indicators
        for tile in sorted(set(indicators)):
            wanted = indicators.count(tile)
            if listed[tile] < wanted:
                name = tile_name(tile)
                times = "" if wanted == 1 else f" {wanted} times"
                raise HandError(
                    f"the dora indicator {name} is not among the visible tiles{times}: an "
                    f"indicator is a tile in sight, so visible lists it (visible={name!r}, "
                    "with the discards)"
                )

    def checked(self, pos: Position, given: HandLike) -> Worth:
        """This context for the position ``pos`` of the hand ``given`` (whose red fives
        count): the :class:`Worth` the engines read."""
        seat, round_, indicators = self._checked
        if pos.players == 3 and seat == 30:
            raise WinError("seat_wind 4z: three players sit East, South and West")
        if self.north and pos.players != 3:
            raise RuleError("north tiles are set aside with three players only (players=3)")
        reds = red_fives_of(given, pos.melds, self.rules)
        in_melds = sum(meld.red for meld in pos.melds)
        for meld in pos.melds:  # the hand's own, by suit
            if meld.red:
                reds[int(meld.tiles[0]) // 9] -= meld.red
        if not any(self.rules.red_fives):
            reds, in_melds = [0, 0, 0], 0
        kans = sum(meld.kind == "kan" for meld in pos.melds)
        return Worth(
            melds=pos.melds,
            dora=tuple(dora_of(t, pos.players) for t in indicators),
            seat=seat,
            round_=round_,
            players=pos.players,
            north=self.north,
            rules=self.rules,
            red_in_melds=in_melds,
            red_in_hand=(reds[0], reds[1], reds[2]),
            ura_indicators=1 + kans,
            riichi=self.riichi,
            haitei=self.haitei,
        )
