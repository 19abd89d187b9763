"""What a game tells of its story: the figures of a round and its moments, read from the public view.

:mod:`companion.history` replays a table's log and asks the game's :class:`Chronicle` (the
``Game.chronicle`` attribute) what to keep at each round's end. A chronicle reads public views
only (a round number aside), so the story can never show more than the shared screen did.
"""

from __future__ import annotations

from typing import Any

View = dict[str, Any]


class Chronicle:
    """How a game's story is read from its public view (each game subclasses it)."""

    #: per-seat figures the story screen draws as line charts: (figure key, msgid of its title)
    series: tuple[tuple[str, str], ...] = ()

    def round_of(self, g: dict[str, Any]) -> int:
        """The round a state is in (only the round number is read from the game state: it is on
        every screen)."""
        return int(g.get("round") or 0)

    def watch(self, g: dict[str, Any]) -> Any:
        """A cheap value that changes when something worth telling may have happened; only then
        is the public view built and :meth:`observe` called."""
        return None

    def observe(self, view: View) -> list[dict[str, Any]]:
        """The moments ``view`` shows (a finished combat, revealed bids...), each with a ``key``
        that names it: the history keeps a moment once, in the round it was first seen."""
        return []

    def figures(self, view: View) -> dict[str, Any]:
        """A round's figures from the public view: ``{"seats": {seat: {...}}, ...table figures}``."""
        return {"seats": {}}

    def columns(self, row: dict[str, Any]) -> list[tuple[str, Any]]:
        """A round's table figures for the story screen's "round by round" list: (msgid of the
        column, value); a value that is a seat id is shown as the seat's name."""
        return []

    def over(self, view: View) -> bool:
        """The game has ended in this view."""
        return False

    def winners(self, view: View) -> list[str]:
        """The winning seats of an ended game."""
        return []

    def key_moments(self, rounds: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The few moments the story screen tells: the biggest combat, the closest bid..."""
        return []
