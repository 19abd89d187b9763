"""What the screens see of a running combat: the public combat panel and each phone's decision.

Built field by field from the combat dict, so nothing secret (a chosen card before the reveal, the
Tides of Battle cards before the result) reaches another device early (seed 000 p.19, p.28).
"""

from __future__ import annotations

from typing import Any

from .... import sealed
from ...base import State
from .. import abilities
from .. import house_cards as hc
from ..combat_calc import SIDES, breakdown, card_of, house_of, initial_strength, retreating_units, total
from ..combat_retreat import loser_of, retreat_options
from ..combat_sides import Combat, units_on


def public(state: State) -> dict[str, Any] | None:
    """The combat panel: built field by field so nothing secret (chosen card, Tides) leaks early."""
    c = state.get("action", {}).get("combat")
    if not c:
        return None
    revealed = c["step"] not in ("support", "cards")
    view = {k: c[k] for k in ("id", "attacker", "defender", "neutral", "area", "from", "att_units", "def_units",
                              "supports", "step", "garrison", "march_bonus", "defense_bonus", "notes")}
    view["queue"] = [dict(q) for q in c["queue"]]
    view["initial"] = {s: initial_strength(c, s) for s in SIDES}
    view["pending"] = [{"kind": p["kind"], "house": house_of(c, p["side"]), "side": p["side"]}
                       for p in c["pending"]] if c["step"] == "ability" else []
    if revealed:
        view["cards"] = {s: (card.name if (card := card_of(c, s)) else None) for s in SIDES}
        view["card_ids"] = dict(c["cards"])
        view["card_texts"] = {s: abilities.of(c, s).text for s in SIDES}
        view["breakdown"] = {s: breakdown(c, s) for s in SIDES}
        view["totals"] = {s: total(c, s) for s in SIDES}
    if c.get("result"):
        view["result"] = c["result"]
        view["tides"] = dict(c["tides"])
    if c.get("blade_stage") == "plus" and not c.get("result"):
        view["tides"] = dict(c["tides"])
    view["blade_holder"] = c.get("blade_asked") if c["step"] == "blade" else None
    return view


def _card_choice(state: State, c: Combat, seat: str) -> dict[str, Any] | None:
    """The sealed house-card choice of one side: its own hand, minus a card it may not pick again."""
    prompt = state["prompts"][c["prompt"]]
    side = "attacker" if seat == c["attacker"] else "defender"
    if seat not in prompt["asked"]:
        return None
    hand = [x for x in hc.hands(state)[seat]["hand"] if x not in c.get("exclude", {}).get(side, [])]
    return {"kind": "card", "prompt": c["prompt"], "mine": sealed.private(prompt, seat)["mine"],
            "hand": hand,
            "info": {x: {"strength": hc.CARDS[x].strength, "swords": hc.CARDS[x].swords,
                         "forts": hc.CARDS[x].forts, "text": abilities.for_card(x).text} for x in hand}}


def _pending_decision(state: State, c: Combat, p: dict[str, Any]) -> dict[str, Any]:
    """The pending decision on its owner's phone: what it is and what may be picked."""
    d: dict[str, Any] = {"kind": p["kind"]}
    targets = abilities.by_key(p["kind"]).targets(state, c, p["side"])
    if targets is not None:
        d["targets"] = targets
    if p["kind"] == "retreat":
        loser = loser_of(p)
        opts = retreat_options(state, c, loser)
        d["targets"] = [o["area"] for o in opts]
        moving = retreating_units(units_on(c, loser))
        if opts and opts[0]["room"] < sum(moving.values()):
            d["keep"] = opts[0]["room"]  # supply cuts the retreat: the phone picks the survivors
            d["units"] = moving
        d["loser"] = house_of(c, loser)
    if p["kind"] == "port":
        d["area"], d["max"] = p["area"], p["max"]
    if p["kind"] == "casualties":
        d["count"] = p["count"]
        d["units"] = units_on(c, p["side"])
    return d


def private(state: State, seat: str) -> dict[str, Any] | None:
    """What this house decides in the combat: support, its card (own hand), an ability, the Blade."""
    c = state.get("action", {}).get("combat")
    if not c:
        return None
    view: dict[str, Any] = {"decide": None}
    if c["step"] == "support" and c["queue"] and c["queue"][0]["house"] == seat:
        head = c["queue"][0]
        sides = ["attacker", "defender", "none"]
        if c["neutral"] is not None:
            sides = ["attacker", "none"]
        if seat in (c["attacker"], c["defender"]):
            sides = ["attacker" if seat == c["attacker"] else "defender", "none"]
        view["decide"] = {"kind": "support", "area": head["area"], "sides": sides}
    if c["step"] == "cards" and seat in (c["attacker"], c["defender"]):
        view["decide"] = _card_choice(state, c, seat)
    if c["step"] == "ability" and c["pending"] and house_of(c, c["pending"][0]["side"]) == seat:
        view["decide"] = _pending_decision(state, c, c["pending"][0])
    if c["step"] == "blade" and c.get("blade_asked") == seat:
        view["decide"] = {"kind": "blade", "tides": c["tides_enabled"] and c.get("blade_stage") != "plus"}
    if c.get("tides_hidden") and not c.get("result") and seat in (c["attacker"], c["defender"]):
        view["my_tide"] = c["tides_hidden"]["attacker" if seat == c["attacker"] else "defender"]
    return view

