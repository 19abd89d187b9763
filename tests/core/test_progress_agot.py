"""Which A Game of Thrones steps are progress only, and for whom (companion.progress, issue #27), on
the engine alone: one house sealing its orders, a bid or its house card is progress for every other
house; the reveal, a changed answer, orders placed in turn order and every open move are not.
tests/api/test_progress_agot.py renders the fragments to prove a patched phone equals a fetched one."""

from __future__ import annotations

import copy
from typing import Any

from companion.basics import RuleError
from companion.engine import Actor, Table, public
from companion.games.agot import board as board_data
from companion.progress import Progress, progress_of

HOUSES = ["baratheon", "lannister", "stark", "greyjoy"]
HOST = Actor(host=True)
ORDERS = {
    "baratheon": {"dragonstone": "consolidate-a", "kingswood": "defense1a", "shipbreaker-bay": "support0a"},
    "lannister": {"lannisport": "march0", "stoney-sept": "support0a", "the-golden-sound": "consolidate-a"},
    "stark": {"winterfell": "consolidate-a", "white-harbor": "defense1a", "the-shivering-sea": "support0a"},
    "greyjoy": {"pyke": "defense1a", "greywater-watch": "consolidate-a", "ironmans-bay": "raid-a",
                "port-of-pyke": "support0a", "riverrun": "defense1b"},
}


def step(t: Table, seat: str | None, action: dict[str, Any]) -> Progress | None:
    old = copy.deepcopy(t.state)
    version = t.act(Actor(seat=seat) if seat else HOST, action)
    return progress_of(t.game, old, t.state, version - 1, version, HOUSES)


def only_actor_fetches(change: Progress | None, actor: str) -> bool:
    return change is not None and change.fetch == {actor} and change.lines == 1


def planning_table() -> Table:
    """Round 1's planning, orders placed together (the setup tests/api/test_agot_action_api.py uses)."""
    t = Table("agot", {"players": 4, "faq_lannister_port_ship": False})
    for h in HOUSES:
        t.join(h, h.title())
    t.act(HOST, {"type": "set_units", "area": "riverrun", "house": "greyjoy", "footman": 1})
    t.act(HOST, {"type": "start"})
    return t


def view(t: Table) -> dict[str, Any]:
    return public(t.game, t.state)


def test_sealed_orders_are_progress_until_the_reveal_and_the_raven_is_not():
    t = planning_table()
    pid = view(t)["planning"]["prompt"]["id"]
    assert view(t)["planning"]["mode"] == "together"
    for h in HOUSES[:-1]:
        assert only_actor_fetches(step(t, h, {"type": "answer", "prompt": pid, "value": {"orders": ORDERS[h]}}), h)
    # changing one's orders rewrites the earlier line ("placed" is superseded): every page fetches
    assert step(t, "stark", {"type": "answer", "prompt": pid, "value": {"orders": ORDERS["stark"]}}) is None
    assert step(t, "greyjoy", {"type": "answer", "prompt": pid, "value": {"orders": ORDERS["greyjoy"]}}) is None
    assert view(t)["planning"]["step"] == "raven"  # the last answer revealed every order
    assert step(t, "lannister", {"type": "raven_swap", "area": "stoney-sept", "token": "support1"}) is None


def test_orders_placed_in_turn_order_are_never_progress():
    """With too few tokens, orders go in turn order (seed 000 p.12) and every asked phone says whom
    it waits for: each answer changes that line, so every phone fetches."""
    t = Table("agot", {"players": 4, "faq_lannister_port_ship": False})
    for h in HOUSES:
        t.join(h, h.title())
    g = t.state["g"]
    empty = [a.id for a in board_data.load().areas.values()
             if a.type == "land" and not a.fort and a.id not in g["units"] and a.id not in g["control"]]
    placed = 0
    for area in empty:  # Greyjoy holds more areas than it has tokens (no castle: no win)
        for kind in ("footman", "knight", "siege"):
            try:
                t.act(HOST, {"type": "set_units", "area": area, "house": "greyjoy", kind: 1})
            except RuleError:
                continue  # no such piece left
            placed += 1
            break
    t.act(HOST, {"type": "start"})
    plan = view(t)["planning"]
    assert placed >= 7 and plan["mode"] == "turn_order"
    for h in view(t)["turn_order"][:-1]:
        assert view(t)["waiting_for"] == [h]
        value = {"orders": ORDERS[h] if h != "greyjoy" else {}}
        assert step(t, h, {"type": "answer", "prompt": plan["prompt"]["id"], "value": value}) is None


