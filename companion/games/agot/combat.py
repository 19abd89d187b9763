"""The combat procedure and its moves (seed 000 p.17-21), nested in the March step.

:class:`Combat` lists the moves each stage of a combat takes (``support``, ``cards``, ``ability``,
``blade``); the handlers here check who may decide and what was picked, change the combat, and
hand over to the step that comes next (``combat_flow.py``). Where each part lives:

- ``combat_flow.py``: the steps in order (support queue, sealed cards, abilities, Blade/Tides,
  result, casualties) and the pending decisions;
- ``combat_calc.py``: every number (pure); ``combat_sides.py``: whose side is whose;
- ``ability.py`` / ``abilities.py``: the house-card abilities, one registered class per card;
- ``combat_retreat.py``, ``combat_ports.py``, ``combat_cleanup.py``: retreat, captured ports, clean-up;
- ``views/combat_view.py``: the combat panel and each phone's decision.
"""

from __future__ import annotations

from ... import sealed
from ...i18n import N_
from ...moves import Checks, Move
from ..base import Ctx, RuleError, State
from . import abilities, areas
from . import house_cards as hc
from . import params as P
from .ability import RULE_CARD_TEXT
from .combat_calc import LAND_UNITS, SIDES, UNIT_KINDS, card_of, house_of, house_on
from .combat_flow import (
    after_cards,
    after_support,
    ask_cards,
    next_pending,
    resolve,
    take_casualties,
    tides_draw,
)
from .combat_ports import port_replace
from .combat_retreat import loser_of, retreat
from .combat_sides import Combat as CombatDict
from .combat_sides import units_on
from .combat_state import RULE_CARDS, RULE_SUPPORT, area_name, current, house_name, running, units_in
from .names import label
from .options import AgotOptions
from .procedure import Procedure

SIDE_LABELS = {"attacker": N_("the attacker"), "defender": N_("the defender"), "none": N_("nobody")}


def support(state: State, ctx: Ctx, action: P.Support) -> None:
    """The next Support order in turn order gives its whole strength to one side or none (seed 000 p.17-18)."""
    c = current(state)
    if not c["queue"]:
        raise RuleError("Support is not being asked now.", RULE_SUPPORT, 409)
    head = c["queue"][0]
    ctx.actor.require(head["house"])
    aid = action.area or head["area"]
    if aid != head["area"]:
        raise RuleError("Support is asked in turn order: first the order in %(area)s.", RULE_SUPPORT, 409,
                        area=head["area"])
    side = action.side  # declared: attacker, defender or none (p.17)
    if side == "defender" and c["neutral"] is not None:
        raise RuleError("Neutral forces never receive support.", "seed 000 p.26")
    if side != "none":
        helped = house_of(c, side)
        if head["house"] in (c["attacker"], c["defender"]) and head["house"] != helped:
            raise RuleError("A house never supports an opponent against its own units.", RULE_SUPPORT)
    c["queue"].pop(0)
    if side != "none":
        c["supports"].append({"area": aid, "house": head["house"], "side": side,
                              "units": units_in(state, aid), "bonus": head["bonus"]})
    ctx.log(N_("Support from %(area)s (%(house)s): %(side)s"), area=area_name(aid), house=house_name(head["house"]),
            side=label(SIDE_LABELS[side]))
    after_support(state, ctx)


def answer_card(state: State, ctx: Ctx, action: P.Answer) -> str:
    """A side picks its house card secretly; both are revealed together (seed 000 p.19). Returns
    the prompt it answered."""

    c = current(state)
    if action.prompt != c["prompt"]:
        raise RuleError("No house card is being chosen now.", RULE_CARDS, 409, entry="combat-house-cards")
    seat = ctx.actor.require_seat()
    side = "attacker" if seat == c["attacker"] else "defender" if seat == c["defender"] else None
    if side is None:
        raise RuleError("Only the attacker and the defender play house cards.", RULE_CARDS, 403)
    cid = "" if action.value is None else str(action.value)
    hc.require_in_hand(state, seat, cid)
    if cid in c.get("exclude", {}).get(side, []):
        raise RuleError("You must choose a different card.", RULE_CARD_TEXT,
                        entry=f"card-{abilities.excluded_by(c, side, cid).key}")
    prompt = sealed.get(state, c["prompt"])
    changed = seat in prompt["answers"]
    revealed = sealed.answer(state, c["prompt"], seat, cid)
    ctx.log(N_("%(house)s chose %(card)s"), house=house_name(seat), card=label(hc.CARD_NAMES[cid]),
            prompt=c["prompt"], seat=seat,
            hidden=N_("%(house)s changed its house card") if changed else N_("%(house)s chose a house card"),
            hidden_params={"house": house_name(seat)})
    if revealed:
        for house, value in prompt["answers"].items():
            c["cards"]["attacker" if house == c["attacker"] else "defender"] = value
        ctx.log(N_("House cards revealed: %(attacker)s plays %(a)s, %(defender)s plays %(d)s"),
                attacker=house_name(c["attacker"]), defender=house_name(c["defender"]),
                a=_card_label(c, SIDES[0]), d=_card_label(c, SIDES[1]))
        after_cards(state, ctx)
    return str(prompt["id"])


