"""The layout of every AGoT data file (``data/*.toml``) as read-only pydantic models.

Each file is read once through :func:`companion.datafiles.load`, which refuses a missing key, a
wrong type or an unknown key with a message naming the file and the field. The cross-checks that
need the rules (symmetric adjacency, 58 areas, names with a msgid...) stay with the module that owns
the data (``board.py``, ``orders.py``, ``westeros.py``...). The house cards' model lives in
``house_cards.py`` beside the ability timings it checks against.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, field_validator, model_validator

from ... import datafiles
from ...datafiles import DataFileError, DataModel

DATA = Path(__file__).resolve().parent / "data"
M = TypeVar("M", bound=BaseModel)


def load(name: str, model: type[M], error: type[DataFileError] = DataFileError) -> M:
    """One of this game's data files (``data/<name>``), validated against ``model``."""
    return datafiles.load(DATA / name, model, error)


# -- board.toml ------------------------------------------------------------------------------------
class Area(DataModel):
    """One area of the map (seed 000 p.6: land or sea; p.25: ports); ``id`` is its key in the file."""

    id: str
    name: str
    type: Literal["land", "sea", "port"]
    fort: Literal["", "castle", "stronghold"] = ""
    barrels: int = 0
    crowns: int = 0
    garrison: int = 0
    neutral: int = 0
    home: str = ""
    port_of: str = ""
    sea: str = ""
    adjacent: tuple[str, ...] = ()

    @property
    def is_land(self) -> bool:
        return self.type == "land"

    @property
    def muster_points(self) -> int:
        """Recruitment points: 2 for a stronghold, 1 for a castle (seed 000 p.9)."""
        return {"stronghold": 2, "castle": 1}.get(self.fort, 0)


class House(DataModel):
    """A house sheet: name, colour, smallest player count using it, starting supply and units
    (seed 000 p.4, p.27-28)."""

    name: str
    color: str
    players: int
    supply: int
    units: dict[str, dict[str, int]]


class NeutralForces(DataModel):
    """Neutral force tokens added for one player count; ``verified = false`` marks a guess."""

    verified: bool = True
    tokens: dict[str, int]

    @model_validator(mode="before")
    @classmethod
    def _split(cls, raw: Any) -> Any:
        """The file writes the tokens beside the ``verified`` flag: area id -> strength."""
        if isinstance(raw, dict) and "tokens" not in raw:
            rest = dict(raw)
            return {"verified": rest.pop("verified", True), "tokens": rest}
        return raw


class BoardFile(DataModel):
    """``board.toml``: houses, influence tracks, stars, supply table, unit pool, neutral forces, areas."""

    houses: dict[str, House]
    tracks: dict[str, list[str]]
    stars: dict[int, list[int]]
    supply_limits: dict[int, list[int]]
    unit_pool: dict[str, int]
    neutral: dict[int, NeutralForces] = {}
    areas: dict[str, Area]

    @field_validator("areas", mode="before")
    @classmethod
    def _ids(cls, raw: Any) -> Any:
        """An area's id is its key: copy it in (an ``id`` written in the entry itself is refused)."""
        if isinstance(raw, dict):
            return {k: ({"id": k, **v} if isinstance(v, dict) and "id" not in v else v) for k, v in raw.items()}
        return raw


# -- map.toml --------------------------------------------------------------------------------------
class MapFile(DataModel):
    """``map.toml``: schematic x/y of every area for the screen's control map."""

    pos: dict[str, tuple[float, float]]


# -- tv_map.toml -----------------------------------------------------------------------------------
class Frame(DataModel):
    width: float
    height: float
    scale: tuple[float, float]
    stretch: tuple[float, float] = (1.0, 1.0)


class Borders(DataModel):
    rivers: list[tuple[str, str]] = []


class TvArea(DataModel):
    """A drawn area: its seed points and label point, or a port marker."""

    seeds: list[tuple[float, float]] = []
    label: tuple[float, float] | None = None
    port: tuple[float, float] | None = None

    @model_validator(mode="after")
    def _cell_or_port(self) -> TvArea:
        if (self.port is None) == (not self.seeds):
            raise ValueError("an area has seeds (a cell) or a port marker, not both nor neither")
        return self


class TvMapFile(DataModel):
    """``tv_map.toml``: the frame, the river lines and each area's seeds (tvmap.py draws them)."""

    frame: Frame
    borders: Borders = Borders()
    areas: dict[str, TvArea]


# -- orders.toml -----------------------------------------------------------------------------------
class Token(DataModel):
    """One order token: its kind, printed strength bonus and whether it is special (star)."""

    id: str
    kind: Literal["march", "defense", "support", "raid", "consolidate"]
    bonus: int
    star: bool

    @property
    def label(self) -> str:
        """Short text the screen prints, e.g. "March +1 ★" (kind names translate in templates)."""
        sign = f" {self.bonus:+d}" if self.kind in ("march", "defense", "support") else ""
        return f"{self.kind}{sign}{' ★' if self.star else ''}"


class Restriction(DataModel):
    """A Westeros deck III ban: the token kinds a house may not place (only the starred one if
    ``star_only``)."""

    kinds: list[str]
    star_only: bool


class OrdersFile(DataModel):
    """``orders.toml``: the 15 tokens of a house, the round restrictions, the stars table."""

    token: list[Token]
    restriction: dict[str, Restriction]
    stars: dict[int, list[int]]


# -- westeros.toml ---------------------------------------------------------------------------------
class WesterosCard(DataModel):
    """A Westeros card type: its deck, copies, effect, and for choice/restriction cards the details."""

    id: str
    deck: Literal["I", "II", "III"]
    count: int
    name: str
    wildling: bool = False
    effect: str
    chooser: str | None = None
    choices: list[str] | None = None
    restriction: str | None = None


class WesterosFile(DataModel):
    """``westeros.toml``: the card types of the three decks."""

    card: list[WesterosCard]


# -- wildlings.toml --------------------------------------------------------------------------------
class WildlingCard(DataModel):
    id: str
    name: str


class WildlingsFile(DataModel):
    """``wildlings.toml``: the 9 wildling cards (their effects are code, in wildlings.py)."""

    card: list[WildlingCard]


# -- tides.toml ------------------------------------------------------------------------------------
class TidesCard(DataModel):
    """One Tides of Battle face and how many copies the deck holds (seed 000 p.28-29)."""

    id: str
    strength: int
    swords: int
    forts: int
    skull: bool
    count: int


class TidesFile(DataModel):
    """``tides.toml``: the 24-card Tides of Battle deck."""

    card: list[TidesCard]

    @model_validator(mode="after")
    def _24_cards(self) -> TidesFile:
        if sum(c.count for c in self.card) != 24:
            raise ValueError("the deck has 24 cards")
        return self

    def faces(self) -> dict[str, dict[str, Any]]:
        """Face id -> strength, swords, forts, skull, count (the shape the combat calculator reads)."""
        return {c.id: c.model_dump(exclude={"id"}) for c in self.card}
