"""What the TV adds to the public view: a combat that explains itself (seed 000 p.18-20).

The combat's own view recomputes strength from the units still in the area, so once casualties are
taken its totals would shrink. The TV shows the totals frozen at the result (the numbers that decided
the fight), the contribution of every source, and which tie-break decided an equal fight. Read-only:
nothing here changes the combat rules.
"""

from __future__ import annotations

from typing import Any

from . import combat as cb


def combat(state: dict[str, Any]) -> dict[str, Any] | None:
    """Frozen totals, itemised strength, and the tie-break of the current combat (None without one)."""
    c = state.get("action", {}).get("combat") if state.get("action") else None
    if not c or c.get("step") in ("support", "cards"):
        return None  # before the reveal the house cards are secret; the combat view's initial strength is enough
    items = {s: [dict(i) for i in cb.breakdown(c, s)] for s in cb.SIDES}
    res = c.get("result")
    view: dict[str, Any] = {"items": items, "totals": {s: sum(i["value"] for i in items[s]) for s in cb.SIDES},
                            "frozen": False, "tie": None}
    if not res:
        return view
    for s in cb.SIDES:
        diff = int(res[s]) - view["totals"][s]
        if diff and items[s]:
            # casualties left the area after the result: show the units as they fought
            items[s][0]["value"] += diff
            items[s][0]["before_casualties"] = True
    view["totals"] = {s: int(res[s]) for s in cb.SIDES}
    view["frozen"] = True
    if res["attacker"] == res["defender"]:
        win = res["winner"]
        if c.get("neutral") is not None:
            view["tie"] = {"kind": "neutral"}  # equal strength is enough against a neutral force (seed 000 p.26)
        else:
            order = state["tracks"]["fiefdoms"]
            above, below = cb.house_of(c, win), cb.house_of(c, "defender" if win == "attacker" else "attacker")
            view["tie"] = {"kind": "fiefdoms", "above": above, "below": below,
                           "positions": {h: order.index(h) + 1 for h in (above, below) if h in order}}
    return view
