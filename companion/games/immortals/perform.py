"""Performing a revealed card: costs, income and effects of every action (seed 001 p.9-12).

Each handler validates first, then pays and applies. A refusal changes nothing, so a player who
cannot pay can instead decline the card and take the compensation (seed 001 p.9).
"""

from __future__ import annotations

from typing import Any, cast

from ...i18n import N_
from ...moves import among
from ..base import Ctx, RuleError
from . import cite
from .battle import inhabitants_side, prepare_tray, relation
from .board import (
    add_armies,
    area_of,
    armies_of,
    check_location,
    require_armies,
    set_cell,
    split,
    twin,
)
from .cards import card_location
from .data import BUILDINGS, REALMS, tribes
from .labels import SIDES, msg, rname, where, word
from .options import ImmortalsOptions
from .params import Perform, number
from .scoring import BUILD_VP

#: Fixed costs (energy, gold), seed 001 p.9-12.
COSTS = {
    "transition3": (2, 1),
    "move": (0, 1),
    "demon_temple": (2, 0),
    "night_elf_attack": (2, 1),
    "troll_attack": (1, 2),
    "transition5": (4, 1),
    "conflict_or_first": (0, 1),
    "dominate_or_temple": (2, 2),
    "conflict2_or_transition2": (0, 2),
}
COST_PAGES = {"transition3": 9, "move": 11, "demon_temple": 11, "night_elf_attack": 11,
              "troll_attack": 11, "transition5": 12, "conflict_or_first": 12,
              "dominate_or_temple": 12, "conflict2_or_transition2": 12}
ATTACKS = ("attack", "night_elf_attack", "troll_attack")


def pay(state: dict[str, Any], seat: str, energy: int, gold: int, rule: str) -> None:
    """Take a cost from the player, refusing when it cannot be paid (issue #6; seed 001 p.9)."""
    p = state["players"][seat]
    if p["energy"] < energy or p["gold"] < gold:
        raise RuleError("This costs %(energy)s energy and %(gold)s gold; you have %(have_e)s and %(have_g)s.",
                        rule, energy=energy, gold=gold, have_e=p["energy"], have_g=p["gold"])
    p["energy"] -= energy
    p["gold"] -= gold


def pay_fixed(state: dict[str, Any], seat: str, what: str) -> None:
    energy, gold = COSTS[what]
    pay(state, seat, energy, gold, cite.both(COST_PAGES[what]))


def compensate(state: dict[str, Any], ctx: Ctx, seat: str, take: str, why: str) -> None:
    """1 gold or 1 energy for an action not done, and for each turn after passing (seed 001 p.9, p.15)."""
    state["players"][seat][take] += 1
    ctx.log(N_("%(who)s takes 1 %(res)s (%(why)s)"), who=ctx.name(seat), res=msg(word(take)), why=msg(word(why)))


def draw_conflict(state: dict[str, Any], ctx: Ctx, seat: str, count: int = 1) -> int:
    """Draw from the conflict deck, chosen at draw time with the event's seeded RNG.

    The rulebook does not say what happens when the deck runs out: the discards are shuffled back
    in (companion rule), and a draw from an empty deck and discard simply gets nothing.
    """
    got = 0
    for _ in range(count):
        if not state["deck"] and state["discard"]:
            state["deck"], state["discard"] = sorted(state["discard"]), []
        if not state["deck"]:
            break
        card = ctx.rng.choice(state["deck"])
        state["deck"].remove(card)
        state["players"][seat]["conflict"].append(card)
        got += 1
    ctx.log(N_("%(who)s draws %(count)s conflict card"), _plural="%(who)s draws %(count)s conflict cards",
            who=ctx.name(seat), count=got)
    return got


def take_region_card(state: dict[str, Any], ctx: Ctx, seat: str, rid: str) -> None:
    """The region card goes to ``seat`` from its holder, even from a planning board (seed 001 p.13)."""
    holder = state["region_cards"].get(rid)
    if holder == seat:
        return
    state["region_cards"][rid] = seat
    ctx.log(N_("%(who)s takes the region card %(region)s"), who=ctx.name(seat), region=rname(state, rid))
    if holder:
        plan = state["players"][holder].get("plan")
        if plan:
            for i, card in enumerate(plan["army"]):
                if card and card.startswith(f"r:{rid}:"):
                    plan["army"][i] = "lost:" + card  # revealed later as a card that cannot act


