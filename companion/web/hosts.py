"""The server answers only under the names it announces: no DNS rebinding, no links to a foreign host.

A hostile page at ``evil.example`` can point its own name at the laptop (DNS rebinding): the
browser then sends ``Host: evil.example`` and ``Origin: http://evil.example``, which look
same-origin to the CSRF check, and join links or the QR code built from the ``Host`` header would
send players there. So every request must name one of:

- this machine's interface addresses (its LAN addresses, looked up again when an unknown address
  literal arrives, for a laptop that changed networks), ``localhost`` and the loopback addresses;
- the machine's own host name (and ``<name>.local``, its mDNS name);
- the host of ``PUBLIC_URL`` (``COMPANION_PUBLIC_URL``: the address ``companion serve`` announces
  or the name a reverse proxy serves) and any name in ``ALLOWED_HOSTS`` (``COMPANION_ALLOWED_HOSTS``,
  comma separated).

Anything else gets a worded 400 before any view runs. Links and the QR code are built from the
request's (now announced) address, so they always point back here.
"""

from __future__ import annotations

import ipaddress
import socket
import threading
import time
from urllib.parse import urlsplit

from flask import Flask, current_app, request

from ..games.base import RuleError
from ..i18n import N_
from ..server import interface_addresses

FOREIGN_HOST = N_("This server answers only at its own addresses; open it from the address on the shared screen.")
#: An unknown address literal looks the interfaces up again at most this often (seconds).
REFRESH_EVERY = 10.0


def host_name(host: str) -> str:
    """``"Example.LAN.:8000"`` -> ``"example.lan"``; ``"[::1]:8000"`` -> ``"::1"``."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:host.find("]")] if "]" in host else host[1:]
    if host.count(":") == 1:
        host = host.split(":", 1)[0]
    return host.rstrip(".")


def _canonical(name: str) -> str:
    """One spelling per address (``fd00:0::2`` is ``fd00::2``); names stay as they are."""
    try:
        return str(ipaddress.ip_address(name))
    except ValueError:
        return name


def _is_address(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


class Announced:
    """The names this server answers to (see the module docstring); interface lookups are cached."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._machine: frozenset[str] = frozenset()
        self._checked = float("-inf")
        self.refresh(force=True)

    def refresh(self, force: bool = False) -> None:
        now = time.monotonic()
        with self._lock:
            if not force and now - self._checked < REFRESH_EVERY:
                return
            self._checked = now
        names = {"localhost", "127.0.0.1", "::1", *(_canonical(a.lower()) for a in interface_addresses())}
        try:
            hostname = socket.gethostname().lower().rstrip(".")
        except OSError:
            hostname = ""
        if hostname:
            names |= {hostname, f"{hostname.split('.')[0]}.local"}
        self._machine = frozenset(names)

    def configured(self, app: Flask) -> set[str]:
        names = set()
        public = app.config.get("PUBLIC_URL")
        if public:
            names.add(_canonical(host_name(urlsplit(str(public)).netloc)))
        extra = app.config.get("ALLOWED_HOSTS") or ""
        items = extra.split(",") if isinstance(extra, str) else list(extra)
        names |= {_canonical(host_name(str(n))) for n in items if str(n).strip()}
        return names

    def allows(self, app: Flask, host: str) -> bool:
        name = _canonical(host_name(host))
        if name in self._machine or name in self.configured(app):
            return True
        if not _is_address(name):
            return False
        if ipaddress.ip_address(name).is_loopback:
            return True
        self.refresh()  # a laptop that moved to another Wi-Fi has a new address
        return name in self._machine


def check_host() -> None:
    if not current_app.extensions["companion.hosts"].allows(current_app, request.host):
        raise RuleError(FOREIGN_HOST, "companion: addresses", status=400)


def init_app(app: Flask) -> None:
    """Registered first, so no other hook (limits, CSRF, a view) sees a foreign name."""
    app.extensions["companion.hosts"] = Announced()
    app.before_request(check_host)
