"""The report file (``shanten.web.review_file``) read as HTML, without a browser: it fetches
nothing (every ``src`` and ``href`` is a fragment of the file, no style sheet or script
from elsewhere), its policy allows exactly its own scripts and style, its JSON is the
library's review (``GameReview.to_dict()``, compacted as documented) with the worst
decisions of ``GameReview.worst()``, a hostile player name or file name stays text, and a
hanchan's file stays within its size."""

from __future__ import annotations

import base64
import hashlib
import json
import re
import shutil
import urllib.parse
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

import shanten
from shanten.games.records import GameReview
from shanten.web.review_data import tenhou_url
from shanten.web.review_file import review_html, script_json, write_review_html

GAMES = Path(__file__).parents[1] / "data" / "tenhou"
XML = GAMES / "2010081709gm-00a9-0000-fe3371ad.mjlog"  # the longest: 811 discards
JSON = GAMES / "2018040923gm-00a9-0000-1833afca.json"
HOSTILE = "</script><img src=x onerror=alert(1)>"
#: The fields of a discard's to_dict() the file leaves out, as docs/review.md lists them.
LEFT_OUT = {"round", "wind", "number", "honba", "player", "visible"}
#: Left out too where no decision was judged by the odds.
JUDGED = {
    "win",
    "tenpai",
    "best_win",
    "best_tenpai",
    "best_by_odds",
    "win_loss",
    "points",
    "best_points",
    "best_by_points",
    "points_loss",
}


class Document(HTMLParser):
    """Every start tag with its attributes, and the text of each <script> and <style>."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.text = text
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.scripts: list[tuple[dict[str, str | None], str]] = []
        self.styles: list[str] = []
        self._open: tuple[str, dict[str, str | None]] | None = None
        self.feed(text)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        if tag in ("script", "style"):
            self._open = (tag, dict(attrs))

    def handle_data(self, data: str) -> None:
        if self._open is not None:
            tag, attrs = self._open
            if tag == "script":
                self.scripts.append((attrs, data))
            else:
                self.styles.append(data)

    def handle_endtag(self, tag: str) -> None:
        self._open = None

    def data(self) -> Any:
        (text,) = [body for attrs, body in self.scripts if attrs.get("id") == "review-data"]
        return json.loads(text)


@pytest.fixture(scope="module")
def game() -> GameReview:
    return shanten.review(XML)


@pytest.fixture(scope="module")
def document(game: GameReview) -> Document:
    return Document(review_html(game, seat=1))


def test_the_file_fetches_nothing(document: Document) -> None:
    tags = {tag for tag, _ in document.tags}
    assert {"html", "head", "body", "script", "style", "svg", "symbol"} <= tags
    assert not tags & {"link", "img", "iframe", "object", "embed", "base", "audio", "video"}
    references = [
        (tag, name, value)
        for tag, attrs in document.tags
        for name, value in attrs.items()
        if name in ("src", "href", "xlink:href", "action", "data", "poster", "srcset")
    ]
    assert all(value and value.startswith("#") for _, _, value in references), references
    scripts = [attrs for attrs, _ in document.scripts]
    assert len(scripts) == 4 and all("src" not in attrs for attrs in scripts)
    style = "".join(document.styles)
    assert "url(" not in style and "@import" not in style
    # an address anywhere is SVG's namespace, or the link to Tenhou's viewer the script writes
    addresses = {a.split("?")[0] for a in re.findall(r"https?://[^\s\"'`]*", document.text)}
    assert addresses == {"http://www.w3.org/2000/svg", "https://tenhou.net/6/"}


def test_the_policy_allows_the_files_own_scripts_and_style_only(document: Document) -> None:
    (policy,) = [
        attrs["content"]
        for tag, attrs in document.tags
        if tag == "meta" and attrs.get("http-equiv") == "Content-Security-Policy"
    ]
    assert policy is not None
    rules = dict(rule.strip().split(" ", 1) for rule in policy.split(";"))

    def digest(text: str) -> str:
        return f"'sha256-{base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()}'"

    code = [body for attrs, body in document.scripts if "type" not in attrs]
    assert rules["default-src"] == "'none'"
    assert sorted(rules["script-src"].split()) == sorted(digest(body) for body in code)
    assert rules["style-src"] == digest("".join(document.styles))
    assert rules["base-uri"] == "'none'" and rules["form-action"] == "'none'"


def expected_data(game: GameReview, seat: int | None) -> dict[str, Any]:
    """The file's JSON, from ``to_dict()`` and ``worst()``: the discards as documented
    (each with its round's place, the fields left out, the judgement by the odds too in a
    review without it), the source's file name alone."""
    data = game.to_dict()
    rounds = data["rounds"]
    discards = []
    judged = any(record.win is not None for record in game)
    left_out = LEFT_OUT if judged else LEFT_OUT | JUDGED
    for record in data.pop("discards"):
        record["round_index"] = rounds.index(record["round"])  # real games repeat no round
        discards.append({k: v for k, v in record.items() if k not in left_out})

    def places(seat: int | None) -> list[int]:
        return [game.discards.index(record) for record in game.worst(10, seat=seat)]

    name = Path(data["source"]).name
    return {
        **data,
        "source": name,
        "discards": discards,
        "worst": {"all": places(None), "by_seat": [places(s) for s in range(len(game.names))]},
        "tenhou": name.split(".")[0],
        "seat": seat,
    }


