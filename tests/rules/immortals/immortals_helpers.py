"""A tiny in-memory table for the Immortals rules: applies actions through the engine like the server
does (on a copy, discarded on refusal), with a seeded RNG per event."""

from __future__ import annotations

import json
from typing import Any

from companion.games.immortals import GAME
from companion.games.immortals.board import loc, set_cell
from tests.rules.harness import RulesTable

SEATS = ("p1", "p2", "p3", "p4", "p5")


class Table(RulesTable):
    def __init__(self, players: int = 3, seed: int = 7, **options: Any) -> None:
        self.seed = seed
        self.events = 1
        super().__init__(GAME, {"players": players, **options}, seed * 1000 + self.events)

    def act(self, seat: str | None, action: dict[str, Any], host: bool = False) -> list[dict[str, Any]]:
        self.events += 1
        return list(self.apply(seat, action, host=host, seed=self.seed * 1000 + self.events))

    def host(self, action: dict[str, Any]) -> list[dict[str, Any]]:
        return self.act(None, action, host=True)

    # shortcuts for tests that start mid-game -------------------------------------------------
    def player(self, seat: str) -> dict[str, Any]:
        return self.state["players"][seat]

    def put(self, seat: str | None, realm: str, rid: str, armies: int) -> None:
        set_cell(self.state, loc(realm, rid), seat, armies)

    def cell(self, realm: str, rid: str) -> dict[str, Any]:
        return self.state["board"][loc(realm, rid)]

    def public_json(self) -> str:
        return json.dumps(GAME.public_view(self.state))

    def private_json(self, seat: str) -> str:
        return json.dumps(GAME.private_view(self.state, seat))


def midgame(players: int = 3, phase: str = "performance", **options: Any) -> Table:
    """A table jumped straight into a round (tribes chosen, nothing on the board) for action tests."""
    t = Table(players, **options)
    light = ["elves", "humans", "dwarves", "amazons", "halflings"]
    dark = ["demons", "orcs", "necromancers", "night_elves", "trolls"]
    for i, seat in enumerate(t.state["seats"]):
        p = t.player(seat)
        p["tribes"] = {"light": light[i], "dark": dark[i]}
        p["spaces"] = ["extract_gold", "extract_energy", "transition3", "build", "attack", "move_attack",
                       "tribe", "attack"]
        p["spaces_confirmed"] = True
        p["ready"] = True
        p["gold"], p["energy"] = 10, 10
    t.state["first"] = "p1"
    t.state["round"] = 1
    t.state["phase"] = phase
    t.state["turn"] = "p1" if phase in ("performance", "reinforce") else None
    t.state["deck"] = []
    return t


def give_plan(t: Table, seat: str, army: list[str | None] | None = None, magic: list[str | None] | None = None) -> None:
    """Put a plan straight on a player's board (planning itself is tested through the prompt)."""
    army = (army or []) + [None] * (8 - len(army or []))
    magic = (magic or []) + [None] * (2 - len(magic or []))
    t.player(seat)["plan"] = {"army": army, "magic": magic}
