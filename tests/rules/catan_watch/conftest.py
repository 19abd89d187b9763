"""Helpers for the Brotherhood of the Watch rules tests: a table driven like the server drives it."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from companion.games.base import RuleError
from companion.games.catan_watch import GAME
from tests.rules.harness import RulesTable

NAMES = {"p1": "Ana", "p2": "Bruno", "p3": "Caio", "p4": "Dora"}


class Table(RulesTable):
    """Applies actions through the engine as the server does: kept only when no RuleError."""

    def __init__(self, players: int = 4, profile: dict[str, Any] | None = None, **options: Any):
        opts: dict[str, Any] = {"players": str(players), **options}
        if profile is not None:
            opts["profile_data"] = profile
        self.seed = 1
        super().__init__(GAME, opts, self.seed, names=NAMES)

    def act(self, seat: str | None, action: dict[str, Any], host: bool = False) -> dict[str, Any]:
        self.seed += 1
        self.apply(seat, action, host=host, seed=self.seed)
        return self.state

    def host(self, action: dict[str, Any]) -> dict[str, Any]:
        return self.act(None, action, host=True)

    def refuse(self, seat: str | None, action: dict[str, Any], host: bool = False) -> RuleError:
        before = copy.deepcopy(self.state)
        with pytest.raises(RuleError) as err:
            self.act(seat, action, host=host)
        assert self.state == before
        assert err.value.rule, "every refusal cites its rule"
        return err.value

    @property
    def view(self) -> dict[str, Any]:
        return GAME.public_view(self.state)

    def finish_setup(self, guards: dict[str, str] | None = None) -> Table:
        """Rounds 1-2 (settlement + road each), round 3 one guard each (default: section w4)."""
        for _ in range(2 * len(self.state["seats"])):
            seat = GAME.waiting_for(self.state)[0]
            self.act(seat, {"type": "setup_place"})
        for _ in self.state["seats"]:
            seat = GAME.waiting_for(self.state)[0]
            self.act(seat, {"type": "guard", "section": (guards or {}).get(seat, "w4")})
        return self

    def roll(self, d12: int, red: int = 3, yellow: int = 5) -> dict[str, Any]:
        """A physical roll by the active player (the table must use physical dice)."""
        seat = self.state["seats"][self.state["active"]]
        return self.act(seat, {"type": "roll", "red": red, "yellow": yellow, "d12": d12})

    def set_board(self, **parts: Any) -> None:
        """Arrange the mirror directly (the starting position of a worked example)."""
        for key, value in parts.items():
            if key in ("clans", "clearings", "gift", "wall"):
                self.state[key].update(copy.deepcopy(value))
            else:
                self.state[key] = copy.deepcopy(value)
        for seat in self.state["seats"]:
            on_wall = sum(o.count(seat) for o in self.state["wall"].values())
            self.state["players"][seat]["guards_supply"] = 7 - on_wall
            self.state["players"][seat]["guard_tokens"] = (on_wall >= 3) + (on_wall >= 5)

    def steps(self) -> list[str]:
        return [s["kind"] for s in self.state["steps"]]


@pytest.fixture
def table():
    return Table
