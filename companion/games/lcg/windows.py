"""Opportunity rounds and the action-window stack (seed 003 Page 6-10).

A *round* is one trip of the opportunity around the table: a player-action segment, a save/cancel
round or a response round. It starts at a given seat, moves clockwise, and ends when every player
has passed consecutively; an action (or response) by someone resets the streak and hands the
opportunity to the player on that someone's left (seed 003 Page 6 and Page 14).

A *node* is one entry of the window stack: the window a player action or a framework box opens
(the root), or, nested on top of it, a response, a save/cancel response or a passive ability being
walked through its own save/cancel round (seed 003 Page 7-8, steps 2, 4 and 5).
"""

from __future__ import annotations

from typing import Any, cast

Round = dict[str, Any]
Node = dict[str, Any]

MAX_DEPTH = 12


def clockwise(seats: list[str], start: str) -> list[str]:
    """The seats in clockwise order beginning with ``start`` (seats are listed clockwise)."""
    i = seats.index(start)
    return seats[i:] + seats[:i]


def left_of(seats: list[str], seat: str) -> str:
    """The next player clockwise: 'the player to the left' in the FAQ (seed 003 Page 6)."""
    return seats[(seats.index(seat) + 1) % len(seats)]


def new_round(state: dict[str, Any], kind: str, start: str, akind: str, exempt: str | None = None) -> Round:
    """Open a round of ``kind`` ('actions', 'save' or 'responses') with ``start`` holding it first."""
    state["opp"] += 1
    return {
        "type": kind,
        "order": clockwise(state["seats"], start),
        "i": 0,
        "passes": 0,
        "passed": [],
        "akind": akind,
        "exempt": exempt,
        "opp": state["opp"],
        "rid": state["opp"],
        "ahead": [],
    }


def holder(rnd: Round) -> str:
    return cast("str", rnd["order"][rnd["i"] % len(rnd["order"])])


def done(rnd: Round) -> bool:
    """All players passed consecutively (seed 003 Page 6: 'até todos os jogadores passarem')."""
    return bool(rnd["passes"] >= len(rnd["order"]))


def do_pass(state: dict[str, Any], rnd: Round) -> None:
    """The holder passes: the streak grows and the opportunity moves clockwise."""
    rnd["passed"].append(holder(rnd))
    rnd["passes"] += 1
    rnd["i"] += 1
    state["opp"] += 1
    rnd["opp"] = state["opp"]


def reopen_after(state: dict[str, Any], rnd: Round, actor: str) -> None:
    """Someone acted: the streak restarts and the player on the actor's left holds the opportunity.

    A player who had passed may act again when the opportunity comes back (seed 003 Page 14).
    """
    rnd["i"] = rnd["order"].index(actor) + 1
    rnd["passes"] = 0
    rnd["passed"] = []
    state["opp"] += 1
    rnd["opp"] = state["opp"]
    fresh_countdown(rnd)


def restart_streak(state: dict[str, Any], rnd: Round) -> None:
    """A passive resolved mid-round: new response opportunities may exist, so everyone may answer
    again; the holder keeps the opportunity (seed 003 Page 7, 'portas' stay open until step 6)."""
    rnd["passes"] = 0
    rnd["passed"] = []
    state["opp"] += 1
    rnd["opp"] = state["opp"]
    fresh_countdown(rnd)


def fresh_countdown(rnd: Round) -> None:
    """Someone acted or a passive resolved: new opportunities exist, so every pass placed ahead of
    turn is void and the countdown starts again for everyone (a new round id)."""
    rnd["rid"] = rnd["opp"]
    rnd["ahead"] = []
    rnd["waited"] = []
    rnd["quiet"] = []


def new_node(state: dict[str, Any], kind: str, *, label: Any, initiator: str | None, akind: str,
             events: list[str] | None = None, box: str | None = None, effect: str | None = None) -> Node:
    """A stack entry. Roots are 'action' or 'framework'; nested ones 'save', 'response', 'passive'."""
    state["seq"] += 1
    return {
        "id": state["seq"],
        "kind": kind,
        "label": label,
        "initiator": initiator,
        "akind": akind,
        "box": box,
        "events": list(events or []),
        "ev": 0,
        "step": "input" if kind == "framework" else "save",
        "round": None,
        "queue": [],
        "ordering": False,
        "ordered": False,
        "cancelled": [],
        "effect": effect,
        "moribund": [],
    }


def current_event(node: Node | None) -> str | None:
    """The framework event a node is walking, or None (a player window, or past its events)."""
    if node and node["kind"] == "framework" and node["ev"] < len(node["events"]):
        event: str = node["events"][node["ev"]]
        return event
    return None


def current_round(state: dict[str, Any]) -> Round | None:
    """The round whose holder may act or pass right now, if any."""
    stack = state["stack"]
    if stack:
        top = stack[-1]
        if top["step"] in ("save", "responses") and top["round"] and not done(top["round"]):
            return cast("dict[str, Any] | None", top["round"])
        return None
    seg = state.get("segment")
    if seg and not done(seg):
        return cast("dict[str, Any] | None", seg)
    return None
