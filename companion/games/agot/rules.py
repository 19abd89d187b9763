"""A Game of Thrones: The Board Game (2nd edition): the Game, its phase machine and action dispatch.

Rules source: seed 000 (pages cited per rule); printed data: shared/facts/agot-board.md.

State layout (a JSON dict; other modules document their own parts)::

    players, houses            player count; houses in play (seat ids), printed order
    options                    the table options (players, tides, decks, milkwater_keep_last)
    round                      1-10 (seed 000 p.6)
    phase                      "setup" | "westeros" | "planning" | "action" | "ended"
    step                       what the table is doing inside the phase (e.g. "draw", "clash",
                               "mustering", "armies", "wildling_attack"; "planning"/"action" there)
    tracks                     {"iron_throne"|"fiefdoms"|"kings_court": [houses, position 1 first]}
    dominance                  {"iron_throne"|"blade"|"raven": {"holder": house, "used": bool}}
    power                      {house: {"available": n, "pool": n}}; board = tokens owned (power.py)
    tokens                     {land area: house} power tokens on the board (seed 000 p.24)
    units                      {area: {"house", "footman", "knight", "ship", "siege"}} mirror (areas.py)
    control                    {land area: house} (areas.py)
    neutral, garrisons         {area: strength} (0 = impassable) (seed 000 p.26)
    supply                     {house: 0-6} the supply track position (changes on Supply cards)
    wildling_threat            0-12 (wildlings.py)
    westeros                   decks and drawn cards (westeros.py)
    wildling_deck              {"mode", "top", "unknown", "bottom"} (wildlings.py; use
                               ``wildlings.peek(state, ctx)`` / ``wildlings.bury_top(state)``)
    restrictions               this round's order bans: "no-raid" | "no-support" | "no-defense" |
                               "no-consolidate" | "no-march-plus" (ids of orders.toml)
    house_cards                {house: {"hand": [ids], "discard": [ids]}} (house_cards.py)
    queue, current             the Westeros step machine (flow.py)
    prompts, seq               sealed prompts; a counter for unique prompt ids
    clash, last_attack         public results of the last Clash of Kings / wildling attack
    victory_history            [{"round", "victory": {house: n}}] for the end-of-game chart (round 0 = start)
    winner, ranking            set when the game ends (victory.py)
    planning, orders, action   planning/action parts (planning.py, action.py)

Phase machine: setup -> (round 1) planning -> action -> Westeros (round 2..10) -> planning -> ...
After the action phase of round 10 the game ends (seed 000 p.7, p.16-17). The planning and action
phases are delegated to ``planning.py`` / ``action.py``; the action phase calls back
:func:`end_action_phase` by setting ``phase = "action_done"`` (the host may also play a round's
orders on the board: ``round_done_on_board``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ... import sealed
from ...i18n import N_, tr
from ...moves import Handler, Move, Moves, Params, Who
from ..base import Action, Ctx, RuleError, State, get_choice, get_int
from . import action as action_phase
from . import (
    areas,
    bidding,
    corrections,
    flow,
    mustering,
    names,
    params,
    planning,
    power,
    supply,
    tracks,
    victory,
    westeros,
    wildling_attack,
    wildlings,
)
from . import board as board_data
from .procedure import Procedure, dispatch, missing_handlers, where

RULE_SETUP = "seed 000 p.4"


class Setup(Procedure):
    """The board is being set up from the checklist (seed 000 p.4-6); the host starts the game."""

    name = "setup"
    moves = {"": ("start",)}

    def active(self, state: State) -> bool:
        return bool(state["phase"] == "setup")


#: the procedures a Westeros card may start (seed 000 p.7-11, p.22-23)
WESTEROS_STEPS: tuple[flow.StepProcedure, ...] = (
    westeros.DRAW, westeros.CARD, westeros.CHOICE, westeros.GAME_OF_THRONES, westeros.SUPPLY, westeros.ARMIES,
    bidding.CLASH, mustering.MUSTERING, wildling_attack.ATTACK)


class WesterosPhase(Procedure):
    """The Westeros phase (seed 000 p.7-11): the cards' procedures run one after the other
    (``flow.py``), each with its own moves."""

    name = "westeros"
    children = WESTEROS_STEPS

    def active(self, state: State) -> bool:
        return bool(state["phase"] == "westeros")


WESTEROS = WesterosPhase()
#: the procedures of the game, one per phase ("ended" and the moment between two phases have none)
PHASES: tuple[Procedure, ...] = (Setup(), WESTEROS, planning.PLANNING, action_phase.ACTION)


def _westeros_over(state: State, ctx: Ctx) -> None:
    """Once every Westeros card is resolved, the planning phase begins (seed 000 p.7)."""
    if state["phase"] == "westeros":
        start_planning(state, ctx)


def start_planning(state: State, ctx: Ctx) -> None:
    """The planning phase (seed 000 p.12): the secret orders open."""
    state["phase"] = "planning"
    state["step"] = "planning"
    state["current"] = None
    ctx.log(N_("Round %(round)s: planning phase."), round=state["round"])
    planning.start(state, ctx)


def end_planning(state: State, ctx: Ctx) -> None:
    """Planning over: the action phase (seed 000 p.13)."""
    state["phase"] = "action"
    state["step"] = "action"
    action_phase.start(state, ctx)


def end_action_phase(state: State, ctx: Ctx) -> None:
    """Blade and Raven flip back; after round 10 the game ends, else a new Westeros phase
    (seed 000 p.16-17)."""
    tracks.refresh(state)
    state["victory_history"].append({"round": state["round"], "victory": victory.counts(state)})
    if state["round"] >= victory.LAST_ROUND:
        end_game(state, ctx)
        return
    ctx.round_end(state)
    start_westeros(state, ctx)


def start_westeros(state: State, ctx: Ctx) -> None:
    """Advance the round marker, then draw and resolve the three cards (seed 000 p.7)."""
    state["round"] += 1
    state["phase"] = "westeros"
    state["restrictions"] = []
    state["queue"] = [{"kind": "draw"}]
    state["current"] = None
    ctx.log(N_("Round %(round)s: Westeros phase."), round=state["round"])
    flow.advance(state, ctx)


def end_game(state: State, ctx: Ctx) -> None:
    """After round 10 the most castle/stronghold areas wins, with the p.17 tie-breaks."""
    state["phase"] = "ended"
    state["step"] = "ended"
    state["ranking"] = victory.ranking(state)
    state["winner"] = state["ranking"][0]["house"]
    ctx.log(N_("The game is over: %(house)s sits on the Iron Throne."), house=names.label(names.HOUSES[state["winner"]]))


def check_immediate_win(state: State, ctx: Ctx) -> None:
    """Seven castle/stronghold areas win at once, in any phase (seed 000 p.7, p.17)."""
    if state.get("winner"):
        return
    house = victory.immediate_winner(state)
    if house:
        state["victory_history"].append({"round": state["round"], "victory": victory.counts(state)})
        state["phase"] = "ended"
        state["step"] = "ended"
        state["winner"] = house
        state["ranking"] = victory.ranking(state)
        state["queue"] = []
        state["current"] = None
        ctx.log(N_("%(house)s controls 7 castles and strongholds and wins at once!"),
                house=names.label(names.HOUSES[house]))


flow.install(WESTEROS_STEPS, _westeros_over)


# -- phase buttons -----------------------------------------------------------------------------
def _start(state: State, ctx: Ctx, action: Action) -> None:
    """The board is set up: round 1 skips the Westeros phase (seed 000 p.7)."""
    start_planning(state, ctx)


def _round_done_on_board(state: State, ctx: Ctx, action: Action) -> None:
    """Host escape hatch: this round's planning and action are played with the physical order
    tokens; open secret prompts of those phases close unseen, and the next Westeros phase begins
    (seed 000 p.12-16 are then applied at the table)."""
    for pid, prompt in list(state["prompts"].items()):
        if sealed.is_open(prompt):
            sealed.close(state, pid)
    for key in ("planning", "action"):
        state.pop(key, None)
    state["orders"] = {}
    ctx.log(N_("Host: this round's orders are played on the board."))
    state["phase"] = "action_done"


# -- corrections and board bookkeeping (any phase) ---------------------------------------------
def _actor_house(state: State, ctx: Ctx, action: Action, key: str = "house") -> str:
    """The house acted for: a phone's own house, or any house for the host."""
    if ctx.actor.host and action.get(key):
        return corrections.in_play(state, action, key)
    house = ctx.actor.require_seat()
    if action.get(key) not in (None, "", house):
        raise RuleError("You can only do this for your own house.", "companion: seats", status=403, entry="companion-seats")
    return house


