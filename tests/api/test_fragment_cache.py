"""Render once (issue #27): a live fragment is rendered once per table version and view, and served
from memory to every device with the same key; never to a device that may not see it.

Each test checks the cache really answered (its hit and miss counters) and compares what a device
got from it with a fresh render of the same request, so a key that forgot something fails here."""

from __future__ import annotations

from typing import Any

import pytest

from companion.tables import Viewer
from companion.web.fragment_cache import FragmentCache, fragment_cache, render_once
from tests.conftest import BACKENDS, Api, _make_app


def _device(app: Any, code: str, seat_token: str | None = None, host_token: str | None = None) -> Any:
    """A browser of its own (own cookie jar): a seated phone, the host's screen, or a bare screen."""
    dev = app.test_client()
    if seat_token:
        dev.set_cookie(f"seat_{code}", seat_token)
    if host_token:
        dev.set_cookie(f"host_{code}", host_token)
    return dev


def _fresh(app: Any, dev: Any, url: str) -> str:
    """What ``dev`` gets from ``url`` with nothing in memory: the reference a cached answer must equal."""
    saved = app.extensions.pop("companion.fragments", None)
    try:
        return dev.get(url).get_data(as_text=True)
    finally:
        if saved is not None:
            app.extensions["companion.fragments"] = saved


@pytest.fixture
def table(app, api) -> dict[str, Any]:
    """A generic table with three phones seated and a sealed bid open, answered by p1 only."""
    t = api.create("generic", {"seats": "A, B, C"})
    code = t["code"]
    tokens = {s: api.join(code, s, n) for s, n in (("p1", "Ana"), ("p2", "Bruno"), ("p3", "Caio"))}
    api.ok(code, tokens["p1"], {"type": "open_prompt", "title": "Gold", "kind": "number", "min": 0, "max": 20})
    api.ok(code, tokens["p1"], {"type": "answer", "prompt": "g1", "value": 17})
    return {"code": code, "host": t["host_token"], "tokens": tokens}


def _cache(app: Any) -> FragmentCache:
    with app.test_request_context():
        return fragment_cache()


def test_two_seats_never_get_each_others_fragment(app, table):
    code, tokens = table["code"], table["tokens"]
    ana, bruno = _device(app, code, tokens["p1"]), _device(app, code, tokens["p2"])
    ana_again = _device(app, code, tokens["p1"])  # a second phone of the same seat
    cache = _cache(app)
    url = f"/t/{code}/frag/seat"

    first = ana.get(url).get_data(as_text=True)
    assert 'class="mine"' in first and "<b>17</b>" in first  # Ana sees her own sealed answer
    assert (cache.hits, cache.misses) == (0, 1)
    assert ana_again.get(url).get_data(as_text=True) == first  # the same seat: served from memory
    assert cache.hits == 1

    other = bruno.get(url).get_data(as_text=True)
    assert cache.hits == 1 and cache.misses == 2  # a different seat is a different key
    assert 'class="mine"' not in other and "<b>17</b>" not in other
    assert "Bruno" in other and other == _fresh(app, bruno, url)
    assert bruno.get(url).get_data(as_text=True) == other and cache.hits == 2
    assert ana.get(url).get_data(as_text=True) == first and cache.hits == 3


def test_the_host_drawer_and_host_screen_never_reach_others(app, table):
    code, tokens = table["code"], table["tokens"]
    host_tv = _device(app, code, host_token=table["host"])
    plain_tv, bruno = _device(app, code), _device(app, code, tokens["p2"])
    cache = _cache(app)

    drawer = host_tv.get(f"/t/{code}/frag/host").get_data(as_text=True)
    assert "Free seat" in drawer and "Cancel prompt" in drawer
    assert host_tv.get(f"/t/{code}/frag/host").get_data(as_text=True) == drawer and cache.hits == 1
    for dev in (plain_tv, bruno):
        assert dev.get(f"/t/{code}/frag/host").get_data(as_text=True) == ""
    assert cache.hits == 1

    host_screen = host_tv.get(f"/t/{code}/frag/screen").get_data(as_text=True)
    public_screen = plain_tv.get(f"/t/{code}/frag/screen").get_data(as_text=True)
    assert cache.hits == 1  # the host's screen and a plain screen are two keys
    assert public_screen == _fresh(app, plain_tv, f"/t/{code}/frag/screen")
    assert "Free seat" not in public_screen and "<b>17</b>" not in public_screen
    # every plain screen of the table shares one render; the host's stays its own
    other_tv = _device(app, code)
    assert other_tv.get(f"/t/{code}/frag/screen").get_data(as_text=True) == public_screen
    assert host_tv.get(f"/t/{code}/frag/screen").get_data(as_text=True) == host_screen
    assert cache.hits == 3

    # a seat given host rights gets a host drawer of its own (a phone's: no record download)
    granted = app.test_client().post(f"/api/tables/{code}/seats/p2/host", json={"on": True},
                                     headers={"Authorization": f"Bearer {table['host']}"})
    assert granted.status_code == 200, granted.get_json()
    hits = cache.hits
    phone_drawer = bruno.get(f"/t/{code}/frag/host").get_data(as_text=True)
    assert cache.hits == hits and "Free seat" in phone_drawer
    assert "record (JSON)" in host_tv.get(f"/t/{code}/frag/host").get_data(as_text=True)
    assert "record (JSON)" not in phone_drawer and phone_drawer == _fresh(app, bruno, f"/t/{code}/frag/host")
    assert plain_tv.get(f"/t/{code}/frag/host").get_data(as_text=True) == ""


