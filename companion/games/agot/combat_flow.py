"""The steps of a combat, in the order of seed 000 p.17-21: support -> house cards -> abilities ->
Blade / Tides of Battle -> result -> casualties -> retreat -> clean-up.

The running combat is ``state["action"]["combat"]`` (its fields: ``combat_calc.py``, which holds
every number: strength, swords, winner, casualties); ``step`` says what the table waits for and
``pending`` holds the decisions still to take, in Iron Throne order (p.19). A March starts it
(:func:`begin`); each move (``combat.py``) changes it and calls the step that comes next here;
when it ends the combat is set to None and the action phase goes on (``action.in_combat``).
Card abilities act through their hooks (``ability.py``, registry ``abilities.py``).
"""

from __future__ import annotations

from typing import Any

from ... import sealed
from ...i18n import N_, tr
from ..base import Ctx, State
from . import abilities, areas, tracks
from . import house_cards as hc
from . import orders as ot
from .combat_calc import (
    SIDES,
    TIDES_DECK,
    auto_casualties,
    casualties,
    forts,
    house_of,
    house_on,
    retreating_units,
    swords,
    total,
    winner,
)
from .combat_cleanup import clean_up, finish
from .combat_retreat import drop_blocked
from .combat_sides import Combat, it_order, units_on
from .combat_state import area_name, house_name, running, units_in
from .geography import adjacent, area, unit_owner
from .options import AgotOptions, checks_38


def support_queue(state: State, target: str, order: list[str]) -> list[dict[str, Any]]:
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
        if not units_in(state, aid):
            continue
        if checks_38(state) and unit_owner(state, aid) not in (None, o["house"]):
            continue  # a house supports only with its own units (issue 38; old tables replay as played)
        out.append({"area": aid, "house": o["house"], "bonus": ot.TOKENS[o["token"]].bonus})
    rank = {h: i for i, h in enumerate(order)}
    return sorted(out, key=lambda s: (rank.get(s["house"], 99), s["area"]))


def begin(state: State, ctx: Ctx, house: str, src: str, dst: str, units: dict[str, int], token: str) -> None:
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
        "att_units": dict(units), "def_units": units_in(state, dst) if defender else {},
        "def_routed": sum(routed.values()), "march_bonus": ot.TOKENS[token].bonus, "march_token": token,
        "defense_bonus": defense, "garrison": garrison, "supports": [], "cards": {}, "facts": {},
        "blade": None, "tides": {}, "tides_enabled": AgotOptions.of(state).tides,
        "queue": support_queue(state, dst, tracks.turn_order(state)), "step": "support", "pending": [],
        "prompt": None, "result": None, "notes": [],
    }
    state["action"]["combat"] = combat
    state["last_combat"] = None  # the previous combat's summary gives way to this one
    if combat["tides_enabled"] and AgotOptions.of(state).faq_tides_reshuffle:
        state["tides_discard"] = []  # agot faq: every combat starts from a freshly shuffled deck
    ctx.log(N_("Combat in %(area)s: %(attacker)s attacks %(defender)s"), area=area_name(dst),
            attacker=house_name(house),
            defender=house_name(defender) if defender else tr(N_("a neutral force")))
    after_support(state, ctx)


def after_support(state: State, ctx: Ctx) -> None:
    """With every support declared: neutral forces resolve at once (no cards, no blade, p.26);
    otherwise both sides choose their house card in secret (p.19)."""
    c = running(state)
    if c["queue"]:
        return
    if c["neutral"] is not None:
        resolve(state, ctx)
        return
    ask_cards(state, ctx, ["attacker", "defender"])


def ask_cards(state: State, ctx: Ctx, sides: list[str], exclude: dict[str, list[str]] | None = None) -> None:
    """Open the sealed house-card prompt for these sides (p.19); a side with no card left fights without."""

    c = running(state)
    asked = []
    for side in sides:
        house = house_on(c, side)
        options = [x for x in hc.hands(state)[house]["hand"] if x not in (exclude or {}).get(side, [])]
        if options:
            asked.append(house)
        else:
            c["cards"][side] = None
            c["notes"].append({"msg": N_("%(house)s has no other card and fights without one"),
                               "params": {"house": house_name(house)}})
    c["exclude"] = exclude or {}
    if not asked:
        after_cards(state, ctx)
        return
    seq = int(state.get("combat_seq", 0))
    pid = f"card-c{seq}-{len(state.get('prompts', {}))}"
    sealed.open_prompt(state, pid, asked, kind="house_card", title=N_("Choose a house card"),
                       spec={"combat": c["id"]})
    c["prompt"] = pid
    c["step"] = "cards"


def after_cards(state: State, ctx: Ctx) -> None:
    """Card abilities in the order of seed 000 p.19: cancels first, then the rest, Iron Throne order."""
    c = running(state)
    c["prompt"] = None
    c["pending"] = []
    c["step"] = "abilities"
    done = c.setdefault("cancels_done", [])
    for timing in ("cancel", "immediate"):
        for side in it_order(state, c):
            ability = abilities.of(c, side)
            if ability.timing != timing or (timing == "cancel" and side in done):
                continue
            if ability.asks_on_reveal(state, c, side):
                c["pending"].append({"kind": ability.key, "side": side})
    c["immediate_done"] = False
    next_pending(state, ctx)


