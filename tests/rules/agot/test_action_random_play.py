"""Random play through the views: every choice a phone is offered is accepted or refused with a
cited RuleError, never a crash; power tokens always total 20 per house (seed 000 p.2, p.6)."""

from __future__ import annotations

import random

import pytest
from test_action_harness import ctx

from companion.games.agot import GAME, power
from companion.games.agot import orders as ot
from companion.games.agot.views import action_view, planning_view
from companion.games.base import RuleError
from tools.agot_replay import phone_actions


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
        acts = phone_actions(state, house, rng)
        assert acts, f"{house} is waited on but offered nothing"
        rng.shuffle(acts)
        for a in acts:
            try:
                GAME.apply(state, ctx(house, seed=rng.randrange(10**6)), a)
                break
            except RuleError as err:
                assert err.rule
        power.check(state)
        for module in (planning_view, action_view):  # direct calls, so a view error fails here
            module.public(state)
            for h in state["houses"]:
                module.private(state, h)
        for u in state["units"].values():
            assert all(u.get(k, 0) >= 0 for k in ("footman", "knight", "ship", "siege"))
    assert state["phase"] != "action", "the action phase ends"
    assert state["orders"] == {} or state["phase"] == "planning"  # clean-up removed what was left (p.16)
