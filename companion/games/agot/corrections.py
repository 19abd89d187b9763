"""Corrections and board bookkeeping, and their moves (:data:`MOVES`): what the physical board can
diverge on (design: "the pieces on the table are the truth").

Each is a logged action like any other, so undo and the game log see it, and each is allowed at
any time, even once the game is over (no procedure lists them). A seat keeps its own pieces
(control, units, power tokens); only the host corrects shared bookkeeping: power, neutral forces,
the wildling threat, supply, influence tracks, dominance tokens, the round marker, garrisons and
house cards.
"""

from __future__ import annotations

from typing import Any

from ...i18n import N_, tr
from ...moves import Checks, Handler, Move, Params, Who, among, whole, within
from ..base import Ctx, RuleError
from . import areas, names, power, tracks, wildlings
from . import board as board_data
from . import house_cards as hc
from . import params as P
from .options import checks_38

State = dict[str, Any]


def in_play(state: State, house: Any, key: str = "house") -> str:
    """A house named in an action must be one of the houses in this game (seed 000 p.4, p.27: the
    houses in play follow the number of players); the refusal says so, not just the field."""
    return among(house, state["houses"], "seed 000 p.4, p.27", key, entry="setup-houses",
                 why=N_("That house is not in play."))


def _h(house: str) -> dict[str, str]:
    return tr(names.HOUSES[house])


def _list(raw: Any) -> list[str]:
    """A list from JSON or from a form's comma-separated text."""
    if isinstance(raw, list):
        return [str(x).strip() for x in raw]
    if isinstance(raw, str):
        return [x.strip() for x in raw.split(",") if x.strip()]
    raise RuleError("List every house in play, first position first.", "seed 000 p.11", entry="tracks-overview")


def set_track(state: State, ctx: Ctx, action: P.SetTrack) -> None:
    """The order of one influence track; its dominance token follows position 1 (seed 000 p.10-11).

    A form may instead move one house to a position (``house`` + ``position``)."""
    ctx.actor.require_host()
    track = action.track
    if action.order not in (None, "", []):
        order = _list(action.order)
    else:
        house = in_play(state, action.house)
        pos = within(whole(action.position, "seed 000 p.10", "position"), 1, len(state["houses"]), "seed 000 p.10",
                     "position")
        order = [h for h in state["tracks"][track] if h != house]
        order.insert(pos - 1, house)
    tracks.set_track(state, track, order)
    for pos, h in enumerate(order, 1):
        ctx.log(N_("Host: %(track)s track, position %(n)s: %(house)s"), track=tr(names.TRACKS[track]), n=pos,
                house=_h(h))


def set_dominance(state: State, ctx: Ctx, action: P.SetDominance) -> None:
    """Who holds a dominance token and whether the Blade or Raven was used this round (seed 000 p.11-12, p.16)."""
    ctx.actor.require_host()
    token = action.token
    dom = state["dominance"][token]
    if action.holder not in (None, ""):
        dom["holder"] = in_play(state, action.holder, "holder")
    if action.used is not None and token != "iron_throne":
        dom["used"] = bool(action.used)
    ctx.log(N_("Host: %(token)s held by %(house)s (%(state)s)"), token=tr(names.TOKENS[token]),
            house=_h(dom["holder"]), state=tr(N_("used this round") if dom["used"] else N_("available")))


def set_round(state: State, ctx: Ctx, action: P.SetRound) -> None:
    """The round marker (seed 000 p.6-7): the game still ends after round 10."""
    ctx.actor.require_host()
    value = action.value
    state["round"] = value
    ctx.log(N_("Host: round marker set to %(n)s"), n=value)


def set_garrison(state: State, ctx: Ctx, action: P.SetGarrison) -> None:
    """A home area's garrison (seed 000 p.26-27): strength 0 removes it (it was defeated on the board)."""
    ctx.actor.require_host()
    b = board_data.load()
    area = action.area
    if not b.area(area).home:
        raise RuleError("Only a house's home area has a garrison.", "seed 000 p.26")
    strength = action.strength
    if strength:
        state["garrisons"][area] = strength
    else:
        state["garrisons"].pop(area, None)
    areas.recompute_control(state, area)
    ctx.log(N_("Host: garrison in %(area)s set to %(n)s"), area=names.label(names.AREAS[area]), n=strength)


