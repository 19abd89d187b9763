"""Catan: Brotherhood of the Watch: the game object, its options, seats and initial state, its
declared moves and its views.

Phases (``state.phase``): ``setup`` (three placement rounds, the third places one guard each,
seed 004 p.6), ``roll`` (the active player rolls the three dice), ``main`` (trade physically,
build, heroes, end the turn), ``over`` (first ``over/reveal`` when a Wall ending waits for hidden
victory point cards). The moves' stages (:meth:`CatanWatchGame.stage`) name them
``setup/place``, ``setup/guard``, ``turn/roll``, ``turn/build`` and ``over``. What each move does is
in :mod:`.rules`; what the devices see in :mod:`.views`.
"""

from __future__ import annotations

from typing import Any

from ...i18n import N_
from ...moves import Move, Moves
from ..base import Action, Ctx, Game, SeatDef, State
from . import dice, params, rules, scoring, turns, views
from . import profile as prof
from .chronicle import CatanChronicle
from .cite import BASE_DEV, BUILD, END, FIRST, GUARDS, HEROES, PATROL, PROFILE, SETUP, SPECIAL, TURN
from .options import CatanOptions
from .steps import label

SEAT_COLORS = (("p1", N_("Red"), "#d64545"), ("p2", N_("Blue"), "#3f7fd6"),
               ("p3", N_("White"), "#e8e8e8"), ("p4", N_("Orange"), "#e67e22"),
               ("p5", N_("Green"), "#3fa34d"), ("p6", N_("Brown"), "#9a6b3f"))
STEPS_KEPT = 40
PLACE, GUARD, ROLL, BUILD_STAGE = "setup/place", "setup/guard", "turn/roll", "turn/build"
REVEAL = "over/reveal"  # a Wall ending waits for tied players' hidden victory point cards
PLAYING = ("setup", "turn")  # until the game is over


