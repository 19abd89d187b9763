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


def serve_workers(config: dict[str, Any], host: str, port: int, workers: int, quiet: bool) -> int:
    from gunicorn.app.base import BaseApplication

    from .server import connection_cap, raise_fd_limit

    # the workers inherit the raised descriptor limit; each stops accepting below it
    per_worker = connection_cap(raise_fd_limit())

    class CompanionApplication(BaseApplication):
        def load_config(self) -> None:
            settings = {
                "bind": f"[{host}]:{port}" if ":" in host else f"{host}:{port}",
                "workers": workers,
                "worker_class": "gevent",
                # every open page holds one stream: allow many per worker, stop accepting past that
                "worker_connections": per_worker,
                "timeout": 60,  # a worker that stops answering its master is replaced
                "graceful_timeout": 5,  # streams never end by themselves: don't wait long for them
                "keepalive": 30,
                "accesslog": None if quiet else "-",
                "errorlog": "-",
                "control_socket_disable": True,  # no control socket in the user's home folder
            }
            for key, value in settings.items():
                self.cfg.set(key, value)

        def load(self) -> Callable[..., Iterable[bytes]]:  # the WSGI app
            from . import create_app

            return create_app(config)

    CompanionApplication().run()
    return 0
