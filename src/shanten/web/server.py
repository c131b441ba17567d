"""The local page (牌理) and its JSON endpoint, served by the standard library's
:mod:`socketserver` through :mod:`shanten.web.protocol`.

``shanten serve [--host 127.0.0.1] [--port 8000]`` prints its URL and serves until Ctrl-C:

- ``GET /`` the page: a hand box, tile buttons, melds (副露), the 3-player switch (三人麻雀),
  the copy rule and visible tiles; it reads the same parameters as the endpoint from its
  own URL, so ``/?q=23489m6799p22567s`` is an analysis to share.
- ``GET /api/analyse?q=HAND&melds=123m,555z&players=3&count_melded_copies=1&visible=1z5m``
  returns :func:`shanten.report.report` as JSON, the same data as ``shanten HAND --json``.
- ``GET /api/odds?q=HAND&draws=17&hand_changes=1&shanten_back=1`` streams the discard
  odds (:func:`shanten.odds`) one discard a line: :mod:`shanten.web.odds_api`.
- ``GET /api/score?q=HAND&win=TILE&tsumo=1&riichi=1&dora=3m&seat_wind=2z...`` scores a
  complete hand (:func:`shanten.score`), the data of ``shanten score --json``:
  :mod:`shanten.web.score_api`.
- ``POST /api/review`` with a game record as the body returns its review
  (:func:`shanten.review`) as JSON: :mod:`shanten.web.review_api`.
- Bad input is a 400 with ``{"error": {"type": "NotationError", "message": "..."}}``, the
  library's own message; a value over :data:`MAX_INPUT` characters is a 413, an unknown
  path a 404, a method the path does not take a 405 (501 for a word that is no HTTP
  method). A bug is a logged 500 whose body says only that: never a stack trace.
  Requests that are not HTTP/1.1 get their JSON error from :mod:`shanten.web.protocol`.
- Any page the user's browser opens can reach the server, so it answers only for its own
  names: a ``Host`` other than ``localhost``, ``127.0.0.1`` or ``[::1]`` with the bound
  port (or the name given as ``--host``; any IP address when bound to all of them) is a
  421 ``HostNotAllowed``, which keeps DNS rebinding out. A request for the endpoints
  (``/api/...``) that a browser marks as sent from another origin (``Origin`` other than
  the server's own, ``Sec-Fetch-Site`` other than ``same-origin`` or ``none``) is a 403
  ``CrossOrigin``, so no other site can start work or read an answer. Clients that send
  neither header (curl, scripts) are served. The rule is :mod:`shanten.web.host_policy`.

Which answer each request gets is :mod:`shanten.web.routes`; this module holds the
server itself: its sockets and threads, its limits, and ``shanten serve``.

Tests start the server on an ephemeral port with :func:`make_server` and run it in a thread.
"""

from __future__ import annotations

import argparse
import ipaddress
import logging
import socket
import socketserver
import sys
import threading
from collections.abc import Sequence

from shanten.report import report
from shanten.web.host_policy import HostPolicy
from shanten.web.odds_api import ODDS_WORKERS
from shanten.web.protocol import (
    IDLE_TIMEOUT,
    MAX_BODY,
    MAX_TARGET,
    REQUEST_TIMEOUT,
    Connection,
    EscapingFormatter,
    Request,
    Response,
    escape,
)
from shanten.web.query import MAX_INPUT, PARAMETERS, BadRequest, Query, parse_query
from shanten.web.review_api import REVIEW_WORKERS, return_memory_after_reviews
from shanten.web.routes import analyse, answer

__all__ = [
    "MAX_INPUT",
    "MAX_TARGET",
    "PARAMETERS",
    "BadRequest",
    "Query",
    "Server",
    "analyse",
    "is_loopback",
    "main",
    "make_server",
    "parse_query",
    "serve",
    "url_of",
    "warm_up",
]

logger = logging.getLogger("shanten.web")


class _Handler(Connection):
    """A connection whose requests are answered by the page's routes
    (:func:`shanten.web.routes.answer`)."""

    server: Server

    def answer(self, request: Request) -> Response:
        return answer(request, self.server)


