"""Combat clean-up (seed 000 p.21): the winner moves in or the attacker goes back, orders, power
tokens and garrisons of the loser go, played house cards are discarded; then the combat closes and
its public summary stays as ``state["last_combat"]`` until the next one.

The card abilities that act here (on a win or a loss, barring the move-in, after the combat) are
asked through their hooks (``ability.py``); this module never tests which card is in play.
"""

from __future__ import annotations

from typing import Any

from ...i18n import N_
from ..base import Ctx, State
from . import abilities, areas, power
from . import house_cards as hc
from .combat_calc import SIDES, UNIT_KINDS, breakdown, card_of, house_of, house_on
from .combat_ports import take_port
from .combat_sides import Combat, it_order
from .combat_state import area_name, house_name, running
from .options import AgotOptions


def _loser_leaves(state: State, c: Combat) -> None:
    """The attacker won against a house: the defender's order and power token there go (an
    Arianne-held area keeps its token), a defeated garrison leaves the game (p.27) and units
    that could not retreat are destroyed (p.21)."""
    dfn, dst = c["defender"], c["area"]
    if state.get("orders", {}).get(dst, {}).get("house") == dfn:
        del state["orders"][dst]
    if state.get("tokens", {}).get(dst) == dfn and not abilities.of(c, "defender").bars_move_in(c, "defender"):
        power.remove_token(state, dst)
    if c["garrison"]:
        state.get("garrisons", {}).pop(dst, None)
    left = {k: state["units"].get(dst, {}).get(k, 0) for k in UNIT_KINDS}
    if any(left.values()):
        areas.destroy(state, dst, left)


def _attacker_back(state: State, c: Combat, survivors: dict[str, int]) -> None:
    """The attacker lost: its survivors go back where they marched from (or where Robb Stark sent
    them), routed; siege engines cannot retreat (p.21). Against a neutral force, see the option."""
    att, src = c["attacker"], c["from"]
    back = c.get("att_retreat") or src
    if c["neutral"] is not None and any(survivors.values()) and \
            AgotOptions.of(state).neutral_short == "back":
        # p.26 says a neutral force may only be attacked with enough strength but not what happens
        # when support falls short; table option "neutral_short": "back" (default, the attempt
        # never happened: units go back, not routed) or "routed" (treated like a lost combat).
        areas.add_units(state, src, att, **survivors)
        c["notes"].append({"msg": N_("Not enough strength against the neutral force: the units go back"),
                           "params": {}})
    elif any(survivors.values()):
        areas.add_units(state, back, att, **survivors)
        routed = state["action"]["routed"].setdefault(back, {})
        for k, n in survivors.items():
            if k == "siege":
                continue
            routed[k] = routed.get(k, 0) + n
        if survivors.get("siege"):
            areas.destroy(state, back, {"siege": survivors["siege"]})


