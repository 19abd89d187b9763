"""The combat procedure (seed 000 p.17-21): support -> house cards -> abilities -> blade/tides ->
result -> casualties -> retreat -> clean-up.

The running combat is ``state["action"]["combat"]`` (its fields: ``combat_calc.py``, which holds
every number: strength, swords, winner, casualties); ``step`` says what the table waits for and
``pending`` holds the decisions still to take, in Iron Throne order (p.19). A March starts it
(:func:`begin`); when it ends the combat is set to None and the action phase goes on
(``action.after_combat``).
"""

from __future__ import annotations

from typing import Any

from ... import sealed
from ...i18n import N_, tr
from ..base import RuleError, get_int
from . import areas, power, supply, tracks
from . import board as board_data
from . import house_cards as hc
from . import orders as ot
from .combat_calc import (
    LAND_UNITS,
    SIDES,
    TIDES_DECK,
    UNIT_KINDS,
    ability_of,
    auto_casualties,
    breakdown,
    card_of,
    casualties,
    forts,
    house_of,
    house_on,
    initial_strength,
    other,
    retreat_choices,
    retreating_units,
    swords,
    total,
    winner,
)
from .geography import adjacent, area, port_owner, transport_reach, unit_owner
from .names import AREAS, HOUSES, TRACKS
from .procedure import Procedure


def _h(house: str) -> dict[str, str]:
    """A house name as a translatable log parameter."""
    return tr(HOUSES[house])


def _a(aid: str) -> dict[str, str]:
    """An area name as a translatable log parameter."""
    return tr(AREAS[aid])


RULE_SUPPORT = "seed 000 p.17-18"
RULE_CARDS = "seed 000 p.19"
RULE_CARD_TEXT = "facts: house cards"  # a card's own text decides (printed card, facts)
TRACK_CHOICES = ("iron_throne", "fiefdoms", "kings_court")
SIDE_LABELS = {"attacker": N_("the attacker"), "defender": N_("the defender"), "none": N_("nobody")}


def _combat(state: dict[str, Any]) -> dict[str, Any]:
    c = state.get("action", {}).get("combat")
    if not c:
        raise RuleError("There is no combat now.", "seed 000 p.17", status=409)
    return c


def _units_of(state: dict[str, Any], aid: str, exclude_routed: bool = True) -> dict[str, int]:
    u = state.get("units", {}).get(aid) or {}
    routed = state.get("action", {}).get("routed", {}).get(aid, {}) if exclude_routed else {}
    return {k: u.get(k, 0) - routed.get(k, 0) for k in UNIT_KINDS if u.get(k, 0) - routed.get(k, 0) > 0}


def support_queue(state: dict[str, Any], target: str, order: list[str]) -> list[dict[str, Any]]:
    """Support orders that can reach the embattled area, in turn order (seed 000 p.17-18, ports p.25).

    Ships support adjacent land or sea areas; footmen, knights and siege engines never support a
    combat at sea; ships in a port support only the adjacent sea, never land.
    """
    t_type = area(target).type
    out = []
    for aid, o in state.get("orders", {}).items():

        if ot.TOKENS[o["token"]].kind != "support" or not adjacent(aid, target):
            continue
        s_type = area(aid).type
        if s_type == "port" and t_type != "sea":
            continue
        if s_type == "land" and t_type == "sea":
            continue
        units = _units_of(state, aid)
        if not units:
            continue
        out.append({"area": aid, "house": o["house"], "bonus": ot.TOKENS[o["token"]].bonus})
    rank = {h: i for i, h in enumerate(order)}
    return sorted(out, key=lambda s: (rank.get(s["house"], 99), s["area"]))


def begin(state: dict[str, Any], ctx: Any, house: str, src: str, dst: str, units: dict[str, int],
          token: str) -> None:
    """A march enters enemy units, a garrison or a neutral force: the combat starts (seed 000 p.17, p.26)."""
    owner = unit_owner(state, dst)
    neutral = state.get("neutral", {}).get(dst)
    a = area(dst)
    defender = owner if owner and owner != house else None
    garrison = int(state.get("garrisons", {}).get(dst, 0))
    if defender is None and neutral is None and garrison:
        defender = a.home
    if defender is not None and a.home != defender:
        garrison = 0
    def_order = state.get("orders", {}).get(dst)
    defense = 0
    if def_order and def_order["house"] == defender and ot.TOKENS[def_order["token"]].kind == "defense":
        defense = ot.TOKENS[def_order["token"]].bonus
    routed = state["action"]["routed"].get(dst, {})
    seq = int(state.get("combat_seq", 0)) + 1
    state["combat_seq"] = seq
    combat = {
        "id": seq, "attacker": house, "defender": defender, "neutral": neutral if defender is None else None,
        "area": dst, "from": src, "castle": bool(a.fort), "sea": a.type == "sea",
        "att_units": dict(units), "def_units": _units_of(state, dst) if defender else {},
        "def_routed": sum(routed.values()), "march_bonus": ot.TOKENS[token].bonus, "march_token": token,
        "defense_bonus": defense, "garrison": garrison, "supports": [], "cards": {}, "facts": {},
        "blade": None, "tides": {}, "tides_enabled": bool(state.get("options", {}).get("tides")),
        "queue": support_queue(state, dst, tracks.turn_order(state)), "step": "support", "pending": [],
        "prompt": None, "result": None, "notes": [],
    }
    state["action"]["combat"] = combat
    state["last_combat"] = None  # the previous combat's summary gives way to this one
    if combat["tides_enabled"] and state.get("options", {}).get("faq_tides_reshuffle", False):
        state["tides_discard"] = []  # agot faq: every combat starts from a freshly shuffled deck
    ctx.log(N_("Combat in %(area)s: %(attacker)s attacks %(defender)s"), area=_a(dst),
            attacker=_h(house),
            defender=_h(defender) if defender else tr(N_("a neutral force")))
    _after_support(state, ctx)


