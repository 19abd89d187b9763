"""The three dice of a turn: two production d6 and the wildling d12 (seed 004 p.6).

Three ways to get them, a table option: digital (the event's seeded RNG), physical (the player types
what the real dice show), or balanced production dice: a deck of the 36 outcomes of two d6, drawn
one at a time and reshuffled when only ``balanced_left`` cards remain, so the sums follow the
expected frequencies closely. The deck is drawn lazily (never ordered in advance), so no export or
view can reveal a future roll.
"""

from __future__ import annotations

from typing import Any

from ...moves import whole
from ..base import Ctx, RuleError, State
from .cite import TURN
from .options import CatanOptions
from .params import Roll

OUTCOMES = 36
HISTORY = 12


def fresh_deck() -> list[int]:
    """Card i stands for red = i // 6 + 1, yellow = i % 6 + 1."""
    return list(range(OUTCOMES))


def roll(state: State, ctx: Ctx, p: Roll) -> dict[str, Any]:
    """Roll the two production d6 and the wildling d12 of a turn (seed 004 p.6), the way the
    table's dice option says; physical results are checked against the dice's faces."""
    mode = CatanOptions.of(state).dice
    typed = any(v is not None for v in (p.red, p.yellow, p.d12))
    if mode == "physical":  # each die within its faces: the model's declared ranges
        red = whole(p.red, TURN, "red")
        yellow = whole(p.yellow, TURN, "yellow")
        d12 = whole(p.d12, TURN, "d12")
    elif typed:
        raise RuleError("This table rolls digital dice; typed results are refused.", TURN, status=409)
    elif mode == "balanced":
        deck = state["deck"]
        card = ctx.rng.choice(deck)
        deck.remove(card)
        if len(deck) <= CatanOptions.of(state).balanced_left:
            state["deck"] = fresh_deck()
        red, yellow = card // 6 + 1, card % 6 + 1
        d12 = ctx.rng.randint(1, 12)
    else:
        red, yellow, d12 = ctx.rng.randint(1, 6), ctx.rng.randint(1, 6), ctx.rng.randint(1, 12)
    result = {"red": red, "yellow": yellow, "sum": red + yellow, "d12": d12, "how": mode,
              "turn": state["turn"], "seat": state["seats"][state["active"]]}
    state["dice"] = result
    state["rolls"] = (state["rolls"] + [result])[-HISTORY:]
    state["histogram"][str(red + yellow)] += 1
    luck = state.setdefault("luck", {}).setdefault(result["seat"], {"rolls": 0, "sevens": 0, "total": 0})
    luck["rolls"] += 1
    luck["sevens"] += red + yellow == 7
    luck["total"] += red + yellow
    state["d12_histogram"][str(d12)] += 1
    return result


def expected(total_rolls: int) -> dict[str, float]:
    """How often each production sum is expected after ``total_rolls`` rolls (for the histogram)."""
    ways = {s: 6 - abs(7 - s) for s in range(2, 13)}
    return {str(s): round(total_rolls * w / OUTCOMES, 2) for s, w in ways.items()}
