"""The wildling side of the game: migration, advance, clearings, breaches, attacks, and the Wall.

Everything here works on the state dict and the table's board profile, so the same code runs the
base game and any other frame. Each elementary move is recorded as a *step* (:mod:`.steps`:
shown on the shared screen so the table can copy it onto the physical board, and a game-log line).
When the game ends at once (third breach, more than 7 wildlings in the Gift) :class:`GameEnded`
stops the resolution: nothing after that moment happens (seed 004 p.8).
"""

from __future__ import annotations

from typing import Any, cast

from ...i18n import N_
from ..base import Ctx, RuleError, State
from . import profile as prof
from .cite import GUARDS, PROFILE
from .options import CatanOptions
from .scoring import finish, guards_on_wall
from .steps import label, step, wname

BREACHES_TO_END = 3  # seed 004 p.8: the third breach ends the game
GIFT_LIMIT = 7  # seed 004 p.8: more than 7 wildlings in the Gift end it


class GameEnded(Exception):
    """The game ended in the middle of a resolution; the caller stops there."""


# -- the Wall ---------------------------------------------------------------------------------
def update_guard_tokens(state: State, ctx: Ctx) -> None:
    """3+ guards on the Wall hold 1 VP token, 5+ hold 2; below a threshold the token goes back
    (seed 004 p.8, building a guard)."""
    for seat in state["seats"]:
        count = guards_on_wall(state, seat)
        tokens = (count >= 3) + (count >= 5)
        player = state["players"][seat]
        if tokens > player["guard_tokens"]:
            step(state, ctx, "vp_token", N_("%(who)s takes a guard VP token (%(count)s guards on the Wall)"),
                 who=seat, count=count)
        elif tokens < player["guard_tokens"]:
            step(state, ctx, "vp_token", N_("%(who)s returns a guard VP token (%(count)s guards on the Wall)"),
                 who=seat, count=count)
        player["guard_tokens"] = tokens


def place_guard(state: State, ctx: Ctx, seat: str, sid: str) -> int:
    """A new guard takes the lowest free space of the chosen section (seed 004 p.8). Guards are
    always packed from space 1 (removals shift the rest down), so the lowest free space is the
    next one. Returns the space number."""
    section = prof.section(state["profile"], sid)
    owners = state["wall"][sid]
    if len(owners) >= section["spaces"]:
        raise RuleError("%(section)s has no free guard space.", PROFILE, entry="guard-spaces", status=409, section=section["name"])
    player = state["players"][seat]
    if player["guards_supply"] <= 0:
        raise RuleError("All 7 of your guards are on the Wall.", GUARDS, status=409)
    owners.append(seat)
    player["guards_supply"] -= 1
    step(state, ctx, "guard", N_("%(who)s places a guard on %(section)s, space %(space)s"),
         who=seat, section=label(section), space=len(owners))
    update_guard_tokens(state, ctx)
    return len(owners)


def _remove_front_guard(state: State, ctx: Ctx, section: dict[str, Any], why: str) -> str | None:
    """The guard on space 1 goes back to its owner; the others move down one space (seed 004 p.7)."""
    owners = state["wall"][section["id"]]
    if not owners:
        return None
    seat = owners.pop(0)
    state["players"][seat]["guards_supply"] += 1
    if why == "giant":
        msg = N_("The giant takes the guard of %(who)s from space 1 of %(section)s; it goes back to its owner")
    else:
        msg = N_("The guard of %(who)s on space 1 of %(section)s goes back to its owner")
    step(state, ctx, "guard_out", msg, who=seat, section=label(section))
    if owners:
        step(state, ctx, "guard_shift", N_("The other guards on %(section)s move down one space"),
             section=label(section))
    update_guard_tokens(state, ctx)
    return cast("str | None", seat)


# -- the Gift ---------------------------------------------------------------------------------
def gift_count(state: State) -> int:
    return sum(len(w) for w in state["gift"].values())


