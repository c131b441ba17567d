"""A reviewed game as one HTML file that needs nothing else: no server, no network
(``shanten review GAME --html FILE``).

The file holds the page's own style sheets and scripts inline (``style.css``,
``review.css``, ``page.js``, ``review_parts.js``, ``review_view.js``), the tiles as inline
SVG (:func:`~shanten.web.tiles_svg.tile_sprite`) and the review as JSON in a
``<script type="application/json" id="review-data">``
(:func:`~shanten.web.review_data.compact`); ``review_view.js`` draws it when the file is
opened, as the page draws the server's answer. Its Content-Security-Policy allows those
scripts and that style sheet by their hashes and nothing else: no other script runs, and
nothing is fetched.

Every text from the record (player names above all) reaches the document as JSON data,
drawn as text by the script; the JSON is written so that no ``<``, ``>`` or ``&`` appears
in it, so that it cannot end its ``<script>`` element. The file name shown in the heading
is escaped as HTML.

A 4-player hanchan of 811 discards makes a file of about 310 KB (350 KB judged by the
odds): 235 KB of review, 30 KB of tiles, the rest style and scripts.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import html
import importlib.resources
import json
import os
from typing import Any, Final

from shanten._version import __version__
from shanten.games.records import GameReview
from shanten.web.review_data import compact
from shanten.web.tiles_svg import tile_sprite

__all__ = ["review_html", "script_json", "write_review_html"]

_STYLES: Final = ("style.css", "review.css")
_SCRIPTS: Final = ("page.js", "review_parts.js", "review_view.js")
#: What JSON may hold that HTML would read inside a <script> element, and its escape.
_UNSAFE: Final = {
    "<": "\\u003c",
    ">": "\\u003e",
    "&": "\\u0026",
    "\u2028": "\\u2028",
    "\u2029": "\\u2029",
}


@functools.cache
def _static(name: str) -> str:
    text = (importlib.resources.files("shanten.web") / "static" / name).read_text("utf-8")
    # inline, the text must not end its element nor open a comment the parser would follow
    assert "</" not in text and "<!--" not in text, name
    return text


def _hash(text: str) -> str:
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return f"'sha256-{base64.b64encode(digest).decode('ascii')}'"


def script_json(data: Any) -> str:
    """``data`` as JSON to put inside a ``<script>`` element: the characters HTML would
    read there (``<``, ``>``, ``&``, and the line and paragraph separators) written as
    ``\\u`` escapes, which JSON reads back as the same characters.

    >>> script_json({"name": "</script><b>"})
    '{"name":"\\\\u003c/script\\\\u003e\\\\u003cb\\\\u003e"}'
    """
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    for char, escape in _UNSAFE.items():
        text = text.replace(char, escape)
    return text


def review_html(game: GameReview, *, seat: int | None = None) -> str:
    """The review of ``game`` as one self-contained HTML document; ``seat`` is the player
    shown first (None: every player)."""
    style = "\n".join(_static(name) for name in _STYLES)
    scripts = [_static(name) for name in _SCRIPTS]
    policy = (
        "default-src 'none'; "
        f"script-src {' '.join(_hash(script) for script in scripts)}; "
        f"style-src {_hash(style)}; base-uri 'none'; form-action 'none'"
    )
    source = os.path.basename(game.source) if game.source else "a game record"
    shown = html.escape(source)
    code = "".join(f"<script>{script}</script>\n" for script in scripts)
    return f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="{policy}">
<title>Review of {shown} · shanten</title>
<style>{style}</style>
</head>
<body class="report" data-state="loading">
{tile_sprite()}
<header>
  <h1>Game review <span lang="ja">牌譜検討</span></h1>
  <p>{shown}: each discard against the best by tile efficiency (牌効率).</p>
</header>
<main class="report">
  <section id="review" class="card">
    <div id="review-out" data-level="2"></div>
    <noscript><p class="note">This report draws itself with the script it holds; the review
    is in the file as JSON (the element <code>#review-data</code>).</p></noscript>
  </section>
</main>
<footer><p>Written by shanten {html.escape(__version__)}. No part of this file is fetched
from elsewhere; the links to Tenhou's viewer open the game on tenhou.net.</p></footer>
<script type="application/json" id="review-data">{script_json(compact(game, seat=seat))}</script>
{code}</body>
</html>
"""


def write_review_html(
    game: GameReview, path: str | os.PathLike[str], *, seat: int | None = None
) -> int:
    """Write :func:`review_html` of ``game`` to ``path`` (UTF-8); returns the bytes written.
    Raises :class:`OSError` when the file cannot be written."""
    data = review_html(game, seat=seat).encode("utf-8")
    with open(path, "wb") as file:
        file.write(data)
    return len(data)
