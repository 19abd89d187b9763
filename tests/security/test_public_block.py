"""Public blocks (companion/web/public_block.py) are shared by every phone of a table: nothing
private may reach one. A sealed answer nobody else may see yet is never in a shared block, and a
block that reads a private name fails to render instead of sharing it."""

from __future__ import annotations

from typing import Any

import pytest

from companion.web.pages import fragment_context
from companion.web.public_block import public_blocks

SECRET = 7319


def _phone(app: Any, code: str, token: str) -> str:
    dev = app.test_client()
    dev.set_cookie(f"seat_{code}", token)
    r = dev.get(f"/t/{code}/frag/seat")
    assert r.status_code == 200
    return r.get_data(as_text=True)


def test_a_sealed_answer_never_enters_a_shared_block(app, api):
    t = api.create("generic", {"seats": "A, B, C"})
    code = t["code"]
    tokens = [api.join(code, f"p{i}", f"P{i}") for i in (1, 2, 3)]
    api.ok(code, tokens[0], {"type": "open_prompt", "title": "Gold", "kind": "number", "min": 0, "max": 9999})
    api.ok(code, tokens[0], {"type": "answer", "prompt": "g1", "value": SECRET})
    mine = _phone(app, code, tokens[0])
    assert str(SECRET) in mine, "the answer is on its own phone (else this test shows nothing)"
    for token in tokens[1:]:
        assert str(SECRET) not in _phone(app, code, token)
    snap = app.extensions["companion.tables"].snapshot(code)
    blocks = [v for k, v in snap.memo.items() if k.startswith("public_block")]
    assert blocks, "the phones shared their public block"
    assert all(str(SECRET) not in block for block in blocks)
    assert all(block in mine for block in blocks), "the shared block is part of the phone's fragment"


@pytest.mark.parametrize("name", ["me", "seat", "log", "is_host", "csrf_token", "request", "session", "g"])
def test_a_block_that_reads_a_private_name_fails_to_render(app, api, name):
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
        block = public_blocks(snap, ctx, ctx["act_url"])
        for source in ("{{ %s }}", "{%% if %s %%}x{%% endif %%}", "{{ %s.prompts }}", "{{ %s['p1'] }}",
                       "{%% for x in %s %%}{%% endfor %%}", "{{ 'p1' in %s }}", "{{ %s == 'p1' }}"):
            with pytest.raises(RuntimeError, match="private name"):
                _render_block(app, block, source % name)
        assert _render_block(app, block, "{{ view.prompts[0].title }}") == "Gold", "public names are there"


def _render_block(app: Any, block: Any, source: str) -> str:
    """Render ``source`` as a public block (a template of its own, through the app's loader)."""
    from jinja2 import ChoiceLoader, DictLoader

    loader = app.jinja_env.loader
    app.jinja_env.loader = ChoiceLoader([DictLoader({"test/_block.html": source}), loader])
    app.jinja_env.cache.clear()
    try:
        return str(block("test/_block.html"))
    finally:
        app.jinja_env.loader = loader
        app.jinja_env.cache.clear()
