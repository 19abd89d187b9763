"""Victory: castle and stronghold areas controlled (seed 000 p.2, p.7, p.17)."""

from __future__ import annotations

from typing import Any

from . import areas, tracks
from . import board as board_data
from .options import AgotOptions

State = dict[str, Any]
TARGET = 7
LAST_ROUND = 10


def count(state: State, house: str) -> int:
    """Controlled areas holding a castle or stronghold (seed 000 p.17)."""
    b = board_data.load()
    return sum(1 for a in areas.controlled(state, house) if b.area(a).fort)


def strongholds(state: State, house: str) -> int:
    """Strongholds controlled: the first tie-break (seed 000 p.17)."""
    b = board_data.load()
    return sum(1 for a in areas.controlled(state, house) if b.area(a).fort == "stronghold")


def counts(state: State) -> dict[str, int]:
    return {h: count(state, h) for h in state["houses"]}


def immediate_winner(state: State) -> str | None:
    """A house controlling 7 such areas wins at once (seed 000 p.7, p.17)."""
    best = [h for h in tracks.turn_order(state) if count(state, h) >= TARGET]
    return best[0] if best else None


def ranking(state: State) -> list[dict[str, Any]]:
    """Final order after round 10: castle/stronghold areas, then the table's tie-breaks (option
    ``tiebreak``): printed seed 000 p.17 = strongholds, supply, available power, Iron Throne; the
    publisher's FAQ v2.0 (agot faq) = land areas controlled, supply, Iron Throne."""
    rows = []
    for h in state["houses"]:
        rows.append({
            "house": h,
            "victory": count(state, h),
            "strongholds": strongholds(state, h),
            "land": len(areas.controlled(state, h)),
            "supply": state["supply"][h],
            "power": state["power"][h]["available"],
            "throne": tracks.position(state, "iron_throne", h),
        })
    if AgotOptions.of(state).tiebreak == "faq":
        rows.sort(key=lambda r: (-r["victory"], -r["land"], -r["supply"], r["throne"]))
    else:
        rows.sort(key=lambda r: (-r["victory"], -r["strongholds"], -r["supply"], -r["power"], r["throne"]))
    return rows
