"""The shared screen's parts (issue 41, companion/web/live_patch.py) are a new way for a table to
reach the TV: the events a TV's stream is sent while a sealed bid is open must not depend on the
sealed answers. Two servers play the same bid with the same seeds; only one seat's answers differ;
every event a TV (anonymous, and the host's) is sent is byte for byte the same in both, once the
room code is taken out, until the reveal."""

from __future__ import annotations

from typing import Any

from companion import create_app
from tests.api.test_progress import Stream, close_all
from tests.conftest import Api


def _tv_events(tmp_path: Any, variant: str) -> list[str]:
    app = create_app({"DATABASE_URL": "", "DATA_DIR": str(tmp_path / variant), "TESTING": True,
                      "RANDOM_SEED": 20261208})
    try:
        api = Api(app.test_client())
        t = api.create("generic", {"seats": "A, B, C, D"})
        code, host = t["code"], t["host_token"]
        tokens = {s: api.join(code, s, s.upper()) for s in ("p1", "p2", "p3", "p4")}
        api.ok(code, host, {"type": "open_prompt", "title": "Bid", "kind": "number", "min": 0, "max": 999})
        tvs = [Stream(app, code, None, push="screen"), Stream(app, code, None, host=host, push="screen"),
               Stream(app, code, None, "pt-BR", push="screen")]
        seen = []
        secret = [417, 3] if variant == "A" else [88, 912]
        for seat, value in (("p1", secret[0]), ("p2", 5), ("p1", secret[1]), ("p3", 6)):
            api.ok(code, tokens[seat], {"type": "answer", "prompt": "g1", "value": value})
            seen += [tv.next().replace(code, "CODE") for tv in tvs]
        close_all(*tvs)
        assert not any(str(v) in text for text in seen for v in secret if v > 99)
        assert sum(text.startswith("event: progress") for text in seen) >= 6, "the TVs were sent parts"
        return seen
    finally:
        app.extensions["companion.tables"].db.dispose()


def test_a_tv_sent_parts_cannot_tell_the_sealed_answers_apart(tmp_path):
    assert _tv_events(tmp_path, "A") == _tv_events(tmp_path, "B")
