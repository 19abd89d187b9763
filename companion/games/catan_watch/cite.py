"""Where each rule comes from: seed 004 (A Game of Thrones Catan: Brotherhood of the Watch).

The text file (the Brazilian edition's rulebook) carries no printed page markers; its own cross
references confirm only where its parts begin: the game overview on page 1, the base game manual on
pages 2-4, the Brotherhood rules from page 5 (which holds the picture of the Wall). So a citation
names that part's pages (p.2-4 or p.5) and its section, the same map as the rules reference entries
(``about`` in data/reference.*.toml, issue 25): a reader finds the rule by its section, and no page
is claimed that the text cannot confirm. Topology facts that the rulebook does not print come from
the board profile ("profile: ...").
"""

from __future__ import annotations

SRC = "seed 004"
BASE_BUILD = f"{SRC} p.2-4 (building: supply of 5 settlements, 4 keeps, 15 roads)"
BASE_DEV = f"{SRC} p.2-4 (development cards, victory point cards)"
WALL = f"{SRC} p.5 (the Wall, the Gift and the wildlings)"
SETUP = f"{SRC} p.5 (setup: Brotherhood of the Watch)"
SETUP_WILDLINGS = f"{SRC} p.5 (setup: wildlings and tokens)"
SETUP_HEROES = f"{SRC} p.5 (setup: hero cards)"
TURN = f"{SRC} p.5 (turn overview: roll 3 dice)"
TYPES = f"{SRC} p.5 (wildlings: climber, giant, normal)"
BREACH = f"{SRC} p.5 (breach of the Wall)"
BUILD = f"{SRC} p.5 (building)"
TOKENS = f"{SRC} p.5 (new wildlings from wildling tokens)"
GUARDS = f"{SRC} p.5 (building a guard, guard VP tokens)"
HEROES = f"{SRC} p.5 (hero cards)"
END = f"{SRC} p.5 (end of the game)"
SPECIAL = f"{SRC} p.5 (Longest Road and Largest Patrol worth 1 VP)"
PATROL = f"{SRC} p.2-4 (rangers and Largest Patrol)"
PLAY_DEV = f"{SRC} p.2-4 (playing development cards: 1 per turn, not one bought this turn)"
FIRST = f"{SRC} p.5 (general setup: each player rolls, the highest goes first)"
PROFILE = "companion: board profile (checked against the physical frame)"
TABLE = "companion: turn order"
FIX = "companion: corrections"
