"""Replay digests of random play for the games whose handlers read their validated parameter model
(issue 40; Immortals and AGoT recorded before their handlers were moved): the same actions, valid and malformed mixed, must give the very same states after a
change in how moves read their fields.

    .venv/bin/python tools/move_digests.py record [--tables 100] [--out FILE]   # once, before a change
    .venv/bin/python tools/move_digests.py check [FILE]                         # after it

``record`` plays ``--tables`` tables per game with the engine exactly as the server runs it
(:class:`companion.engine.Table`): each step a random seat (or the host) sends a random move whose
fields are drawn from values that fit and values that do not (an empty form field, a word for a
number, a JSON ``true``, a number out of range), so most are refused and the rest move the game on.
The file keeps every step (actor, action, event seed) and what followed it: a digest of the game
state after an accepted action, or ``refused``. ``check`` replays the steps with today's code and
compares every outcome (which refusal message is said is not compared: a field checked earlier may
now be named first; whether it is refused is).
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.engine import Table  # noqa: E402
from companion.games.base import Actor, RuleError  # noqa: E402
from tools import recording  # noqa: E402

DEFAULT = ROOT / "tests" / "data" / "move-digests.json.gz"
Action = dict[str, Any]
SEATS = ["p1", "p2", "p3"]
BAD: tuple[Any, ...] = ("", None, "x", -1, 999, True, 2.5)


def pick(rng: random.Random, *good: Any) -> Any:
    """A field's value: one that fits (three times as likely) or one that does not."""
    return rng.choice(list(good) * 3 + list(BAD))


def few(rng: random.Random, *good: Any) -> Any:
    """A field of a move with many fields: one that does not fit only now and then (one in 25)."""
    return rng.choice(BAD) if rng.random() < 0.04 else rng.choice(good)


def generic(rng: random.Random, g: dict[str, Any]) -> Action:
    pid = f"g{rng.randint(1, 4)}"
    return rng.choice([
        {"type": "adjust", "counter": pick(rng, "VP", "Wood", "Round"), "seat": pick(rng, *SEATS),
         "delta": pick(rng, 1, -3, "2", 1200)},
        {"type": "set", "counter": pick(rng, "VP", "Round"), "seat": pick(rng, *SEATS), "value": pick(rng, 5, 20000)},
        {"type": "roll", "dice": pick(rng, "2d6", "d20", "3d6+2", "0d6")},
        {"type": "open_prompt", "title": pick(rng, "Bid", 2025), "kind": pick(rng, "number", "choice"),
         "min": pick(rng, 0, "1", 99999), "max": pick(rng, 5, "9", -20000), "choices": pick(rng, "Yes, No", "One"),
         "seats": pick(rng, "p1, p2", ["p1", "p3"], "p9")},
        {"type": "answer", "prompt": pid, "value": pick(rng, 3, "4", "Yes", "No", 7)},
        {"type": "cancel_prompt", "prompt": pid},
    ])


def _tokens(rng: random.Random, n: int) -> Action:
    wild, clans = ("normal", "climber", "giant"), ("ice_river", "cave_people", "hornfoot")
    if rng.random() < 0.3:
        return {"token_wildling[]": [pick(rng, *wild) for _ in range(n)], "token_clan[]": [pick(rng, *clans) for _ in range(n)]}
    return {"tokens": [{"wildling": rng.choice(wild), "clan": rng.choice(clans)} for _ in range(rng.choice([n, n, n + 1]))]}


