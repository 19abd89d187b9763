"""The game registry: every subpackage exposing ``GAME`` (a :class:`~.base.Game`) is a game.

Discovery keeps the registry free of edits when a game is added; the order of ``ORDER`` is the
order the start page lists them in.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from .base import Game

ORDER = ("generic", "agot", "lcg", "immortals", "catan-watch")


@cache
def registry() -> dict[str, Game]:
    games: dict[str, Game] = {}
    for info in pkgutil.iter_modules(__path__):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        game = getattr(module, "GAME", None)
        if isinstance(game, Game):
            games[game.id] = game
    rank = {gid: i for i, gid in enumerate(ORDER)}
    return dict(sorted(games.items(), key=lambda kv: (rank.get(kv[0], 99), kv[0])))


def get(game_id: str) -> Game | None:
    return registry().get(game_id)


def known(game_id: str) -> Game:
    """A stored table's game: it was registered when the table was made, so a missing one is a bug
    (KeyError), never a ``None`` to check at every use."""
    return registry()[game_id]
