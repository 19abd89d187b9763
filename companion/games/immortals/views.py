"""What devices see, as pure functions of the state. ``public`` holds nothing secret: no conflict
hand, no planned card before it is turned, no draft hand or pick before the reveal. ``private`` adds
only the seat's own secrets; ``waiting_for`` names whom the table waits on."""

from __future__ import annotations

from typing import Any

from ... import sealed
from . import draft, planning, profile, scoring
from .board import REGIONS, armies_on_board
from .cards import MAGIC, card_location, conflict_realm, is_wild
from .data import REALMS, tribes
from .labels import KINDS, PHASES, SIDES, WINNERS
from .options import ImmortalsOptions
from .perform import tribe_action


def _regions(state: dict[str, Any]) -> list[dict[str, Any]]:
    prof = state["profile"]["regions"]
    out = []
    for rid in REGIONS:
        label = profile.region_label(state["profile"], rid)
        out.append({"id": rid, **label, "values": {r: dict(prof[rid][r]) for r in REALMS},
                    "card": state["region_cards"].get(rid)})
    return out


def _player_public(state: dict[str, Any], seat: str) -> dict[str, Any]:
    p = state["players"][seat]
    plan = p["plan"]
    return {
        "seat": seat,
        "label": state["labels"][seat],
        "color": state["colors"][seat],
        "tribes": {r: (tribes()[t]["name"] if t else None) for r, t in p["tribes"].items()},
        "tribe_ids": dict(p["tribes"]),
        "ready": p["ready"],
        "gold": p["gold"],
        "energy": p["energy"],
        "vp": p["vp"],
        "track": scoring.track(p["vp"]),
        "limbo": dict(p["limbo"]),
        "groups_left": list(p["groups"]),
        "region_cards": [rid for rid, s in state["region_cards"].items() if s == seat],
        "conflict_count": len(p["conflict"]),
        "armies_on_board": armies_on_board(state, seat),
        "spaces": [KINDS[k] for k in p["spaces"]] if p["spaces"] else None,
        "spaces_confirmed": p["spaces_confirmed"],
        "face_down": planning.face_down(plan) if plan else None,
        "revealed": dict(p["revealed"]),
        "passed": p["passed"],
    }


def _draft_public(state: dict[str, Any]) -> dict[str, Any] | None:
    d = state["draft"]
    if not d:
        return None
    return {
        "stage": d["stage"], "n": d["n"], "started": list(d["started"]), "fed": list(d["fed"]),
        "placer": d["placer"], "order": list(d["order"]),
        "picks": dict(d.get("shown") or {}),
        "hand_sizes": {s: len(h["cards"]) for s, h in d["hands"].items()},
        "hand_realms": {s: h["realm"] for s, h in d["hands"].items()},
        "fell": dict(d.get("fell") or {}),
        "inhabitants_fell": d.get("inhabitants_fell"),
        "inhabitants_needed": d["stage"] == "feed" and not ImmortalsOptions.of(state).digital_tower
        and d.get("inhabitants_fell", 0) is None,
    }


def public(state: dict[str, Any]) -> dict[str, Any]:
    prompts = [sealed.public(p) for p in state["prompts"].values()]
    return {
        "phase": state["phase"],
        "phase_label": PHASES[state["phase"]],
        "round": state["round"],
        "rounds": state["rounds"],
        "rounds_by_source": dict(state["rounds_by_source"]),
        "first": state["first"],
        "next_first": state["next_first"],
        "turn": state["turn"],
        "waiting_for": waiting_for(state),
        "seats": list(state["seats"]),
        "players": [_player_public(state, s) for s in state["seats"]],
        "regions": _regions(state),
        "region_names": {rid: state["profile"]["regions"][rid]["name"] for rid in REGIONS},
        "words": {"kinds": KINDS, "sides": SIDES, "winners": WINNERS, "phases": PHASES},
        "board": {k: dict(v) for k, v in state["board"].items()},
        "tray": dict(state["tray"]),
        "tower_inside": sum(state["tower"].values()) if ImmortalsOptions.of(state).digital_tower else None,
        "options": ImmortalsOptions.of(state).dump(),
        "deck_count": len(state["deck"]),
        "discard_count": len(state["discard"]),
        "battle": dict(state["battle"]) if state["battle"] else None,
        "last_battle": state["last_battle"],
        "draft": _draft_public(state),
        "last_scoring": state["last_scoring"],
        "result": state["result"],
        "prompts": prompts[-4:],
    }


