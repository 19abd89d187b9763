"""An action's way from the phone to the TV decodes its JSON once (issue 40): the service encodes the
checked action, decodes that text once into the copy the rules see, and the log stores the text
itself, which a replay reads back to the same action."""

from __future__ import annotations

import json
from typing import Any


def test_an_action_is_decoded_once_and_stored_as_encoded(app, api, monkeypatch):
    t = api.create("generic", {"seats": "Ana, Bia", "counters": "Gold"})
    code = t["code"]
    token = api.join(code, "p1", "Ana")
    api.ok(code, token, {"type": "adjust", "seat": "p1", "counter": "Gold", "delta": 1})  # the cache is warm
    action = {"type": "adjust", "seat": "p1", "counter": "Gold", "delta": 2}
    text = json.dumps(action)
    real_loads = json.loads
    decoded: list[Any] = []

    def counting(raw: Any, *args: Any, **kwargs: Any) -> Any:
        if raw == text:
            decoded.append(raw)
        return real_loads(raw, *args, **kwargs)

    svc = app.extensions["companion.tables"]
    monkeypatch.setattr(json, "loads", counting)
    version = svc.act(code, svc.viewer_for(code, token), dict(action))
    monkeypatch.setattr(json, "loads", real_loads)
    assert len(decoded) == 1
    assert api.public(code)["state"]["values"]["p1"]["Gold"] == 3
    with svc.db.read() as s:
        from sqlmodel import select

        from companion.models import EventRow
        stored = s.exec(select(EventRow.action).where(EventRow.table_code == code, EventRow.seq == version)).one()
    assert stored == text and json.loads(stored) == action
