"""What the screen and the phones see. Nothing in this game is secret per seat (cards and hands
stay on the table) except the hidden victory point cards a tied player declares after a Wall
ending (a sealed prompt: only its own phone sees its answer until all are revealed together), and
two things must not leak the future: the balanced dice deck and the digital token pool are shown
only as counts, never their contents."""

from __future__ import annotations

import json
from typing import Any

from ... import sealed
from ..base import State
from . import dice, scoring, turns, wall
from . import profile as prof
from .names import UNVERIFIED_NAMES
from .options import CatanOptions
from .turns import waiting_for as waiting_for


def _hero(state: State, seat: str) -> dict[str, Any]:
    h = state["players"][seat]["hero"]
    card = prof.hero(state["profile"], h["id"]) or {"name": h["id"], "code": ""}
    turn = state["turn"]
    return {"id": h["id"], "name": card["name"], "code": card["code"], "side": h["side"],
            "used_this_turn": h["used_turn"] == turn, "taken_this_turn": h["taken_turn"] == turn,
            "usable": state["phase"] in ("roll", "main") and h["taken_turn"] != turn and h["used_turn"] != turn}


def public(state: State) -> dict[str, Any]:
    p = state["profile"]
    opts = CatanOptions.of(state)
    seats = state["seats"]
    trails_by_clan = {c["id"]: [t["number"] for t in prof.clan_trails(p, c["id"])] for c in p["clans"]}
    hex_names = {h["id"]: h["name"] for h in p["hexes"]}
    sections = []
    for s in p["sections"]:
        clearing = wall.prof_clearing(p, s["clearing"])
        sections.append({
            "id": s["id"], "name": s["name"], "spaces": s["spaces"], "guards": list(state["wall"][s["id"]]),
            "clearing": {"id": clearing["id"], "name": clearing["name"],
                         "wildlings": list(state["clearings"][clearing["id"]]),
                         "trails": [t["number"] for t in p["trails"] if t["clearing"] == clearing["id"]]},
            "hexes": [{"id": h, "name": hex_names[h], "wildlings": list(state["gift"][h])} for h in s["hexes"]],
        })
    total_rolls = sum(state["histogram"].values())
    players = {}
    for seat in seats:
        pl = state["players"][seat]
        players[seat] = {
            "settlements": pl["settlements"], "keeps": pl["keeps"], "roads": pl["roads"],
            "guards_on_wall": scoring.guards_on_wall(state, seat), "guards_supply": pl["guards_supply"],
            "guard_tokens": pl["guard_tokens"], "dev_bought": pl["dev_bought"], "rangers": pl["rangers"],
            "vp_cards": pl["vp_cards"], "vp_parts": scoring.vp_parts(state, seat), "hero": _hero(state, seat),
        }
    held = {pl["hero"]["id"] for pl in state["players"].values()}
    end = state["end"]
    winners = end["winners"] if end else []
    setup = state.get("setup")
    return {
        "phase": state["phase"],
        "turn": state["turn"],
        "active_player": seats[state["active"]] if state["phase"] in ("roll", "main") else None,
        "waiting_for": waiting_for(state),
        "setup": ({"round": setup["round"], "seat": turns.setup_seat(state)} if setup else None),
        "dice": state["dice"],
        "rolls": list(reversed(state["rolls"])),
        "histogram": dict(state["histogram"]),
        "expected": dice.expected(total_rolls),
        "d12_histogram": dict(state["d12_histogram"]),
        # luck per roller: production rolls, 7s, and the average sum (7.0 is what the dice give)
        "luck": {seat: {"rolls": x["rolls"], "sevens": x["sevens"],
                        "average": round(x["total"] / x["rolls"], 1)}
                 for seat, x in state.get("luck", {}).items() if x["rolls"]},
        "balanced_left": len(state["deck"]) if opts.dice == "balanced" else None,
        "clans": {cid: list(line) for cid, line in state["clans"].items()},
        "clan_areas": [{"id": c["id"], "name": c["name"], "camps": c["camps"],
                        "wildlings": list(state["clans"][c["id"]]), "trails": trails_by_clan[c["id"]]}
                       for c in p["clans"]],
        "clearings": {cid: list(w) for cid, w in state["clearings"].items()},
        "wall": {sid: list(o) for sid, o in state["wall"].items()},
        "sections": sections,
        "gift": {h: list(w) for h, w in state["gift"].items() if w},
        "gift_count": wall.gift_count(state),
        "gift_limit": wall.GIFT_LIMIT,
        "breaches": state["breaches"],
        "breaches_to_end": wall.BREACHES_TO_END,
        "frostfangs": sum(state["frostfangs"].values()),
        "frostfangs_by_type": dict(state["frostfangs"]),
        "trails": [dict(t) for t in p["trails"]],
        "vp": {seat: scoring.vp(state, seat) for seat in seats},
        "players": players,
        "longest_road": state["longest_road"],
        "largest_patrol": state["largest_patrol"],
        "heroes_display": [h for h in p["heroes"] if h["id"] not in held],
        "steps": list(state["steps"]),
        "steps_mark": state.get("steps_mark", 0),
        "revealed_tokens": list(reversed(state["revealed"])),
        "tokens": {"mode": opts.tokens, "reserve": sum(state["tokens"]["pool"].values()),
                   "used": sum(state["tokens"]["used"].values())},
        "profile": {"name": p["name"], "unverified": [{"part": u, "label": UNVERIFIED_NAMES[u]}
                                                      for u in p["unverified"]],
                    "frostfangs_side": p["frostfangs_side"]},
        "options": opts.dump(),
        "winner": winners[0] if len(winners) == 1 else None,
        "winners": winners,
        "end": end,
        "end_reason": scoring.END_REASONS[end["reason"]] if end else None,
        # a Wall ending with tied guards: who is asked for hidden VP cards, who answered (never what
        # before the reveal: sealed.public is the gate)
        "final_reveal": (sealed.public(sealed.get(state, end["reveal"]))
                         if end and end.get("reveal") in state.get("prompts", {}) else None),
        # the whole frame for the host's editor (public: it describes the physical board); a
        # correction made after the first guard waits for the next roll (issue 15)
        "profile_json": (json.dumps(state.get("pending_profile") or p, ensure_ascii=False, indent=1)
                         if state["phase"] != "over" else None),
        "frame_pending": bool(state.get("pending_profile")),
        "seats": list(seats),
        "order": turns.order(state),
        "first_seat": state["seats"][state.get("first_seat", 0)],
        "can_pick_first": state["phase"] == "setup" and state["setup"]["round"] == 1 and state["setup"]["i"] == 0,
    }


