"""Tile efficiency (牌効率): effective tiles (有効牌, 受け入れ) and the per-discard table
that Tenhou's 牌理 tool shows.

A draw is *effective* when it lowers the shanten number. For a 3n+1 hand,
:func:`ukeire` lists the effective tiles with how many copies are still unseen; for a
3n+2 hand, :func:`discards` gives one option per distinct discard (打牌) with the shanten
after it and its effective tiles, ordered as Tenhou orders them.

23m 89m 67p 99p 22s 567s is 2-shanten; drawing 1m 4m 7m 5p 8p (4 each), 9p or 2s (2
each) lowers it:

>>> result = ukeire("2389m6799p22567s")
>>> result.shanten, str(result), result.total
(2, '1m 4m 7m 5p 8p 9p 2s', 24)
>>> result.tiles[:2]
(Tile('1m'), Tile('4m'))

Cutting 3z from 123m456p789s11223z leaves a 1z/2z wait (双碰) with two of each unseen:

>>> table = discards("123m456p789s11223z")
>>> [(str(o.discard), o.shanten, str(o.ukeire), o.ukeire.total) for o in table[:2]]
[('3z', 0, '1z 2z', 4), ('1m', 1, '1m 4m 1z 2z', 11)]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from shanten import _engine, options
from shanten.errors import HandError
from shanten.hand import Hand, HandLike, MeldLike, Position, position
from shanten.options import Flag, FormView, PlayersLike
from shanten.results import Discard, GoodShape, Ukeire
from shanten.tiles import NUM_TILES, tile_name
from shanten.wins import waits

__all__ = ["Discard", "FormView", "GoodShape", "Ukeire", "discards", "good_shape", "ukeire"]

VisibleLike = str | Sequence[int] | Iterable[object]
#: The counts of a 3n+1 hand -> (its distance, its effective tiles), in one form view.
_Effective = Callable[[Sequence[int]], tuple[int, list[int]]]


def seen_of(pos: Position, visible: VisibleLike) -> list[int]:
    """Copies of each tile in the hand, the melds and the visible tiles; checked <= 4."""
    if not pos.melds and isinstance(visible, (str, list, tuple)) and not visible:
        return list(pos.counts)
    seen = list(pos.counts)
    for meld in pos.melds:
        for tile in meld.tiles:
            seen[tile.index] += 1
    extra = options.visible(visible)
    for t in range(NUM_TILES):
        seen[t] += extra[t]
        if seen[t] > 4:
            raise HandError(
                f"{seen[t]} copies of {tile_name(t)} in the hand, melds and visible tiles: "
                "a tile has 4 copies"
            )
        if pos.players == 3 and extra[t] and 1 <= t <= 7:
            raise HandError(f"{tile_name(t)} does not exist in 3-player mahjong")
    return seen


def unseen_of(seen: Sequence[int]) -> bytes:
    """The copies of each tile not ``seen`` (34 counts of at most 4)."""
    return bytes([4 - s for s in seen])


def ukeire(
    hand: HandLike,
    *,
    melds: Iterable[MeldLike] = (),
    players: PlayersLike = 4,
    count_melded_copies: Flag = False,
    visible: VisibleLike = (),
    form: FormView = "all",
) -> Ukeire:
    """Effective tiles (受け入れ) of a 3n+1 hand: the draws that lower its shanten number.

    Each tile comes with its unseen copies: 4 less the copies in the hand, the melds and
    ``visible`` (discards, other players' melds, dora indicators: notation, a list of
    tiles, or 34 counts). A tile all of whose copies are seen is still listed, with 0; a
    tile the rules make unusable (a fifth copy) is not.

    The nine gates (九蓮宝燈) wait on every manzu tile; with two 5m seen, one is left:

    >>> str(ukeire("1112345678999m"))
    '1m 2m 3m 4m 5m 6m 7m 8m 9m'
    >>> ukeire("1112345678999m", visible="55m").counts
    (1, 3, 3, 3, 1, 3, 3, 3, 1)
    >>> ukeire("23489m6799p22567s")
    Traceback (most recent call last):
    ...
    shanten.errors.HandError: ukeire takes a 3n+1 hand (1, 4, 7, 10 or 13 tiles); '23489m6799p22567s' has 14: use discards()
    """
    pos, seen = checked(hand, melds, players, count_melded_copies, visible, form, 1)
    return _engine.engine.ukeire(pos, unseen_of(seen), form)


ukeire = _engine.engine.verb(1, ukeire)  # the kernel answers a closed hand in C


def discards(
    hand: HandLike,
    *,
    melds: Iterable[MeldLike] = (),
    players: PlayersLike = 4,
    count_melded_copies: Flag = False,
    visible: VisibleLike = (),
    form: FormView = "all",
    second_step: Flag = False,
) -> tuple[Discard, ...]:
    """The discard table (打牌候補) of a 3n+2 hand, as Tenhou's 牌理 orders it: lowest
    shanten first, then most unseen effective tiles, then tile order.

    ``form="all"`` takes the minimum over the forms (Tenhou's 標準形); ``"standard"`` the
    standard form alone (一般形). With ``second_step=True`` each discard that leaves a
    1-shanten hand also gets its :class:`GoodShape` figure.

    >>> [str(o.discard) for o in discards("123m456p789s11223z")][:5]
    ['3z', '1m', '4p', '6p', '9s']
    """
    pos, seen = checked(
        hand, melds, players, count_melded_copies, visible, form, 2, second_step=second_step
    )
    table = _engine.engine.discards(pos, unseen_of(seen), form)
    if not second_step:
        return table
    engine = _engine.engine
    return with_second_step(pos, seen, table, lambda held: engine.effective(pos, held, form))


discards = _engine.engine.verb(2, discards)  # the kernel answers a closed hand in C


def with_second_step(
    pos: Position, seen: Sequence[int], table: Sequence[Discard], effective: _Effective
) -> tuple[Discard, ...]:
    """The rows of ``pos``'s discard table, each 1-shanten row with its
    :class:`GoodShape`; ``effective`` gives the effective tiles of a 3n+1 hand."""
    counts = list(pos.counts)
    rows = []
    two_sided: dict[tuple[int, ...], bool] = {}  # the rows' ready hands meet again
    for row in table:
        if row.shanten != 1:
            rows.append(row)
            continue
        tile = row.discard.index
        counts[tile] -= 1
        tiles = [drawn.index for drawn in row.ukeire.tiles]
        good = _good_shape(pos, counts, seen, tiles, effective, two_sided)
        counts[tile] += 1
        rows.append(Discard(row.discard, row.shanten, row.ukeire, good))
    return tuple(rows)


def good_shape(
    hand: HandLike,
    *,
    melds: Iterable[MeldLike] = (),
    players: PlayersLike = 4,
    count_melded_copies: Flag = False,
    visible: VisibleLike = (),
    form: FormView = "all",
) -> GoodShape:
    """The second-step figure of a 1-shanten 3n+1 hand: how many of its unseen effective
    tiles lead to a two-sided-or-better ready hand (see :class:`GoodShape`).

    23m 57p 9p 456s 789s 11z takes 1m 4m 6p 8p (16 tiles). After 6p or 8p, cutting the
    other pinzu leaves the 23m ryanmen; after 1m or 4m only a kanchan (6p or 8p) is left:

    >>> figure = good_shape("23m579p456789s11z")
    >>> figure.good, figure.total, figure.share
    (8, 16, 0.5)
    """
    pos, seen = checked(hand, melds, players, count_melded_copies, visible, form, 1, "good_shape")
    engine = _engine.engine
    distance, tiles = engine.effective(pos, pos.counts, form)
    if distance != 2:
        raise HandError(
            f"good_shape takes a 1-shanten hand; {_quote(hand)} is {distance - 1}-shanten"
        )
    return _good_shape(
        pos, list(pos.counts), seen, tiles, lambda held: engine.effective(pos, held, form), {}
    )


def _good_shape(
    pos: Position,
    counts: list[int],
    seen: Sequence[int],
    tiles: Sequence[int],
    effective: _Effective,
    two_sided: dict[tuple[int, ...], bool],
) -> GoodShape:
    """Weigh each effective draw of a 1-shanten hand by its unseen copies, and count it
    good when some discard after it leaves a two-sided-or-better ready hand.
    ``two_sided`` keeps, per ready hand on two winning tiles, whether its wait is more
    than a shanpon, for the calls that meet the same hand again."""
    good = total = 0
    for draw in tiles:
        unseen = 4 - seen[draw]
        if unseen <= 0:
            continue
        total += unseen
        counts[draw] += 1
        for discard in range(NUM_TILES):
            if not counts[discard]:
                continue
            counts[discard] -= 1
            distance, winning = effective(counts)
            is_good = False
            if distance == 1 and len(winning) >= 3:
                is_good = True
            elif distance == 1 and len(winning) == 2:
                key = tuple(counts)
                if key not in two_sided:
                    shapes = {
                        reading.shape
                        for reading in waits(
                            counts,
                            melds=pos.melds,
                            players=pos.players,
                            count_melded_copies=pos.count_melded_copies,
                        ).readings
                    }
                    two_sided[key] = shapes != {"shanpon"}
                is_good = two_sided[key]
            counts[discard] += 1
            if is_good:
                good += unseen
                break
        counts[draw] -= 1
    return GoodShape(good, total)


def checked(
    hand: HandLike,
    melds: Iterable[MeldLike],
    players: PlayersLike,
    count_melded_copies: Flag,
    visible: VisibleLike,
    form: FormView,
    remainder: int,
    verb: str | None = None,
    second_step: Flag = False,
) -> tuple[Position, list[int]]:
    """The checked position of a 3n + ``remainder`` hand and the copies of each tile
    seen (in the hand, the melds and ``visible``), after checking ``form`` and
    ``second_step`` (by the rules of :mod:`shanten.options`)."""
    options.form(form)
    options.flag("second_step", second_step)
    pos = position(hand, melds, players, count_melded_copies)
    name = verb or ("ukeire" if remainder == 1 else "discards")
    _require_size(pos, hand, name, remainder)
    return pos, seen_of(pos, visible)


def _require_size(pos: Position, hand: HandLike, verb: str, remainder: int) -> None:
    """Raise unless the concealed hand has 3n + ``remainder`` tiles, naming the other verb."""
    if pos.size % 3 != remainder:
        sizes = "1, 4, 7, 10 or 13" if remainder == 1 else "2, 5, 8, 11 or 14"
        other = "discards()" if remainder == 1 else "ukeire()"
        raise HandError(
            f"{verb} takes a 3n+{remainder} hand ({sizes} tiles); {_quote(hand)} has "
            f"{pos.size}: use {other}"
        )


def _quote(hand: HandLike) -> str:
    return repr(str(Hand(hand)))
