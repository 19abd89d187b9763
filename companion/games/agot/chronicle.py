"""The story of an AGoT game, read from the public view (docs/api.md, "History").

Per round: power tokens available, castle and stronghold areas (the victory count, seed 000 p.17),
supply, the three influence tracks and the wildling threat; moments: every finished combat
(``last_combat``, public once the combat is over), every Clash of Kings track's revealed bids
and every wildling attack's result.
"""

from __future__ import annotations

from typing import Any

from ...i18n import N_
from ..chronicle import Chronicle, View
from . import names


class AgotChronicle(Chronicle):
    series = (("castles", N_("Castles and strongholds")), ("power", N_("Power tokens")),
              ("supply", N_("Supply")))

    def watch(self, g: dict[str, Any]) -> Any:
        combat = g.get("last_combat") or {}
        clash = g.get("clash") or {}
        return (combat.get("id"), clash.get("round"), len(clash.get("tracks", {})), g.get("last_attack"))

    def observe(self, view: View) -> list[dict[str, Any]]:
        moments: list[dict[str, Any]] = []
        combat = view.get("last_combat")
        if combat:
            moments.append({"key": f"combat-{combat['id']}", "kind": "combat", "area": combat["area"],
                            "attacker": combat["attacker"], "defender": combat["defender"],
                            "totals": dict(combat["totals"]), "winner": combat["winner_house"]})
        clash = view.get("clash") or {}
        for track, result in (clash.get("tracks") or {}).items():
            key = f"bids-{clash.get('round')}-{track}"
            if result.get("bids") is not None:
                moments.append({"key": key, "kind": "bids", "track": track, "bids": dict(result["bids"]),
                                "order": list(result.get("order") or [])})
        attack = view.get("last_attack")
        if attack:
            moments.append({"key": f"wildlings-{attack['round']}", "kind": "wildlings",
                            "strength": attack["strength"], "total": attack["total"], "won": attack["won"],
                            "bids": dict(attack["bids"])})
        return moments

    def figures(self, view: View) -> dict[str, Any]:
        houses = view["houses"]
        return {
            "seats": {h: {"power": view["power"][h]["available"], "castles": view["victory"][h],
                          "supply": view["supply"][h]} for h in houses},
            "tracks": {t: list(order) for t, order in view["tracks"].items()},
            "wildling_threat": view["wildling_threat"],
            "control": {a: h for a, h in view["control"].items() if h},
        }

    def columns(self, row: dict[str, Any]) -> list[tuple[str, Any]]:
        fights = [m for m in row["moments"] if m["kind"] == "combat"]
        return [(N_("Iron Throne"), row["tracks"]["iron_throne"][0]),
                (N_("Wildling threat"), row["wildling_threat"]),
                (N_("Combats"), len(fights))]

    def over(self, view: View) -> bool:
        return bool(view.get("winner"))

    def winners(self, view: View) -> list[str]:
        return [view["winner"]] if view.get("winner") else []

    def key_moments(self, rounds: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The biggest combat (most strength on the table), the closest Clash of Kings bid
        (smallest gap between the two highest bids), the wildling attack nearest to its strength;
        each with its sentence (``msg``/``params``) for the story screen."""
        found: list[dict[str, Any]] = []
        combats = [(r["round"], m) for r in rounds for m in r["moments"] if m["kind"] == "combat"]
        if combats:
            rnd, m = max(combats, key=lambda c: sum(c[1]["totals"].values()))
            found.append({"what": "biggest_combat", "round": rnd, "data": m,
                          "msg": N_("Round %(round)s, the biggest combat: %(attacker)s attacked %(area)s, "
                                    "defended by %(defender)s, %(a)s against %(d)s. %(winner)s won."),
                          "params": {"round": rnd, "attacker": m["attacker"], "area": m["area"],
                                     "defender": m["defender"] or {"_": N_("a neutral force")},
                                     "a": m["totals"]["attacker"], "d": m["totals"]["defender"],
                                     "winner": m["winner"] or {"_": N_("The neutral force")}}})
        bids = [(r["round"], m) for r in rounds for m in r["moments"] if m["kind"] == "bids" and len(m["bids"]) > 1]
        if bids:
            def gap(m: dict[str, Any]) -> int:
                top = sorted(m["bids"].values(), reverse=True)
                return int(top[0] - top[1])
            rnd, m = min(bids, key=lambda b: (gap(b[1]), -b[0]))
            first, second = sorted(m["bids"], key=lambda h: -m["bids"][h])[:2]
            found.append({"what": "closest_bid", "round": rnd, "data": m,
                          "msg": N_("Round %(round)s, the closest bid: %(track)s, %(first)s %(top)s "
                                    "against %(second)s %(next)s."),
                          "params": {"round": rnd, "track": {"_": names.TRACKS[m["track"]]}, "first": first,
                                     "top": m["bids"][first], "second": second, "next": m["bids"][second]}})
        attacks = [(r["round"], m) for r in rounds for m in r["moments"] if m["kind"] == "wildlings"]
        if attacks:
            rnd, m = min(attacks, key=lambda a: abs(a[1]["total"] - a[1]["strength"]))
            found.append({"what": "wildling_attack", "round": rnd, "data": m,
                          "msg": N_("Round %(round)s, the wildlings attacked with strength %(strength)s; "
                                    "the Night's Watch bid %(total)s: %(result)s."),
                          "params": {"round": rnd, "strength": m["strength"], "total": m["total"],
                                     "result": {"_": N_("the Watch holds") if m["won"] else
                                                N_("the wildlings win")}}})
        return found
