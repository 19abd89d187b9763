"""The combat calculator: itemised strength, winner, casualties and retreat legality (seed 000 p.17-21).

Pure functions over a small combat dict (kept in ``state["action"]["combat"]`` by the combat
procedure, ``combat_flow.py``); card abilities count through their read-only hooks
(``abilities.py``); nothing here changes the combat or the board::

    {"attacker": house, "defender": house | None, "neutral": int | None,
     "area": id, "from": id, "castle": bool, "sea": bool,
     "att_units": {"footman": n, "knight": n, "ship": n, "siege": n},
     "def_units": {...}, "def_routed": n,            # routed units add nothing (p.21)
     "march_bonus": n, "defense_bonus": n, "garrison": n,
     "supports": [{"area", "house", "side": "attacker"|"defender"|None, "units": {...}, "bonus": n}],
     "cards": {"attacker": id|None, "defender": id|None},
     "facts": {"stannis_discarded": {side: bool}, "opponent_above": {side: bool}},
     "blade": side | None, "tides": {side: id} }

Every item of strength names its source so the screen can settle an argument across the table.
"""

from __future__ import annotations

from typing import Any

from ...i18n import N_, tr
from . import abilities
from . import house_cards as hc
from .combat_sides import LAND_UNITS as LAND_UNITS
from .combat_sides import SIDES as SIDES
from .combat_sides import UNIT_KINDS as UNIT_KINDS
from .combat_sides import card_of as card_of
from .combat_sides import house_of as house_of
from .combat_sides import house_on as house_on
from .combat_sides import item as item
from .combat_sides import other as other
from .combat_sides import supported as supported
from .data_models import TidesFile, load
from .names import AREAS


def _load_tides() -> dict[str, dict[str, Any]]:
    """The 24-card Tides of Battle deck (seed 000 p.28-29), one entry per face with its count."""
    return load("tides.toml", TidesFile).faces()


TIDES = _load_tides()
TIDES_DECK = [fid for fid, face in TIDES.items() for _ in range(face["count"])]
#: printed unit strengths (seed 000 p.17); a siege engine counts only attacking a castle area
BASE_VALUE = {"footman": 1, "knight": 2, "ship": 1}


def unit_value(kind: str, owner: str | None, side: str, combat: dict[str, Any]) -> int:
    """Strength of one unit fighting or supporting on ``side`` (seed 000 p.17; card texts p.18-19).

    Footman 1, knight 2, ship 1, siege engine 4 only when attacking a castle/stronghold area, else 0;
    then the cards in play change it (Ser Kevan, Victarion raise; Salladhor Saan voids: 0 wins).
    """
    if kind == "siege":
        value = 4 if side == "attacker" and combat.get("castle") else 0
    else:
        value = BASE_VALUE.get(kind, 0)
    for own in SIDES:
        value = abilities.of(combat, own).unit_value(combat, own, kind, owner, side, value)
    if any(abilities.of(combat, own).voids_unit(combat, own, kind, owner) for own in SIDES):
        return 0
    return value


def _units_total(units: dict[str, int], owner: str | None, side: str, combat: dict[str, Any]) -> int:
    return sum(int(n) * unit_value(kind, owner, side, combat) for kind, n in units.items())


def initial_strength(combat: dict[str, Any], side: str) -> list[dict[str, Any]]:
    """Initial combat strength, itemised (seed 000 p.18 step 2): units, order bonus, support, garrison."""
    owner = house_of(combat, side)
    items: list[dict[str, Any]] = []
    if side == "defender" and combat.get("neutral") is not None:
        return [item(N_("Neutral force"), int(combat["neutral"]))]
    units = combat["att_units"] if side == "attacker" else combat["def_units"]
    items.append(item(N_("Units in combat"), _units_total(units, owner, side, combat)))
    if side == "attacker" and combat.get("march_bonus"):
        items.append(item(N_("March order"), int(combat["march_bonus"])))
    if side == "defender" and combat.get("defense_bonus"):
        bonus = int(combat["defense_bonus"])
        items.append(item(N_("Defense order"), bonus))
        items += abilities.of(combat, "defender").defense_items(combat, "defender", bonus)
    if side == "defender" and combat.get("garrison"):
        items.append(item(N_("Garrison"), int(combat["garrison"])))
    for sup in combat.get("supports", []):
        if sup.get("side") != side:
            continue
        value = _units_total(sup["units"], sup["house"], side, combat) + int(sup.get("bonus", 0))
        items.append(item(N_("Support from %(area)s"), value, area=tr(AREAS.get(sup["area"], sup["area"])),
                          house=sup["house"]))
    return items


def card_items(combat: dict[str, Any], side: str) -> list[dict[str, Any]]:
    """The house card's strength and its number-changing ability (seed 000 p.19-20)."""
    c = card_of(combat, side)
    if c is None:
        return []
    printed = abilities.of(combat, other(side)).opponent_strength(combat, other(side), c.strength)
    items = [item(N_("House card %(card)s"), printed, card=tr(hc.CARD_NAMES[c.id]))]
    return items + abilities.of(combat, side).strength_items(combat, side)