def catan(rng: random.Random, g: dict[str, Any]) -> Action:
    what = pick(rng, "settlement", "keep", "road", "dev")
    part = pick(rng, "clan", "clearing", "hex", "section", "frostfangs", "breaches")
    return rng.choice([
        {"type": "setup_place"}, {"type": "setup_place"}, {"type": "end_turn"}, {"type": "end_turn"},
        {"type": "first_seat", "seat": pick(rng, *SEATS)},
        {"type": "guard", "section": pick(rng, "w1", "w2", "w3", "w4")},
        {"type": "roll", "red": pick(rng, 1, 3, 6, 7), "yellow": pick(rng, 1, 5), "d12": pick(rng, 1, 8, 12, 13)},
        {"type": "build", "what": what, **_tokens(rng, 2 if what == "keep" else 1)},
        {"type": "ranger", "option": pick(rng, "tormund", "card"), **_tokens(rng, 1)},
        {"type": "reveal_vp", "count": pick(rng, 0, 1, 2, 5, 6), "seat": pick(rng, *SEATS)},
        {"type": "answer", "prompt": pick(rng, "final-vp"), "value": pick(rng, 0, 1, 6)},
        {"type": "longest_road", "holder": pick(rng, *SEATS, "none"), **_tokens(rng, 1)},
        {"type": "hero", "then": pick(rng, "flip", "swap"), "hero": pick(rng, "a1", "a2", "b3", "c1")},
        {"type": "correct", "what": part, "id": pick(rng, "w1", "ice_river", "c1"), "value": pick(rng, 0, 2, 3),
         "normal": pick(rng, 0, 5), "climber": pick(rng, 0, 3), "giant": pick(rng, 1), "wildlings": pick(rng, "normal, giant", ["climber"]),
         "guards": pick(rng, "p1, p2", ["p3"])},
        {"type": "edit_trail", "number": pick(rng, 1, 7, 12, 13), "clan": pick(rng, "none", "ice_river"), "clearing": pick(rng, "c1")},
        {"type": "edit_section", "id": pick(rng, "w1", "w9"), "spaces": pick(rng, 1, 5, 16, 17), "hexes": pick(rng, "A, B")},
        {"type": "verify_profile", "part": pick(rng, "trails", "guard_spaces")}, {"type": "progress"},
    ])


def _plot(rng: random.Random) -> Action:
    return {"name": pick(rng, "A Noble Cause", "Taxation"), "gold": pick(rng, 5, "3", 21), "initiative": pick(rng, 0, 4),
            "claim": pick(rng, 1, 9, 10), "when_revealed": pick(rng, True, "1", "")}


def lcg(rng: random.Random, g: dict[str, Any]) -> Action:
    opp = g.get("opp") if isinstance(g.get("opp"), int | str) else None
    prompt = next(iter(g.get("prompts", {})), "x")
    return rng.choice([
        {"type": "pass", "opp": pick(rng, opp, 0)}, {"type": "pass", "opp": pick(rng, opp)}, {"type": "pass"},
        {"type": "act", "label": pick(rng, "Ambush"), "effect": pick(rng, "cancel", "save")},
        {"type": "answer", "prompt": pick(rng, prompt), "value": _plot(rng)}, {"type": "answer", **_plot(rng)},
        {"type": "first_player", "seat": pick(rng, *SEATS)},
        {"type": "challenge", "challenge": pick(rng, "military", "intrigue", "power"), "opponent": pick(rng, *SEATS)},
        {"type": "finish"},
        {"type": "strength", "attacker": pick(rng, 3, 0, 99, 100), "defender": pick(rng, 2, "5")},
        {"type": "dominance", "strength": pick(rng, 4, 1000), "seat": pick(rng, *SEATS)},
        {"type": "adjust", "field": pick(rng, "gold", "power", "initiative_bonus"), "delta": pick(rng, 1, -2, 100, "-9")},
        {"type": "host_set", "seat": pick(rng, *SEATS), "field": pick(rng, "gold", "claim_bonus"), "value": pick(rng, 5, 10, -9)},
        {"type": "passive", "label": pick(rng, "Reaction")}, {"type": "moribund", "label": pick(rng, "Jaime")},
        {"type": "unmoribund", "index": pick(rng, 0, 1)}, {"type": "order_passives", "order": pick(rng, "0,1", [1, 0])},
        {"type": "add_plot", **_plot(rng)}, {"type": "remove_plot", "index": pick(rng, 0, 3)},
        {"type": "register_plots", "plots": pick(rng, [_plot(rng)], json.dumps([_plot(rng)]), "[oops")},
        {"type": "autopass", "kinds": pick(rng, "act.plot", [])}, {"type": "window_time", "scale": pick(rng, 0, "2", 3)},
        {"type": "reveal_order", "order": pick(rng, "p1,p2", SEATS)},
        {"type": "set_phase", "phase": pick(rng, "plot", "challenges", "taxation")},
        {"type": "set_first", "seat": pick(rng, *SEATS)}, {"type": "skip"},
        {"type": "pass_ahead", "round": pick(rng, opp), "wait": pick(rng, "1", "")},
    ])