def _area(action: Action, kinds: tuple[str, ...] = ("land", "sea", "port")) -> str:
    b = board_data.load()
    area = get_choice(action, "area", b.areas, "seed 000 p.6")
    if b.area(area).type not in kinds:
        raise RuleError("%(area)s is not a land area.", "seed 000 p.24", entry="control-no-sea", area=names.label(names.AREAS[area]))
    return area


def _set_control(state: State, ctx: Ctx, action: Action) -> None:
    """Any player or the host records who controls a land area (seed 000 p.24)."""
    if not (ctx.actor.seat or ctx.actor.host):
        raise RuleError("Only a seated player can do this.", "companion: seats", status=403)
    area = _area(action, ("land",))
    raw = action.get("house") or ""
    house = corrections.in_play(state, {"house": raw}) if raw else None
    areas.set_control(state, area, house)
    ctx.log(N_("%(who)s: %(area)s is now controlled by %(house)s"), who=ctx.name(ctx.actor.seat),
            area=names.label(names.AREAS[area]), house=names.label(names.HOUSES[house]) if house else tr(N_("nobody")))


def _set_units(state: State, ctx: Ctx, action: Action) -> None:
    """Correct the mirror of one area: any player or the host (design: the board is the truth)."""
    if not (ctx.actor.seat or ctx.actor.host):
        raise RuleError("Only a seated player can do this.", "companion: seats", status=403)
    area = _area(action)
    raw = action.get("house") or ""
    house = corrections.in_play(state, {"house": raw}) if raw else None
    counts = {k: get_int(action, k, 0, board_data.load().unit_pool[k], "seed 000 p.2") if action.get(k) not in
              (None, "") else 0 for k in board_data.UNIT_KINDS}
    areas.set_units(state, area, house, counts)
    text: Any = "-"
    for k, n in counts.items():  # "2 footman, 1 knight", each unit name translated when shown
        if n:
            one = tr(N_("%(n)s %(unit)s"), n=n, unit=names.label(names.UNITS[k]))
            text = one if text == "-" else tr(N_("%(a)s, %(b)s"), a=text, b=one)
    who = ctx.name(ctx.actor.seat) if ctx.actor.seat else tr(N_("host"))
    ctx.log(N_("%(who)s: %(area)s holds %(units)s (%(house)s)"), who=who,
            area=names.label(names.AREAS[area]), units=text, house=names.label(names.HOUSES[house]) if house else "-")


