"""What the screen and the phones see of the generic table, as pure functions of the state: the
screen shows a prompt's answers only once it is revealed; a phone sees its own open prompts."""

from __future__ import annotations

from typing import Any, NotRequired, cast

from ... import sealed
from ..base import State
from .moves import ranked


class PromptView(sealed.PublicPrompt):
    """A prompt on the TV: once revealed, the answers in reading order and the votes per choice."""

    ranked: NotRequired[list[tuple[str, Any]]]
    tally: NotRequired[dict[str, int] | None]


def _prompts(state: State) -> list[sealed.Prompt]:
    return sorted(state["prompts"].values(), key=lambda p: int(p["id"][1:]), reverse=True)


def public(state: State) -> dict[str, Any]:
    prompts = []
    for p in _prompts(state)[:6]:
        view = cast(PromptView, {**sealed.public(p)})
        if p["revealed"]:
            view["ranked"] = ranked(p)
            view["tally"] = _tally(p)
        prompts.append(view)
    return {
        "seats": state["seats"],
        "labels": state["labels"],
        "counters": state["counters"],
        "values": state["values"],
        "shared": state["shared"],
        "rolls": list(reversed(state["rolls"])),
        "prompts": prompts,
        "waiting_for": waiting_for(state),
    }


def _tally(prompt: sealed.Prompt) -> dict[str, int] | None:
    if prompt["spec"]["kind"] != "choice":
        return None
    tally = dict.fromkeys(prompt["spec"]["choices"], 0)
    for value in prompt["answers"].values():
        tally[value] += 1
    return tally


def private(state: State, seat: str) -> dict[str, Any]:
    return {"prompts": [sealed.private(p, seat) for p in sealed.open_for(state, seat)]}


def waiting_for(state: State) -> list[str]:
    waiting: list[str] = []
    for p in state["prompts"].values():
        waiting += [s for s in sealed.waiting(p) if s not in waiting]
    return waiting


def progress_free(view: dict[str, Any]) -> dict[str, Any]:
    """A view without who has answered: the phone template shows neither its prompts' ``answered``
    and ``waiting`` nor ``waiting_for`` (only whether it is this seat's move). See companion.progress."""
    prompts = [sealed.without_progress(p) for p in view.get("prompts", [])]
    return {**{k: v for k, v in view.items() if k != "waiting_for"}, "prompts": prompts}
