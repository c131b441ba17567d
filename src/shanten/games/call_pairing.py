"""Which discard each call of Tenhou's JSON takes: the search that pairs pending calls
with discards (鳴きと捨て牌の対応).

The log lists a chi, pon or open kan (チー・ポン・大明槓) among the caller's draws, with
the tile and, by its letter's place, the seat it came from, but not the turn: a seat may
pass on a discard it could call and call a later one of the same tile. Each discard a
pending call could take is a choice point; :class:`CallPairing` plays the round's turns
calling first, and on a dead end (:class:`~shanten.games.tenhou_json_round.DeadEnd`, any
fault the lists raise, or a settled round's :class:`Leftover`) goes back to the last
choice with an alternative left. The pairing kept is the first with which the lists
replay.
"""

from __future__ import annotations

from typing import Final

from shanten.games.events import CODE_KIND, Call, CallKind, Discard, Draw
from shanten.games.tenhou_json_round import DeadEnd, RoundLists, call_tiles, tile_code

__all__ = ["CallPairing", "Leftover"]

#: Where the letter of a chi, pon or open kan stands -> the seat it came from, counted
#: after the caller (3: the seat before it, 上家; 2: across, 対面; 1: after it, 下家).
_FROM: Final = {0: 3, 2: 2, 4: 1, 6: 1}


class Leftover(Exception):
    """Lists the turns did not use up (a :class:`~shanten.GameRecordError` if no pairing
    uses them)."""


#: What a pairing's dead end raises, any fault of the data included: the data's own
#: faults fail every pairing alike, and the first one is the error.
_SEARCH_ERRORS: Final = (
    ValueError,
    TypeError,
    IndexError,
    KeyError,
    OverflowError,
    Leftover,
)
#: At most this many dead ends per round before the first one is the error (a real
#: round has a handful of choice points; a crafted one is not searched for ever).
_MAX_DEAD_ENDS: Final = 4096
#: A discard's fate: the seat that calls it and its call's letter, or None (no call).
_Option = tuple[int, str] | None
#: What a choice point restores: the events' length, the list positions, the last
#: tiles drawn, the pons, the dora state and the hands.
_Snapshot = tuple[
    int,
    list[int],
    list[int],
    list[int | None],
    dict[tuple[int, int], tuple[int, ...]],
    int,
    bool,
    list[list[int]],
]