LIGHT, DARK = ("elves", "humans", "dwarves", "amazons"), ("demons", "orcs", "necromancers", "trolls")
KINDS = "extract_gold, extract_energy, transition3, build"
REGION_IDS = [f"{a}-{n}" for a in range(1, 6) for n in range(1, 6)]


def _where(rng: random.Random) -> str:
    return f"{rng.choice(['light', 'dark'])}:{rng.choice(REGION_IDS)}"


def _own(g: dict[str, Any], seat: str | None) -> list[str]:
    return [k for k, c in g.get("board", {}).items() if c.get("seat") == seat] or ["light:1-1"]


def _tribes(rng: random.Random, seat: str) -> Action:
    i = SEATS.index(seat)
    action: Action = {"type": "choose_tribes", "light": few(rng, LIGHT[i], LIGHT[3]), "dark": few(rng, DARK[i], DARK[3]),
                      "light_gold": few(rng, 3, "4"), "light_energy": few(rng, 4), "dark_gold": few(rng, 4, 0),
                      "dark_energy": few(rng, 5), "light_groups": few(rng, "4", "10, 6, 2", [4, 3]),
                      "dark_groups": few(rng, "3", [2]), "start": few(rng, f"{i + 1}-1"),
                      "light_spaces": few(rng, KINDS, KINDS.split(", ")),
                      "dark_spaces": few(rng, "attack, move_attack, tribe, attack"),
                      "light_corner": few(rng, 2, 0, ""), "partial": few(rng, "1", "", "yes")}
    if rng.random() < 0.3:
        action.update({"light_cost_temple_energy": few(rng, 2, "2"), "light_cost_portal_gold": few(rng, 1, "")})
    return action


def _plan(rng: random.Random, g: dict[str, Any], seat: str) -> Action:
    p = g["players"][seat]
    cards = [c for c in p.get("conflict", []) if not c.endswith("-*")]
    regions = [f"r:{r}:{rng.choice(['light', 'dark'])}" for r, s in g.get("region_cards", {}).items() if s == seat]
    pool = rng.sample(cards, min(3, len(cards))) + regions[:2] + ["blank", "blank"]
    army = [pool.pop() if pool and rng.random() < 0.6 else None for _ in range(8)]
    if rng.random() < 0.1:
        army[rng.randrange(8)] = army[rng.randrange(8)]  # now and then a card twice
    magic = rng.sample([None, None, "m:transition5", "m:conflict_or_first", "m:dominate_or_temple",
                        "m:conflict2_or_transition2", "blank"], 2)
    prompt = few(rng, f"plan-{g.get('round')}", f"plan-{g.get('round')}", "plan-9")
    if rng.random() < 0.4:  # the phone's form
        return {"type": "answer", "prompt": prompt, **{f"army{i}": c or "" for i, c in enumerate(army)},
                **{f"magic{i}": c or "" for i, c in enumerate(magic)}}
    return {"type": "answer", "prompt": prompt, "value": few(rng, {"army": army, "magic": magic}, {"army": "x"})}


def _place(rng: random.Random, g: dict[str, Any], seat: str | None) -> Action:
    spots = {k: rng.choice([1, 1, 2, "1", 0, -1, "x"]) for k in rng.sample(_own(g, seat), min(2, len(_own(g, seat))))}
    form = rng.random()
    if form < 0.3:
        return {f"place_{k}": v for k, v in spots.items()}
    if form < 0.45:
        return {"place": [f"{k}={v}" for k, v in spots.items()]}
    return {"place": few(rng, spots)}


