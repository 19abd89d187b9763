"""Immortals (Queen Games 2017): secret action planning, resources, battles and scoring."""

from .game import ImmortalsGame

GAME = ImmortalsGame()

__all__ = ["GAME", "ImmortalsGame"]
