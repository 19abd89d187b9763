"""Immortals (Queen Games 2017): the game object, its options, seats and initial state, its
stage and its views.

The physical board, cubes and tower stay on the table; the companion keeps the numbers (gold,
energy, VP, limbos, region cards, buildings), runs the secret draft and action planning on the
phones, adjudicates battles and scores. Phases: ``setup`` -> ``draft`` -> per round
``reinforce`` -> ``planning`` -> ``performance`` (with a ``battle`` inside) -> scoring -> ``ended``.
Each move is declared beside its handler in :mod:`.moves` (the profile and the corrections in
:mod:`.corrections`); what the devices see is in :mod:`.views`.
"""

from __future__ import annotations

from typing import Any

from ...i18n import N_
from ...moves import Moves
from ..base import Ctx, Game, SeatDef, State
from . import corrections, profile, views
from .board import REGIONS, empty_board
from .chronicle import ImmortalsChronicle
from .labels import msg
from .moves import BATTLE, DRAFT, MOVES, PERFORM
from .options import ImmortalsOptions

SEATS = (SeatDef("p1", N_("Red"), "#d64545"), SeatDef("p2", N_("Purple"), "#9b59b6"),
         SeatDef("p3", N_("Blue"), "#3f7fd6"), SeatDef("p4", N_("Yellow"), "#e0b43a"),
         SeatDef("p5", N_("Black"), "#5d6d7e"))
#: Rounds by player count: both rulebooks print 7/5/5 (seed 001 p.4, seed 002 p.4); a public player aid says 7/6/5.
ROUNDS = {"a": {3: 7, 4: 5, 5: 5}, "aid": {3: 7, 4: 6, 5: 5}}


class ImmortalsGame(Game):
    id = "immortals"
    chronicle = ImmortalsChronicle()
    title = N_("Immortals")
    summary = N_("Secret action planning, resources, cube-tower battles and scoring for Immortals.")
    profiles = True

    # -- table -------------------------------------------------------------------------------
    options_model = ImmortalsOptions
    seat_defs = SEATS

    def setup(self, options: dict[str, Any], ctx: Ctx) -> State:
        opts = ImmortalsOptions.load(options)
        seats = [s.id for s in self.seats(options)]
        n = len(seats)
        rounds = opts.rounds or ROUNDS[opts.rounds_table][n]
        first = ctx.rng.choice(seats)
        state: State = {
            "seats": seats,
            "labels": {s.id: s.label for s in self.seats(options)},
            "colors": {s.id: s.color for s in self.seats(options)},
            "options": opts.dump(),
            "profile": profile.load(options.get("profile_data")),
            "phase": "setup",
            "round": 0,
            "rounds": rounds,
            "rounds_by_source": {k: v[n] for k, v in ROUNDS.items()},
            "first": first,
            "next_first": None,
            "turn": None,
            "players": {s: self._player() for s in seats},
            "region_cards": dict.fromkeys(REGIONS),
            "board": empty_board(),
            "deck": [],
            "discard": [],
            "tray": {},
            "tower": {},
            "battle": None,
            "last_battle": None,
            "draft": None,
            "reinforced": [],
            "last_scoring": None,
            "result": None,
            "prompts": {},
        }
        # first player chosen at random (seed 001 p.5), logged
        ctx.log(N_("First player (drawn at random): %(who)s"), who=msg(state["labels"][first]))
        return state

    @staticmethod
    def _player() -> dict[str, Any]:
        return {
            "tribes": {"light": None, "dark": None}, "ready": False, "spaces": None,
            "spaces_confirmed": False, "groups": [], "gold": 0, "energy": 0, "vp": 0,
            "limbo": {"light": 0, "dark": 0}, "conflict": [], "plan": None, "revealed": {},
            "passed": False, "pass_take": None,
        }

    def export_profile(self, state: State) -> dict[str, Any]:
        return profile.load(state["profile"])

    def profile_gaps(self, state: State) -> tuple[str, dict[str, Any]] | None:
        """Regions without a name show as "Area 2 · 3" at every table started from the profile."""
        missing = len(profile.unnamed(state["profile"]))
        if not missing:
            return None
        return (N_("Regions without a name: %(n)s of %(of)s. Name the board (host panel) and save again, or "
                   "later tables show them as “Area 2 · 3”."), {"n": missing, "of": len(REGIONS)})

    # -- moves -------------------------------------------------------------------------------
    moves = Moves([*MOVES, *corrections.MOVES])

    def stage(self, state: State) -> str:
        """The phase, with the draft's stage ("draft/pick") and an open battle ("performance/battle")."""
        phase: str = state["phase"]
        if phase == DRAFT:
            return f"{DRAFT}/{state['draft']['stage']}"
        if phase == PERFORM and state["battle"]:
            return BATTLE
        return phase

    def public_marks(self, state: State) -> set[str]:
        """Planned cards turned face up this round are public (seed 001 p.15): undo never turns one
        back down, or its seat could re-plan knowing the others' cards."""
        marks = super().public_marks(state)
        for seat, p in state.get("players", {}).items():
            marks.update(f"card:{state.get('round')}:{seat}:{space}" for space in p.get("revealed") or {})
        return marks

    # -- views -------------------------------------------------------------------------------
    views = views
    #: A draft pick or a sealed plan reaches the other phones as its log line, not a fetch
    #: (companion.progress, issue #27; views.progress_free says what the phone never shows).
    progress_patches = True
