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

from ...moves import Move, Moves
from . import action as action_phase
from . import bidding, corrections, phases, planning, westeros, wildling_attack
from . import params as P
from .phases import PHASES
from .procedure import dispatch, missing_handlers, where

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


MOVES = Moves(_staged(MOVES_IN_PLAY) + list(corrections.MOVES), raw_action=True)
