"""The printed board: 58 areas, houses, tracks, supply table and neutral forces, loaded from data.

The data lives in ``data/board.toml`` (the project's own transcription of seed 000 and
shared/facts/agot-board.md) and is validated once at import, so a typo in the data fails loudly at
start instead of misleading a table mid-game.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parent / "data"
HOUSE_ORDER = ("baratheon", "lannister", "stark", "greyjoy", "tyrell", "martell")
TRACKS = ("iron_throne", "fiefdoms", "kings_court")
UNIT_KINDS = ("footman", "knight", "ship", "siege")
LAND_UNITS = ("footman", "knight", "siege")


@dataclass(frozen=True)
class Area:
    """One area of the map (seed 000 p.6: land or sea; p.25: ports)."""

    id: str
    name: str
    type: str  # "land" | "sea" | "port"
    fort: str = ""  # "castle" | "stronghold" | ""
    barrels: int = 0
    crowns: int = 0
    garrison: int = 0
    neutral: int = 0
    home: str = ""
    port_of: str = ""
    sea: str = ""
    adjacent: tuple[str, ...] = field(default_factory=tuple)

    @property
    def is_land(self) -> bool:
        return self.type == "land"

    @property
    def muster_points(self) -> int:
        """Recruitment points: 2 for a stronghold, 1 for a castle (seed 000 p.9)."""
        return {"stronghold": 2, "castle": 1}.get(self.fort, 0)


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


class BoardDataError(ValueError):
    """The board data file is inconsistent."""


def _area(aid: str, raw: dict[str, Any]) -> Area:
    allowed = {"name", "type", "fort", "barrels", "crowns", "garrison", "neutral", "home", "port_of", "sea",
               "adjacent"}
    extra = set(raw) - allowed
    if extra:
        raise BoardDataError(f"area {aid}: unknown keys {sorted(extra)}")
    if raw.get("type") not in ("land", "sea", "port"):
        raise BoardDataError(f"area {aid}: bad type")
    if raw.get("fort", "") not in ("", "castle", "stronghold"):
        raise BoardDataError(f"area {aid}: bad fort")
    return Area(id=aid, adjacent=tuple(raw.get("adjacent", ())),
                **{k: v for k, v in raw.items() if k != "adjacent"})


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
    with open(path or DATA / "board.toml", "rb") as fh:
        raw = tomllib.load(fh)
    areas = {aid: _area(aid, spec) for aid, spec in raw["areas"].items()}
    neutral: dict[int, dict[str, int]] = {}
    verified: dict[int, bool] = {}
    for n, table in raw.get("neutral", {}).items():
        table = dict(table)
        verified[int(n)] = bool(table.pop("verified", True))
        neutral[int(n)] = {k: int(v) for k, v in table.items()}
    board = Board(
        areas=areas,
        houses=raw["houses"],
        tracks=raw["tracks"],
        stars={int(k): list(v) for k, v in raw["stars"].items()},
        supply_limits={int(k): list(v) for k, v in raw["supply_limits"].items()},
        unit_pool=dict(raw["unit_pool"]),
        neutral=neutral,
        neutral_verified=verified,
    )
    validate(board)
    return board


@cache
def map_positions() -> dict[str, list[float]]:
    """Schematic x/y of every area for the screen map (data/map.toml), validated against the board."""
    with open(DATA / "map.toml", "rb") as fh:
        pos = tomllib.load(fh)["pos"]
    if set(pos) != set(load().areas) or any(len(v) != 2 for v in pos.values()):
        raise BoardDataError("map.toml must place every area exactly once")
    return {k: [float(v[0]), float(v[1])] for k, v in pos.items()}


def neutral_forces(players: int) -> dict[str, int]:
    """Neutral force tokens on the board at setup: always King's Landing and The Eyrie, plus the
    tokens for this player count; 0 means impassable (seed 000 p.3, p.26-28)."""
    board = load()
    forces = {a.id: a.neutral for a in board.areas.values() if a.neutral}
    forces.update(board.neutral.get(players, {}))
    return forces
