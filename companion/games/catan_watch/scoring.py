"""Victory points, the three ways the game ends, and the tie-breaks (seed 004 p.8)."""

from __future__ import annotations

from typing import Any

from ...i18n import N_, tr
from ..base import Ctx, State
from . import profile as prof
from .steps import step

NO_GUARD = 99  # sorts a player without any guard on the Wall after everyone who has one


def guards_on_wall(state: State, seat: str) -> int:
    return sum(owners.count(seat) for owners in state["wall"].values())


def vp_parts(state: State, seat: str) -> dict[str, int]:
    """Settlement 1, keep 2, Longest Road 1, Largest Patrol 1 (seed 004 p.8), guard VP tokens
    (p.8) and the victory point cards the player has revealed (p.4)."""
    p = state["players"][seat]
    return {
        "settlements": p["settlements"],
        "keeps": 2 * p["keeps"],
        "longest_road": int(state["longest_road"] == seat),
        "largest_patrol": int(state["largest_patrol"] == seat),
        "guard_tokens": p["guard_tokens"],
        "vp_cards": p["vp_cards"],
    }


def vp(state: State, seat: str) -> int:
    return sum(vp_parts(state, seat).values())


def oldest_guard(state: State, seat: str) -> tuple[int, int]:
    """(space, left rank) of the player's oldest guard: the lowest space in any section, then the
    one nearest the Frostfangs (seed 004 p.8). The table option ``tie_left`` says whether the
    "leftmost" step compares those oldest guards ("oldest") or any guard of the player ("any")."""
    left = prof.left_rank(state["profile"])
    spots = [(space + 1, left[sid]) for sid, owners in state["wall"].items()
             for space, owner in enumerate(owners) if owner == seat]
    if not spots:
        return (NO_GUARD, NO_GUARD)
    lowest = min(s for s, _ in spots)
    if state["options"]["tie_left"] == "any":
        return (lowest, min(x for _, x in spots))
    return (lowest, min(x for s, x in spots if s == lowest))


def _key(state: State, seat: str, by_guards: bool) -> tuple[int, ...]:
    space, left = oldest_guard(state, seat)
    head = (-guards_on_wall(state, seat),) if by_guards else ()
    return (*head, -vp(state, seat), space, left)


def ranking(state: State, reason: str, winner: str | None = None) -> list[dict[str, Any]]:
    """Final order. Ending at the Wall ranks by guards on the Wall, then the ties of p.8 (most VP,
    oldest guard, leftmost guard); ending with 10 VP puts the winner first, the rest by VP and the
    same tie-breaks. Players equal on every key share their place."""
    by_guards = reason in ("breaches", "gift")
    seats = sorted(state["seats"], key=lambda s: (s != winner, _key(state, s, by_guards)))
    rows: list[dict[str, Any]] = []
    for i, seat in enumerate(seats):
        key = (seat == winner, _key(state, seat, by_guards))
        place = i + 1
        if rows and rows[-1]["_key"] == key:
            place = rows[-1]["place"]
        space, _left = oldest_guard(state, seat)
        rows.append({"seat": seat, "place": place, "vp": vp(state, seat),
                     "guards": guards_on_wall(state, seat),
                     "oldest_space": None if space == NO_GUARD else space, "_key": key})
    for row in rows:
        del row["_key"]
    return rows


END_REASONS = {
    "breaches": N_("The Wall was breached for the third time"),
    "gift": N_("More than 7 wildlings are in the Gift"),
    "vp": N_("A player has 10 victory points at the end of their turn"),
}


def finish(state: State, ctx: Ctx, reason: str, winner: str | None = None) -> None:
    """End the game now and record the ranking (seed 004 p.8)."""
    rows = ranking(state, reason, winner)
    winners = [r["seat"] for r in rows if r["place"] == 1]
    state["phase"] = "over"
    state["end"] = {"reason": reason, "winners": winners, "ranking": rows}
    step(state, ctx, "end", N_("Game over: %(reason)s"), reason=tr(END_REASONS[reason]))
    if len(winners) == 1:
        step(state, ctx, "winner", N_("%(who)s wins"), who=winners[0])
    else:
        step(state, ctx, "winner", N_("Shared victory: %(names)s"),
             names=", ".join(ctx.name(s) for s in winners))
