"""The shared screen's parts (issue 41, companion/web/live_patch.py): a change that only moves
progress (an answer to a sealed prompt) reaches a TV that is pushed its fragment as the parts of
that fragment it may alter (base/_tv.html), not as the whole fragment.

The central check follows a TV through rounds of play: every time it is sent parts, its fragment
as last given, with the parts put in as static/app.js puts them (applyParts), must be byte for
byte the fragment a fetch returns at that version; every other change is still the whole fragment.
A part the screen template draws but the parts template forgets, or anything outside the parts that
an answer changes (a reveal included), fails here."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from tests.api.test_progress import SECRET, Stream, close_all, event

OPEN = re.compile(r"<!--p:([\w-]+)-->")


def apply_parts(html: str, parts: dict[str, str]) -> str:
    """static/app.js, applyParts: each part from its opening marker to its closing one, replaced."""
    for name, text in parts.items():
        start, end = f"<!--p:{name}-->", f"<!--/p:{name}-->"
        a = html.find(start)
        b = html.find(end, a)
        assert a >= 0 and b >= 0 and html.count(start) == 1, f"the fragment has no single part {name}"
        html = html[:a] + text + html[b + len(end):]
    return html


class Tv:
    """A shared screen on its event stream (``?push=screen``), holding its fragment's text as the
    page does: the last whole fragment it was given, with every set of parts put in."""

    def __init__(self, app: Any, code: str, lang: str = "en", host: str | None = None) -> None:
        self.app, self.code, self.lang, self.host = app, code, lang, host
        self.version, self.html = self.fetch()
        self.stream = Stream(app, code, None, lang, host=host, push="screen")
        self.kinds: list[str] = []

    def fetch(self) -> tuple[int, str]:
        dev = self.app.test_client()
        if self.host:
            dev.set_cookie(f"host_{self.code}", self.host)
        r = dev.get(f"/t/{self.code}/frag/screen", headers={"Accept-Language": self.lang})
        assert r.status_code == 200
        return int(r.headers["X-Table-Version"]), r.get_data(as_text=True)

    def follow(self) -> str:
        """Take the next event as the page would, check the result against a fetch; its kind."""
        kind, data = event(self.stream.next())
        d = json.loads(data)
        if kind == "progress":
            assert d["from"] == self.version and d["v"] == d["from"] + 1
            assert d["parts"], "a progress event for a TV carries parts"
            self.html = apply_parts(self.html, d["parts"])
        else:
            assert kind == "fragment", f"a TV that asks for its fragment was sent {kind}"
            self.html = d["html"]
        self.version = d["v"]
        assert (self.version, self.html) == self.fetch(), f"the TV after a {kind} differs from a fetch"
        self.kinds.append(kind)
        return str(kind)


@pytest.fixture
def table(api):
    t = api.create("generic", {"seats": "A, B, C, D, E", "counters": "Gold"})
    code = t["code"]
    # four of five seats taken: the strip shows the seats, a free one among them
    tokens = {f"p{i}": api.join(code, f"p{i}", n) for i, n in enumerate(["Ana", "Bia", "Caio", "Duda"], 1)}
    return {"code": code, "tokens": tokens, "host": t["host_token"]}


@pytest.mark.parametrize("lang, host", [("en", False), ("pt-BR", True)])
def test_a_tv_sent_parts_shows_exactly_what_a_fetch_would(app, api, table, lang, host):
    code, tokens = table["code"], table["tokens"]
    tv = Tv(app, code, lang, table["host"] if host else None)

    def act(seat: str, action: dict[str, Any]) -> str:
        api.ok(code, tokens[seat], action)
        return tv.follow()

    opened = [0]

    def bid(title: str, kind: str = "number", seats: str = "p1, p2, p3, p4") -> str:
        action: dict[str, Any] = {"type": "open_prompt", "title": title, "kind": kind}
        action.update({"min": 0, "max": 999} if kind == "number" else {"choices": "yes, no"})
        action["seats"] = seats  # the free seat is never asked: the last answer reveals
        act("p1", action)
        opened[0] += 1
        return f"g{opened[0]}"

    g1 = bid("Gold")
    assert tv.kinds == ["fragment"], "a new prompt is the whole fragment"
    assert act("p1", {"type": "answer", "prompt": g1, "value": SECRET}) == "progress"
    assert str(SECRET) not in tv.html
    assert act("p2", {"type": "answer", "prompt": g1, "value": 3}) == "progress"
    act("p1", {"type": "answer", "prompt": g1, "value": 12})  # a changed answer, whatever it is sent as
    act("p2", {"type": "roll", "dice": "2d6"})                # the public view moved: the whole fragment
    assert tv.kinds[-1] == "fragment"
    assert act("p3", {"type": "answer", "prompt": g1, "value": 4}) == "progress"
    assert act("p4", {"type": "answer", "prompt": g1, "value": 5}) == "fragment", "the reveal is never parts"
    assert "12" in tv.html
    # Two prompts open at once, a reveal held on the stage: every answer to either is parts.
    g2 = bid("Vote", "choice")
    g3 = bid("Bid")
    for seat in ("p1", "p2", "p3"):
        assert act(seat, {"type": "answer", "prompt": g2, "value": "yes"}) == "progress"
        assert act(seat, {"type": "answer", "prompt": g3, "value": 7}) == "progress"
    assert act("p4", {"type": "answer", "prompt": g3, "value": 8}) == "fragment"
    assert act("p4", {"type": "answer", "prompt": g2, "value": "no"}) == "fragment"
    # Many rounds: the log's ten lines roll on, the free seat stays in the strip.
    for n in range(4):
        g = bid(f"Round {n}")
        for seat in ("p2", "p3", "p4", "p1"):
            act(seat, {"type": "answer", "prompt": g, "value": n})
    g = bid("Two of us", seats="p2, p3")  # a prompt that asks some seats only
    assert act("p3", {"type": "answer", "prompt": g, "value": 1}) == "progress"
    assert act("p2", {"type": "answer", "prompt": g, "value": 2}) == "fragment"
    assert tv.kinds.count("progress") >= 18
    close_all(tv.stream)


def test_a_full_table_and_a_cancelled_prompt(app, api):
    """No free seat: the strip's waiting line is the part; a cancelled prompt leaves the stage."""
    t = api.create("generic", {"seats": "A, B, C"})
    code = t["code"]
    tokens = {f"p{i}": api.join(code, f"p{i}", n) for i, n in enumerate(["Ana", "Bia", "Caio"], 1)}
    tv = Tv(app, code)
    api.ok(code, tokens["p1"], {"type": "open_prompt", "title": "Gold", "kind": "number", "min": 0, "max": 9})
    assert tv.follow() == "fragment" and "waiting-line" in tv.html
    api.ok(code, tokens["p2"], {"type": "answer", "prompt": "g1", "value": 1})
    assert tv.follow() == "progress"
    api.ok(code, tokens["p3"], {"type": "answer", "prompt": "g1", "value": 2})
    assert tv.follow() == "progress"
    api.ok(code, t["host_token"], {"type": "cancel_prompt", "prompt": "g1"})
    tv.follow()
    close_all(tv.stream)


