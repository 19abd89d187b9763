"""A Game of Thrones: The Card Game (LCG, 1st edition): the referee of timing and counters.

Players play their real cards; the companion knows the phase, the flowchart box, the first and
active player, who holds the opportunity and who passed, walks every action window's steps, and
keeps gold and power. It never needs a card database. Authority: the FAQ v3.4, seed 003.

Where things live: the moves and their handlers in ``moves.py``, the round's flow in ``flow.py``
(with ``windows.py`` for opportunity rounds and the window stack), the arithmetic in
``scoring.py``, what each device sees in ``views.py``.
"""

from __future__ import annotations

from typing import Any

from ...i18n import N_
from ..base import Action, Ctx, Game, SeatDef, State
from . import data, flow, lookahead, pace, views
from .chronicle import LcgChronicle
from .data import autopass_kinds
from .moves import MOVES
from .options import LcgOptions
from .params import names

SEATS = (SeatDef("p1", N_("Seat 1"), "#d64545"), SeatDef("p2", N_("Seat 2"), "#3f7fd6"),
         SeatDef("p3", N_("Seat 3"), "#3fa34d"), SeatDef("p4", N_("Seat 4"), "#e0b43a"),
         SeatDef("p5", N_("Seat 5"), "#9b59b6"), SeatDef("p6", N_("Seat 6"), "#e67e22"))


class LcgGame(Game):
    id = "lcg"
    title = N_("A Game of Thrones: The Card Game (1st ed.)")
    summary = N_("Timing referee: phases, action windows, first and active player, gold and power.")
    reference_template = "lcg/_reference.html"
    moves = MOVES
    chronicle = LcgChronicle()

    options_model = LcgOptions
    seat_defs = SEATS

    def setup(self, options: dict[str, Any], ctx: Ctx) -> State:
        # a table created before an option existed keeps what it was played with (Opt.legacy)
        opts = LcgOptions.load(options)
        seats = [s.id for s in self.seats(options)]
        start = {"structure": data.default_autopass(), "all": autopass_kinds(), "none": []}[opts.autopass_start]
        players = {s: {"gold": 0, "power": 0, "char_power": 0, "income_bonus": 0, "initiative_bonus": 0,
                       "claim_bonus": 0, "plot": None,
                       "title": None, "plots": [], "used_plots": [],
                       "autopass": list(start)} for s in seats}
        state: State = {
            "seats": seats, "options": opts.dump(), "round": 1, "phase": "plot", "box": None,
            "next_box": data.first_box("plot"), "first_player": seats[0], "active_player": None,
            "players": players, "stack": [], "segment": None, "decision": None, "challenge": None,
            "chal_used": {s: [] for s in seats}, "been_active": [], "dominance": None,
            "plot_prompt": None, "plot_round": None, "titles": names(opts.titles),
            "title_relations": opts.title_relations,
            "winner": None, "closed": None, "prompts": {}, "seq": 0, "opp": 0,
        }
        # nobody has sat down at setup: the seat's label, never its id ("p1", issue #37)
        ctx.log(N_("Round 1 begins; %(who)s is first player until initiative is decided."),
                who={"_": SEATS[0].label})
        pace.reset(state)
        flow.advance(state, ctx)
        lookahead.settle(state)
        return state

    def stage(self, state: State) -> str:
        """``"ended"`` once there is a winner, else the phase and what it waits on: ``"challenges/
        window"`` (an action window is open), ``".../actions"`` (a player-action segment),
        ``".../decision"`` (the active player declares or finishes), ``".../moving"``."""
        if state["winner"]:
            return "ended"
        if state["stack"]:
            where = "window"
        elif state.get("segment"):
            where = "actions"
        elif state.get("decision"):
            where = "decision"
        else:
            where = "moving"
        return f"{state['phase'] or 'moving'}/{where}"

    def after_move(self, state: State, ctx: Ctx, action: Action) -> None:
        """Walk on through everything that needs nobody, to the next seat that must decide. Any
        move but a phone's own countdown report (or its player's time limit, which changes no
        window) starts a new run of windows (pace.py)."""
        if action.get("type") not in ("pass_ahead", "window_time"):
            pace.reset(state)
        flow.advance(state, ctx)
        lookahead.settle(state)

    # -- views (views.py: pure functions of the state) --------------------------------------------
    views = views
    #: A plot choice or a dominance count reaches the phones still choosing as its log line, not a
    #: fetch (companion.progress, issue #27; views.progress_free says what the phone never shows).
    progress_patches = True


__all__ = ["LcgGame", "autopass_kinds"]
