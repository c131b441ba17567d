"""The command line's text output: :func:`shanten.report.report` data laid out for a
terminal, in English or Japanese.

Columns are aligned by display width (:mod:`shanten.display`), so that Japanese labels
and the double-width 🀄 keep every row of a table in line, and every line fits
:data:`WIDTH` columns even where a font draws all tile glyphs two columns wide.

With the discard odds (``--odds``, :mod:`shanten.cli.odds`), the all-forms table comes
best win first, each row with its tenpai % and win %; a 3n+1 hand's odds come last.
"""

from __future__ import annotations

from typing import Any, Literal

from shanten.cli import odds as cli_odds
from shanten.display import grid, pad, widest, width, wrap
from shanten.hand import Hand
from shanten.tiles import Tile

__all__ = ["WIDTH", "Language", "as_text"]

#: The widest line the command line prints, in display columns.
WIDTH = 80

Language = Literal["en", "ja"]

_ALL_EN = "All forms: four sets and a pair, seven pairs, thirteen orphans (Tenhou 標準形)"
_STANDARD_EN = "Four sets and a pair only (Tenhou 一般形)"

_TEXT: dict[Language, dict[str, str]] = {
    "en": {
        "hand": "hand",
        "melds": "melds",
        "shanten": "shanten",
        "forms": "(four sets and a pair {standard}, seven pairs {chiitoitsu}, "
        "thirteen orphans {kokushi})",
        "complete": "complete",
        "ready": "ready",
        "witness": "witness",
        "needs": "needs",
        "nothing": "nothing",
        "all": _ALL_EN,
        "standard": _STANDARD_EN,
        "same": f"{_STANDARD_EN}: the same.",
        "level": "{n}-shanten",
        "tenpai_level": "ready (0-shanten)",
        "effective": "effective tiles: {total}, unseen copies of each",
        "waits": "waits:",
        "left": "({n} left)",
        "readings": "readings:",
        "thirteen_sided": "waits: thirteen-sided (kokushi13, 十三面待ち): one of each terminal "
        "and honour, so any of the 13 completes thirteen orphans as its pair",
    },
    "ja": {
        "hand": "手牌",
        "melds": "副露",
        "shanten": "向聴数",
        "forms": "(一般形 {standard}、七対子 {chiitoitsu}、国士無双 {kokushi})",
        "complete": "和了",
        "ready": "聴牌",
        "witness": "完成形の例",
        "needs": "必要牌",
        "nothing": "なし",
        "all": "標準形",
        "standard": "一般形",
        "same": "一般形: 標準形と同じ。",
        "level": "{n}向聴",
        "tenpai_level": "聴牌",
        "effective": "有効牌: {total} (各牌の残り枚数)",
        "waits": "待ち:",
        "left": "(残り{n}枚)",
        "readings": "和了形:",
        "thirteen_sided": "待ち: 国士無双十三面待ち (么九牌13種が1枚ずつ、どれを引いても和了)",
    },
}

