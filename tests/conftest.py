"""Shared fixtures: the app on SQLite and (when DATABASE_URL is set) PostgreSQL, a JSON API helper,
a live server in a thread, and Debian's Chromium driven by Playwright."""

from __future__ import annotations

import os
import re
import shutil
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

from companion import create_app


def _private_database(url: str) -> str:
    """A database of this test run's own, created next to the test database that DATABASE_URL names
    (and dropped at the end of the run): two runs on one server (two clones, two developers) never
    wipe each other's tables. Only a URL whose database name says "test" is used this way; anything
    else is left alone (a DATABASE_URL pointing at real game nights is never touched)."""
    base, _, name = url.rpartition("/")
    if not url.startswith("postgres") or "test" not in name.split("?")[0]:
        return url
    import psycopg

    private = f"{name.split('?')[0]}_run{os.getpid()}"
    with psycopg.connect(url, autocommit=True, connect_timeout=5) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{private}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{private}"')
    return f"{base}/{private}"


SHARED_PG_URL = os.environ.get("DATABASE_URL", "")
PG_URL = _private_database(SHARED_PG_URL)
# test modules (and the servers they start) read DATABASE_URL themselves: they get the private one
if PG_URL:
    os.environ["DATABASE_URL"] = PG_URL


def pytest_unconfigure(config: pytest.Config) -> None:
    if PG_URL != SHARED_PG_URL:
        import psycopg

        with psycopg.connect(SHARED_PG_URL, autocommit=True, connect_timeout=5) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{PG_URL.rpartition("/")[2]}" WITH (FORCE)')
# Property tests time nothing: hypothesis's default 200 ms deadline per example (and the "too slow"
# health check tied to it) fails a run on a busy two-core CI machine, not on a wrong rule. On CI the
# examples are derandomized, so a run's verdict depends on the commit only; a developer's runs keep
# exploring new examples (and keep those that fail in .hypothesis/).
settings.register_profile("companion", deadline=None, suppress_health_check=[HealthCheck.too_slow],
                          derandomize=bool(os.environ.get("CI")))
settings.load_profile("companion")

BACKENDS = ["sqlite"] + (["postgres"] if PG_URL.startswith("postgres") else [])
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
#: How long Playwright's ``expect`` waits for a page to get there (its own default is 5 s). Live
#: updates and htmx re-renders on a loaded two-core CI machine can take longer; a passing check
#: returns as soon as it holds, so only a failure waits this long.
EXPECT_TIMEOUT_MS = 15_000


def _make_app(backend: str, tmp_path) -> Any:
    """The app for one test; event seeds are repeatable so dealt hands and draws never flake."""
    if backend == "postgres":
        app = create_app({"DATABASE_URL": PG_URL, "TESTING": True, "RANDOM_SEED": 20261122})
        app.extensions["companion.limits_storage"].reset()  # the budgets live in the shared database
        return app
    return create_app({"DATABASE_URL": "", "DATA_DIR": str(tmp_path), "TESTING": True, "RANDOM_SEED": 20261122})


@pytest.fixture(scope="session", autouse=True)
def _fresh_postgres_schema() -> None:
    """Start the PostgreSQL test database from an empty schema, but only if its name says it is a
    test database: a DATABASE_URL left pointing at real game nights is never wiped."""
    if "postgres" not in BACKENDS or "test" not in PG_URL.rsplit("/", 1)[-1].split("?")[0]:
        return
    from sqlmodel import SQLModel

    from companion.db import open_database

    db = open_database(PG_URL)
    SQLModel.metadata.drop_all(db.write_engine)
    with db.write_engine.begin() as conn:
        conn.exec_driver_sql("DROP TABLE IF EXISTS alembic_version")
    db.dispose()
    open_database(PG_URL).dispose()  # the migrations build the schema again


def _close(app) -> None:
    """Dispose of the app's database and stop its PostgreSQL listener (started by the first event
    stream): left running, each kept a connection until the end of the run, when dropping the
    private database cut them ("live: PostgreSQL listener lost" after the summary)."""
    svc = app.extensions["companion.tables"]
    if svc.live.fanout is not None:
        svc.live.fanout.stop()
    svc.db.dispose()


@pytest.fixture(params=BACKENDS)
def app(request, tmp_path):
    app = _make_app(request.param, tmp_path)
    yield app
    _close(app)


