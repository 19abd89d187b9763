"""Load and validate the game's data files (board facts and tribes) once, at import.

The files' layouts are the models below (read through :func:`companion.datafiles.load`, which refuses
a missing key, a wrong type or an unknown key naming the file and the field); the checks that tie
the files to the rules (five areas of five regions, five tribes per realm...) follow.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import Field

from ... import datafiles
from ...datafiles import DataModel

DATA = Path(__file__).resolve().parent / "data"
REALMS = ("light", "dark")
RESOURCES = ("energy", "gold")
BUILDINGS = ("portal", "temple", "capital")


class DataError(datafiles.DataFileError):
    """A data file does not have the shape the rules rely on."""


class RegionName(DataModel):
    """A region name as the cards and the Brazilian edition's rulebook print it."""

    en: str = Field(min_length=1)


class KnownValue(DataModel):
    """A region value fixed by a worked example (copied into the region card when named)."""

    name: str
    realm: Literal["light", "dark"]
    resource: Literal["energy", "gold"]
    value: int
    source: str = Field(min_length=1)


class BoardFile(DataModel):
    """``data/board.toml``: realms, areas, the known region names and values."""

    realms: list[str]
    areas: int
    regions_per_area: int
    names: list[RegionName] = []
    values: list[KnownValue] = []


class Tribe(DataModel):
    """A tribe: realm and name; a start region and a dark tribe's own army space when known."""

    id: str
    realm: Literal["light", "dark"]
    name: str = Field(min_length=1)
    start_name: str | None = None
    action: str | None = None


class TribesFile(DataModel):
    """``data/tribes.toml``: the ten tribes."""

    tribes: list[Tribe] = []


def _load(name: str, model: type[datafiles.M]) -> datafiles.M:
    return datafiles.load(DATA / name, model, DataError)


@cache
def board() -> dict[str, Any]:
    raw = _load("board.toml", BoardFile)
    if tuple(raw.realms) != REALMS:
        raise DataError("board.toml: realms must be light, dark")
    if raw.areas != 5 or raw.regions_per_area != 5:
        raise DataError("board.toml: the board has 5 areas of 5 regions")
    names = [n.en for n in raw.names]
    if len(set(names)) != len(names):
        raise DataError("board.toml: region names must be unique, non-empty")
    for v in raw.values:
        if v.name not in names:
            raise DataError(f"board.toml: bad known value {v.model_dump(exclude_none=True)!r}")
    return raw.model_dump(exclude_none=True)


@cache
def tribes() -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    names = set(region_names())
    for t in _load("tribes.toml", TribesFile).tribes:
        if t.id in out:
            raise DataError(f"tribes.toml: bad tribe {t.id!r}")
        if t.start_name and t.start_name not in names:
            raise DataError(f"tribes.toml: unknown start region {t.start_name!r}")
        out[t.id] = t.model_dump(exclude_none=True)
    for realm in REALMS:
        if sum(1 for t in out.values() if t["realm"] == realm) != 5:
            raise DataError("tribes.toml: five tribes per realm")
    return out


def region_names() -> list[str]:
    return [n["en"] for n in board()["names"]]


def known_values(name: str) -> list[dict[str, Any]]:
    return [v for v in board()["values"] if v["name"] == name]