def return_region_card(state: dict[str, Any], rid: str) -> None:
    """A tie puts the region card back in the deck (seed 001 p.14): its former holder may have it
    planned; that card can no longer act (checked again when any card-space is performed)."""
    holder = state["region_cards"].get(rid)
    state["region_cards"][rid] = None
    plan = state["players"][holder].get("plan") if holder else None
    if plan:
        for i, card in enumerate(plan["army"]):
            if card and card.startswith(f"r:{rid}:"):
                plan["army"][i] = "lost:" + card


def place(state: dict[str, Any], seat: str, raw: Any, realm: str | None, limit: int,
           rule: str) -> dict[str, int]:
    """Read ``place`` ({location: n} or ["loc=n", ...]; a form's ``place_<location>`` fields are
    collected into it, :class:`.params.Placing`) for armies sent from a limbo to own regions."""
    if isinstance(raw, list):
        pairs: dict[str, Any] = {}
        for item in raw:
            k, _, v = str(item).partition("=")
            pairs[k] = v
        raw = pairs
    if not isinstance(raw, dict) or not raw:
        raise RuleError("Say where the armies go.", rule)
    out: dict[str, int] = {}
    for k, v in raw.items():
        location = check_location(k)
        n = number(v, 0, 45, rule, "n")
        if n:
            out[location] = out.get(location, 0) + n
    realms = {split(k)[0] for k in out}
    if realm is None and len(realms) == 1:
        realm = realms.pop()
    if any(split(k)[0] != realm for k in out):
        raise RuleError("Armies from a limbo go to regions of that limbo's realm.", rule)
    if sum(out.values()) > limit:
        raise RuleError("You may place at most %(count)s army here.", rule,
                        _plural="You may place at most %(count)s armies here.", count=limit)
    for k in out:
        if armies_of(state, seat, k) < 1:
            raise RuleError("You need at least one army in %(region)s.", rule, region=k)
    return out


def from_limbo(state: dict[str, Any], ctx: Ctx, seat: str, placed: dict[str, int]) -> None:
    p = state["players"][seat]
    for location, n in placed.items():
        realm = split(location)[0]
        p["limbo"][realm] -= n
        add_armies(state, seat, location, n)
        ctx.log(N_("%(who)s brings %(count)s army from limbo to %(region)s (%(realm)s)"), who=ctx.name(seat),
                _plural="%(who)s brings %(count)s armies from limbo to %(region)s (%(realm)s)",
                count=n, **where(state, location))


# -- army spaces ---------------------------------------------------------------------------------
def extract(state: dict[str, Any], ctx: Ctx, seat: str, location: str, resource: str, action: Perform) -> None:
    """Take the gold or energy printed on the region card for that realm (seed 001 p.9).

    When the profile lacks the printed value, the player enters it (``printed``) and the profile
    keeps it: the companion never invents a value.
    """
    require_armies(state, seat, location, 9)
    realm, rid = split(location)
    value = state["profile"]["regions"][rid][realm][resource]
    if value is None:
        if action.printed is None:
            raise RuleError("The %(res)s printed for %(region)s is not in the board profile yet: enter it.",
                            cite.both(9), res=resource, region=location)
        value = number(action.printed, 0, 30, cite.both(9), "printed")
        state["profile"]["regions"][rid][realm][resource] = value
        state["profile"]["regions"][rid]["sources"][f"{realm}.{resource}"] = "table"
    state["players"][seat][resource] += value
    ctx.log(N_("%(who)s extracts %(count)s %(res)s in %(region)s (%(realm)s)"), who=ctx.name(seat), count=value,
            res=msg(word(resource)), **where(state, location))


