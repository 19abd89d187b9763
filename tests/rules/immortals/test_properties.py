"""Property tests: whatever the players do in a round, secrets stay secret and counters stay sane."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from immortals_helpers import midgame

from companion.games.base import RuleError
from companion.games.immortals import GAME
from companion.games.immortals.cards import CONFLICT

SPACES = [f"a{i}" for i in range(8)] + ["m0", "m1"]
LOCS = ["light:1-1", "light:1-2", "dark:1-1", "dark:2-2"]

step = st.one_of(
    st.fixed_dictionaries({"type": st.just("perform"), "space": st.sampled_from(SPACES),
                           "take": st.sampled_from(["gold", "energy"]),
                           "decline": st.sampled_from(["", "1"]),
                           "from": st.sampled_from(LOCS), "to": st.sampled_from(LOCS),
                           "armies": st.integers(1, 3), "building": st.sampled_from(["portal", "temple"]),
                           "mode": st.sampled_from(["move", "attack"]),
                           "choice": st.sampled_from(["draw", "first", "temple", "dominate"]),
                           "realm": st.sampled_from(["light", "dark"]), "region": st.sampled_from(LOCS),
                           "printed": st.integers(0, 6)}),
    st.fixed_dictionaries({"type": st.just("pass"), "take": st.sampled_from(["gold", "energy"])}),
    st.fixed_dictionaries({"type": st.just("battle_result"),
                           "tray": st.fixed_dictionaries({"p1": st.integers(0, 4), "p2": st.integers(0, 4),
                                                          "inhabitants": st.integers(0, 3)})}),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(step, max_size=25), st.randoms(use_true_random=False))
def test_round_never_leaks_and_never_goes_negative(steps, rnd):
    t = midgame()
    dealt = rnd.sample(CONFLICT, 12)  # each card exists once
    hands = {s: dealt[4 * i:4 * i + 4] for i, s in enumerate(("p1", "p2", "p3"))}
    for seat, (realm, rid) in zip(("p1", "p2", "p3"), (("light", "1-1"), ("light", "1-2"), ("dark", "2-2"))):
        t.put(seat, realm, rid, 4)
        t.player(seat)["conflict"] = list(hands[seat])
        t.player(seat)["limbo"] = {"light": 4, "dark": 4}
        plan = [rnd.choice(hands[seat] + ["blank", None]) for _ in range(8)]
        plan = [c if c is None or c == "blank" or plan.index(c) == i else None for i, c in enumerate(plan)]
        t.player(seat)["plan"] = {"army": plan, "magic": [rnd.choice([None, "m:transition5", "m:conflict_or_first"]), None]}
    hidden = {s: {c for c in t.player(s)["plan"]["army"] if c and c.startswith("c:")} for s in hands}
    for action in steps:
        seat = t.state["turn"] or (t.state["battle"] or {}).get("attacker") or "p1"
        try:
            t.act(seat, dict(action))
        except RuleError:
            pass
        pub = json.dumps(GAME.public_view(t.state))
        for s in hands:
            turned = set(t.player(s)["revealed"].values())
            for card in hidden[s] - turned:
                assert f'"{card}"' not in pub
                for other in hands:
                    if other != s:
                        assert f'"{card}"' not in json.dumps(GAME.private_view(t.state, other))
        for s in hands:
            p = t.player(s)
            assert p["gold"] >= 0 and p["energy"] >= 0 and min(p["limbo"].values()) >= 0
        assert all(c["armies"] >= 0 and (c["armies"] == 0) == (c["seat"] is None) for c in t.state["board"].values())
        if t.state["phase"] != "performance":
            break
