"""A Game of Thrones: The Board Game (2nd edition): the phase machine and the state layout.

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
phases are delegated to ``planning.py`` / ``action.py``; :data:`PHASES` are the procedures of the
phases (``procedure.py``), the root of the stage path, and :data:`MOVES` the phase machine's own
moves (``moves.py`` assembles every procedure's into ``Game.moves``). The action phase calls back
:func:`end_action_phase` by setting ``phase = "action_done"`` (the host may also play a round's
orders on the board: ``round_done_on_board``).
"""

from __future__ import annotations

from ... import sealed
from ...i18n import N_
from ...moves import UNCHECKED_NO_FIELDS, Move, Params
from ..base import Ctx, State
from . import action as action_phase
from . import (
    bidding,
    flow,
    mustering,
    names,
    planning,
    tracks,
    victory,
    westeros,
    wildling_attack,
)
from .procedure import Phase, Procedure

RULE_SETUP = "seed 000 p.4"


class Setup(Phase):
    """The board is being set up from the checklist (seed 000 p.4-6); the host starts the game."""

    name = "setup"
    moves = {"": ("start",)}


#: the procedures a Westeros card may start (seed 000 p.7-11, p.22-23)
WESTEROS_STEPS: tuple[flow.StepProcedure, ...] = (
    westeros.DRAW, westeros.CARD, westeros.CHOICE, westeros.GAME_OF_THRONES, westeros.SUPPLY, westeros.ARMIES,
    bidding.CLASH, mustering.MUSTERING, wildling_attack.ATTACK)


class WesterosPhase(Phase):
    """The Westeros phase (seed 000 p.7-11): the cards' procedures run one after the other
    (``flow.py``), each with its own moves."""

    name = "westeros"
    children = WESTEROS_STEPS


WESTEROS = WesterosPhase()
#: the procedures of the game, one per phase ("ended" and the moment between two phases have none)
PHASES: tuple[Procedure, ...] = (Setup(), WESTEROS, planning.PLANNING, action_phase.ACTION)


def waiting_for(state: State) -> list[str]:
    """Whom the table waits on: what the innermost running procedure says (seed 000 p.7: one
    procedure at a time)."""
    return next((p.waiting(state) for p in PHASES if p.active(state)), [])


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
def _start(state: State, ctx: Ctx, action: Params) -> None:
    """The board is set up: round 1 skips the Westeros phase (seed 000 p.7)."""
    start_planning(state, ctx)


def _round_done_on_board(state: State, ctx: Ctx, action: Params) -> None:
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


# -- the phase machine's moves ------------------------------------------------------------------
#: the phase machine's own moves: the host starts the game, or plays a round's orders on the board
MOVES = (
    Move("start", _start, "Host: the board is set up; round 1 planning begins.",
         RULE_SETUP, who="host", not_now=N_("The game has already started."),
         details='Setup done: round 1 planning (round 1 skips the Westeros phase, seed 000 p.7).', unchecked=UNCHECKED_NO_FIELDS),
    Move("round_done_on_board", _round_done_on_board,
         "Host: this round's orders are played with the physical tokens; next round.",
         "companion: manual phase", who="host",
         not_now=N_("Only the planning or action phase can be played on the board."),
         entry="companion-manual-phase",
         details=("Host, planning or action phase: the orders were played with the physical tokens; open "
                  "order prompts close unseen, next round."), unchecked=UNCHECKED_NO_FIELDS),
)