def _perform(rng: random.Random, g: dict[str, Any], seat: str | None) -> Action:
    own = _own(g, seat)
    plan = (g["players"].get(seat) or {}).get("plan") or {}
    spaces = [f"{row[0]}{i}" for row in ("army", "magic") for i, c in enumerate(plan.get(row) or []) if c]
    return {"type": "perform", "space": few(rng, *spaces, "a0", "m1"),
            "decline": few(rng, "", "", "1"), "take": few(rng, "gold", "energy"), "printed": few(rng, 2, 0, 31),
            "building": few(rng, "portal", "temple", "capital"), "cost_energy": few(rng, 1, 31), "cost_gold": few(rng, 1),
            "from": few(rng, *own), "to": few(rng, _where(rng), *own), "armies": few(rng, 1, 2, 3, 50),
            "mode": few(rng, "move", "attack"), "wild_as": few(rng, "1-2", "2-3", "1-9"),
            "choice": few(rng, "draw", "first", "temple", "dominate", "transition"), "realm": few(rng, "light", "dark"),
            "region": few(rng, *own, _where(rng)), **_place(rng, g, seat)}


def _tray(rng: random.Random, sides: list[str]) -> Action:
    tray = {s: few(rng, 0, 1, 3, 61) for s in sides} | {"inhabitants": few(rng, 0, 2)}
    if rng.random() < 0.4:
        return {f"tray_{k}": v for k, v in tray.items()}
    return {"tray": pick(rng, tray)}


def immortals(rng: random.Random, g: dict[str, Any]) -> Action | tuple[str | None, Action]:
    """A move fitting the phase most of the time (the seat in turn, a card of the hand), made by
    the seat it concerns; corrections and malformed fields mixed in."""
    phase, d = g.get("phase"), g.get("draft") or {}
    turn = g.get("turn") or (g.get("battle") or {}).get(rng.choice(["attacker", "defender"])) or rng.choice(SEATS)
    seat = rng.choice(SEATS)
    fixes: list[tuple[str | None, Action]] = [
        (None, {"type": "set_region", "region": _where(rng), "seat": pick(rng, *SEATS, ""), "armies": pick(rng, 2, 46)}),
        (seat, {"type": "adjust", "field": pick(rng, "gold", "energy", "vp", "limbo_light", "limbo_dark"),
                "delta": pick(rng, 1, -2, 100, "3")}),
        (None, {"type": "adjust", "seat": pick(rng, *SEATS), "field": pick(rng, "vp"), "delta": pick(rng, 2)}),
        (None, {"type": "set_tray", **{s: pick(rng, 0, 1, 61) for s in SEATS}, "inhabitants": pick(rng, 2)}),
        (None, {"type": "set_first", "seat": pick(rng, *SEATS), "when": pick(rng, "now", "next", "")}),
        (None, {"type": "set_turn", "seat": pick(rng, *SEATS)}),
        (None, {"type": "give_card", "region": pick(rng, *REGION_IDS), "seat": pick(rng, *SEATS, "")}),
        (None, {"type": "set_building", "region": _where(rng), "building": pick(rng, "temple", "capital", ""),
                "portal": pick(rng, "1", "")}),
        (None, {"type": "name_region", "region": pick(rng, *REGION_IDS), "name": pick(rng, "Treehome", "")}),
        (None, {"type": "set_region_value", "region": pick(rng, *REGION_IDS), "realm": pick(rng, "light", "dark"),
                "resource": pick(rng, "gold", "energy"), "value": pick(rng, 2, "", 31)}),
        (None, {"type": "edit_region", "region": pick(rng, *REGION_IDS), "name": pick(rng, "Treehome", "Oak", ""),
                "light_gold": pick(rng, 1, ""), "dark_energy": pick(rng, 2, "", 31)}),
        (None, {"type": "name_board", **rng.choice([{"names": pick(rng, {"1-2": "Oak", "1-3": ""})},
                                                    {"name:2-2": pick(rng, "Pine")}, {"names": {"9-9": "x"}}])}),
    ]
    moves: list[tuple[str | None, Action]] = []
    groups = (g.get("players", {}).get(seat) or {}).get("groups") or [4]
    if phase == "setup":
        moves += [(seat, _tribes(rng, seat))] * 16 + [(None, {"type": "start_game"})] * 3
    elif phase == "draft":
        stage = d.get("stage")
        if stage == "start":
            moves += [(seat, {"type": "draft_start", "group": pick(rng, *groups[:2])})] * 20
        elif stage == "pick":
            hand = (d.get("hands", {}).get(seat) or {}).get("cards") or ["x"]
            moves += [(seat, {"type": "answer", "prompt": pick(rng, f"draft-{d.get('n')}"), "value": pick(rng, *hand[:2])})] * 20
        elif stage == "place":
            card = (d.get("picks") or {}).get(d.get("placer")) or "c:light:1-*"
            area, realm = card.split(":")[2][0], card.split(":")[1]
            free = [f"{area}-{n}" for n in range(1, 6) if g["board"].get(f"{realm}:{area}-{n}", {}).get("armies") == 0]
            placer = d.get("placer")
            mine = (g.get("players", {}).get(placer) or {}).get("groups") or [4]
            moves += [(placer, {"type": "draft_place", "group": pick(rng, *mine[:2]),
                                         "wild_as": pick(rng, *free[:2], "1-9")})] * 20
        else:
            hungry = [s for s in SEATS if s not in d.get("fed", [])] or [seat]
            eater = rng.choice(hungry)
            light = min(2, (d.get("fell") or {}).get(eater, 2))
            moves += [(eater, {"type": "feed", "light": few(rng, light, 0, 8), "dark": few(rng, 3, "1"),
                               "inhabitants": few(rng, 2, "", 11)})] * 8
            moves += [(seat, {"type": "tower_inhabitants", "inhabitants": pick(rng, 1, 11)})] * 2
    elif phase == "reinforce":
        moves += [(turn, {"type": "reinforce", "draw": pick(rng, "1", "", "on"), **_place(rng, g, turn)})] * 6
    elif phase == "planning":
        moves += [(seat, _plan(rng, g, seat))] * 8
    elif phase == "performance":
        moves += [(turn, _perform(rng, g, turn))] * 8 + [(turn, {"type": "pass", "take": pick(rng, "gold", "energy")})] * 2
        if g.get("battle"):
            fighter = rng.choice([turn, None])
            moves = [(turn, _perform(rng, g, turn)), (fighter, {"type": "battle_drop"})]
            moves += [(fighter, {"type": "battle_result", **_tray(rng, [g["battle"]["attacker"], g["battle"]["defender"]])})] * 8
    return rng.choice(moves if moves and rng.random() > 0.12 else fixes)


