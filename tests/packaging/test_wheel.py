"""The wheel carries the top-level ``templates/`` and ``static/`` folders inside the package: built
from this checkout, installed in a fresh virtual environment, it serves a page and a static file.

The fresh environment gets the wheel only; the dependencies (Flask...) come from the test
environment's site-packages through a ``.pth`` line, so the test needs no network. It runs the
installed ``companion serve`` from a folder outside the checkout, so nothing can be read from the
source tree by accident.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import sysconfig
import time
import venv
import zipfile
from pathlib import Path

import pytest
import requests

ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    build = tmp_path_factory.mktemp("build")
    # a copy of the checkout, so the build's own folders never land in the working tree
    files = subprocess.run(["git", "-C", str(ROOT), "ls-files", "-z", "--cached", "--others",
                            "--exclude-standard"], check=True, capture_output=True).stdout.split(b"\0")
    for name in filter(None, (f.decode() for f in files)):
        src = ROOT / name
        if src.is_file():
            dst = build / name
            dst.parent.mkdir(parents=True, exist_ok=True)
            dst.write_bytes(src.read_bytes())
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
                    "-w", str(out), str(build)], check=True, timeout=300)
    (found,) = out.glob("tabletop_companion-*.whl")
    return found


def test_wheel_ships_templates_and_static(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "companion/templates/base/layout.html" in names
    assert "companion/templates/agot/_tvmap_data.html" in names
    assert "companion/static/app.js" in names
    assert any(n.startswith("companion/static/vendor/htmx-") for n in names)
    assert "companion/resources.py" in names
    assert "companion/newgame/skeleton/companion/games/__PKG__/moves.py.tmpl" in names  # companion new-game
    assert not any(n.startswith(("templates/", "static/")) for n in names)


def test_installed_wheel_serves_a_page(wheel: Path, tmp_path: Path) -> None:
    env_dir = tmp_path / "fresh"
    venv.EnvBuilder(with_pip=False).create(env_dir)
    python = env_dir / "bin" / "python"
    purelib = Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                                  check=True, capture_output=True, text=True).stdout.strip())
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-index",
                    "--target", str(purelib), str(wheel)], check=True, timeout=300)
    # the dependencies only: the test environment's site-packages, after the fresh one
    (purelib / "test-deps.pth").write_text(sysconfig.get_path("purelib") + "\n")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "DATABASE_URL")}
    where = subprocess.run([str(python), "-c", "import companion.resources as r; print(r.TEMPLATES)"],
                           cwd=tmp_path, env=env, check=True, capture_output=True, text=True).stdout.strip()
    assert Path(where).is_relative_to(purelib), where
    port = _free_port()
    server = subprocess.Popen([str(python), "-m", "companion.cli", "serve", "--host", "127.0.0.1",
                               "--port", str(port), "--data-dir", str(tmp_path / "data"), "--quiet"],
                              cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 90  # a fresh interpreter boots slowly on a loaded CI machine
        while True:
            try:
                page = requests.get(base + "/", timeout=10)
                break
            except requests.RequestException:  # not listening yet, or a first answer slower than asked
                if time.monotonic() > deadline or server.poll() is not None:
                    raise AssertionError("the installed server did not start") from None
                time.sleep(0.1)
        assert page.status_code == 200
        assert "<html" in page.text and "/static/app.js" in page.text
        script = requests.get(base + "/static/app.js", timeout=10)
        assert script.status_code == 200 and "EventSource" in script.text
    finally:
        server.terminate()
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