def set_house_card(state: State, ctx: Ctx, action: P.SetHouseCard) -> None:
    """Move one house card between its owner's hand and discard pile (seed 000 p.18-19): the cards on
    the table are the truth. Discarding the last card in hand refills the hand as at the table
    (:func:`house_cards.keep_one`, p.19), so a house is never left without a card."""
    ctx.actor.require_host()
    cid, place = action.house_card, action.place
    house = hc.CARDS[cid].house
    if house not in state["houses"]:
        raise RuleError("That house is not in play.", "seed 000 p.4, p.27", entry="setup-houses")
    if place == "discard" and checks_38(state) and house in hc.choosing(state):
        # a correction could discard the very card it chose (issue 38): it waits for the reveal; the
        # test reads only what every device sees (the prompt is open and asks the house)
        raise RuleError("%(house)s is choosing its house card in secret: correct its cards once they are "
                        "revealed.", "seed 000 p.19", status=409, entry="combat-house-cards", house=_h(house))
    pile = hc.hands(state)[house]
    if cid in pile["discard"] and place == "hand":
        pile["discard"].remove(cid)
        pile["hand"].append(cid)
    ctx.log(N_("Host: %(card)s is in the %(place)s of %(house)s"), card=tr(hc.CARD_NAMES[cid]),
            place=tr(N_("hand") if place == "hand" else N_("discard pile")), house=_h(house))
    if place == "discard" and cid in pile["hand"]:
        hc.to_discard(state, house, [cid], ctx)


# -- corrections and board bookkeeping (any phase) ---------------------------------------------
def _actor_house(state: State, ctx: Ctx, named: str | None) -> str:
    """The house acted for: a phone's own house, or any house for the host."""
    if ctx.actor.host and named:
        return in_play(state, named)
    house = ctx.actor.require_seat()
    if named not in (None, "", house):
        raise RuleError("You can only do this for your own house.", "companion: seats", status=403, entry="companion-seats")
    return house


def _area(area: str, kinds: tuple[str, ...] = ("land", "sea", "port")) -> str:
    """An area (declared: one of the board's) of one of ``kinds``."""
    if board_data.load().area(area).type not in kinds:
        raise RuleError("%(area)s is not a land area.", "seed 000 p.24", entry="control-no-sea", area=names.label(names.AREAS[area]))
    return area


def _set_control(state: State, ctx: Ctx, action: P.SetControl) -> None:
    """Any player or the host records who controls a land area (seed 000 p.24)."""
    if not (ctx.actor.seat or ctx.actor.host):
        raise RuleError("Only a seated player can do this.", "companion: seats", status=403)
    area = _area(action.area, ("land",))
    house = in_play(state, action.house) if action.house else None
    areas.set_control(state, area, house)
    ctx.log(N_("%(who)s: %(area)s is now controlled by %(house)s"), who=ctx.name(ctx.actor.seat),
            area=names.label(names.AREAS[area]), house=names.label(names.HOUSES[house]) if house else tr(N_("nobody")))


def _set_units(state: State, ctx: Ctx, action: P.SetUnits) -> None:
    """Correct the mirror of one area: any player or the host (design: the board is the truth)."""
    if not (ctx.actor.seat or ctx.actor.host):
        raise RuleError("Only a seated player can do this.", "companion: seats", status=403)
    area = _area(action.area)
    house = in_play(state, action.house) if action.house else None
    counts = {k: getattr(action, k) or 0 for k in board_data.UNIT_KINDS}
    areas.set_units(state, area, house, counts)
    text: Any = "-"
    for k, n in counts.items():  # "2 footman, 1 knight", each unit name translated when shown
        if n:
            one = tr(N_("%(n)s %(unit)s"), n=n, unit=names.label(names.UNITS[k]))
            text = one if text == "-" else tr(N_("%(a)s, %(b)s"), a=text, b=one)
    who = ctx.name(ctx.actor.seat) if ctx.actor.seat else tr(N_("host"))
    ctx.log(N_("%(who)s: %(area)s holds %(units)s (%(house)s)"), who=who,
            area=names.label(names.AREAS[area]), units=text, house=names.label(names.HOUSES[house]) if house else "-")


def _remove_units(state: State, ctx: Ctx, action: P.RemoveUnits) -> None:
    """Destroy units of your own (supply limits, wildling losses: seed 000 p.8, p.22)."""
    area = _area(action.area)
    here = areas.units(state, area)
    if not here:
        raise RuleError("There are no units in %(area)s.", "seed 000 p.8", status=409, entry="supply-reconcile",
                        area=names.label(names.AREAS[area]))
    ctx.actor.require(here["house"])
    unit = action.unit
    n = 1 if action.n is None else action.n
    if here.get(unit, 0) < n:
        raise RuleError("There are not that many of those units there.", "seed 000 p.8", status=409)
    areas.add_units(state, area, here["house"], **{unit: -n})
    ctx.log(N_("%(house)s removes %(n)s %(unit)s from %(area)s"), house=names.label(names.HOUSES[here["house"]]), n=n,
            unit=names.label(names.UNITS[unit]), area=names.label(names.AREAS[area]))


