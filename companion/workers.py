"""``companion serve --workers N``: several server processes on one PostgreSQL database.

gunicorn's pre-fork master with its gevent worker runs N copies of the app on one listening socket
(each worker holds hundreds of event streams as greenlets, like the single-process server). Live
hints cross between workers through PostgreSQL LISTEN/NOTIFY (:mod:`companion.live`), cookies
stay valid on every worker because the signing key lives in the database, and the kernel spreads
new connections over the workers. SQLite stays the single-process embedded default.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any


def guarded_worker_class(max_connections: int) -> type:
    """gunicorn's gevent worker with the single-process server's guard (companion.server): past
    ``max_connections``, or past a source's share, a connection gets an immediate ``503`` and is
    closed. (gunicorn's own worker stops accepting when its pool is full, so new phones hung in the
    listen queue behind idle sockets.) Idle sockets: gunicorn's keep-alive timer, set to the idle
    timeout, bounds the wait for every request head, the first one included, and closes quietly."""
    from gunicorn.workers.base_async import AsyncWorker
    from gunicorn.workers.ggevent import GeventWorker

    from .server import ConnectionGuard, per_source, prepare, turn_away

    class GuardedGeventWorker(GeventWorker):
        def init_process(self) -> None:
            self.guard = ConnectionGuard(max_connections, per_source())
            super().init_process()

        def handle(self, listener: Any, client: Any, addr: Any) -> None:
            source = self.guard.admit(addr)
            if source is None:
                turn_away(client)
                return
            try:
                client.setblocking(1)
                prepare(client, None)
                AsyncWorker.handle(self, listener, client, addr)
            finally:
                self.guard.release(source)

    return GuardedGeventWorker


def serve_workers(config: dict[str, Any], host: str, port: int, workers: int, quiet: bool,
                  idle_timeout: float = 45.0) -> int:
    from gunicorn.app.base import BaseApplication

    from .server import connection_cap, raise_fd_limit

    # the workers inherit the raised descriptor limit; each serves up to the cap and answers 503 past it
    per_worker = connection_cap(raise_fd_limit())
    worker_class = guarded_worker_class(per_worker)

    class CompanionApplication(BaseApplication):
        def load_config(self) -> None:
            settings = {
                "bind": f"[{host}]:{port}" if ":" in host else f"{host}:{port}",
                "workers": workers,
                "worker_class": worker_class,
                # the pool is a little larger than the cap (within the descriptor reserve): greenlets past
                # the cap only answer 503 and close
                "worker_connections": per_worker + 48,
                "timeout": 60,  # a worker that stops answering its master is replaced
                "graceful_timeout": 5,  # streams never end by themselves: don't wait long for them
                # the wait for each request head, the first included: idle sockets close after it
                "keepalive": max(1, round(idle_timeout)),  # whole seconds
                "accesslog": None if quiet else "-",
                "errorlog": "-",
                "control_socket_disable": True,  # no control socket in the user's home folder
            }
            for key, value in settings.items():
                self.cfg.set(key, value)

        def load(self) -> Callable[..., Iterable[bytes]]:  # the WSGI app
            from . import create_app
            from .server import tune_gc

            app = create_app(config)
            tune_gc()
            return app

    CompanionApplication().run()
    return 0
