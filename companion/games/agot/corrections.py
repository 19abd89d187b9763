"""Host corrections for what the physical board can diverge on: influence tracks, dominance tokens,
the round marker, garrisons and house cards (design: "the pieces on the table are the truth").

Each is a logged action like any other, so undo and the game log see it. Only the host corrects
these: they change shared bookkeeping, not one house's own pieces.
"""

from __future__ import annotations

from typing import Any

from ...i18n import N_, tr
from ..base import Action, Ctx, RuleError, get_choice, get_int
from . import areas, names, tracks
from . import board as board_data
from . import house_cards as hc

State = dict[str, Any]
YES = ("1", "true", "on", "yes")


def in_play(state: State, action: Action, key: str = "house") -> str:
    """A house named in an action must be one of the houses in this game (seed 000 p.4, p.27: the
    houses in play follow the number of players); the refusal says so, not just the field."""
    return get_choice(action, key, state["houses"], "seed 000 p.4, p.27", entry="setup-houses",
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


def set_track(state: State, ctx: Ctx, action: Action) -> None:
    """The order of one influence track; its dominance token follows position 1 (seed 000 p.10-11).

    A form may instead move one house to a position (``house`` + ``position``)."""
    ctx.actor.require_host()
    track = get_choice(action, "track", tracks.TRACKS, "seed 000 p.10")
    if action.get("order") not in (None, "", []):
        order = _list(action.get("order"))
    else:
        house = in_play(state, action)
        pos = get_int(action, "position", 1, len(state["houses"]), "seed 000 p.10")
        order = [h for h in state["tracks"][track] if h != house]
        order.insert(pos - 1, house)
    tracks.set_track(state, track, order)
    for pos, h in enumerate(order, 1):
        ctx.log(N_("Host: %(track)s track, position %(n)s: %(house)s"), track=tr(names.TRACKS[track]), n=pos,
                house=_h(h))


def set_dominance(state: State, ctx: Ctx, action: Action) -> None:
    """Who holds a dominance token and whether the Blade or Raven was used this round (seed 000 p.11-12, p.16)."""
    ctx.actor.require_host()
    token = get_choice(action, "token", tuple(names.TOKENS), "seed 000 p.11")
    dom = state["dominance"][token]
    if action.get("holder") not in (None, ""):
        dom["holder"] = in_play(state, action, "holder")
    if action.get("used") is not None and token != "iron_throne":
        dom["used"] = str(action.get("used")).lower() in YES
    ctx.log(N_("Host: %(token)s held by %(house)s (%(state)s)"), token=tr(names.TOKENS[token]),
            house=_h(dom["holder"]), state=tr(N_("used this round") if dom["used"] else N_("available")))


def set_round(state: State, ctx: Ctx, action: Action) -> None:
    """The round marker (seed 000 p.6-7): the game still ends after round 10."""
    ctx.actor.require_host()
    value = get_int(action, "value", 1, 10, "seed 000 p.6")
    state["round"] = value
    ctx.log(N_("Host: round marker set to %(n)s"), n=value)


def set_garrison(state: State, ctx: Ctx, action: Action) -> None:
    """A home area's garrison (seed 000 p.26-27): strength 0 removes it (it was defeated on the board)."""
    ctx.actor.require_host()
    b = board_data.load()
    area = get_choice(action, "area", b.areas, "seed 000 p.26")
    if not b.area(area).home:
        raise RuleError("Only a house's home area has a garrison.", "seed 000 p.26")
    strength = get_int(action, "strength", 0, 9, "seed 000 p.26")
    if strength:
        state["garrisons"][area] = strength
    else:
        state["garrisons"].pop(area, None)
    areas.recompute_control(state, area)
    ctx.log(N_("Host: garrison in %(area)s set to %(n)s"), area=names.label(names.AREAS[area]), n=strength)


def set_house_card(state: State, ctx: Ctx, action: Action) -> None:
    """Move one house card between its owner's hand and discard pile (seed 000 p.18-19): the cards on
    the table are the truth. Discarding the last card in hand refills the hand as at the table
    (:func:`house_cards.keep_one`, p.19), so a house is never left without a card."""
    ctx.actor.require_host()
    cid = get_choice(action, "house_card", hc.CARDS, "seed 000 p.18")
    place = get_choice(action, "place", ("hand", "discard"), "seed 000 p.18")
    house = hc.CARDS[cid].house
    if house not in state["houses"]:
        raise RuleError("That house is not in play.", "seed 000 p.4, p.27", entry="setup-houses")
    pile = hc.hands(state)[house]
    if cid in pile["discard"] and place == "hand":
        pile["discard"].remove(cid)
        pile["hand"].append(cid)
    ctx.log(N_("Host: %(card)s is in the %(place)s of %(house)s"), card=tr(hc.CARD_NAMES[cid]),
            place=tr(N_("hand") if place == "hand" else N_("discard pile")), house=_h(house))
    if place == "discard" and cid in pile["hand"]:
        hc.to_discard(state, house, [cid], ctx)