class CallPairing(RoundLists):
    """A round's turns played with the pairing of its calls and discards searched for."""

    def play(self, settled: bool) -> None:
        """Play the turns from the dealer until the lists run out.

        The lists say which discard a call takes only by the seat it came from and the
        tile: when a pending call could take a discard, the seat may also pass on it and
        call a later one. Each such discard is a choice point, calling first; a pairing
        that leads to a dead end (a seat meeting its call where a draw is due, a tile
        given up that is not held, and for a ``settled`` round, one with its result, lists
        left over or a win on a discard by another seat) is undone back to the last
        choice with an alternative left. With no pairing left, the first dead end is the
        error, as the plain reading would have met it.
        """
        choices: list[tuple[_Snapshot, int, int, list[_Option]]] = []
        first: Exception | None = None
        failures = 0
        seat, drawing = self.round_index % 4 % self.players, True
        while True:
            try:
                self.turns(seat, drawing, choices)
                if settled:
                    self.settle()
                return
            except _SEARCH_ERRORS as error:
                first = first or error
                failures += 1
            while choices and not choices[-1][3]:
                choices.pop()
            if not choices or failures > _MAX_DEAD_ENDS:
                raise first
            snapshot, discarder, tile, options = choices[-1]
            self.restore(snapshot)
            seat, drawing = self.take(discarder, tile, options.pop(0))

    def turns(
        self, seat: int, drawing: bool, choices: list[tuple[_Snapshot, int, int, list[_Option]]]
    ) -> None:
        """Play on from ``seat`` (``drawing``: its turn starts with a draw), recording the
        choice points met in ``choices``."""
        while True:
            if drawing:
                if not self.draw(seat):
                    return
                if self.dora_after_draw:  # an open or added kan turns its dora now
                    self.dora_after_draw = False
                    self.new_dora()
            kan = self.act(seat)
            if kan is None:
                return
            if kan:
                drawing = True
                continue
            discarded = self.events[-1]
            assert isinstance(discarded, Discard)
            options = self.callers(seat, discarded.tile)
            if len(options) > 1:
                choices.append((self.snapshot(), seat, discarded.tile, options[1:]))
            seat, drawing = self.take(seat, discarded.tile, options[0])

    def snapshot(self) -> _Snapshot:
        return (
            len(self.events),
            self.next_draw[:],
            self.next_discard[:],
            self.last_drawn[:],
            dict(self.pons),
            self.dora_used,
            self.dora_after_draw,
            [held[:] for held in self.held],
        )

    def restore(self, snapshot: _Snapshot) -> None:
        size, draws, discards, drawn, pons, dora_used, after_draw, held = snapshot
        del self.events[size:]
        self.next_draw, self.next_discard, self.last_drawn = draws[:], discards[:], drawn[:]
        self.pons, self.dora_used, self.dora_after_draw = dict(pons), dora_used, after_draw
        self.held = [counts[:] for counts in held]

    def settle(self) -> None:
        """The checks of a round with its result: every list used up, a win on a discard
        taken from the seat that made the last discard (or added a kan), a self-drawn win
        made by the seat that drew last."""
        problem = self.leftover()
        if problem:
            raise Leftover(problem)
        if self.result and self.result[0] == "和了":
            last = next(
                (e for e in reversed(self.events) if isinstance(e, (Draw, Discard, Call))), None
            )
            for info in self.result[2::2]:
                winner, target = int(info[0]), int(info[1])
                if winner == target:
                    ok = isinstance(last, Draw) and last.seat == winner
                else:
                    ok = isinstance(last, Discard) or (
                        isinstance(last, Call) and last.kind == "kakan"
                    )
                    ok = ok and last is not None and last.seat == target
                if not ok:
                    raise DeadEnd(f"seat {winner}'s win from seat {target} follows no such turn")

    def callers(self, seat: int, tile: int) -> list[_Option]:
        """The ways the discard ``tile`` of ``seat`` can go: each seat whose next call
        takes it (a pon or open kan before a chi), then no call (None)."""
        found: list[tuple[int, str]] = []
        for offset in range(1, self.players):
            other = (seat + offset) % self.players
            items = self.draws[other]
            if self.next_draw[other] >= len(items):
                continue
            item = items[self.next_draw[other]]
            if not isinstance(item, str):
                continue
            at = next((i for i, ch in enumerate(item) if ch.isalpha()), -1)
            letter = item[at] if at >= 0 else ""
            if letter not in ("c", "p", "m") or tile_code(int(item[at + 1 : at + 3])) != tile:
                continue
            if self.players == 4 and (other + _FROM.get(at, 0)) % 4 != seat:
                continue
            if letter == "c" and offset != 1:
                continue
            found.append((other, letter))
        found.sort(key=lambda option: option[1] == "c")
        return [*found, None]

    def take(self, seat: int, tile: int, option: _Option) -> tuple[int, bool]:
        """Play the discard's fate ``option``: the seat whose turn follows, and whether
        its turn starts with a draw."""
        if option is None:
            return (seat + 1) % self.players, True
        other, letter = option
        item = self.draws[other][self.next_draw[other]]
        self.next_draw[other] += 1
        tiles = call_tiles(item)
        rest = list(tiles)
        rest.remove(tile)
        for code in rest:
            self.remove(other, code)
        kind: CallKind = "chi" if letter == "c" else "pon" if letter == "p" else "daiminkan"
        self.events.append(Call(other, kind, tiles, tile, seat))
        if kind == "pon":
            self.pons[(other, CODE_KIND[tile])] = tiles
        if kind != "daiminkan":
            return other, False
        self.skip_placeholder(other)
        self.dora_after_draw = True
        return other, True