@pytest.fixture
def sqlite_app(tmp_path):
    app = _make_app("sqlite", tmp_path)
    yield app
    _close(app)


@pytest.fixture
def client(app):
    return app.test_client()


CSRF_RE = re.compile(r'"X-CSRF-Token": "([^"]+)"')


def csrf_token(client, url: str = "/") -> str:
    """The CSRF token the pages carry for this client's session (Flask-WTF, tied to the browser)."""
    return CSRF_RE.search(client.get(url).get_data(as_text=True)).group(1)


class Api:
    """A thin JSON client for tests: create a table, join seats, act, read views."""

    def __init__(self, client) -> None:
        self.client = client

    @staticmethod
    def auth(token: str | None) -> dict[str, str]:
        return {"Authorization": f"Bearer {token}"} if token else {}

    def create(self, game: str, options: dict[str, Any] | None = None, **extra: Any) -> dict[str, Any]:
        r = self.client.post("/api/tables", json={"game": game, "options": options or {}, **extra})
        assert r.status_code == 201, r.get_json()
        return r.get_json()

    def join(self, code: str, seat: str, name: str) -> str:
        r = self.client.post(f"/api/tables/{code}/seats", json={"seat": seat, "name": name})
        assert r.status_code == 201, r.get_json()
        return r.get_json()["token"]

    def act(self, code: str, token: str | None, action: dict[str, Any]):
        """POST an action; returns the Flask response (check ``status_code`` / ``get_json()``)."""
        return self.client.post(f"/api/tables/{code}/actions", json=action, headers=self.auth(token))

    def ok(self, code: str, token: str | None, action: dict[str, Any]) -> dict[str, Any]:
        r = self.act(code, token, action)
        assert r.status_code == 200, r.get_json()
        return r.get_json()

    def public(self, code: str) -> dict[str, Any]:
        return self.client.get(f"/api/tables/{code}").get_json()

    def me(self, code: str, token: str) -> dict[str, Any]:
        return self.client.get(f"/api/tables/{code}/me", headers=self.auth(token)).get_json()

    def log(self, code: str, token: str | None = None) -> list[dict[str, Any]]:
        return self.client.get(f"/api/tables/{code}/log", headers=self.auth(token)).get_json()["log"]

    def undo(self, code: str, host_token: str):
        return self.client.post(f"/api/tables/{code}/undo", headers=self.auth(host_token))

    def export(self, code: str, host_token: str) -> dict[str, Any]:
        """The continuation export (``companion export``, operator only; HTTP serves a record)."""
        from companion.tables import Viewer

        assert self.client.application.extensions["companion.tables"].viewer_for(code, host_token).host
        return self.client.application.extensions["companion.tables"].export(code, Viewer(host=True))


@pytest.fixture
def api(client) -> Api:
    return Api(client)


# -- live server and browser ---------------------------------------------------------------------
class LiveServer:
    def __init__(self, app) -> None:
        from werkzeug.serving import make_server

        self.app = app
        self.server = make_server("127.0.0.1", 0, app, threaded=True)
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        app.config["PUBLIC_URL"] = self.url
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.server.shutdown()


@pytest.fixture
def live_server(tmp_path) -> Iterator[LiveServer]:
    app = _make_app("sqlite", tmp_path)
    # Every page of a browser test (the TV and all the phones) comes from 127.0.0.1: one source
    # for the per-device cap of STREAM_LIMIT (12) live pages. A page left by goto or reload keeps
    # its slot until the server next writes to that stream (a ping, up to 15 s later), so a test
    # that opens pages quickly reached the cap (11 held at once in test_no_internal_ids[agot]
    # here; 13 quick gotos gave a 429 and a console error). At a table each phone is its own
    # source; the cap itself is tested in tests/security/test_connections.py.
    app.config["STREAM_LIMIT"] = 1000
    server = LiveServer(app)
    yield server
    server.stop()
    _close(app)


@pytest.fixture(scope="session")
def browser():
    """Debian's Chromium under Playwright (never a downloaded browser)."""
    if not shutil.which(CHROMIUM) and not os.path.exists(CHROMIUM):
        if os.environ.get("CI"):
            pytest.fail(f"Chromium not found at {CHROMIUM}; .ci/run installs Debian's chromium")
        pytest.skip("Chromium is not installed (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=CHROMIUM, headless=True,
            args=["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync",
                  "--disable-dev-shm-usage"])
        yield browser
        browser.close()


