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
from ..base import Action, Ctx, Game, Option, SeatDef, State
from . import data, flow, lookahead, pace, views
from .chronicle import LcgChronicle
from .data import autopass_kinds
from .moves import MOVES
from .params import names

CORE_TITLES = ("Hand of the King, Master of Laws, Master of Whispers, Master of Coin, Crown Regent, "
               "Lord Commander of the Kingsguard")
SEAT_LABELS = (N_("Seat 1"), N_("Seat 2"), N_("Seat 3"), N_("Seat 4"), N_("Seat 5"), N_("Seat 6"))
PALETTE = ("#d64545", "#3f7fd6", "#3fa34d", "#e0b43a", "#9b59b6", "#e67e22")


class LcgGame(Game):
    id = "lcg"
    title = N_("A Game of Thrones: The Card Game (1st ed.)")
    summary = N_("Timing referee: phases, action windows, first and active player, gold and power.")
    screen_template = "lcg/screen.html"
    seat_template = "lcg/seat.html"
    host_template = "lcg/host.html"
    reference_template = "lcg/_reference.html"
    moves = MOVES
    chronicle = LcgChronicle()

    def options(self) -> list[Option]:
        return [
            Option("players", N_("Players"), "int", 2, min=2, max=6,
                   help=N_("2 is a joust; 3 to 6 is a melee with titles. Seat them clockwise.")),
            Option("win_power", N_("Power to win"), "int", 15, min=5, max=30),
            Option("count_char_power", N_("Power on characters counts toward victory"), "bool", True),
            Option("initiative_tie", N_("Initiative tie"), "choice", "lowest_power",
                   choices=(("lowest_power", N_("Lowest power wins, then random")),
                            ("random", N_("Random draw"))),
                   help=N_("The FAQ does not say; the companion logs every random draw.")),
            Option("dominance_gold", N_("Dominance total"), "choice", "add",
                   choices=(("add", N_("Players enter STR, the companion adds unspent gold")),
                            ("included", N_("Players enter STR plus gold themselves")))),
            Option("zero_str_attack", N_("An attack with 0 STR"), "choice", "tie_rule",
                   choices=(("tie_rule", N_("Ties go to the attacker, even at 0 (FAQ Page 14)")),
                            ("cannot_win", N_("An attacker with 0 STR cannot win"))),
                   help=N_("The FAQ does not say whether an attacker with no STR can win.")),
            Option("passive_start", N_("Save/cancel against a passive starts with"), "choice",
                   "window",
                   choices=(("window", N_("As in its window: the initiator's left, or the first player in "
                                          "a framework window (FAQ Page 6)")),
                            ("first_player", N_("Always the first player"))),
                   help=N_("FAQ Page 6: in a player's window answers start at the initiator's left; it "
                           "does not name passives separately.")),
            Option("uniform_timer", N_("Prompt everyone the same way (seconds, 0 = off)"), "int", 0,
                   min=0, max=30,
                   help=N_("Every save/cancel and response opportunity waits this long on every phone, "
                           "so waiting never reveals who holds a response.")),
            Option("auto_close", N_("Windows close by themselves after (seconds, 0 = off)"), "int", 5,
                   min=0, max=30,
                   help=N_("Every open window shows the same countdown on every phone; at zero each phone "
                           "passes for its player unless they tapped Wait. Nobody is skipped and nothing "
                           "shows who waited (FAQ Page 6).")),
            Option("window_pace", N_("Countdowns"), "choice", "run",
                   choices=(("run", N_("One per run of windows: \"anything before …?\" until the next decision")),
                            ("each", N_("One for every save/cancel, response and action round"))),
                   help=N_("With one per run, when every phone says nothing, the windows up to the next "
                           "decision pass for everyone in the FAQ's order; one Wait and each window asks "
                           "again. Nobody can tell who waited (FAQ Page 6).")),
            Option("autopass_start", N_("Auto-pass to start with"), "choice", "none",
                   choices=(("none", N_("Nothing: every player is offered every window (FAQ Page 6)")),
                            ("structure", N_("Skip all but the plot reveal, titles, marshalling and "
                                             "challenges, and the dominance reward: you are never asked "
                                             "in the plot, draw, dominance, standing or taxation action "
                                             "segments, nor when a player becomes active")),
                            ("all", N_("Every window (turn windows off when you hold a response)"))),
                   help=N_("Auto-pass skips windows you may be entitled to act in (a Plot: or Dominance: "
                           "action). Each player can change it on the phone at any time.")),
            Option("titles", N_("Titles (melee)"), "text", CORE_TITLES),
            Option("title_relations", N_("Title relations (melee)"), "text", "",
                   help=N_("Who supports or opposes whom, as printed on your title cards.")),
        ]

    def seats(self, options: dict[str, Any]) -> list[SeatDef]:
        count = int(options.get("players") or 2)
        return [SeatDef(f"p{i + 1}", SEAT_LABELS[i], PALETTE[i]) for i in range(count)]

    def setup(self, options: dict[str, Any], ctx: Ctx) -> State:
        # a table created before an option existed keeps what it was played with (pace.LEGACY)
        options = {**{o.key: o.default for o in self.options()}, **pace.LEGACY, **dict(options)}
        seats = [s.id for s in self.seats(options)]
        start = {"structure": data.default_autopass(), "all": autopass_kinds(), "none": []}[
            options.get("autopass_start") or "structure"]
        players = {s: {"gold": 0, "power": 0, "char_power": 0, "income_bonus": 0, "initiative_bonus": 0,
                       "claim_bonus": 0, "plot": None,
                       "title": None, "plots": [], "used_plots": [],
                       "autopass": list(start)} for s in seats}
        state: State = {
            "seats": seats, "options": dict(options), "round": 1, "phase": "plot", "box": None,
            "next_box": data.first_box("plot"), "first_player": seats[0], "active_player": None,
            "players": players, "stack": [], "segment": None, "decision": None, "challenge": None,
            "chal_used": {s: [] for s in seats}, "been_active": [], "dominance": None,
            "plot_prompt": None, "plot_round": None, "titles": names(options.get("titles", CORE_TITLES)),
            "title_relations": str(options.get("title_relations") or "")[:2000],
            "winner": None, "closed": None, "prompts": {}, "seq": 0, "opp": 0,
        }
        ctx.log(N_("Round 1 begins; %(who)s is first player until initiative is decided."),
                who=ctx.name(seats[0]))
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
        move but a phone's own countdown report starts a new run of windows (pace.py)."""
        if action.get("type") != "pass_ahead":
            pace.reset(state)
        flow.advance(state, ctx)
        lookahead.settle(state)

    # -- views (views.py: pure functions of the state) --------------------------------------------
    def public_view(self, state: State) -> dict[str, Any]:
        view = views.public_view(state)
        view["waiting_for"] = self.waiting_for(state)
        return view

    def private_view(self, state: State, seat: str) -> dict[str, Any]:
        return views.private_view(state, seat)

    def waiting_for(self, state: State) -> list[str]:
        return views.waiting_for(state)


__all__ = ["LcgGame", "autopass_kinds"]
