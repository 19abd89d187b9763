"""Catan: Brotherhood of the Watch — dice and the wildling advance on the Wall (seed 004)."""

from .game import CatanWatchGame

GAME = CatanWatchGame()
