"""The shanten number (向聴数) of a hand, by its definition, and its proof.

r(h) = min over complete hands w of sum_i max(w_i - h_i, 0); shanten = r - 1, so -1 is a
complete hand (和了形) and 0 is ready (聴牌). Complete hands hold at most 4 copies of a tile,
so a hand waiting only on a tile it holds all 4 of is not ready:

>>> shanten("11119999m111p111s")
1
>>> calculate("23489m6799p22567s")
Analysis(shanten=1, standard=1, chiitoitsu=4, kokushi=10, witness=Witness('234m67899p222567s'))
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from shanten import _engine
from shanten._native.witness import witness
from shanten.forms import Form
from shanten.hand import HandLike, MeldLike, position
from shanten.options import Flag, PlayersLike
from shanten.results import Witness

__all__ = ["Analysis", "calculate", "shanten"]


def shanten(
    hand: HandLike,
    *,
    melds: Iterable[MeldLike] = (),
    players: PlayersLike = 4,
    count_melded_copies: Flag = False,
) -> int:
    """The shanten number of ``hand``: the minimum over the forms that apply.

    ``hand`` is mpsz or Unicode notation, a :class:`~shanten.Hand` or 34 counts; ``melds``
    are called melds (``"123m"``, ``"555z"``, ``"1111p"``). Copies in melds cap the complete
    hand only with ``count_melded_copies=True`` (WRC, M-League); by default only the
    concealed hand does (Tenhou, Mahjong Soul).

    >>> shanten("1111m111122233z"), shanten("1111m111122233z", players=3)
    (1, 2)
    >>> shanten("45z", melds=["444z", "555z", "111m", "999p"])
    0
    >>> shanten("45z", melds=["444z", "555z", "111m", "999p"], count_melded_copies=True)
    1
    """
    distance = _engine.engine.distance(position(hand, melds, players, count_melded_copies))
    assert distance is not None  # the standard form always applies
    return distance - 1


shanten = _engine.engine.verb(0, shanten)  # the kernel answers a closed hand in C


@dataclass(frozen=True)
class Analysis:
    """The shanten number of each form, the minimum, and a witness for the minimum.

    ``chiitoitsu`` (seven pairs) and ``kokushi`` (thirteen orphans) are None where the form
    cannot apply: hands with melds or fewer than 13 tiles.
    """

    shanten: int
    standard: int
    chiitoitsu: int | None
    kokushi: int | None
    witness: Witness

    def __repr__(self) -> str:
        return (
            f"Analysis(shanten={self.shanten}, standard={self.standard}, "
            f"chiitoitsu={self.chiitoitsu}, kokushi={self.kokushi}, "
            f"witness=Witness('{self.witness.hand}'))"
        )


def calculate(
    hand: HandLike,
    *,
    melds: Iterable[MeldLike] = (),
    players: PlayersLike = 4,
    count_melded_copies: Flag = False,
) -> Analysis:
    """Shanten of every form, with a witness complete hand for the minimum.

    >>> result = calculate("🀉🀊🀍🀎🀑🀒🀙🀚🀛🀜🀜🀀🀁")
    >>> result.shanten, str(result.witness.hand), [str(t) for t in result.witness.needed]
    (2, '345789m12344p234s', ['5m', '9m', '4s'])
    """
    pos = position(hand, melds, players, count_melded_copies)
    engine = _engine.engine
    distances: dict[Form, int | None] = {
        form: engine.distance(pos, form) for form in ("standard", "chiitoitsu", "kokushi")
    }
    best_form: Form = "standard"
    for form in ("chiitoitsu", "kokushi"):
        value = distances[form]
        best_value = distances[best_form]
        assert best_value is not None
        if value is not None and value < best_value:
            best_form = form
    proof = witness(pos, best_form)
    best = distances[best_form]
    assert best is not None and len(proof.needed) == best

    def shanten_of(distance: int | None) -> int | None:
        return None if distance is None else distance - 1

    standard = distances["standard"]
    assert standard is not None
    return Analysis(
        shanten=best - 1,
        standard=standard - 1,
        chiitoitsu=shanten_of(distances["chiitoitsu"]),
        kokushi=shanten_of(distances["kokushi"]),
        witness=proof,
    )
