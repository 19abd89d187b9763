"""Generic table: counters, dice and sealed bids/votes for any board game."""

from .game import GenericGame

GAME = GenericGame()
