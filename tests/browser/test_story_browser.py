"""The story screen and the TV replay in a browser (issue #29): at 1920x1080 and 1280x720, in both
languages, the page never scrolls and the charts, the winner and the replay controls are inside the
viewport with text readable from across the room; zero console errors; the downloaded story file
opens with the network cut off and asks for nothing."""

from __future__ import annotations

import pytest

from tools.tv_scenarios import Api, agot_story

pytestmark = pytest.mark.browser

SIZES = [(1920, 1080), (1280, 720)]
LANGS = ["en", "pt_BR"]
FITS = """keys => {
  const out = {scrollH: document.scrollingElement.scrollHeight, scrollW: document.scrollingElement.scrollWidth,
               innerH: innerHeight, innerW: innerWidth, font: parseFloat(getComputedStyle(document.body).fontSize), keys: {}};
  for (const k of keys) {
    const el = document.querySelector(k);
    if (!el) { out.keys[k] = "missing"; continue; }
    const r = el.getBoundingClientRect();
    out.keys[k] = r.width < 1 || r.height < 1 ? "empty" :
      (r.top < -1 || r.left < -1 || r.bottom > innerHeight + 1 || r.right > innerWidth + 1) ? "outside " + JSON.stringify(r) : "ok";
  }
  return out;
}"""
STORY_KEYS = [".story-winner", ".chart.wide svg", ".story-charts .chart.wide:nth-of-type(3) svg", ".story-moments",
              ".story-legend", ".story-actions"]
REPLAY_KEYS = [".replay-label", ".replay-live", "svg.tvmap", "#agot-tracks", ".replay-slider input"]


@pytest.fixture
def story_table(live_server):
    api = Api(live_server.url)
    return [c for _m, c in agot_story(api)][-1]


def _fits(page, keys, w, h, where):
    m = page.evaluate(FITS, keys)
    assert m["scrollH"] <= m["innerH"] and m["scrollW"] <= m["innerW"], f"{where} scrolls: {m}"
    assert all(v == "ok" for v in m["keys"].values()), f"{where}: {m['keys']}"
    assert m["font"] >= (24 if h == 1080 else 16) - 0.5, f"{where}: body text {m['font']}px"


def test_story_and_replay_fit_the_tv_in_both_languages(browser, live_server, story_table):
    page = browser.new_page()
    errors: list[str] = []
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    for w, h in SIZES:
        page.set_viewport_size({"width": w, "height": h})
        for lang in LANGS:
            page.goto(f"{live_server.url}/t/{story_table}/story?lang={lang}")
            _fits(page, STORY_KEYS, w, h, f"story {w}x{h} {lang}")
            page.goto(f"{live_server.url}/t/{story_table}/replay?round=2&lang={lang}")
            page.wait_for_selector("svg.tvmap")
            _fits(page, REPLAY_KEYS, w, h, f"replay {w}x{h} {lang}")
    # the arrows step through the rounds, Escape goes back to live
    page.goto(f"{live_server.url}/t/{story_table}/replay?round=2&lang=en")
    page.keyboard.press("ArrowLeft")
    page.wait_for_url("**round=1**")
    assert "Round 1 of 3" in page.inner_text(".replay-label")
    page.fill(".replay-slider input", "3")
    page.dispatch_event(".replay-slider input", "change")
    page.wait_for_url("**round=3**")
    page.keyboard.press("Escape")
    page.wait_for_url("**/screen")
    assert not errors, errors


def test_downloaded_story_opens_with_no_network(browser, live_server, story_table, tmp_path):
    ctx = browser.new_context(viewport={"width": 1920, "height": 1080}, accept_downloads=True)
    page = ctx.new_page()
    page.goto(f"{live_server.url}/t/{story_table}/story?lang=pt_BR")
    with page.expect_download() as dl:
        page.click(".story-actions a[download]")
    path = tmp_path / "story.html"
    dl.value.save_as(path)
    ctx.close()
    offline = browser.new_context(viewport={"width": 1920, "height": 1080}, offline=True)
    asked: list[str] = []
    offline.route("**/*", lambda route: (asked.append(route.request.url), route.continue_()))
    page = offline.new_page()
    page.goto(path.as_uri())
    assert [u for u in asked if not u.startswith("file:")] == []
    assert "A história da noite" in page.inner_text("h1")
    assert "Stark · Caio" in page.inner_text(".story-winner")
    _fits(page, [".story-winner", ".chart.wide svg", ".story-moments"], 1920, 1080, "downloaded file")
    offline.close()
