"""Load and validate the game's data files (board facts and tribes) once, at import."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parent / "data"
REALMS = ("light", "dark")
RESOURCES = ("energy", "gold")
BUILDINGS = ("portal", "temple", "capital")


class DataError(ValueError):
    """A data file does not have the shape the rules rely on."""


def _load(name: str) -> dict[str, Any]:
    with open(DATA / name, "rb") as fh:
        return tomllib.load(fh)


@cache
def board() -> dict[str, Any]:
    raw = _load("board.toml")
    if tuple(raw.get("realms", ())) != REALMS:
        raise DataError("board.toml: realms must be light, dark")
    if raw.get("areas") != 5 or raw.get("regions_per_area") != 5:
        raise DataError("board.toml: the board has 5 areas of 5 regions")
    names = [n["en"] for n in raw.get("names", [])]
    if len(set(names)) != len(names) or not all(isinstance(n, str) and n for n in names):
        raise DataError("board.toml: region names must be unique, non-empty")
    for v in raw.get("values", []):
        if v.get("name") not in names or v.get("realm") not in REALMS or v.get("resource") not in RESOURCES:
            raise DataError(f"board.toml: bad known value {v!r}")
        if not isinstance(v.get("value"), int) or not v.get("source"):
            raise DataError(f"board.toml: known value needs an int and a source: {v!r}")
    return raw


@cache
def tribes() -> dict[str, dict[str, Any]]:
    raw = _load("tribes.toml")
    out: dict[str, dict[str, Any]] = {}
    names = {n["en"] for n in board()["names"]}
    for t in raw.get("tribes", []):
        tid = t.get("id")
        if not isinstance(tid, str) or tid in out or t.get("realm") not in REALMS or not t.get("name"):
            raise DataError(f"tribes.toml: bad tribe {t!r}")
        if t.get("start_name") and t["start_name"] not in names:
            raise DataError(f"tribes.toml: unknown start region {t['start_name']!r}")
        out[tid] = t
    for realm in REALMS:
        if sum(1 for t in out.values() if t["realm"] == realm) != 5:
            raise DataError("tribes.toml: five tribes per realm")
    return out


def region_names() -> list[str]:
    return [n["en"] for n in board()["names"]]


def known_values(name: str) -> list[dict[str, Any]]:
    return [v for v in board()["values"] if v["name"] == name]
