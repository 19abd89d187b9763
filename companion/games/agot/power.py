"""Power tokens: every house owns exactly 20, each in its Power Pool, available, or on the board.

Every gain, bid, discard and placement moves tokens between those three places, so the sum per house
never changes (seed 000 p.2: 20 per house; p.6: gain from / discard to the Pool; p.24: tokens on the
board). ``state["power"][house]`` holds ``available`` and ``pool``; tokens on the board are the
entries of ``state["tokens"]`` (area -> house), so "on the board" cannot drift from the map.
"""

from __future__ import annotations

from typing import Any, cast

from ..base import RuleError
from .names import HOUSES, label

TOTAL = 20
START_AVAILABLE = 5
State = dict[str, Any]


def init(houses: list[str]) -> dict[str, dict[str, int]]:
    """Five available each, the rest in the Pool (seed 000 p.4 step 11)."""
    return {h: {"available": START_AVAILABLE, "pool": TOTAL - START_AVAILABLE} for h in houses}


def on_board(state: State, house: str) -> int:
    return sum(1 for owner in state["tokens"].values() if owner == house)


def summary(state: State, house: str) -> dict[str, int]:
    p = state["power"][house]
    return {"available": p["available"], "board": on_board(state, house), "pool": p["pool"]}


def _move(state: State, house: str, n: int, source: str, target: str) -> int:
    """Move up to ``n`` of the house's tokens from ``source`` to ``target`` (``"pool"`` or
    ``"available"``); returns how many moved (a pile may run dry)."""
    p = state["power"][house]
    moved = max(0, min(n, p[source]))
    p[source] -= moved
    p[target] += moved
    return cast("int", moved)


def gain(state: State, house: str, n: int) -> int:
    """Take up to ``n`` tokens from the Pool; a house only ever takes its own (seed 000 p.6).

    Returns how many were actually gained (the Pool may run dry)."""
    return _move(state, house, n, "pool", "available")


def discard(state: State, house: str, n: int) -> int:
    """Return up to ``n`` available tokens to the Pool ("if possible", seed 000 p.6, p.14)."""
    return _move(state, house, n, "available", "pool")


def spend(state: State, house: str, n: int) -> None:
    """Pay exactly ``n`` (a bid, p.10, p.22; Aeron's cost): never more than the house has available
    (seed 000 p.6, "available power")."""
    if n < 0 or n > state["power"][house]["available"]:
        raise RuleError("%(house)s cannot spend %(n)s power: only %(have)s available.", "seed 000 p.6",
                        entry="terms-available-power",
                        house=label(HOUSES.get(house, house)), n=n, have=state["power"][house]["available"])
    discard(state, house, n)


def place_token(state: State, house: str, area: str) -> None:
    """Put an available token on a land area to keep control of it (seed 000 p.24)."""
    if state["power"][house]["available"] < 1:
        raise RuleError("No available power token to place.", "seed 000 p.24", status=409)
    owner = state["tokens"].get(area)
    if owner is not None:
        raise RuleError("Only one power token may be in an area.", "seed 000 p.24", status=409)
    state["power"][house]["available"] -= 1
    state["tokens"][area] = house


def remove_token(state: State, area: str) -> str | None:
    """A token leaves the board for its owner's Pool (seed 000 p.21, p.24)."""
    owner = state["tokens"].pop(area, None)
    if owner is not None:
        state["power"][owner]["pool"] += 1
    return cast("str | None", owner)


def total(state: State, house: str) -> int:
    s = summary(state, house)
    return s["available"] + s["board"] + s["pool"]


def check(state: State) -> None:
    """Assert the invariant (used by tests and after every action in debug runs)."""
    for house in state["houses"]:
        p = state["power"][house]
        if p["available"] < 0 or p["pool"] < 0 or total(state, house) != TOTAL:
            raise AssertionError(f"power invariant broken for {house}: {summary(state, house)}")