def support(state: dict[str, Any], ctx: Any, action: dict[str, Any]) -> None:
    """The next Support order in turn order gives its whole strength to one side or none (seed 000 p.17-18)."""
    c = _combat(state)
    if c["step"] != "support" or not c["queue"]:
        raise RuleError("Support is not being asked now.", RULE_SUPPORT, 409)
    head = c["queue"][0]
    ctx.actor.require(head["house"])
    aid = str(action.get("area") or head["area"])
    if aid != head["area"]:
        raise RuleError("Support is asked in turn order: first the order in %(area)s.", RULE_SUPPORT, 409, area=head["area"])
    side = str(action.get("side", ""))
    if side not in ("attacker", "defender", "none"):
        raise RuleError("Support the attacker, the defender, or nobody.", RULE_SUPPORT)
    if side == "defender" and c["neutral"] is not None:
        raise RuleError("Neutral forces never receive support.", "seed 000 p.26")
    if side != "none":
        helped = house_of(c, side)
        if head["house"] in (c["attacker"], c["defender"]) and head["house"] != helped:
            raise RuleError("A house never supports an opponent against its own units.", RULE_SUPPORT)
    c["queue"].pop(0)
    if side != "none":
        c["supports"].append({"area": aid, "house": head["house"], "side": side,
                              "units": _units_of(state, aid), "bonus": head["bonus"]})
    ctx.log(N_("Support from %(area)s (%(house)s): %(side)s"), area=_a(aid), house=_h(head["house"]),
            side=tr(SIDE_LABELS[side]))
    _after_support(state, ctx)


def _after_support(state: dict[str, Any], ctx: Any) -> None:
    """With every support declared: neutral forces resolve at once (no cards, no blade, p.26);
    otherwise both sides choose their house card in secret (p.19)."""
    c = state["action"]["combat"]
    if c["queue"]:
        return
    if c["neutral"] is not None:
        _resolve(state, ctx)
        return
    _ask_cards(state, ctx, ["attacker", "defender"])


def _ask_cards(state: dict[str, Any], ctx: Any, sides: list[str], exclude: dict[str, list[str]] | None = None) -> None:
    """Open the sealed house-card prompt for these sides (p.19); a side with no card left fights without."""

    c = state["action"]["combat"]
    asked = []
    for side in sides:
        house = house_on(c, side)
        options = [x for x in hc.hands(state)[house]["hand"] if x not in (exclude or {}).get(side, [])]
        if options:
            asked.append(house)
        else:
            c["cards"][side] = None
            c["notes"].append({"msg": N_("%(house)s has no other card and fights without one"),
                               "params": {"house": _h(house)}})
    c["exclude"] = exclude or {}
    if not asked:
        _after_cards(state, ctx)
        return
    seq = int(state.get("combat_seq", 0))
    pid = f"card-c{seq}-{len(state.get('prompts', {}))}"
    sealed.open_prompt(state, pid, asked, kind="house_card", title=N_("Choose a house card"),
                       spec={"combat": c["id"]})
    c["prompt"] = pid
    c["step"] = "cards"


def answer_card(state: dict[str, Any], ctx: Any, action: dict[str, Any]) -> None:
    """A side picks its house card secretly; both are revealed together (seed 000 p.19)."""

    c = _combat(state)
    if c["step"] != "cards" or action.get("prompt") != c["prompt"]:
        raise RuleError("No house card is being chosen now.", RULE_CARDS, 409, entry="combat-house-cards")
    seat = ctx.actor.require_seat()
    side = "attacker" if seat == c["attacker"] else "defender" if seat == c["defender"] else None
    if side is None:
        raise RuleError("Only the attacker and the defender play house cards.", RULE_CARDS, 403)
    cid = str(action.get("value", ""))
    hc.require_in_hand(state, seat, cid)
    if cid in c.get("exclude", {}).get(side, []):
        raise RuleError("You must choose a different card.", RULE_CARD_TEXT,
                        entry="card-aeron" if cid == "aeron-damphair" else "card-tyrion")
    prompt = sealed.get(state, c["prompt"])
    changed = seat in prompt["answers"]
    revealed = sealed.answer(state, c["prompt"], seat, cid)
    ctx.log(N_("%(house)s chose %(card)s"), house=_h(seat), card=tr(hc.CARD_NAMES[cid]),
            prompt=c["prompt"], seat=seat,
            hidden=N_("%(house)s changed its house card") if changed else N_("%(house)s chose a house card"),
            hidden_params={"house": _h(seat)})
    if revealed:
        for house, value in prompt["answers"].items():
            c["cards"]["attacker" if house == c["attacker"] else "defender"] = value
        ctx.log(N_("House cards revealed: %(attacker)s plays %(a)s, %(defender)s plays %(d)s"),
                attacker=_h(c["attacker"]), defender=_h(c["defender"]),
                a=_card_label(c, SIDES[0]), d=_card_label(c, SIDES[1]))
        _after_cards(state, ctx)


def _card_label(c: dict[str, Any], side: str) -> dict[str, str] | str:
    card = card_of(c, side)
    return tr(hc.CARD_NAMES[card.id]) if card else "-"


def _it_order(state: dict[str, Any], c: dict[str, Any]) -> list[str]:
    order = state["tracks"]["iron_throne"]
    return sorted(SIDES, key=lambda s: order.index(house_of(c, s)) if house_of(c, s) in order else 99)


def _after_cards(state: dict[str, Any], ctx: Any) -> None:
    """Card abilities in the order of seed 000 p.19: cancels first, then the rest, Iron Throne order."""
    c = state["action"]["combat"]
    c["prompt"] = None
    c["pending"] = []
    c["step"] = "abilities"
    done = c.setdefault("cancels_done", [])
    for side in _it_order(state, c):
        ability = ability_of(c, side)
        if side in done:
            continue
        if ability == "tyrion" and card_of(c, other(side)) is not None:
            c["pending"].append({"kind": "tyrion", "side": side})
        if ability == "aeron" and state["power"][house_on(c, side)]["available"] >= 2 \
                and len(hc.hands(state)[house_on(c, side)]["hand"]) > 1:
            c["pending"].append({"kind": "aeron", "side": side})
    for side in _it_order(state, c):
        ability = ability_of(c, side)
        if ability == "queen-of-thorns":
            c["pending"].append({"kind": "queen-of-thorns", "side": side})
        if ability == "doran":
            c["pending"].append({"kind": "doran", "side": side})
    c["immediate_done"] = False
    _next_pending(state, ctx)


