"""Restart cost: how long after a restart does each table answer, with long AGoT logs on disk?

Builds one 4-player A Game of Thrones table played for ten rounds through the table service
(every Westeros prompt answered by the seats, orders played on the physical board), copies its
event log to ``--tables`` tables, then opens the database as a restarted server would (an empty
state cache) and times the first read of every table (which replays its log, or starts from the
newest snapshot when the code keeps them).

    python bench/restart.py --tables 100 [--postgres]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time

from flask import Flask
from sqlalchemy import text

from companion import create_app, snapshots
from companion.games.agot import GAME, flow
from companion.tables import Tables, Viewer


def answer_everything(svc: Tables, code: str, rng: random.Random) -> None:
    """Answer whatever the AGoT table waits for, as its seats would, until nothing is pending."""
    for _ in range(100):
        s = svc.snapshot(code).state["g"]
        cur = flow.current(s)
        if cur is None:
            return
        house = next(iter(GAME.waiting_for(s)))
        todo = GAME.private_view(s, house)["todo"]
        view = GAME.private_view(s, house)
        if todo == "bid":
            action = {"type": "answer", "prompt": cur["pid"], "value": rng.randint(0, s["power"][house]["available"])}
        elif todo == "order_ties":
            bids = cur["tie"]["bids"]
            action = {"type": "order_ties", "order": sorted(bids, key=lambda h: (-bids[h], rng.random()))}
        elif todo == "wildling_tie":
            action = {"type": "choose", "value": rng.choice(cur["tied"])}
        elif todo == "wildling_task":
            ask = cur["tasks"][0]["ask"]
            live = GAME.public_view(s)["current"]["task"]["ask"]
            if ask["kind"] == "units" and live["removed"] < live["due"]:
                area = sorted(a for a, u in s["units"].items() if u["house"] == house)[0]
                unit = next(k for k in ("footman", "knight", "siege", "ship") if s["units"][area].get(k))
                action = {"type": "remove_units", "area": area, "unit": unit}
            elif ask["kind"] == "swap" and live["done"] < live["need"]:
                action = {"type": "choose", "value": rng.choice(live["areas"])}
            elif ask["kind"] in ("confirm", "units", "swap"):
                action = {"type": "confirm"}
            else:
                action = {"type": "choose", "value": rng.choice(ask["choices"])}
        elif todo == "muster":
            action = {"type": "muster_done"}
        elif todo == "choose":
            action = {"type": "choose", "value": rng.choice(cur["choices"])}
        elif todo == "confirm_ports":
            action = {"type": "confirm_ports", "ports": cur["suggested"][house]}
        elif todo == "reduce_armies":
            area = view["supply"]["armies"][0]["area"]
            unit = next(k for k in ("footman", "knight", "siege", "ship") if s["units"][area].get(k))
            action = {"type": "remove_units", "area": area, "unit": unit}
        else:
            raise SystemExit(f"the bench does not know how to answer {todo!r}")
        svc.act(code, Viewer(seat=house), action)
    raise SystemExit("the table never settled")


def build(app: Flask, tables: int) -> list[str]:
    svc = app.extensions["companion.tables"]
    rng = random.Random(7)
    code, _host = svc.create("agot", {"players": 4})
    for house in GAME.seats(svc.snapshot(code).options):
        svc.join(code, house.id, house.id.title())
    host = Viewer(host=True)
    svc.act(code, host, {"type": "start"})
    for _rnd in range(2, 11):
        svc.act(code, host, {"type": "round_done_on_board"})
        answer_everything(svc, code, rng)
        if svc.snapshot(code).state["g"]["phase"] == "ended":
            break
    codes = [code]
    with svc.db.write() as s:  # the same log under other codes: replays identically
        for i in range(1, tables):
            new = f"Z{i:04d}"
            s.execute(text("INSERT INTO game_table (code, game_id, options, host_hash, version, created_at, "
                           "updated_at, rules_version) SELECT :new, game_id, options, host_hash, version, "
                           "created_at, updated_at, rules_version FROM game_table WHERE code = :c"),
                      {"new": new, "c": code})
            s.execute(text("INSERT INTO event (table_code, seq, kind, actor, action, rng_seed, created_at) "
                           "SELECT :new, seq, kind, actor, action, rng_seed, created_at FROM event "
                           "WHERE table_code = :c"), {"new": new, "c": code})
            codes.append(new)
    return codes


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tables", type=int, default=100)
    ap.add_argument("--postgres", action="store_true", help="use DATABASE_URL instead of a new SQLite file")
    ap.add_argument("--every", type=int, default=snapshots.EVERY,
                    help="snapshot interval in events (the server's default: %(default)s)")
    args = ap.parse_args()
    snapshots.EVERY = args.every
    config = {"DATABASE_URL": os.environ["DATABASE_URL"]} if args.postgres else \
        {"DATABASE_URL": "", "DATA_DIR": tempfile.mkdtemp()}
    t0 = time.perf_counter()
    app = create_app(config)
    codes = build(app, args.tables)
    svc = app.extensions["companion.tables"]
    with svc.db.read() as s:
        events = s.execute(text("SELECT count(*) FROM event WHERE table_code = :c"), {"c": codes[0]}).one()[0]
    print(f"built {len(codes)} AGoT tables of {events} events each in {time.perf_counter() - t0:.1f} s")
    svc.db.dispose()

    for label in ("restart 1 (copied logs have no snapshot yet)", "restart 2 (from the snapshots restart 1 left)"):
        t0 = time.perf_counter()
        app = create_app(config)  # a restarted server: nothing in memory
        ready = time.perf_counter() - t0
        svc = app.extensions["companion.tables"]
        per_table = []
        for code in codes:
            t = time.perf_counter()
            svc.snapshot(code)
            per_table.append(time.perf_counter() - t)
        total = sum(per_table)
        print(f"{label}: server ready in {ready * 1000:.0f} ms; first read of each table: "
              f"p50 {statistics.median(per_table) * 1000:.0f} ms, max {max(per_table) * 1000:.0f} ms, "
              f"all {len(codes)} tables {total:.2f} s ({total / len(codes) * 1000:.0f} ms per table)")
        t = time.perf_counter()
        for code in codes:
            svc.snapshot(code)
        print(f"  second read (cached): {(time.perf_counter() - t) / len(codes) * 1000:.2f} ms per table")
        svc.db.dispose()
    return 0


if __name__ == "__main__":
    sys.exit(main())
