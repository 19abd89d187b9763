"""Debian's nginx running the shipped ``deploy/nginx.conf``, with the test's hosts as its upstream.

The shipped file is a ``conf.d`` site (an ``upstream`` and a ``server`` block at the http level), as
the compose file mounts it. The test changes exactly two lines of a copy: the upstream's
``server app:8000;`` (Docker's name for every app replica) becomes one ``server`` line per host,
and ``listen 80;`` a free port on 127.0.0.1. Everything else (the event-stream location, the
timeouts, the retry rules) is what ships. The main file around it keeps Debian's http defaults.
"""

from __future__ import annotations

import re
import shutil
import socket
import subprocess
import time
from pathlib import Path

SHIPPED = Path(__file__).resolve().parents[2] / "deploy" / "nginx.conf"
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"

MAIN = """\
# the failover test's nginx: Debian's /etc/nginx/nginx.conf http defaults, files in this folder
daemon off;
worker_processes 2;
pid {dir}/nginx.pid;
error_log {dir}/error.log info;
events {{ worker_connections 1024; }}
http {{
    sendfile on;
    tcp_nopush on;
    types_hash_max_size 2048;
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log {dir}/access.log;
    gzip on;
    client_body_temp_path {dir}/body;
    proxy_temp_path {dir}/proxy;
    fastcgi_temp_path {dir}/fastcgi;
    uwsgi_temp_path {dir}/uwsgi;
    scgi_temp_path {dir}/scgi;
    include {site};
}}
"""


def site_config(upstreams: list[str], listen: str) -> str:
    """The shipped site with these upstream servers and this listening address (and nothing else
    changed: a shipped file of another shape fails here rather than testing something else)."""
    text = SHIPPED.read_text(encoding="utf-8")
    text, servers = re.subn(r"^(\s*)server app:8000;.*$",
                            lambda m: "\n".join(f"{m.group(1)}server {u};" for u in upstreams), text,
                            flags=re.M)
    text, listens = re.subn(r"^(\s*)listen 80;", lambda m: f"{m.group(1)}listen {listen};", text, flags=re.M)
    if (servers, listens) != (1, 1):
        raise AssertionError(f"deploy/nginx.conf changed shape: {servers} upstream server line(s) "
                             f"'server app:8000;' and {listens} 'listen 80;' (expected one of each)")
    return text


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start(folder: Path, upstreams: list[str]) -> tuple[subprocess.Popen[bytes], int]:
    """nginx in front of ``upstreams`` on a free loopback port: (its master process, the port)."""
    port = free_port()
    site = folder / "companion.conf"
    site.write_text(site_config(upstreams, f"127.0.0.1:{port}"), encoding="utf-8")
    conf = folder / "nginx.conf"
    conf.write_text(MAIN.format(dir=folder, site=site), encoding="utf-8")
    check = subprocess.run([NGINX, "-t", "-p", str(folder), "-e", str(folder / "error.log"), "-c", str(conf)],
                           capture_output=True, text=True)
    if check.returncode:
        raise AssertionError(f"nginx refuses the shipped configuration:\n{check.stderr}")
    proc = subprocess.Popen([NGINX, "-p", str(folder), "-e", str(folder / "error.log"), "-c", str(conf)],
                            start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise AssertionError(f"nginx exited: {proc.stderr.read().decode() if proc.stderr else ''}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return proc, port
        except OSError:
            time.sleep(0.05)
    raise AssertionError("nginx never listened")