def _apply_immediate(state: dict[str, Any], ctx: Any) -> None:
    """Abilities that only change numbers or kill a footman at once (card texts; seed 000 p.19-20)."""
    c = state["action"]["combat"]
    if c.get("immediate_done"):
        return
    c["immediate_done"] = True
    _strength_facts(state, c)
    for side in _it_order(state, c):
        if ability_of(c, side) == "mace":
            victim = other(side)
            units = c["att_units"] if victim == "attacker" else c["def_units"]
            if units.get("footman") and ability_of(c, victim) != "blackfish":
                units["footman"] -= 1
                if victim == "defender":
                    _destroy(state, c["area"], {"footman": 1})
                c["notes"].append({"msg": N_("Mace Tyrell destroys one enemy footman"), "params": {}})


def _strength_facts(state: dict[str, Any], c: dict[str, Any]) -> None:
    """Board facts that card strengths read (Stannis, Davos). Taken again when the final strength is
    calculated, so Doran Martell's track move counts for Stannis (seed 000 p.19-20 order; agot faq:
    "immediately" abilities come before the final strength)."""
    order = state["tracks"]["iron_throne"]
    for side in SIDES:
        h = house_of(c, side)
        opp = house_of(c, other(side))
        c["facts"].setdefault("opponent_above", {})[side] = (
            h in order and opp in order and order.index(opp) < order.index(h))
        c["facts"].setdefault("stannis_discarded", {})[side] = "stannis-baratheon" in hc.hands(state).get(
            h or "", {}).get("discard", [])


def _next_pending(state: dict[str, Any], ctx: Any) -> None:
    """Run the next decision; when none is left (and no card is being re-chosen) move on."""
    c = state["action"]["combat"]
    if c["step"] == "cards":
        return
    cancels = [p for p in c["pending"] if p["kind"] in ("tyrion", "aeron")]
    if cancels:
        c["step"] = "ability"
        return
    _apply_immediate(state, ctx)
    while c["pending"] and c["pending"][0]["kind"] == "retreat" \
            and not retreat_options(state, c, _loser_of(c["pending"][0])):
        loser = _loser_of(c["pending"].pop(0))
        if loser == "defender":
            lost = {k: state["units"].get(c["area"], {}).get(k, 0) for k in UNIT_KINDS}
            _destroy(state, c["area"], lost)
            c["def_units"] = {}
        else:
            c["att_units"] = {}
        c["notes"].append({"msg": N_("No area to retreat to: the defeated units are destroyed"), "params": {}})
    if c["pending"]:
        c["step"] = "ability"
        return
    if c.get("result") is None:
        _blade_or_tides(state, ctx)
    elif c.get("cleaned"):
        _finish(state, ctx)
    else:
        _after_result(state, ctx)


def ability(state: dict[str, Any], ctx: Any, action: dict[str, Any]) -> None:
    """The owner of the next pending card ability decides it (seed 000 p.19 order; card texts)."""

    c = _combat(state)
    if c["step"] != "ability" or not c["pending"]:
        raise RuleError("No card ability waits for a decision.", RULE_CARDS, 409)
    p = c["pending"][0]
    house = house_on(c, p["side"])
    ctx.actor.require(house)
    try:
        _decide(state, ctx, c, p, house, action)
    except RuleError:
        if not c["pending"] or c["pending"][0] is not p:
            c["pending"].insert(0, p)  # nothing was decided: the same question stays open
        raise


def _decide(state: dict[str, Any], ctx: Any, c: dict[str, Any], p: dict[str, Any], house: str,
            action: dict[str, Any]) -> None:
    """Apply one decided card ability (card texts, facts file) and move the combat on."""

    use = str(action.get("use", "")).lower() in ("1", "true", "on", "yes")
    kind = p["kind"]
    c["pending"].pop(0)
    if kind in ("tyrion", "aeron"):
        c["cancels_done"].append(p["side"])
    if kind == "tyrion" and use:
        opp = other(p["side"])
        cancelled = c["cards"][opp]
        c["cards"][opp] = None
        c["pending"] = [q for q in c["pending"] if q["side"] != opp]
        ctx.log(N_("Tyrion Lannister cancels %(card)s: a new card must be chosen"), card=tr(hc.CARD_NAMES[cancelled]))
        _ask_cards(state, ctx, [opp], {opp: [cancelled]})
        return
    if kind == "aeron" and use:
        power.spend(state, house, 2)
        hc.discard(state, house, "aeron-damphair", ctx)
        c["cards"][p["side"]] = None
        ctx.log(N_("Aeron Damphair: %(house)s pays 2 power and chooses another card"), house=_h(house))
        _ask_cards(state, ctx, [p["side"]], {p["side"]: ["aeron-damphair"]})
        return
    if kind == "queen-of-thorns" and use:
        target = str(action.get("area", ""))
        if target not in queen_targets(state, c, p["side"]):
            raise RuleError("Choose an enemy order adjacent to the combat (not the attacking March).", RULE_CARD_TEXT,
                            entry="card-queen-of-thorns")
        removed = state["orders"].pop(target)
        c["supports"] = [s for s in c["supports"] if s["area"] != target]
        ctx.log(N_("Queen of Thorns removes the order in %(area)s"), area=_a(target))
        del removed
    if kind == "doran" and use:
        track = str(action.get("track", ""))
        if track not in TRACK_CHOICES:
            raise RuleError("Choose an influence track.", RULE_CARD_TEXT, entry="card-doran")
        tracks.to_bottom(state, track, house_on(c, other(p["side"])))
        ctx.log(N_("Doran Martell moves %(house)s to the bottom of %(track)s"),
                house=_h(house_on(c, other(p["side"]))), track=tr(TRACKS[track]))
    if kind == "cersei" and use:
        target = str(action.get("area", ""))
        o = state.get("orders", {}).get(target)
        if not o or o["house"] != house_of(c, other(p["side"])):
            raise RuleError("Choose one of your opponent's orders.", RULE_CARD_TEXT, entry="card-cersei")
        del state["orders"][target]
        ctx.log(N_("Cersei Lannister removes the order in %(area)s"), area=_a(target))
    if kind == "renly" and use:
        targets = renly_targets(state, c, p["side"])
        _renly(state, c, p["side"], str(action.get("area") or (targets[0] if len(targets) == 1 else "")))
        ctx.log(N_("Renly Baratheon upgrades a footman to a knight"))
    if kind == "port":
        _port_replace(state, ctx, c, p, action)
    if kind == "patchface" and use:
        opp_house = house_on(c, other(p["side"]))
        cid = str(action.get("card", ""))
        if cid not in hc.hands(state)[opp_house]["hand"]:
            raise RuleError("Choose a card in your opponent's hand.", RULE_CARD_TEXT, entry="card-patchface")
        ctx.log(N_("Patchface discards %(card)s from %(house)s's hand"), card=tr(hc.CARD_NAMES[cid]),
                house=_h(opp_house))
        hc.to_discard(state, opp_house, [cid], ctx)  # its last card: the others return (p.19)
    if kind == "retreat":
        _retreat(state, ctx, str(action.get("area", "")), _loser_of(p), action)
        return
    if kind == "casualties":
        _casualties(state, ctx, p["side"], action)
        return
    _next_pending(state, ctx)


