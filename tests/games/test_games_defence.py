"""Defence in the review: kuikae from the rules, threats on the real records, and the
safety marks against a brute force written from their definitions."""

from __future__ import annotations

from pathlib import Path

import pytest

import shanten
from shanten.games.defence import RISK, kuikae, open_threat
from shanten.games.events import CODE_KIND, Discard, Riichi, RoundStart
from shanten.games.formats import parse
from shanten.games.source import read_source

SHARED = Path("/work/shared/testdata/tenhou/mjlog")
LOCAL = Path(__file__).parents[1] / "data" / "tenhou"
GAMES = sorted(SHARED.glob("*.mjlog")) or sorted(LOCAL.glob("*.mjlog"))


@pytest.mark.parametrize("suit", [0, 9, 18])
def test_kuikae_for_every_chi_position_and_pon(suit: int) -> None:
    """Tenhou's rule: the called kind, and for an end of the run the suji across it."""
    for low in range(7):  # runs 123 .. 789
        run = (suit + low, suit + low + 1, suit + low + 2)
        below = {suit + low - 1} if low >= 1 else set()  # e.g. 2m for a run 345m
        above = {suit + low + 3} if low <= 5 else set()  # e.g. 5m for a run 234m
        assert kuikae("chi", run, run[0]) == {run[0]} | above  # called the low end
        assert kuikae("chi", run, run[1]) == {run[1]}  # the middle: its kind only
        assert kuikae("chi", run, run[2]) == {run[2]} | below  # the high end
    for kind in range(suit, suit + 9):
        assert kuikae("pon", (kind,) * 3, kind) == {kind}
    assert kuikae("chi", (2, 3, 4), 4) == {4, 1}  # chi 34m with 5m: 5m and 2m


def test_open_threat_rule() -> None:
    chi, pon = "chi", "pon"
    assert open_threat([(chi, (0, 1, 2)), (chi, (9, 10, 11)), (pon, (20, 20, 20))])
    assert open_threat([(chi, (0, 1, 2)), (pon, (6, 6, 6))]) == "one suit"
    assert open_threat([(chi, (0, 1, 2)), (pon, (27, 27, 27))]) == "one suit"
    assert open_threat([(pon, (32, 32, 32)), (chi, (18, 19, 20))]) == "dragon"
    assert open_threat([(pon, (32, 32, 32))]) is None  # one call alone
    assert open_threat([(chi, (0, 1, 2)), (chi, (9, 10, 11))]) is None
    assert open_threat([(pon, (27, 27, 27)), (pon, (28, 28, 28))]) is None  # winds only
    assert open_threat([("ankan", (0,) * 4), (chi, (9, 10, 11))]) is None


@pytest.fixture(scope="module", params=GAMES, ids=lambda p: p.stem)
def game(request: pytest.FixtureRequest) -> tuple[Path, shanten.GameReview]:
    path: Path = request.param
    return path, shanten.review(path)


def _riichi_moments(path: Path) -> list[tuple[int, object, int]]:
    """(seat, round, index of the declaring discard among the round's discards) of every
    riichi declaration, read from the events alone."""
    text, name = read_source(path)
    _, record = parse(text, name)
    found: list[tuple[int, object, int]] = []
    current: object = None
    count, declaring = 0, set[int]()
    for event in record.events:
        if isinstance(event, RoundStart):
            current, count, declaring = event.round, 0, set()
        elif isinstance(event, Riichi):
            declaring.add(event.seat)
        elif isinstance(event, Discard):
            if event.seat in declaring:
                found.append((event.seat, current, count))
                declaring.discard(event.seat)
            count += 1
    return found