def _block(state: State, ctx: Ctx, section: dict[str, Any], kind: str) -> None:
    """A wildling crossing the Wall blocks the first hex south of that section without a wildling
    (seed 004 p.7). When every hex of that column is blocked the table option ``full_column`` says
    what happens (the rulebook is silent)."""
    hexes = {h["id"]: h for h in state["profile"]["hexes"]}
    free = next((h for h in section["hexes"] if not state["gift"][h]), None)
    if free is None:
        if CatanOptions.of(state).full_column == "frostfangs":
            state["frostfangs"][kind] += 1
            step(state, ctx, "back", N_("Every hex south of %(section)s is blocked: the %(wildling)s goes back "
                                        "to the Frostfangs"), section=label(section), wildling=wname(kind))
            return
        free = section["hexes"][-1]
    state["gift"][free].append(kind)
    step(state, ctx, "block", N_("%(wildling)s crosses %(section)s and blocks %(hex)s"),
         wildling=wname(kind), section=label(section), hex=label(hexes[free]))


def check_sudden_end(state: State, ctx: Ctx) -> None:
    """The third breach, or an 8th wildling in the Gift, ends the game at once (seed 004 p.8)."""
    reasons = []
    if state["breaches"] >= BREACHES_TO_END:
        reasons.append("breaches")
    if gift_count(state) > GIFT_LIMIT:
        reasons.append("gift")
    if reasons:
        finish(state, ctx, reasons[0])
        raise GameEnded()


def breach(state: State, ctx: Ctx, section: dict[str, Any]) -> None:
    """Breach: the space-1 guard goes home, the others close up, every wildling in the clearing
    jumps the Wall one at a time, and the breach marker moves one space (seed 004 p.7)."""
    step(state, ctx, "breach", N_("Breach at %(section)s!"), section=label(section))
    _remove_front_guard(state, ctx, section, "breach")
    clearing = state["clearings"][section["clearing"]]
    while clearing:
        _block(state, ctx, section, clearing.pop(0))
    state["breaches"] += 1
    step(state, ctx, "breach_marker", N_("The breach marker moves to %(count)s"), count=state["breaches"])
    check_sudden_end(state, ctx)


def arrive(state: State, ctx: Ctx, kind: str, clearing_id: str) -> None:
    """What a wildling does on reaching a clearing, by type (seed 004 p.7)."""
    profile = state["profile"]
    section = prof.section_of_clearing(profile, clearing_id)
    guards = state["wall"][section["id"]]
    if kind == "climber":
        step(state, ctx, "climber", N_("The climber jumps %(section)s at once (no breach)"),
             section=label(section))
        _block(state, ctx, section, kind)
        check_sudden_end(state, ctx)
        return
    if kind == "giant" and guards:
        _remove_front_guard(state, ctx, section, "giant")
        state["frostfangs"]["giant"] += 1
        step(state, ctx, "back", N_("The giant goes back to the Frostfangs"))
        return
    state["clearings"][clearing_id].append(kind)
    waiting = len(state["clearings"][clearing_id])
    if kind == "giant":
        step(state, ctx, "giant", N_("No guard defends %(section)s: the giant breaks through"),
             section=label(section))
        breach(state, ctx, section)
    elif waiting > len(guards):
        step(state, ctx, "outnumber", N_("%(count)s wildling at %(clearing)s; guards defending: %(guards)s"),
             _plural="%(count)s wildlings at %(clearing)s; guards defending: %(guards)s", count=waiting, clearing=label(prof_clearing(profile, clearing_id)), guards=len(guards))
        breach(state, ctx, section)
    else:
        step(state, ctx, "stay", N_("It waits at %(clearing)s (wildlings: %(count)s, guards: %(guards)s)"),
             clearing=label(prof_clearing(profile, clearing_id)), count=waiting, guards=len(guards))


def prof_clearing(profile: dict[str, Any], cid: str) -> dict[str, Any]:
    return next(c for c in profile["clearings"] if c["id"] == cid)