class ConsoleGuard:
    """Collects every console error, uncaught exception and failed request of every page a test
    opens. A test that expects some (a phone deliberately offline) says which with ``allow``."""

    def __init__(self) -> None:
        self.problems: list[str] = []
        self.allowed: list[re.Pattern[str]] = []
        self.active = True

    def allow(self, pattern: str) -> None:
        self.allowed.append(re.compile(pattern))

    def _add(self, text: str) -> None:
        if self.active and not any(p.search(text) for p in self.allowed):
            self.problems.append(text)

    def watch_context(self, ctx) -> None:
        """Watch a context's pages until the test closes it (closing aborts what is in flight)."""
        closing = []
        close = ctx.close

        def close_quietly(*args, **kwargs):
            closing.append(True)
            return close(*args, **kwargs)

        ctx.close = close_quietly
        ctx.on("page", lambda page: self.watch(page, closing))
        for page in ctx.pages:
            self.watch(page, closing)

    def watch(self, page, closing: list) -> None:
        going: list[bool] = []  # inside page.goto or page.reload: the old page's requests are aborted
        # A link or form that leaves the page aborts what the old page had in flight, too, until
        # the next document commits. (Not until a "load" event: the page being left may fire its
        # own late load in the middle of a goto, which used to end the exemption too early.)
        left: list[bool] = []

        def navigating(method):
            def run(*args, **kwargs):
                going.append(True)
                try:
                    return method(*args, **kwargs)
                finally:
                    going.pop()
            return run

        page.goto = navigating(page.goto)
        page.reload = navigating(page.reload)
        page.on("request", lambda req: left.append(True)
                if req.is_navigation_request() and req.frame == page.main_frame else None)
        page.on("framenavigated", lambda frame: left.clear() if frame == page.main_frame else None)

        def leaving() -> bool:
            return bool(going or left)

        def console(m) -> None:
            unloading = leaving() and ("sendAbort" in m.text or "htmx:afterRequest" in m.text)
            if m.type == "error" and not closing and not unloading:
                loc = m.location or {}
                self._add(f"console error: {m.text} ({loc.get('url', '')}:{loc.get('lineNumber', '')})")

        def failed(req) -> None:
            # The event stream ends whenever a page is left or reloaded: that is not a lost request.
            # A fetch of a document that has since been left (its Referer is not the page's address
            # any more) may report its abort after the navigation returned: the same case.
            stale = (req.headers.get("referer") or page.url) != page.url
            unloading = (leaving() or stale) and "ERR_ABORTED" in str(req.failure)
            if "/stream" not in req.url and not closing and not unloading:
                self._add(f"request failed: {req.method} {req.url} {req.failure}")

        page.on("console", console)
        page.on("pageerror", lambda err: closing or self._add(f"uncaught exception: {err}"))
        page.on("requestfailed", failed)


@pytest.fixture(autouse=True)
def console_errors(request) -> Iterator[ConsoleGuard | None]:
    """Every browser test fails on any console error, uncaught exception or failed request."""
    if "browser" not in request.fixturenames:
        yield None
        return
    from playwright.sync_api import expect

    expect.set_options(timeout=EXPECT_TIMEOUT_MS)  # every browser test, whatever one before it set
    browser = request.getfixturevalue("browser")
    guard = ConsoleGuard()
    original = browser.new_context

    def new_context(*args, **kwargs):
        ctx = original(*args, **kwargs)
        guard.watch_context(ctx)
        return ctx

    browser.new_context = new_context
    try:
        yield guard
    finally:
        guard.active = False
        browser.new_context = original
    if guard.problems:
        pytest.fail("The browser reported problems:\n" + "\n".join(dict.fromkeys(guard.problems)))


PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


SVG = re.compile(r"<svg\b.*?</svg>", re.S)
CSRF_VALUE = re.compile(r'("X-CSRF-Token": "|name="csrf_token" value=")[^"]*')
#: The server's own address (a free port, a LAN address: any digits) and the static files' digests.
ORIGIN = re.compile(r"\bhttps?://[^/\s\"'<>]+")
DIGEST = re.compile(r"(\?v=)[0-9a-f]+")


