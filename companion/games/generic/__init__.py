"""Generic table: counters, dice and sealed bids/votes for any board game."""

from .rules import GenericGame

GAME = GenericGame()