def queen_targets(state: dict[str, Any], c: dict[str, Any], side: str) -> list[str]:
    """Enemy orders adjacent to the embattled area, never the attacking March (Queen of Thorns)."""
    enemy = house_of(c, other(side))
    return sorted(a for a, o in state.get("orders", {}).items()
                  if o["house"] == enemy and adjacent(a, c["area"]) and a != c["from"])


def tides_draw(state: dict[str, Any], ctx: Any) -> str:
    """Draw one Tides of Battle card from the digital deck (seed 000 p.28).

    Drawn cards go to ``state["tides_discard"]`` and stay out of the deck until it runs out, then the
    discards are shuffled back; the card is picked when drawn (docs: games-howto, lazy draws).
    """
    used = state.setdefault("tides_discard", [])
    left = list(TIDES_DECK)
    for card in used:
        if card in left:
            left.remove(card)
    if not left:
        used.clear()
        left = list(TIDES_DECK)
    pick = ctx.rng.choice(sorted(left))
    used.append(pick)
    return pick


def _blade_or_tides(state: dict[str, Any], ctx: Any) -> None:
    """Tides of Battle cards are drawn (p.28); then the Blade holder, if fighting, decides (p.19)."""
    c = state["action"]["combat"]
    if c["tides_enabled"] and not c.get("tides_hidden"):
        c["tides_hidden"] = {side: tides_draw(state, ctx) for side in SIDES}
    blade = state["dominance"]["blade"]
    if not blade["used"] and blade["holder"] in (c["attacker"], c["defender"]) and c.get("blade_asked") is None:
        c["blade_asked"] = blade["holder"]
        c["step"] = "blade"
        return
    _resolve(state, ctx)


def blade(state: dict[str, Any], ctx: Any, action: dict[str, Any]) -> None:
    """The Valyrian Steel Blade: +1, or with Tides of Battle a redraw of one's Tides card (p.19, p.28)."""
    c = _combat(state)
    if c["step"] != "blade":
        raise RuleError("The Valyrian Steel Blade is not being asked now.", "seed 000 p.19", 409)
    holder = c["blade_asked"]
    ctx.actor.require(holder)
    side = "attacker" if holder == c["attacker"] else "defender"
    use = str(action.get("use", "")).lower() in ("1", "true", "on", "yes")
    redraw_stage = c["tides_enabled"] and c.get("blade_stage") != "plus"
    if use:
        state["dominance"]["blade"]["used"] = True
        if redraw_stage:
            c["tides_hidden"][side] = tides_draw(state, ctx)
            ctx.log(N_("%(house)s uses the Valyrian Steel Blade to draw a new Tides of Battle card"),
                    house=_h(holder))
        else:
            c["blade"] = side
            ctx.log(N_("%(house)s uses the Valyrian Steel Blade: +1"), house=_h(holder))
    elif redraw_stage and state.get("options", {}).get("faq_blade_tides", False):
        # agot faq: with Tides of Battle the cards are revealed, then a Blade not used to redraw
        # may still add +1 (the printed p.28 offers only the redraw)
        c["tides"] = dict(c["tides_hidden"])
        c["blade_stage"] = "plus"
        ctx.log(N_("Tides of Battle cards revealed; %(house)s may still use the Blade for +1"), house=_h(holder))
        return
    _resolve(state, ctx)


def _resolve(state: dict[str, Any], ctx: Any) -> None:
    """Final strength, winner, casualties (seed 000 p.20); then the decisions after the result."""
    c = state["action"]["combat"]
    c["step"] = "result"
    _strength_facts(state, c)
    if c.get("tides_hidden"):
        c["tides"] = dict(c["tides_hidden"])
    win = winner(c, state["tracks"]["fiefdoms"])
    loss = casualties(c, win) if c["neutral"] is None else {"attacker": 0, "defender": 0}
    c["result"] = {"winner": win, "attacker": total(c, "attacker"), "defender": total(c, "defender"),
                   "casualties": loss, "swords": {s: swords(c, s) for s in SIDES},
                   "forts": {s: forts(c, s) for s in SIDES}, "fiefdoms": list(state["tracks"]["fiefdoms"])}
    ctx.log(N_("Combat in %(area)s: %(attacker)s %(a)s against %(d)s; %(winner)s wins"),
            area=_a(c["area"]), attacker=_h(c["attacker"]), a=c["result"]["attacker"],
            d=c["result"]["defender"], winner=_h(wh) if (wh := house_of(c, win)) else tr(N_("the neutral force")))
    c["pending"] = []
    for side in SIDES:
        n = loss[side]
        units = c["att_units"] if side == "attacker" else c["def_units"]
        kinds = [k for k, v in units.items() if v]
        if n and (len(kinds) > 1 and n < sum(units.values())):
            c["pending"].append({"kind": "casualties", "side": side, "count": n})
        elif n:
            _take_casualties(state, c, side, auto_casualties(units, n))
    _queue_after(state, c, win)
    _next_pending(state, ctx)


def _take_casualties(state: dict[str, Any], c: dict[str, Any], side: str, picks: dict[str, int]) -> None:
    """Destroy the chosen casualties (p.20): the defender's in the mirror, the attacker's in transit."""
    units = c["att_units"] if side == "attacker" else c["def_units"]
    for k, n in picks.items():
        units[k] = units.get(k, 0) - n
    if side == "defender":
        _destroy(state, c["area"], picks)
    c["notes"].append({"msg": N_("%(house)s destroys %(units)s"),
                       "params": {"house": _h(house_on(c, side)),
                                  "units": " ".join(f"{n} {k}" for k, n in picks.items())}})