def _advance_from(state: State, ctx: Ctx, clan: dict[str, Any], camp: int, trail: dict[str, Any]) -> None:
    """The wildling in ``camp`` (0 = nearest the trails) walks ``trail`` to its clearing."""
    kind = state["clans"][clan["id"]].pop(camp)
    step(state, ctx, "advance", N_("%(wildling)s from %(clan)s, camp %(camp)s, walks trail %(trail)s to %(clearing)s"),
         wildling=wname(kind), clan=label(clan), camp=camp + 1, trail=trail["number"],
         clearing=label(prof_clearing(state["profile"], trail["clearing"])))
    arrive(state, ctx, kind, trail["clearing"])


def advance(state: State, ctx: Ctx, number: int) -> None:
    """The wildling die: the front wildling of the trail's clan walks it; the rest move up one camp.
    No such trail, or nobody in that clan: nothing happens (seed 004 p.7)."""
    profile = state["profile"]
    trail = prof.trail(profile, number)
    if trail is None:
        step(state, ctx, "quiet", N_("Wildling die %(number)s: no trail has this number"), number=number)
        return
    clan = prof.clan(profile, trail["clan"])
    if not state["clans"][clan["id"]]:
        step(state, ctx, "quiet", N_("Wildling die %(number)s: no wildling in %(clan)s"), number=number,
             clan=label(clan))
        return
    _advance_from(state, ctx, clan, 0, trail)
    if state["clans"][clan["id"]]:
        step(state, ctx, "close_up", N_("The wildlings of %(clan)s move up one camp"), clan=label(clan))


def attack(state: State, ctx: Ctx, clan: dict[str, Any]) -> None:
    """Wildling attack: the two front camps advance at once, one along the clan's lowest-numbered
    trail and one along its highest; then the rest move up (seed 004 p.7). Which of the two front
    camps takes the lower trail is the table option ``attack_low`` (the wording is ambiguous)."""
    trails = prof.clan_trails(state["profile"], clan["id"])
    low, high = trails[0], trails[-1]
    step(state, ctx, "attack", N_("Wildling attack from %(clan)s!"), clan=label(clan))
    # Camp indices after each pop: take the camp that goes first, then the other one becomes camp 0.
    if CatanOptions.of(state).attack_low == "camp1":
        _advance_from(state, ctx, clan, 0, low)
        _advance_from(state, ctx, clan, 0, high)
    else:
        _advance_from(state, ctx, clan, 1, low)
        _advance_from(state, ctx, clan, 0, high)
    step(state, ctx, "close_up", N_("The other wildlings of %(clan)s fill camps 1 to %(count)s"),
         clan=label(clan), count=len(state["clans"][clan["id"]]))


def migrate(state: State, ctx: Ctx, kind: str, clan_id: str) -> None:
    """A revealed token: that wildling leaves the Frostfangs for the back of the clan's line; a
    newcomer that finds every camp full starts a wildling attack (seed 004 p.7-8)."""
    clan = prof.clan(state["profile"], clan_id)
    if state["frostfangs"][kind] <= 0:
        # The rulebook is silent (p.8): the table option says whether another figure goes instead.
        others = [w for w in prof.WILDLINGS if w != kind and state["frostfangs"][w] > 0]
        if CatanOptions.of(state).migrate_out != "substitute" or not others:
            step(state, ctx, "none_left", N_("No %(wildling)s is left in the Frostfangs: nothing migrates"),
                 wildling=wname(kind))
            return
        step(state, ctx, "none_left", N_("No %(wildling)s is left in the Frostfangs: a %(other)s migrates "
                                         "instead (table option)"), wildling=wname(kind), other=wname(others[0]))
        kind = others[0]
    state["frostfangs"][kind] -= 1
    line = state["clans"][clan_id]
    line.append(kind)
    step(state, ctx, "migrate", N_("%(wildling)s migrates from the Frostfangs to %(clan)s, camp %(camp)s"),
         wildling=wname(kind), clan=label(clan), camp=len(line))
    if len(line) > clan["camps"]:
        attack(state, ctx, clan)

