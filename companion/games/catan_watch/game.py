"""Catan: Brotherhood of the Watch: the game object, its options, seats and initial state, its
stage and its views.

Phases (``state.phase``): ``setup`` (three placement rounds, the third places one guard each,
seed 004 p.6), ``roll`` (the active player rolls the three dice), ``main`` (trade physically,
build, heroes, end the turn), ``over`` (first ``over/reveal`` when a Wall ending waits for hidden
victory point cards). The moves' stages (:meth:`CatanWatchGame.stage`) name them
``setup/place``, ``setup/guard``, ``turn/roll``, ``turn/build`` and ``over``. Each move is declared
beside its handler in :mod:`.moves`; what the devices see is in :mod:`.views`.
"""

from __future__ import annotations

from typing import Any

from ...i18n import N_
from ..base import Action, Ctx, Game, SeatDef, State
from . import dice, frame, scoring, views
from . import profile as prof
from .chronicle import CatanChronicle
from .moves import BUILD_STAGE, GUARD, MOVES, PLACE, REVEAL, ROLL
from .options import CatanOptions
from .steps import label

SEATS = (SeatDef("p1", N_("Red"), "#d64545"), SeatDef("p2", N_("Blue"), "#3f7fd6"),
         SeatDef("p3", N_("White"), "#e8e8e8"), SeatDef("p4", N_("Orange"), "#e67e22"),
         SeatDef("p5", N_("Green"), "#3fa34d"), SeatDef("p6", N_("Brown"), "#9a6b3f"))
STEPS_KEPT = 40


class CatanWatchGame(Game):
    id = "catan-watch"
    chronicle = CatanChronicle()
    title = N_("Catan: Brotherhood of the Watch")
    summary = N_("Dice, the wildling advance on the Wall, guards, breaches and victory points.")
    profiles = True

    # -- options and seats ----------------------------------------------------------------------
    options_model = CatanOptions
    seat_defs = SEATS

    # -- setup ----------------------------------------------------------------------------------
    def setup(self, options: dict[str, Any], ctx: Ctx) -> State:
        """Wildlings start in the Frostfangs, the breach marker at 0, heroes by seat (seed 004 p.6)."""
        opts = CatanOptions.load(options).dump()  # a saved profile arrives beside the options
        raw = options.get("profile_data")
        profile = prof.validate(raw) if raw is not None else prof.default()
        seats = [s.id for s in self.seats(opts)]
        state: State = {"options": opts, "seats": seats, "phase": "setup", "turn": 0, "active": 0,
                        "dice": None, "rolls": [], "deck": dice.fresh_deck(),
                        "histogram": {str(s): 0 for s in range(2, 13)},
                        "d12_histogram": {str(s): 0 for s in range(1, 13)},
                        "breaches": 0, "longest_road": None, "largest_patrol": None,
                        "steps": [], "step_seq": 0, "steps_mark": 0, "end": None, "revealed": []}
        frame.install(state, profile)
        frame.check_tokens_option(state)
        state["setup"] = {"round": 1, "i": 0}
        ctx.log(N_("Table set: %(count)s players, profile %(profile)s"), count=len(seats),
                profile=label(profile))
        return state

    def export_profile(self, state: State) -> dict[str, Any]:
        return prof.validate(state["profile"])

    # -- moves ----------------------------------------------------------------------------------
    moves = MOVES

    def stage(self, state: State) -> str:
        """``setup/place`` (rounds 1-2), ``setup/guard`` (round 3), ``turn/roll``, ``turn/build``,
        ``over/reveal`` (the result waits for hidden victory point cards), ``over``."""
        phase: str = state["phase"]
        if phase == "setup":
            return GUARD if state["setup"]["round"] == 3 else PLACE
        if phase == "over" and scoring.revealing(state):
            return REVEAL
        return {"roll": ROLL, "main": BUILD_STAGE}.get(phase, phase)

    def apply(self, state: State, ctx: Ctx, action: Action) -> str | None:
        """Every move first marks where its own steps start: the screen lists the moves of the whole
        turn, and shows which of them the latest action caused."""
        state["steps_mark"] = state["step_seq"]
        return super().apply(state, ctx, action)

    def after_move(self, state: State, ctx: Ctx, action: Action) -> None:
        """The screen keeps the turn's last moves only."""
        state["steps"] = state["steps"][-STEPS_KEPT:]

    # -- views ----------------------------------------------------------------------------------
    views = views
    #: One tied player's hidden victory point cards reach the other phones as its log line, not a
    #: fetch (companion.progress, issue #27; views.progress_free says what the phone never shows).
    progress_patches = True
