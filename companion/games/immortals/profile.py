"""The board profile: region names and printed values, and the tribes' printed numbers.

Nothing here is invented: every number starts empty (``None``) unless a worked example of the
rulebook fixes it, and the table fills in what its components print (issue #6, "Board profile").
A saved profile arrives as untrusted JSON (``options["profile_data"]``) and is validated field by
field; anything unknown is dropped, anything malformed is refused with the field named.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import RuleError
from .board import REGIONS
from .data import BUILDINGS, REALMS, RESOURCES, known_values, region_names, tribes

RULE = "companion: board profile"
#: The kinds an army space can show (seed 001 p.9-11). "tribe" is the dark tribe's own action.
SPACE_KINDS = ("extract_gold", "extract_energy", "transition3", "build", "attack", "move_attack", "tribe")
#: Used only until a player enters its boards' spaces; shown as unconfirmed on every screen.
PLACEHOLDER_SPACES = {
    "light": ["extract_gold", "extract_energy", "transition3", "build"],
    "dark": ["attack", "move_attack", "tribe", "attack"],
}
MAX_VALUE = 30
MAX_NAME = 40


def _empty_region() -> dict[str, Any]:
    return {"name": None, **{r: dict.fromkeys(RESOURCES) for r in REALMS}, "sources": {}}


def _empty_tribe() -> dict[str, Any]:
    return {"gold": None, "energy": None, "costs": dict.fromkeys(BUILDINGS), "groups": None,
            "corner": None, "start": None, "spaces": None}


def default() -> dict[str, Any]:
    """The profile a table gets when none is chosen: names and values all unknown."""
    return {
        "version": 1,
        "regions": {rid: _empty_region() for rid in REGIONS},
        "tribes": {tid: _empty_tribe() for tid in tribes()},
    }


def _int(raw: Any, field: str, lo: int = 0, hi: int = MAX_VALUE, nullable: bool = True) -> int | None:
    if raw is None and nullable:
        return None
    if isinstance(raw, bool) or not isinstance(raw, int) or not lo <= raw <= hi:
        raise RuleError("Profile field %(field)s must be a whole number from %(min)s to %(max)s.", RULE,
                        field=field, min=lo, max=hi)
    return raw


def _name(raw: Any, field: str) -> str | None:
    if raw is None:
        return None
    if not isinstance(raw, str) or len(raw.strip()) > MAX_NAME:
        raise RuleError("Profile field %(field)s must be a short text.", RULE, field=field)
    return raw.strip() or None


def _cost(raw: Any, field: str) -> dict[str, int] | None:
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise RuleError("Profile field %(field)s must give energy and gold.", RULE, field=field)
    return {r: _int(raw.get(r, 0), f"{field}.{r}", nullable=False) or 0 for r in RESOURCES}


def _groups(raw: Any, field: str) -> list[int] | None:
    if raw is None:
        return None
    if not isinstance(raw, list) or not 1 <= len(raw) <= 8:
        raise RuleError("Profile field %(field)s must list 1 to 8 army groups.", RULE, field=field)
    return [int(_int(g, field, 1, 20, nullable=False) or 0) for g in raw]


def _spaces(raw: Any, field: str) -> list[str] | None:
    if raw is None:
        return None
    if not isinstance(raw, list) or len(raw) > 8 or any(k not in SPACE_KINDS for k in raw):
        raise RuleError("Profile field %(field)s must list army space kinds.", RULE, field=field)
    return list(raw)


def _object(value: Any, field: str) -> dict[str, Any]:
    """``value``, which must be a JSON object, else the profile is refused naming ``field``."""
    if not isinstance(value, dict):
        raise RuleError("Profile field %(field)s must be an object.", RULE, field=field)
    return value


def _entries(raw: dict[str, Any], prof: dict[str, Any], part: str) -> Iterator[tuple[str, dict[str, Any], Any]]:
    """The entries of ``raw[part]`` (regions, tribes) that the profile knows, as ``(id, the profile's
    entry to fill, what was sent)``; an unknown id or an entry that is not an object is passed over."""
    for key, sent in _object(raw.get(part, {}), part).items():
        if key in prof[part] and isinstance(sent, dict):
            yield key, prof[part][key], sent


def load(raw: Any) -> dict[str, Any]:
    """Validate a saved profile (untrusted) into a complete one; missing parts stay unknown."""
    prof = default()
    if raw is None:
        return prof
    if not isinstance(raw, dict):
        raise RuleError("A board profile must be a JSON object.", RULE)
    for rid, out, reg in _entries(raw, prof, "regions"):
        out["name"] = _name(reg.get("name"), f"regions.{rid}.name")
        for realm in REALMS:
            vals = _object(reg.get(realm) or {}, f"regions.{rid}.{realm}")
            for res in RESOURCES:
                out[realm][res] = _int(vals.get(res), f"regions.{rid}.{realm}.{res}")
        src = reg.get("sources") or {}
        if isinstance(src, dict):
            out["sources"] = {str(k)[:20]: str(v)[:60] for k, v in list(src.items())[:8]}
    names = [r["name"] for r in prof["regions"].values() if r["name"]]
    if len({n.lower() for n in names}) != len(names):
        raise RuleError("Two regions of the profile have the same name.", RULE)
    for tid, out, t in _entries(raw, prof, "tribes"):
        out["gold"] = _int(t.get("gold"), f"tribes.{tid}.gold")
        out["energy"] = _int(t.get("energy"), f"tribes.{tid}.energy")
        costs = _object(t.get("costs") or {}, f"tribes.{tid}.costs")
        out["costs"] = {b: _cost(costs.get(b), f"tribes.{tid}.costs.{b}") for b in BUILDINGS}
        out["groups"] = _groups(t.get("groups"), f"tribes.{tid}.groups")
        out["corner"] = _int(t.get("corner"), f"tribes.{tid}.corner", 1, 20)
        start = t.get("start")
        out["start"] = start if start in REGIONS else None
        out["spaces"] = _spaces(t.get("spaces"), f"tribes.{tid}.spaces")
    return prof


def name_region(prof: dict[str, Any], rid: str, name: str | None) -> list[dict[str, Any]]:
    """Give a region slot its printed name; a name known from a worked example brings its values
    along (only into empty fields). Returns the values filled in."""
    name = _name(name, "name")
    for other_id, reg in prof["regions"].items():
        if name and other_id != rid and (reg["name"] or "").lower() == name.lower():
            raise RuleError("Another region is already called %(name)s.", RULE, name=name)
    return _set_name(prof, rid, name)


def name_board(prof: dict[str, Any], names: dict[str, Any]) -> list[dict[str, Any]]:
    """Name many region slots at once (the board typed once, issue #37): ``names`` maps a slot to
    its printed name (empty: unknown). Every name is checked against the whole board as it will
    be, so two slots can swap names in one go; nothing changes when one is refused."""
    clean = {rid: _name(raw, f"regions.{rid}.name") for rid, raw in names.items()}
    board = {rid: reg["name"] for rid, reg in prof["regions"].items()} | clean
    seen: dict[str, str] = {}
    for rid, name in board.items():
        if name and name.lower() in seen:
            raise RuleError("Another region is already called %(name)s.", RULE, name=name)
        if name:
            seen[name.lower()] = rid
    filled: list[dict[str, Any]] = []
    for rid, name in clean.items():
        if name != prof["regions"][rid]["name"]:
            filled += _set_name(prof, rid, name)
    return filled


def unnamed(prof: dict[str, Any]) -> list[str]:
    """The region slots still without a name, in board order."""
    return [rid for rid in REGIONS if not prof["regions"][rid]["name"]]


def _set_name(prof: dict[str, Any], rid: str, name: str | None) -> list[dict[str, Any]]:
    reg = prof["regions"][rid]
    reg["name"] = name
    filled = []
    for v in known_values(name or ""):
        if reg[v["realm"]][v["resource"]] is None:
            reg[v["realm"]][v["resource"]] = v["value"]
            reg["sources"][f"{v['realm']}.{v['resource']}"] = v["source"]
            filled.append(v)
    return filled


def set_value(prof: dict[str, Any], rid: str, realm: str, resource: str, value: int | None) -> None:
    """Record a value printed on a region card (entered by the table)."""
    prof["regions"][rid][realm][resource] = _int(value, resource)
    prof["regions"][rid]["sources"][f"{realm}.{resource}"] = "table"


def region_label(prof: dict[str, Any], rid: str) -> dict[str, Any]:
    """How to show a region: its name (a msgid, translated) or "Area N, region M"."""
    name = prof["regions"][rid]["name"]
    area, slot = rid.split("-")
    return {"name": name, "area": int(area), "slot": int(slot), "known_name": name in region_names()}


def tribe_complete(prof: dict[str, Any], tid: str) -> list[str]:
    """What a tribe still lacks before the game can start (printed numbers nobody entered)."""
    t = prof["tribes"][tid]
    missing = [k for k in ("gold", "energy") if t[k] is None]
    if tribes()[tid]["realm"] == "light" and t["start"] is None:
        missing.append("start")
    return missing


#: Seat counts that use the corner spaces of the player board's back (seed 001 p.6, seed 002 p.6).
CORNER_PLAYERS = (3, 4)


def groups_for(prof: dict[str, Any], chosen: dict[str, str | None], players: int) -> list[int]:
    """The army groups a player places in the initial round: every space of both tribe boards'
    backs, plus each board's corner space only with 3 or 4 players (seed 001 p.6)."""
    out: list[int] = []
    for realm in REALMS:
        tid = chosen.get(realm)
        if not tid:
            continue
        t = prof["tribes"][tid]
        out += list(t["groups"] or [])
        if players in CORNER_PLAYERS and t.get("corner"):
            out.append(int(t["corner"]))
    return out
