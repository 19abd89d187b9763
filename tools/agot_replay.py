"""Replay digests of random AGoT action phases: a stored table must replay to the very same states
after a rules change (issue 38: new checks apply to new tables; old ones keep what they were played with).

    .venv/bin/python tools/agot_replay.py record [--tables 100] [--out FILE]   # once, before a change
    .venv/bin/python tools/agot_replay.py check [FILE]                         # after it

``record`` plays ``--tables`` rounds, each from the setup through the planning phase (secret orders,
Messenger Raven) to the end of its action phase, with the engine exactly as the server runs it
(:class:`companion.engine.Table`). Every choice comes from what the phones are shown, plus, now and
then, an input a phone never offers but the JSON API could send (an order in an area without the
house's units, a planning answer naming another prompt, the Raven's second ability, a host
correction of a house card chosen in secret, a march of units the mirror gives to another house):
the very inputs a later rules change may refuse, so a stored table that holds them is the test.
The file keeps each table's events (what the store keeps) and a digest of the state after every
event. ``check`` replays the events with today's code (:func:`companion.engine.replay_one`, an
undo by a full replay, as the server does) and compares every digest.

The digest covers the game state without its ``options`` (a table's options are its setup input;
an option added later appears there with its legacy value) and the kind of every log line (an old
action that no longer applies shows as a ``skipped`` line).
"""

from __future__ import annotations

import hashlib
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.engine import EngineState, Event, Table, initial_state, replay, replay_one  # noqa: E402
from companion.games import get as get_game  # noqa: E402
from companion.games.agot import GAME  # noqa: E402
from companion.games.agot import board as board_data  # noqa: E402
from companion.games.agot import orders as ot  # noqa: E402
from companion.games.base import Actor, RuleError  # noqa: E402
from tools import recording  # noqa: E402

DEFAULT = ROOT / "tests" / "data" / "agot-action-phases.json.gz"
#: inputs no phone offers that the API accepted when the file was recorded (counted per table)
HOLES = ("extra_area", "wrong_prompt", "raven_both", "card_discard", "foreign_march")
MAX_STEPS = 400