def clean_up(state: State, ctx: Ctx) -> None:
    """Combat clean-up (seed 000 p.21): units move in or back, orders/tokens/garrison, house cards.

    Then the steps that wait for the clean-up are queued: replacing ships in a captured port (p.25)
    and the "after combat" cards (Patchface), which resolve once played cards are discarded, hands
    refilled and Roose Bolton has taken his cards back (agot faq); :func:`finish` closes the combat
    when nothing is pending."""

    c = running(state)
    c["cleaned"] = True
    win = c["result"]["winner"]
    att, dfn, dst, src = c["attacker"], c["defender"], c["area"], c["from"]
    survivors = {k: n for k, n in c["att_units"].items() if n > 0}
    barred = abilities.of(c, "defender").bars_move_in(c, "defender")
    if win == "attacker":
        if c["neutral"] is not None:
            state["neutral"].pop(dst, None)
        if dfn is not None:
            _loser_leaves(state, c)
        if barred:
            # card text: the attacker may not move in and goes back where it marched from; the
            # defender keeps control of the area (and so its port) (agot faq)
            if any(survivors.values()):
                areas.add_units(state, src, att, **survivors)
            c["notes"].append({"msg": N_("Arianne Martell: the attacker may not move into the area"), "params": {}})
        elif any(survivors.values()):
            areas.add_units(state, dst, att, **survivors)
        abilities.of(c, "attacker").on_win(state, ctx, c, "attacker")
        if not barred:
            take_port(state, c)
    else:
        _attacker_back(state, c, survivors)
        if dfn is not None:
            abilities.of(c, "defender").on_win(state, ctx, c, "defender")
    if c["neutral"] is None:
        for side in SIDES:
            card = card_of(c, side)
            if card:
                hc.discard(state, house_on(c, side), card.id, ctx)
        for side in SIDES:
            if side != win:
                abilities.of(c, side).on_loss(state, ctx, c, side)
    if state["orders"].get(src, {}).get("token") == c["march_token"] and state["orders"][src]["house"] == att:
        del state["orders"][src]
    areas.recompute_control(state, dst)
    areas.recompute_control(state, src)
    if barred and win == "attacker" and not areas.owner(state, dst):
        state["control"][dst] = dfn
    if c["neutral"] is None:
        for side in it_order(state, c):
            ability = abilities.of(c, side)
            if ability.asks_after_combat(state, c, side):
                c["pending"].append({"kind": ability.key, "side": side})


def finish(state: State, ctx: Ctx) -> None:
    """End of clean-up: orders in areas left without units go (agot faq), the combat stays readable
    as ``last_combat`` until the next one; then the March step goes on (seed 000 p.21)."""

    c = running(state)
    # only the areas this combat emptied: an order elsewhere may stand on units the mirror lacks
    # (planning's "extra" areas), and the mirror never overrules the board
    for aid in sorted({c["area"], c["from"]} & set(state.get("orders", {}))):
        if not areas.count(state, aid):
            o = state["orders"].pop(aid)
            ctx.log(N_("%(house)s: the order in %(area)s is removed (no units left there)"),
                    house=house_name(o["house"]), area=area_name(aid))
    state["action"]["last"] = {"kind": "combat", "house": c["attacker"], "from": c["from"], "area": c["area"],
                               "winner": house_of(c, c["result"]["winner"]) or "neutral", "result": c["result"],
                               "cards": dict(c["cards"]), "tides": dict(c["tides"]), "notes": c["notes"]}
    state["last_combat"] = summary(state, c)
    state["action"]["combat"] = None  # the March step goes on (action.in_combat)


def summary(state: State, c: Combat) -> dict[str, Any]:
    """The finished combat, kept public as ``state["last_combat"]`` until the next combat starts
    (docs/api.md "last_combat"): everything in it was revealed during the combat."""
    res = c["result"]
    win = res["winner"]
    tie = res["attacker"] == res["defender"] and c["neutral"] is None
    retreat = None
    if c.get("retreated_to"):
        retreat = {"house": c["attacker"] if c.get("att_retreat") else c["defender"], "area": c["retreated_to"]}
    elif win == "defender" and c["neutral"] is None and any(c["att_units"].values()):
        retreat = {"house": c["attacker"], "area": c["from"]}
    return {
        "id": c["id"], "round": state.get("round"), "area": c["area"], "from": c["from"],
        "attacker": c["attacker"], "defender": c["defender"], "neutral": c["neutral"],
        "winner": win, "winner_house": house_of(c, win),
        "strength": {s: breakdown(c, s) for s in SIDES}, "totals": {s: res[s] for s in SIDES},
        "cards": dict(c["cards"]), "tides": dict(c["tides"]),
        "blade": c.get("blade"),
        "tie_break": {"track": "fiefdoms", "order": res.get("fiefdoms", [])} if tie else None,
        "swords": res["swords"], "forts": res["forts"], "casualties": res["casualties"],
        "retreat": retreat, "notes": list(c["notes"]),
    }
