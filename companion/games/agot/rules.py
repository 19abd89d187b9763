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

from ... import sealed
from ...i18n import N_
from ...moves import Move, Moves
from ..base import Action, Ctx, State
from . import action as action_phase
from . import (
    bidding,
    corrections,
    flow,
    mustering,
    names,
    params,
    planning,
    tracks,
    victory,
    westeros,
    wildling_attack,
)
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


# -- the declared moves ------------------------------------------------------------------------
P = params


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
def _staged(moves: list[Move]) -> list[Move]:
    """Each move is allowed exactly where a procedure lists it (``procedure.where``); a shared move
    has a handler in every procedure that lists it (``procedure.dispatch``)."""
    out = [replace(m, stages=where(PHASES, m.name)) for m in moves]
    if missing := [m.name for m in out if not m.stages]:
        raise ValueError(f"no procedure takes the moves {missing}")
    if unhandled := {m.name: where_ for m in SHARED_MOVES if (where_ := missing_handlers(PHASES, m.name))}:
        raise ValueError(f"procedures list shared moves without a handler: {unhandled}")
    return out


MOVES = Moves(_staged(MOVES_IN_PLAY) + list(corrections.MOVES))
