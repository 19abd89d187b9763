"""A Game of Thrones: The Board Game, 2nd edition (game id ``agot``)."""

from .rules import AgotGame

GAME = AgotGame()