def _can(state: dict[str, Any], seat: str) -> list[str]:
    """The actions this seat can take right now, so the phone shows only those."""
    phase = state["phase"]
    p = state["players"][seat]
    can: list[str] = []
    if phase == "setup":
        can.append("choose_tribes")
    elif phase == "draft":
        d = state["draft"]
        if d["stage"] == "start" and seat not in d["started"]:
            can.append("draft_start")
        elif d["stage"] == "pick":
            can.append("answer")
        elif d["stage"] == "place" and d["placer"] == seat:
            can.append("draft_place")
        elif d["stage"] == "feed" and seat not in d["fed"]:
            can.append("feed")
        if d["stage"] == "feed" and not ImmortalsOptions.of(state).digital_tower and d.get("inhabitants_fell", 0) is None:
            can.append("tower_inhabitants")
    elif phase == "reinforce" and state["turn"] == seat:
        can.append("reinforce")
    elif phase == "planning":
        can.append("plan")  # answered with {"type": "answer", "prompt": "plan-<round>"}
    elif phase == "performance":
        b = state["battle"]
        if b and seat in (b["attacker"], b["defender"]):
            can.append("battle_drop" if ImmortalsOptions.of(state).digital_tower else "battle_result")
        elif not b and state["turn"] == seat:
            if p["plan"] and planning.spaces(p["plan"]):
                can.append("perform")
            can.append("pass")
    return can


def _card_info(card: str) -> dict[str, Any]:
    if card.startswith("c:"):
        return {"id": card, "type": "conflict", "realm": conflict_realm(card), "wild": is_wild(card),
                "region": card.split(":")[2]}
    return {"id": card, "type": "other"}


def _tribe_options(state: dict[str, Any], seat: str) -> dict[str, list[dict[str, Any]]]:
    """Tribes for the choice form, with what the profile already knows (printed numbers are public)."""
    taken = {t for s, q in state["players"].items() if s != seat for t in q["tribes"].values() if t}
    out: dict[str, list[dict[str, Any]]] = {r: [] for r in REALMS}
    for tid, t in tribes().items():
        prof = state["profile"]["tribes"][tid]
        out[t["realm"]].append({"id": tid, "name": t["name"], "taken": tid in taken, **prof})
    return out


def _planned(state: dict[str, Any], seat: str, plan: dict[str, Any]) -> list[dict[str, Any]]:
    """The seat's face-down cards with what performing each needs, so the phone shows one form each."""
    p = state["players"][seat]
    out = []
    for space in planning.spaces(plan):
        card = planning.card_at(plan, space)
        entry: dict[str, Any] = {"space": space, "card": card, "location": None, "wild": False, "kind": None}
        if space.startswith("a"):
            kind = planning.space_kind(p, int(space[1:]))
            entry["kind"] = tribe_action(state, seat) if kind == "tribe" else kind
        elif card and card.startswith("m:"):
            entry["kind"] = card[2:]
        if card and card.startswith(("c:", "r:")):
            entry["wild"] = is_wild(card)
            if not entry["wild"]:
                entry["location"] = card_location(card)
                realm, rid = entry["location"].split(":")
                res = (entry["kind"] or "").replace("extract_", "")
                if res in ("gold", "energy"):
                    entry["needs_value"] = state["profile"]["regions"][rid][realm][res] is None
        if entry["kind"] == "build":
            entry["unknown_costs"] = [b for b in ("portal", "temple", "capital")
                                      if all(state["profile"]["tribes"][t]["costs"][b] is None
                                             for t in p["tribes"].values())]
        out.append(entry)
    return out


