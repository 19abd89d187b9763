"""Screenshots of the story of an AGoT game after 3 rounds (README, docs/screenshots/story-*.png).

    python tools/story_shots.py [OUTDIR]

Plays tools/tv_scenarios.agot_story through the JSON API of the app in a thread on 127.0.0.1, then
Debian's Chromium (headless) captures the story screen (TV and phone), a replay of round 1, and
opens the downloaded story file with the network cut off.
"""

import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tools.tv_scenarios import Api, agot_story, local_server  # noqa: E402

out = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots")
out.mkdir(parents=True, exist_ok=True)
base = local_server()
api = Api(base)
code = [c for _m, c in agot_story(api)][-1]

with sync_playwright() as pw:
    browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"])
    tv = browser.new_page(viewport={"width": 1920, "height": 1080})
    for lang in ("en", "pt_BR"):
        tv.goto(f"{base}/t/{code}/story?lang={lang}")
        tv.screenshot(path=str(out / f"story-agot-{lang}.png"))
    tv.goto(f"{base}/t/{code}/replay?round=1&lang=en")
    tv.wait_for_timeout(600)
    tv.screenshot(path=str(out / "replay-agot-en.png"))
    phone = browser.new_page(viewport={"width": 390, "height": 844}, device_scale_factor=2)
    phone.goto(f"{base}/t/{code}/story?lang=pt_BR")
    phone.screenshot(path=str(out / "story-agot-phone-pt.png"), full_page=True)
    browser.close()
print(f"story screenshots of table {code} in {out}")
