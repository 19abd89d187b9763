"""Issue #13: players never read an internal source id. Every screen, phone and host fragment of every
game, at the typical moments of tools/tv_scenarios.py, in English and Portuguese, is rendered and its
visible text (text nodes plus the attributes people read: title, aria-label, placeholder, alt, value)
must not contain "seed 0" or "companion:" -- citations go through companion/citations.py."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from tools.tv_scenarios import SCENARIOS, Api

RAW = re.compile(r"seed\s+0\d\d|companion:", re.I)
SHOWN_ATTRS = {"title", "aria-label", "placeholder", "alt", "value", "data-tip"}


class _Visible(HTMLParser):
    """Collects what a person can read: text outside <script>/<style>/comments, and shown attributes."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style", "template"):
            self._hidden += 1
        self.parts.extend(v for k, v in attrs if k in SHOWN_ATTRS and v)

    def handle_endtag(self, tag):
        if tag in ("script", "style", "template") and self._hidden:
            self._hidden -= 1

    def handle_data(self, data):
        if not self._hidden:
            self.parts.append(data)


def raw_citations(html: str) -> list[str]:
    """The visible snippets of ``html`` that print an internal source id."""
    p = _Visible()
    p.feed(html)
    text = " ".join(" ".join(p.parts).split())
    return [text[max(0, m.start() - 60):m.end() + 40] for m in RAW.finditer(text)]


class _HostApi(Api):
    """The scenarios' API helper, remembering each table's host token too."""

    def create(self, game, options):
        t = super().create(game, options)
        self.tokens[f"{t['code']}/host"] = t["host_token"]
        return t


def _pages(api: Api, code: str) -> list[tuple[str, dict[str, str], str]]:
    """(label, cookies, path) for every fragment a device of this table renders."""
    out = [("screen", {}, f"/t/{code}/frag/screen"), ("screen page", {}, f"/t/{code}/screen"),
           ("host", {f"host_{code}": api.tokens[f"{code}/host"]}, f"/t/{code}/frag/host"),
           ("host screen", {f"host_{code}": api.tokens[f"{code}/host"]}, f"/t/{code}/frag/screen"),
           ("rules", {}, f"/t/{code}/rules"), ("rules frag", {}, f"/t/{code}/frag/rules"),
           ("log", {f"host_{code}": api.tokens[f"{code}/host"]}, f"/t/{code}/log")]
    for key, token in api.tokens.items():
        c, seat = key.split("/")
        if c == code and seat != "host":
            out.append((f"seat {seat}", {f"seat_{code}": token}, f"/t/{code}/frag/seat"))
    return out


def test_pages_never_show_raw_sources():
    """One scan of one page is a real check: an id printed raw is caught."""
    assert raw_citations('<p title="Rule: seed 003 Page 9">x</p>')
    assert raw_citations("<p>Regra: companion: tables</p>")
    assert not raw_citations("<p>AGoT LCG FAQ v3.4 p.9</p><script>x='seed 003'</script><!-- seed 000 -->")


@pytest.mark.parametrize("game", list(SCENARIOS))
def test_no_internal_source_ids_in_any_fragment(live_server, game):
    api = _HostApi(live_server.url)
    bad: list[str] = []
    moments = 0
    for moment, code in SCENARIOS[game](api):
        moments += 1
        for label, cookies, path in _pages(api, code):
            for lang in ("en", "pt_BR"):
                r = api.http.get(f"{live_server.url}{path}", params={"lang": lang}, cookies=cookies, timeout=20)
                assert r.status_code == 200, (path, r.status_code)
                bad += [f"{moment} {label} {lang}: …{s}…" for s in raw_citations(r.text)]
    assert moments and bad == []
