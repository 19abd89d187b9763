"""Random play through the views: every choice a phone is offered is accepted or refused with a
cited RuleError, never a crash; power tokens always total 20 per house (seed 000 p.2, p.6)."""

from __future__ import annotations

import random

import pytest
from test_action_harness import ctx

from companion.games.agot import GAME, action, planning, power
from companion.games.agot import orders as ot
from companion.games.base import RuleError


def planned(seed: int, players: int) -> dict:
    rng = random.Random(seed)
    state = GAME.setup(GAME.normalize_options({"players": players, "tides": bool(seed % 2)}), ctx(host=True))
    GAME.apply(state, ctx(host=True), {"type": "start"})
    pid = state["planning"]["prompt"]
    for house in list(state["prompts"][pid]["asked"]):
        me = GAME.private_view(state, house)["planning"]
        free = [t["id"] for t in me["tokens"] if not t["banned"]]
        for _ in range(50):
            pick = rng.sample(free, len(me["held"]))
            if sum(ot.TOKENS[t].star for t in pick) <= me["stars"]:
                break
        GAME.apply(state, ctx(house), {"type": "answer", "prompt": pid,
                                       "value": {"orders": dict(zip(me["held"], pick))}})
    GAME.apply(state, ctx(state["planning"]["raven"]["house"]), {"type": "raven_pass"})
    return state


def options(state: dict, house: str, rng: random.Random) -> list[dict]:
    """Actions built only from what the phone of ``house`` is shown."""
    me = GAME.private_view(state, house).get("action", {})
    out: list[dict] = []
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
            units = [k for k, n in d["units"].items() for _ in range(n)]
            rng.shuffle(units)
            pick: dict = {}
            for k in units[:d["count"]]:
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


@pytest.mark.parametrize("seed,players", [(s, p) for s in range(1, 5) for p in (3, 4, 5, 6)])
def test_random_action_phase_never_crashes(seed, players):
    rng = random.Random(seed)
    state = planned(seed, players)
    for _ in range(400):
        if state["phase"] != "action":
            break
        waiting = GAME.waiting_for(state)
        assert waiting, "the action phase always says whom it waits for"
        house = waiting[0]
        acts = options(state, house, rng)
        assert acts, f"{house} is waited on but offered nothing"
        rng.shuffle(acts)
        for a in acts:
            try:
                GAME.apply(state, ctx(house, seed=rng.randrange(10**6)), a)
                break
            except RuleError as err:
                assert err.rule
        power.check(state)
        for module in (planning, action):  # direct calls, so a view error fails here
            module.public(state)
            for h in state["houses"]:
                module.private(state, h)
        for u in state["units"].values():
            assert all(u.get(k, 0) >= 0 for k in ("footman", "knight", "ship", "siege"))
    assert state["phase"] != "action", "the action phase ends"
    assert state["orders"] == {} or state["phase"] == "planning"  # clean-up removed what was left (p.16)