def _place_token(state: State, ctx: Ctx, action: P.TokenArea) -> None:
    """Put one of your available power tokens on a land area you hold (seed 000 p.24); with the checks
    of issue 38, only one the mirror shows under your control."""
    house = _actor_house(state, ctx, action.house)
    area = _area(action.area, ("land",))
    if areas.owner(state, area) not in (None, house):
        raise RuleError("Another house's units hold %(area)s.", "seed 000 p.24", status=409,
                        area=names.label(names.AREAS[area]))
    if checks_38(state) and state["control"].get(area) != house:  # the phone offers only these areas
        raise RuleError("The board does not show %(area)s under your control: a power token goes only on an "
                        "area you control. Record its control first if the board is wrong.", "seed 000 p.24",
                        status=409, entry="control-power-tokens", area=names.label(names.AREAS[area]))
    power.place_token(state, house, area)
    areas.recompute_control(state, area)
    ctx.log(N_("%(house)s places a power token in %(area)s"), house=names.label(names.HOUSES[house]),
            area=names.label(names.AREAS[area]))


def _remove_token(state: State, ctx: Ctx, action: P.TokenArea) -> None:
    """A power token goes back to its owner's Pool (seed 000 p.21, p.24)."""
    area = _area(action.area, ("land",))
    owner = state["tokens"].get(area)
    if owner is None:
        raise RuleError("There is no power token in %(area)s.", "seed 000 p.24", status=409, entry="control-power-tokens",
                        area=names.label(names.AREAS[area]))
    ctx.actor.require(owner)
    power.remove_token(state, area)
    areas.recompute_control(state, area)
    ctx.log(N_("The %(house)s power token leaves %(area)s"), house=names.label(names.HOUSES[owner]),
            area=names.label(names.AREAS[area]))


def _adjust_power(state: State, ctx: Ctx, action: P.AdjustPower) -> None:
    """Host correction: move tokens between the Pool and a house's available power; the 20-token
    total never changes (seed 000 p.2, p.6)."""
    ctx.actor.require_host()
    house = in_play(state, action.house)
    delta = action.delta
    moved = power.gain(state, house, delta) if delta > 0 else -power.discard(state, house, -delta)
    ctx.log(N_("Host: %(house)s power %(delta)+d"), house=names.label(names.HOUSES[house]), delta=moved)


def _set_neutral(state: State, ctx: Ctx, action: P.SetNeutral) -> None:
    """Host correction of a neutral force token (facts: 4-player strengths are unverified)."""
    ctx.actor.require_host()
    area = _area(action.area)
    strength = action.strength
    if strength < 0:
        state["neutral"].pop(area, None)
    else:
        state["neutral"][area] = strength
    areas.recompute_control(state, area)
    ctx.log(N_("Host: neutral force in %(area)s set to %(n)s"), area=names.label(names.AREAS[area]), n=strength)


def _set_threat(state: State, ctx: Ctx, action: P.SetThreat) -> None:
    """Host correction of the wildling threat token (spaces 0-12 in steps of 2, seed 000 p.22)."""
    ctx.actor.require_host()
    value = action.value
    if value % wildlings.STEP:
        raise RuleError("The wildling track has only even spaces.", "seed 000 p.22")
    state["wildling_threat"] = value
    ctx.log(N_("Host: wildling threat set to %(n)s"), n=value)


def _set_supply(state: State, ctx: Ctx, action: P.SetSupply) -> None:
    """Host correction of a house's supply track position (seed 000 p.8)."""
    ctx.actor.require_host()
    house = in_play(state, action.house)
    value = action.value
    state["supply"][house] = value
    ctx.log(N_("Host: %(house)s supply set to %(n)s"), house=names.label(names.HOUSES[house]), n=value)


def is_correction(kind: str) -> bool:
    """Corrections stay possible once the game is over (the board may still need fixing)."""
    return kind in {m.name for m in MOVES}


def _fix(name: str, run: Handler, summary: str, rule: str, model: type[Params], who: Who = "host",
         details: str = "", checks: tuple[Checks, ...] = (), unchecked: str = "") -> Move:
    """A host correction (or a seat's own board bookkeeping): any time, even after the game."""
    return Move(name, run, summary, rule, model, who=who, details=details, checks=checks, unchecked=unchecked)


#: why a host correction of a track, counter or token has no input-checks row: the host may set any
#: value its declared range allows (docs/api.md); it names no piece a player holds
UNCHECKED_HOST_SETS = "a host correction of a track, counter or token: any value its declared range allows"

