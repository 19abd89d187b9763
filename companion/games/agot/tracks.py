"""Influence tracks and dominance tokens (seed 000 p.10-12, p.27).

``state["tracks"][track]`` lists houses, position 1 first. ``state["dominance"][token]`` is
``{"holder": house, "used": bool}`` for the Iron Throne, the Valyrian Steel Blade and the Messenger
Raven; the holder is always position 1 of its track, and when the token changes hands it keeps its
used/available state (seed 000 p.27).
"""

from __future__ import annotations

from typing import Any, cast

from ..base import RuleError
from . import board as board_data

State = dict[str, Any]
TRACKS = board_data.TRACKS
TOKEN_OF = {"iron_throne": "iron_throne", "fiefdoms": "blade", "kings_court": "raven"}
TRACK_OF = {v: k for k, v in TOKEN_OF.items()}


def initial(houses: list[str]) -> dict[str, list[str]]:
    """Printed starting tracks with absent houses removed and the rest closed up (seed 000 p.4)."""
    b = board_data.load()
    return {t: [h for h in b.tracks[t] if h in houses] for t in TRACKS}


def initial_dominance(tracks: dict[str, list[str]]) -> dict[str, dict[str, Any]]:
    """Position 1 of each track takes its dominance token, available (seed 000 p.4 step 8)."""
    return {TOKEN_OF[t]: {"holder": tracks[t][0], "used": False} for t in TRACKS}


def holder(state: State, token: str) -> str:
    return cast("str", state["dominance"][token]["holder"])


def turn_order(state: State) -> list[str]:
    """Turn order is the Iron Throne track (seed 000 p.6, p.11)."""
    return list(state["tracks"]["iron_throne"])


def position(state: State, track: str, house: str) -> int:
    """1-based position of ``house`` on ``track``."""
    return cast("int", state["tracks"][track].index(house) + 1)


def set_track(state: State, track: str, order: list[str]) -> None:
    """Replace a track's order; the dominance token follows position 1 in its current state."""
    if sorted(order) != sorted(state["tracks"][track]):
        raise RuleError("A track must list every house in play exactly once.", "seed 000 p.11", entry="tracks-overview")
    state["tracks"][track] = list(order)
    state["dominance"][TOKEN_OF[track]]["holder"] = order[0]


def move(state: State, track: str, house: str, index: int) -> None:
    """Move ``house`` to 0-based ``index``; the others close up (seed 000 p.27)."""
    order = [h for h in state["tracks"][track] if h != house]
    index = max(0, min(index, len(order)))
    order.insert(index, house)
    set_track(state, track, order)


def to_bottom(state: State, track: str, house: str) -> None:
    """Move to the last position (seed 000 p.27)."""
    move(state, track, house, len(state["tracks"][track]))


def to_top(state: State, track: str, house: str) -> None:
    """Move to position 1; the token follows (seed 000 p.27)."""
    move(state, track, house, 0)


def stars(state: State, house: str) -> int:
    """Special orders allowed by King's Court position for this player count (seed 000 p.11, p.27)."""
    table = board_data.load().stars[len(state["houses"])]
    return table[position(state, "kings_court", house) - 1]


def use_token(state: State, token: str, house: str) -> None:
    """Flip a dominance token to its used side (Blade p.19, Raven p.12): once per round."""
    dom = state["dominance"][token]
    if dom["holder"] != house:
        raise RuleError("You do not hold this dominance token.", "seed 000 p.11", status=403)
    if dom["used"]:
        raise RuleError("This dominance token was already used this round.", "seed 000 p.11", status=409,
                        entry="tracks-refresh")
    dom["used"] = True


def refresh(state: State) -> None:
    """Blade and Raven flip back to available at the end of the action phase (seed 000 p.16)."""
    for dom in state["dominance"].values():
        dom["used"] = False
