"""A Game of Thrones: The Card Game, 1st edition: the phase and action-window referee (issue #5)."""

from .game import LcgGame

GAME = LcgGame()

__all__ = ["GAME", "LcgGame"]
