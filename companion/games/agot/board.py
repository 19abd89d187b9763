"""The printed board: 58 areas, houses, tracks, supply table and neutral forces, loaded from data.

The data lives in ``data/board.toml`` (the project's own transcription of seed 000 and
shared/facts/agot-board.md) and is validated once at import, so a typo in the data fails loudly at
start instead of misleading a table mid-game.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from ... import datafiles
from .data_models import DATA as DATA
from .data_models import Area as Area
from .data_models import BoardFile, MapFile

HOUSE_ORDER = ("baratheon", "lannister", "stark", "greyjoy", "tyrell", "martell")
TRACKS = ("iron_throne", "fiefdoms", "kings_court")
UNIT_KINDS = ("footman", "knight", "ship", "siege")
LAND_UNITS = ("footman", "knight", "siege")


@dataclass(frozen=True)
class Board:
    areas: dict[str, Area]
    houses: dict[str, dict[str, Any]]
    tracks: dict[str, list[str]]
    stars: dict[int, list[int]]
    supply_limits: dict[int, list[int]]
    unit_pool: dict[str, int]
    neutral: dict[int, dict[str, int]]
    neutral_verified: dict[int, bool]

    def area(self, area_id: str) -> Area:
        return self.areas[area_id]

    def port_of_land(self, land: str) -> str | None:
        """The port attached to a land area, if any (seed 000 p.25)."""
        for area in self.areas.values():
            if area.type == "port" and area.port_of == land:
                return area.id
        return None

    def houses_for(self, players: int) -> list[str]:
        """Houses in play for a player count (seed 000 p.27-28)."""
        return [h for h in HOUSE_ORDER if self.houses[h]["players"] <= players]


class BoardDataError(datafiles.DataFileError):
    """The board data file is inconsistent."""


def validate(board: Board) -> None:
    """Cross-checks that catch transcription errors: symmetry, counts, ports, homes."""
    areas = board.areas
    if len(areas) != 58:
        raise BoardDataError(f"expected 58 areas, found {len(areas)}")
    counts = {t: sum(a.type == t for a in areas.values()) for t in ("land", "sea", "port")}
    if counts != {"land": 38, "sea": 12, "port": 8}:
        raise BoardDataError(f"area types {counts}")
    for a in areas.values():
        for b in a.adjacent:
            if b not in areas:
                raise BoardDataError(f"{a.id}: unknown neighbour {b}")
            if a.id not in areas[b].adjacent:
                raise BoardDataError(f"adjacency {a.id}-{b} not symmetric")
        if a.type == "port":
            if areas.get(a.port_of, None) is None or areas[a.port_of].type != "land":
                raise BoardDataError(f"{a.id}: port_of must be a land area")
            if areas.get(a.sea, None) is None or areas[a.sea].type != "sea":
                raise BoardDataError(f"{a.id}: sea must be a sea area")
            if set(a.adjacent) != {a.port_of, a.sea}:
                raise BoardDataError(f"{a.id}: a port touches only its land and its sea")
        if a.type != "land" and (a.fort or a.barrels or a.crowns):
            raise BoardDataError(f"{a.id}: only land areas carry castles, barrels or crowns")
    forts = [a.fort for a in areas.values() if a.fort]
    if forts.count("castle") != 10 or forts.count("stronghold") != 10:
        raise BoardDataError("expected 10 castles and 10 strongholds")
    if sum(a.barrels for a in areas.values()) != 24 or sum(a.crowns for a in areas.values()) != 19:
        raise BoardDataError("expected 24 barrels and 19 crowns")
    homes = {a.home: a.id for a in areas.values() if a.home}
    if set(homes) != set(HOUSE_ORDER):
        raise BoardDataError("every house needs exactly one home area")
    for house, info in board.houses.items():
        for aid, units in info["units"].items():
            if aid not in areas or set(units) - set(UNIT_KINDS):
                raise BoardDataError(f"{house}: bad starting units in {aid}")
            ships = units.get("ship", 0)
            if ships and areas[aid].is_land or (not areas[aid].is_land and set(units) != {"ship"}):
                raise BoardDataError(f"{house}: ships only at sea or in ports, soldiers only on land ({aid})")
    for track in TRACKS:
        if sorted(board.tracks[track]) != sorted(HOUSE_ORDER):
            raise BoardDataError(f"track {track} must list the six houses")
    for n, table in board.neutral.items():
        for aid in table:
            if aid not in areas:
                raise BoardDataError(f"neutral force for {n} players in unknown area {aid}")


@cache
def load(path: str | None = None) -> Board:
    """Read and validate ``data/board.toml`` (cached: the printed board never changes)."""
    raw = datafiles.load(path or DATA / "board.toml", BoardFile, BoardDataError)
    board = Board(
        areas=dict(raw.areas),
        houses={h: spec.model_dump() for h, spec in raw.houses.items()},
        tracks={t: list(order) for t, order in raw.tracks.items()},
        stars={n: list(row) for n, row in raw.stars.items()},
        supply_limits={n: list(row) for n, row in raw.supply_limits.items()},
        unit_pool=dict(raw.unit_pool),
        neutral={n: dict(table.tokens) for n, table in raw.neutral.items()},
        neutral_verified={n: table.verified for n, table in raw.neutral.items()},
    )
    validate(board)
    return board


@cache
def map_positions() -> dict[str, list[float]]:
    """Schematic x/y of every area for the screen map (data/map.toml), validated against the board."""
    pos = datafiles.load(DATA / "map.toml", MapFile, BoardDataError).pos
    if set(pos) != set(load().areas):
        raise BoardDataError("map.toml must place every area exactly once")
    return {k: [x, y] for k, (x, y) in pos.items()}


def neutral_forces(players: int) -> dict[str, int]:
    """Neutral force tokens on the board at setup: always King's Landing and The Eyrie, plus the
    tokens for this player count; 0 means impassable (seed 000 p.3, p.26-28)."""
    board = load()
    forces = {a.id: a.neutral for a in board.areas.values() if a.neutral}
    forces.update(board.neutral.get(players, {}))
    return forces
