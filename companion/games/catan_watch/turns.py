"""Whose turn it is: the seat order, the setup seat, the active player, and what a seat's turn
allows so far. Pure reads of the state, shared by the moves (:mod:`.moves`) and the views."""

from __future__ import annotations

from typing import Any, cast

from ... import sealed
from ..base import State
from .options import CatanOptions


def order(state: State) -> list[str]:
    """Seats clockwise from the first player the table picked (seed 004 p.6: highest roll)."""
    seats: list[str] = state["seats"]
    first = state.get("first_seat", 0)
    return seats[first:] + seats[:first]


def setup_seat(state: State) -> str:
    """Seat order for rounds 1 and 3; round 2 reversed unless the table chose otherwise (seed 004 p.6)."""
    seq = order(state)
    if state["setup"]["round"] == 2 and CatanOptions.of(state).setup_order == "reverse":
        seq.reverse()
    return cast("str", seq[state["setup"]["i"]])


def active(state: State) -> str:
    """The seat whose turn it is (seed 004 p.2: the dice pass to the left)."""
    seat: str = state["seats"][state["active"]]
    return seat


def turn_dev_view(state: State, seat: str) -> dict[str, Any]:
    """This turn's development card bookkeeping, read-only (for the phone; seed 004 p.4)."""
    td: dict[str, Any] = state["players"][seat].get("turn_dev") or {}
    if td.get("turn") != state["turn"]:
        return {"turn": state["turn"], "bought": 0, "played": False, "vp": 0}
    return td


def patrol_after_ranger(state: State, seat: str) -> bool:
    """Would one more ranger give ``seat`` the Largest Patrol? First to 3, then strictly more
    than the holder (seed 004 p.4)."""
    mine = state["players"][seat]["rangers"] + 1
    holder = state["largest_patrol"]
    if holder == seat or mine < 3:
        return False
    return bool(holder is None or mine > state["players"][holder]["rangers"])


def waiting_for(state: State) -> list[str]:
    """The setup seat, or the active player; once the game is over, the tied players whose hidden
    victory point cards the result waits for (seed 004 p.4, p.8), then nobody."""
    if state["phase"] == "setup":
        return [setup_seat(state)]
    if state["phase"] in ("roll", "main"):
        return [active(state)]
    pid = (state.get("end") or {}).get("reveal")
    prompt = state.get("prompts", {}).get(pid) if pid else None
    return sealed.waiting(prompt) if prompt else []
