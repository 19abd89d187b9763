"""The moves the table copies onto the physical board: each is a numbered *step* on the shared
screen (so it can be animated) and a game-log line; profile names become translatable parameters."""

from __future__ import annotations

from typing import Any

from ...i18n import tr
from ..base import Ctx, State
from .names import WILDLING_NAMES


def wname(kind: str) -> dict[str, str]:
    return tr(WILDLING_NAMES[kind])


def step(state: State, ctx: Ctx, kind: str, msg: str, **params: Any) -> None:
    """Record one move for the screen (numbered, so it can be animated) and for the game log."""
    if "who" in params:
        seat = params["who"]
        params = {**params, "who": ctx.name(seat)}
    else:
        seat = None
    state["step_seq"] += 1
    state["steps"].append({"n": state["step_seq"], "kind": kind, "msg": msg, "params": params, "seat": seat})
    ctx.log(msg, **params)


NAME = "name"


def label(entry: dict[str, Any]) -> dict[str, str]:
    """A profile name as a log/view parameter (translated when it is one of the default names)."""
    return tr(entry[NAME])
