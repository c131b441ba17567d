"""3-player games (三人麻雀): no 2m-8m, a North set aside (抜きドラ) is a visible tile, not a
discard and not a decision.

No real 3-player record with a licence that allows copying it was found among public
repositories, so this record is built here, tile by tile, from the rules: it is not real
play, only a faithful shape of Tenhou's 3-player XML (GO type 185, three hands, hai3
empty, a North set aside as an N tag with bit 0x20, a pon).
"""

from __future__ import annotations

import re

import shanten
from shanten.games.formats import convert

_copies: dict[int, int] = {}


def tile(kind: int) -> int:
    """The id (0-135) of the next unused copy of ``kind``."""
    copy = _copies.get(kind, 0)
    assert copy < 4
    _copies[kind] = copy + 1
    return kind * 4 + copy


def ids(*kinds: int) -> str:
    return ",".join(str(tile(k)) for k in kinds)


def _record() -> str:
    _copies.clear()
    hands = [
        [tile(k) for k in (9, 10, 11, 12, 13, 14, 15, 16, 18, 18, 8, 30, 31)],  # a North
        [tile(k) for k in (19, 20, 21, 22, 23, 24, 17, 17, 0, 32, 32, 33, 33)],  # two 6z
        [tile(k) for k in (27, 27, 28, 28, 29, 29, 24, 25, 26, 26, 10, 11, 26)],
    ]
    dora, north, green = tile(21), tile(30), tile(32)
    pon_ids = sorted([*hands[1][9:11], green])  # seat 1's two 6z and seat 2's discard
    unused = ({0, 1, 2, 3} - {i % 4 for i in pon_ids}).pop()
    pon = (32 * 3 + pon_ids.index(green)) << 9 | 0x8 | unused << 5 | 1  # from the next seat
    text = ",".join
    return "".join(
        [
            '<mjloggm ver="2.3"><GO type="185" lobby="0"/>',
            '<UN n0="%41" n1="%42" n2="%43" n3="" dan="0,0,0,0" rate="1500,1500,1500,0"/>',
            f'<INIT seed="0,0,0,1,2,{dora}" ten="350,350,350,0" oya="0" '
            f'hai0="{text(map(str, hands[0]))}" hai1="{text(map(str, hands[1]))}" '
            f'hai2="{text(map(str, hands[2]))}" hai3=""/>',
            f'<T{north}/><N who="0" m="{north << 8 | 0x20}"/>',  # the North drawn, set aside
            f"<T{tile(13)}/>",  # its replacement
            f'<N who="0" m="{hands[0][11] << 8 | 0x20}"/><T{tile(19)}/>',  # the start hand's
            f"<D{hands[0][12]}/>",  # 5z
            f"<U{tile(33)}/><E{hands[1][8]}/>",  # 1m
            f"<V{green}/><F{green}/>",  # 6z drawn and discarded
            f'<N who="1" m="{pon}"/><E{hands[1][6]}/>',  # pon, then 9p
            f"<V{tile(9)}/><F{hands[2][10]}/>",  # 2p
        ]
    )


def test_a_three_player_record_is_reviewed_with_three_player_rules() -> None:
    text = _record()
    game = shanten.review(text)
    assert game.format == "tenhou-xml" and not game.complete
    assert game.names == ("A", "B", "C") and len(game.players) == 3
    assert len(game) == len(re.findall(r"<[DEFG]\d+/>", text))  # Norths are no decisions
    first = next(iter(game))
    assert first.seat == 0 and first.visible[30] == 2  # both Norths are seen
    assert first.melds == ()  # and are no melds
    for record in game:
        seen = list(record.visible)
        for meld in record.melds:
            for t in shanten.Meld(meld):
                seen[t.index] -= 1
        hand = shanten.Hand(record.hand.replace("0", "5"))
        table = shanten.discards(hand, melds=record.melds, visible=seen, players=3)
        row = next(r for r in table if str(r.discard) == record.discarded.replace("0", "5"))
        assert (record.ukeire, record.shanten_after) == (row.ukeire.total, row.shanten)
        assert not {"2m", "3m", "4m", "5m", "6m", "7m", "8m"} & set(record.ukeire_tiles)
    after_pon = [r for r in game if r.after_call]
    assert [(r.seat, r.melds, r.drawn) for r in after_pon] == [(1, ("666z",), None)]


def test_the_three_player_record_converts_to_mjai_and_back() -> None:
    text = _record()
    lines = convert(text)
    assert '"type":"nukidora"' in lines
    a, b = shanten.review(text), shanten.review(lines)
    assert [r.to_dict() for r in a] == [r.to_dict() for r in b]


def test_a_record_without_its_go_tag_is_three_player_by_its_empty_fourth_seat() -> None:
    text = _record()
    bare = re.sub(r"<GO [^>]*/>", "", text)
    assert bare != text
    a, b = shanten.review(text), shanten.review(bare)
    assert [r.to_dict() for r in a] == [r.to_dict() for r in b]
