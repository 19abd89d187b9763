"""The board profile on a table (seed 004 p.6): building the board-derived state from a profile,
and a corrected frame, installed at once before the first guard or switched in at the next roll so
a turn in progress is never re-judged on a different frame. Used by the setup (``game.py``) and by
the moves that correct the profile (``moves.py``).
"""

from __future__ import annotations

from typing import Any, cast

from ...i18n import N_
from ..base import Ctx, RuleError, State
from . import profile as prof
from . import scoring, tokens, turns, wall
from .cite import SETUP_HEROES, SETUP_WILDLINGS
from .options import CatanOptions
from .steps import step

GUARDS_EACH = 7  # seed 004 p.6


def profile_names(profile: dict[str, Any], key: str) -> dict[str, str]:
    return {e["id"]: e["name"] for e in profile[key]}


def install(state: State, profile: dict[str, Any]) -> None:
    """(Re)build every board-derived part of the state from a validated profile (seed 004 p.6:
    guards, heroes by seat)."""
    state["profile"] = profile
    state["clans"] = {c["id"]: [] for c in profile["clans"]}
    state["clearings"] = {c["id"]: [] for c in profile["clearings"]}
    state["gift"] = {h["id"]: [] for h in profile["hexes"]}
    state["wall"] = {s["id"]: [] for s in profile["sections"]}
    state["frostfangs"] = dict(profile["frostfangs"])
    state["tokens"] = {"pool": tokens.fresh_pool(profile), "used": {}}
    starting = profile["starting_heroes"].get(str(len(state["seats"])))
    if starting is None:
        raise RuleError("This board profile has no setup for %(count)s players.", SETUP_HEROES,
                        count=len(state["seats"]))
    state["players"] = {
        seat: {"settlements": 0, "keeps": 0, "roads": 0, "guards_supply": GUARDS_EACH, "guard_tokens": 0,
               "dev_bought": 0, "rangers": 0, "vp_cards": 0, "progress": 0,
               "turn_dev": {"turn": 0, "bought": 0, "played": False, "vp": 0},
               "hero": {"id": starting[i], "side": "A", "taken_turn": 0, "used_turn": None}}
        for i, seat in enumerate(turns.order(state))
    }


def check_tokens_option(state: State) -> None:
    """Digital tokens are drawn from the profile's token mix: refused without one (seed 004 p.6)."""
    if CatanOptions.of(state).tokens == "digital" and not state["tokens"]["pool"]:
        raise RuleError("Digital wildling tokens need a board profile with a token mix.", SETUP_WILDLINGS)


def early(state: State) -> bool:
    """Before the first guard: nothing on the Wall or in the wilds yet, the frame is simply replaced."""
    return state["phase"] == "setup" and not any(state["wall"].values())


def current(state: State) -> dict[str, Any]:
    """The frame corrections build on: a correction waiting for the next roll, else the current one."""
    return cast("dict[str, Any]", state.get("pending_profile") or state["profile"])


def set_frame(state: State, ctx: Ctx, profile: dict[str, Any]) -> None:
    """Install a corrected frame now (before any guard), else from the next roll, so a turn in
    progress is never re-judged on a different frame. Logged either way."""
    if early(state):
        counts = {s: (p["settlements"], p["roads"]) for s, p in state["players"].items()}
        install(state, profile)
        for s, (settlements, roads) in counts.items():
            state["players"][s].update(settlements=settlements, roads=roads)
        return
    state["pending_profile"] = profile
    ctx.log(N_("The corrected frame applies from the next roll"))


def apply_pending(state: State, ctx: Ctx) -> None:
    """At a roll: switch to the corrected frame, keeping every figure that still has a place.
    Wildlings whose camp, clearing or hex is gone go back to the Frostfangs; guards beyond a
    section's spaces return to their owners (a logged correction, like any other)."""
    profile = state.pop("pending_profile")
    back = dict.fromkeys(prof.WILDLINGS, 0)

    def keep(old: dict[str, list[str]], ids: list[str], limit: dict[str, int]) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for key in ids:
            line = old.get(key, [])
            out[key] = line[:limit.get(key, len(line))]
            for w in line[len(out[key]):]:
                back[w] += 1
        for key, line in old.items():
            if key not in out:
                for w in line:
                    back[w] += 1
        return out

    state["profile"] = profile
    state["clans"] = keep(state["clans"], [c["id"] for c in profile["clans"]],
                          {c["id"]: c["camps"] for c in profile["clans"]})
    state["clearings"] = keep(state["clearings"], [c["id"] for c in profile["clearings"]], {})
    state["gift"] = keep(state["gift"], [h["id"] for h in profile["hexes"]], {})
    old_wall = state["wall"]
    state["wall"] = {sec["id"]: list(old_wall.get(sec["id"], []))[:sec["spaces"]] for sec in profile["sections"]}
    for w, n in back.items():
        state["frostfangs"][w] = state["frostfangs"].get(w, 0) + n
    for seat in state["seats"]:
        state["players"][seat]["guards_supply"] = GUARDS_EACH - scoring.guards_on_wall(state, seat)
    step(state, ctx, "frame", N_("The corrected frame applies now (%(count)s wildling back to the Frostfangs)"),
         _plural="The corrected frame applies now (%(count)s wildlings back to the Frostfangs)",
         count=sum(back.values()))
    wall.update_guard_tokens(state, ctx)