def _casualties(state: dict[str, Any], ctx: Any, side: str, action: dict[str, Any]) -> None:
    """The losing player picks which units die (seed 000 p.20); routed units are never chosen (p.21)."""
    c = state["action"]["combat"]
    need = c["result"]["casualties"][side]
    units = c["att_units"] if side == "attacker" else c["def_units"]
    picks = {k: get_int(action, k, 0, 20, "seed 000 p.20") for k in UNIT_KINDS if action.get(k) not in (None, "")}
    if sum(picks.values()) != need or any(picks[k] > units.get(k, 0) or picks[k] < 0 for k in picks):
        raise RuleError("Choose exactly %(count)s of your units in the combat.", "seed 000 p.20",
                        entry="resolution-casualty-choice", count=need)
    _take_casualties(state, c, side, picks)
    _next_pending(state, ctx)


def _destroy(state: dict[str, Any], aid: str, picks: dict[str, int]) -> None:
    """Destroyed units return to their house's reserve (seed 000 p.6 "destroy")."""

    u = dict(state["units"].get(aid) or {})
    if not u:
        return
    areas.set_units(state, aid, u["house"], {k: max(0, u.get(k, 0) - picks.get(k, 0)) for k in UNIT_KINDS})


def _queue_after(state: dict[str, Any], c: dict[str, Any], win: str) -> None:
    """Decisions once the winner is known, Iron Throne order (p.19 step 3): Cersei, Renly, then the
    loser's retreat (p.21). Robb Stark's owner chooses the retreat area when he wins, as attacker or
    as defender (card text; agot faq). Arianne Martell never spares the defender its retreat (card
    text: only the attacker is kept out). "After combat" cards (Patchface) wait for the clean-up."""
    if c["neutral"] is not None:
        return
    for side in _it_order(state, c):
        ability = ability_of(c, side)
        if ability == "cersei" and side == win:
            c["pending"].append({"kind": "cersei", "side": side})
        if ability == "renly" and side == win and renly_targets(state, c, side):
            c["pending"].append({"kind": "renly", "side": side})
    if win == "attacker":
        survivors = retreating_units(c["def_units"])
        if any(survivors.values()):
            chooser = "attacker" if ability_of(c, "attacker") == "robb" else "defender"
            c["pending"].append({"kind": "retreat", "side": chooser})
    elif ability_of(c, "defender") == "robb" and any(retreating_units(c["att_units"]).values()):
        c["pending"].append({"kind": "retreat", "side": "defender", "loser": "attacker"})


def renly_targets(state: dict[str, Any], c: dict[str, Any], side: str) -> list[str]:
    """Areas holding a footman Renly may upgrade: the winner's own in the combat, or a supporting
    Baratheon footman (card text: "participating" includes support; agot faq)."""

    house = house_on(c, side)
    if areas.in_reserve(state, house, "knight") <= 0:
        return []
    out = []
    units = c["att_units"] if side == "attacker" else c["def_units"]
    if units.get("footman"):
        out.append(c["area"])
    for sup in c.get("supports", []):
        if sup.get("side") == side and sup["house"] == house and sup["units"].get("footman") \
                and (state["units"].get(sup["area"]) or {}).get("footman") and sup["area"] not in out:
            out.append(sup["area"])
    return out


def _loser_of(p: dict[str, Any]) -> str:
    """Whose units a pending retreat moves: the defender's unless Robb (defending) moved the attacker."""
    return p.get("loser", "defender")


def retreat_options(state: dict[str, Any], c: dict[str, Any], loser: str = "defender") -> list[dict[str, Any]]:
    """Legal retreat areas for the defeated side (seed 000 p.21, ship transport p.23).

    Only the areas where the fewest retreating units are destroyed for supply are offered (p.21:
    units are lost only when no better area exists). An enemy home area still holding its garrison
    is an enemy area (p.26-27), never a retreat. ``loser="attacker"`` is Robb Stark defending: the
    attacker's units, in transit, may go to any such area, their origin included (agot faq).
    """

    house = house_on(c, loser)
    units = retreating_units(c["def_units"] if loser == "defender" else c["att_units"])
    n = sum(units.values())
    land = any(units.get(k) for k in LAND_UNITS)
    near = set(area(c["area"]).adjacent)
    if land:
        near |= transport_reach(state, c["area"], house)
    # supply is checked as if the retreating units had already left the embattled area (p.21)
    after = {**state, "units": {a: u for a, u in state["units"].items() if a != c["area"]}}
    garrisons = state.get("garrisons", {})
    cands = []
    for aid in sorted(near):
        a = area(aid)
        owner = unit_owner(state, aid)
        room = None
        for k in range(n, -1, -1):
            if supply.can_hold(after, house, aid, k):
                room = k
                break
        if a.type == "port" and room is not None and owner in (None, house):
            room = min(room, 3 - (sum(_units_of(state, aid, False).values()) if owner == house else 0))  # p.25
        enemy_garrison = bool(garrisons.get(aid)) and a.home not in ("", house) and owner != house \
            and state.get("control", {}).get(aid) != house
        cands.append({"area": aid, "kind": a.type, "origin": aid == c["from"] and loser == "defender",
                      "enemy_units": (owner not in (None, house) and bool(_units_of(state, aid, False)))
                      or enemy_garrison,
                      "enemy_power": state.get("tokens", {}).get(aid) not in (None, house),
                      "neutral": aid in state.get("neutral", {}),
                      "room": room,
                      "foreign_port": a.type == "port" and port_owner(state, aid) != house})
    cands = [x for x in cands if not x["foreign_port"]]
    legal = [x for x in retreat_choices(units, cands) if x["room"]]
    best = max((min(x["room"], n) for x in legal), default=0)
    return [x for x in legal if min(x["room"], n) == best]


def _keep_on_retreat(units: dict[str, int], room: int, action: dict[str, Any] | None) -> dict[str, int]:
    """Which retreating units survive a supply cut (p.21: the player destroys the excess). The phone
    may name the kinds to keep (``footman``/``knight``/``ship`` counts); otherwise knights and ships
    are kept before footmen, the order a player would pick."""
    want = {k: get_int(action, k, 0, 20, "seed 000 p.21") for k in UNIT_KINDS
            if action and action.get(k) not in (None, "")}
    if want:
        if sum(want.values()) != room or any(n > units.get(k, 0) for k, n in want.items()):
            raise RuleError("Keep exactly %(count)s of the retreating units.", "seed 000 p.21",
                            entry="resolution-retreat-supply", count=room)
        return {k: n for k, n in want.items() if n}
    out: dict[str, int] = {}
    for k in ("knight", "ship", "footman"):
        take = min(room, units.get(k, 0))
        if take:
            out[k] = take
            room -= take
    return out


