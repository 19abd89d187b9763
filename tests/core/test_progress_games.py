"""Which answers are progress only, and for whom (companion.progress, issue #27), in AGoT: The Card
Game, Immortals and Brotherhood of the Watch, on the engine alone; tests/api/test_progress_games.py
renders the fragments to prove a patched phone equals a fetched one."""

from __future__ import annotations

import copy
from typing import Any

from companion.engine import Actor, Table
from companion.progress import Progress, progress_of, spectator_lines


def new_table(game: str, options: dict[str, Any], names: list[str]) -> Table:
    t = Table(game, options)
    for i, name in enumerate(names):
        t.join(f"p{i + 1}", name)
    return t


def step(t: Table, seat: str | None, action: dict[str, Any]) -> Progress | None:
    old = copy.deepcopy(t.state)
    version = t.act(Actor(seat=seat, host=seat is None), action)
    return progress_of(t.game, old, t.state, version - 1, version, list(t.g["seats"]))


# -- AGoT: The Card Game ---------------------------------------------------------------------------
def plot(name: str) -> dict[str, Any]:
    return {"name": name, "gold": 5, "initiative": 3, "claim": 1, "when_revealed": False}


def test_lcg_a_plot_is_progress_for_the_phones_still_choosing_and_the_reveal_never_is():
    t = new_table("lcg", {"players": 4, "autopass_start": "structure"}, ["Ana", "Bia", "Caio", "Duda"])
    change = step(t, "p1", {"type": "answer", "value": plot("Zzq Secret")})
    assert change is not None and change.fetch == {"p1"} and change.lines == 1
    lines = spectator_lines(t.state, change)
    assert [line["msg"] for line in lines] == ["%(who)s chose a plot"] and "Zzq" not in repr(lines)
    # a phone that chose shows whom the table waits on: it fetches when that changes
    assert step(t, "p2", {"type": "answer", "value": plot("B")}).fetch == {"p1", "p2"}
    assert step(t, "p2", {"type": "answer", "value": plot("C")}) is None  # a change rewrites a line
    assert step(t, "p3", {"type": "answer", "value": plot("D")}).fetch == {"p1", "p2", "p3"}
    assert step(t, "p4", {"type": "answer", "value": plot("E")}) is None  # the reveal


def test_lcg_a_dominance_count_is_progress_the_last_one_is_not():
    t = new_table("lcg", {"players": 3, "autopass_start": "structure"}, ["Ana", "Bia", "Caio"])
    t.act(Actor(host=True), {"type": "set_phase", "phase": "dominance"})
    assert step(t, "p2", {"type": "dominance", "strength": 4}).fetch == {"p2"}
    assert step(t, "p1", {"type": "dominance", "strength": 2}).fetch == {"p1", "p2"}
    assert step(t, "p3", {"type": "dominance", "strength": 1}) is None  # the result


def test_lcg_a_countdown_report_changes_nothing_the_other_phones_show():
    """A phone's report at zero (Nothing or Wait) writes no log line and changes no other phone:
    those take an empty patch and fetch nothing, for Nothing and Wait alike (so the kind of event
    tells nobody who waited); the reporter fetches; the last report, which moves the table on, is
    an update for everyone."""
    t = new_table("lcg", {"players": 3}, ["Ana", "Bia", "Caio"])
    rid = t.game.private_view(t.g, "p2")["countdown"]["round"]
    nothing = step(t, "p2", {"type": "pass_ahead", "round": rid})
    waits = step(t, "p3", {"type": "pass_ahead", "round": rid, "wait": "1"})
    assert nothing is not None and nothing.lines == 0 and nothing.fetch == {"p2"}
    assert waits is not None and waits.lines == 0 and waits.fetch == {"p3"}
    assert step(t, "p1", {"type": "pass_ahead", "round": rid}) is None


# -- Immortals -------------------------------------------------------------------------------------
LIGHT, DARK, STARTS = ("elves", "humans", "dwarves"), ("demons", "orcs", "necromancers"), ("1-1", "2-1", "3-1")


def immortals_in_draft() -> Table:
    t = new_table("immortals", {"players": "3"}, ["Ana", "Bia", "Caio"])
    for i, seat in enumerate(("p1", "p2", "p3")):
        t.act(Actor(seat=seat), {"type": "choose_tribes", "light": LIGHT[i], "dark": DARK[i], "light_gold": "3",
                                 "light_energy": "4", "dark_gold": "4", "dark_energy": "5", "light_groups": "4",
                                 "dark_groups": "3", "start": STARTS[i],
                                 "light_spaces": "extract_gold, extract_energy, transition3, build",
                                 "dark_spaces": "attack, move_attack, tribe, attack"})
    t.act(Actor(host=True), {"type": "start_game"})
    for seat in ("p1", "p2", "p3"):
        t.act(Actor(seat=seat), {"type": "draft_start", "group": "4"})
    return t