def test_a_freed_and_retaken_seat_never_gets_its_previous_occupants_page(app, api, table):
    """Ana's phone is lost: the host frees her seat and Zeca takes it on another phone. Zeca's page
    is rendered for him (his name, none of Ana's unrevealed answer), never Ana's page from memory,
    and Ana's old phone is sent back to the join screen."""
    code, tokens = table["code"], table["tokens"]
    url = f"/t/{code}/frag/seat"
    ana = _device(app, code, tokens["p1"])
    first = ana.get(url).get_data(as_text=True)
    assert "<b>17</b>" in first and ana.get(url).get_data(as_text=True) == first

    freed = app.test_client().post(f"/api/tables/{code}/seats/p1/free", json={},
                                   headers={"Authorization": f"Bearer {table['host']}"})
    assert freed.status_code == 200, freed.get_json()
    gone = ana.get(url)
    assert gone.headers.get("HX-Redirect", "").endswith(f"/t/{code}/join") and "<b>17</b>" not in gone.get_data(as_text=True)

    zeca = _device(app, code, api.join(code, "p1", "Zeca"))
    page = zeca.get(url).get_data(as_text=True)
    assert "Zeca" in page and "<b>17</b>" not in page and 'class="mine"' not in page
    assert page == _fresh(app, zeca, url) and zeca.get(url).get_data(as_text=True) == page
    assert ana.get(url).headers.get("HX-Redirect", "").endswith(f"/t/{code}/join")


def test_a_new_version_is_rendered_anew(app, api, table):
    code, tokens = table["code"], table["tokens"]
    tv = _device(app, code)
    cache = _cache(app)
    url = f"/t/{code}/frag/screen"

    before = tv.get(url)
    assert tv.get(url).get_data(as_text=True) == before.get_data(as_text=True) and cache.hits == 1
    version = int(before.headers["X-Table-Version"])
    assert tv.get(url).headers["X-Table-Version"] == str(version)  # a hit says its version too

    api.ok(code, tokens["p2"], {"type": "answer", "prompt": "g1", "value": 3})
    after = tv.get(url)
    assert cache.hits == 2 and after.headers["X-Table-Version"] == str(version + 1)
    assert after.get_data(as_text=True) != before.get_data(as_text=True)
    assert after.get_data(as_text=True) == _fresh(app, tv, url)

    api.ok(code, tokens["p3"], {"type": "answer", "prompt": "g1", "value": 9})  # the reveal
    revealed = tv.get(url).get_data(as_text=True)
    assert '<b class="answer">17</b>' in revealed and '<b class="answer">17</b>' not in before.get_data(as_text=True)
    assert revealed == _fresh(app, tv, url)
    assert len(cache) == 1  # only the newest version of a view is kept


def test_each_language_has_its_own_render(app, table):
    code = table["code"]
    tv = _device(app, code)
    cache = _cache(app)
    english = tv.get(f"/t/{code}/frag/screen").get_data(as_text=True)
    portuguese = tv.get(f"/t/{code}/frag/screen?lang=pt_BR").get_data(as_text=True)
    assert cache.hits == 0 and portuguese != english
    assert portuguese == _fresh(app, _device(app, code), f"/t/{code}/frag/screen?lang=pt_BR")
    # the language is remembered in a cookie: the next plain request is Portuguese, from memory (the
    # query is not part of the key: the fragment reads no parameter, the language is in the key)
    assert tv.get(f"/t/{code}/frag/screen").get_data(as_text=True) == portuguese and cache.hits == 1
    assert tv.get(f"/t/{code}/frag/screen").get_data(as_text=True) == portuguese and cache.hits == 2
    assert _device(app, code).get(f"/t/{code}/frag/screen").get_data(as_text=True) == english


