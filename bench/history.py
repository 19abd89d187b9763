"""The story's cost: replaying a log for the history against the engine's own replay, same run.

    .venv/bin/python bench/history.py [--repeat 5]

Plays the 3-round AGoT game of ``tools/tv_scenarios.agot_story`` through the Flask test client,
then times (best of ``--repeat``) ``engine.replay`` of its log and ``history.tell`` of the same log.
The ratio is what the history adds over the replay the server already does when a table is
rebuilt; the server keeps the last few stories per table version (``Tables.story``).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import cast

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion import create_app, engine, history  # noqa: E402
from tests.api.test_history_api import ScenarioRecorder  # noqa: E402
from tools.tv_scenarios import Api, agot_story  # noqa: E402


def best(f: Callable[[], object], n: int) -> float:
    out = float("inf")
    for _ in range(n):
        start = time.perf_counter()
        f()
        out = min(out, time.perf_counter() - start)
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    app = create_app({"DATABASE_URL": "", "DATA_DIR": tempfile.mkdtemp(), "TESTING": True, "RANDOM_SEED": 3})
    api = ScenarioRecorder(app.test_client())
    code = [c for _m, c in agot_story(cast(Api, api))][-1]  # the test client speaks the same calls
    svc = app.extensions["companion.tables"]
    snap = svc.snapshot(code)
    events = [svc.event_of(r) for r in svc.event_rows(code)]
    replay = best(lambda: engine.replay(snap.game, events), args.repeat)
    told = best(lambda: history.tell(snap.game, events), args.repeat)
    print(f"{len(events)} events: engine.replay {replay * 1000:.1f} ms, history.tell {told * 1000:.1f} ms, "
          f"ratio {told / replay:.2f}; load average {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
