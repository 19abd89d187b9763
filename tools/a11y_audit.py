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

#: check(page, where): look at the page as it is now (settled)
Check = Callable[[Any, str], None]


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
    ctx = browser.new_context(locale=locale, **device)
    ctx.add_cookies([{"name": k, "value": v, "url": base} for k, v in cookies.items()])
    page = ctx.new_page()
    page.goto(base + path)
    page.locator("main").wait_for(state="attached")
    _settle(page)
    return page


def tv_moments(browser: Any, base: str, scenario: str, check: Check) -> list[str]:
    """The host's TV at each moment of a TV scenario, then with its drawer open, then (where there is
    one) with the last reveal open."""
    api = HostApi(base)
    seen = []
    found = TV_SCENARIOS.get(scenario) or SETUP_SCENARIOS[scenario]
    for moment, code in found(api):
        for lang, locale in LANGS:
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


def phone_steps(browser: Any, base: str, scenario: str, check: Check) -> list[str]:
    """The deciding phone at every step of a phone scenario (with the part it taps open)."""
    api = HostApi(base)
    seen = []
    for step in phone_scenarios.SCENARIOS[scenario](api):
        for lang, locale in LANGS:
            where = f"phone {step.name} {lang}"
            page = _open(browser, base, f"/t/{step.code}/seat?lang={lang}", locale,
                         {f"seat_{step.code}": step.token}, **PHONE)
            page.locator(".me-bar").wait_for()
            _settle(page)
            if step.tap:
                page.locator(step.tap).first.click()
                _settle(page)
            check(page, where)
            page.context.close()
            seen.append(where)
    return seen


def other_pages(browser: Any, base: str, scenario: str, check: Check) -> list[str]:
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
    for lang, locale in LANGS:
        for path, cookies in pages:
            sep = "&" if "?" in path else "?"
            who = " host" if f"host_{code}" in cookies else ""
            where = f"page {scenario}{path.replace(code, '')}{who} {lang}"
            page = _open(browser, base, f"{path}{sep}lang={lang}", locale, cookies, **PHONE)
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

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"])
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
