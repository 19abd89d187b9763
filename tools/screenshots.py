"""Take README screenshots of the shared screen and a phone, in English and Portuguese.

    python tools/screenshots.py [OUTDIR]

Starts the app in a thread on 127.0.0.1, plays a little on a generic table through the API, then
drives Debian's Chromium (headless) to capture the pages.
"""

import sys
import tempfile
import threading
from pathlib import Path

import requests
from playwright.sync_api import sync_playwright
from werkzeug.serving import make_server

from companion import create_app

out = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots")
out.mkdir(parents=True, exist_ok=True)
app = create_app({"DATABASE_URL": "", "DATA_DIR": tempfile.mkdtemp()})
server = make_server("127.0.0.1", 0, app, threaded=True)
base = f"http://127.0.0.1:{server.server_port}"
app.config["PUBLIC_URL"] = "http://192.168.1.20:8000"
threading.Thread(target=server.serve_forever, daemon=True).start()

t = requests.post(f"{base}/api/tables", json={"game": "generic", "options": {
    "seats": "Red, Blue, Green, Yellow", "counters": "VP, Gold", "shared_counters": "Round"}}).json()
code = t["code"]
names = ["Ana", "Bia", "Caio", "Duda"]
tokens = [requests.post(f"{base}/api/tables/{code}/seats", json={"seat": f"p{i + 1}", "name": n}).json()["token"]
          for i, n in enumerate(names)]


def act(i, action):
    r = requests.post(f"{base}/api/tables/{code}/actions", json=action, headers={"Authorization": f"Bearer {tokens[i]}"})
    assert r.status_code == 200, r.text


for i, vp in enumerate([7, 4, 9, 5]):
    act(i, {"type": "adjust", "seat": f"p{i + 1}", "counter": "VP", "delta": vp})
    act(i, {"type": "adjust", "seat": f"p{i + 1}", "counter": "Gold", "delta": 3 + i})
act(0, {"type": "adjust", "counter": "Round", "delta": 3})
act(1, {"type": "roll", "dice": "2d6"})
act(0, {"type": "open_prompt", "title": "Turn order bid", "kind": "number", "min": 0, "max": 10})
for i, v in enumerate([3, 5, 1, 4]):
    act(i, {"type": "answer", "prompt": "g1", "value": v})
act(2, {"type": "open_prompt", "title": "Play the expansion?", "kind": "choice", "choices": "Yes, No"})
act(0, {"type": "answer", "prompt": "g2", "value": "Yes"})
act(2, {"type": "answer", "prompt": "g2", "value": "Yes"})

with sync_playwright() as pw:
    browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"])
    for lang, loc in [("en", "en-US"), ("pt", "pt-BR")]:
        ctx = browser.new_context(viewport={"width": 1600, "height": 900}, locale=loc)
        page = ctx.new_page()
        page.goto(f"{base}/t/{code}/screen")
        page.wait_for_selector(".game-screen .card")
        page.wait_for_timeout(400)
        page.screenshot(path=str(out / f"screen-{lang}.png"))
        ctx.close()
        ctx = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True,
                                  has_touch=True, locale=loc)
        ctx.add_cookies([{"name": f"seat_{code}", "value": tokens[1], "url": base}])
        page = ctx.new_page()
        page.goto(f"{base}/t/{code}/seat")
        page.wait_for_selector(".me-bar")
        page.wait_for_timeout(400)
        page.screenshot(path=str(out / f"phone-{lang}.png"))
        ctx.close()
    browser.close()
server.shutdown()
print(f"screenshots in {out}")