def without_noise(body: str) -> str:
    """A body without what holds digits by chance rather than by state, so a search for a secret
    number cannot match it: pictures (the QR code's path coordinates), the CSRF token (random),
    the server's address (whatever port was free: a bid of 417 would match port 41735) and the
    static files' digests (they change with every edit of a stylesheet or script)."""
    body = CSRF_VALUE.sub(r"\1", SVG.sub("<svg/>", body))
    return DIGEST.sub(r"\1", ORIGIN.sub("ORIGIN", body))


#: Passes every message of the page's event stream to the recorder (a progress event carries log
#: lines, companion/progress.py); installed before any page script runs.
_STREAM_TAP = """(() => {
  const Native = window.EventSource;
  if (!Native || Native.__tapped) { return; }
  function Tapped(url, init) {
    const es = new Native(url, init);
    ["update", "progress", "fragment", "ping", "message"].forEach(kind => es.addEventListener(kind, e => {
      try { window.__companionStreamTap(kind + ":" + e.data); } catch (err) { /* page closing */ }
    }));
    return es;
  }
  Tapped.prototype = Native.prototype;
  Object.assign(Tapped, {CONNECTING: 0, OPEN: 1, CLOSED: 2, __tapped: true});
  window.EventSource = Tapped;
})();"""


class Recorder:
    """Every response body a device receives and every message of its event stream, so a test can
    prove a secret never reached it by any request."""

    def __init__(self, page) -> None:
        self.bodies: list[str] = []
        page.on("response", self._keep)
        page.expose_function("__companionStreamTap", lambda data: self.bodies.append(without_noise(data)))
        page.add_init_script(_STREAM_TAP)

    def _keep(self, response) -> None:
        if "text/event-stream" in (response.headers.get("content-type") or ""):
            return
        if "/static/" in response.url:  # the same files from disk for every device: no table state
            return
        try:
            body = response.text()
        except Exception:  # a redirect or an aborted request has no body
            return
        self.bodies.append(without_noise(body))

    def saw(self, value: object) -> bool:
        return any(str(value) in body for body in self.bodies)


@pytest.fixture
def recorder():
    """``recorder(page)`` starts recording what that page receives."""
    return Recorder


@pytest.fixture
def join_phone(browser):
    """``join_phone(join_url, name, seat_label)``: a phone opens the join link, sits down, and is
    returned on its seat page (mobile viewport, touch, confirm dialogs accepted)."""
    from playwright.sync_api import expect

    contexts = []

    def join(join_url: str, name: str, seat_label: str, locale: str = "en-US"):
        ctx = browser.new_context(locale=locale, **PHONE)
        contexts.append(ctx)
        page = ctx.new_page()
        page.on("dialog", lambda d: d.accept())
        page.goto(join_url)
        page.fill("input[name=name]", name)
        page.locator(".seat-option", has_text=seat_label).click()
        page.click("button.primary")
        expect(page.locator(".me-bar")).to_contain_text(name)
        return page

    yield join
    for ctx in contexts:
        ctx.close()


#: True once no fragment has had an htmx request, swap or settle in flight for this many checks in
#: a row (``wait_for_function`` polls it every 50 ms).
_QUIET = """n => {
  const busy = document.querySelector(".htmx-request, .htmx-swapping, .htmx-settling");
  window.__quietChecks = busy ? 0 : (window.__quietChecks || 0) + 1;
  return window.__quietChecks >= n;
}"""


def settle(page) -> None:
    """Wait until the page has stopped re-rendering, then two frames (tv.js fits its zones and the
    phone places its dock after a swap, and again on the next frame). A page's first fragment load
    and the live stream's first hint race each other, so a second render may follow the first one:
    a fixed pause that covers it here is too short on a loaded CI machine; this waits for the page."""
    page.evaluate("() => { window.__quietChecks = 0; }")
    page.wait_for_function(_QUIET, arg=6, polling=50)
    page.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")


def answer_in_page(page, yes: bool = True) -> bool:
    """Answer the page's own confirmation sheet (static/app.js; never a native dialog) if the last
    tap asked one. The sheet opens in the tap's own event, so it is there when the click returns."""
    sheet = page.locator("#ask")
    if not sheet.is_visible():
        return False
    sheet.locator("[data-ask=yes]" if yes else "[data-ask=no]").click()
    return True