def _agot_orders(rng: random.Random, g: dict[str, Any], house: str) -> Action:
    """A planning answer built from what the house's phone shows (an area it does not hold now and
    then), the prompt or the value malformed now and then."""
    from companion.games.agot import GAME as AGOT
    from companion.games.agot import orders as ot

    me = AGOT.private_view(g, house)["planning"]
    free = [t["id"] for t in me["tokens"] if not t["banned"]]
    held = list(me["held"])
    if rng.random() < 0.2:
        held.append(rng.choice(["winterfell", "the_reach", "sea_of_dorne", "castle_black"]))
    for _ in range(20):
        chosen = rng.sample(free, min(len(held), len(free)))
        if sum(ot.TOKENS[t].star for t in chosen) <= me["stars"]:
            break
    value = {"orders": dict(zip(held, chosen))}
    return {"type": "answer", "prompt": few(rng, g["planning"]["prompt"], "orders-r9-99"),
            "value": few(rng, value, value, {"orders": "x"})}


def _spoil(rng: random.Random, action: Action) -> Action:
    """The action with one of its fields (not its type) replaced by a value that does not fit."""
    keys = [k for k in action if k != "type"]
    if keys and rng.random() < 0.3:
        return {**action, rng.choice(keys): rng.choice(BAD)}
    return action


