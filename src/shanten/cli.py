"""The command line: ``shanten HAND [--melds 123m,555z] [--players 3] [--count-melded-copies]
[--visible TILES] [--lang en|ja] [--json]``.

Prints the shanten number of each form and a witness; for a 14-tile (3n+2) hand the
discard table as Tenhou's 牌理 shows it (打X 摸[tiles N枚]), in both views; for a 13-tile
(3n+1) hand the effective tiles, or the waits when ready. ``--json`` prints the same as
data (:func:`shanten.report.report`). Bad input prints the error and exits with 2.

``shanten serve [--host 127.0.0.1] [--port 8000]`` starts the local page instead
(:mod:`shanten.web.server`).
"""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
from collections.abc import Sequence
from typing import Any

from shanten.errors import ShantenError
from shanten.hand import Hand
from shanten.report import report
from shanten.tiles import Tile

__all__ = ["main"]

WIDTH = 80

_TEXT = {
    "en": {
        "hand": "hand",
        "melds": "melds",
        "shanten": "shanten",
        "forms": "standard {standard}, seven pairs {chiitoitsu}, thirteen orphans {kokushi}",
        "complete": "complete",
        "ready": "ready",
        "witness": "witness",
        "needs": "needs",
        "nothing": "nothing",
        "all": "All forms (標準形)",
        "standard": "Standard form only (一般形)",
        "same": "Standard form only (一般形): the same.",
        "row": "cut {discard} {glyph}  {tiles}",
        "count": "{total} tiles",
        "good": "good {share:.0%}",
        "level": "{n}-shanten",
        "tenpai_level": "ready (0-shanten)",
        "effective": "effective tiles",
        "waits": "waits",
        "left": "{n} left",
        "readings": "readings",
    },
    "ja": {
        "hand": "手牌",
        "melds": "副露",
        "shanten": "向聴数",
        "forms": "一般形 {standard}、七対子 {chiitoitsu}、国士無双 {kokushi}",
        "complete": "和了",
        "ready": "聴牌",
        "witness": "完成形の例",
        "needs": "必要牌",
        "nothing": "なし",
        "all": "標準形",
        "standard": "一般形",
        "same": "一般形: 標準形と同じ。",
        "row": "打{discard} {glyph} 摸[{tiles}",
        "count": "{total}枚]",
        "good": "良形 {share:.0%}",
        "level": "{n}向聴",
        "tenpai_level": "聴牌",
        "effective": "有効牌",
        "waits": "待ち",
        "left": "残り{n}枚",
        "readings": "和了形",
    },
}


_SHAPES: dict[str, dict[str, str]] = {
    "en": {},
    "ja": {
        "tanki": "単騎",
        "shanpon": "双碰",
        "kanchan": "嵌張",
        "penchan": "辺張",
        "ryanmen": "両面",
        "kokushi": "国士単騎",
        "kokushi13": "国士十三面",
    },
}


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="shanten",
        description="Exact shanten number of a riichi-mahjong hand, with a witness, "
        "the discard table (14 tiles) or the effective tiles and waits (13 tiles).",
        epilog="example: shanten 23489m6799p22567s\n"
        "shanten serve [--host 127.0.0.1] [--port 8000]: the local page (docs/web.md)",
        formatter_class=argparse.RawDescriptionHelpFormatter,
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
    parser.add_argument(
        "--visible", default="", help="tiles seen elsewhere (discards, dora indicators): 1m1m5z"
    )
    parser.add_argument("--lang", choices=("en", "ja"), default="en", help="language of the text")
    parser.add_argument("--json", action="store_true", help="print the analysis as JSON")
    return parser


def _glyphs(names: Sequence[str]) -> str:
    return "".join(Tile(name).unicode for name in names)


def _level(text: dict[str, str], shanten: int | None) -> str:
    if shanten is None:
        return "-"
    if shanten == -1:
        return f"-1 ({text['complete']})"
    if shanten == 0:
        return f"0 ({text['ready']})"
    return str(shanten)


def _wrap(first: str, rest: str, indent: int) -> list[str]:
    """``first`` then ``rest`` wrapped to WIDTH, continuation lines indented."""
    return textwrap.wrap(
        first + rest, width=WIDTH, subsequent_indent=" " * indent, break_on_hyphens=False
    ) or [first]


