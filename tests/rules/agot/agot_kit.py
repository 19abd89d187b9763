"""Helpers for the AGoT rules tests: a fresh table, actors, and answering prompts."""

from __future__ import annotations

import json
import random
from typing import Any

from companion.games.agot import GAME, flow
from companion.games.base import Actor, Ctx
from tests.rules.harness import Played, play


def ctx(seat: str | None = None, host: bool = False, seed: int = 1) -> Ctx:
    return Ctx(Actor(seat=seat, host=host), random.Random(seed))


def new_game(players: int = 6, **options: Any) -> dict[str, Any]:
    """A fresh table; the printed setup (no FAQ Lannister port ship) unless a test asks for it."""
    opts = GAME.normalize_options({"players": players, "faq_lannister_port_ship": False, **options})
    return GAME.setup(opts, ctx(host=True))


def act(state: dict[str, Any], seat: str | None, action: dict[str, Any], host: bool = False,
        seed: int = 1) -> Played:
    """Apply ``action`` through the engine, as the server does; ``state`` becomes the result."""
    return play(GAME, state, Actor(seat=seat, host=host or seat is None), action, seed)


def pid(state: dict[str, Any]) -> str:
    return flow.current(state)["pid"]


def bid_all(state: dict[str, Any], bids: dict[str, int]) -> None:
    p = pid(state)
    for house, value in bids.items():
        act(state, house, {"type": "answer", "prompt": p, "value": value})


def set_power(state: dict[str, Any], house: str, available: int) -> None:
    """Move tokens between the Pool and available so the house has exactly ``available``."""
    p = state["power"][house]
    total = p["available"] + p["pool"]
    p["available"], p["pool"] = available, total - available


def to_westeros(state: dict[str, Any]) -> None:
    """Skip to a Westeros phase by hand: round 2, empty queue (tests then queue what they need)."""
    state["phase"] = "westeros"
    state["round"] = 2
    state["queue"] = []
    state["current"] = None


def dump(view: Any) -> str:
    return json.dumps(view, sort_keys=True)