def _retreat(state: dict[str, Any], ctx: Any, dest: str, loser: str = "defender",
             action: dict[str, Any] | None = None) -> None:
    """Move the defeated side's survivors, routed (p.21); excess over supply is destroyed.

    The defender's units leave the embattled area now; the attacker's (only with Robb Stark
    defending) are in transit and land in clean-up, at ``c["att_retreat"]``."""

    c = state["action"]["combat"]
    units = retreating_units(c["def_units"] if loser == "defender" else c["att_units"])
    options = {o["area"]: o["room"] for o in retreat_options(state, c, loser)}
    if dest not in options:
        robb = ability_of(c, other(loser)) == "robb"  # Robb Stark's owner picks the area (card text)
        raise RuleError("Your units cannot retreat to %(area)s.", RULE_CARD_TEXT if robb else "seed 000 p.21",
                        entry="card-robb" if robb else "resolution-retreat-defender", area=dest[:40])
    room = options[dest]
    keep = dict(units) if room >= sum(units.values()) else _keep_on_retreat(units, room, action)
    if sum(keep.values()) < sum(units.values()):
        c["notes"].append({"msg": N_("Supply limit: %(count)s retreating units are destroyed"),
                           "params": {"count": sum(units.values()) - sum(keep.values())}})
    house = house_on(c, loser)
    c["retreated_to"] = dest
    if loser == "attacker":
        c["att_units"] = dict(keep)
        c["att_retreat"] = dest
        ctx.log(N_("%(house)s retreats to %(area)s"), house=_h(house), area=_a(dest))
        _next_pending(state, ctx)
        return
    _destroy(state, c["area"], {k: state["units"].get(c["area"], {}).get(k, 0) for k in UNIT_KINDS})
    areas.add_units(state, dest, house, **keep)
    routed = state["action"]["routed"].setdefault(dest, {})
    for k, n in keep.items():
        routed[k] = routed.get(k, 0) + n
    c["def_units"] = {}
    ctx.log(N_("%(house)s retreats to %(area)s"), house=_h(house), area=_a(dest))
    _next_pending(state, ctx)


def _renly(state: dict[str, Any], c: dict[str, Any], side: str, aid: str) -> None:
    """Renly Baratheon: one footman of the winner's in this combat (its own or a supporting one)
    becomes a knight, if a knight is left in reserve (card text; agot faq)."""

    if aid not in renly_targets(state, c, side):
        raise RuleError("Choose an area with one of your footmen in this combat.", RULE_CARD_TEXT, entry="card-renly")
    house = house_of(c, side)
    if aid == c["area"]:
        units = c["att_units"] if side == "attacker" else c["def_units"]
        units["footman"] -= 1
        units["knight"] = units.get("knight", 0) + 1
        if side == "attacker":
            return
    u = dict(state["units"][aid])
    areas.set_units(state, aid, house, {**{k: u.get(k, 0) for k in UNIT_KINDS},
                                        "footman": u["footman"] - 1, "knight": u.get("knight", 0) + 1})
    for sup in c.get("supports", []):
        if sup["area"] == aid:
            sup["units"] = {**sup["units"], "footman": sup["units"]["footman"] - 1,
                            "knight": sup["units"].get("knight", 0) + 1}


def _take_port(state: dict[str, Any], c: dict[str, Any]) -> None:
    """Taking a land area: enemy ships in its port leave the board; the new owner may at once put
    up to as many of its own ships there as it has in reserve and supply allows (seed 000 p.25).
    That choice is a step of its own (pending ``port``), answered with a button on the phone."""

    port = board_data.load().port_of_land(c["area"])
    if not port or c["neutral"] is not None:
        return
    owner = areas.owner(state, port)
    if owner in (None, c["attacker"]):
        return
    ships = areas.count(state, port)
    areas.set_units(state, port, None, {})
    c["notes"].append({"msg": N_("%(area)s: %(n)s enemy ships removed; %(house)s may put as many of its own ships there"),
                       "params": {"area": _a(port), "n": ships, "house": _h(c["attacker"])}})
    most = port_room(state, c["attacker"], port, ships)
    if most:
        c["pending"].append({"kind": "port", "side": "attacker", "area": port, "max": most})


def port_room(state: dict[str, Any], house: str, port: str, removed: int) -> int:
    """How many ships may replace the removed ones: no more than were removed, than the house has in
    reserve, than supply allows (seed 000 p.25), and never more than 3 in a port."""

    n = min(removed, areas.in_reserve(state, house, "ship"), 3)
    while n and not supply.can_hold(state, house, port, n):
        n -= 1
    return n


def _port_replace(state: dict[str, Any], ctx: Any, c: dict[str, Any], p: dict[str, Any], action: dict[str, Any]) -> None:
    """The new owner places 0..max of its own ships in the captured port (seed 000 p.25)."""

    n = get_int(action, "ships", 0, p["max"], "seed 000 p.25", entry="ports-capture",
                why=N_("Up to %(max)s ships: no more than the enemy ships removed, the ships you have left, your "
                       "supply and 3 per port.")) if action.get("ships") not in (None, "") else 0
    if n:
        areas.set_units(state, p["area"], c["attacker"], {"ship": n})
    ctx.log(N_("%(house)s puts %(n)s ship in %(area)s"), _plural="%(house)s puts %(n)s ships in %(area)s",
            house=_h(c["attacker"]), n=n, area=_a(p["area"]))