def _apply_immediate(state: State, c: Combat) -> None:
    """Abilities that only change numbers or kill a footman at once (card texts; seed 000 p.19-20)."""
    if c.get("immediate_done"):
        return
    c["immediate_done"] = True
    _strength_facts(state, c)
    for side in it_order(state, c):
        abilities.of(c, side).immediately(state, c, side)


def _strength_facts(state: State, c: Combat) -> None:
    """Board facts that card strengths read (``Ability.facts``). Taken again when the final strength
    is calculated, so a track moved by an "immediately" ability counts (seed 000 p.19-20 order;
    agot faq: "immediately" abilities come before the final strength)."""
    for side in SIDES:
        for name, value in abilities.of(c, side).facts(state, c, side).items():
            c["facts"].setdefault(name, {})[side] = value


def next_pending(state: State, ctx: Ctx) -> None:
    """Run the next decision; when none is left (and no card is being re-chosen) move on."""
    c = running(state)
    if c["step"] == "cards":
        return
    if any(abilities.by_key(p["kind"]).timing == "cancel" for p in c["pending"]):
        c["step"] = "ability"
        return
    _apply_immediate(state, c)
    drop_blocked(state, c)
    if c["pending"]:
        c["step"] = "ability"
        return
    if c.get("result") is None:
        _blade_or_tides(state, ctx)
        return
    if not c.get("cleaned"):
        clean_up(state, ctx)
        if c["pending"]:
            c["step"] = "ability"
            return
    finish(state, ctx)


def tides_draw(state: State, ctx: Ctx) -> str:
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


def _blade_or_tides(state: State, ctx: Ctx) -> None:
    """Tides of Battle cards are drawn (p.28); then the Blade holder, if fighting, decides (p.19)."""
    c = running(state)
    if c["tides_enabled"] and not c.get("tides_hidden"):
        c["tides_hidden"] = {side: tides_draw(state, ctx) for side in SIDES}
    blade = state["dominance"]["blade"]
    if not blade["used"] and blade["holder"] in (c["attacker"], c["defender"]) and c.get("blade_asked") is None:
        c["blade_asked"] = blade["holder"]
        c["step"] = "blade"
        return
    resolve(state, ctx)


def resolve(state: State, ctx: Ctx) -> None:
    """Final strength, winner, casualties (seed 000 p.20); then the decisions after the result."""
    c = running(state)
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
            area=area_name(c["area"]), attacker=house_name(c["attacker"]), a=c["result"]["attacker"],
            d=c["result"]["defender"],
            winner=house_name(wh) if (wh := house_of(c, win)) else tr(N_("the neutral force")))
    c["pending"] = []
    for side in SIDES:
        n = loss[side]
        units = units_on(c, side)
        kinds = [k for k, v in units.items() if v]
        if n and (len(kinds) > 1 and n < sum(units.values())):
            c["pending"].append({"kind": "casualties", "side": side, "count": n})
        elif n:
            take_casualties(state, c, side, auto_casualties(units, n))
    _queue_after(state, c, win)
    next_pending(state, ctx)


def take_casualties(state: State, c: Combat, side: str, picks: dict[str, int]) -> None:
    """Destroy the chosen casualties (p.20): the defender's in the mirror, the attacker's in transit."""
    units = units_on(c, side)
    for k, n in picks.items():
        units[k] = units.get(k, 0) - n
    if side == "defender":
        areas.destroy(state, c["area"], picks)
    c["notes"].append({"msg": N_("%(house)s destroys %(units)s"),
                       "params": {"house": house_name(house_on(c, side)),
                                  "units": " ".join(f"{n} {k}" for k, n in picks.items())}})


def _queue_after(state: State, c: Combat, win: str) -> None:
    """Decisions once the winner is known, Iron Throne order (p.19 step 3): Cersei, Renly, then the
    loser's retreat (p.21). Robb Stark's owner chooses the retreat area when he wins, as attacker or
    as defender (card text; agot faq). Arianne Martell never spares the defender its retreat (card
    text: only the attacker is kept out). "After combat" cards (Patchface) wait for the clean-up."""
    if c["neutral"] is not None:
        return
    for side in it_order(state, c):
        ability = abilities.of(c, side)
        if ability.asks_after_result(state, c, side, win):
            c["pending"].append({"kind": ability.key, "side": side})
    if win == "attacker":
        survivors = retreating_units(c["def_units"])
        if any(survivors.values()):
            chooser = "attacker" if abilities.of(c, "attacker").chooses_retreat else "defender"
            c["pending"].append({"kind": "retreat", "side": chooser})
    elif abilities.of(c, "defender").chooses_retreat and any(retreating_units(c["att_units"]).values()):
        c["pending"].append({"kind": "retreat", "side": "defender", "loser": "attacker"})
