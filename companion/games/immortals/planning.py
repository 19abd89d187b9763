"""Action planning: what a player may put on its 8 army spaces and 2 magic spaces (seed 001 p.8-9).

A plan is ``{"army": [card or None] * 8, "magic": [card or None] * 2}``; ``None`` is an empty space,
``"blank"`` a blank card (face down like any other card, so the others cannot tell it from an
action).
"""

from __future__ import annotations

from typing import Any, cast

from ..base import RuleError
from . import cite
from .board import REGIONS, armies_of, loc
from .cards import BLANKS, CONFLICT, MAGIC, is_wild
from .data import REALMS

ARMY_SPACES = 8
MAGIC_SPACES = 2
EXTRACT = ("extract_gold", "extract_energy")


def space_kind(player: dict[str, Any], index: int) -> str:
    """The action printed on army space ``index``; "tribe" resolves to the dark tribe's action."""
    return cast("str", player["spaces"][index])


def _entry(raw: Any) -> str | None:
    if raw is None or raw == "" or raw == "empty":
        return None
    if not isinstance(raw, str) or len(raw) > 40:
        raise RuleError("Unknown card on a space.", "companion: input", entry="companion-input")
    return raw


def normalize(raw: Any) -> dict[str, list[str | None]]:
    """Turn a submitted plan (JSON or form lists) into the fixed shape, refusing bad sizes."""
    if not isinstance(raw, dict):
        raise RuleError("A plan lists the cards on your army and magic spaces.", "companion: input", entry="planning")
    army = raw.get("army") or []
    magic = raw.get("magic") or []
    if not isinstance(army, list) or not isinstance(magic, list):
        raise RuleError("A plan lists the cards on your army and magic spaces.", "companion: input", entry="planning")
    if len(army) > ARMY_SPACES or len(magic) > MAGIC_SPACES:
        raise RuleError("Your board has %(army)s army spaces and %(magic)s magic spaces.", cite.both(8),
                        army=ARMY_SPACES, magic=MAGIC_SPACES)
    army = [_entry(c) for c in army] + [None] * (ARMY_SPACES - len(army))
    magic = [_entry(c) for c in magic] + [None] * (MAGIC_SPACES - len(magic))
    return {"army": army, "magic": magic}


def validate(state: dict[str, Any], seat: str, plan: dict[str, list[str | None]], tribe_action: str) -> None:
    """Check a plan against the player's cards and armies (seed 001 p.8-9).

    Region and conflict cards only on army spaces, magic cards only on magic spaces; a region card
    only where the player has armies (in the realm it chooses); wildcard conflict cards not on the
    extract spaces; each card once; at most the player's blank cards.
    """
    player = state["players"][seat]
    used: set[str] = set()
    blanks = 0
    for i, card in enumerate(plan["army"]):
        if card is None:
            continue
        if card == "blank":
            blanks += 1
            continue
        if card in used:
            raise RuleError("You have only one of each card.", cite.both(8))
        used.add(card)
        if card.startswith("m:"):
            raise RuleError("Magic cards go only on the magic spaces.", cite.both(8))
        if card.startswith("r:"):
            parts = card.split(":")
            if len(parts) != 3 or parts[1] not in REGIONS or parts[2] not in REALMS:
                raise RuleError("Unknown card on a space.", "companion: input", entry="companion-input")
            if state["region_cards"].get(parts[1]) != seat:
                raise RuleError("You do not hold that region card.", cite.both(8))
            if armies_of(state, seat, loc(parts[2], parts[1])) < 1:
                raise RuleError("A region card needs at least one of your armies in that region and realm.",
                                cite.both(8))
            if any(c and c.startswith(f"r:{parts[1]}:") and c != card for c in plan["army"]):
                raise RuleError("You have only one of each card.", cite.both(8))
            continue
        if card not in CONFLICT:
            raise RuleError("Unknown card on a space.", "companion: input", entry="companion-input")
        if card not in player["conflict"]:
            raise RuleError("That conflict card is not in your hand.", cite.both(8))
        kind = space_kind(player, i)
        if is_wild(card) and (kind in EXTRACT or (kind == "tribe" and tribe_action in EXTRACT)):
            raise RuleError("Wildcard conflict cards cannot go on an extract space.", cite.both(9))
    for card in plan["magic"]:
        if card is None:
            continue
        if card == "blank":
            blanks += 1
            continue
        if not card.startswith("m:"):
            raise RuleError("Only magic or blank cards go on the magic spaces.", cite.both(9))
        if card[2:] not in MAGIC:
            raise RuleError("Unknown card on a space.", "companion: input", entry="companion-input")
        if card in used:
            raise RuleError("You have only one of each card.", cite.both(8))
        used.add(card)
    if blanks > BLANKS:
        raise RuleError("You have %(count)s blank cards.", cite.both(5), count=BLANKS)


def face_down(plan: dict[str, list[str | None]]) -> dict[str, list[bool]]:
    """What the others see of a plan: which spaces hold a face-down card."""
    return {k: [c is not None for c in v] for k, v in plan.items()}


def spaces(plan: dict[str, list[str | None]]) -> list[str]:
    """Space ids holding a card: "a0".."a7", "m0", "m1"."""
    return [f"a{i}" for i, c in enumerate(plan["army"]) if c] + [
        f"m{i}" for i, c in enumerate(plan["magic"]) if c]


def card_at(plan: dict[str, list[str | None]], space: str) -> str | None:
    kind, idx = space[:1], space[1:]
    row = plan["army"] if kind == "a" else plan["magic"] if kind == "m" else None
    if row is None or not idx.isdigit() or int(idx) >= len(row):
        return None
    return row[int(idx)]
