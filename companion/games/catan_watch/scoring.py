"""Victory points, the three ways the game ends, and the tie-breaks (seed 004 p.8)."""

from __future__ import annotations

from typing import Any, cast

from ... import sealed
from ...i18n import N_, tr
from ..base import Ctx, State
from . import profile as prof
from .options import CatanOptions, checks_38
from .steps import step

WIN_VP = 10  # seed 004 p.8
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
    if CatanOptions.of(state).tie_left == "any":
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


FINAL_VP = "final-vp"  # the one sealed prompt of the end: hidden victory point cards


def unplayed_dev(state: State, seat: str) -> int:
    """Development cards bought and not yet played or revealed: the most victory point cards the
    player can still hold hidden (seed 004 p.4: they stay hidden until revealed)."""
    p = state["players"][seat]
    return cast("int", max(0, p["dev_bought"] - p["rangers"] - p.get("progress", 0) - p["vp_cards"]))


def reveal_counts(state: State, seat: str) -> list[int]:
    """How many victory point cards ``seat`` may reveal now (the phone offers only these): each count
    that brings it to 10 VP, up to its development cards not played; a table stored before the
    checks of issue 38 offers 1-5 as it always did."""
    if not checks_38(state):
        return list(range(1, 6))
    have = min(unplayed_dev(state, seat), 5)
    return list(range(max(1, WIN_VP - vp(state, seat)), have + 1))


def to_ask(state: State, reason: str) -> list[str]:
    """Who reveals after a Wall ending: VP only separate players with as many guards as another
    (seed 004 p.8, ties), and hidden victory point cards may be revealed after the end (p.4), so
    those tied players who may hold one (an unplayed development card) are asked, in seat order."""
    if reason not in ("breaches", "gift"):
        return []
    counts: dict[int, int] = {}
    for seat in state["seats"]:
        counts[guards_on_wall(state, seat)] = counts.get(guards_on_wall(state, seat), 0) + 1
    return [s for s in state["seats"] if counts[guards_on_wall(state, s)] > 1 and unplayed_dev(state, s) > 0]


def finish(state: State, ctx: Ctx, reason: str, winner: str | None = None) -> None:
    """End the game now (seed 004 p.8). At a Wall ending where players tie on guards and may hold
    hidden victory point cards, they are asked first (:func:`to_ask`); the result waits for them."""
    state["phase"] = "over"
    asked = to_ask(state, reason)
    step(state, ctx, "end", N_("Game over: %(reason)s"), reason=tr(END_REASONS[reason]))
    if not asked:
        decide(state, ctx, reason, winner)
        return
    sealed.open_prompt(state, FINAL_VP, asked, kind="final_vp", title=N_("Reveal your hidden victory point cards"),
                       spec={"max": {s: unplayed_dev(state, s) for s in asked}})
    state["end"] = {"reason": reason, "winners": [], "ranking": [], "reveal": FINAL_VP}
    step(state, ctx, "final_vp", N_("Tied on guards: the result waits for %(names)s to reveal their hidden "
                                    "victory point cards"), names=", ".join(ctx.name(s) for s in asked))


def revealing(state: State) -> sealed.Prompt | None:
    """The end's open reveal prompt, if the result still waits for it."""
    end = state.get("end") or {}
    pid = end.get("reveal")
    if not pid or pid not in state.get("prompts", {}):
        return None
    prompt = sealed.get(state, pid)
    return prompt if sealed.is_open(prompt) else None


def decide(state: State, ctx: Ctx, reason: str, winner: str | None = None) -> None:
    """Record the ranking and the winners (seed 004 p.8)."""
    rows = ranking(state, reason, winner)
    winners = [r["seat"] for r in rows if r["place"] == 1]
    revealed = (state.get("end") or {}).get("reveal")
    state["end"] = {"reason": reason, "winners": winners, "ranking": rows,
                    **({"reveal": revealed} if revealed else {})}
    if len(winners) == 1:
        step(state, ctx, "winner", N_("%(who)s wins"), who=winners[0])
    else:
        step(state, ctx, "winner", N_("Shared victory: %(names)s"),
             names=", ".join(ctx.name(s) for s in winners))
