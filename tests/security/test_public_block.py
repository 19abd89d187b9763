"""Public blocks (companion/web/public_block.py) are shared by every phone of a table, across
versions: nothing private may reach one. A sealed answer nobody else may see yet is never in a
shared block, and a block that reads a private name, or any name outside its key, fails to render
instead of sharing it."""

from __future__ import annotations

from typing import Any

import pytest
from markupsafe import Markup

from companion.web.pages import fragment_context
from companion.web.public_block import shared_blocks

SECRET = 7319


def _phone(app: Any, code: str, token: str) -> str:
    dev = app.test_client()
    dev.set_cookie(f"seat_{code}", token)
    r = dev.get(f"/t/{code}/frag/seat")
    assert r.status_code == 200
    return r.get_data(as_text=True)


def test_a_sealed_answer_never_enters_a_shared_block(app, api):
    t = api.create("generic", {"seats": "A, B, C", "counters": "VP", "shared_counters": "Round"})
    code = t["code"]
    tokens = [api.join(code, f"p{i}", f"P{i}") for i in (1, 2, 3)]
    api.ok(code, tokens[0], {"type": "roll", "dice": "2d6"})
    api.ok(code, tokens[0], {"type": "open_prompt", "title": "Gold", "kind": "number", "min": 0, "max": 9999})
    opened = [_phone(app, code, token) for token in tokens]
    api.ok(code, tokens[0], {"type": "answer", "prompt": "g1", "value": SECRET})
    mine = _phone(app, code, tokens[0])
    assert str(SECRET) in mine, "the answer is on its own phone (else this test shows nothing)"
    for token in tokens[1:]:
        assert str(SECRET) not in _phone(app, code, token)
    blocks = {b for b in shared_blocks() if b}  # distinct markup (another test's table may have made the same block)
    assert sum(block in mine for block in blocks) == 2, "counters, dice (the answered prompt is its phone's own)"
    for phone in opened:
        assert sum(block in phone for block in blocks) == 3, "the open prompt, counters, dice: shared"
    assert all(str(SECRET) not in block for block in blocks), "a sealed answer entered a shared block"


@pytest.mark.parametrize("name", ["me", "seat", "log", "is_host", "csrf_token", "request", "session", "g",
                                  "view", "table", "reveal"])
def test_a_block_that_reads_a_name_outside_its_key_fails_to_render(app, api, name):
    """Every name of the fragment a block was not given refuses any use: nothing outside its key (a
    private name, or the public view the key does not hold) can change or leak through its bytes."""
    t = api.create("generic", {"seats": "A, B"})
    code = t["code"]
    token = api.join(code, "p1", "P1")
    api.ok(code, token, {"type": "open_prompt", "title": "Gold", "kind": "number", "min": 0, "max": 9999})
    api.ok(code, token, {"type": "answer", "prompt": "g1", "value": SECRET})
    svc = app.extensions["companion.tables"]
    snap = svc.snapshot(code)
    with app.test_request_context(f"/t/{code}/frag/seat"):
        ctx = fragment_context(snap, svc.viewer_for(code, token))
        assert ctx["me"] is not None and ctx["seat"] == "p1", "the phone's own context is private"
        block = ctx["public_block"]
        for source in ("{{ %s }}", "{%% if %s %%}x{%% endif %%}", "{{ %s.prompts }}", "{{ %s['p1'] }}",
                       "{%% for x in %s %%}{%% endfor %%}", "{{ 'p1' in %s }}", "{{ %s == 'p1' }}"):
            with pytest.raises(RuntimeError, match="private name"):
                _render_block(app, block, source % name)
            with pytest.raises(RuntimeError, match="private name"):
                _render_block(app, block, source % name, other=1)
        assert _render_block(app, block, "{{ " + name + " }}:{{ n }}", **{name: "p1"}, n=2) == "p1:2", \
            "a value given is read"
        assert _render_block(app, block, "{{ seat_name(s) }}", s="p1") == "A · P1", "seat names are in the key"


def test_a_block_takes_plain_data(app, api):
    t = api.create("generic", {"seats": "A, B"})
    code = t["code"]
    token = api.join(code, "p1", "P1")
    svc = app.extensions["companion.tables"]
    with app.test_request_context(f"/t/{code}/frag/seat"):
        ctx = fragment_context(svc.snapshot(code), svc.viewer_for(code, token))
        for value in (Markup("<b>"), len, ctx["seat_name"]):
            with pytest.raises(TypeError, match="plain data"):
                _render_block(app, ctx["public_block"], "{{ x }}", x=value)


def test_a_block_follows_its_values(app, api):
    """The phone's counters are a public block: a counter that moves is shown moved, on its own
    seat's phone only; a seat's new name reaches the blocks that show it."""
    t = api.create("generic", {"seats": "A, B", "counters": "VP"})
    code = t["code"]
    tokens = [api.join(code, f"p{i}", f"P{i}") for i in (1, 2)]
    before = _phone(app, code, tokens[0])
    api.ok(code, tokens[0], {"type": "adjust", "seat": "p1", "counter": "VP", "delta": 4})
    assert '<span class="counter-value">0</span>' in before
    assert '<span class="counter-value">4</span>' in _phone(app, code, tokens[0])
    assert '<span class="counter-value">4</span>' not in _phone(app, code, tokens[1])
    api.ok(code, tokens[1], {"type": "roll", "dice": "2d6"})
    assert "B · P2 · 2d6" in _phone(app, code, tokens[0])
    r = api.client.post(f"/api/tables/{code}/seats/p2/free", json={}, headers=api.auth(t["host_token"]))
    assert r.status_code == 200, r.get_json()
    api.join(code, "p2", "Zed")
    assert "B · Zed · 2d6" in _phone(app, code, tokens[0])


def _render_block(app: Any, block: Any, source: str, **values: Any) -> str:
    """Render ``source`` as a public block (a template of its own, through the app's loader)."""
    from jinja2 import ChoiceLoader, DictLoader

    loader = app.jinja_env.loader
    app.jinja_env.loader = ChoiceLoader([DictLoader({"test/_block.html": source}), loader])
    app.jinja_env.cache.clear()
    try:
        return str(block("test/_block.html", **values))
    finally:
        app.jinja_env.loader = loader
        app.jinja_env.cache.clear()