#: its rows of the input-checks table (docs/rules-coverage.md), generated from here
HOUSE_CARD_FIX_CHECKS = Checks(
    "`set_house_card` (host)", row=130, pages="p.19",
    text=("a house in play; no card of a house choosing its card in secret goes to the discards until the"
          " reveal **(38)** (the refusal reads only what every device sees); a hand never empties"))

TOKENS_CHECKS = Checks(
    "`place_token` / `remove_token` / `remove_units`", row=140, pages="p.24, p.8",
    text=("the house's own (host: any); land areas; no other house's units there; a token only on an area"
          " the mirror shows under its control **(38)**, from its available Power, one per area; a token "
          "or units removed only by their owner, not more than are there"))

BOARD_CHECKS = Checks(
    "`set_units`, `set_control`", row=150, pages="p.2, p.24",
    text=("any seat or the host, by design (the board is the truth): areas, houses in play and unit "
          "counts are checked, the owner is not"))


#: corrections and board bookkeeping: any time, even once the game is over
MOVES = (
    _fix("set_control", _set_control, "Record who controls a land area.", "seed 000 p.24", P.SetControl, "seat",
         details='Any seat or the host; logged and undoable.', checks=(BOARD_CHECKS,)),
    _fix("set_units", _set_units, "Correct the units of one area (the board is the truth).", "seed 000 p.2",
         P.SetUnits, "seat",
         details='Any seat or the host; control follows.', checks=(BOARD_CHECKS,)),
    _fix("remove_units", _remove_units, "Destroy units of your own (supply, wildling losses).", "seed 000 p.8",
         P.RemoveUnits, "seat",
         details=("The units' house or the host; destroys units in the mirror (armies over supply, "
                  "wildling losses)."), checks=(TOKENS_CHECKS,)),
    _fix("place_token", _place_token, "Put an available power token on a land area you hold.", "seed 000 p.24",
         P.TokenArea, "seat",
         details=("The token's house (or the host with `house`): from available to the board, only on a "
                  "land area the mirror shows under that house's control (p.24)."), checks=(TOKENS_CHECKS,)),
    _fix("remove_token", _remove_token, "A power token goes back to its owner's Pool.", "seed 000 p.21, p.24",
         P.TokenArea, "seat",
         details="The token's house (or the host with `house`).", checks=(TOKENS_CHECKS,)),
    _fix("adjust_power", _adjust_power, "Host: move power between the Pool and a house.", "seed 000 p.6",
         P.AdjustPower,
         details='A correction: the 20-token total never changes.', unchecked=UNCHECKED_HOST_SETS),
    _fix("set_neutral", _set_neutral, "Host: correct a neutral force token.", "seed 000 p.26", P.SetNeutral, unchecked=UNCHECKED_HOST_SETS),
    _fix("set_threat", _set_threat, "Host: correct the wildling threat.", "seed 000 p.22", P.SetThreat,
         details='The wildling track: 0-12, even.', unchecked=UNCHECKED_HOST_SETS),
    _fix("set_supply", _set_supply, "Host: correct a house's supply position.", "seed 000 p.8", P.SetSupply,
         details='A supply position, 0-6.', unchecked=UNCHECKED_HOST_SETS),
    _fix("set_track", set_track, "Host: correct an influence track.", "seed 000 p.10-11",
         P.SetTrack,
         details=("Either `order` (every house, top first) or `house` + `position`; the track's dominance "
                  "token follows position 1."), unchecked=UNCHECKED_HOST_SETS),
    _fix("set_dominance", set_dominance, "Host: correct a dominance token's holder and use.",
         "seed 000 p.11-12", P.SetDominance,
         details='Who holds a dominance token and whether it was used this round.', unchecked=UNCHECKED_HOST_SETS),
    _fix("set_round", set_round, "Host: correct the round marker.", "seed 000 p.6", P.SetRound,
         details='The round marker, 1-10.', unchecked=UNCHECKED_HOST_SETS),
    _fix("set_garrison", set_garrison, "Host: correct a garrison.", "seed 000 p.26-27",
         P.SetGarrison,
         details='A garrison otherwise leaves only when defeated in combat (p.27).', unchecked=UNCHECKED_HOST_SETS),
    _fix("set_house_card", set_house_card, "Host: move a house card between hand and discard pile.",
         "seed 000 p.18", P.SetHouseCard,
         details=("To its owner's hand or discard pile; a hand never empties; while the owner chooses its "
                  "house card in secret, never to the discards (409, p.19)."), checks=(HOUSE_CARD_FIX_CHECKS,)),
)