def _card_label(c: CombatDict, side: str) -> dict[str, str] | str:
    card = card_of(c, side)
    return label(hc.CARD_NAMES[card.id]) if card else "-"


def ability(state: State, ctx: Ctx, action: P.CardAbility) -> None:
    """The owner of the next pending decision takes it: a card ability, a retreat, casualties or
    ships for a captured port (seed 000 p.19 order; card texts)."""

    c = current(state)
    if not c["pending"]:
        raise RuleError("No card ability waits for a decision.", RULE_CARDS, 409)
    p = c["pending"][0]
    house = house_on(c, p["side"])
    ctx.actor.require(house)
    try:
        _decide(state, ctx, c, p, action)
    except RuleError:
        if not c["pending"] or c["pending"][0] is not p:
            c["pending"].insert(0, p)  # nothing was decided: the same question stays open
        raise


def _decide(state: State, ctx: Ctx, c: CombatDict, p: dict[str, object], action: P.CardAbility) -> None:
    """Apply one decision and move the combat on: the combat's own (retreat p.21, casualties p.20,
    port ships p.25) or a card's, which its ability applies (``abilities.py``)."""

    kind, side = str(p["kind"]), str(p["side"])
    c["pending"].pop(0)
    if kind == "retreat":
        retreat(state, ctx, action.area or "", loser_of(p), action)
    elif kind == "casualties":
        _pick_casualties(state, side, action)
    elif kind == "port":
        port_replace(state, ctx, c, p, action)
    else:
        card = abilities.by_key(kind)
        if card.timing == "cancel":
            c["cancels_done"].append(side)
        again = card.decide(state, ctx, c, side, action) if action.use else None
        if again is not None:
            ask_cards(state, ctx, [again.side], {again.side: [again.exclude]})
            return
    next_pending(state, ctx)


def _pick_casualties(state: State, side: str, action: P.CardAbility) -> None:
    """The losing player picks which units die (seed 000 p.20); routed units are never chosen (p.21)."""
    c = running(state)
    need = c["result"]["casualties"][side]
    units = units_on(c, side)
    sent = {k: P.count(getattr(action, k), 0, 20, "seed 000 p.20", k) for k in UNIT_KINDS}
    picks = {k: n for k, n in sent.items() if n is not None}
    if sum(picks.values()) != need or any(picks[k] > units.get(k, 0) or picks[k] < 0 for k in picks):
        raise RuleError("Choose exactly %(count)s of your units in the combat.", "seed 000 p.20",
                        entry="resolution-casualty-choice", count=need)
    take_casualties(state, c, side, picks)


def blade(state: State, ctx: Ctx, action: P.Blade) -> None:
    """The Valyrian Steel Blade: +1, or with Tides of Battle a redraw of one's Tides card (p.19, p.28)."""
    c = current(state)
    holder = c["blade_asked"]
    ctx.actor.require(holder)
    side = "attacker" if holder == c["attacker"] else "defender"
    redraw_stage = c["tides_enabled"] and c.get("blade_stage") != "plus"
    if action.use:
        state["dominance"]["blade"]["used"] = True
        if redraw_stage:
            c["tides_hidden"][side] = tides_draw(state, ctx)
            ctx.log(N_("%(house)s uses the Valyrian Steel Blade to draw a new Tides of Battle card"),
                    house=house_name(holder))
        else:
            c["blade"] = side
            ctx.log(N_("%(house)s uses the Valyrian Steel Blade: +1"), house=house_name(holder))
    elif redraw_stage and AgotOptions.of(state).faq_blade_tides:
        # agot faq: with Tides of Battle the cards are revealed, then a Blade not used to redraw
        # may still add +1 (the printed p.28 offers only the redraw)
        c["tides"] = dict(c["tides_hidden"])
        c["blade_stage"] = "plus"
        ctx.log(N_("Tides of Battle cards revealed; %(house)s may still use the Blade for +1"),
                house=house_name(holder))
        return
    resolve(state, ctx)


def correct_units(state: State, ctx: Ctx, action: P.CombatUnits) -> None:
    """Before the cards are revealed, a side (or the host) corrects the units it has in the combat:
    the pieces on the table are the truth (design: the mirror may be stale; seed 000 p.17)."""

    c = current(state)
    side = action.side or ""
    if side not in SIDES or (side == "defender" and c["defender"] is None):
        raise RuleError("Correct the attacker's or the defender's units.", "companion: board mirror",
                        entry="companion-board-truth")
    house = house_on(c, side)
    ctx.actor.require(house)
    counts = {k: getattr(action, k) or 0 for k in UNIT_KINDS}
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
    ctx.log(N_("%(house)s corrects its units in the combat: %(n)s"), house=house_name(house), n=sum(counts.values()))