def test_a_body_bound_to_one_device_is_never_kept(app, table):
    """A render that shows the page's CSRF token or a credential is served once, never stored."""
    code = table["code"]
    svc = app.extensions["companion.tables"]
    snap = svc.snapshot(code)
    with app.test_request_context(f"/t/{code}/frag/screen"):
        from flask_wtf.csrf import generate_csrf

        token = generate_csrf()
        body = render_once(snap, "screen", Viewer(), lambda: f"<form>{token}</form>")
        assert body == f"<form>{token}</form>"
        assert len(fragment_cache()) == 0 and fragment_cache().refused == 1
        render_once(snap, "seat", Viewer(seat="p1"), lambda: "<p>seat-token-abc</p>", ["seat-token-abc"])
        assert len(fragment_cache()) == 0 and fragment_cache().refused == 2


def test_memory_is_bounded_and_keeps_only_the_newest_version() -> None:
    from companion.bounded import ENTRY_BYTES, size_of

    def cost(key: tuple[str, ...], body: str) -> int:
        return size_of(key) + size_of((("t", 1), body)) + ENTRY_BYTES

    one = cost(("T1", "screen"), "a" * 40)
    cache = FragmentCache(max_bytes=2 * one + one // 2)
    assert cache.put(("T1", "screen"), ("t", 1), "a" * 40)
    assert cache.put(("T1", "screen"), ("t", 2), "b" * 40)  # replaces version 1
    assert len(cache) == 1 and cache.bytes == one
    assert cache.get(("T1", "screen"), ("t", 1)) is None  # an older version is never served
    assert cache.put(("T2", "screen"), ("t", 1), "c" * 40)
    assert cache.get(("T1", "screen"), ("t", 2)) == "b" * 40  # T1 is now the most recent
    assert cache.put(("T3", "screen"), ("t", 1), "d" * 40)  # over budget: the least recent (T2) goes
    assert cache.get(("T2", "screen"), ("t", 1)) is None and cache.bytes == 2 * one
    # a table created anew under a reused code is another stamp: never the old table's text
    assert cache.get(("T3", "screen"), ("other-table", 1)) is None
    assert not cache.put(("T4", "screen"), ("t", 1), "e" * 3 * one) and len(cache) == 2
    # the key counts too: a long key is what a long query string made before (issue #39, item 2)
    assert not cache.put(("T5", "screen", "k" * 3 * one), ("t", 1), "f") and len(cache) == 2


def test_query_parameters_a_fragment_does_not_read_make_no_entries(app, table):
    """Issue #39, item 2: the key held the whole query string, so ``?k=<8,000 letters>`` requests by
    anyone knowing a room code filled the cache to 152.9 MB against its 24 MB budget."""
    import tracemalloc

    code = table["code"]
    cache = _cache(app)
    tv = _device(app, code)
    plain = tv.get(f"/t/{code}/frag/screen").get_data(as_text=True)
    held = cache.bytes
    tracemalloc.start()
    start = tracemalloc.take_snapshot()
    for i in range(300):
        body = tv.get(f"/t/{code}/frag/screen?k{i}={'x' * 8_000}&v={i}").get_data(as_text=True)
        assert body == plain
    ours = [tracemalloc.Filter(True, "*/companion/*"), tracemalloc.Filter(False, "*/companion/reference/*")]
    grown = sum(stat.size_diff for stat in tracemalloc.take_snapshot().filter_traces(ours).compare_to(
        start.filter_traces(ours), "filename"))  # (the rules search's warm-up thread loads meanwhile)
    tracemalloc.stop()
    assert len(cache) == 1 and cache.bytes == held
    assert grown < 2**20  # 300 requests of 8 KB each (2.4 MB of query) left nothing behind in our code


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_change_by_another_process_is_seen_at_once(backend, tmp_path):
    """Two servers on one database: the snapshot read from memory (and the fragments kept for it)
    must give way as soon as the other server commits a new version."""
    first, second = _make_app(backend, tmp_path), _make_app(backend, tmp_path)
    try:
        api_one, api_two = Api(first.test_client()), Api(second.test_client())
        t = api_one.create("generic", {"seats": "A, B"})
        code = t["code"]
        ana = api_one.join(code, "p1", "Ana")
        svc = first.extensions["companion.tables"]
        tv = _device(first, code)
        before = tv.get(f"/t/{code}/frag/screen").get_data(as_text=True)
        version = svc.snapshot(code).version
        assert svc.snapshot(code).table is svc.snapshot(code).table  # served from memory now
        api_two.ok(code, ana, {"type": "open_prompt", "title": "Midnight wager", "kind": "number", "min": 0, "max": 9})
        snap = svc.snapshot(code)
        assert snap.version == version + 1
        assert any(p["title"] == "Midnight wager" for p in snap.state["g"]["prompts"].values())
        after = tv.get(f"/t/{code}/frag/screen")
        assert after.headers["X-Table-Version"] == str(version + 1) and "Midnight wager" in after.get_data(as_text=True)
        assert "Midnight wager" not in before
    finally:
        for one in (first, second):
            one.extensions["companion.tables"].db.dispose()