def transition(state: dict[str, Any], ctx: Ctx, seat: str, location: str, what: str) -> None:
    """Pay 2 energy + 1 gold: 3 armies from the limbo of that realm; fewer if the limbo has fewer
    (seed 001 p.9)."""
    require_armies(state, seat, location, 9)
    realm = split(location)[0]
    if _empty_limbo(state, ctx, seat, realm, what):
        return
    pay_fixed(state, seat, what)
    from_limbo(state, ctx, seat, {location: min(3, state["players"][seat]["limbo"][realm])})


def build_cost(state: dict[str, Any], seat: str, building: str, action: Perform) -> tuple[int, int]:
    """The tribe's printed cost; entered once (``cost_energy``/``cost_gold``) when unknown (seed 001 p.10).

    Costs are looked up on the light tribe, then the dark tribe; an entered cost is kept on the
    light tribe of the profile.
    """
    p = state["players"][seat]
    for realm in REALMS:
        c = state["profile"]["tribes"][p["tribes"][realm]]["costs"][building]
        if c is not None:
            return c["energy"], c["gold"]
    if action.cost_energy is None or action.cost_gold is None:
        raise RuleError("Your tribe's cost for this building is not in the profile yet: enter it.", cite.both(10))
    energy = number(action.cost_energy, 0, 30, cite.both(10), "cost_energy")
    gold = number(action.cost_gold, 0, 30, cite.both(10), "cost_gold")
    state["profile"]["tribes"][p["tribes"]["light"]]["costs"][building] = {"energy": energy, "gold": gold}
    return energy, gold


def can_build(state: dict[str, Any], location: str, building: str) -> None:
    """A temple or a capital per region, not both; one capital per area; one portal per region
    (seed 001 p.10)."""
    cell = state["board"][location]
    if building == "portal":
        if cell["portal"]:
            raise RuleError("There is already a portal here.", cite.both(10))
        return
    if cell["building"]:
        raise RuleError("A region holds a temple or a capital, not both.", cite.both(10))
    if building == "capital":
        realm, rid = split(location)
        for other_loc, other in state["board"].items():
            o_realm, o_rid = split(other_loc)
            if o_realm == realm and area_of(o_rid) == area_of(rid) and other["building"] == "capital":
                raise RuleError("There can be only one capital in each area.", cite.both(10))


def build(state: dict[str, Any], ctx: Ctx, seat: str, location: str, building: str,
          cost: tuple[int, int] | None, rule: str, action: Perform) -> None:
    """Build and score it at once: portal 1 VP, temple 1, capital 2 (seed 001 p.10)."""
    require_armies(state, seat, location, 10)
    can_build(state, location, building)
    energy, gold = cost if cost is not None else build_cost(state, seat, building, action)
    pay(state, seat, energy, gold, rule)
    cell = state["board"][location]
    if building == "portal":
        cell["portal"] = True
    else:
        cell["building"] = building
    state["players"][seat]["vp"] += BUILD_VP[building]
    ctx.log(N_("%(who)s builds a %(building)s in %(region)s (%(realm)s) (+%(vp)s VP)"), who=ctx.name(seat),
            building=msg(word(building)), vp=BUILD_VP[building], **where(state, location))


def move(state: dict[str, Any], ctx: Ctx, seat: str, location: str, action: Perform) -> None:
    """Pay 1 gold: move armies from the card's region to another region with own armies, leaving at
    least one (seed 001 p.11). The path (own regions, portals) is on the table, not checked here."""
    to = check_location(action.to, "to")
    have = armies_of(state, seat, location)
    if have < 2:
        raise RuleError("At least one army must stay behind.", cite.both(11))
    n = number(action.armies, 1, have - 1, cite.both(11), "armies")
    if to == location or armies_of(state, seat, to) < 1:
        raise RuleError("Armies move to another region holding at least one of your armies.", cite.both(11))
    pay_fixed(state, seat, "move")
    set_cell(state, location, seat, have - n)
    add_armies(state, seat, to, n)
    ctx.log(N_("%(who)s moves %(count)s army from %(region)s (%(realm)s) to %(region2)s (%(realm2)s)"),
            _plural="%(who)s moves %(count)s armies from %(region)s (%(realm)s) to %(region2)s (%(realm2)s)",
            who=ctx.name(seat), count=n, **where(state, location), **where(state, to, "2"))


