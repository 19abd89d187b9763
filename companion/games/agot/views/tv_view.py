"""What the TV adds to the public view: a combat that explains itself (seed 000 p.18-20).

The combat's own view recomputes strength from the units still in the area, so once casualties are
taken its totals would shrink. The TV shows the totals frozen at the result (the numbers that decided
the fight), the contribution of every source, and which tie-break decided an equal fight. Read-only:
nothing here changes the combat rules.
"""

from __future__ import annotations

from typing import Any

from .. import combat_calc as cb


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
    view["tie"] = tie_break(res, c["attacker"], c["defender"], c.get("neutral"), state["tracks"]["fiefdoms"])
    return view


def tie_break(res: dict[str, Any], attacker: str, defender: str | None, neutral: Any,
              fiefdoms_now: list[str]) -> dict[str, Any] | None:
    """Which rule decided an equal fight: the Fiefdoms track as it stood at the result (seed 000
    p.20), or the attacker's win on equal strength against a neutral force (seed 000 p.26)."""
    if res["attacker"] != res["defender"]:
        return None
    if neutral is not None:
        return {"kind": "neutral"}
    order = res.get("fiefdoms") or fiefdoms_now
    houses = {"attacker": attacker, "defender": defender}
    above = houses[res["winner"]]
    below = houses["defender" if res["winner"] == "attacker" else "attacker"]
    return {"kind": "fiefdoms", "above": above, "below": below,
            "positions": {h: order.index(h) + 1 for h in (above, below) if h is not None and h in order}}


def last_combat(state: dict[str, Any]) -> dict[str, Any] | None:
    """The finished combat for the TV's last-reveal panel: its strength per source as it fought (the
    summary is itemised after the losers left the area) and its tie-break (None without a tie)."""
    lc = state.get("last_combat")
    if not lc:
        return None
    items = {s: [dict(i) for i in lc["strength"][s]] for s in cb.SIDES}
    for s in cb.SIDES:
        diff = int(lc["totals"][s]) - sum(i["value"] for i in items[s])
        if diff and items[s]:
            items[s][0]["value"] += diff
            items[s][0]["before_casualties"] = True
    res = {"attacker": lc["totals"]["attacker"], "defender": lc["totals"]["defender"], "winner": lc["winner"],
           "fiefdoms": (lc.get("tie_break") or {}).get("order")}
    return {"items": items,
            "tie": tie_break(res, lc["attacker"], lc["defender"], lc.get("neutral"), state["tracks"]["fiefdoms"])}