def digest(state: EngineState) -> str:
    """The state after one event: the game state without its options, and each log line's kind."""
    g = {k: v for k, v in state["g"].items() if k != "options"}
    shape = [[e.get("seq"), e.get("kind")] for e in state["log"]]
    blob = json.dumps({"g": g, "log": shape}, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()[:16]


# -- choices from what a phone is shown -----------------------------------------------------------
def phone_actions(state: dict[str, Any], house: str, rng: random.Random) -> list[dict[str, Any]]:
    """Action-phase actions built only from what the phone of ``house`` is shown."""
    me = GAME.private_view(state, house).get("action", {})
    out: list[dict[str, Any]] = []
    combat = me.get("combat") or {}
    d = combat.get("decide")
    if d:
        kind = d["kind"]
        if kind == "support":
            out += [{"type": "support", "area": d["area"], "side": s} for s in d["sides"]]
        elif kind == "card":
            out += [{"type": "answer", "prompt": d["prompt"], "value": c} for c in d["hand"]]
        elif kind == "blade":
            out += [{"type": "blade", "use": u} for u in ("1", "")]
        elif kind == "retreat":
            out += [{"type": "card_ability", "area": a} for a in d["targets"]]
        elif kind == "casualties":
            dead = [k for k, n in d["units"].items() for _ in range(n)]
            rng.shuffle(dead)
            pick: dict[str, int] = {}
            for k in dead[:d["count"]]:
                pick[k] = pick.get(k, 0) + 1
            out.append({"type": "card_ability", **pick})
        else:
            targets = d.get("targets") or []
            out.append({"type": "card_ability", "use": "", "track": "fiefdoms"})
            out += [{"type": "card_ability", "use": "1", "area": t, "card": t, "track": "iron_throne"} for t in targets]
            if kind in ("doran", "renly", "tyrion", "aeron"):
                out.append({"type": "card_ability", "use": "1", "track": "kings_court"})
    for r in me.get("raids", []):
        out += [{"type": "raid", "from": r["from"], "target": t} for t in r["targets"] + [""]]
    for m in me.get("marches", []):
        units = {k: n for k, n in m["units"].items() if k != "house" and n}
        for to in m["to"]:
            out.append({"type": "march", "from": m["from"], "moves": [{"to": to, **units}],
                        "leave_power": rng.choice(["", "1"])})
        out.append({"type": "pass_order", "from": m["from"]})
    for c in me.get("consolidates", []):
        out.append({"type": "consolidate", "from": c["from"]})
        if c["can_muster"]:
            out.append({"type": "consolidate", "from": c["from"], "muster": "1"})
    if me.get("muster"):
        out += [{"type": "muster", "unit": u} for u in ("footman", "knight", "siege")]
        out += [{"type": "muster", "unit": "ship", "to": t} for t in me["muster"]["ship_to"]]
        out.append({"type": "muster_done"})
    return out


class Recorder:
    """One table played at random; :attr:`holes` counts the off-phone inputs it accepted."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.seed = seed
        self.table = Table("agot", {"players": 3 + seed % 4, "tides": bool(seed % 2)}, seed=seed)
        self.digests = [digest(self.table.state)]
        self.holes = dict.fromkeys(HOLES, 0)

    @property
    def g(self) -> dict[str, Any]:
        return self.table.g

    def act(self, actor: Actor, action: dict[str, Any], hole: str | None = None) -> bool:
        try:
            self.table.act(actor, action)
        except RuleError:
            return False
        self.digests.append(digest(self.table.state))
        if hole:
            self.holes[hole] += 1
        return True

    def undo(self) -> None:
        try:
            self.table.undo()
        except RuleError:
            return
        self.digests.append(digest(self.table.state))

    # -- planning --------------------------------------------------------------------------------
    def _orders(self, house: str) -> tuple[dict[str, Any], str | None]:
        me = GAME.private_view(self.g, house)["planning"]
        free = [t["id"] for t in me["tokens"] if not t["banned"]]
        held = list(me["held"])
        hole = None
        if self.rng.random() < 0.3:  # an area the mirror shows empty: no phone row offers it today
            empty = sorted(a for a in board_data.load().areas
                           if a not in held and not (self.g["units"].get(a) or {}).get("house"))
            if empty:
                held.append(self.rng.choice(empty))
                hole = "extra_area"
        for _ in range(50):
            pick = self.rng.sample(free, min(len(held), len(free)))
            if sum(ot.TOKENS[t].star for t in pick) <= me["stars"]:
                break
        orders = dict(zip(held, pick))
        extra = [a for a in orders if a not in me["held"]]
        return {"orders": orders, "extra": extra}, (hole if extra else None)

    def plan(self) -> None:
        """Every asked house answers (some twice); then the Raven holder acts."""
        for _ in range(40):
            if self.g["phase"] != "planning" or self.g["planning"]["step"] != "assign":
                break
            waiting = GAME.waiting_for(self.g)
            house = self.rng.choice(waiting)
            value, hole = self._orders(house)
            pid = self.g["planning"]["prompt"]
            action: dict[str, Any] = {"type": "answer", "prompt": pid, "value": value}
            roll = self.rng.random()
            if roll < 0.15:
                action["prompt"], hole = "orders-r9-99", hole or "wrong_prompt"
            elif roll < 0.25:
                del action["prompt"]
                hole = hole or "wrong_prompt"
            if not self.act(Actor(seat=house), action, hole):
                value, _hole = self._orders(house)
                self.act(Actor(seat=house), {"type": "answer", "prompt": pid, "value": {"orders": value["orders"]}})
        if self.g["phase"] == "planning" and self.g["planning"]["step"] == "raven":
            self.raven()

    def raven(self) -> None:
        house = self.g["planning"]["raven"]["house"]
        who = Actor(seat=house)
        mine = sorted(a for a, o in self.g["orders"].items() if o["house"] == house)
        way = self.rng.choice(("pass", "swap", "peek", "both"))
        if way in ("peek", "both"):
            self.act(who, {"type": "raven_peek"})
        if way in ("swap", "both") and mine:
            free = GAME.private_view(self.g, house)["planning"].get("raven", {}).get("free") or \
                [t for t in ot.TOKENS if t not in {o["token"] for o in self.g["orders"].values() if o["house"] == house}]
            for _ in range(10):
                swap = {"type": "raven_swap", "area": self.rng.choice(mine), "token": self.rng.choice(free)}
                if self.act(who, swap, "raven_both" if way == "both" else None):
                    return
        if self.g["phase"] == "planning" and self.g["planning"]["raven"]["choice"] == "peek":
            self.act(who, {"type": "raven_place", "where": self.rng.choice(("top", "bottom"))})
        if self.g["phase"] == "planning":
            self.act(who, {"type": "raven_pass"})

    # -- action phase ----------------------------------------------------------------------------
    def _card_hole(self) -> None:
        """The host moves a house card the attacker or defender has chosen in secret to its discards."""
        c = (self.g.get("action") or {}).get("combat")
        if not c or c["step"] != "cards" or not c.get("prompt"):
            return
        answers = self.g["prompts"][c["prompt"]]["answers"]
        if answers and self.rng.random() < 0.5:
            chosen = self.rng.choice(sorted(answers.values()))
            self.act(Actor(host=True), {"type": "set_house_card", "house_card": chosen, "place": "discard"},
                     "card_discard")

    def _foreign_march(self, house: str) -> None:
        """A seat's correction gives its march source to another house, then it marches those units."""
        marches = GAME.private_view(self.g, house).get("action", {}).get("marches") or []
        others = [h for h in self.g["houses"] if h != house]
        if not marches or not others:
            return
        m = self.rng.choice(marches)
        units = {k: n for k, n in (self.g["units"].get(m["from"]) or {}).items() if k != "house" and n}
        if not units:
            return
        self.act(Actor(seat=house), {"type": "set_units", "area": m["from"], "house": self.rng.choice(others), **units})
        again = GAME.private_view(self.g, house).get("action", {}).get("marches") or []
        for row in again:
            if row["from"] == m["from"] and row["to"]:
                move = {"to": self.rng.choice(row["to"]), **units}
                self.act(Actor(seat=house), {"type": "march", "from": m["from"], "moves": [move]}, "foreign_march")
                return

    def action_phase(self) -> None:
        for _ in range(MAX_STEPS):
            if self.g["phase"] != "action":
                return
            waiting = GAME.waiting_for(self.g)
            if not waiting:
                return
            house = waiting[0]
            self._card_hole()
            if self.g["action"]["step"] == "march" and not self.g["action"]["combat"] and self.rng.random() < 0.05:
                self._foreign_march(house)
                continue
            if self.rng.random() < 0.02:
                self.undo()
                continue
            acts = phone_actions(self.g, house, self.rng)
            self.rng.shuffle(acts)
            if not any(self.act(Actor(seat=house), a) for a in acts):
                self.act(Actor(seat=house), {"type": "round_done_on_board"})
                self.act(Actor(host=True), {"type": "round_done_on_board"})
                return

    def scramble(self) -> None:
        """The host corrects the mirror of a few areas, as a table mid-game would look: houses
        meet, so the action phase has combats (and the house-card choice) to replay."""
        b = board_data.load()
        for _ in range(12):
            held = sorted(a for a, u in self.g["units"].items() if u.get("house"))
            aid = self.rng.choice(sorted({n for a in held for n in b.area(a).adjacent}))
            kind = b.area(aid).type
            units = {"ship": self.rng.randint(1, 2)} if kind in ("sea", "port") else \
                {"footman": self.rng.randint(1, 2), "knight": self.rng.randint(0, 1)}
            self.act(Actor(host=True), {"type": "set_units", "area": aid, "house": self.rng.choice(self.g["houses"]),
                                        **units})

    def play(self) -> dict[str, Any]:
        self.scramble()
        self.act(Actor(host=True), {"type": "start"})
        self.plan()
        self.action_phase()
        return {"seed": self.seed, "holes": self.holes, "digests": self.digests,
                "events": [[e.seq, e.kind, e.actor, e.action, e.seed] for e in self.table.events]}


# -- check -----------------------------------------------------------------------------------------
def replay_digests(events: list[list[Any]]) -> list[str]:
    """The digest after every event of a stored log, replayed with today's code as the server does."""
    game = get_game("agot")
    assert game is not None
    log = [Event(seq=s, kind=k, actor=a, action=act, seed=seed) for s, k, a, act, seed in events]
    state = initial_state(game, log[0].action["options"], log[0].seed)
    out = [digest(state)]
    for i, event in enumerate(log[1:], 1):
        state = replay(game, log[:i + 1]) if event.kind == "undo" else replay_one(game, state, event)
        out.append(digest(state))
    return out


def load(path: Path = DEFAULT) -> dict[str, Any]:
    return recording.load(path)


def mismatches(data: dict[str, Any]) -> list[tuple[int, int]]:
    """(table seed, first event index whose digest differs) for every table that replays differently."""
    out = []
    for table in data["tables"]:
        now = replay_digests(table["events"])
        first = next((i for i, (a, b) in enumerate(zip(now, table["digests"], strict=True)) if a != b), None)
        if first is not None:
            out.append((table["seed"], first))
    return out


def _commit() -> str:
    try:
        return subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True,
                              check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def main() -> None:
    args = recording.arguments(__doc__, DEFAULT)
    if args.cmd == "record":
        tables = [Recorder(seed).play() for seed in range(1, args.tables + 1)]
        data: dict[str, Any] = {"recorded_at": _commit(), "tables": tables}
        recording.save(args.out, data)
        holes = {h: sum(int(t["holes"][h]) for t in tables) for h in HOLES}
        print(f"{len(tables)} action phases, {sum(len(t['events']) for t in tables)} events; "
              f"off-phone inputs accepted: {holes} -> {args.out}")
        return
    data = load(args.file)
    bad = mismatches(data)
    events = sum(len(t["events"]) for t in data["tables"])
    print(f"{len(data['tables'])} action phases recorded at {data['recorded_at'][:10]}, {events} events: "
          f"{len(data['tables']) - len(bad)} replay to the same digests" + (f"; differ: {bad}" if bad else ""))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
