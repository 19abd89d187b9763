"""Helpers for the tests that start real server processes (tests/api/test_multiprocess.py,
tests/deploy/test_failover.py): one way to wait for a booting server, so both fail alike."""

from __future__ import annotations

import subprocess
import time
from collections.abc import Callable

import pytest
import requests


def wait_until_serving(url: str, proc: subprocess.Popen[bytes], log: Callable[[], str] = str,
                       limit: float = 90.0, http: requests.Session | None = None) -> None:
    """Wait until the server ``proc`` (started by the test) answers ``url`` with a success: generous,
    a loaded CI machine boots slowly. Fails at once when it exits, or after ``limit`` seconds, with
    the end of ``log()`` (its output). ``http``: the session to ask with (default: plain requests)."""
    get = http.get if http is not None else requests.get
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            pytest.fail(f"the server for {url} exited:\n{log()[-3000:]}")
        try:
            if get(url, timeout=5).ok:
                return
        except requests.RequestException:
            pass
        time.sleep(0.2)  # not yet listening, or not ready (a 502 or 503): ask again shortly
    pytest.fail(f"{url} never answered within {limit:.0f} s:\n{log()[-3000:]}")
