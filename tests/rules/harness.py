"""How every game's rules tests play: through the engine (:mod:`companion.engine`), the same code
the server runs, with the log held in memory instead of the database.

Each game's helpers keep their own shortcuts (and their own seed per event, so the dealt cards of
a test stay what they were) on top of :class:`RulesTable` or, for tests that hold the bare game
state in a variable, :func:`play`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion import engine
from companion.engine import EngineState, LogEntry
from companion.games.base import Actor, Game

#: Kinds of log lines a game writes itself (the rest are the table's: seats, undo, rules entry).
GAME_LINES = ("setup", "action", "skipped")


@dataclass
class Played:
    """What one action logged, and the engine state after it."""

    entries: list[LogEntry]
    state: EngineState


def play(game: Game, state: dict[str, Any], actor: Actor, action: Any, seed: int,
         names: dict[str, str] | None = None) -> Played:
    """Apply ``action`` to the game state ``state`` as the server does (the same checks, on a private
    copy, malformed input refused with a RuleError); on success ``state`` is replaced in place by
    the result, on refusal it is left as it was."""
    action = engine.check_action(actor, action)
    new = engine.apply(game, {"g": state, "names": dict(names or {}), "log": []}, actor, action, seed, 2)
    _sync(state, new["g"])
    return Played(entries=new["log"], state=new)


def _sync(old: Any, new: Any) -> None:
    """Make the container ``old`` equal to ``new`` in place, keeping its nested dicts and lists
    where they still exist, so a test holding a part of the state (``pile = state["cards"]``)
    sees the new state through it, as when the rules changed that part in place."""
    if isinstance(old, dict):
        for key in [k for k in old if k not in new]:
            del old[key]
        for key, value in new.items():
            if key in old and _container(old[key], value):
                _sync(old[key], value)
            else:
                old[key] = value
    else:
        for i, value in enumerate(new[:len(old)]):
            if _container(old[i], value):
                _sync(old[i], value)
            else:
                old[i] = value
        del old[len(new):]
        old.extend(new[len(old):])


def _container(old: Any, new: Any) -> bool:
    return (isinstance(old, dict) and isinstance(new, dict)) or (isinstance(old, list) and isinstance(new, list))


class RulesTable:
    """A game's table in memory (:class:`companion.engine.Table`) with the seats' names taken.

    ``state`` is the game's own state (tests may arrange it between actions); ``log`` the lines the
    game wrote, in order.
    """

    def __init__(self, game: Game, options: dict[str, Any], seed: int,
                 names: dict[str, str] | None = None) -> None:
        self.table = engine.Table(game, options, seed=seed)
        self.game = self.table.game
        seats = {seat.id for seat in self.game.seats(self.table.options)}
        for seat, name in (names or {}).items():
            if seat in seats:
                self.table.join(seat, name)

    @property
    def state(self) -> dict[str, Any]:
        return self.table.g

    @property
    def log(self) -> list[LogEntry]:
        return [e for e in self.table.state["log"] if e.get("kind") in GAME_LINES]

    def apply(self, seat: str | None, action: Any, host: bool = False, seed: int | None = None) -> list[LogEntry]:
        """One action from ``seat`` (or the host); returns the lines it logged."""
        self.table.act(Actor(seat=seat, host=host), action, seed=seed)
        return self.table.lines()

    @property
    def view(self) -> dict[str, Any]:
        return self.game.public_view(self.state)

    def me(self, seat: str) -> dict[str, Any]:
        return self.game.private_view(self.state, seat)
