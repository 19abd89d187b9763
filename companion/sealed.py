"""Sealed prompts: simultaneous secret input with one atomic reveal.

A prompt lives inside a game's state under ``state["prompts"][id]``. Each asked seat answers
(and may change its answer) until the last answer arrives; that answer reveals every answer at
once. Because the server applies actions one at a time inside a write transaction, the reveal
happens exactly once. Only :func:`public` and :func:`private` may turn a prompt into something a
device sees: they are the single gate for these secrets.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NotRequired, TypedDict, cast

from .games.base import RuleError


class Prompt(TypedDict):
    """A prompt as stored in the state (docs/games-howto.md, "Sealed prompts"): ``answers`` maps
    each seat that answered to its value; they stay secret until ``revealed``."""

    id: str
    kind: str
    title: str
    title_params: dict[str, Any]
    asked: list[str]
    answers: dict[str, Any]
    revealed: bool
    closed: bool
    spec: dict[str, Any]


class PublicPrompt(TypedDict):
    """What every device may see of a prompt: who answered, never what, until the reveal."""

    id: str
    kind: str
    title: str
    title_params: dict[str, Any]
    asked: list[str]
    answered: list[str]
    waiting: list[str]
    revealed: bool
    closed: bool
    spec: dict[str, Any]
    answers: NotRequired[dict[str, Any]]  # only once revealed


class PrivatePrompt(PublicPrompt):
    """One seat's view: the public view plus that seat's own answer."""

    mine: Any
    asked_me: bool


def open_prompt(
    state: dict[str, Any],
    pid: str,
    asked: list[str],
    *,
    kind: str,
    title: str = "",
    title_params: dict[str, Any] | None = None,
    spec: dict[str, Any] | None = None,
) -> Prompt:
    """Open a prompt asking ``asked`` seats; ``spec`` carries what a valid answer is (game-defined).

    Ids are never reused (include the round or a counter): log lines of a secret refer to their
    prompt by id, and a reused id would unlock them at the wrong reveal.
    """
    prompts = state.setdefault("prompts", {})
    if pid in prompts:
        raise RuleError("A secret prompt with this name already exists.", "companion: sealed prompts")
    if not asked:
        raise RuleError("A secret prompt needs at least one seat to ask.", "companion: sealed prompts")
    prompt: Prompt = {
        "id": pid,
        "kind": kind,
        "title": title,
        "title_params": title_params or {},
        "asked": list(asked),
        "answers": {},
        "revealed": False,
        "closed": False,
        "spec": spec or {},
    }
    prompts[pid] = prompt
    return prompt


def get(state: dict[str, Any], pid: str) -> Prompt:
    try:
        return cast("Prompt", state.get("prompts", {})[pid])
    except KeyError:
        raise RuleError("There is no such secret prompt.", "companion: sealed prompts", status=404) from None


def answer(state: dict[str, Any], pid: str, seat: str, value: Any) -> bool:
    """Record ``seat``'s answer; returns True when this answer completed and revealed the prompt.

    The caller validates ``value`` first (the rules know what is legal); this only enforces who
    may answer and when.
    """
    prompt = get(state, pid)
    if prompt["revealed"] or prompt.get("closed"):
        raise RuleError("This secret prompt is already closed.", "companion: sealed prompts", status=409)
    if seat not in prompt["asked"]:
        raise RuleError("Your seat is not asked in this prompt.", "companion: sealed prompts", status=403)
    prompt["answers"][seat] = value
    if all(s in prompt["answers"] for s in prompt["asked"]):
        prompt["revealed"] = True
        return True
    return False


def close(state: dict[str, Any], pid: str) -> None:
    """Abandon a prompt without revealing it (e.g. the host cancels a vote). Answers are dropped."""
    prompt = get(state, pid)
    prompt["closed"] = True
    prompt["answers"] = {}


def is_open(prompt: Prompt) -> bool:
    return not prompt["revealed"] and not prompt.get("closed")


def waiting(prompt: Prompt) -> list[str]:
    """Seats still to answer (public: who, never what)."""
    if not is_open(prompt):
        return []
    return [s for s in prompt["asked"] if s not in prompt["answers"]]


def public(prompt: Prompt) -> PublicPrompt:
    """Everyone's view: who was asked and who has answered; the answers only after the reveal."""
    view: PublicPrompt = {
        "id": prompt["id"],
        "kind": prompt["kind"],
        "title": prompt["title"],
        "title_params": prompt["title_params"],
        "asked": list(prompt["asked"]),
        "answered": [s for s in prompt["asked"] if s in prompt["answers"]],
        "waiting": waiting(prompt),
        "revealed": prompt["revealed"],
        "closed": bool(prompt.get("closed")),
        "spec": prompt["spec"],
    }
    if prompt["revealed"]:
        view["answers"] = dict(prompt["answers"])
    return view


def private(prompt: Prompt, seat: str) -> PrivatePrompt:
    """One seat's view: the public view plus its own answer (never anyone else's)."""
    return {**public(prompt), "mine": prompt["answers"].get(seat), "asked_me": seat in prompt["asked"]}


def without_progress(view: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """A prompt's public or private view without who has answered (``answered``, ``waiting``), for a
    game's ``progress_free`` whose phone never shows them (companion.progress, issue #27)."""
    return None if view is None else {k: v for k, v in view.items() if k not in ("answered", "waiting")}


def open_for(state: dict[str, Any], seat: str) -> list[Prompt]:
    """Open prompts that ask ``seat`` (answered or not: it may still change its answer)."""
    return [p for p in state.get("prompts", {}).values() if is_open(p) and seat in p["asked"]]


def is_revealed(state: dict[str, Any], pid: str | None) -> bool:
    """True when the prompt ``pid`` exists and has been revealed (used to unlock secret log lines)."""
    if pid is None:
        return False
    prompt = state.get("prompts", {}).get(pid)
    return bool(prompt and prompt["revealed"])
