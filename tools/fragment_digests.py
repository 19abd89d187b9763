"""Digests of a generic table's fragments at every version, to show that a change to how the
fragments are rendered left every byte alone (issue 41).

A generic table (six seats with two counters each and a shared counter; the first phone is also the
host) plays two bids, a vote, two rolls and some counter moves through the JSON API; after every
action the screen's and each phone's fragment are fetched in English and in Portuguese, and hashed.
Run it on two trees and compare the last line (or the listing, with ``--list``):

    PYTHONPATH=. python tools/fragment_digests.py [--list]
"""

from __future__ import annotations

import argparse
import hashlib
import os
import sys
import tempfile
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from companion import create_app  # noqa: E402

SEATS = 6
LANGS = ("en", "pt_BR")


def actions() -> list[tuple[int, dict[str, Any]]]:
    """(phone index, action), played in order."""
    out: list[tuple[int, dict[str, Any]]] = [
        (0, {"type": "adjust", "counter": "VP", "seat": "p1", "delta": 2}),
        (0, {"type": "open_prompt", "title": "Turn <order> & bid", "kind": "number", "min": 0, "max": 12})]
    out += [(i, {"type": "answer", "prompt": "g1", "value": (3 * i) % 13}) for i in range(SEATS)]
    out += [(2, {"type": "roll", "dice": "2d6"}),
            (1, {"type": "open_prompt", "title": "Who \"goes\" first?", "kind": "choice", "choices": "Ana, Bia, Caio"})]
    out += [(i, {"type": "answer", "prompt": "g2", "value": ["Ana", "Bia", "Caio"][i % 3]}) for i in range(SEATS)]
    out += [(3, {"type": "adjust", "counter": "Round", "delta": 1}),
            (4, {"type": "roll", "dice": "1d20+2"}),
            (5, {"type": "open_prompt", "title": "Gold", "kind": "number", "min": -5, "max": 50})]
    out += [(i, {"type": "answer", "prompt": "g3", "value": 7 * i - 5}) for i in range(SEATS - 1)]
    out += [(5, {"type": "answer", "prompt": "g3", "value": 11}), (0, {"type": "adjust", "counter": "Gold",
                                                                          "seat": "p1", "delta": -1})]
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--list", action="store_true", help="print every fragment's digest")
    args = ap.parse_args()
    os.environ.update(COMPANION_CONNECTIONS_PER_SOURCE="0", COMPANION_TABLE_LIMIT="100000 per minute")
    app = create_app({"DATABASE_URL": "", "DATA_DIR": tempfile.mkdtemp(), "TESTING": True,
                      "RANDOM_SEED": 20261122})
    api = app.test_client()
    r = api.post("/api/tables", json={"game": "generic", "options": {
        "seats": "Red, Blue, Green, Yellow, <i>Pink</i>, Grey", "counters": "VP, Gold",
        "shared_counters": "Round"}})
    made = r.get_json()
    code, host = made["code"], made["host_token"]
    names = ["Ana", "Bia", "Caio", "Duda", "Eve & <b>Co</b>", "Fábio"]
    tokens = [api.post(f"/api/tables/{code}/seats", json={"seat": f"p{i + 1}", "name": names[i]}).get_json()["token"]
              for i in range(SEATS)]
    devices = []
    for lang in LANGS:
        screen = app.test_client()
        devices.append((f"screen/{lang}", screen, "screen", lang))
        for i, token in enumerate(tokens):
            phone = app.test_client()
            phone.set_cookie(f"seat_{code}", token)
            if i == 0:
                phone.set_cookie(f"host_{code}", host)
            devices.append((f"p{i + 1}/{lang}", phone, "seat", lang))
    total = hashlib.sha256()
    count = 0
    for step, (who, action) in enumerate(actions()):
        r = api.post(f"/api/tables/{code}/actions", json=action, headers={"Authorization": f"Bearer {tokens[who]}"})
        assert r.status_code == 200, r.get_json()
        for name, dev, frag, lang in devices:
            r = dev.get(f"/t/{code}/frag/{frag}?lang={lang}")
            assert r.status_code == 200
            body = r.get_data()
            body = body.replace(code.encode(), b"CODE")  # the room code is random
            digest = hashlib.sha256(body).hexdigest()
            total.update(digest.encode())
            count += 1
            if args.list:
                print(f"{step:2} {name:12} {digest[:16]} {len(body)}")
    print(f"{count} fragments, digest {total.hexdigest()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
