"""Cards: conflict cards (per region and realm, plus a wildcard per area and realm), region cards,
the four magic cards and blanks (seed 001 p.2-3), and how a planned card names a location.

Ids: conflict ``"c:<realm>:<area>-<n>"`` or wildcard ``"c:<realm>:<area>-*"``; a region card on
a space ``"r:<area>-<n>:<realm>"`` (the realm chosen when planning, seed 001 p.8); magic
``"m:<kind>"``; ``"blank"``.
"""

from __future__ import annotations

from ..base import RuleError
from . import cite
from .board import AREAS, REGIONS, loc
from .data import REALMS

MAGIC = ("transition5", "conflict_or_first", "dominate_or_temple", "conflict2_or_transition2")
BLANKS = 4  # each player takes 4 blank cards (seed 001 p.5)
CONFLICT = [f"c:{realm}:{rid}" for realm in REALMS for rid in REGIONS] + [
    f"c:{realm}:{a}-*" for realm in REALMS for a in AREAS]


def is_wild(card: str) -> bool:
    return card.startswith("c:") and card.endswith("-*")


def conflict_realm(card: str) -> str:
    return card.split(":")[1]


def conflict_area(card: str) -> int:
    return int(card.split(":")[2].split("-")[0])


def card_location(card: str, wild_as: str | None = None) -> str:
    """The location a conflict or region card on an army space acts on.

    A wildcard stands for any region of its area in its realm (seed 001 p.6), named when used.
    """
    if card.startswith("r:"):
        _, rid, realm = card.split(":")
        return loc(realm, rid)
    if is_wild(card):
        realm, area = conflict_realm(card), conflict_area(card)
        if not wild_as or wild_as not in REGIONS or int(wild_as.split("-")[0]) != area:
            raise RuleError("Name the region of area %(area)s this wildcard stands for.", cite.both(6),
                            area=area)
        return loc(realm, wild_as)
    _, realm, rid = card.split(":")
    return loc(realm, rid)
