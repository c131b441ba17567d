"""The command line's text as a terminal draws it: columns in line by display width, in
both languages; effective tiles with their unseen copies; waits printed once; labels
that say what each view includes; counts in the singular when there is one."""

from __future__ import annotations

import itertools
import json
import re
import unicodedata
from typing import Literal

import pytest

import shanten
from shanten.cli.command import WIDTH, main
from shanten.cli.text import as_text
from shanten.report import report

LANGS = ("en", "ja")
TILE = re.compile("[\U0001f000-\U0001f02f]")

# hands whose tables hold a 7z (🀄, drawn two columns wide) among narrow tiles, long rows,
# good-shape columns, waits with several readings, thirteen-sided and single kokushi waits,
# effective tiles of a hand that is not ready, melds, and a complete hand
HANDS = [
    ["2389m6799p22567s7z"],
    ["23489m6799p22567s"],
    ["147m258p369s12347z"],
    ["1112345678999m"],
    ["19m19p19s1234567z"],
    ["19m19p19s1234566z"],
    ["19m19p19s12345z5p5s"],
    ["2389m6799p22567s"],
    ["1133557799m1133p"],
    ["45z", "--melds", "444z,555z,111m,999p", "--count-melded-copies"],
]


def columns(text: str) -> int:
    """Display columns, as terminals draw them: East Asian Wide and Fullwidth characters
    (CJK, and 🀄 U+1F004) take two, the other tile glyphs one."""
    return sum(2 if unicodedata.east_asian_width(c) in ("W", "F") else 1 for c in text)


def at(line: str, index: int) -> int:
    """The display column where ``line[index]`` starts."""
    return columns(line[:index])


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(argv) == 0
    return capsys.readouterr().out


def blocks(out: str) -> list[list[str]]:
    """The output's paragraphs (separated by blank lines)."""
    return [block.splitlines() for block in out.split("\n\n")]


def anchors(line: str, patterns: dict[str, str]) -> dict[str, int]:
    """The display column of each pattern's first match (of its group 1) in ``line``."""
    found = {}
    for name, pattern in patterns.items():
        match = re.search(pattern, line)
        if match:
            found[name] = at(line, match.start(1))
    return found


ROW_EN = {
    "glyph": r"^    cut \S\S (\S)",
    "tiles": r"^    cut \S\S \S\s+(\S)",
    "count": r"\d+ (tiles?)\b",
    "good": r"(good)",
}
ROW_JA = {"glyph": r"^    打\S\S (\S)", "draws": r"(摸\[)", "good": r"(良形)"}
WAIT = {
    "glyph": r"^  \d[mpsz] (\S)",
    "left": r"(\()",
    "reading": r"^(?:  \d[mpsz] .*?\)\s+|\s+)(\S)",
}


def assert_in_line(rows: list[str], patterns: dict[str, str]) -> None:
    """Every row has each of its columns at the same display column as the other rows."""
    seen: dict[str, set[int]] = {}
    for row in rows:
        for name, column in anchors(row, patterns).items():
            seen.setdefault(name, set()).add(column)
    assert all(len(found) == 1 for found in seen.values()), (seen, rows)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("hand", HANDS)
