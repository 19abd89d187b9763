"""The story of a generic table, read from the public view (docs/api.md, "History").

A round is the value of the table's shared counter named like a round ("Round", "Rodada",
"Turn"); a table without one is all one round. Per round: every counter; moments: each sealed bid
or vote once revealed (never before: only revealed prompts carry answers in the public view).
"""

from __future__ import annotations

from typing import Any

from ..chronicle import Chronicle, View

ROUND_NAMES = ("round", "rodada", "turn", "turno")


def round_counter(shared: dict[str, int]) -> str | None:
    return next((name for name in shared if name.strip().lower() in ROUND_NAMES), None)


class GenericChronicle(Chronicle):
    def round_of(self, g: dict[str, Any]) -> int:
        name = round_counter(g.get("shared") or {})
        return max(1, int(g["shared"][name])) if name else 1

    def watch(self, g: dict[str, Any]) -> Any:
        return tuple(sorted(pid for pid, p in (g.get("prompts") or {}).items() if p.get("revealed")))

    def observe(self, view: View) -> list[dict[str, Any]]:
        moments: list[dict[str, Any]] = []
        for p in view.get("prompts") or []:
            if p.get("revealed"):
                moments.append({"key": f"reveal-{p['id']}", "kind": "reveal", "title": p.get("title"), "title_params": dict(p.get("title_params") or {}),
                                "ranked": [list(x) for x in p.get("ranked") or []], "tally": p.get("tally")})
        return moments

    def figures(self, view: View) -> dict[str, Any]:
        return {"seats": {s: dict(view["values"][s]) for s in view["seats"]}, "shared": dict(view["shared"])}
