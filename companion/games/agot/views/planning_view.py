"""The planning phase as devices see it (seed 000 p.11-13): on the screen who has answered, then the
revealed orders and the Raven's public use; on one phone its areas, its tokens, its own draft and
the Raven's private choice. The rules of the phase are :mod:`..planning`."""

from __future__ import annotations

from typing import Any

from .... import sealed
from ...base import State
from .. import board as board_data
from .. import orders as ot
from ..names import WILDLINGS
from ..options import checks_38
from ..planning import areas_for_orders


def orders_by_house(state: State) -> dict[str, list[dict[str, Any]]]:
    """Revealed orders grouped by house for the screen list (public after the reveal)."""
    out: dict[str, list[dict[str, Any]]] = {}
    for area, o in sorted(state.get("orders", {}).items()):
        tok = ot.TOKENS[o["token"]]
        out.setdefault(o["house"], []).append({"area": area, "token": tok.id, "kind": tok.kind,
                                               "bonus": tok.bonus, "star": tok.star})
    return out


def _token_view(tid: str) -> dict[str, Any]:
    tok = ot.TOKENS[tid]
    return {"token": tok.id, "kind": tok.kind, "bonus": tok.bonus, "star": tok.star}


def public(state: State) -> dict[str, Any]:
    """What the screen shows: who has answered, then the revealed orders and the Raven's public use."""
    plan = state.get("planning")
    if not plan:
        return {}
    view: dict[str, Any] = {"step": plan["step"], "mode": plan["mode"], "round": plan["round"],
                            "restrictions": plan["restrictions"], "stars": plan["stars"],
                            "raven_house": plan["raven"]["house"], "raven_choice": plan["raven"]["choice"]}
    prompt = state.get("prompts", {}).get(plan["prompt"])
    if prompt:
        view["prompt"] = sealed.public(prompt)
        view["prompt"].pop("answers", None)  # the revealed orders are shown below, in board form
        if plan["mode"] == "turn_order" and plan["step"] == "assign":
            # placed in turn, face down: everyone sees where, never which token (seed 000 p.12)
            view["face_down"] = {h: sorted(prompt["answers"][h]["orders"]) for h in view["prompt"]["answered"]}
    if plan["step"] != "assign":
        view["orders"] = orders_by_house(state)
        swap = plan["raven"]["swap"]
        view["swap"] = dict(swap, old_token=_token_view(swap["old"]), new_token=_token_view(swap["new"])) if swap else None
    return view


def private(state: State, seat: str) -> dict[str, Any]:
    """What one phone shows: its areas, its 15 tokens (free or not), its own draft, the Raven choice."""
    plan = state.get("planning")
    if not plan or seat not in state.get("houses", []):
        return {}
    prompt = state.get("prompts", {}).get(plan["prompt"])
    mine = prompt["answers"].get(seat) if prompt else None
    banned = ot.banned_tokens(plan["restrictions"])
    held, more = areas_for_orders(state, seat)
    legacy = not checks_38(state)
    offer = sorted(a for a, h in state.get("control", {}).items() if h == seat and a not in held) if legacy else []
    view: dict[str, Any] = {
        "held": held,
        # controlled areas without units (only tables stored before the checks of issue 38 offer them)
        "offer": offer,
        # the "another area where you have units" row: the mirror's areas with the house's units that
        # need no order (a correction made during the planning); before issue 38, any other area
        "other": sorted(a for a in board_data.load().areas if a not in held and a not in offer) if legacy else more,
        "stars": plan["stars"].get(seat, 0), "short": seat in plan["short"],
        # with too few tokens, the orders the answer needs at least (ot.validate), so the phone never
        # offers to send fewer (issue #37); else every area of ``held`` needs one
        "need": min(ot.usable_count(plan["stars"].get(seat, 0), plan["restrictions"]), len(held) + len(more))
        if seat in plan["short"] else None,
        "tokens": [{"id": t.id, "kind": t.kind, "bonus": t.bonus, "star": t.star, "banned": t.id in banned}
                   for t in ot.TOKENS.values()],
        "draft": mine, "asked": bool(prompt and seat in prompt["asked"]),
    }
    if plan["step"] == "raven" and plan["raven"]["house"] == seat:
        used = [o["token"] for o in state.get("orders", {}).values() if o["house"] == seat]
        peek = plan["raven"]["peek"]
        view["raven"] = {"choice": plan["raven"]["choice"], "peek": peek, "peek_name": WILDLINGS.get(peek or "", ""),
                         "mine": sorted(a for a, o in state.get("orders", {}).items() if o["house"] == seat),
                         # a star token fits if a star is left, or if it replaces a placed star token
                         "free": [t for t in ot.free_tokens(used, plan["stars"][seat], plan["restrictions"])]
                         + [t for t in ot.TOKENS if ot.TOKENS[t].star and t not in used and t not in banned
                            and any(ot.TOKENS[u].star for u in used)
                            and t not in ot.free_tokens(used, plan["stars"][seat], plan["restrictions"])]}
    return view