def private(state: dict[str, Any], seat: str) -> dict[str, Any]:
    p = state["players"][seat]
    plan = p["plan"]
    prompts = [sealed.private(q, seat) for q in sealed.open_for(state, seat)]
    if plan is None:
        for q in prompts:
            if q["kind"] == "plan" and q["mine"]:
                plan = q["mine"]
    d = state["draft"]
    regions = [rid for rid, s in state["region_cards"].items() if s == seat]
    region_choices = [f"r:{rid}:{realm}" for rid in regions for realm in REALMS
                      if state["board"][f"{realm}:{rid}"]["seat"] == seat]
    return {
        "seat": seat,
        "can": _can(state, seat),
        "planned": _planned(state, seat, plan) if state["phase"] == "performance" and plan else [],
        "tribe_options": _tribe_options(state, seat),
        "tribe_flow": tribe_flow(state, seat),
        "space_kinds": list(profile.SPACE_KINDS),
        "placeholder_spaces": profile.PLACEHOLDER_SPACES,
        "resources": {"gold": p["gold"], "energy": p["energy"], "vp": p["vp"], "limbo": dict(p["limbo"])},
        "conflict": [_card_info(c) for c in sorted(p["conflict"])],
        "region_cards": regions,
        "region_choices": region_choices,
        "magic": [f"m:{k}" for k in MAGIC],
        "blanks": 4,
        "spaces": list(p["spaces"] or []),
        "tribe_action": tribe_action(state, seat) if p["tribes"]["dark"] else None,
        "plan": plan,
        "draft_hand": list(d["hands"][seat]["cards"]) if d and seat in d["hands"] else [],
        "draft_pick": (sealed.private(sealed.get(state, f"draft-{d['n']}"), seat)["mine"]
                       if d and d["stage"] == "pick" else None),
        "reinforce_allowance": {r: p["limbo"][r] // 3 for r in REALMS},
        "my_regions": sorted(k for k, c in state["board"].items() if c["seat"] == seat),
        "prompts": prompts,
        "start_region": (state["profile"]["tribes"][p["tribes"]["light"]]["start"] if p["tribes"]["light"] else None),
    }


#: The guided tribe setup, one screen at a time (issue 15): each screen asks one part of what the two
#: tribe boards print; a screen whose answers the profile already holds is done, so a table that
#: starts from a saved profile shows only the tribe choice and the final check.
FLOW_STEPS = ("tribes", "resources", "start", "groups", "check")


def tribe_flow(state: dict[str, Any], seat: str) -> dict[str, Any]:
    """Which screen of the guided tribe setup this seat sees now, and which are done. The last
    screen shows what the profile holds, the optional army spaces and building costs, and saves."""
    p = state["players"][seat]
    light, dark = p["tribes"]["light"], p["tribes"]["dark"]
    prof = state["profile"]["tribes"]
    done: dict[str, bool] = dict.fromkeys(FLOW_STEPS, False)
    done["tribes"] = bool(light and dark)
    if done["tribes"]:
        both = (prof[light], prof[dark])
        done["resources"] = all(t["gold"] is not None and t["energy"] is not None for t in both)
        done["start"] = prof[light]["start"] is not None
        done["groups"] = any(t["groups"] for t in both)
        done["check"] = p["ready"]
    current = next((s for s in FLOW_STEPS if not done[s]), "check")
    return {"steps": [{"id": s, "done": done[s]} for s in FLOW_STEPS], "current": current,
            "number": FLOW_STEPS.index(current) + 1, "of": len(FLOW_STEPS)}


def progress_free(view: dict[str, Any]) -> dict[str, Any]:
    """A view without who has answered, which the phone (seat.html) never shows: ``waiting_for`` and
    the prompts' ``answered``/``waiting`` (a phone shows only its own sealed pick or plan). A draft
    pick or a sealed plan then reaches the other phones as its log line, which names no card
    (companion.progress, issue #27)."""
    out = {k: v for k, v in view.items() if k != "waiting_for"}
    if "prompts" in out:
        out["prompts"] = [sealed.without_progress(p) for p in out["prompts"]]
    return out


def waiting_for(state: dict[str, Any]) -> list[str]:
    """Whom the table waits on now, for the screen and the phones' alerts."""
    phase = state["phase"]
    if phase == "setup":
        return [s for s, p in state["players"].items() if not p["ready"]]
    if phase == "draft":
        d = state["draft"]
        if d["stage"] == "start":
            return [s for s in state["seats"] if s not in d["started"]]
        if d["stage"] == "pick":
            return sealed.waiting(sealed.get(state, f"draft-{d['n']}"))
        if d["stage"] == "place":
            return [d["placer"]] if d["placer"] else []
        unfed = [s for s in state["seats"] if s not in d["fed"]]
        return unfed or (list(state["seats"]) if not draft.feed_done(state) else [])
    if phase == "planning":
        return sealed.waiting(sealed.get(state, f"plan-{state['round']}"))
    if phase == "performance" and state["battle"]:
        b = state["battle"]
        return [b["attacker"]] + ([b["defender"]] if b["defender"] else [])
    if phase in ("reinforce", "performance") and state["turn"]:
        return [state["turn"]]
    return []
