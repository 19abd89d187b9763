"""Untrusted input: any action dict a phone or script could send is either applied or refused with a
cited RuleError; nothing else escapes (design: a rejected action changes nothing and says why)."""

from __future__ import annotations

import copy
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_action_harness import board, ctx

from companion.games.agot import GAME, action, planning
from companion.games.agot.views import action_view, planning_view
from companion.games.base import RuleError
from tools.agot_replay import phone_actions as options

TYPES = ["answer", "raven_swap", "raven_peek", "raven_place", "raven_pass", "raid", "march", "consolidate",
         "muster", "muster_done", "pass_order", "support", "card_ability", "blade", "combat_units"]
FIELDS = ["from", "target", "to", "area", "side", "use", "value", "prompt", "token", "where", "moves",
          "footman", "knight", "ship", "siege", "unit", "upgrade", "track", "card", "muster", "leave_power",
          "m0_to", "m0_footman"]
VALUES = st.one_of(st.none(), st.integers(-5, 30), st.text(max_size=12),
                   st.sampled_from(["riverrun", "the-reach", "blackwater", "harrenhal", "stoney-sept", "attacker",
                                    "defender", "none", "1", "march0", "raid-a", "knight",
                                    "tywin-lannister", "iron_throne", "footman"]),
                   st.lists(st.dictionaries(st.sampled_from(["to", "footman", "ship"]),
                                            st.one_of(st.integers(-2, 5), st.text(max_size=6)), max_size=3),
                            max_size=2),
                   st.dictionaries(st.text(max_size=6), st.text(max_size=6), max_size=3))
ACTIONS = st.builds(lambda t, f: {"type": t, **f}, st.sampled_from(TYPES),
                    st.dictionaries(st.sampled_from(FIELDS), VALUES, max_size=5))
SEATS = st.sampled_from(["lannister", "tyrell", "baratheon", "stark", None])

_BASE = board(6, units={"the-reach": ("tyrell", {"knight": 2}), "blackwater": ("lannister", {"footman": 1}),
                        "stoney-sept": ("lannister", {"footman": 1, "knight": 1}),
                        "harrenhal": ("baratheon", {"knight": 1})},
              orders={"the-reach": ("tyrell", "march+1"), "blackwater": ("lannister", "raid-a"),
                      "stoney-sept": ("lannister", "support0a"), "harrenhal": ("baratheon", "support0a")},
              iron_throne=["tyrell", "lannister", "baratheon", "stark", "martell", "greyjoy"], neutral={})


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(steps=st.lists(st.one_of(st.tuples(SEATS, ACTIONS), st.integers(0, 10**6)), max_size=14))
def test_garbage_is_refused_with_a_citation(steps):
    """Legal moves taken from the phones' own options (integers) are mixed with junk (dicts), so the
    junk reaches combats, card choices and retreats too."""
    state = copy.deepcopy(_BASE)
    for step in steps:
        if isinstance(step, int):
            waiting = GAME.waiting_for(state)
            if not waiting:
                continue
            offered = options(state, waiting[0], random.Random(step))
            if not offered:
                continue
            seat, action = waiting[0], offered[step % len(offered)]
        else:
            seat, action = step
        before = copy.deepcopy(state)
        try:
            GAME.apply(state, ctx(seat, host=seat is None), action)
        except RuleError as err:
            assert err.rule
            state = before  # the server drops the copy of a refused action
        views(state)


def views(state: dict) -> None:
    """Call the planning and action views directly, so an error in one of them fails here."""
    for module in (planning, action):
        module.waiting_for(state)
    for view in (planning_view, action_view):
        view.public(state)
        for h in state["houses"]:
            view.private(state, h)