def test_every_table_keeps_its_columns_in_line(
    hand: list[str], lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    out = run([*hand, "--lang", lang], capsys)
    lines = out.splitlines()
    # the header: every value starts in one column, after the widest label
    ends = ("waits", "待ち", "readings", "和了形")
    header = [
        line
        for line in itertools.takewhile(lambda x: x != "" and not x.startswith(ends), lines)
        if not line.startswith(" ")  # a wrapped line goes on under its value
    ]
    assert len(header) == 3 + ("--melds" in hand)
    assert_in_line(header, {"value": r"^\S+\s+(\S)"})
    for block in blocks(out):
        rows = [line for line in block if re.match(r"^    (cut |打)", line)]
        assert_in_line(rows, ROW_EN if lang == "en" else ROW_JA)
    label = "waits:" if lang == "en" else "待ち:"
    if label in lines:  # one line per winning tile and reading
        assert_in_line(lines[lines.index(label) + 1 :], WAIT)
    else:  # grids of tiles: each line's cells start where the first line's do
        for grid in re.findall(r"(?m)(?:^  \d[mpsz] .*\n)+", out):
            first, *rest = grid.splitlines()
            for line in rest:
                for pattern in (r"\d[mpsz] ", TILE.pattern):
                    starts = [at(line, m.start()) for m in re.finditer(pattern, line)]
                    expected = [at(first, m.start()) for m in re.finditer(pattern, first)]
                    assert starts == expected[: len(starts)], (line, first)
    assert max(columns(line) for line in out.splitlines()) <= WIDTH


def test_the_checks_see_the_tables(capsys: pytest.CaptureFixture[str]) -> None:
    """The table rows that the alignment test reads are there to be read."""
    out = run(["2389m6799p22567s7z", "--lang", "ja"], capsys)
    rows = [line for line in out.splitlines() if line.startswith("    打")]
    assert len(rows) == len(shanten.discards("2389m6799p22567s7z")) and "🀄" in rows[0]
    out = run(["1112345678999m"], capsys)
    assert sum(1 for line in out.splitlines() if re.match(r"^\s{10,}\S", line)) >= 5


@pytest.mark.parametrize("lang", LANGS)
def test_effective_tiles_show_their_unseen_copies(
    lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    for hand, visible in [("2389m6799p22567s", ""), ("19m19p19s12345z5p5s", "6z7z7z")]:
        out = run([hand, "--visible", visible, "--lang", lang], capsys)
        views: list[tuple[Literal["all", "standard"], int]] = [("all", 1), ("standard", 2)]
        for form, part in views:
            result = shanten.ukeire(hand, form=form, visible=visible)
            if part == 2 and result == shanten.ukeire(hand, visible=visible):
                continue
            text = "\n".join(blocks(out)[part])
            cells = re.findall(r"(\d[mpsz]) \S\s*(\d+)", text)
            assert cells == [
                (str(t), str(c)) for t, c in zip(result.tiles, result.counts, strict=True)
            ]
            assert (f"{result.total} tiles" if lang == "en" else f"{result.total}枚") in text


def test_a_thirteen_sided_wait_is_printed_once(capsys: pytest.CaptureFixture[str]) -> None:
    hand = "19m19p19s1234567z"
    out = run([hand], capsys)
    waits = out.split("waits:")[1]
    assert "thirteen-sided" in waits and "terminal and honour" in waits
    assert "119m" not in waits  # no completed hand, let alone twice per tile
    left = re.findall(r"(\d[mpsz]) \S\s*\((\d) left\)", waits)
    found = shanten.waits(hand)
    assert [t for t, _ in left] == [str(t) for t in found.tiles] and len(left) == 13
    data = json.loads(run([hand, "--json"], capsys))
    assert [int(n) for _, n in left] == [w["unseen"] for w in data["waits"]]
    ja = run([hand, "--lang", "ja"], capsys)
    assert "十三面" in ja and "119m" not in ja.split("待ち")[1]


@pytest.mark.parametrize("lang", LANGS)
def test_a_single_kokushi_wait_shows_the_hand_once(
    lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    out = run(["19m19p19s1234566z", "--lang", lang], capsys)
    wait = [line for line in out.splitlines() if line.startswith("  7z ")]
    assert len(wait) == 1 and wait[0].count("19m19p19s12345667z") == 1


def test_view_labels_say_what_they_include(capsys: pytest.CaptureFixture[str]) -> None:
    for hand in ["1133557799m1133p", "19m19p19s12345z5p5s", "23489m6799p22567s"]:
        out = run([hand], capsys)
        views = [line for line in out.splitlines() if "(Tenhou " in line]
        assert views[0].startswith("All forms: ") and "標準形" in views[0]
        assert "seven pairs" in views[0] and "thirteen orphans" in views[0]
        assert views[1].startswith("Four sets and a pair only ") and "一般形" in views[1]
        assert "Standard form" not in out
    data = json.loads(run(["23489m6799p22567s", "--json"], capsys))
    assert set(data["discards"]) == {"all", "standard"}


def test_a_count_of_one_is_singular(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["12m", "--melds", "111p,222p,333p,444p", "--visible", "2m2m"]
    table = shanten.discards("12m", melds=["111p", "222p", "333p", "444p"], visible="2m2m")
    assert [o.ukeire.total for o in table] == [3, 1]  # 3 of 1m unseen, 1 of 2m
    out = run(argv, capsys)
    assert "1 tile\n" in out and "1 tiles" not in out and "3 tiles" in out


@pytest.mark.parametrize("lang", LANGS)
def test_long_rows_wrap_and_keep_their_columns(lang: Literal["en", "ja"]) -> None:
    data = report("23489m6799p22567s")
    row = data["discards"]["all"][0]
    row["tiles"] = [str(shanten.Tile(i)) for i in range(34)]  # every tile, as no hand has
    lines = as_text(data, lang).splitlines()
    assert max(columns(line) for line in lines) <= WIDTH
    table = lines[lines.index("  1-shanten" if lang == "en" else "  1向聴") + 1 :]
    table = table[: table.index("")]
    first, *rest = itertools.takewhile(lambda x: x == table[0] or x.startswith(" " * 9), table)
    assert rest  # the row wrapped, its tiles all there in order
    assert re.findall(r"\d[mpsz]", " ".join([first, *rest]))[1:35] == row["tiles"]
    tiles = re.search(r"\d[mpsz]", first[first.index(row["discard"]) + 2 :])
    assert tiles is not None
    start = at(first, first.index(row["discard"]) + 2 + tiles.start())
    for line in rest:  # the continuation lines go on under the first tile
        assert at(line, len(line) - len(line.lstrip())) == start
    rows = [line for line in table if re.search(r"^    (cut|打)|good|良形", line)]
    assert_in_line(rows, ROW_EN if lang == "en" else ROW_JA)


def test_good_shape_column_follows_the_rows_that_have_one(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = run(["23489m6799p22567s", "--lang", "ja"], capsys)
    rows = [line for line in out.splitlines() if "良形" in line]
    assert len(rows) == sum(1 for o in shanten.discards("23489m6799p22567s") if o.shanten == 1)
    ends = [at(line, line.index("枚]") + 2) for line in rows]
    assert {at(line, line.index("良形")) for line in rows} == {max(ends) + 2}