def _after_result(state: dict[str, Any], ctx: Any) -> None:
    """Combat clean-up (seed 000 p.21): units move in or back, orders/tokens/garrison, house cards.

    Then the steps that wait for the clean-up: replacing ships in a captured port (p.25) and the
    "after combat" cards (Patchface), which resolve once played cards are discarded, hands refilled
    and Roose Bolton has taken his cards back (agot faq); :func:`_finish` closes the combat."""

    c = state["action"]["combat"]
    c["cleaned"] = True
    win = c["result"]["winner"]
    att, dfn, dst, src = c["attacker"], c["defender"], c["area"], c["from"]
    survivors = {k: n for k, n in c["att_units"].items() if n > 0}
    arianne = ability_of(c, "defender") == "arianne" and dfn is not None
    if win == "attacker":
        if c["neutral"] is not None:
            state["neutral"].pop(dst, None)
        if dfn is not None:
            if state.get("orders", {}).get(dst, {}).get("house") == dfn:
                del state["orders"][dst]
            if state.get("tokens", {}).get(dst) == dfn and not arianne:
                power.remove_token(state, dst)
            if c["garrison"]:  # a defeated garrison leaves the game (seed 000 p.27)
                state.get("garrisons", {}).pop(dst, None)
            left = {k: state["units"].get(dst, {}).get(k, 0) for k in UNIT_KINDS}
            if any(left.values()):  # units that could not retreat are destroyed (p.21)
                _destroy(state, dst, left)
        if arianne:
            # card text: the attacker may not move in and goes back where it marched from; the
            # defender keeps control of the area (and so its port) (agot faq)
            if any(survivors.values()):
                areas.add_units(state, src, att, **survivors)
            c["notes"].append({"msg": N_("Arianne Martell: the attacker may not move into the area"), "params": {}})
        elif any(survivors.values()):
            areas.add_units(state, dst, att, **survivors)
        if ability_of(c, "attacker") == "loras" and any(survivors.values()) and not arianne \
                and dst not in state["orders"]:
            state["orders"][dst] = {"house": att, "token": c["march_token"]}
            state["orders"].pop(src, None)
        if ability_of(c, "attacker") == "tywin":
            power.gain(state, att, 2)
        if not arianne:
            _take_port(state, c)
    else:
        back = c.get("att_retreat") or src
        if c["neutral"] is not None and any(survivors.values()) and \
                state.get("options", {}).get("neutral_short", "back") == "back":
            # p.26 says a neutral force may only be attacked with enough strength but not what happens
            # when support falls short; table option "neutral_short": "back" (default, the attempt
            # never happened: units go back, not routed) or "routed" (treated like a lost combat).
            areas.add_units(state, src, att, **survivors)
            c["notes"].append({"msg": N_("Not enough strength against the neutral force: the units go back"),
                               "params": {}})
        elif any(survivors.values()):  # the attacker retreats to where it marched from (p.21)
            areas.add_units(state, back, att, **survivors)
            routed = state["action"]["routed"].setdefault(back, {})
            for k, n in survivors.items():
                if k == "siege":
                    continue
                routed[k] = routed.get(k, 0) + n
            if survivors.get("siege"):  # siege engines cannot retreat (p.21)
                _destroy(state, back, {"siege": survivors["siege"]})
        if dfn is not None and ability_of(c, "defender") == "tywin":
            power.gain(state, dfn, 2)
    if c["neutral"] is None:
        for side in SIDES:
            card = card_of(c, side)
            if card:
                hc.discard(state, house_on(c, side), card.id, ctx)
        for side in SIDES:
            if ability_of(c, side) == "roose" and side != win:
                hc.take_back_all(state, house_on(c, side))
    if state["orders"].get(src, {}).get("token") == c["march_token"] and state["orders"][src]["house"] == att:
        del state["orders"][src]
    areas.recompute_control(state, dst)
    areas.recompute_control(state, src)
    if arianne and win == "attacker" and not areas.owner(state, dst):
        state["control"][dst] = dfn
    if c["neutral"] is None:
        for side in _it_order(state, c):
            if ability_of(c, side) == "patchface" and hc.hands(state)[house_on(c, other(side))]["hand"]:
                c["pending"].append({"kind": "patchface", "side": side})
    if c["pending"]:
        c["step"] = "ability"
        return
    _finish(state, ctx)


def _finish(state: dict[str, Any], ctx: Any) -> None:
    """End of clean-up: orders in areas left without units go (agot faq), the combat stays readable
    as ``last_combat`` until the next one; then the March step goes on (seed 000 p.21)."""

    c = state["action"]["combat"]
    # only the areas this combat emptied: an order elsewhere may stand on units the mirror lacks
    # (planning's "extra" areas), and the mirror never overrules the board
    for aid in sorted({c["area"], c["from"]} & set(state.get("orders", {}))):
        if not areas.count(state, aid):
            o = state["orders"].pop(aid)
            ctx.log(N_("%(house)s: the order in %(area)s is removed (no units left there)"),
                    house=_h(o["house"]), area=_a(aid))
    state["action"]["last"] = {"kind": "combat", "house": c["attacker"], "from": c["from"], "area": c["area"],
                               "winner": house_of(c, c["result"]["winner"]) or "neutral", "result": c["result"],
                               "cards": dict(c["cards"]), "tides": dict(c["tides"]), "notes": c["notes"]}
    state["last_combat"] = summary(state, c)
    state["action"]["combat"] = None  # the March step goes on (action.in_combat)


def correct_units(state: dict[str, Any], ctx: Any, action: dict[str, Any]) -> None:
    """Before the cards are revealed, a side (or the host) corrects the units it has in the combat:
    the pieces on the table are the truth (design: the mirror may be stale; seed 000 p.17)."""

    c = _combat(state)
    if c["step"] not in ("support", "cards"):
        raise RuleError("Units can be corrected only before the house cards are revealed.", "seed 000 p.18", 409)
    side = str(action.get("side", ""))
    if side not in SIDES or (side == "defender" and c["defender"] is None):
        raise RuleError("Correct the attacker's or the defender's units.", "companion: board mirror",
                        entry="companion-board-truth")
    house = house_on(c, side)
    ctx.actor.require(house)
    counts = {k: get_int(action, k, 0, 10, "companion: input") if action.get(k) not in (None, "") else 0
              for k in UNIT_KINDS}
    if c["sea"] and any(counts[k] for k in LAND_UNITS) or not c["sea"] and counts["ship"]:
        raise RuleError("Ships fight at sea, footmen, knights and siege engines on land.", "seed 000 p.15")
    if not any(counts.values()) and not (side == "defender" and c["garrison"]):
        raise RuleError("A side needs at least one unit in the combat.", "seed 000 p.17", entry="combat-when")
    if side == "attacker":
        c["att_units"] = {k: n for k, n in counts.items() if n}
    else:
        routed = state["action"]["routed"].get(c["area"], {})
        areas.set_units(state, c["area"], house, {k: counts[k] + routed.get(k, 0) for k in UNIT_KINDS})
        c["def_units"] = {k: n for k, n in counts.items() if n}
    ctx.log(N_("%(house)s corrects its units in the combat: %(n)s"), house=_h(house), n=sum(counts.values()))


