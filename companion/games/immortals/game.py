"""Immortals (Queen Games 2017): the game object, its options, seats and initial state, its
declared moves and its views.

The physical board, cubes and tower stay on the table; the companion keeps the numbers (gold,
energy, VP, limbos, region cards, buildings), runs the secret draft and action planning on the
phones, adjudicates battles and scores. Phases: ``setup`` -> ``draft`` -> per round
``reinforce`` -> ``planning`` -> ``performance`` (with a ``battle`` inside) -> scoring -> ``ended``.
What each move does is in :mod:`.rules`; what the devices see in :mod:`.views`.
"""

from __future__ import annotations

from typing import Any

from ...i18n import N_
from ...moves import Move, Moves, NoParams
from ..base import Ctx, Game, SeatDef, State
from . import cite, params, profile, rules, views
from .board import REGIONS, empty_board
from .chronicle import ImmortalsChronicle
from .labels import msg
from .options import ImmortalsOptions

COLORS = (("red", N_("Red"), "#d64545"), ("purple", N_("Purple"), "#9b59b6"), ("blue", N_("Blue"), "#3f7fd6"),
          ("yellow", N_("Yellow"), "#e0b43a"), ("black", N_("Black"), "#5d6d7e"))
#: Rounds by player count: both rulebooks print 7/5/5 (seed 001 p.4, seed 002 p.4); a public player aid says 7/6/5.
ROUNDS = {"a": {3: 7, 4: 5, 5: 5}, "aid": {3: 7, 4: 6, 5: 5}}
FIX = rules.FIX
PROFILE = profile.RULE
SETUP, DRAFT, REINFORCE, PLANNING, PERFORM = "setup", "draft", "reinforce", "planning", "performance"
BATTLE = "performance/battle"


class ImmortalsGame(Game):
    id = "immortals"
    chronicle = ImmortalsChronicle()
    title = N_("Immortals")
    summary = N_("Secret action planning, resources, cube-tower battles and scoring for Immortals.")
    screen_template = "immortals/screen.html"
    seat_template = "immortals/seat.html"
    host_template = "immortals/host.html"
    profiles = True


    # -- table -------------------------------------------------------------------------------
    options_model = ImmortalsOptions

    def seats(self, options: dict[str, Any]) -> list[SeatDef]:
        n = ImmortalsOptions.read(options).players
        return [SeatDef(f"p{i + 1}", label, color) for i, (_cid, label, color) in enumerate(COLORS[:n])]

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

    # -- moves -------------------------------------------------------------------------------
    moves = Moves([
        Move("choose_tribes", rules.choose_tribes, "Take a light and a dark tribe and enter what their boards "
             "print; refused (nothing saved) while a printed number is missing, unless partial.",
             cite.both("4-7"), params.ChooseTribes, who="seat", stages=(SETUP,)),
        Move("start_game", rules.start_game, "Start the initial round once every tribe has its printed numbers.",
             cite.both("4-7"), who="host", stages=(SETUP,)),
        Move("draft_start", rules.draft_start, "Put a group on the start region (and 2 armies on its dark twin).",
             cite.both(6), params.Group, who="seat", stages=(f"{DRAFT}/start",)),
        Move("draft_place", rules.draft_place, "The placer puts a group where its picked card shows.",
             cite.both("6-7"), params.DraftPlace, who="seat", stages=(f"{DRAFT}/place",)),
        Move("feed", rules.feed, "Put the own cubes that fell when the tower was fed into the limbos.",
             cite.both(7), params.Feed, who="seat", stages=(f"{DRAFT}/feed",)),
        Move("tower_inhabitants", rules.tower_inhabitants, "How many inhabitants fell into the tray when the "
             "physical tower was fed (at most 2 stay).", cite.both(7), params.Inhabitants, who="seat",
             stages=(f"{DRAFT}/feed",)),
        Move("answer", rules.answer, "A sealed answer: the draft pick (draft-N) or the round's plan (plan-R); "
             "the last pick reveals every pick, the last plan starts the performance.", cite.both("6, 8"),
             params.Answer, who="seat", stages=(f"{DRAFT}/pick", PLANNING), reveals=True,
             sealed=True),
        Move("reinforce", rules.reinforce, "The seat in turn draws a conflict card or not and brings 1 army "
             "per 3 in each limbo to its regions of that realm.", cite.both(8), params.Reinforce,
             who="seat", stages=(REINFORCE,)),
        Move("perform", rules.perform_card, "Turn one planned card and perform it, or decline it for 1 gold "
             "or energy.", cite.both("9-12, 15"), params.Perform, who="seat", stages=(PERFORM,),
             reveals=True),
        Move("pass", rules.pass_turn, "Pass for the round: the cards go back to the hand; 1 gold or energy "
             "now and each later turn.", cite.both(15), params.Pass, who="seat", stages=(PERFORM,)),
        Move("battle_result", rules.battle_result, "The attacker, the defender or the host enters what fell "
             "in the tray.", cite.both("13-14"), params.BattleResult, who="seat", stages=(BATTLE,),
             not_now=N_("There is no battle to resolve.")),
        Move("battle_drop", rules.battle_drop, "Digital tower only: drop the battle's cubes through the model.",
             cite.FACTS, NoParams, who="seat", stages=(BATTLE,), not_now=N_("There is no battle to resolve.")),
        Move("name_region", rules.name_region, "Name a region slot as printed on the board.", PROFILE,
             params.NameRegion, who="host"),
        Move("set_region_value", rules.set_region_value, "Enter a value printed on a region card.", PROFILE,
             params.RegionValue, who="host"),
        Move("edit_region", rules.edit_region, "One region row of the board profile: name and the four printed "
             "values (empty: unknown).", PROFILE, params.EditRegion, who="host"),
        Move("set_region", rules.set_region, "Correct who occupies a location and with how many armies.", FIX,
             params.SetRegion, who="seat"),
        Move("set_building", rules.set_building, "Correct the buildings on a location (VP unchanged: use "
             "adjust).", FIX, params.SetBuilding, who="seat"),
        Move("give_card", rules.give_card, "Correct who holds a region card.", FIX, params.GiveCard, who="host"),
        Move("adjust", rules.adjust, "Correct a counter: one's own, or any seat's with host rights.", FIX,
             params.Adjust, who="seat"),
        Move("set_tray", rules.set_tray, "Correct what lies in the tray between battles (one field per seat "
             "id, and inhabitants; missing = 0).", FIX, params.Tray, who="seat"),
        Move("set_first", rules.set_first, "Correct the first player marker, now or for the next round.",
             cite.both("12, 15"), params.SetFirst, who="host"),
        Move("set_turn", rules.set_turn, "Correct whose turn it is while reinforcing or performing.",
             cite.both("8, 15"), params.SetTurn, who="host", stages=(REINFORCE, PERFORM)),
    ])

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
    def public_view(self, state: State) -> dict[str, Any]:
        return views.public(state)

    def private_view(self, state: State, seat: str) -> dict[str, Any]:
        return views.private(state, seat)

    def waiting_for(self, state: State) -> list[str]:
        return views.waiting_for(state)
