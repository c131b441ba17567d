"""The local server's routes: which answer each request gets.

GET or HEAD on the page (with its tile sprite and its Content-Security-Policy), its
static files, the favicon and the endpoints ``/api/analyse``, ``/api/odds`` and
``/api/score``; POST on ``/api/review``. A method the path does not take is a 405 (501
for a word that is no HTTP method), a request the host policy refuses gets its refusal
(:mod:`shanten.web.host_policy`), an unknown path is a 404, and a bug is a logged 500
whose body says only that. :func:`answer` takes a parsed request and returns the
response; :mod:`shanten.web.server` holds the sockets.
"""

from __future__ import annotations

import functools
import importlib.resources
import json
import logging
import threading
from http import HTTPStatus
from typing import Final, Protocol

from shanten.errors import ShantenError
from shanten.report import report
from shanten.web.host_policy import Hosts, refusal
from shanten.web.odds_api import odds_response
from shanten.web.protocol import Request, Response, error_body, escape, is_known_method
from shanten.web.query import BadRequest, Query, parse_query
from shanten.web.review_api import review_response
from shanten.web.score_api import score_response
from shanten.web.tiles_svg import tile_sprite

__all__ = ["App", "analyse", "answer"]

logger = logging.getLogger("shanten.web")

_STATIC: Final = {
    "/static/page.js": ("page.js", "text/javascript; charset=utf-8"),
    "/static/analysis.js": ("analysis.js", "text/javascript; charset=utf-8"),
    "/static/app.js": ("app.js", "text/javascript; charset=utf-8"),
    "/static/style.css": ("style.css", "text/css; charset=utf-8"),
    "/static/odds.js": ("odds.js", "text/javascript; charset=utf-8"),
    "/static/review.js": ("review.js", "text/javascript; charset=utf-8"),
    "/static/score.js": ("score.js", "text/javascript; charset=utf-8"),
    "/static/review_parts.js": ("review_parts.js", "text/javascript; charset=utf-8"),
    "/static/review_view.js": ("review_view.js", "text/javascript; charset=utf-8"),
    "/static/review.css": ("review.css", "text/css; charset=utf-8"),
}
_PAGE_CSP: Final = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
    "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)


@functools.lru_cache(maxsize=1024)
def analyse(query: Query) -> bytes:
    """The endpoint's body for ``query``: :func:`shanten.report.report` as UTF-8 JSON.
    Raises the library's errors on bad input; answers are cached, errors are not."""
    data = report(
        query.hand,
        melds=query.melds,
        players=query.players,
        count_melded_copies=query.count_melded_copies,
        visible=query.visible,
    )
    return json.dumps(data, ensure_ascii=False).encode()


@functools.cache
def _static(name: str) -> bytes:
    return (importlib.resources.files("shanten.web") / "static" / name).read_bytes()


@functools.cache
def _page() -> bytes:
    html = _static("index.html").decode()
    return html.replace("<!--tile-sprite-->", tile_sprite(), 1).encode()


@functools.cache
def _favicon() -> bytes:
    symbol = tile_sprite().split('<symbol id="tile-7z" viewBox="0 0 60 80">', 1)[1]
    body = symbol.split("</symbol>", 1)[0]
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 60 80">{body}</svg>'.encode()


class App(Hosts, Protocol):
    """What the routes read of the server: its host names, and its odds and review
    places (``*_slots`` count the computations running, ``*_workers`` how many may)."""

    odds_workers: int
    odds_slots: threading.BoundedSemaphore
    review_workers: int
    review_slots: threading.BoundedSemaphore


def answer(request: Request, server: App) -> Response:
    """The response to ``request``: GET or HEAD on the page, its static files and the
    endpoints, POST on the review."""
    allowed = "POST" if request.path == "/api/review" else "GET, HEAD"
    if request.method not in allowed.split(", "):
        return _refuse(request.method, allowed)
    refused = refusal(request, server)
    if refused is not None:
        return refused
    try:
        if request.method == "POST":
            return _review(request.body, server)
        return _route(request, server)
    except Exception:  # a bug: log it, answer without details
        logger.exception("error while answering %s", escape(request.target))
        return Response.error(
            HTTPStatus.INTERNAL_SERVER_ERROR,
            "InternalError",
            "internal error: the server log has the details",
            close=True,
        )


def _refuse(method: str, allowed: str) -> Response:
    use = allowed.split(", ")[0]
    if not is_known_method(method):
        return Response.error(
            HTTPStatus.NOT_IMPLEMENTED,
            "UnknownMethod",
            f"{method[:40]!r} is not an HTTP method: use {use}",
            close=True,
        )
    return Response(
        HTTPStatus.METHOD_NOT_ALLOWED,
        error_body("MethodNotAllowed", f"{method} is not allowed: use {use}"),
        headers={"Allow": allowed},
        close=True,  # the body, if any, is not read
    )


def _route(request: Request, server: App) -> Response:
    path = request.path
    if path == "/api/analyse":
        return _analyse(request.query)
    if path == "/api/odds":
        return _odds(request.query, server)
    if path == "/api/score":
        return _score(request.query)
    if path in ("/", "/index.html"):
        return Response(
            HTTPStatus.OK,
            _page(),
            "text/html; charset=utf-8",
            cache="no-cache",
            headers={"Content-Security-Policy": _PAGE_CSP},
        )
    if path in _STATIC:
        name, content_type = _STATIC[path]
        return Response(HTTPStatus.OK, _static(name), content_type, cache="no-cache")
    if path == "/favicon.svg":
        return Response(HTTPStatus.OK, _favicon(), "image/svg+xml; charset=utf-8", cache="no-cache")
    return Response.error(HTTPStatus.NOT_FOUND, "NotFound", f"no page at {path[:80]!r}")


def _analyse(raw: str) -> Response:
    try:
        body = analyse(parse_query(raw))
    except BadRequest as error:
        return Response.error(error.status, error.kind, error.message)
    except ShantenError as error:
        return Response.error(HTTPStatus.BAD_REQUEST, type(error).__name__, str(error))
    return Response(HTTPStatus.OK, body)


def _odds(raw: str, server: App) -> Response:
    try:
        return odds_response(raw, server.odds_slots, server.odds_workers)
    except BadRequest as error:
        return Response.error(error.status, error.kind, error.message)
    except ShantenError as error:
        return Response.error(HTTPStatus.BAD_REQUEST, type(error).__name__, str(error))


def _score(raw: str) -> Response:
    try:
        return score_response(raw)
    except BadRequest as error:
        return Response.error(error.status, error.kind, error.message)
    except ShantenError as error:
        return Response.error(HTTPStatus.BAD_REQUEST, type(error).__name__, str(error))


def _review(body: bytes, server: App) -> Response:
    try:
        return review_response(body, server.review_slots, server.review_workers)
    except ShantenError as error:
        return Response.error(HTTPStatus.BAD_REQUEST, type(error).__name__, str(error))
