"""The server's guard against a hostile or clumsy LAN: descriptors, connections per device, idle sockets.

Every open connection costs a file descriptor. With the macOS default of 256, a few hundred idle
sockets used to exhaust them and every new request hung. So at start the soft limit is raised as far
as the OS allows, concurrent connections are capped below it (the next one gets an immediate
``503`` and is closed, rather than a hang), and a connection that sends nothing for
``idle_timeout`` seconds is closed. One source (a device; see :func:`source_of`) may hold at most
``MAX_PER_SOURCE`` connections, so one device cannot take the whole budget from the others (with
``--workers`` each worker counts its own; see companion.workers). Live pages are unaffected: their event stream writes a
heartbeat every 15 s, and a reconnecting page catches up by itself.
"""

from __future__ import annotations

import errno
import os
import socket
from collections.abc import Iterator
from typing import Any, cast

#: Descriptors kept for the database, log files and the listening socket.
RESERVED_FDS = 64
#: How far the soft limit is raised when the hard limit allows (macOS refuses above OPEN_MAX).
WANTED_FDS = 10240
IDLE_TIMEOUT = 45.0
BUSY = (b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n"
        b"Retry-After: 5\r\nConnection: close\r\nContent-Length: 53\r\n\r\n"
        b"The server has too many open connections; retry soon.")


def interface_addresses() -> list[str]:
    """Every address of this machine's network interfaces (IPv4 and IPv6, loopback included),
    without IPv6 zone suffixes; empty when the OS will not say."""
    found: list[str] = []
    try:
        import psutil

        for addrs in psutil.net_if_addrs().values():
            for addr in addrs:
                if addr.family in (socket.AF_INET, socket.AF_INET6):
                    address = addr.address.split("%")[0]
                    if address not in found:
                        found.append(address)
    except Exception:  # psutil missing or refused
        pass
    if not any("." in a for a in found):
        try:
            found += sorted({str(info[4][0]) for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)})
        except OSError:
            pass
    return found


def raise_fd_limit(wanted: int = WANTED_FDS) -> int:
    """Raise the soft descriptor limit toward ``wanted`` (never above the hard limit); returns the
    soft limit in force. Windows has no such limit here: it returns ``wanted``."""
    try:
        import resource
    except ImportError:  # Windows
        return wanted
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        for value in (target, 4096, 2048, 1024):
            if soft < value <= target:
                try:
                    resource.setrlimit(resource.RLIMIT_NOFILE, (value, hard))
                    soft = value
                    break
                except (ValueError, OSError):
                    continue
    return wanted if soft == resource.RLIM_INFINITY else int(soft)


def connection_cap(fd_limit: int) -> int:
    """Connections served at once: the descriptor limit less a reserve, at least 16."""
    return max(16, fd_limit - RESERVED_FDS)


#: Connections one source (see :func:`source_of`) may hold at once in one process: a phone needs
#: one event stream and a few parallel fetches; a laptop with the TV and the host's page a few more.
MAX_PER_SOURCE = 32


def per_source() -> int | None:
    """Connections allowed per source: none behind a reverse proxy (``COMPANION_PROXY_HOPS``: every
    connection comes from the proxy, which limits its clients itself), else ``MAX_PER_SOURCE``.
    ``COMPANION_CONNECTIONS_PER_SOURCE`` overrides it (0: no per-source cap), for a load benchmark that
    plays hundreds of devices from one address (bench/load.py)."""
    if os.environ.get("COMPANION_CONNECTIONS_PER_SOURCE"):
        return int(os.environ["COMPANION_CONNECTIONS_PER_SOURCE"]) or None
    return None if int(os.environ.get("COMPANION_PROXY_HOPS") or 0) else MAX_PER_SOURCE


def source_of(address: str) -> str:
    """The source a per-device budget belongs to: an IPv4 address, an IPv6 /64 (a device on a LAN
    can take any address of its /64), or ``loopback`` (127.0.0.0/8 and ::1: the laptop itself)."""
    import ipaddress

    try:
        ip = ipaddress.ip_address((address or "").split("%")[0])
    except ValueError:
        return address or "unknown"
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    if ip.is_loopback:
        return "loopback"
    if isinstance(ip, ipaddress.IPv6Address):
        return str(ipaddress.IPv6Network(f"{ip}/64", strict=False))
    return str(ip)


class ConnectionGuard:
    """Counts open connections, in all and per source; says which to turn away (one process).

    Greenlets of one process never run at once, so plain counters are exact here."""

    def __init__(self, max_connections: int, per_source: int | None = MAX_PER_SOURCE) -> None:
        self.max_connections = max_connections
        self.per_source = per_source
        self.active = 0
        self.by_source: dict[str, int] = {}
        self.refused = 0

    def admit(self, address: Any) -> str | None:
        """The source key when the connection may be served (then call :meth:`release`), else None."""
        host = address[0] if isinstance(address, tuple) and address else str(address or "")
        source = source_of(str(host))
        held = self.by_source.get(source, 0)
        if self.active >= self.max_connections or (self.per_source is not None and held >= self.per_source):
            self.refused += 1
            return None
        self.active += 1
        self.by_source[source] = held + 1
        return source

    def release(self, source: str) -> None:
        self.active -= 1
        left = self.by_source.get(source, 1) - 1
        if left > 0:
            self.by_source[source] = left
        else:
            self.by_source.pop(source, None)