def agot(rng: random.Random, g: dict[str, Any]) -> Action | tuple[str | None, Action]:
    """A move of the house the table waits for, built from what its phone shows (as
    ``tools/agot_replay.py`` plays), one field spoilt now and then; host and seat corrections with
    fields that fit and fields that do not mixed in."""
    from companion.games.agot import GAME as AGOT
    from tools.agot_replay import phone_actions

    houses = list(g.get("houses") or [])
    waiting = AGOT.waiting_for(g) if g.get("phase") != "setup" else []
    house = rng.choice(houses) if houses else None
    areas = ("winterfell", "the_reach", "kings_landing", "sea_of_dorne", "blackwater_bay", "castle_black", "nowhere")
    units = {"footman": pick(rng, 1, 2, 0), "knight": pick(rng, 0, 1), "ship": pick(rng, 0, 1), "siege": pick(rng, 0)}
    fixes: list[tuple[str | None, Action]] = [
        (None, {"type": "set_units", "area": pick(rng, *areas), "house": pick(rng, *houses, ""), **units}),
        (house, {"type": "set_control", "area": pick(rng, *areas), "house": pick(rng, *houses, "")}),
        (house, {"type": "remove_units", "area": pick(rng, *areas), "unit": pick(rng, "footman", "ship"), "n": pick(rng, 1, "")}),
        (house, {"type": "place_token", "area": pick(rng, *areas)}),
        (None, {"type": "remove_token", "area": pick(rng, *areas), "house": pick(rng, *houses)}),
        (None, {"type": "adjust_power", "house": pick(rng, *houses), "delta": pick(rng, 1, -2, 30)}),
        (None, {"type": "set_neutral", "area": pick(rng, *areas), "strength": pick(rng, -1, 0, 5, 10)}),
        (None, {"type": "set_threat", "value": pick(rng, 2, 4, 13)}),
        (None, {"type": "set_supply", "house": pick(rng, *houses), "value": pick(rng, 1, 3, 7)}),
        (None, {"type": "set_track", "track": pick(rng, "iron_throne", "fiefdoms", "kings_court"),
                "house": pick(rng, *houses), "position": pick(rng, 1, 2, 7)}),
        (None, {"type": "set_track", "track": pick(rng, "fiefdoms"), "order": pick(rng, ", ".join(houses), houses[::-1], "x")}),
        (None, {"type": "set_dominance", "token": pick(rng, "iron_throne", "blade", "raven"), "holder": pick(rng, *houses),
                "used": pick(rng, "1", "")}),
        (None, {"type": "set_round", "value": pick(rng, 1, 2, 11)}),
        (None, {"type": "set_garrison", "area": pick(rng, "winterfell", "dragonstone", "the_reach"), "strength": pick(rng, 0, 2, 10)}),
        (None, {"type": "set_house_card", "house_card": pick(rng, "eddard_stark", "robb_stark", "cersei_lannister"),
                "place": pick(rng, "hand", "discard")}),
    ]
    moves: list[tuple[str | None, Action]] = []
    phase = g.get("phase")
    if phase == "setup":
        moves += [(None, {"type": "start"})]
    elif phase == "planning" and g["planning"].get("step") == "assign" and waiting:
        who = rng.choice(waiting)
        moves += [(who, _agot_orders(rng, g, who))] * 6
    elif phase == "planning" and waiting:
        who = waiting[0]
        moves += [(who, {"type": "raven_pass"}), (who, {"type": "raven_peek"}),
                  (who, {"type": "raven_place", "where": pick(rng, "top", "bottom")}),
                  (who, {"type": "raven_swap", "area": pick(rng, *areas), "token": pick(rng, "march_1", "defense_2")})]
    elif phase == "action" and waiting:
        who = waiting[0]
        acts = phone_actions(g, who, rng)
        moves += [(who, _spoil(rng, a)) for a in acts] or [(who, {"type": "round_done_on_board"})]
        moves += [(rng.choice([who, None]), {"type": "round_done_on_board"})]
    elif waiting:  # Westeros, a bid, a wildling attack: a move the stage allows, its fields from a bank
        who = rng.choice(waiting)
        prompts = [p for p, v in (g.get("prompts") or {}).items() if not v.get("closed")] or ["x"]
        choices = [str(c) for c in ((g.get("current") or {}).get("choices") or [])][:4] or ["a"]
        bank: dict[str, Any] = {
            "prompt": pick(rng, prompts[-1]), "value": pick(rng, 0, 1, 2, "1", *choices, *houses),
            "ports": pick(rng, "", []), "order": pick(rng, ", ".join(houses), houses[::-1]),
            "area": pick(rng, *areas), "unit": pick(rng, "footman", "knight", "ship"), "to": pick(rng, *areas),
            "card": pick(rng, "a-king-beyond-the-wall", "mustering"), "house": pick(rng, *houses)}
        stage = AGOT.stage(g)
        for move in AGOT.moves or ():
            if move.stages and move.allowed_in(stage):
                fields = {k: bank[k] for k in move.params.model_fields if k in bank}
                moves += [(who if move.who != "host" else None, {"type": move.name, **fields})] * 2
    return rng.choice(moves if moves and rng.random() > (0.5 if phase == "setup" else 0.15) else fixes)


