"""Helpers for the action-phase tests: a table with exactly the pieces and orders a worked example
describes (no tests here; other test_* modules of the action phase import it)."""

from __future__ import annotations

import random
from typing import Any

from companion.games.agot import GAME, action, areas
from companion.games.base import Actor, Ctx
from tests.rules.harness import play


def ctx(seat: str | None = None, host: bool = False, seed: int = 3) -> Ctx:
    return Ctx(Actor(seat, host), random.Random(seed))


def board(players: int, units: dict[str, tuple[str, dict[str, int]]], orders: dict[str, tuple[str, str]],
          iron_throne: list[str] | None = None, fiefdoms: list[str] | None = None,
          neutral: dict[str, int] | None = None, options: dict[str, Any] | None = None) -> dict:
    """A table in the action phase: only the listed units and orders are on the board."""
    state = GAME.setup(GAME.normalize_options({"players": players, **(options or {})}), ctx(host=True))
    for aid in list(state["units"]):
        areas.set_units(state, aid, None, {})
    if neutral is not None:
        state["neutral"] = dict(neutral)
    for aid, (house, counts) in units.items():
        areas.set_units(state, aid, house, counts)
    if iron_throne:
        state["tracks"]["iron_throne"] = list(iron_throne)
        state["dominance"]["iron_throne"]["holder"] = iron_throne[0]
    if fiefdoms:
        state["tracks"]["fiefdoms"] = list(fiefdoms)
        state["dominance"]["blade"]["holder"] = fiefdoms[0]
    state["orders"] = {aid: {"house": h, "token": t} for aid, (h, t) in orders.items()}
    state["phase"] = "action"
    state["step"] = "action"
    action.start(state, ctx(host=True))
    return state


def act(state: dict, seat: str, **a: Any) -> None:
    """One action through the engine, as the server applies it (seed 3, as :func:`ctx`)."""
    play(GAME, state, Actor(seat), a, 3)


def card(state: dict, house: str, cid: str) -> None:
    """Answer the running combat's sealed house-card prompt."""
    act(state, house, type="answer", prompt=state["action"]["combat"]["prompt"], value=cid)