def test_every_riichi_is_a_threat_to_the_others_from_the_next_discard(
    game: tuple[Path, shanten.GameReview],
) -> None:
    path, review = game
    by_round: dict[object, list[shanten.DiscardReview]] = {}
    for record in review:
        by_round.setdefault(record.round, []).append(record)
    moments = _riichi_moments(path)
    assert moments or path.parent == LOCAL
    for seat, round_, at in moments:
        records = by_round[round_]
        for index, record in enumerate(records):
            threat = [t for t in record.threats if t.seat == seat and t.kind == "riichi"]
            if index <= at or record.seat == seat:
                assert not threat
            else:
                assert len(threat) == 1
                assert threat[0].since == records[at].turn
                assert any(m.seat == seat for m in record.safety)


def test_safety_marks_match_a_brute_force(game: tuple[Path, shanten.GameReview]) -> None:
    """Genbutsu, suji and kabe recomputed for every decision under a riichi from the
    game's discards alone: genbutsu is what the riichi seat discarded, or anyone discarded
    after its declaring discard; suji needs every side three away (that exists) genbutsu;
    kabe is every two-sided shape holding the tile as a wait blocked by four copies in
    sight (the table or the own hand)."""
    path, review = game
    records = list(review)
    checked = 0
    for index, record in enumerate(records):
        for mark in record.safety:
            this_round = [r for r in records[:index] if r.round == record.round]
            declared = next(i for i, r in enumerate(this_round) if r.seat == mark.seat and r.riichi)
            gen = {_kind(r.discarded) for r in this_round if r.seat == mark.seat}
            gen |= {_kind(r.discarded) for r in this_round[declared:]}
            tile = _kind(record.discarded)
            assert mark.genbutsu == (tile in gen)
            if mark.genbutsu:
                assert mark.category == "genbutsu" and mark.risk == 0
                continue
            held = [0] * 34
            for t in shanten.Hand(record.hand.replace("0", "5")):
                held[t.index] += 1
            if tile >= 27:
                assert mark.seen == record.visible[tile]
                assert not (mark.suji or mark.kabe)
                continue
            n, base = tile % 9, tile - tile % 9
            sides = [base + m for m in (n - 3, n + 3) if 0 <= m <= 8]
            assert mark.suji == all(s in gen for s in sides)
            assert mark.half_suji == (not mark.suji and any(s in gen for s in sides))
            gone = {k for k in range(34) if record.visible[k] + held[k] >= 4}
            waits = []  # the two-sided shapes (a, a+1) waiting on the tile, a = 2..7
            for a in range(1, 7):
                if n in (a - 1, a + 2):
                    waits.append((base + a, base + a + 1))
            assert mark.kabe == all(a in gone or b in gone for a, b in waits)
            assert mark.risk == RISK[mark.category]
            checked += 1
    assert checked or path.parent == LOCAL


def _kind(name: str) -> int:
    return shanten.Tile(name.replace("0", "5")).index


def test_graded_decisions_keep_the_tile_count_review(
    game: tuple[Path, shanten.GameReview],
) -> None:
    """A graded decision's efficiency figures are the plain table's (as the review gave
    them before grading), kuikae aside; an ungraded one is forced or has one kind."""
    _, review = game
    for record in review:
        kinds = {_kind(t) for t in _tiles(record.hand)}
        if not record.graded:
            assert record.forced or len(kinds) == 1 or record.after_call
        elif not record.after_call:
            table = shanten.discards(record.hand, melds=record.melds, visible=_free(record))
            tops = [
                str(r.discard)
                for r in table
                if (r.shanten, r.ukeire.total) == (table[0].shanten, table[0].ukeire.total)
            ]
            assert list(record.best) == tops
            assert record.best_ukeire == table[0].ukeire.total


def _tiles(hand: str) -> list[str]:
    return [str(t) for t in shanten.Hand(hand.replace("0", "5"))]


def _free(record: shanten.DiscardReview) -> list[int]:
    seen = list(record.visible)
    for meld in record.melds:
        for tile in shanten.Meld(meld.replace("0", "5")):
            seen[tile.index] -= 1
    return seen


def test_the_code_kind_table_is_the_notation() -> None:
    assert CODE_KIND[4] == _kind("5m")