def turn_away(sock: socket.socket) -> None:
    """Answer ``503`` at once and close (a greenlet waits here briefly, not a thread)."""
    try:
        sock.settimeout(0.5)
        sock.sendall(BUSY)
        sock.shutdown(socket.SHUT_WR)
        sock.recv(8192)  # what the client already sent: closing unread data would reset the 503 too
    except OSError:
        pass
    finally:
        sock.close()


#: Allocations between two young collections (CPython's default is 700), and how many young / middle
#: collections come before an older one is considered (defaults 10 and 10).
GC_THRESHOLDS = (10_000, 20, 10)


def tune_gc() -> None:
    """Fewer, cheaper garbage collections for a long-running server (issue #27).

    Under ``bench/load.py --tables 50`` the collector paused the one event loop for up to 143 ms
    (five full collections, 658 ms in all over two rounds), the worst tail of the reveals. Freezing
    what exists once the app is built (modules, compiled templates, the catalogs: it never becomes
    garbage) takes it out of every later full collection, and a larger young generation collects
    less often: one full collection (during the tables' creation) and one middle one in the same run
    (docs/performance.md)."""
    import gc

    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def prepare(sock: socket.socket, idle_timeout: float | None) -> None:
    """No Nagle delay; a socket that sends nothing for ``idle_timeout`` seconds is closed (None:
    the server times requests out itself)."""
    try:
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    except OSError:  # not a TCP socket (e.g. a Unix socket)
        pass
    sock.settimeout(idle_timeout)


def guarded_server_class(base: type) -> type:
    """``base`` (gevent's WSGIServer, imported after monkey-patching) with the caps and the timeout."""

    class GuardedServer(base):  # type: ignore[misc]  # gevent is typed only once it is imported
        """Caps concurrent connections, in all and per source (503 past either cap), times out
        idle ones, no Nagle delay."""

        def __init__(self, *args: Any, max_connections: int = 1000, idle_timeout: float = IDLE_TIMEOUT,
                     per_source: int | None = MAX_PER_SOURCE, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.guard = ConnectionGuard(max_connections, per_source)
            self.idle_timeout = idle_timeout

        @property
        def refused(self) -> int:
            return self.guard.refused

        def handle(self, sock: socket.socket, address: Any) -> None:
            source = self.guard.admit(address)
            if source is None:
                turn_away(sock)
                return
            try:
                prepare(sock, self.idle_timeout)
                super().handle(sock, address)
            finally:
                self.guard.release(source)

    return GuardedServer


def _chain(err: BaseException | None) -> Iterator[BaseException]:
    while err is not None:
        yield err
        err = err.__cause__ or err.__context__


def storage_problem(err: BaseException) -> str | None:
    """``"readonly"``, ``"full"`` or None: what a storage error means for the person at the laptop."""
    for e in _chain(err):
        text = str(e).lower()
        if isinstance(e, OSError) and e.errno == errno.ENOSPC or "disk is full" in text or \
                "no space left" in text:
            return "full"
        if isinstance(e, PermissionError) or (isinstance(e, OSError) and e.errno in (errno.EROFS, errno.EACCES,
                                                                                       errno.EPERM,
                                                                                       errno.ENOTDIR)) \
                or "readonly" in text or "read-only" in text or "unable to open database" in text:
            return "readonly"
    return None


def explain_storage_error(err: BaseException, folder: str | None) -> str | None:
    """One clear sentence (which folder, what to do) for a read-only or full data folder, else None."""
    problem = storage_problem(err)
    where = f"The data folder {folder}" if folder else "The database"
    if problem == "full":
        return (f"{where} is on a full disk: free some space, or start with --data-dir pointing to "
                "another folder.")
    if problem == "readonly":
        return (f"{where} cannot be written (read-only or no permission): fix its permissions, or start "
                "with --data-dir pointing to a folder you can write.")
    return None


def explain_bind_error(err: OSError, host: str, port: int) -> str | None:
    """One sentence with the fix when the listening socket cannot be bound, else None (raise it).

    A busy port is the usual case at a game night: a second ``companion serve``, or another program
    on 8000; the person at the laptop needs the option that fixes it, not a traceback."""
    code = err.errno
    if code in (errno.EADDRINUSE, getattr(errno, "WSAEADDRINUSE", -1)):
        return (f"port {port} is already in use on this machine (another Tabletop Companion, or another "
                f"program): start with another port, e.g. --port {port + 1 if 0 < port < 65535 else 8001}.")
    if code in (errno.EACCES, errno.EPERM, getattr(errno, "WSAEACCES", -1)):
        return (f"this user may not listen on port {port}: start with a port from 1024 up, "
                "e.g. --port 8000.")
    if code in (errno.EADDRNOTAVAIL, getattr(errno, "WSAEADDRNOTAVAIL", -1)):
        return (f"{host} is not an address of this machine: start with --host 0.0.0.0 (the whole LAN) "
                "or one of its own addresses.")
    return None


def listen(server_class: Any, host: str, port: int) -> socket.socket:
    """The server's listening socket, bound now (gevent's own way: address reuse, its backlog)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    return cast("socket.socket", server_class.get_listener((host, port), family=family))


def probe_port(host: str, port: int) -> None:
    """Bind ``host:port`` once and let it go: raises the OSError the real bind would meet. For
    ``--workers``, whose socket gunicorn binds (and retries for seconds, then exits) after our banner."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as sock:
        if os.name != "nt":  # as gunicorn does; on Windows it would let two servers share the port
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