def test_a_sealed_house_card_is_progress_and_the_other_moves_of_a_combat_are_not():
    t = planning_table()
    pid = view(t)["planning"]["prompt"]["id"]
    for h in HOUSES:
        t.act(Actor(seat=h), {"type": "answer", "prompt": pid, "value": {"orders": ORDERS[h]}})
    assert step(t, "lannister", {"type": "raven_swap", "area": "stoney-sept", "token": "support1"}) is None
    assert step(t, "greyjoy", {"type": "raid", "from": "ironmans-bay", "target": "the-golden-sound"}) is None
    assert step(t, "lannister", {"type": "march", "from": "lannisport",
                                 "moves": [{"to": "riverrun", "footman": 1, "knight": 1}]}) is None
    assert step(t, "lannister", {"type": "support", "area": "stoney-sept", "side": "attacker"}) is None
    card = t.state["g"]["action"]["combat"]["prompt"]
    change = step(t, "lannister", {"type": "answer", "prompt": card, "value": "tywin-lannister"})
    assert only_actor_fetches(change, "lannister")
    assert change is not None and change.patches("greyjoy")  # the defender's phone too: it shows no "chosen"
    assert step(t, "greyjoy", {"type": "answer", "prompt": card, "value": "euron-crows-eye"}) is None  # reveal


def westeros(cards: tuple[str, str, str]) -> Table:
    """Round 2's Westeros phase with ``cards`` drawn (as tools/tv_scenarios.py ``agot_westeros``)."""
    t = Table("agot", {"players": 4, "decks": "physical"})
    for h in HOUSES:
        t.join(h, h.title())
    t.act(HOST, {"type": "start"})
    t.act(HOST, {"type": "round_done_on_board"})
    for c in cards:
        t.act(HOST, {"type": "draw_card", "card": c})
    return t


def test_clash_of_kings_bids_are_progress_the_reveal_and_the_tie_break_are_not():
    t = westeros(("supply", "clash-of-kings", "storm-of-swords"))
    pid = view(t)["current"]["prompt"]["id"]
    for h in ("stark", "lannister", "baratheon"):
        assert only_actor_fetches(step(t, h, {"type": "answer", "prompt": pid, "value": 1}), h)
    assert step(t, "greyjoy", {"type": "answer", "prompt": pid, "value": 1}) is None  # reveal: a four-way tie
    chooser = view(t)["waiting_for"][0]
    assert step(t, chooser, {"type": "order_ties", "order": HOUSES}) is None
    assert view(t)["current"]["track"] == "fiefdoms"


def test_a_nights_watch_bid_is_progress_until_the_reveal():
    t = westeros(("supply", "last-days-of-summer-ii", "wildlings-attack"))
    pid = view(t)["current"]["prompt"]["id"]
    assert view(t)["current"]["prompt"]["kind"] == "wildlings"
    for h in ("greyjoy", "baratheon", "stark"):
        assert only_actor_fetches(step(t, h, {"type": "answer", "prompt": pid, "value": 2}), h)
    assert step(t, "lannister", {"type": "answer", "prompt": pid, "value": 0}) is None
    assert view(t)["current"]["stage"] == "card"


def test_progress_free_removes_only_who_has_answered():
    t = westeros(("supply", "clash-of-kings", "storm-of-swords"))
    free = t.game.progress_free(view(t))
    assert "waiting_for" not in free and "answered" not in free["current"]["prompt"]
    assert free["current"]["prompt"]["spec"] == view(t)["current"]["prompt"]["spec"]  # the bid's maximum stays
    assert {k: v for k, v in free.items() if k != "current"} == \
        {k: v for k, v in view(t).items() if k not in ("current", "waiting_for")}
    mine = t.game.progress_free(t.game.private_view(t.state["g"], "stark"))
    assert [set(p) for p in mine["prompts"]] == [{"id", "kind", "title", "title_params", "asked", "revealed",
                                                   "closed", "spec", "mine", "asked_me"}]
