"""The story of an Immortals table, read from the public view (docs/api.md, "History").

A round ends with its scoring (seed 001 p.15-16; the rules mark it with ``Ctx.round_end``): per
round, each player's VP, gold, energy and the regions that scored; moments: every battle.
"""

from __future__ import annotations

import json
from typing import Any

from ...i18n import N_
from ..chronicle import Chronicle, View


class ImmortalsChronicle(Chronicle):
    series = (("vp", N_("Victory points")), ("regions", N_("Regions held")))

    def watch(self, g: dict[str, Any]) -> Any:
        return g.get("last_battle")

    def observe(self, view: View) -> list[dict[str, Any]]:
        b = view.get("last_battle")
        if not b or not b.get("result"):
            return []
        key = f"battle-{view['round']}-{b.get('to')}-{b.get('attacker')}-{json.dumps(b['result'], sort_keys=True)}"
        return [{"key": key, "kind": "battle", "region": b.get("to"), "attacker": b.get("attacker"),
                  "defender": b.get("defender"), "scores": dict(b["result"].get("scores") or {}),
                 "winner": b["result"].get("winner")}]

    def figures(self, view: View) -> dict[str, Any]:
        scoring = view.get("last_scoring") or {}
        scored = scoring.get("points", {}) if scoring.get("round") == view["round"] else {}
        return {"seats": {p["seat"]: {"vp": p["vp"], "gold": p["gold"], "energy": p["energy"],
                                      "regions": int((scored.get(p["seat"]) or {}).get("regions", 0))}
                          for p in view["players"]}}

    def over(self, view: View) -> bool:
        return bool(view.get("result"))

    def winners(self, view: View) -> list[str]:
        return list((view.get("result") or {}).get("winners", []))

    def key_moments(self, rounds: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The battle with the most strength on both sides."""
        battles = [(r["round"], m) for r in rounds for m in r["moments"] if m["kind"] == "battle"]
        if not battles:
            return []
        rnd, m = max(battles, key=lambda b: sum(v for v in b[1]["scores"].values() if isinstance(v, int)))
        return [{"what": "biggest_battle", "round": rnd, "data": m,
                 "msg": N_("Round %(round)s, the biggest battle: %(attacker)s attacked, %(a)s against %(d)s."),
                 "params": {"round": rnd, "attacker": m["attacker"], "a": m["scores"].get("attacker", 0),
                            "d": m["scores"].get("defender", 0)}}]