def _remove_units(state: State, ctx: Ctx, action: Action) -> None:
    """Destroy units of your own (supply limits, wildling losses: seed 000 p.8, p.22)."""
    area = _area(action)
    here = areas.units(state, area)
    if not here:
        raise RuleError("There are no units in %(area)s.", "seed 000 p.8", status=409, entry="supply-reconcile",
                        area=names.label(names.AREAS[area]))
    ctx.actor.require(here["house"])
    unit = get_choice(action, "unit", board_data.UNIT_KINDS, "seed 000 p.8")
    n = get_int(action, "n", 1, 10, "seed 000 p.8") if action.get("n") not in (None, "") else 1
    if here.get(unit, 0) < n:
        raise RuleError("There are not that many of those units there.", "seed 000 p.8", status=409)
    areas.add_units(state, area, here["house"], **{unit: -n})
    ctx.log(N_("%(house)s removes %(n)s %(unit)s from %(area)s"), house=names.label(names.HOUSES[here["house"]]), n=n,
            unit=names.label(names.UNITS[unit]), area=names.label(names.AREAS[area]))


def _place_token(state: State, ctx: Ctx, action: Action) -> None:
    """Put one of your available power tokens on a land area you hold (seed 000 p.24)."""
    house = _actor_house(state, ctx, action)
    area = _area(action, ("land",))
    if areas.owner(state, area) not in (None, house):
        raise RuleError("Another house's units hold %(area)s.", "seed 000 p.24", status=409,
                        area=names.label(names.AREAS[area]))
    power.place_token(state, house, area)
    areas.recompute_control(state, area)
    ctx.log(N_("%(house)s places a power token in %(area)s"), house=names.label(names.HOUSES[house]),
            area=names.label(names.AREAS[area]))