# -- views -----------------------------------------------------------------------------------
def public(state: dict[str, Any]) -> dict[str, Any] | None:
    """The combat panel: built field by field so nothing secret (chosen card, Tides) leaks early."""
    c = state.get("action", {}).get("combat")
    if not c:
        return None
    revealed = c["step"] not in ("support", "cards")
    view = {k: c[k] for k in ("id", "attacker", "defender", "neutral", "area", "from", "att_units", "def_units",
                              "supports", "step", "garrison", "march_bonus", "defense_bonus", "notes")}
    view["queue"] = [dict(q) for q in c["queue"]]
    view["initial"] = {s: initial_strength(c, s) for s in SIDES}
    view["pending"] = [{"kind": p["kind"], "house": house_of(c, p["side"]), "side": p["side"]}
                       for p in c["pending"]] if c["step"] == "ability" else []
    if revealed:
        view["cards"] = {s: (card.name if (card := card_of(c, s)) else None) for s in SIDES}
        view["card_ids"] = dict(c["cards"])
        view["card_texts"] = {s: hc.ABILITY_TEXT.get(ability_of(c, s), "") for s in SIDES}
        view["breakdown"] = {s: breakdown(c, s) for s in SIDES}
        view["totals"] = {s: total(c, s) for s in SIDES}
    if c.get("result"):
        view["result"] = c["result"]
        view["tides"] = dict(c["tides"])
    if c.get("blade_stage") == "plus" and not c.get("result"):
        view["tides"] = dict(c["tides"])
    view["blade_holder"] = c.get("blade_asked") if c["step"] == "blade" else None
    return view


def summary(state: dict[str, Any], c: dict[str, Any]) -> dict[str, Any]:
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


def private(state: dict[str, Any], seat: str) -> dict[str, Any] | None:
    """What this house decides in the combat: support, its card (own hand), an ability, the Blade."""
    c = state.get("action", {}).get("combat")
    if not c:
        return None
    view: dict[str, Any] = {"decide": None}
    if c["step"] == "support" and c["queue"] and c["queue"][0]["house"] == seat:
        head = c["queue"][0]
        sides = ["attacker", "defender", "none"]
        if c["neutral"] is not None:
            sides = ["attacker", "none"]
        if seat in (c["attacker"], c["defender"]):
            sides = ["attacker" if seat == c["attacker"] else "defender", "none"]
        view["decide"] = {"kind": "support", "area": head["area"], "sides": sides}
    if c["step"] == "cards" and seat in (c["attacker"], c["defender"]):

        prompt = state["prompts"][c["prompt"]]
        side = "attacker" if seat == c["attacker"] else "defender"
        if seat in prompt["asked"]:
            hand = [x for x in hc.hands(state)[seat]["hand"] if x not in c.get("exclude", {}).get(side, [])]
            view["decide"] = {"kind": "card", "prompt": c["prompt"], "mine": sealed.private(prompt, seat)["mine"],
                              "hand": hand,
                              "info": {x: {"strength": hc.CARDS[x].strength, "swords": hc.CARDS[x].swords,
                                           "forts": hc.CARDS[x].forts,
                                           "text": hc.ABILITY_TEXT.get(hc.CARDS[x].ability, "")} for x in hand}}
    if c["step"] == "ability" and c["pending"] and house_of(c, c["pending"][0]["side"]) == seat:
        p = c["pending"][0]
        d: dict[str, Any] = {"kind": p["kind"]}
        if p["kind"] == "queen-of-thorns":
            d["targets"] = queen_targets(state, c, p["side"])
        if p["kind"] == "cersei":
            d["targets"] = sorted(a for a, o in state.get("orders", {}).items()
                                  if o["house"] == house_of(c, other(p["side"])))
        if p["kind"] == "patchface":
            d["targets"] = list(hc.hands(state)[house_on(c, other(p["side"]))]["hand"])
        if p["kind"] == "retreat":
            opts = retreat_options(state, c, _loser_of(p))
            d["targets"] = [o["area"] for o in opts]
            moving = retreating_units(c["def_units"] if _loser_of(p) == "defender" else c["att_units"])
            if opts and opts[0]["room"] < sum(moving.values()):
                d["keep"] = opts[0]["room"]  # supply cuts the retreat: the phone picks the survivors
                d["units"] = moving
            d["loser"] = house_of(c, _loser_of(p))
        if p["kind"] == "renly":
            d["targets"] = renly_targets(state, c, p["side"])
        if p["kind"] == "port":
            d["area"], d["max"] = p["area"], p["max"]
        if p["kind"] == "casualties":
            d["count"] = p["count"]
            d["units"] = c["att_units"] if p["side"] == "attacker" else c["def_units"]
        view["decide"] = d
    if c["step"] == "blade" and c.get("blade_asked") == seat:
        view["decide"] = {"kind": "blade", "tides": c["tides_enabled"] and c.get("blade_stage") != "plus"}
    if c.get("tides_hidden") and not c.get("result") and seat in (c["attacker"], c["defender"]):
        view["my_tide"] = c["tides_hidden"]["attacker" if seat == c["attacker"] else "defender"]
    return view


def waiting_for(state: dict[str, Any]) -> list[str]:
    """Who the combat waits on right now."""

    c = state["action"]["combat"]
    if c["step"] == "support" and c["queue"]:
        return [c["queue"][0]["house"]]
    if c["step"] == "cards" and c["prompt"]:
        return sealed.waiting(state["prompts"][c["prompt"]])
    if c["step"] == "ability" and c["pending"]:
        return [house_on(c, c["pending"][0]["side"])]
    if c["step"] == "blade":
        return [c["blade_asked"]]
    return []


class Combat(Procedure):
    """A combat, nested in the March step (seed 000 p.17-21): support, then the sealed house cards,
    the card abilities and other decisions (``pending``), the Blade; each stage has its moves."""

    name = "combat"
    moves = {"support": ("support", "combat_units"), "cards": ("answer", "combat_units"),
             "ability": ("card_ability",), "blade": ("blade",)}

    def active(self, state: dict[str, Any]) -> bool:
        return bool((state.get("action") or {}).get("combat"))

    def sub(self, state: dict[str, Any]) -> str | None:
        return str(state["action"]["combat"]["step"])

    def waiting_for(self, state: dict[str, Any]) -> list[str]:
        return waiting_for(state)


COMBAT = Combat()
