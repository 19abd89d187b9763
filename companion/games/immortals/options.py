"""Immortals table options: players and rounds, where the two rulebooks (and a player aid) read
differently or say nothing, and the digital tower."""

from __future__ import annotations

from typing import Annotated, Literal

from ...i18n import N_
from ..options import Opt, TableOptions
from .cite import both


class ImmortalsOptions(TableOptions):
    players: Annotated[int, Opt(N_("Players"), help=N_("Immortals is for 3 to 5 players."), min=3, max=5)] = 4
    rounds_table: Annotated[Literal["a", "aid"], Opt(
        N_("Rounds by player count"),
        help=N_("Both rulebooks print 7/5/5 on p.4; a public player aid says 6 for 4 players."),
        choices=(("a", N_("Rulebooks A and B (p.4): 3 players 7, 4 players 5, 5 players 5")),
                 ("aid", N_("Player aid: 3 players 7, 4 players 6, 5 players 5"))), rule=both(4),
    )] = "a"
    rounds: Annotated[int, Opt(N_("Rounds (0 = by player count)"),
                               help=N_("The rulebook lets the table agree to play more rounds."),
                               min=0, max=10)] = 0
    inhabitant_reading: Annotated[Literal["example", "version_a"], Opt(
        N_("Inhabitants fighting for the winner"),
        help=N_("The two rulebooks word this differently; the worked example follows B."),
        choices=(("example", N_("As in the worked example and rulebook B: they count in the winner's loss")),
                 ("version_a", N_("As rulebook A's text: they leave with the loser's armies"))), rule=both(14),
    )] = "example"
    loser_inhabitants: Annotated[Literal["party", "armies"], Opt(
        N_("Inhabitants fighting for the loser"),
        help=N_("Rulebooks A and B p.14 spell out only inhabitants fighting for the winner."),
        choices=(("party", N_("They count in the losing party: the winner loses as many cubes as "
                              "the loser's armies and inhabitants together (p.14, \"the losing "
                              "party\")")),
                 ("armies", N_("Only the loser's own armies count: the winner loses that many "
                               "(p.14 speaks of the loser's armies)"))), rule=both(14),
    )] = "party"
    dominate_empty: Annotated[Literal["take", "nothing"], Opt(
        N_("Dominate when the twin region is empty"),
        help=N_("Rulebooks A and B p.12 do not say what happens when nobody holds the twin region."),
        choices=(("take", N_("Any army beats the empty twin: take the region card (p.12: more "
                             "armies than the other player)")),
                 ("nothing", N_("Nothing happens: there is no other player to compare with "
                                "(p.12 names another player's armies)"))), rule=both(12),
    )] = "take"
    digital_tower: Annotated[bool, Opt(
        N_("Digital tower (no physical tower)"),
        help=N_("A published model, not the real tower: dropped cubes fall with 2/3, stuck cubes with 1/3."),
    )] = False