#: each game: its options, how many steps a table plays, and its move generator
Mover = Callable[[random.Random, dict[str, Any]], "Action | tuple[str | None, Action]"]
GAMES: dict[str, tuple[Callable[[random.Random], dict[str, Any]], int, Mover]] = {
    "generic": (lambda rng: {"seats": "A, B, C", "counters": "VP, Wood", "shared_counters": "Round"}, 60, generic),
    "catan-watch": (lambda rng: {"players": "3", "dice": rng.choice(["physical", "digital"]), "tokens": "physical"}, 150, catan),
    "lcg": (lambda rng: {"players": "3"}, 200, lcg),
    "immortals": (lambda rng: {"players": "3", "digital_tower": rng.choice([True, False]), "rounds": "2"}, 300, immortals),
    "agot": (lambda rng: {"players": rng.choice(["3", "4", "6"]), "tides": rng.choice([True, False])}, 300, agot),
}


def digest(g: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(g, sort_keys=True, separators=(",", ":")).encode("utf-8")).hexdigest()[:16]


def outcome(table: Table, actor: Actor, action: Action, seed: int) -> str:
    """What one step did: the state's digest, or ``refused`` (nothing changed)."""
    try:
        table.act(actor, action, seed=seed)
    except RuleError:
        return "refused"
    return digest(table.state["g"])


def _table(game: str, options: dict[str, Any], seed: int) -> Table:
    table = Table(game, options, seed=seed)
    if game != "agot":  # AGoT's seats are its houses, played without joining (as tools/agot_replay.py)
        for seat in SEATS:
            table.join(seat, seat.upper())
    return table


def record_game(game: str, tables: int) -> list[dict[str, Any]]:
    """``tables`` random tables of one game. A move generator returns the action (a random seat or
    the host makes it) or ``(seat, action)`` (None: the host) when the move is the seat's to make."""
    options_of, steps, moves = GAMES[game]
    played = []
    for seed in range(tables):
        rng = random.Random(seed)
        options = options_of(rng)
        table = _table(game, options, seed)
        rows = []
        for _ in range(steps):
            who = rng.choice([*SEATS, None])
            made = moves(rng, table.state["g"])
            if isinstance(made, tuple):
                who, action = made
            else:
                action = made
            event_seed = rng.randrange(10**6)
            actor = Actor(seat=who) if who else Actor(host=True)
            rows.append([who, action, event_seed, outcome(table, actor, action, event_seed)])
        played.append({"seed": seed, "options": options, "steps": rows})
    return played


def record(tables: int) -> dict[str, Any]:
    return {game: record_game(game, tables) for game in GAMES}


def mismatches(data: dict[str, Any]) -> list[tuple[str, int, int]]:
    """(game, table seed, step) of every step whose outcome differs from the recording."""
    bad = []
    for game, played in data.items():
        for t in played:
            table = _table(game, t["options"], t["seed"])
            for i, (who, action, event_seed, expected) in enumerate(t["steps"]):
                actor = Actor(seat=who) if who else Actor(host=True)
                if outcome(table, actor, action, event_seed) != expected:
                    bad.append((game, t["seed"], i))
                    break
    return bad


def load(path: Path = DEFAULT) -> dict[str, Any]:
    return recording.load(path)


def main() -> None:
    args = recording.arguments(__doc__, DEFAULT)
    if args.cmd == "record":
        data = record(args.tables)
        recording.save(args.out, data)
        accepted = {g: sum(s[3] != "refused" for t in played for s in t["steps"]) for g, played in data.items()}
        print(f"recorded {args.tables} tables per game; accepted steps: {accepted}")
    else:
        bad = mismatches(load(args.file))
        print("every step as recorded" if not bad else f"{len(bad)} tables differ: {bad[:10]}")
        sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
