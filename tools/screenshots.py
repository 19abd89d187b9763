"""Take the README screenshots: every game's shared screen as a TV (1920x1080), and a phone.

    python tools/screenshots.py [OUTDIR]

Starts the app in a thread on 127.0.0.1, plays each game to a typical moment through the JSON API
(tools/tv_scenarios.py, the same moments the TV layout tests check), then drives Debian's Chromium
(headless) to capture the pages, some in English, some in Portuguese.
"""

import sys
import tempfile
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright
from werkzeug.serving import make_server

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion import create_app  # noqa: E402
from tools.tv_scenarios import SCENARIOS, Api  # noqa: E402

out = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots")
out.mkdir(parents=True, exist_ok=True)
app = create_app({"DATABASE_URL": "", "DATA_DIR": tempfile.mkdtemp(), "RANDOM_SEED": 11})
server = make_server("127.0.0.1", 0, app, threaded=True)
base = f"http://127.0.0.1:{server.server_port}"
app.config["PUBLIC_URL"] = "http://192.168.1.20:8000"
threading.Thread(target=server.serve_forever, daemon=True).start()
api = Api(base)

# (scenario, moment) -> file name and language; the README shows each one, half of them in Portuguese
SHOTS = {("agot", "planning"): ("tv-agot-planning-pt", "pt_BR"), ("agot", "action"): ("tv-agot-action-en", "en"),
         ("agot", "combat"): ("tv-agot-combat-pt", "pt_BR"), ("agot_clash", "clash"): ("tv-agot-clash-en", "en"),
         ("lcg", "challenges"): ("tv-lcg-en", "en"), ("immortals", "planning"): ("tv-immortals-pt", "pt_BR"),
         ("catan_watch", "roll"): ("tv-catan-en", "en"), ("catan_watch", "final_wait"): ("tv-catan-final-wait-pt", "pt_BR"),
         ("catan_watch", "final"): ("tv-catan-final-en", "en"), ("generic", "reveal"): ("tv-generic-pt", "pt_BR")}

with sync_playwright() as pw:
    browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"])
    screen = browser.new_page(viewport={"width": 1920, "height": 1080})
    generic_code = None
    for game, scenario in SCENARIOS.items():
        for moment, code in scenario(api):
            if game == "generic":
                generic_code = code
            name, lang = SHOTS[(game, moment)]
            screen.goto(f"{base}/t/{code}/screen?lang={lang}")
            screen.wait_for_selector(".tv-frame")
            screen.wait_for_timeout(500)
            screen.screenshot(path=str(out / f"{name}.png"))
    # a phone on the generic table (Bia's seat)
    for lang, loc in (("en", "en-US"), ("pt_BR", "pt-BR")):
        ctx = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True,
                                  has_touch=True, locale=loc)
        ctx.add_cookies([{"name": f"seat_{generic_code}", "value": api.tokens[f"{generic_code}/p2"], "url": base}])
        page = ctx.new_page()
        page.goto(f"{base}/t/{generic_code}/seat?lang={lang}")
        page.wait_for_selector(".me-bar")
        page.wait_for_timeout(400)
        page.screenshot(path=str(out / f"phone-{lang[:2]}.png"))
        ctx.close()
    browser.close()
server.shutdown()
print(f"screenshots in {out}")