def _header(data: dict[str, Any], text: dict[str, str]) -> list[str]:
    shanten = data["shanten"]
    forms = text["forms"].format(**{k: "-" if v is None else v for k, v in shanten.items()})
    witness = data["witness"]
    needed = " ".join(witness["needed"]) or text["nothing"]
    lines = [f"{text['hand']:<9}{data['hand']}  {data['unicode']}"]
    if data["melds"]:
        melds = "  ".join(f"{m} {Hand(m).unicode}" for m in data["melds"])
        lines.append(f"{text['melds']:<9}{melds}")
    lines.append(f"{text['shanten']:<9}{_level(text, shanten['min'])}  ({forms})")
    lines.append(f"{text['witness']:<9}{witness['hand']}  ({text['needs']} {needed})")
    return lines


_TILES_COLUMN = 40


def _discard_rows(rows: list[dict[str, Any]], text: dict[str, str], lang: str) -> list[str]:
    lines: list[str] = []
    level = None
    for row in rows:
        if row["shanten"] != level:
            level = row["shanten"]
            lines.append(
                "  " + (text["tenpai_level"] if level == 0 else text["level"].format(n=level))
            )
        glyph = Tile(row["discard"]).unicode
        good = row["good_shape"]
        if lang == "ja":
            left = text["row"].format(
                discard=row["discard"], glyph=glyph, tiles="".join(row["tiles"])
            )
            right = text["count"].format(total=row["total"])
            if good is not None and good["total"]:
                right += "  " + text["good"].format(share=good["share"])
            lines.extend(_wrap("    " + left, " " + right, 8))
            continue
        prefix = "    " + text["row"].format(discard=row["discard"], glyph=glyph, tiles="")
        right = f"{row['total']:>3} tiles"
        if good is not None and good["total"]:
            right += f"  good {good['share']:>4.0%}"
        chunks = textwrap.wrap(" ".join(row["tiles"]), _TILES_COLUMN) or [""]
        lines.append(f"{prefix}{chunks[0]:<{_TILES_COLUMN}} {right}")
        lines.extend(" " * len(prefix) + chunk for chunk in chunks[1:])
    return lines


def _as_text(data: dict[str, Any], lang: str) -> str:
    text = _TEXT[lang]
    lines = _header(data, text)
    if "discards" in data:
        if data["decompositions"]:
            lines.append(f"{text['readings']}:")
            lines.extend(f"  {d['text']}" for d in data["decompositions"])
        tables = data["discards"]
        lines += ["", text["all"], *_discard_rows(tables["all"], text, lang)]
        if tables["standard"] == tables["all"]:
            lines += ["", text["same"]]
        else:
            lines += ["", text["standard"], *_discard_rows(tables["standard"], text, lang)]
    elif data["waits"]:
        lines.append(f"{text['waits']}:")
        for wait in data["waits"]:
            left = f"  {wait['tile']} {Tile(wait['tile']).unicode} ({text['left'].format(n=wait['unseen'])})"
            for reading in wait["readings"]:
                shape = _SHAPES[lang].get(reading["shape"], reading["shape"])
                lines.extend(
                    _wrap(f"{left}  {shape} {reading['block']}: ", reading["decomposition"], 6)
                )
                left = " " * len(left)
    else:
        for view in ("all", "standard"):
            result = data["ukeire"][view]
            if view == "standard" and result == data["ukeire"]["all"]:
                lines.append(text["same"])
                break
            tiles = " ".join(result["tiles"])
            total = text["count"].format(total=result["total"]).rstrip("]")
            lines.append("")
            lines.append(f"{text[view]}: {text['effective']} ({total})")
            lines.extend(_wrap("  ", f"{tiles}  {_glyphs(result['tiles'])}", 2))
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0, or 2 on bad input)."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    if arguments[:1] == ["serve"]:  # "serve" is no valid hand, so this is unambiguous
        from shanten.web.server import main as serve_main

        return serve_main(arguments[1:])
    args = _parser().parse_args(arguments)
    try:
        melds = [m.strip() for m in args.melds.split(",") if m.strip()]
        data = report(
            args.hand,
            melds=melds,
            players=args.players,
            count_melded_copies=args.count_melded_copies,
            visible=args.visible,
        )
    except ShantenError as error:
        print(f"shanten: error: {error}", file=sys.stderr)
        return 2
    output = json.dumps(data, ensure_ascii=False) if args.json else _as_text(data, args.lang)
    try:
        print(output)
    except BrokenPipeError:  # e.g. piped into head: not an error
        sys.stderr.close()
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