class Server(socketserver.ThreadingTCPServer):
    """A thread per connection; a deep listen queue so that hundreds of clients at once
    wait instead of being refused. ``request_timeout`` and ``idle_timeout`` are the
    connections' limits, in seconds; ``max_body`` the largest POST body, in bytes;
    ``odds_workers`` how many odds computations run at once (``odds_slots`` counts them),
    ``review_workers`` how many reviews (``review_slots``); ``host_name`` the name the
    server was asked to listen on, which it answers for besides the loopback names.
    """

    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 512
    request_timeout: float = REQUEST_TIMEOUT
    idle_timeout: float = IDLE_TIMEOUT
    max_body: int = MAX_BODY
    odds_workers: int = ODDS_WORKERS
    odds_slots: threading.BoundedSemaphore
    review_workers: int = REVIEW_WORKERS
    review_slots: threading.BoundedSemaphore
    host_name: str = "127.0.0.1"

    def server_activate(self) -> None:
        """Listen, with as many odds and review places free as ``odds_workers`` and
        ``review_workers`` say."""
        self.odds_slots = threading.BoundedSemaphore(self.odds_workers)
        self.review_slots = threading.BoundedSemaphore(self.review_workers)
        super().server_activate()

    def host_policy(self) -> HostPolicy:
        """The names this server answers for, as its address and port now are."""
        bound = self.server_address[0]
        address = bound if isinstance(bound, str) else bytes(bound).decode()
        return HostPolicy(address, int(self.server_address[1]), self.host_name)

    def serves_host(self, host: str) -> bool:
        """Whether a request's ``Host`` names this server: one of its names with its
        port (no port only on port 80), or any IP address when it listens on all."""
        return self.host_policy().serves(host)

    def host_names(self) -> str:
        """The names this server answers for, for a message."""
        return self.host_policy().text()

    def handle_error(self, request: object, client_address: object) -> None:
        """A connection's unexpected error goes to the log (escaped), not to stderr raw;
        a client that went away is no error."""
        if not isinstance(sys.exc_info()[1], OSError):
            logger.exception("error on a connection from %s", escape(str(client_address)))


class _Server6(Server):
    address_family = socket.AF_INET6


def warm_up() -> None:
    """Build the library's tables (a few seconds, once per process) before serving, so the
    first visitor does not wait for them."""
    report("23489m6799p22567s")
    report("1111m111122233z", players=3)


def make_server(
    host: str = "127.0.0.1",
    port: int = 8000,
    *,
    request_timeout: float = REQUEST_TIMEOUT,
    idle_timeout: float = IDLE_TIMEOUT,
    max_body: int = MAX_BODY,
    odds_workers: int = ODDS_WORKERS,
    review_workers: int = REVIEW_WORKERS,
) -> Server:
    """A ready, bound server (``port=0`` picks a free port: ``server.server_address[1]``);
    call ``serve_forever()`` on it, in a thread if need be, and ``shutdown()`` to stop.
    A request must arrive whole within ``request_timeout`` seconds of its first byte; a
    kept-alive connection is closed after ``idle_timeout`` idle seconds. A POST's body is
    at most ``max_body`` bytes; at most ``odds_workers`` odds computations and
    ``review_workers`` reviews run at once. The server answers only requests for its own
    host names (``host``, ``localhost``, ``127.0.0.1``, ``[::1]``, with its port)."""
    warm_up()
    return_memory_after_reviews()
    cls = _Server6 if ":" in host else Server
    server = cls((host, port), _Handler, bind_and_activate=False)
    server.request_timeout, server.idle_timeout = request_timeout, idle_timeout
    server.max_body, server.odds_workers = max_body, odds_workers
    server.review_workers, server.host_name = review_workers, host
    try:
        server.server_bind()
        server.server_activate()
    except BaseException:
        server.server_close()
        raise
    return server


def url_of(server: Server) -> str:
    """The address to open in a browser: ``http://127.0.0.1:8000/``."""
    host, port = server.server_address[:2]
    name = host if isinstance(host, str) else bytes(host).decode()
    return f"http://[{name}]:{port}/" if ":" in name else f"http://{name}:{port}/"


def is_loopback(server: Server) -> bool:
    """Whether ``server`` listens on this machine only (127.0.0.0/8 or ::1)."""
    host = server.server_address[0]
    name = host if isinstance(host, str) else bytes(host).decode()
    return ipaddress.ip_address(name.split("%", 1)[0]).is_loopback


def serve(host: str = "127.0.0.1", port: int = 8000) -> None:
    """Serve the page on ``host:port``, printing its URL, until Ctrl-C. Beyond this
    machine (any address but loopback) it first warns, on stderr, that the network can
    reach it."""
    server = make_server(host, port)
    with server:
        if not is_loopback(server):
            print(
                f"shanten serve: warning: {host} is reachable from the network, and the page "
                "has no login: anyone who can reach this address can use it",
                file=sys.stderr,
                flush=True,
            )
        print(f"Serving on {url_of(server)}", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            print("\nStopped.", flush=True)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="shanten serve",
        description="Serve the local analysis page (牌理) and its JSON endpoint "
        "(/api/analyse?q=HAND) until Ctrl-C.",
    )
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default 127.0.0.1, this machine only)",
    )
    parser.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """``shanten serve``: returns 0 after Ctrl-C, 2 when the address cannot be used."""
    args = _parser().parse_args(argv)
    if not 0 <= args.port <= 65535:
        print(f"shanten serve: error: port {args.port} is not 0-65535", file=sys.stderr)
        return 2
    handler = logging.StreamHandler()  # one line per request, on stderr
    handler.setFormatter(EscapingFormatter("%(message)s"))
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    try:
        serve(args.host, args.port)
    except KeyboardInterrupt:  # during the warm-up
        return 0
    except OSError as error:
        print(
            f"shanten serve: error: cannot listen on {args.host}:{args.port}: {error}",
            file=sys.stderr,
        )
        return 2
    finally:
        logger.removeHandler(handler)
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