def test_parts_do_not_nest_and_every_part_is_in_the_fragment(app, api, table):
    code, tokens = table["code"], table["tokens"]
    api.ok(code, tokens["p1"], {"type": "open_prompt", "title": "Gold", "kind": "number", "min": 0, "max": 9})
    tv = Tv(app, code)
    api.ok(code, tokens["p2"], {"type": "answer", "prompt": "g1", "value": 1})
    kind, data = event(tv.stream.next())
    assert kind == "progress"
    parts = json.loads(data)["parts"]
    assert set(parts) == {"waiting", "status-g1", "log", "reveal", "story"}
    for name, text in parts.items():
        assert OPEN.findall(text) == [name], f"part {name} holds another part"
    close_all(tv.stream)


def test_a_screen_without_push_and_a_game_without_parts_get_what_they_got(app, api, table):
    code, tokens = table["code"], table["tokens"]
    api.ok(code, tokens["p1"], {"type": "open_prompt", "title": "Gold", "kind": "number", "min": 0, "max": 9})
    plain = Stream(app, code, None)  # a page that fetches: a hint, as before
    from companion.games import registry

    generic = registry()["generic"]
    tv = Tv(app, code)
    api.ok(code, tokens["p2"], {"type": "answer", "prompt": "g1", "value": 1})
    assert event(plain.next())[0] == "update"
    assert tv.follow() == "progress"
    parts_template = generic.screen_parts_template
    type(generic).screen_parts_template = None
    try:
        api.ok(code, tokens["p3"], {"type": "answer", "prompt": "g1", "value": 2})
        assert tv.follow() == "fragment", "a game that draws no parts sends its TV the whole fragment"
    finally:
        type(generic).screen_parts_template = parts_template
    close_all(plain, tv.stream)
