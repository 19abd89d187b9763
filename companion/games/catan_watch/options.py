"""Catan: Brotherhood of the Watch table options: dice and tokens, and the rulebook's open points
(which camp attacks first, a blocked column, a kind gone from the Frostfangs, the last tie-break).
``input_checks`` is no choice (not on the form): the revision of the checks on players' inputs, so a
table stored before the checks of issue 38 replays exactly (``legacy=1``) and a new table gets them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal

from ...i18n import N_
from ..options import Opt, TableOptions
from .cite import END, WALL

#: the revision of the input checks from which the checks of issue 38 apply (``input_checks``)
CHECKS_ISSUE_38 = 2


class CatanOptions(TableOptions):
    players: Annotated[Literal["3", "4", "5", "6"], Opt(
        N_("Players"), help=N_("5 or 6 players need a board profile for the extension."),
        choices=(("3", N_("3 players")), ("4", N_("4 players")), ("5", N_("5 players")), ("6", N_("6 players"))),
    )] = "4"
    dice: Annotated[Literal["digital", "balanced", "physical"], Opt(
        N_("Dice"), help=N_("Balanced: the 36 outcomes of two dice as a deck, reshuffled before it runs out."),
        choices=(("digital", N_("Digital dice")), ("balanced", N_("Balanced production dice")),
                 ("physical", N_("Physical dice (type the result)"))),
    )] = "digital"
    balanced_left: Annotated[int, Opt(N_("Balanced deck: cards left undrawn before reshuffling"),
                                      min=0, max=20)] = 5
    tokens: Annotated[Literal["physical", "digital"], Opt(
        N_("Wildling tokens"), help=N_("Digital needs a board profile that lists the token mix."),
        choices=(("physical", N_("Physical tokens (enter each one)")),
                 ("digital", N_("Digital reserve from the profile"))),
    )] = "physical"
    attack_low: Annotated[Literal["camp1", "camp2"], Opt(
        N_("Wildling attack: which front camp takes the lower-numbered trail"),
        help=N_("The rulebook is ambiguous about the two camps nearest the trails."),
        choices=(("camp1", N_("Camp 1 (nearest the trails)")), ("camp2", N_("Camp 2"))), rule=WALL,
    )] = "camp1"
    full_column: Annotated[Literal["stack", "frostfangs"], Opt(
        N_("A wildling crossing where every hex south is already blocked"), help=N_("The rulebook does not say."),
        choices=(("stack", N_("It joins the last hex (still counts in the Gift)")),
                 ("frostfangs", N_("It goes back to the Frostfangs"))), rule=WALL,
    )] = "stack"
    tie_left: Annotated[Literal["oldest", "any"], Opt(
        N_("Last tie-break (leftmost guard)"), help=N_("Compare the players' oldest guards, or any of their guards."),
        choices=(("oldest", N_("Leftmost of the oldest guards")), ("any", N_("Leftmost of any guard"))), rule=END,
    )] = "oldest"
    migrate_out: Annotated[Literal["nothing", "substitute"], Opt(
        N_("A wildling token names a kind gone from the Frostfangs"),
        help=N_("The rulebook does not say; the figure counts in the Frostfangs are "
                "checked against your box at setup."),
        choices=(("nothing", N_("Nothing migrates")),
                 ("substitute", N_("Another kind migrates instead: normal, then climber, then giant"))), rule=WALL,
    )] = "nothing"
    setup_order: Annotated[Literal["reverse", "same"], Opt(
        N_("Second setup round"), help=N_("The standard Catan setup phase goes back in reverse order."),
        choices=(("reverse", N_("Reverse seat order")), ("same", N_("Same seat order"))),
    )] = "reverse"
    input_checks: Annotated[int, Opt(
        N_("Input checks"),
        help=N_("Not a choice: what the companion checks in the players' inputs. 2 = victory point cards "
                "are revealed on your turn only to reach 10 VP, and never more than your development cards "
                "not played. 1 = the checks of tables created before these, which replay as they were played."),
        min=1, max=2, legacy=1, offered=False,
    )] = 2


def checks_38(state: Mapping[str, Any]) -> bool:
    """Whether the table makes the input checks of issue 38 (victory point cards only to win, at
    most the development cards not played). A table stored before them lacks ``input_checks`` and
    replays exactly as it was played (``legacy=1``)."""
    return CatanOptions.of(state).input_checks >= CHECKS_ISSUE_38
