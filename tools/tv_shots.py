"""Every TV moment at both TV sizes and in both languages, with the size of its text: for looking at
a layout change before and after (issue #23).

    python tools/tv_shots.py OUTDIR [GAME ...]

Plays the scenarios of tools/tv_scenarios.py (and its setup screens) against an app in a thread,
saves ``OUTDIR/<game>-<moment>-<width>-<lang>.png`` and prints, per picture, the share of text under
16 px and the smallest area name and order on the AGoT map.
"""

import sys
import tempfile
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright
from werkzeug.serving import make_server

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion import create_app  # noqa: E402
from tools.tv_scenarios import SCENARIOS, SETUP_SCENARIOS, Api  # noqa: E402
from tools.tv_text import measure  # noqa: E402

out = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/tv-shots")
only = set(sys.argv[2:])
out.mkdir(parents=True, exist_ok=True)
app = create_app({"DATABASE_URL": "", "DATA_DIR": tempfile.mkdtemp(), "RANDOM_SEED": 11})
server = make_server("127.0.0.1", 0, app, threaded=True)
base = f"http://127.0.0.1:{server.server_port}"
threading.Thread(target=server.serve_forever, daemon=True).start()
api = Api(base)

with sync_playwright() as pw:
    browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"])
    page = browser.new_page()
    for game, scenario in {**SCENARIOS, **SETUP_SCENARIOS}.items():
        if only and game not in only:
            continue
        for moment, code in scenario(api):
            for w, h in ((1920, 1080), (1280, 720)):
                page.set_viewport_size({"width": w, "height": h})
                for lang in ("en", "pt_BR"):
                    url = f"{base}/?lang={lang}" if code == "/" else f"{base}/t/{code}/screen?lang={lang}"
                    page.goto(url)
                    if code == "/":
                        page.evaluate("g => document.querySelector(`details:has(input[name=game][value='${g}'])`).open = true",
                                      moment)
                    else:
                        page.wait_for_selector(".tv-frame")
                    page.wait_for_timeout(400)
                    name = f"{game}-{moment}-{w}-{lang[:2]}"
                    page.screenshot(path=str(out / f"{name}.png"))
                    s = measure(page, 16 if h == 1080 else 12)
                    sh = page.evaluate("document.scrollingElement.scrollHeight")
                    print(f"{name:40s} small {s['share_small']:5.1%}  name {s['min_name']}  order {s['min_order']}"
                          f"  height {sh}/{h}", flush=True)
                    if "-v" in sys.argv[0:1] or len(only) == 1:
                        for i in s["small"][:12]:
                            print(f"     {i['px']:5.1f}px {i['chars']:3d} {i['where']!s:30.30s} {i['text']}")
    browser.close()
server.shutdown()
