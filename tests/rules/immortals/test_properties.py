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


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.integers(3, 5), st.lists(st.integers(0, 4), min_size=40, max_size=40))
def test_draft_always_ends_and_counts_every_army(seed, players, choices):
    """p.6-7: whatever the picks, the initial round ends; the board holds exactly the placed groups
    plus 2 dark armies per player, and every conflict card is in one place only."""
    from immortals_helpers import Table

    t = Table(players, seed=seed)
    light = ["elves", "humans", "dwarves", "amazons", "halflings"]
    dark = ["demons", "orcs", "necromancers", "night_elves", "trolls"]
    for i, seat in enumerate(t.state["seats"]):
        t.act(seat, {"type": "choose_tribes", "light": light[i], "dark": dark[i], "light_gold": 1,
                     "light_energy": 1, "dark_gold": 1, "dark_energy": 1, "start": f"{i + 1}-1",
                     "light_groups": "5, 4", "dark_groups": "3"})
    t.host({"type": "start_game"})
    for seat in t.state["seats"]:
        t.act(seat, {"type": "draft_start", "group": 5})
    placed = 5 * players
    k = 0
    for _ in range(200):
        d = t.state["draft"]
        if d["stage"] == "feed":
            break
        if d["stage"] == "pick":
            for seat in t.state["seats"]:
                hand = d["hands"][seat]["cards"]
                t.act(seat, {"type": "answer", "prompt": f"draft-{d['n']}", "value": hand[choices[k % 40] % len(hand)]})
                k += 1
        else:
            seat = d["placer"]
            card = d["picks"][seat]
            group = max(t.player(seat)["groups"])
            action = {"type": "draft_place", "group": group}
            if card.endswith("*"):
                realm, area = card.split(":")[1], card.split(":")[2][0]
                action["wild_as"] = next(f"{area}-{n}" for n in range(1, 6)
                                         if not t.state["board"][f"{realm}:{area}-{n}"]["seat"])
            t.act(seat, action)
            placed += group
    assert t.state["draft"]["stage"] == "feed"
    assert all(not t.player(s)["groups"] for s in t.state["seats"])
    assert sum(c["armies"] for c in t.state["board"].values()) == placed + 2 * players
    held = [c for s in t.state["seats"] for c in t.player(s)["conflict"]]
    assert len(held) == len(set(held)) and not set(held) & set(t.state["deck"])
    assert len(held) + len(t.state["deck"]) == len(CONFLICT)