def start_attack(state: dict[str, Any], ctx: Ctx, seat: str, card_loc: str, what: str, action: Perform) -> None:
    """Declare an attack (seed 001 p.10, p.13): from a region with own armies to an unoccupied one
    or one held by another player, in the same realm or through a portal to the twin. Adjacency is
    on the physical board and not checked. Opens the battle: the table drops the cubes next."""
    src = check_location(action.from_, "from")
    dst = check_location(action.to, "to")
    have = armies_of(state, seat, src)
    if have < 2:
        raise RuleError("At least one army must stay in the attacking region.", cite.both(13))
    n = number(action.armies, 1, have - 1, cite.both(13), "armies")
    if split(src)[0] != split(dst)[0] and not (dst == twin(src) and state["board"][src]["portal"]):
        raise RuleError("Attacks stay in one realm, or go through a portal to its twin region.", cite.both(10))
    target = state["board"][dst]
    if target["seat"] == seat:
        raise RuleError("You cannot attack your own region.", cite.both(10))
    if what in COSTS:
        pay_fixed(state, seat, what)
    defender = target["seat"] if target["armies"] > 0 else None
    defending = target["armies"] if defender else 0
    tray, change = prepare_tray(state["tray"])
    drop = dict(tray)
    drop[seat] = drop.get(seat, 0) + n
    if defender:
        drop[defender] = drop.get(defender, 0) + defending
    set_cell(state, src, seat, have - n)
    set_cell(state, dst, None, 0)
    side = inhabitants_side(card_loc, src, dst, defender is not None)
    state["tray"] = {}
    state["battle"] = {
        "attacker": seat, "defender": defender, "from": src, "to": dst, "moved": n,
        "defending": defending, "card_loc": card_loc, "relation": relation(card_loc, src, dst),
        "side": side, "tray_before": tray, "tray_change": change, "drop": drop, "kind": what,
    }
    ctx.log(N_("%(who)s attacks %(region2)s (%(realm2)s) from %(region)s with %(count)s army; inhabitants: %(side)s"),
            _plural="%(who)s attacks %(region2)s (%(realm2)s) from %(region)s with %(count)s armies; inhabitants: %(side)s",
            who=ctx.name(seat), count=n, side=msg(SIDES[side]), **where(state, src), **where(state, dst, "2"))


# -- magic spaces --------------------------------------------------------------------------------
def magic(state: dict[str, Any], ctx: Ctx, seat: str, kind: str, action: Perform) -> None:
    """The four magic cards (seed 001 p.12)."""
    rule = cite.both(12)
    if kind == "transition5":
        _magic_transition(state, ctx, seat, kind, action, 5, rule)
    elif kind == "conflict_or_first":
        choice = among(action.choice, ("draw", "first"), rule, "choice")
        pay_fixed(state, seat, kind)
        if choice == "draw":
            draw_conflict(state, ctx, seat, 1)
        else:
            # takes effect next round: the order does not change in the current round (seed 002 p.12;
            # seed 001 p.12 says "during the current game", read as a misprint, see docs/api.md)
            state["next_first"] = seat
            ctx.log(N_("%(who)s takes the first player marker for the next round"), who=ctx.name(seat))
    elif kind == "dominate_or_temple":
        choice = among(action.choice, ("temple", "dominate"), rule, "choice")
        location = check_location(action.region)
        if choice == "temple":
            build(state, ctx, seat, location, "temple", COSTS[kind], rule, action)
        else:
            dominate(state, ctx, seat, location)
    elif kind == "conflict2_or_transition2":
        choice = among(action.choice, ("draw", "transition"), rule, "choice")
        if choice == "draw":
            pay_fixed(state, seat, kind)
            draw_conflict(state, ctx, seat, 2)
        else:
            _magic_transition(state, ctx, seat, kind, action, 2, rule)