def _remove_token(state: State, ctx: Ctx, action: Action) -> None:
    """A power token goes back to its owner's Pool (seed 000 p.21, p.24)."""
    area = _area(action, ("land",))
    owner = state["tokens"].get(area)
    if owner is None:
        raise RuleError("There is no power token in %(area)s.", "seed 000 p.24", status=409, entry="control-power-tokens",
                        area=names.label(names.AREAS[area]))
    ctx.actor.require(owner)
    power.remove_token(state, area)
    areas.recompute_control(state, area)
    ctx.log(N_("The %(house)s power token leaves %(area)s"), house=names.label(names.HOUSES[owner]),
            area=names.label(names.AREAS[area]))


def _adjust_power(state: State, ctx: Ctx, action: Action) -> None:
    """Host correction: move tokens between the Pool and a house's available power; the 20-token
    total never changes (seed 000 p.2, p.6)."""
    ctx.actor.require_host()
    house = corrections.in_play(state, action)
    delta = get_int(action, "delta", -power.TOTAL, power.TOTAL, "seed 000 p.6")
    moved = power.gain(state, house, delta) if delta > 0 else -power.discard(state, house, -delta)
    ctx.log(N_("Host: %(house)s power %(delta)+d"), house=names.label(names.HOUSES[house]), delta=moved)


def _set_neutral(state: State, ctx: Ctx, action: Action) -> None:
    """Host correction of a neutral force token (facts: 4-player strengths are unverified)."""
    ctx.actor.require_host()
    area = _area(action)
    strength = get_int(action, "strength", -1, 9, "seed 000 p.26")
    if strength < 0:
        state["neutral"].pop(area, None)
    else:
        state["neutral"][area] = strength
    areas.recompute_control(state, area)
    ctx.log(N_("Host: neutral force in %(area)s set to %(n)s"), area=names.label(names.AREAS[area]), n=strength)


def _set_threat(state: State, ctx: Ctx, action: Action) -> None:
    """Host correction of the wildling threat token (spaces 0-12 in steps of 2, seed 000 p.22)."""
    ctx.actor.require_host()
    value = get_int(action, "value", 0, wildlings.MAX_THREAT, "seed 000 p.22")
    if value % wildlings.STEP:
        raise RuleError("The wildling track has only even spaces.", "seed 000 p.22")
    state["wildling_threat"] = value
    ctx.log(N_("Host: wildling threat set to %(n)s"), n=value)


def _set_supply(state: State, ctx: Ctx, action: Action) -> None:
    """Host correction of a house's supply track position (seed 000 p.8)."""
    ctx.actor.require_host()
    house = corrections.in_play(state, action)
    value = get_int(action, "value", 0, supply.MAX_LEVEL, "seed 000 p.8")
    state["supply"][house] = value
    ctx.log(N_("Host: %(house)s supply set to %(n)s"), house=names.label(names.HOUSES[house]), n=value)





# -- the declared moves ------------------------------------------------------------------------
def is_correction(kind: str) -> bool:
    """Corrections stay possible once the game is over (the board may still need fixing)."""
    return kind in {m.name for m in CORRECTIONS}


P = params


def _fix(name: str, run: Handler, summary: str, rule: str, model: type[Params], who: Who = "host") -> Move:
    """A host correction (or a seat's own board bookkeeping): any time, even after the game."""
    return Move(name, run, summary, rule, model, who=who)


