"""A tiny driver for the LCG rules: apply actions as seats or host through the engine, like the server."""

from __future__ import annotations

from typing import Any

from companion.games.lcg import GAME
from tests.rules.harness import RulesTable


class Table(RulesTable):
    """A table held in memory; every action goes through the engine as on the server."""

    def __init__(self, players: int = 2, seed: int = 1, defaults: bool = False, **options: Any) -> None:
        """Tests written for the engine's steps start with the structural auto-pass so they reach
        the window under test; ``defaults=True`` keeps every table default as a new table has it."""
        if not defaults:
            options.setdefault("autopass_start", "structure")
        super().__init__(GAME, {"players": players, **options}, seed)
        self.ctx_seed = seed

    def do(self, who: str | None, kind: str, /, host: bool = False, **fields: Any) -> None:
        self.ctx_seed += 1
        self.apply(who, {"type": kind, **fields}, host=host, seed=self.ctx_seed)

    def host(self, kind: str, /, **fields: Any) -> None:
        self.do(None, kind, host=True, **fields)

    @property
    def priority(self) -> str | None:
        return self.view["priority"]

    @property
    def box(self) -> str:
        return self.state["box"]

    def pass_(self, seat: str | None = None) -> None:
        seat = seat or self.priority
        self.do(seat, "pass")

    def pass_all(self) -> None:
        """Everyone passes until the current round ends."""
        rnd_box, depth = self.box, len(self.state["stack"])
        step = self.view["step"]
        for _ in range(len(self.state["seats"])):
            if self.box != rnd_box or len(self.state["stack"]) != depth or self.view["step"] != step:
                return
            if self.priority is None:
                return
            self.pass_()

    def until_box(self, box: str, limit: int = 400) -> None:
        """Pass every opportunity until ``box`` is reached (fails on an input we cannot give)."""
        for _ in range(limit):
            if self.box == box and (self.priority is not None or self.view["waiting_for"]):
                return
            if self.priority is None and self.view["event"] == "choose_titles":
                chooser = self.view["title_chooser"]
                self.do(chooser, "title", title=self.me(chooser)["free_titles"][0])
                continue
            if self.priority is None:
                raise AssertionError(f"stuck at {self.box} {self.view['step']} waiting for {self.view['waiting_for']}")
            self.pass_()
        raise AssertionError(f"never reached {box}")

    def messages(self) -> list[str]:
        """Log lines in English, parameters that are msgids unwrapped (as the web layer does)."""
        out = []
        for e in self.log:
            params = {k: (v["_"] if isinstance(v, dict) else v) for k, v in e["params"].items()}
            out.append(e["msg"] % params if params else e["msg"])
        return out


def plot(name: str, gold: int = 5, initiative: int = 3, claim: int = 1, wr: bool = False) -> dict[str, Any]:
    return {"name": name, "gold": gold, "initiative": initiative, "claim": claim, "when_revealed": wr}


def no_autopass(table: Table) -> None:
    for seat in table.state["seats"]:
        table.do(seat, "autopass", kinds=[])


def all_autopass(table: Table) -> None:
    from companion.games.lcg.game import autopass_kinds

    for seat in table.state["seats"]:
        table.do(seat, "autopass", kinds=autopass_kinds())


def draw_segment(table: Table) -> None:
    """Nobody auto-passes; the table stands in the draw phase's first player-action segment."""
    no_autopass(table)
    table.host("set_phase", phase="draw")
    while table.box != "draw.actions1":
        table.pass_()