def test_immortals_a_draft_pick_is_progress_for_every_other_phone_and_the_reveal_never_is():
    t = immortals_in_draft()
    n = t.g["draft"]["n"]
    hands = {s: t.g["draft"]["hands"][s]["cards"] for s in ("p1", "p2", "p3")}
    change = step(t, "p2", {"type": "answer", "prompt": f"draft-{n}", "value": hands["p2"][0]})
    assert change is not None and change.fetch == {"p2"}
    lines = spectator_lines(t.state, change)
    assert [line["msg"] for line in lines] == ["%(who)s picked a card"] and hands["p2"][0] not in repr(lines)
    assert step(t, "p1", {"type": "answer", "prompt": f"draft-{n}", "value": hands["p1"][0]}).fetch == {"p1"}
    assert step(t, "p3", {"type": "answer", "prompt": f"draft-{n}", "value": hands["p3"][0]}) is None


def test_immortals_a_sealed_plan_is_progress_and_the_last_one_is_not():
    t = immortals_in_draft()
    for _ in range(20):  # the initial placement, fed tower, reinforcements: up to the planning
        g = t.g
        if g["phase"] == "planning":
            break
        d = g["draft"]
        if g["phase"] == "reinforce":
            t.act(Actor(seat=g["turn"]), {"type": "reinforce"})
        elif d["stage"] == "pick":
            for s in g["seats"]:
                t.act(Actor(seat=s), {"type": "answer", "prompt": f"draft-{d['n']}", "value": d["hands"][s]["cards"][0]})
        elif d["stage"] == "place":
            card = d["picks"][d["placer"]]
            action = {"type": "draft_place", "group": "3"}
            if card.endswith("*"):
                realm, area = card.split(":")[1], card.split(":")[2][0]
                action["wild_as"] = next(f"{area}-{k}" for k in range(1, 6) if not g["board"][f"{realm}:{area}-{k}"]["seat"])
            t.act(Actor(seat=d["placer"]), action)
        else:
            for s in g["seats"]:
                t.act(Actor(seat=s), {"type": "feed", "light": "2", "dark": "3", "inhabitants": "2"})
    assert t.g["phase"] == "planning"
    pid = f"plan-{t.g['round']}"
    change = step(t, "p1", {"type": "answer", "prompt": pid, "value": {"army": ["blank"], "magic": ["blank"]}})
    assert change is not None and change.fetch == {"p1"}
    assert [line["msg"] for line in spectator_lines(t.state, change)] == ["%(who)s finished planning"]
    assert step(t, "p2", {"type": "answer", "prompt": pid, "value": {"army": ["blank"]}}).fetch == {"p2"}
    assert step(t, "p3", {"type": "answer", "prompt": pid, "value": {"army": []}}) is None  # performance


# -- Brotherhood of the Watch ----------------------------------------------------------------------
def test_catan_watch_hidden_vp_cards_are_progress_and_the_reveal_never_is():
    """tools/tv_scenarios.py's Wall ending: Bia and Caio tie on guards and are asked."""
    t = new_table("catan-watch", {"players": "3", "dice": "physical"}, ["Ana", "Bia", "Caio"])

    def act(seat: str, action: dict[str, Any]) -> None:
        t.act(Actor(seat=seat), action)

    for seat in ("p1", "p2", "p3", "p3", "p2", "p1"):
        act(seat, {"type": "setup_place"})
    for seat, sid in zip(("p1", "p2", "p3"), ("w1", "w2", "w3")):
        act(seat, {"type": "guard", "section": sid})
    act("p1", {"type": "roll", "red": 2, "yellow": 3, "d12": 12})
    act("p1", {"type": "end_turn"})
    act("p2", {"type": "roll", "red": 4, "yellow": 4, "d12": 9})
    act("p2", {"type": "build", "what": "dev"})
    act("p2", {"type": "build", "what": "dev"})
    act("p2", {"type": "end_turn"})
    act("p3", {"type": "build", "what": "dev"})
    for hid in ("s2h1", "s2h2", "s3h1", "s3h2", "s3h3", "s4h1", "s4h2"):
        act("p3", {"type": "correct", "what": "hex", "id": hid, "wildlings": ["normal"]})
    act("p3", {"type": "correct", "what": "clan", "id": "ice_river", "wildlings": ["climber"]})
    act("p3", {"type": "roll", "red": 1, "yellow": 2, "d12": 1})
    assert t.game.waiting_for(t.g) == ["p2", "p3"]
    change = step(t, "p2", {"type": "answer", "prompt": "final-vp", "value": 2})
    assert change is not None and change.fetch == {"p2"}
    assert [line["msg"] for line in spectator_lines(t.state, change)] == ["%(who)s has answered"]
    assert step(t, "p3", {"type": "answer", "prompt": "final-vp", "value": 0}) is None  # the result
