"""A Game of Thrones: The Board Game (2nd edition): the game as the server sees it.

Options, seats and setup; where the table stands (:meth:`AgotGame.stage`, the path of the running
procedures); what follows every move; and the views, which are pure functions of the state
(``views.py``) that the rules never import. The moves are declared by the procedures that take them
and assembled in ``moves.py``; the phase machine is ``phases.py``.
"""

from __future__ import annotations

from typing import Any

from ...i18n import N_
from ..base import Action, Ctx, Game, RuleError, SeatDef, State
from . import board as board_data
from . import corrections, flow, moves, names, phases, setup, views
from .chronicle import AgotChronicle
from .options import AgotOptions


class AgotGame(Game):
    id = "agot"
    title = N_("A Game of Thrones: The Board Game (2nd edition)")
    summary = N_("Bids, tracks, supply, Westeros cards and wildlings kept by the companion; orders and "
                 "combat on the phones.")
    chronicle = AgotChronicle()

    options_model = AgotOptions

    def display_names(self) -> dict[str, str]:
        """Areas and houses by their printed names wherever a message carries the id."""
        return {**names.AREAS, **names.HOUSES}

    def seats(self, options: dict[str, Any]) -> list[SeatDef]:
        b = board_data.load()
        players = AgotOptions.read(options).players
        return [SeatDef(h, names.HOUSES[h], b.houses[h]["color"]) for h in b.houses_for(players)]

    def setup(self, options: dict[str, Any], ctx: Ctx) -> State:
        # a table stored before an FAQ option existed replays with the printed rule (Opt.legacy)
        state = setup.initial_state(AgotOptions.load(options))
        ctx.log(N_("A %(n)s-player game: set up the board with the checklist."), n=state["players"])
        return state

    # -- actions -----------------------------------------------------------------------------
    def __init__(self) -> None:
        self.moves = moves.MOVES

    def stage(self, state: State) -> str:
        """Where the table stands: the path of the running procedures (``procedure.py``), e.g.
        ``"westeros/clash/tie"``, ``"planning/raven"``, ``"action/combat/support"``; ``"ended"``
        (seed 000 p.7: one procedure at a time)."""
        return next((p.stage(state) for p in phases.PHASES if p.active(state)), str(state["phase"]))

    def apply(self, state: State, ctx: Ctx, action: Action) -> str | None:
        """Corrections any time; once the game is over, nothing else (seed 000 p.17). Otherwise the
        declared moves' dispatcher checks the move against the stage (seed 000 p.7)."""
        if state["phase"] == "ended" and not corrections.is_correction(str(action.get("type", ""))):
            raise RuleError("The game is over.", "seed 000 p.17", status=409)
        return super().apply(state, ctx, action)

    def after_move(self, state: State, ctx: Ctx, action: Action) -> None:
        """After every move: a finished action phase ends the round, a Westeros step notices a
        correction (armies now fit supply), and seven castles win at once (seed 000 p.7, p.17)."""
        if state["phase"] == "action_done":
            phases.end_action_phase(state, ctx)
        if state["phase"] == "westeros":
            flow.recheck(state, ctx)
        phases.check_immediate_win(state, ctx)

    # -- views -------------------------------------------------------------------------------
    views = views
    #: sealed orders, bids and house cards reach the other phones as log lines (issue #27;
    #: views.progress_free says what no AGoT phone shows)
    progress_patches = True