def rebuilt(data: dict[str, Any]) -> dict[str, Any]:
    """The file's JSON with its discards as objects again."""
    columns, rows = data.pop("discard_columns"), data.pop("discard_rows")
    assert columns[0] == "round_index" and not LEFT_OUT & set(columns)
    return {**data, "discards": [dict(zip(columns, row, strict=True)) for row in rows]}


@pytest.mark.parametrize("path", [XML, JSON], ids=["xml", "json"])
def test_the_json_is_the_librarys_review(path: Path) -> None:
    game = shanten.review(path)
    for seat in (None, 2):
        assert rebuilt(Document(review_html(game, seat=seat)).data()) == expected_data(game, seat)


def test_a_record_not_named_by_its_id_has_no_link(tmp_path: Path) -> None:
    renamed = tmp_path / "game.mjlog"
    shutil.copy(XML, renamed)
    data = Document(review_html(shanten.review(renamed))).data()
    assert data["tenhou"] is None and data["source"] == "game.mjlog"
    assert Document(review_html(shanten.review(XML.read_bytes()))).data()["tenhou"] is None


def test_the_link_is_tenhous_viewer_at_the_round() -> None:
    assert tenhou_url("2010081709gm-00a9-0000-fe3371ad", 14, 3) == (
        "https://tenhou.net/6/?log=2010081709gm-00a9-0000-fe3371ad&tw=3&ts=14"
    )


def hostile_record(
    tmp_path: Path, file_name: str = "2010081709gm-00a9-0000-fe3371ad.mjlog"
) -> Path:
    """The real record with seat 0's name replaced by markup (URL-encoded, as in UN)."""
    text = XML.read_text(encoding="utf-8")
    encoded = urllib.parse.quote(HOSTILE, safe="")
    changed = re.sub(r'(<UN n0=")[^"]*(")', rf"\g<1>{encoded}\g<2>", text, count=1)
    assert changed != text
    path = tmp_path / file_name
    path.write_text(changed, encoding="utf-8")
    return path


def test_a_hostile_name_stays_text(tmp_path: Path) -> None:
    game = shanten.review(hostile_record(tmp_path))
    assert game.names[0] == HOSTILE
    text = review_html(game)
    assert HOSTILE not in text and "<img" not in text and "onerror=alert(1)>" not in text
    document = Document(text)
    assert [tag for tag, _ in document.tags].count("script") == 4
    assert "img" not in {tag for tag, _ in document.tags}
    data = document.data()
    assert data["names"][0] == HOSTILE and data["players"][0]["name"] == HOSTILE


def test_a_hostile_file_name_is_escaped(tmp_path: Path) -> None:
    game = shanten.review(hostile_record(tmp_path, "a<b>&'\"c.mjlog"))
    text = review_html(game)
    assert "<b>" not in text
    assert "a&lt;b&gt;&amp;&#x27;&quot;c.mjlog" in text
    assert Document(text).data()["source"] == "a<b>&'\"c.mjlog"


def test_the_json_cannot_end_its_element() -> None:
    assert script_json({"a": "</script>\u2028&"}) == '{"a":"\\u003c/script\\u003e\\u2028\\u0026"}'
    assert json.loads(script_json({"a": "</script>\u2028&"})) == {"a": "</script>\u2028&"}


def test_a_hanchans_file_stays_small(game: GameReview, tmp_path: Path) -> None:
    """811 discards: the review is under a third of to_dict()'s JSON, the file under
    330 KB (measured: 290 KB; 399 KB judged by the odds, with the expected points)."""
    size = write_review_html(game, tmp_path / "report.html")
    assert size == len((tmp_path / "report.html").read_bytes())
    full = len(json.dumps(game.to_dict(), ensure_ascii=False).encode())
    embedded = len(script_json(Document(review_html(game)).data()).encode())
    assert embedded * 3 < full
    assert size < 330_000
