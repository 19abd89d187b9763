"""The generic table: configurable seats, counters, logged dice, sealed bids and votes.

The Game (seats, setup); its moves are in :mod:`.moves`, their fields in :mod:`.params`, what
devices see in :mod:`.views`. No rulebook stands behind this game; refusals cite the product rule
("companion: ...").
"""

from __future__ import annotations

from typing import Any

from ...i18n import N_
from ..base import Ctx, Game, SeatDef, State
from . import views
from .chronicle import GenericChronicle
from .moves import MOVES
from .names import MAX_COUNTERS, MAX_SEATS, names
from .options import GenericOptions

PALETTE = ("#d64545", "#3f7fd6", "#3fa34d", "#e0b43a", "#9b59b6", "#e67e22", "#1abc9c", "#ecf0f1",
           "#7f8c8d", "#c0392b")


class GenericGame(Game):
    id = "generic"
    chronicle = GenericChronicle()
    title = N_("Generic table")
    summary = N_("Counters, dice and sealed bids or secret votes for any board game.")

    options_model = GenericOptions

    def seats(self, options: dict[str, Any]) -> list[SeatDef]:
        labels = names(GenericOptions.read(options).seats, MAX_SEATS, N_("seats"))
        return [SeatDef(f"p{i + 1}", label, PALETTE[i % len(PALETTE)]) for i, label in enumerate(labels)]

    def setup(self, options: dict[str, Any], ctx: Ctx) -> State:
        opts = GenericOptions.load(options)
        seats = [s.id for s in self.seats(options)]
        counters = names(opts.counters, MAX_COUNTERS, N_("counters"))
        shared = names(opts.shared_counters, MAX_COUNTERS, N_("counters"))
        return {
            "seats": seats,
            "labels": {s.id: s.label for s in self.seats(options)},
            "counters": counters,
            "shared_names": shared,
            "values": {seat: dict.fromkeys(counters, 0) for seat in seats},
            "shared": dict.fromkeys(shared, 0),
            "rolls": [],
            "prompts": {},
            "prompt_seq": 0,
        }

    moves = MOVES
    views = views
    #: a sealed answer reaches the other phones as its log line, not a fetch (companion.progress)
    progress_patches = True
    #: an answer reaches the TV as its waiting line, the prompt's chips and the log (issue 41)
    screen_parts_template = "generic/screen_parts.html"