def extra_items(combat: dict[str, Any], side: str) -> list[dict[str, Any]]:
    """Valyrian Steel Blade (+1, seed 000 p.19) and the Tides of Battle card (p.28)."""
    items = []
    if combat.get("blade") == side:
        items.append(item(N_("Valyrian Steel Blade"), 1))
    tide = (combat.get("tides") or {}).get(side)
    if tide:
        items.append(item(N_("Tides of Battle"), TIDES[tide]["strength"]))
    return items


def breakdown(combat: dict[str, Any], side: str) -> list[dict[str, Any]]:
    """Every contribution to the side's final strength, in the order of seed 000 p.18-20."""
    items = initial_strength(combat, side)
    if combat.get("neutral") is not None and side == "defender":
        return items
    return items + card_items(combat, side) + extra_items(combat, side)


def total(combat: dict[str, Any], side: str) -> int:
    return sum(i["value"] for i in breakdown(combat, side))


def winner(combat: dict[str, Any], fiefdoms: list[str]) -> str:
    """Higher final strength wins; a tie goes to the better Fiefdoms position (seed 000 p.20).

    Against a neutral force the attacker needs equal or more strength (seed 000 p.26).
    """
    att, dfn = total(combat, "attacker"), total(combat, "defender")
    if combat.get("neutral") is not None:
        return "attacker" if att >= dfn else "defender"
    if att != dfn:
        return "attacker" if att > dfn else "defender"
    a, d = combat["attacker"], combat["defender"]
    rank = {h: i for i, h in enumerate(fiefdoms)}
    return "attacker" if rank.get(a, 99) < rank.get(d, 99) else "defender"


def swords(combat: dict[str, Any], side: str) -> int:
    """Swords of a side: card icons, ability swords and the Tides card (seed 000 p.19-20, p.28)."""
    c = card_of(combat, side)
    n = (c.swords if c else 0) + abilities.of(combat, side).swords(combat, side)
    tide = (combat.get("tides") or {}).get(side)
    return n + (TIDES[tide]["swords"] if tide else 0)


def forts(combat: dict[str, Any], side: str) -> int:
    """Fortifications of a side: card icons, ability forts and the Tides card (seed 000 p.19-20)."""
    c = card_of(combat, side)
    n = (c.forts if c else 0) + abilities.of(combat, side).forts(combat, side)
    tide = (combat.get("tides") or {}).get(side)
    return n + (TIDES[tide]["forts"] if tide else 0)


def skull(combat: dict[str, Any], side: str) -> bool:
    tide = (combat.get("tides") or {}).get(side)
    return bool(tide and TIDES[tide]["skull"])


def casualties(combat: dict[str, Any], win: str) -> dict[str, int]:
    """Units each side must destroy (seed 000 p.20; skulls p.29; Blackfish card text).

    The loser destroys winner's swords minus its own fortifications (never below 0); a skull on
    either Tides card costs the opponent one more unit that fortifications cannot stop. Casualties
    never exceed the side's units that can be chosen (routed units cannot, p.21).
    """
    lose = other(win)
    out = dict.fromkeys(SIDES, 0)
    out[lose] = max(0, swords(combat, win) - forts(combat, lose))
    for side in SIDES:
        if skull(combat, other(side)):
            out[side] += 1
    for side in SIDES:
        if abilities.of(combat, side).spares_units(combat, side) or \
                (side == "defender" and combat.get("neutral") is not None):
            out[side] = 0
        units = combat["att_units"] if side == "attacker" else combat["def_units"]
        out[side] = min(out[side], sum(int(n) for n in units.values()))
    return out


def retreat_choices(units: dict[str, int], candidates: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Areas a defeated defender may retreat to, with how many units fit (seed 000 p.21, p.23).

    ``candidates`` come from the map (adjacent or linked by friendly ships) with ``area``, ``kind``
    (land/sea/port), ``enemy_units``, ``enemy_power``, ``neutral``, ``origin`` (the attack came from
    there) and ``room`` (units that fit under supply, None = no limit). Land units never go to sea or
    ports, ships never to land; never into the attacker's origin, enemy units, an enemy power token
    or a neutral force. When the best area has less room, the excess is destroyed (p.21).
    """
    land = any(units.get(k, 0) for k in LAND_UNITS)
    out = []
    for c in candidates:
        if c.get("origin") or c.get("enemy_units") or c.get("enemy_power") or c.get("neutral"):
            continue
        if land and c["kind"] != "land":
            continue
        if not land and c["kind"] == "land":
            continue
        out.append({"area": c["area"], "room": c.get("room")})
    return out


def retreating_units(units: dict[str, int]) -> dict[str, int]:
    """Siege engines cannot retreat: they are destroyed (seed 000 p.21)."""
    return {k: n for k, n in units.items() if k != "siege" and n}


def auto_casualties(units: dict[str, int], n: int) -> dict[str, int]:
    """When there is no real choice (one kind, or every unit dies), the casualties are obvious."""
    out: dict[str, int] = {}
    for k in ("footman", "ship", "siege", "knight"):
        take = min(n, units.get(k, 0))
        if take:
            out[k] = take
            n -= take
    return out
