"""Who stands where in a combat dict (``state["action"]["combat"]``, fields in ``combat_calc.py``):
the two sides, their houses, their house cards, their units and the Iron Throne order between them.

Read-only helpers shared by the calculator, the card abilities and the combat procedure; they sit
below all three so that none of them imports another to ask whose side is whose.
"""

from __future__ import annotations

from typing import Any

from . import house_cards as hc

Combat = dict[str, Any]

SIDES = ("attacker", "defender")
UNIT_KINDS = ("footman", "knight", "ship", "siege")
LAND_UNITS = ("footman", "knight", "siege")


def other(side: str) -> str:
    return "defender" if side == "attacker" else "attacker"


def card_of(combat: Combat, side: str) -> hc.Card | None:
    """The house card this side plays (None before the reveal, after a cancel, or with no card)."""
    cid = (combat.get("cards") or {}).get(side)
    return hc.CARDS.get(cid) if cid else None


def house_of(combat: Combat, side: str) -> str | None:
    return combat["attacker"] if side == "attacker" else combat.get("defender")


def house_on(combat: Combat, side: str) -> str:
    """The house on ``side`` where only a house can be (a card, an ability, a retreat): the neutral
    force of seed 000 p.26 plays no card and takes no decision, so reaching it here is a bug."""
    house = house_of(combat, side)
    if house is None:
        raise LookupError(f"the {side} of combat {combat.get('id')} is the neutral force")
    return house


def units_on(combat: Combat, side: str) -> dict[str, int]:
    """The units fighting on ``side`` (the attacker's are in transit, the defender's in the area)."""
    units: dict[str, int] = combat["att_units"] if side == "attacker" else combat["def_units"]
    return units


def supported(combat: Combat, side: str) -> bool:
    """A side is supported when at least one Support order was declared for it (seed 000 p.17)."""
    return any(s.get("side") == side for s in combat.get("supports", []))


def it_order(state: dict[str, Any], combat: Combat) -> list[str]:
    """The two sides in Iron Throne order: card abilities resolve in that order (seed 000 p.19)."""
    order = state["tracks"]["iron_throne"]
    return sorted(SIDES, key=lambda s: order.index(house_of(combat, s)) if house_of(combat, s) in order else 99)


def item(label: str, value: int, **params: Any) -> dict[str, Any]:
    """One itemised contribution to a side's strength: what it is, its parameters, its value."""
    return {"label": label, "params": params, "value": value}
