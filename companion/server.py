"""The single-process server's guard against a hostile or clumsy LAN: descriptors and idle sockets.

Every open connection costs a file descriptor. With the macOS default of 256, a few hundred idle
sockets used to exhaust them and every new request hung. So at start the soft limit is raised as far
as the OS allows, concurrent connections are capped below it (the next one gets an immediate
``503`` and is closed, rather than a hang), and a connection that sends nothing for
``idle_timeout`` seconds is closed. Live pages are unaffected: their event stream writes a
heartbeat every 15 s, and a reconnecting page catches up by itself.
"""

from __future__ import annotations

import errno
import socket
from collections.abc import Iterator
from typing import Any

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


def guarded_server_class(base: type) -> type:
    """``base`` (gevent's WSGIServer, imported after monkey-patching) with the cap and the timeout."""

    class GuardedServer(base):
        """Caps concurrent connections (503 past the cap), times out idle ones, no Nagle delay."""

        def __init__(self, *args: Any, max_connections: int = 1000, idle_timeout: float = IDLE_TIMEOUT,
                     **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.max_connections = max_connections
            self.idle_timeout = idle_timeout
            self.active = 0
            self.refused = 0

        def handle(self, sock: socket.socket, address: Any) -> None:
            if self.active >= self.max_connections:
                self.refused += 1
                try:
                    sock.settimeout(0.5)
                    sock.sendall(BUSY)
                    sock.shutdown(socket.SHUT_WR)
                    sock.recv(8192)  # what the client already sent: closing unread data would reset
                except OSError:  # the 503 as well; a greenlet waits here, not a thread
                    pass
                finally:
                    sock.close()
                return
            self.active += 1
            try:
                try:
                    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                except OSError:  # not a TCP socket (e.g. a Unix socket)
                    pass
                sock.settimeout(self.idle_timeout)  # a socket that never sends a request is closed
                super().handle(sock, address)
            finally:
                self.active -= 1

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
