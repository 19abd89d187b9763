"""Where each rule comes from: seed 004 (A Game of Thrones Catan: Brotherhood of the Watch).

The text file carries no printed page markers, so pages are placed from the rulebook's own cross
references: the game overview is page 1, the base game manual pages 2-4, the Brotherhood rules start
on page 5 (which holds the picture of the Wall), and the sections follow in printed order. Each
citation also names its section, so a reader can find it even if a page number is off by one.
Topology facts that the rulebook does not print come from the board profile ("profile: ...").
"""

from __future__ import annotations

SRC = "seed 004"
BASE_BUILD = f"{SRC} p.3 (building: supply of 5 settlements, 4 keeps, 15 roads)"
BASE_DEV = f"{SRC} p.4 (development cards, victory point cards)"
WALL = f"{SRC} p.5 (the Wall, the Gift and the wildlings)"
SETUP = f"{SRC} p.6 (setup: Brotherhood of the Watch)"
SETUP_WILDLINGS = f"{SRC} p.6 (setup: wildlings and tokens)"
SETUP_HEROES = f"{SRC} p.6 (setup: hero cards)"
TURN = f"{SRC} p.6 (turn overview: roll 3 dice)"
TYPES = f"{SRC} p.7 (wildlings: climber, giant, normal)"
BREACH = f"{SRC} p.7 (breach of the Wall)"
BUILD = f"{SRC} p.8 (building)"
TOKENS = f"{SRC} p.8 (new wildlings from wildling tokens)"
GUARDS = f"{SRC} p.8 (building a guard, guard VP tokens)"
HEROES = f"{SRC} p.8 (hero cards)"
END = f"{SRC} p.8 (end of the game)"
SPECIAL = f"{SRC} p.8 (Longest Road and Largest Patrol worth 1 VP)"
PATROL = f"{SRC} p.4 (rangers and Largest Patrol)"
PLAY_DEV = f"{SRC} p.4 (playing development cards: 1 per turn, not one bought this turn)"
FIRST = f"{SRC} p.6 (general setup: each player rolls, the highest goes first)"
PROFILE = "companion: board profile (checked against the physical frame)"
TABLE = "companion: turn order"
