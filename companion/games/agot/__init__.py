"""A Game of Thrones: The Board Game, 2nd edition (game id ``agot``)."""

from .game import AgotGame

GAME = AgotGame()