#: the phase machine's own moves: the host starts the game, or plays a round's orders on the board
PHASE_MOVES = (
    Move("start", _start, "Host: the board is set up; round 1 planning begins.",
         RULE_SETUP, who="host", not_now=N_("The game has already started.")),
    Move("round_done_on_board", _round_done_on_board,
         "Host: this round's orders are played with the physical tokens; next round.",
         "companion: manual phase", who="host",
         not_now=N_("Only the planning or action phase can be played on the board."),
         entry="companion-manual-phase"),
)
#: moves several procedures take, declared once: each runs the handler of the running procedure
#: that takes it (its ``handlers``, ``procedure.dispatch``). ``answer`` stays one sealed move, not
#: one per sealed input: the phones send ``{"type": "answer", "prompt", "value"}`` for every sealed
#: prompt (docs/api.md), and the stage already says which procedure asked
SHARED_MOVES = (
    Move("choose", dispatch(PHASES, "choose"),
         "A choice the table waits for: a Westeros card's effect, a wildling tie, a wildling task's option.",
         "seed 000 p.7", P.Choose, who="seat"),
    Move("answer", dispatch(PHASES, "answer"),
         "A sealed answer: a bid (Clash of Kings, Night's Watch), secret orders, or a house card; "
         "the last one reveals all.", "seed 000 p.10, p.12, p.19", P.Answer, who="seat", reveals=True,
         sealed=True),
    Move("muster", dispatch(PHASES, "muster"), "Recruit (or upgrade) one unit with mustering points.",
         "seed 000 p.9, p.22", P.Muster, who="seat"),
    Move("muster_done", dispatch(PHASES, "muster_done"), "End mustering; unused points are lost.", "seed 000 p.9",
         who="seat"),
)
#: every move of a phase or of a procedure running in one, in the order of the reference: the phase
#: machine's, the Westeros cards' procedures', the shared ones, planning's, the action phase's and
#: its combat's (each declared beside its handlers and its procedure's stages)
MOVES_IN_PLAY = [*PHASE_MOVES, *westeros.MOVES, *bidding.MOVES, *wildling_attack.MOVES, *SHARED_MOVES,
                 *planning.MOVES, *action_phase.MOVES, *action_phase.COMBAT_MOVES]
#: corrections and board bookkeeping: any time, even once the game is over
CORRECTIONS = [
    _fix("set_control", _set_control, "Record who controls a land area.", "seed 000 p.24", P.SetControl, "seat"),
    _fix("set_units", _set_units, "Correct the units of one area (the board is the truth).", "seed 000 p.2",
         P.SetUnits, "seat"),
    _fix("remove_units", _remove_units, "Destroy units of your own (supply, wildling losses).", "seed 000 p.8",
         P.RemoveUnits, "seat"),
    _fix("place_token", _place_token, "Put an available power token on a land area you hold.", "seed 000 p.24",
         P.TokenArea, "seat"),
    _fix("remove_token", _remove_token, "A power token goes back to its owner's Pool.", "seed 000 p.21, p.24",
         P.TokenArea, "seat"),
    _fix("adjust_power", _adjust_power, "Host: move power between the Pool and a house.", "seed 000 p.6",
         P.AdjustPower),
    _fix("set_neutral", _set_neutral, "Host: correct a neutral force token.", "seed 000 p.26", P.SetNeutral),
    _fix("set_threat", _set_threat, "Host: correct the wildling threat.", "seed 000 p.22", P.SetValue),
    _fix("set_supply", _set_supply, "Host: correct a house's supply position.", "seed 000 p.8", P.SetSupply),
    _fix("set_track", corrections.set_track, "Host: correct an influence track.", "seed 000 p.10-11",
         P.SetTrack),
    _fix("set_dominance", corrections.set_dominance, "Host: correct a dominance token's holder and use.",
         "seed 000 p.11-12", P.SetDominance),
    _fix("set_round", corrections.set_round, "Host: correct the round marker.", "seed 000 p.6", P.SetValue),
    _fix("set_garrison", corrections.set_garrison, "Host: correct a garrison.", "seed 000 p.26-27",
         P.SetGarrison),
    _fix("set_house_card", corrections.set_house_card, "Host: move a house card between hand and discard pile.",
         "seed 000 p.18", P.SetHouseCard),
]


def _staged(moves: list[Move]) -> list[Move]:
    """Each move is allowed exactly where a procedure lists it (``procedure.where``); a shared move
    has a handler in every procedure that lists it (``procedure.dispatch``)."""
    out = [replace(m, stages=where(PHASES, m.name)) for m in moves]
    if missing := [m.name for m in out if not m.stages]:
        raise ValueError(f"no procedure takes the moves {missing}")
    if unhandled := {m.name: where_ for m in SHARED_MOVES if (where_ := missing_handlers(PHASES, m.name))}:
        raise ValueError(f"procedures list shared moves without a handler: {unhandled}")
    return out


MOVES = Moves(_staged(MOVES_IN_PLAY) + CORRECTIONS)
