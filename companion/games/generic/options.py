"""The generic table's options: the seats' names and the counters each seat and the table keep."""

from __future__ import annotations

from typing import Annotated

from pydantic import field_validator

from ...i18n import N_
from ..options import Opt, TableOptions
from .names import MAX_COUNTERS, MAX_SEATS, names


class GenericOptions(TableOptions):
    seats: Annotated[str, Opt(N_("Seats (comma separated)"),
                              help=N_("One name per seat: a colour, a house, a faction."))] = \
        N_("Red, Blue, Green, Yellow")
    counters: Annotated[str, Opt(N_("Counters per seat"), help=N_("For example: victory points, gold, wood."))] = \
        N_("VP, Gold")
    shared_counters: Annotated[str, Opt(N_("Shared counters"),
                                        help=N_("Counters that belong to the table, like the round."))] = N_("Round")

    @field_validator("seats")
    @classmethod
    def _seat_names(cls, text: str) -> str:
        """At least one seat, at most ten, no name twice; stored as one tidy list."""
        return ", ".join(names(text, MAX_SEATS, N_("seats"), at_least_one=True))

    @field_validator("counters", "shared_counters")
    @classmethod
    def _counter_names(cls, text: str) -> str:
        return ", ".join(names(text, MAX_COUNTERS, N_("counters")))