def private(state: State, seat: str) -> dict[str, Any]:
    """The phone: my hero, guards, VP, and which buttons make sense right now."""
    if seat not in state["players"]:
        return {}
    pl = state["players"][seat]
    phase = state["phase"]
    my_turn = phase in ("roll", "main") and state["seats"][state["active"]] == seat
    my_setup = phase == "setup" and turns.setup_seat(state) == seat
    can: list[str] = []
    if my_setup:
        can.append("setup_place" if state["setup"]["round"] < 3 else "guard")
    if my_turn:
        can += ["roll"] if phase == "roll" else ["build", "guard", "end_turn"]
        can += ["dev", "ranger", "longest_road"]
        if scoring.reveal_counts(state, seat):  # victory point cards only to reach 10 (seed 004 p.2-4)
            can.append("reveal_vp")
    hero = _hero(state, seat)
    if hero["usable"]:
        can.append("hero")
    final = scoring.revealing(state)
    final_vp = None
    if final is not None and seat in final["asked"]:
        can.append("answer")
        final_vp = {**sealed.private(final, seat), "max": final["spec"]["max"][seat]}
    free_sections = [s["id"] for s in state["profile"]["sections"]
                     if len(state["wall"][s["id"]]) < s["spaces"]]
    return {
        "seat": seat,
        "final_vp": final_vp,
        "my_turn": my_turn,
        "my_setup": my_setup,
        "can": can,
        "hero": hero,
        "vp": scoring.vp(state, seat),
        "reveal_counts": scoring.reveal_counts(state, seat) if my_turn else [],
        "vp_parts": scoring.vp_parts(state, seat),
        "guards_on_wall": scoring.guards_on_wall(state, seat),
        "guards_supply": pl["guards_supply"],
        "free_sections": free_sections if pl["guards_supply"] > 0 else [],
        "patrol_next": my_turn and turns.patrol_after_ranger(state, seat),
        "dev_played": my_turn and turns.turn_dev_view(state, seat)["played"],
        "tokens_typed": CatanOptions.of(state).tokens == "physical",
        "pieces_left": {"settlements": 5 - pl["settlements"], "keeps": 4 - pl["keeps"],
                        "roads": 15 - pl["roads"]},  # supply of seed 004 p.3
    }


def progress_free(view: dict[str, Any]) -> dict[str, Any]:
    """A view without what only says who has answered the end's sealed prompt and what the phone
    (seat.html) never shows: ``waiting_for``, the prompts' ``answered``/``waiting`` (a phone shows
    its own answer and "the result waits", nothing about the others) and ``steps_mark`` (the
    screen's fresh-steps mark, moved by every move). One player's hidden victory point cards then
    reach the other phones as its log line, which names no count (companion.progress, issue #27)."""
    out = {k: v for k, v in view.items() if k not in ("waiting_for", "steps_mark")}
    for key in ("final_reveal", "final_vp"):
        if out.get(key):
            out[key] = sealed.without_progress(out[key])
    return out
