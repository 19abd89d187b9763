"""A small TCP forwarder: ``python tcp_forward.py TARGET_HOST:PORT LISTEN_HOST:PORT [...]``.

The failover test's app hosts live in network namespaces of their own, where the root namespace's
127.0.0.1 cannot be reached, while a stock PostgreSQL listens on 127.0.0.1 only. Rather than edit
postgresql.conf, the test runs this in the root namespace on each namespace's veth address and the
hosts reach PostgreSQL through it. When one side closes or resets, the other side is closed too:
a host killed with SIGKILL loses its database sessions at once, as it would with a direct
connection (PostgreSQL rolls back what it had open and releases its row locks).

Prints ``ready`` and the addresses bound (a port 0 is the OS's choice) once every listening socket
is bound; runs until killed.
"""

from __future__ import annotations

import socket
import sys
import threading


def _address(text: str) -> tuple[str, int]:
    host, _, port = text.rpartition(":")
    return host, int(port)


def _pump(src: socket.socket, dst: socket.socket) -> None:
    """Copy one direction until it ends, then half-close the other side (a graceful goodbye still
    arrives whole); on a reset, shut both sockets down so the opposite direction ends too."""
    try:
        while data := src.recv(65536):
            dst.sendall(data)
        dst.shutdown(socket.SHUT_WR)
    except OSError:
        for sock in (src, dst):
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass


def _relay(client: socket.socket, upstream: socket.socket) -> None:
    """Both directions of one connection; the sockets close when both have ended."""
    left = [2]
    lock = threading.Lock()

    def run(src: socket.socket, dst: socket.socket) -> None:
        _pump(src, dst)
        with lock:
            left[0] -= 1
            last = left[0] == 0
        if last:
            client.close()
            upstream.close()

    for src, dst in ((client, upstream), (upstream, client)):
        threading.Thread(target=run, args=(src, dst), daemon=True).start()


def _serve(listener: socket.socket, target: tuple[str, int]) -> None:
    while True:
        client, _ = listener.accept()
        try:
            upstream = socket.create_connection(target, timeout=5)
        except OSError:
            client.close()
            continue
        upstream.settimeout(None)
        for sock in (client, upstream):
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        _relay(client, upstream)


def main(argv: list[str]) -> int:
    target = _address(argv[0])
    listeners = []
    for spec in argv[1:]:
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(_address(spec))
        sock.listen(128)
        listeners.append(sock)
    print("ready", *(f"{h}:{p}" for h, p in (s.getsockname() for s in listeners)), flush=True)
    threads = [threading.Thread(target=_serve, args=(s, target), daemon=True) for s in listeners]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