class CatanWatchGame(Game):
    id = "catan-watch"
    chronicle = CatanChronicle()
    title = N_("Catan: Brotherhood of the Watch")
    summary = N_("Dice, the wildling advance on the Wall, guards, breaches and victory points.")
    screen_template = "catan_watch/screen.html"
    seat_template = "catan_watch/seat.html"
    host_template = "catan_watch/host.html"
    profiles = True

    # -- options and seats ----------------------------------------------------------------------
    options_model = CatanOptions

    def seats(self, options: dict[str, Any]) -> list[SeatDef]:
        count = int(CatanOptions.read(options).players)
        return [SeatDef(sid, label, color) for sid, label, color in SEAT_COLORS[:count]]

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
        rules.install_profile(state, profile)
        rules.check_tokens_option(state)
        state["setup"] = {"round": 1, "i": 0}
        ctx.log(N_("Table set: %(count)s players, profile %(profile)s"), count=len(seats),
                profile=label(profile))
        return state

    def export_profile(self, state: State) -> dict[str, Any]:
        return prof.validate(state["profile"])

    # -- moves ----------------------------------------------------------------------------------
    moves = Moves([
        Move("first_seat", rules.first_seat, "Before the first settlement: the seat that rolled highest goes "
             "first; setup rounds, heroes and turns follow.", FIRST, params.FirstSeat, who="seat",
             stages=(PLACE,)),
        Move("setup_place", rules.setup_place, "The setup seat placed a settlement and a road (rounds 1-2).",
             SETUP, who="seat", stages=(PLACE,)),
        Move("guard", rules.guard, "A guard on the lowest free space of a wall section: free in setup round "
             "3, else built by the active player.", GUARDS, params.Guard, who="seat",
             stages=(GUARD, BUILD_STAGE)),
        Move("roll", rules.roll, "The active player rolls (or records) the three dice: production, then the "
             "wildling advance.", TURN, params.Roll, who="seat", stages=(ROLL,)),
        Move("build", rules.build, "Build a settlement, keep or road (after the roll) or buy a development "
             "card (any time in the turn); a settlement or keep reveals wildling tokens.", BUILD,
             params.Build, who="seat", stages=("turn",)),
        Move("ranger", rules.ranger, "Play a ranger card (the turn's one development card); the third "
             "takes the Largest Patrol.", PATROL, params.Ranger, who="seat", stages=("turn",)),
        Move("progress", rules.progress, "Play a progress card (the turn's one development card).", PATROL,
             who="seat", stages=("turn",)),
        Move("reveal_vp", rules.reveal_vp, "Reveal victory point cards on one's own turn; after a Wall ending "
             "that waits for them, the hidden cards still held (the host may answer for a seat).", BASE_DEV,
             params.RevealVp, who="seat", stages=("turn", REVEAL), reveals=True,
             not_now=N_("Victory point cards are revealed during your own turn, or after a Wall ending while "
                        "the result waits for them.")),
        Move("answer", rules.final_vp, "After a Wall ending with tied guards: the hidden victory point cards "
             "still held, sealed; the last answer reveals all and decides the result.", END, params.Answer,
             who="seat", stages=(REVEAL,), reveals=True, sealed=True),
        Move("longest_road", rules.longest_road, "Record who holds the Longest Road (the table measures); a "
             "new holder reveals a wildling token.", SPECIAL, params.LongestRoad, who="seat",
             stages=("turn",)),
        Move("hero", rules.hero, "Use the hero, then turn it to side B or swap it for one from the display.",
             HEROES, params.Hero, who="seat", stages=("turn",)),
        Move("end_turn", rules.end_turn, "End the turn: 10 VP now wins; else the dice pass to the left.",
             TURN, who="seat", stages=(BUILD_STAGE,)),
        Move("correct", rules.correct, "Make the mirror match the real board: a clan, clearing, hex or "
             "section, the breaches or the Frostfangs.", rules.FIX, params.Correct, who="seat",
             stages=PLAYING),
        Move("edit_profile", rules.edit_profile, "Replace the board profile (before the first guard at once, "
             "else from the next roll).", PROFILE, params.EditProfile, who="host", stages=PLAYING),
        Move("edit_trail", rules.edit_trail, "Correct one trail against the printed frame.", PROFILE,
             params.EditTrail, who="host", stages=PLAYING),
        Move("edit_section", rules.edit_section, "Correct a wall section's guard spaces and its Gift hexes.",
             PROFILE, params.EditSection, who="host", stages=PLAYING),
        Move("verify_profile", rules.verify_profile, "A guessed part of the profile was checked against the "
             "frame and is right.", PROFILE, params.VerifyProfile, who="host", stages=PLAYING),
    ])

    def stage(self, state: State) -> str:
        """``setup/place`` (rounds 1-2), ``setup/guard`` (round 3), ``turn/roll``, ``turn/build``,
        ``over/reveal`` (the result waits for hidden victory point cards), ``over``."""
        phase: str = state["phase"]
        if phase == "setup":
            return GUARD if state["setup"]["round"] == 3 else PLACE
        if phase == "over" and scoring.revealing(state):
            return REVEAL
        return {"roll": ROLL, "main": BUILD_STAGE}.get(phase, phase)

    def apply(self, state: State, ctx: Ctx, action: Action) -> None:
        """Every move first marks where its own steps start: the screen lists the moves of the whole
        turn, and shows which of them the latest action caused."""
        state["steps_mark"] = state["step_seq"]
        super().apply(state, ctx, action)

    def after_move(self, state: State, ctx: Ctx, action: Action) -> None:
        """The screen keeps the turn's last moves only."""
        state["steps"] = state["steps"][-STEPS_KEPT:]

    # -- views ----------------------------------------------------------------------------------
    def waiting_for(self, state: State) -> list[str]:
        return turns.waiting_for(state)

    def public_view(self, state: State) -> dict[str, Any]:
        return views.public(state)

    def private_view(self, state: State, seat: str) -> dict[str, Any]:
        return views.private(state, seat)
