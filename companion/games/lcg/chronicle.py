"""The story of a card game table, read from the public view (docs/api.md, "History").

Per round: each player's power (the total that counts toward victory) and gold; moments: every
challenge once its winner is determined (seed 003 Page 12), so each round row can say who won
how many challenges of each type.
"""

from __future__ import annotations

from typing import Any

from ...i18n import N_
from ..chronicle import Chronicle, View

#: the challenge types (seed 003 Page 12), as the round table heads them
KINDS = {"military": N_("Military challenges"), "intrigue": N_("Intrigue challenges"), "power": N_("Power challenges")}


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

    def columns(self, row: dict[str, Any]) -> list[tuple[str, Any]]:
        won = [m for m in row["moments"] if m["kind"] == "challenge"]
        return [(label, sum(1 for m in won if m["type"] == kind)) for kind, label in KINDS.items()]

    def over(self, view: View) -> bool:
        return bool(view.get("winner"))

    def winners(self, view: View) -> list[str]:
        return [view["winner"]] if view.get("winner") else []

    def key_moments(self, rounds: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The closest challenge won (smallest strength difference; unopposed ones aside)."""
        fought = [(r["round"], m) for r in rounds for m in r["moments"]
                  if m["kind"] == "challenge" and not m["unopposed"]]
        if not fought:
            return []

        def gap(m: dict[str, Any]) -> int:
            s = m["strengths"]
            return abs(int(s.get("attacker") or 0) - int(s.get("defender") or 0))
        rnd, m = min(fought, key=lambda c: gap(c[1]))
        return [{"what": "closest_challenge", "round": rnd, "data": m,
                 "msg": N_("Round %(round)s, the closest challenge: %(attacker)s against %(defender)s, "
                           "%(a)s to %(d)s. %(winner)s won."),
                 "params": {"round": rnd, "attacker": m["attacker"], "defender": m["defender"],
                            "a": m["strengths"].get("attacker"), "d": m["strengths"].get("defender"),
                            "winner": m["winner"]}}]