def waiting_for(state: State) -> list[str]:
    """Who the combat waits on right now."""

    c = running(state)
    if c["step"] == "support" and c["queue"]:
        return [c["queue"][0]["house"]]
    if c["step"] == "cards" and c["prompt"]:
        return sealed.waiting(state["prompts"][c["prompt"]])
    if c["step"] == "ability" and c["pending"]:
        return [house_on(c, c["pending"][0]["side"])]
    if c["step"] == "blade":
        return [c["blade_asked"]]
    return []


#: its rows of the input-checks table (docs/rules-coverage.md), generated from here
SUPPORT_CHECKS = Checks(
    "`support`", row=90, pages="p.17-18, p.26",
    text=("the next Support order in turn order; a side, never against the house's own units, never a "
          "neutral force; an order is asked only when its area holds its own house's units **(38)**"))

HOUSE_CARD_CHECKS = Checks(
    "`answer` (house card)", row=100, pages="p.19",
    text=("the open prompt; the attacker or defender; a card in its own hand, not one a card text "
          "excludes"))

ABILITY_CHECKS = Checks(
    "`card_ability`", row=110, pages="p.19-21, p.25, card texts",
    text=("the house of the pending decision; targets as printed (an opponent's order; one adjacent, not "
          "the attacking March; a card in the opponent's hand; a track); casualties exactly the number "
          "due, from its own units in the combat; a legal retreat area; ships for a captured port 0..max"))

BLADE_CHECKS = Checks(
    "`blade`, `combat_units`", row=120, pages="p.19, p.28, p.17",
    text=("the Blade holder asked; a side's own house (or the host) corrects its units, land units on "
          "land and ships at sea"))


#: the combat's own moves, each beside its handler above and allowed at the stages :class:`Combat`
#: lists (the sealed house card is the shared sealed ``answer``, declared in ``moves.py``;
#: :func:`answer_card` is its handler here); ``action.COMBAT_MOVES`` runs them inside the March step
MOVES = (
    Move("support", support, "The asked Support order helps the attacker, the defender or nobody.",
         RULE_SUPPORT, P.Support, who="seat", not_now=N_("Support is not being asked now."),
         details=("The house of the next Support order in `combat.queue` (turn order): adds all that "
                  "area's units (+ the special +1) to one side; never against yourself; neutral forces get"
                  " none (p.17-18, p.26)."), checks=(SUPPORT_CHECKS,)),
    Move("combat_units", correct_units,
         "Before the cards are revealed: correct a side's units in the combat (the board is the truth).",
         "seed 000 p.18", P.CombatUnits, who="seat",
         not_now=N_("Units can be corrected only during a combat, before the house cards are revealed."),
         details=("Attacker or defender (or the host), before the cards are revealed: that side's units in"
                  " the combat (the defender's also in the mirror)."), checks=(BLADE_CHECKS,)),
    Move("card_ability", ability, "Decide the pending card ability, retreat, casualties or port ships of the combat.",
         RULE_CARDS, P.CardAbility, who="seat", not_now=N_("No card ability waits for a decision."),
         details=("The house named in `combat.pending[0]`; by `kind`: `tyrion`, `aeron` (then a new card "
                  "prompt), `queen-of-thorns`/`cersei` (`area`), `doran` (`track`), `renly` (`area`: one "
                  "of `decide.targets`), `patchface` (`card`), `casualties` (`footman`, `knight`, `ship`, "
                  "`siege`: exactly the number due), `retreat` (`area`, one of `decide.targets`; "
                  "`decide.loser` names whose units move), `port` (`ships`: 0..`decide.max` own ships put "
                  "in the captured port `decide.area`, p.25). Card texts in the order of p.19; casualties "
                  "p.20; retreat p.21 (only the areas losing the fewest units to supply are offered); "
                  "\"after combat\" texts come after the clean-up (agot faq)."), checks=(ABILITY_CHECKS,)),
    Move("blade", blade, "The Valyrian Steel Blade holder: +1 or a new Tides of Battle card (or not).",
         "seed 000 p.19", P.Blade, who="seat", not_now=N_("The Valyrian Steel Blade is not being asked now."),
         details=("The Valyrian Steel Blade holder fighting, `combat.step == \"blade\"`: +1, or with `tides`"
                  " a new Tides of Battle card (p.19, p.28); with `faq_blade_tides`, declining the redraw "
                  "reveals the Tides cards (`combat.tides`) and asks again for +1."), checks=(BLADE_CHECKS,)),
)


class Combat(Procedure):
    """A combat, nested in the March step (seed 000 p.17-21): support, then the sealed house cards,
    the card abilities and other decisions (``pending``), the Blade; each stage has its moves, and a
    move is taken only at the stages listed here (``procedure.where``)."""

    name = "combat"
    moves = {"support": ("support", "combat_units"), "cards": ("answer", "combat_units"),
             "ability": ("card_ability",), "blade": ("blade",)}
    handlers = {"answer": answer_card}

    def active(self, state: State) -> bool:
        return bool((state.get("action") or {}).get("combat"))

    def sub(self, state: State) -> str | None:
        return str(state["action"]["combat"]["step"])

    def waiting_for(self, state: State) -> list[str]:
        return waiting_for(state)