_SHAPES: dict[Language, dict[str, str]] = {
    "en": {"kokushi": "thirteen orphans (kokushi)", "kokushi13": "thirteen-sided (kokushi13)"},
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

#: Display columns of the tiles in an English discard row, before they wrap.
_TILES_COLUMN = 40

#: The word before the tile in a discard row: "cut 8m", "打8m".
_PREFIX: dict[Language, str] = {"en": "cut ", "ja": "打"}


def _tiles(total: int, lang: Language) -> str:
    """A count of tiles: "1 tile", "12 tiles", "12枚"."""
    if lang == "ja":
        return f"{total}枚"
    return f"{total} tile" if total == 1 else f"{total} tiles"


def _glyph(name: str) -> str:
    """A tile's glyph in a two-column cell: 🀄 fills it, the others take one column."""
    return pad(Tile(name).unicode, 2)


def _level(text: dict[str, str], shanten: int | None) -> str:
    if shanten is None:
        return "-"
    if shanten == -1:
        return f"-1 ({text['complete']})"
    if shanten == 0:
        return f"0 ({text['ready']})"
    return str(shanten)


def _header(data: dict[str, Any], text: dict[str, str]) -> list[str]:
    labels = ["hand", "melds", "shanten", "witness"]
    column = max(width(text[label]) for label in labels) + 2
    indent = " " * column
    shanten = data["shanten"]
    forms = text["forms"].format(**{k: "-" if v is None else v for k, v in shanten.items()})
    witness = data["witness"]
    needed = " ".join(witness["needed"]) or text["nothing"]
    lines = [f"{pad(text['hand'], column)}{data['hand']}  {data['unicode']}"]
    if data["melds"]:
        melds = "  ".join(f"{m} {Hand(m).unicode}" for m in data["melds"])
        lines.append(f"{pad(text['melds'], column)}{melds}")
    words = [_level(text, shanten["min"]) + " ", *forms.split(" ")]
    lines += wrap(words, WIDTH, first=pad(text["shanten"], column), indent=indent)
    lines.append(f"{pad(text['witness'], column)}{witness['hand']}  ({text['needs']} {needed})")
    return lines


def _draws_en(row: dict[str, Any], prefix: str, column: int = _TILES_COLUMN) -> list[str]:
    """An English discard row: the tiles in a column ``column`` wide, wrapped under
    itself, then the count and the good-shape share in columns of their own."""
    tiles = wrap(row["tiles"], column) if row["tiles"] else [""]
    count = _tiles(row["total"], "en").split(" ")
    right = f"{count[0]:>3} {count[1]:<5}"
    right += f"  {_good(row, 'good')}"
    lines = [f"{prefix}{pad(tiles[0], column)} {right}".rstrip()]
    lines += [" " * width(prefix) + chunk for chunk in tiles[1:]]
    return lines


def _draws_ja(row: dict[str, Any], room: int) -> list[str]:
    """A Japanese discard row's draws as Tenhou writes them, 摸[tiles N枚], wrapped to
    ``room`` display columns, the continuation lines under the first tile."""
    suffix = f" {row['total']}枚]"
    lines: list[str] = []
    line = "摸["
    for index, tile in enumerate(row["tiles"]):
        end = suffix if index == len(row["tiles"]) - 1 else ""
        if widest(line + tile + end) > room and line.strip() != "摸[":
            lines.append(line)
            line = " " * width("摸[")
        line += tile
    return [*lines, line + suffix]


def _good(row: dict[str, Any], label: str) -> str:
    """The good-shape share (良形率) of a 1-shanten row, or nothing."""
    good = row["good_shape"]
    return "" if good is None or not good["total"] else f"{label} {good['share']:>4.0%}"


def _rows_ja(rows: list[dict[str, Any]], cells: list[str]) -> list[list[str]]:
    """Japanese discard rows, 打X 摸[tiles N枚], with the good-shape share in one column
    after the longest 摸[...] among the rows that have one, and the odds ``cells`` (if
    any) before the 摸[...]."""
    odds = max((width(cell) for cell in cells), default=0)
    room = WIDTH - widest("    打1m 🀇  ") - odds - width("  良形 100%")
    draws = [_draws_ja(row, room) for row in rows]
    column = max(
        (width(d[-1]) for d, r in zip(draws, rows, strict=True) if _good(r, "")), default=0
    )
    out = []
    for index, (row, lines) in enumerate(zip(rows, draws, strict=True)):
        prefix = f"    打{row['discard']} {_glyph(row['discard'])} "
        prefix += cells[index] if cells else ""
        if _good(row, ""):
            lines[-1] = f"{pad(lines[-1], column)}  {_good(row, '良形')}"
        out.append([prefix + lines[0]] + [" " * width(prefix) + line for line in lines[1:]])
    return out


def _discard_rows(
    rows: list[dict[str, Any]], text: dict[str, str], lang: Language, cells: list[str] | None = None
) -> list[str]:
    """A discard table (打牌候補), one row per discard, under a header of its shanten
    number where it differs from the row above; ``cells`` (the odds) after each glyph."""
    lines: list[str] = []
    level = None
    cells = cells or []
    japanese = _rows_ja(rows, cells) if lang == "ja" else []
    for index, row in enumerate(rows):
        if row["shanten"] != level:
            level = row["shanten"]
            lines.append(
                "  " + (text["tenpai_level"] if level == 0 else text["level"].format(n=level))
            )
        if lang == "ja":
            lines += japanese[index]
        else:
            prefix = f"    cut {row['discard']} {_glyph(row['discard'])} "
            odds = cells[index] if cells else ""
            lines += _draws_en(row, prefix + odds, _TILES_COLUMN - width(odds))
    return lines


def _waits(waits: list[dict[str, Any]], text: dict[str, str], lang: Language) -> list[str]:
    """The waits (待ち), one line per winning tile and reading; a thirteen-sided wait as
    one explanation and its thirteen tiles."""
    cells = [f"{w['tile']} {_glyph(w['tile'])} {text['left'].format(n=w['unseen'])}" for w in waits]
    shapes = {r["shape"] for w in waits for r in w["readings"]}
    if shapes == {"kokushi13"}:
        return [*wrap(text["thirteen_sided"].split(" "), WIDTH, indent="  "), *grid(cells, WIDTH)]
    column = max(width(cell) for cell in cells) + 4
    lines = [text["waits"]]
    for cell, wait in zip(cells, waits, strict=True):
        left = pad("  " + cell, column)
        for reading in wait["readings"]:
            shape = _SHAPES[lang].get(reading["shape"], reading["shape"])
            if reading["shape"] in ("kokushi", "kokushi13"):
                words = [f"{shape}:", reading["decomposition"]]  # the block is the whole hand
            else:
                words = [shape, f"{reading['block']}:", *reading["decomposition"].split(" ")]
            lines += wrap(words, WIDTH, first=left, indent=" " * (column + 2))
            left = " " * column
    return lines


def _effective(data: dict[str, Any], text: dict[str, str], lang: Language) -> list[str]:
    """The effective tiles (有効牌) of a hand that is not ready, in both views, each tile
    with its unseen copies."""
    lines: list[str] = []
    for view in ("all", "standard"):
        result = data["ukeire"][view]
        if view == "standard" and result == data["ukeire"]["all"]:
            return [*lines, "", text["same"]]
        cells = [
            f"{tile} {_glyph(tile)} {count}"
            for tile, count in zip(result["tiles"], result["counts"], strict=True)
        ]
        lines += [
            "",
            text[view],
            "  " + text["effective"].format(total=_tiles(result["total"], lang)),
        ]
        lines += grid(cells, WIDTH)
    return lines


def as_text(data: dict[str, Any], lang: Language) -> str:
    """The text the command line prints for ``report()`` data."""
    text = _TEXT[lang]
    lines = _header(data, text)
    if "discards" in data:
        if data["decompositions"]:
            lines.append(text["readings"])
            lines.extend(f"  {d['text']}" for d in data["decompositions"])
        tables = data["discards"]
        lines += ["", text["all"]]
        if "odds" in data:  # the rows best win first, with their odds
            rows, cells = cli_odds.ordered(tables["all"], data["odds"])
            indent = width(f"    {_PREFIX[lang]}1m {_glyph('1m')} ")
            lines += cli_odds.table_header(data["odds"], lang, indent=indent, limit=WIDTH)
            lines += _discard_rows(rows, text, lang, cells)
        else:
            lines += _discard_rows(tables["all"], text, lang)
        if tables["standard"] == tables["all"]:
            lines += ["", text["same"]]
        else:
            lines += ["", text["standard"], *_discard_rows(tables["standard"], text, lang)]
    elif data["waits"]:
        lines += _waits(data["waits"], text, lang)
    else:
        lines += _effective(data, text, lang)
    if "odds" in data and "discards" not in data:
        lines += cli_odds.hand_lines(data["odds"], lang, limit=WIDTH)
    return "\n".join(lines)
