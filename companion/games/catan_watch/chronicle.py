"""The story of a Brotherhood of the Watch table, read from the public view (docs/api.md, "History").

A round is one turn of every player (seed 004 p.5: the dice go to the left). Per round: each
player's VP and guards on the Wall, the breaches, the wildlings in each area (clan areas,
clearings, the Gift); moments: the round's production rolls and every breach.
"""

from __future__ import annotations

from typing import Any

from ...i18n import N_
from ..chronicle import Chronicle, View


class CatanChronicle(Chronicle):
    series = (("vp", N_("Victory points")), ("guards", N_("Guards on the Wall")))

    def round_of(self, g: dict[str, Any]) -> int:
        turn = int(g.get("turn") or 0)
        return 0 if turn < 1 else (turn - 1) // max(1, len(g.get("seats") or [])) + 1

    def watch(self, g: dict[str, Any]) -> Any:
        rolls = g.get("rolls") or []
        return (len(rolls), rolls[-1] if rolls else None, g.get("breaches"))

    def observe(self, view: View) -> list[dict[str, Any]]:
        moments: list[dict[str, Any]] = []
        if view.get("rolls"):
            r = view["rolls"][0]  # the newest
            if view["phase"] != "setup":
                moments.append({"key": f"roll-{r['turn']}-{r['seat']}", "kind": "roll", "seat": r["seat"], "sum": r["sum"],
                                "d12": r["d12"], "turn": r["turn"]})
        if view["breaches"]:
            moments.append({"key": f"breach-{view['breaches']}", "kind": "breach", "count": view["breaches"], "turn": view["turn"],
                            "ended": bool(view.get("end") and view["end"]["reason"] == "breaches")})
        return moments

    def figures(self, view: View) -> dict[str, Any]:
        return {
            "seats": {s: {"vp": view["vp"][s], "guards": view["players"][s]["guards_on_wall"]}
                      for s in view["seats"]},
            "breaches": view["breaches"],
            "wildlings": {"clans": sum(len(c["wildlings"]) for c in view["clan_areas"]),
                          "clearings": sum(len(w) for w in view["clearings"].values()),
                          "gift": view["gift_count"], "frostfangs": view["frostfangs"]},
        }

    def columns(self, row: dict[str, Any]) -> list[tuple[str, Any]]:
        rolls = [str(m["sum"]) for m in row["moments"] if m["kind"] == "roll"]
        return [(N_("Breaches"), row["breaches"]), (N_("Wildlings in the Gift"), row["wildlings"]["gift"]),
                (N_("Rolls"), " ".join(rolls))]

    def over(self, view: View) -> bool:
        return bool(view.get("end"))

    def winners(self, view: View) -> list[str]:
        return list(view.get("winners") or [])

    def key_moments(self, rounds: list[dict[str, Any]]) -> list[dict[str, Any]]:
        found = []
        breaches = [(r["round"], m) for r in rounds for m in r["moments"] if m["kind"] == "breach"]
        if breaches:
            rnd, m = breaches[-1]
            msg = (N_("Turn %(turn)s: breach number %(count)s, the one that ended the game at the Wall.")
                   if m["ended"] else N_("Turn %(turn)s: breach number %(count)s, the last one so far."))
            found.append({"what": "last_breach", "round": rnd, "data": m, "msg": msg,
                          "params": {"turn": m["turn"], "count": m["count"]}})
        return found
