"""A Game of Thrones: The Board Game (2nd edition): the game as the server sees it.

Options, seats and setup; where the table stands (:meth:`AgotGame.stage`, the path of the running
procedures); what follows every move; and the views, which are pure functions of the state
(``views.py``) that the rules never import. The moves themselves are declared in ``rules.py``.
"""

from __future__ import annotations

from typing import Any

from ...i18n import N_
from ..base import Action, Ctx, Game, Option, RuleError, SeatDef, State
from . import board as board_data
from . import flow, names, rules, setup, views
from .chronicle import AgotChronicle


class AgotGame(Game):
    id = "agot"
    title = N_("A Game of Thrones: The Board Game (2nd edition)")
    summary = N_("Bids, tracks, supply, Westeros cards and wildlings kept by the companion; orders and "
                 "combat on the phones.")
    screen_template = "agot/screen.html"
    seat_template = "agot/seat.html"
    host_template = "agot/host.html"
    chronicle = AgotChronicle()

    def options(self) -> list[Option]:
        return [
            Option("players", N_("Players"), "int", 6, help=N_("3 to 6; only the houses of that count play."),
                   min=3, max=6),
            Option("tides", N_("Tides of Battle"), "bool", False,
                   help=N_("Optional combat cards module (Rulebook p.28).")),
            Option("decks", N_("Westeros and wildling decks"), "choice", "digital",
                   help=N_("Digital: the companion draws. Physical: the host enters the card turned over."),
                   choices=(("digital", N_("Digital decks")), ("physical", N_("Physical decks")))),
            Option("milkwater_keep_last", N_("Massing on the Milkwater: others keep their last card"), "bool",
                   True, help=N_("The card's wording is unclear when a house holds one card: on = it keeps it.")),
            Option("neutral_short", N_("Attack on a neutral force falls short"), "choice", "back",
                   help=N_("Page 26 does not say what happens to the attackers when their strength falls short."),
                   choices=(("back", N_("Units go back, not routed")), ("routed", N_("Like a lost combat: routed")))),
            # the publisher's FAQ (docs/agot-faq.md): default to the FAQ, the printed rule stays one tap away
            Option("faq_lannister_port_ship", N_("Lannister ship in the Port of Lannisport at setup"), "bool", True,
                   help=N_("Publisher's FAQ v2.0 corrects the Lannister screen: one more ship, in the port. "
                           "Off = the printed screen (Rulebook p.4).")),
            Option("tiebreak", N_("End-of-game tie-breaks"), "choice", "faq",
                   help=N_("After castles and strongholds: FAQ v2.0 = land areas, supply, Iron Throne; "
                           "printed p.17 = strongholds, supply, available power, Iron Throne."),
                   choices=(("faq", N_("Publisher's FAQ v2.0")), ("printed", N_("Printed rulebook p.17")))),
            Option("faq_blade_tides", N_("Tides of Battle: the Blade may still give +1"), "bool", True,
                   help=N_("Publisher's FAQ v2.0 combat steps: a Valyrian Steel Blade not used to redraw a Tides "
                           "card may add +1 after the reveal. Off = only the redraw (Rulebook p.28).")),
            Option("faq_tides_reshuffle", N_("Tides of Battle: reshuffle before every combat"), "bool", True,
                   help=N_("Publisher's FAQ v1.0: all Tides cards are shuffled together before each combat. "
                           "Off = drawn cards stay out until the deck runs out (the rulebook is silent, p.28).")),
        ]

    def display_names(self) -> dict[str, str]:
        """Areas and houses by their printed names wherever a message carries the id."""
        return {**names.AREAS, **names.HOUSES}

    def seats(self, options: dict[str, Any]) -> list[SeatDef]:
        b = board_data.load()
        players = int(options.get("players", 6))
        return [SeatDef(h, names.HOUSES[h], b.houses[h]["color"]) for h in b.houses_for(players)]

    def setup(self, options: dict[str, Any], ctx: Ctx) -> State:
        options = {**{o.key: o.default for o in self.options()}, **rules.LEGACY, **dict(options)}
        state = setup.initial_state(options)
        ctx.log(N_("A %(n)s-player game: set up the board with the checklist."), n=state["players"])
        return state

    # -- actions -----------------------------------------------------------------------------
    def __init__(self) -> None:
        self.moves = rules.MOVES

    def stage(self, state: State) -> str:
        """Where the table stands: the path of the running procedures (``procedure.py``), e.g.
        ``"westeros/clash/tie"``, ``"planning/raven"``, ``"action/combat/support"``; ``"ended"``
        (seed 000 p.7: one procedure at a time)."""
        return next((p.stage(state) for p in rules.PHASES if p.active(state)), str(state["phase"]))

    def apply(self, state: State, ctx: Ctx, action: Action) -> None:
        """Corrections any time; once the game is over, nothing else (seed 000 p.17). Otherwise the
        declared moves' dispatcher checks the move against the stage (seed 000 p.7)."""
        if state["phase"] == "ended" and not rules.is_correction(str(action.get("type", ""))):
            raise RuleError("The game is over.", "seed 000 p.17", status=409)
        super().apply(state, ctx, action)

    def after_move(self, state: State, ctx: Ctx, action: Action) -> None:
        """After every move: a finished action phase ends the round, a Westeros step notices a
        correction (armies now fit supply), and seven castles win at once (seed 000 p.7, p.17)."""
        if state["phase"] == "action_done":
            rules.end_action_phase(state, ctx)
        if state["phase"] == "westeros":
            flow.recheck(state, ctx)
        rules.check_immediate_win(state, ctx)

    # -- views -------------------------------------------------------------------------------
    def public_view(self, state: State) -> dict[str, Any]:
        return views.public(state, self.waiting_for(state))

    def private_view(self, state: State, seat: str) -> dict[str, Any]:
        return views.private(state, seat)

    def waiting_for(self, state: State) -> list[str]:
        """Whom the table waits on: what the innermost running procedure says."""
        return next((p.waiting(state) for p in rules.PHASES if p.active(state)), [])
