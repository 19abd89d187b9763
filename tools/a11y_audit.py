"""Every page kind and every phone decision step, in English and Portuguese, as axe-core sees it
(issue #36): the TV (1920x1080) at each moment of every TV scenario, with its drawer and its last
reveal open; the phone (390x844) at each decision step of every phone scenario; the start page, the
join page, the rules book and the table's rules, the log, the story and its replay, the host's phone.

tests/browser/test_accessibility.py walks the same pages and fails on a critical or serious
violation; ``python tools/a11y_audit.py [--json FILE] [GROUP ...]`` prints the counts per impact
and rule (the figures of docs/accessibility.md).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tools import phone_scenarios  # noqa: E402
from tools.tv_scenarios import SCENARIOS as TV_SCENARIOS  # noqa: E402
from tools.tv_scenarios import SETUP_SCENARIOS, Api  # noqa: E402

LANGS = [("en", "en-US"), ("pt_BR", "pt-BR")]
TV = {"viewport": {"width": 1920, "height": 1080}}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}

def _langs(i: int, alternate: bool) -> list[tuple[str, str]]:
    """Both languages at every step, or (``alternate``: the suite's walk) one per step, taking turns,
    so each group still meets both and the audit costs half (docs/accessibility.md)."""
    return LANGS if not alternate else [LANGS[i % 2]]


#: check(page, where): look at the page as it is now (settled)
Check = Callable[[Any, str], None]

#: A 640 px window at 200% zoom: 320 CSS px wide (WCAG 1.4.10 reflow), drawn at twice the density.
ZOOMED: dict[str, Any] = {"viewport": {"width": 320, "height": 568}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
#: A 390 px phone at 200% zoom: 195 CSS px wide.
ZOOMED_PHONE: dict[str, Any] = {"viewport": {"width": 195, "height": 422}, "device_scale_factor": 6, "is_mobile": True, "has_touch": True}

#: Every visible control of the page that cannot be reached (issue #36): cut off beyond the page's
#: sides with no scrolling box to bring it back, or, once scrolled to, under a fixed or sticky bar
#: (the header, the offline banner, the decision dock). Returns "what: why" strings.
UNREACHABLE = """() => {
  const out = [], W = document.documentElement.clientWidth;
  const name = el => (el.getAttribute('aria-label') || el.textContent || el.name || el.tagName).replace(/\\s+/g, ' ').trim().slice(0, 40);
  const scrollsX = el => { for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const s = getComputedStyle(p).overflowX; if ((s === 'auto' || s === 'scroll') && p.scrollWidth > p.clientWidth) return true; }
    return false; };
  const controls = [...document.querySelectorAll('button, input:not([type=hidden]), select, textarea, a[href], summary')]
    .filter(el => el.checkVisibility({visibilityProperty: true}) && !el.closest('#dock, #ask, #toast, .tv-drawer')
                  && el.getBoundingClientRect().width > 0);
  for (const el of controls) {
    const r = el.getBoundingClientRect();
    if ((r.right > W + 1 || r.left < -1) && !scrollsX(el)) { out.push(name(el) + ': cut off at ' + Math.round(r.left) + '..' + Math.round(r.right)); continue; }
    el.scrollIntoView({block: 'center', inline: 'nearest'});
    const q = el.getClientRects()[0];  // a link wrapped over lines: a point of its first line
    const x = Math.min(Math.max(q.left + q.width / 2, 1), W - 1), y = q.top + Math.min(q.height / 2, 20);
    const hit = document.elementFromPoint(x, y);
    if (hit && hit !== el && !el.contains(hit) && !hit.contains(el) && !(el.labels && [...el.labels].some(l => l.contains(hit)))) {
      out.push(name(el) + ': covered by ' + hit.tagName + '.' + hit.className);
    }
  }
  window.scrollTo(0, 0);
  return out;
}"""


class HostApi(Api):
    """The scenarios' API client, keeping each table's host token too (``CODE/host``)."""

    def create(self, game: str, options: dict[str, Any]) -> dict[str, Any]:
        t = super().create(game, options)
        self.tokens[f"{t['code']}/host"] = t["host_token"]
        return t


def _settle(page: Any) -> None:
    from tests.conftest import settle

    settle(page)


def _open(browser: Any, base: str, path: str, locale: str, cookies: dict[str, str], **device: Any) -> Any:
    """A page that only looks: a tap it would send by itself (an LCG countdown reaching zero while
    axe runs) is answered "nothing to do" without reaching the server, so the table stays as the
    scenario left it for its next step."""
    ctx = browser.new_context(locale=locale, **device)
    ctx.route("**/act", lambda route: route.fulfill(status=204, body=""))
    ctx.add_cookies([{"name": k, "value": v, "url": base} for k, v in cookies.items()])
    page = ctx.new_page()
    page.goto(base + path)
    page.locator("main").wait_for(state="attached")
    _settle(page)
    return page


def tv_moments(browser: Any, base: str, scenario: str, check: Check, alternate: bool = False) -> list[str]:
    """The host's TV at each moment of a TV scenario, then with its drawer open, then (where there is
    one) with the last reveal open."""
    api = HostApi(base)
    seen = []
    found = TV_SCENARIOS.get(scenario) or SETUP_SCENARIOS[scenario]
    for i, (moment, code) in enumerate(found(api)):
        for lang, locale in _langs(i, alternate):
            where = f"tv {scenario}/{moment} {lang}"
            host = {f"host_{code}": api.tokens[f"{code}/host"]} if f"{code}/host" in api.tokens else {}
            page = _open(browser, base, "/" if code == "/" else f"/t/{code}/screen?lang={lang}", locale, host, **TV)
            if code == "/":
                page.goto(f"{base}/?lang={lang}")
                _settle(page)
            check(page, where)
            if code != "/":
                page.locator(".tv-drawer-btn").click()
                page.locator("#tv-drawer").wait_for(state="visible")
                _settle(page)
                check(page, where + " +drawer")
                page.keyboard.press("Escape")
                if page.locator(".tv-reveal-btn").count():
                    page.locator(".tv-reveal-btn").first.click()
                    page.locator(".tv-reveal-overlay").wait_for(state="visible")
                    check(page, where + " +reveal")
            page.context.close()
            seen.append(where)
    return seen


def phone_steps(browser: Any, base: str, scenario: str, check: Check, device: dict[str, Any] = PHONE,
                alternate: bool = False) -> list[str]:
    """The deciding phone at every step of a phone scenario (with the part it taps open)."""
    api = HostApi(base)
    seen = []
    for i, step in enumerate(phone_scenarios.SCENARIOS[scenario](api)):
        for lang, locale in _langs(i, alternate):
            where = f"phone {step.name} {lang}"
            page = _open(browser, base, f"/t/{step.code}/seat?lang={lang}", locale,
                         {f"seat_{step.code}": step.token}, **device)
            page.locator(".me-bar").wait_for()
            _settle(page)
            if step.tap:
                page.locator(step.tap).first.click()
                _settle(page)
            check(page, where)
            page.context.close()
            seen.append(where)
    return seen


def other_pages(browser: Any, base: str, scenario: str, check: Check, device: dict[str, Any] = PHONE,
                alternate: bool = False) -> list[str]:
    """For a TV scenario's first moment: the join page, the rules book and its search, the table's
    rules, the log, the story, the replay, a seat's phone and the host's phone; and the start page
    on a phone."""
    api = HostApi(base)
    _moment, code = next(TV_SCENARIOS[scenario](api))
    game = api.http.get(f"{base}/api/tables/{code}", timeout=20).json()["game"]
    seat = next(k for k in api.tokens if k.startswith(f"{code}/") and not k.endswith("/host"))
    seated = {f"seat_{code}": api.tokens[seat]}
    host = {f"host_{code}": api.tokens[f"{code}/host"], **seated}
    pages: list[tuple[str, dict[str, str]]] = [
        ("/", {}), (f"/t/{code}/join", {}), (f"/rules/{game}", {}), (f"/rules/{game}?q=combat", {}),
        (f"/t/{code}/rules", seated), (f"/t/{code}/log", seated), (f"/t/{code}/story", seated),
        (f"/t/{code}/replay", seated), (f"/t/{code}/seat", seated), (f"/t/{code}/seat", host)]
    seen = []
    for i, (path, cookies) in enumerate(pages):
        for lang, locale in _langs(i, alternate):
            sep = "&" if "?" in path else "?"
            who = " host" if f"host_{code}" in cookies else ""
            where = f"page {scenario}{path.replace(code, '')}{who} {lang}"
            page = _open(browser, base, f"{path}{sep}lang={lang}", locale, cookies, **device)
            check(page, where)
            page.context.close()
            seen.append(where)
    return seen


def groups() -> dict[str, tuple[Callable[..., list[str]], str]]:
    """Every unit of the walk: ``tv:<scenario>``, ``phone:<scenario>``, ``pages:<scenario>``."""
    out: dict[str, tuple[Callable[..., list[str]], str]] = {}
    for name in [*TV_SCENARIOS, *SETUP_SCENARIOS]:
        out[f"tv:{name}"] = (tv_moments, name)
    for name in phone_scenarios.SCENARIOS:
        out[f"phone:{name}"] = (phone_steps, name)
    for name in TV_SCENARIOS:
        out[f"pages:{name}"] = (other_pages, name)
    return out


def walk(browser: Any, base: str, check: Check, only: list[str] | None = None) -> Iterator[str]:
    for name, (fn, arg) in groups().items():
        if not only or name in only or name.split(":")[0] in only:
            yield from fn(browser, base, arg, check)


if __name__ == "__main__":
    import json
    import logging
    from collections import Counter

    from playwright.sync_api import sync_playwright

    from tests.browser.axe import IMPACTS, Finding, as_rows, audit, counts
    from tools.tv_scenarios import local_server

    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    args = sys.argv[1:]
    zoom = "--zoom" in args  # instead of axe: the controls out of reach at 320 px (200% zoom)
    if zoom:
        args.remove("--zoom")
    device: dict[str, Any] = ZOOMED
    if "--phone-zoom" in args:  # a 390 px phone at 200%: 195 px
        args.remove("--phone-zoom")
        zoom, device = True, ZOOMED_PHONE
    out_json = None
    if "--json" in args:
        i = args.index("--json")
        out_json = args[i + 1]
        del args[i:i + 2]
    base = local_server()
    found: list[Finding] = []
    loads: list[str] = []

    def check(page: Any, where: str) -> None:
        found.extend(audit(page, where))
        loads.append(where)

    cut: list[str] = []

    def reach(page: Any, where: str) -> None:
        cut.extend(f"{where}: {c}" for c in page.evaluate(UNREACHABLE))
        loads.append(where)

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"])
        if zoom:
            for name, (fn, arg) in groups().items():
                if fn is not tv_moments and (not args or name in args):
                    fn(browser, base, arg, reach, device)
            print(f"{len(loads)} pages at {device['viewport']['width']} px; {len(cut)} controls out of reach")
            print("\n".join(cut))
            sys.exit(0)
        for _ in walk(browser, base, check, args or None):
            pass
        browser.close()
    print(f"{len(loads)} audits; violations per impact: {counts(found)}")
    by_rule = Counter((f.impact, f.rule) for f in found)
    for (impact, rule), n in sorted(by_rule.items(), key=lambda kv: (IMPACTS.index(kv[0][0]), -kv[1])):
        print(f"  {impact:9} {rule:32} {n:4} pages")
    for f in found:
        if f.impact in ("critical", "serious"):
            print(" ", f)
    if out_json:
        Path(out_json).write_text(json.dumps({"audits": loads, "violations": as_rows(found)}, indent=1))
