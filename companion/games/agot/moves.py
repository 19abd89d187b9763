"""AGoT's declared moves, assembled: ``Game.moves`` is built from the moves each procedure declares
beside its handlers and its stages (issue 28: one home per move).

Where each move lives:

- ``phases.py``: ``start``, ``round_done_on_board`` (the phase machine);
- ``westeros.py``: ``draw_card``, ``confirm_ports``; ``bidding.py``: ``order_ties``;
  ``wildling_attack.py``: ``wildling_card``, ``confirm``;
- ``planning.py``: the Messenger Raven's ``raven_*``; ``action.py``: ``raid``, ``march``,
  ``consolidate``, ``pass_order``; ``combat.py``: ``support``, ``combat_units``, ``card_ability``,
  ``blade`` (run inside the March step: ``action.COMBAT_MOVES``);
- ``corrections.py``: the corrections and board bookkeeping (any time, even after the game);
- here: the moves several procedures take, declared once (below).

Each move is allowed exactly at the stages the procedures list it (``procedure.where``); nothing here
routes on the phase or the step.
"""

from __future__ import annotations

from dataclasses import replace

from ...moves import Checks, Move, Moves
from . import action as action_phase
from . import bidding, corrections, phases, planning, westeros, wildling_attack
from . import params as P
from .combat import HOUSE_CARD_CHECKS
from .phases import PHASES
from .procedure import dispatch, missing_handlers, where

#: its rows of the input-checks table (docs/rules-coverage.md), generated from here
ORDERS_CHECKS = Checks(
    "`answer` (orders)", row=10, pages="p.12, p.7, p.11, p.14",
    text=("the prompt named is the open one **(38)**; the house is asked; in turn order when a house is "
          "short; each order's area holds the house's units in the mirror now **(38)** (a correction "
          "during planning adds the area; the phone's \"another area\" row lists only those; a Consolidate "
          "Power at sea with its ships stays legal, no effect, p.14); every area held when planning began"
          " and still held needs one; a token once; not forbidden by this round's Westeros III card; "
          "special orders ≤ King's Court stars; short of tokens: all usable ones"))

MUSTER_CHECKS = Checks(
    "`muster` / `muster_done`", row=40, pages="p.9-10, p.4, p.25",
    text=("the house in turn; an area it controls with a castle or stronghold and points left; the unit's"
          " cost; a unit left in its reserve; an upgrade needs its own footman there; a ship into the "
          "area's port or an adjacent sea without enemy ships, a port ≤ 3 ships; supply"))


#: why ``choose`` has no input-checks row: it picks one of the values the step itself offers (its
#: details below, docs/api.md), never a place, card or piece a player names
UNCHECKED_OFFERED = "it picks one of the values the step offers, not a place, card or piece a player names"

#: moves several procedures take, declared once: each runs the handler of the running procedure
#: that takes it (its ``handlers``, ``procedure.dispatch``). ``answer`` stays one sealed move, not
#: one per sealed input: the phones send ``{"type": "answer", "prompt", "value"}`` for every sealed
#: prompt (docs/api.md), and the stage already says which procedure asked
SHARED_MOVES = (
    Move("choose", dispatch(PHASES, "choose"),
         "A choice the table waits for: a Westeros card's effect, a wildling tie, a wildling task's option.",
         "seed 000 p.7", P.Choose, who="seat",
         details=("Who and which values by step: the dominance holder at a Westeros card's choice "
                  "(`supply`/`mustering`/`nothing` for A Throne of Blades, "
                  "`clash`/`game_of_thrones`/`nothing` for Dark Wings, "
                  "`no-defense`/`no-march-plus`/`nothing` for Put to the Sword); the Iron Throne holder at"
                  " a wildling tie (a house); the house of the current wildling task (one of "
                  "`current.task.ask.choices`); in a Crow Killers swap task (`ask.kind == \"swap\"`) one of "
                  "`ask.areas`, which replaces one unit there in the mirror (`ask.from` → `ask.to`; a "
                  "knight with no footman left is destroyed), the task ending by itself after `ask.max` "
                  "swaps (the optional reward ends with `confirm`)."), unchecked=UNCHECKED_OFFERED),
    Move("answer", dispatch(PHASES, "answer"),
         "A sealed answer: a bid (Clash of Kings, Night's Watch), secret orders, or a house card; "
         "the last one reveals all.", "seed 000 p.10, p.12, p.19", P.Answer, who="seat", reveals=True,
         sealed=True,
         details=("By step: a bid of 0..available power for the Clash of Kings track or the Night's Watch "
                  "(`prompt` from `current.prompt.id`); the secret orders in planning (`value`: "
                  "`{\"orders\": {area: token}, \"extra\": [areas]}`, a phone form sends `o:<area>=<token>` "
                  "fields): one token per area, each token once, stars by King's Court, this round's "
                  "`restrictions`, every area with your units covered, an order only where the mirror "
                  "shows your units now (`/me` → `planning.other` lists areas a correction added), the "
                  "`prompt` the open one — a table created before issue 38 keeps the old reading (`extra` "
                  "= areas confirmed although the mirror does not show them, any `prompt`); with too few "
                  "tokens (`planning.mode` `turn_order`) houses answer one after the other; in a combat "
                  "the attacker's and defender's house card (`prompt` from `/me` → "
                  "`action.combat.decide.prompt`, a card in hand), both revealed together."),
         checks=(ORDERS_CHECKS, bidding.BIDS_CHECKS, HOUSE_CARD_CHECKS)),
    Move("muster", dispatch(PHASES, "muster"), "Recruit (or upgrade) one unit with mustering points.",
         "seed 000 p.9, p.22", P.Muster, who="seat",
         details=("The house whose turn it is at the Mustering card (`area`: its castle or stronghold), or"
                  " the house mustering with its special Consolidate Power order (in that one area; ships:"
                  " one of `/me` → `action.muster.ship_to`); refused beyond points, unit pool or supply; "
                  "spending the last point of a special mustering ends it."), checks=(MUSTER_CHECKS,)),
    Move("muster_done", dispatch(PHASES, "muster_done"), "End mustering; unused points are lost.", "seed 000 p.9",
         who="seat",
         details=("Unused points are lost; the next house (Mustering card) or the next order (special "
                  "Consolidate Power)."), checks=(MUSTER_CHECKS,)),
)
#: every move of a phase or of a procedure running in one, in the order of the reference: the phase
#: machine's, the Westeros cards' procedures', the shared ones, planning's, the action phase's and
#: its combat's (each declared beside its handlers and its procedure's stages)
MOVES_IN_PLAY = [*phases.MOVES, *westeros.MOVES, *bidding.MOVES, *wildling_attack.MOVES, *SHARED_MOVES,
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
