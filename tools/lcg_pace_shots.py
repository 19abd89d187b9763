"""Screenshots of the LCG table at its default pace (issue 24): the TV and the phones, both languages.

    python tools/lcg_pace_shots.py [OUTDIR]

A 3-player table with the defaults, played through the JSON API to three moments: the first screen
after sitting down (a run's countdown), the active player's challenge form (a melee), and a run's
countdown after a challenge was declared. Each moment: the TV at 1920x1080, Ana's phone at 390x844.
"""

import sys
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tools.tv_scenarios import Api, local_server  # noqa: E402

out = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/lcg-pace-shots")
out.mkdir(parents=True, exist_ok=True)
base = local_server()
api = Api(base)


def quiet_until(code: str, tok: dict[str, str], stop: Any) -> dict[str, Any]:
    """Every phone says nothing, inputs get a default answer, until ``stop(view)``."""
    for _ in range(300):
        v = api.state(code)
        if stop(v):
            return v
        if v["step"] == "input" and v["event"] == "reveal_plots":
            for i, s in enumerate(tok):
                if s in v["waiting_for"]:
                    api.ok(code, tok[s], {"type": "answer", "value": {"name": f"Plot {i + 1}", "gold": 5,
                                                                       "initiative": 5 - i, "claim": 1}})
        elif v["step"] == "input" and v["event"] == "choose_first":
            api.ok(code, tok[v["waiting_for"][0]], {"type": "first_player", "seat": "p1"})
        elif v["step"] == "input" and v["event"] == "choose_titles":
            seat = v["title_chooser"]
            api.ok(code, tok[seat], {"type": "title", "title": api.me(code, tok[seat])["free_titles"][0]})
        elif v["priority"] and v["box"] == "marshal.actions" and v["priority"] == v["active_player"]:
            api.ok(code, tok[v["priority"]], {"type": "pass"})
        elif v["priority"]:
            for s in tok:
                cd = api.me(code, tok[s])["countdown"]
                if cd:
                    api.http.post(f"{base}/api/tables/{code}/actions", json={"type": "pass_ahead", "round": cd["round"]},
                                  headers={"Authorization": f"Bearer {tok[s]}"}, timeout=20)
        else:
            raise RuntimeError(f"stuck: {v['box']} {v['step']}")
    raise RuntimeError("never stopped")


with sync_playwright() as pw:
    browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"])
    t = api.create("lcg", {"players": 3})
    code = t["code"]
    tok = {f"p{i + 1}": api.join(code, f"p{i + 1}", n) for i, n in enumerate(["Ana", "Bia", "Caio"])}
    moments = [("start", None),
               ("challenge-form", lambda v: bool(v["decision"])),
               ("declared", None)]
    for name, stop in moments:
        if stop:
            quiet_until(code, tok, stop)
        if name == "declared":
            api.ok(code, tok["p1"], {"type": "challenge", "challenge": "military", "opponent": "p2"})
        for lang, loc in (("en", "en-US"), ("pt_BR", "pt-BR")):
            tv = browser.new_page(viewport={"width": 1920, "height": 1080}, locale=loc)
            tv.goto(f"{base}/t/{code}/screen?lang={lang}")
            tv.wait_for_selector(".tv-frame")
            tv.wait_for_timeout(600)
            tv.screenshot(path=str(out / f"tv-{name}-{lang[:2]}.png"))
            tv.close()
            ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                      locale=loc)
            ctx.add_cookies([{"name": f"seat_{code}", "value": tok["p1"], "url": base}])
            page = ctx.new_page()
            page.goto(f"{base}/t/{code}/seat?lang={lang}")
            page.wait_for_selector(".me-bar")
            if page.locator(".lcg-later summary").count():
                page.locator(".lcg-later summary").click()
            page.wait_for_timeout(600)
            page.screenshot(path=str(out / f"phone-{name}-{lang[:2]}.png"))
            ctx.close()
    browser.close()
print(f"screenshots in {out}")