def _magic_transition(state: dict[str, Any], ctx: Ctx, seat: str, kind: str, action: Perform, most: int,
                      rule: str) -> None:
    """A magic card's transition (seed 001 p.12): up to ``most`` armies from the chosen realm's
    limbo to the seat's regions there; the card is paid once the placement is valid."""
    realm = among(action.realm, REALMS, rule, "realm")
    if _empty_limbo(state, ctx, seat, realm, kind):
        return
    placed = place(state, seat, action.place, realm, min(most, state["players"][seat]["limbo"][realm]), rule)
    pay_fixed(state, seat, kind)
    from_limbo(state, ctx, seat, placed)


def _empty_limbo(state: dict[str, Any], ctx: Ctx, seat: str, realm: str, kind: str) -> bool:
    """A transition (army space or magic card) from an empty limbo: paid, brings nothing, logged as
    a warning (the army space brings fewer armies when the limbo holds fewer, seed 001 p.9)."""
    if state["players"][seat]["limbo"][realm] > 0:
        return False
    pay_fixed(state, seat, kind)
    ctx.log(N_("Warning: %(who)s's %(realm)s limbo is empty; the transition was paid and brings no "
               "army"), who=ctx.name(seat), realm=msg(word(realm)))
    return True


def dominate(state: dict[str, Any], ctx: Ctx, seat: str, location: str) -> None:
    """Pay 2 energy + 2 gold; with more armies here than the other player has in the twin region,
    take this region's card (seed 001 p.12). An empty twin region: the ``dominate_empty`` option."""
    rule = cite.both(12)
    require_armies(state, seat, location, 12)
    realm, rid = split(location)
    if state["region_cards"].get(rid) == seat:
        raise RuleError("You already hold this region card.", rule)
    pay_fixed(state, seat, "dominate_or_temple")
    mine = armies_of(state, seat, location)
    other_cell = state["board"][twin(location)]
    theirs = other_cell["armies"] if other_cell["seat"] not in (None, seat) else 0
    empty = other_cell["seat"] in (None, seat) or other_cell["armies"] == 0
    if empty and ImmortalsOptions.of(state).dominate_empty == "nothing":
        ctx.log(N_("%(who)s cannot dominate %(region)s: no other player holds the twin region (table "
                   "option, p.12)"), who=ctx.name(seat), region=rname(state, rid))
    elif mine > theirs:
        take_region_card(state, ctx, seat, rid)
    else:
        ctx.log(N_("%(who)s fails to dominate %(region)s (%(mine)s against %(theirs)s)"), who=ctx.name(seat),
                region=rname(state, rid), mine=mine, theirs=theirs)


def tribe_action(state: dict[str, Any], seat: str) -> str:
    """The dark tribe's own army space (seed 001 p.11); "build" for tribes the text names none for."""
    return cast("str", tribes()[state["players"][seat]["tribes"]["dark"]].get("action", "build"))


def army_space(state: dict[str, Any], ctx: Ctx, seat: str, kind: str, card: str, action: Perform) -> bool:
    """Perform an army-space card; returns True when it opened a battle."""
    if kind == "tribe":
        kind = tribe_action(state, seat)
    location = card_location(card, action.wild_as)
    if kind in ("extract_gold", "extract_energy"):
        extract(state, ctx, seat, location, kind.split("_")[1], action)
    elif kind == "transition3":
        transition(state, ctx, seat, location, "transition3")
    elif kind == "build":
        building = among(action.building, BUILDINGS, cite.both(10), "building")
        build(state, ctx, seat, location, building, None, cite.both(10), action)
    elif kind == "demon_temple":
        build(state, ctx, seat, location, "temple", COSTS["demon_temple"], cite.both(11), action)
    elif kind in ATTACKS:
        start_attack(state, ctx, seat, location, kind, action)
        return True
    elif kind == "move_attack":
        mode = among(action.mode, ("move", "attack"), cite.both(11), "mode")
        if mode == "move":
            move(state, ctx, seat, location, action)
        else:
            start_attack(state, ctx, seat, location, "attack", action)
            return True
    else:
        raise RuleError("Unknown action space.", "companion: input", entry="companion-input")
    return False

