"""The story of a card game table, read from the public view (docs/api.md, "History").

Per round: each player's power (the total that counts toward victory) and gold; moments: every
challenge once its winner is determined (seed 003 Page 12), so each round row can say who won
how many challenges of each type.
"""

from __future__ import annotations

from typing import Any

from ...i18n import N_
from ..chronicle import Chronicle, View


class LcgChronicle(Chronicle):
    series = (("power", N_("Power")), ("challenges_won", N_("Challenges won")))

    def watch(self, g: dict[str, Any]) -> Any:
        ch = g.get("challenge") or {}
        return (g.get("round"), ch.get("attacker"), ch.get("type"), ch.get("winner"))

    def observe(self, view: View) -> list[dict[str, Any]]:
        ch = view.get("challenge")
        if not ch or ch.get("winner") is None:
            return []
        key = f"challenge-{view['round']}-{ch['attacker']}-{ch['type']}-{ch.get('number')}"
        return [{"key": key, "kind": "challenge", "type": ch["type"], "attacker": ch["attacker"],
                            "defender": ch["defender"], "winner": ch["winner"],
                            "strengths": dict(ch["strengths"]), "unopposed": bool(ch.get("unopposed"))}]

    def figures(self, view: View) -> dict[str, Any]:
        return {"seats": {s: {"power": p["total"], "gold": p["gold"]} for s, p in view["players"].items()}}

    def over(self, view: View) -> bool:
        return bool(view.get("winner"))

    def winners(self, view: View) -> list[str]:
        return [view["winner"]] if view.get("winner") else []
