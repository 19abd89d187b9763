"""The start page, where the host creates a table (issue #23): with the options of any game open
(every game of the registry, in English and Portuguese), a TV at 1920x1080 or 1280x720 shows the
whole page without scrolling, nothing clipped, "Create table" on screen, no text smaller than 16 px
at 1080p (the same size on a 720p TV of the same width); a 390x844 phone scrolls the options but
keeps "Create table" at the bottom of the screen, under the thumb, and never scrolls sideways."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from companion.games import registry
from tests.conftest import EXPECT_TIMEOUT_MS, PHONE
from tools.tv_text import measure

pytestmark = pytest.mark.browser

TV_SIZES = [(1920, 1080), (1280, 720)]
LANGS = ["en", "pt_BR"]
GAMES = list(registry())

# Every visible element of the page that is not whole on the screen: outside the viewport, or cut by
# an ancestor that clips (overflow other than visible). A select's options are drawn only when it opens.
NOT_WHOLE = """() => {
  const cut = [];
  for (const el of document.querySelectorAll("body *")) {
    if (el.closest("select, #toast, #modal, #ask, [hidden]") && el.tagName !== "SELECT") continue;
    if (!el.checkVisibility({checkOpacity: true, checkVisibilityCSS: true})) continue;
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) continue;
    let bad = r.top < -1 || r.left < -1 || r.bottom > innerHeight + 1 || r.right > innerWidth + 1;
    for (let a = el.parentElement; a && !bad && a !== document.documentElement; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.overflowX === "visible" && s.overflowY === "visible") continue;
      const q = a.getBoundingClientRect();
      bad = r.top < q.top - 1 || r.bottom > q.bottom + 1 || r.left < q.left - 1 || r.right > q.right + 1;
    }
    if (bad) cut.push(`${el.tagName.toLowerCase()}.${el.className}: ${(el.innerText || el.value || "").slice(0, 40)}`);
  }
  return cut;
}"""
SCROLLS = """() => [...document.querySelectorAll("*")].filter(e => e.scrollHeight > e.clientHeight + 1
  && ["auto", "scroll"].includes(getComputedStyle(e).overflowY)).map(e => e.tagName + "." + e.className)"""


def open_game(page, gid: str):
    """Open ``gid``'s options as a host does, by its title; one game is open at a time."""
    game = page.locator(f"details.game:has(input[name=game][value='{gid}'])")
    if not game.evaluate("d => d.open"):
        game.locator("summary").click()
    expect(page.locator("details.game[open]")).to_have_count(1)
    expect(game).to_have_attribute("open", "")
    return game


def test_start_page_fits_a_tv_with_any_game_open(browser, live_server):
    ctx = browser.new_context()
    page = ctx.new_page()
    for w, h in TV_SIZES:
        page.set_viewport_size({"width": w, "height": h})
        least = 16 * w / 1920  # 16 px at 1080p: the same on a 720p TV of the same size
        for lang in LANGS:
            page.goto(f"{live_server.url}/?lang={lang}")
            for gid in GAMES:
                game = open_game(page, gid)
                where = f"{w}x{h} {lang} {gid}"
                size = page.evaluate("() => [document.scrollingElement.scrollHeight, document.scrollingElement.scrollWidth]")
                assert size[0] <= h and size[1] <= w, f"{where}: the page scrolls {size}"
                assert page.evaluate(SCROLLS) == [], f"{where}: a part of the page scrolls"
                assert page.evaluate(NOT_WHOLE) == [], where
                create = game.locator("button.primary")
                expect(create).to_be_visible()
                box = create.bounding_box()
                assert box and box["y"] + box["height"] <= h, f"{where}: Create at y={box}"
                # every option of the game is on screen, and nothing of the rail hides behind it
                assert game.locator(".opts .field").count() == len(registry()[gid].options())
                sizes = measure(page, least)
                worst = [(i["px"], i["text"]) for i in sizes["small"][:4]]
                assert sizes["share_small"] == 0, f"{where}: text under {least:.1f} px {worst}"
    ctx.close()


def test_start_page_on_a_phone_keeps_create_under_the_thumb(browser, live_server):
    for lang, locale in (("en", "en-US"), ("pt_BR", "pt-BR")):
        ctx = browser.new_context(locale=locale, **PHONE)
        page = ctx.new_page()
        page.goto(f"{live_server.url}/?lang={lang}")
        for gid in GAMES:
            game = open_game(page, gid)
            where = f"390x844 {lang} {gid}"
            # the game just opened is on screen (opening it closed the one above: the page shrank)
            # (start.js answers the toggle event, which the browser fires a moment after the tap)
            page.wait_for_function("s => { const y = s.getBoundingClientRect().top; return y >= 0 && y < innerHeight / 2 }",
                                   arg=game.locator("summary").element_handle(), timeout=EXPECT_TIMEOUT_MS)
            create = game.locator("button.primary")
            for step in range(3):  # at the top of the options, half-way, and at their end
                if step:
                    game.evaluate("(d, part) => scrollBy(0, Math.max(0, d.getBoundingClientRect().bottom - innerHeight) * part)",
                                  0.5 if step == 1 else 1)
                box = create.bounding_box()
                assert box and 844 / 2 <= box["y"] and box["y"] + box["height"] <= 844, f"{where}: Create at {box} (step {step})"
                hit = page.evaluate("([x, y]) => document.elementFromPoint(x, y)?.closest('button.primary') !== null",
                                    [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2])
                assert hit, f"{where}: something covers Create (step {step})"
                wide = page.evaluate("() => document.scrollingElement.scrollWidth")
                assert wide <= 390, f"{where}: {wide} px wide"
        # the button under the thumb creates the table
        game = open_game(page, GAMES[-1])
        game.locator("button.primary").click()
        expect(page.locator(".room-code").first).to_be_visible()
        ctx.close()
