"""Which requests the local server answers: its host names and the origins of its
endpoints' callers.

Any page the user's browser opens can reach the server, so it answers only for its own
names: a ``Host`` other than ``localhost``, ``127.0.0.1`` or ``[::1]`` with the bound port
(or the name the server was asked to listen on; any IP address when bound to all of
them) is a 421 ``HostNotAllowed``, which keeps DNS rebinding out. A request for the
endpoints (``/api/...``, or a POST) that a browser marks as sent from another origin is a
403 ``CrossOrigin``. :class:`HostPolicy` holds the names, :func:`refusal` the rule.

>>> policy = HostPolicy("127.0.0.1", 8000, "127.0.0.1")
>>> policy.serves("localhost:8000"), policy.serves("[::1]:8000"), policy.serves("evil.example:8000")
(True, True, False)
>>> HostPolicy("0.0.0.0", 8000, "0.0.0.0").serves("192.168.1.7:8000")
True
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass
from http import HTTPStatus
from typing import Final, Protocol

from shanten.web.protocol import Request, Response, escape

__all__ = ["LOOPBACK_NAMES", "HostPolicy", "Hosts", "refusal"]

#: The names of this machine that every server answers for.
LOOPBACK_NAMES: Final = ("localhost", "127.0.0.1", "[::1]")


@dataclass(frozen=True, slots=True)
class HostPolicy:
    """The names a server answers for: ``address`` the address it is bound to, ``port``
    its port, ``host_name`` the name it was asked to listen on."""

    address: str
    port: int
    host_name: str

    def names(self) -> tuple[set[str], bool]:
        """The host names this server answers for (IPv6 addresses in brackets, lower
        case), and whether it listens on every address (then any IP address is its)."""
        address = self.address
        names = set(LOOPBACK_NAMES)
        for name in (address, self.host_name):
            name = name.strip("[]").lower()
            names.add(f"[{name}]" if ":" in name else name)
        everywhere = ipaddress.ip_address(address.split("%", 1)[0]).is_unspecified
        return names, everywhere

    def serves(self, host: str) -> bool:
        """Whether a request's ``Host`` names this server: one of its names with its
        port (no port only on port 80), or any IP address when it listens on all."""
        port = self.port
        host = host.lower()
        name, colon, given = host.rpartition(":")
        if not colon or name.endswith(":") or "]" in given:  # no port (IPv6: "[::1]")
            name, given = host, "80"
        if given != str(port):
            return False
        names, everywhere = self.names()
        if name in names:
            return True
        if not everywhere:
            return False
        try:
            ipaddress.ip_address(name[1:-1] if name.startswith("[") else name)
        except ValueError:
            return False
        return True

    def text(self) -> str:
        """The names this server answers for, for a message."""
        names, everywhere = self.names()
        port = self.port
        listed = ", ".join(f"{name}:{port}" for name in sorted(names))
        return listed + (" and any of this machine's IP addresses" if everywhere else "")


class Hosts(Protocol):
    """A server that says which ``Host`` names it answers for."""

    def serves_host(self, host: str) -> bool: ...

    def host_names(self) -> str: ...


def refusal(request: Request, server: Hosts) -> Response | None:
    """The refusal of a request for another host name, or of a browser's cross-origin
    request for an endpoint; None for a request to answer."""
    hosts = request.headers.get_all("Host") or []
    if len(hosts) > 1 or (hosts and not server.serves_host(hosts[0].strip())):
        named = escape(", ".join(hosts))[:80]
        return Response.error(
            HTTPStatus.MISDIRECTED_REQUEST,
            "HostNotAllowed",
            f"this server answers for {server.host_names()}, not for Host {named!r}",
            close=True,
        )
    if not (request.path.startswith("/api/") or request.method == "POST"):
        return None  # the page and its files: shared links open it from anywhere
    origin = request.headers.get("Origin")
    site = request.headers.get("Sec-Fetch-Site")
    own = f"http://{hosts[0].strip()}".lower() if hosts else None
    foreign = origin is not None and origin.strip().lower() != own
    if foreign or (site is not None and site.strip().lower() not in ("same-origin", "none")):
        shown = escape(origin if foreign and origin is not None else f"Sec-Fetch-Site: {site}")
        return Response.error(
            HTTPStatus.FORBIDDEN,
            "CrossOrigin",
            f"cross-origin request refused ({shown[:80]}): only the server's own page may "
            "use its endpoints",
        )
    return None
