"""The command line: ``shanten HAND [--melds 123m,555z] [--players 3] [--count-melded-copies] [--json]``.

Prints the shanten number of each form, a witness complete hand and the tiles it still
needs, with Unicode tiles beside the notation. Bad input prints the error and exits 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from shanten.analysis import Analysis, calculate
from shanten.errors import ShantenError
from shanten.hand import Hand, Meld
from shanten.notation import format_unicode

__all__ = ["main"]

_FORM_LABELS = {
    "standard": "standard (4 sets + pair)",
    "chiitoitsu": "seven pairs",
    "kokushi": "thirteen orphans",
}


def _describe(value: int | None) -> str:
    if value is None:
        return "-"
    if value == -1:
        return "-1 (complete)"
    if value == 0:
        return "0 (ready)"
    return str(value)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="shanten",
        description="Exact shanten number of a riichi-mahjong hand, with a witness.",
        epilog="example: shanten 23489m6799p22567s",
    )
    parser.add_argument("hand", help="the concealed hand: mpsz (123m456p789s11z) or Unicode tiles")
    parser.add_argument(
        "--melds", default="", help="called melds, comma-separated: 123m,555z,1111p"
    )
    parser.add_argument("--players", type=int, choices=(3, 4), default=4, help="3 or 4 (default)")
    parser.add_argument(
        "--count-melded-copies",
        action="store_true",
        help="copies in melds also count toward the 4-copy limit (WRC, M-League)",
    )
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    return parser


def _as_json(hand: Hand, melds: Sequence[Meld], result: Analysis, args: argparse.Namespace) -> str:
    data = {
        "hand": str(hand),
        "melds": [str(m) for m in melds],
        "players": args.players,
        "count_melded_copies": args.count_melded_copies,
        "shanten": result.shanten,
        "standard": result.standard,
        "chiitoitsu": result.chiitoitsu,
        "kokushi": result.kokushi,
        "witness": {
            "form": result.witness.form,
            "hand": str(result.witness.hand),
            "needed": [str(t) for t in result.witness.needed],
        },
    }
    return json.dumps(data, ensure_ascii=False)


def _as_text(hand: Hand, melds: Sequence[Meld], result: Analysis) -> str:
    meld_text = "".join(f"  {m} {m.unicode}" for m in melds)
    needed = result.witness.needed
    needed_text = " ".join(str(t) for t in needed) or "nothing"
    lines = [
        f"hand     {hand}  {hand.unicode}" + (f"   melds{meld_text}" if melds else ""),
        f"shanten  {_describe(result.shanten)}",
        *(
            f"  {_FORM_LABELS[form]:<26}{_describe(getattr(result, form))}"
            for form in ("standard", "chiitoitsu", "kokushi")
        ),
        f"witness  {result.witness.hand}  {result.witness.hand.unicode}  ({_FORM_LABELS[result.witness.form]})",
        f"needs    {needed_text}" + (f"  {format_unicode(_counts(needed))}" if needed else ""),
    ]
    return "\n".join(lines)


def _counts(tiles: Sequence[object]) -> list[int]:
    counts = [0] * 34
    for tile in tiles:
        counts[int(tile)] += 1  # type: ignore[call-overload]
    return counts


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0, or 2 on bad input)."""
    args = _parser().parse_args(argv)
    try:
        hand = Hand(args.hand)
        melds = [Meld(m.strip()) for m in args.melds.split(",") if m.strip()]
        result = calculate(
            hand,
            melds=melds,
            players=args.players,
            count_melded_copies=args.count_melded_copies,
        )
    except ShantenError as error:
        print(f"shanten: error: {error}", file=sys.stderr)
        return 2
    print(_as_json(hand, melds, result, args) if args.json else _as_text(hand, melds, result))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
