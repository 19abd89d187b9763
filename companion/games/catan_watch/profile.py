"""Board profiles: the printed frame (clans, camps, trails, clearings, wall sections, Gift hexes) as data.

The wildling movement depends on details of the physical frame that are only partly public, so the
engine never hard-codes them: it reads a profile. The default one (``data/default.toml``) holds the
best-known base-game layout and lists its guesses under ``unverified``; a host corrects it at table
setup and saves it for the next game night. Every profile is untrusted input (it comes from a form,
the JSON API or the saved-profile store), so :func:`validate` checks it completely and returns a
clean, JSON-serialisable copy. The shipped file is read through :func:`companion.datafiles.load`
against :class:`ProfileFile` first, so a typo in it (an unknown key, a wrong type) fails at start.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ... import datafiles
from ...datafiles import DataModel
from ..base import RuleError
from .cite import PROFILE

WILDLINGS = ("normal", "climber", "giant")
#: Words a host may type for a wildling in the correction form: the ids, and the names the Portuguese
#: screens show (the book's "Escalador", "Gigante", p.7), so the form takes what its help text says.
WILDLING_WORDS = {**{w: w for w in WILDLINGS}, "escalador": "climber", "gigante": "giant"}
ID_RE = re.compile(r"^[a-z0-9_]{1,24}$")
DATA = Path(__file__).resolve().parent / "data"
UNVERIFIABLE = ("trails", "guard_spaces", "gift_hexes", "frostfangs", "frostfangs_side", "heroes",
                "camps", "tokens")


def _bad(what: str) -> RuleError:
    return RuleError("The board profile is not valid: %(what)s.", PROFILE, what=what)


def _list(raw: Any, key: str, lo: int, hi: int) -> list[Any]:
    value = raw.get(key)
    if not isinstance(value, list) or not lo <= len(value) <= hi:
        raise _bad(f"{key} needs {lo} to {hi} entries")
    return value


def _id(entry: Any, key: str, what: str) -> str:
    value = entry.get(key) if isinstance(entry, dict) else None
    if not isinstance(value, str) or not ID_RE.match(value):
        raise _bad(f"{what} needs an id of lowercase letters, digits or _")
    return value


def _name(entry: dict[str, Any], fallback: str) -> str:
    value = entry.get("name", fallback)
    if not isinstance(value, str) or not value.strip():
        return fallback
    return value.strip()[:60]


def _int(entry: Any, key: str, lo: int, hi: int, what: str) -> int:
    value = entry.get(key) if isinstance(entry, dict) else None
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise _bad(f"{what}: {key} must be a whole number from {lo} to {hi}")
    return value


def _unique(ids: list[str], what: str) -> None:
    if len(set(ids)) != len(ids):
        raise _bad(f"two {what} share an id")


def validate(raw: Any) -> dict[str, Any]:
    """Check an untrusted profile and return a clean copy, or refuse with what is wrong."""
    if not isinstance(raw, dict):
        raise _bad("it must be an object")
    clans: list[dict[str, Any]] = [{"id": _id(c, "id", "a clan area"), "name": _name(c, str(c.get("id"))),
              "camps": _int(c, "camps", 2, 8, "a clan area")}
             for c in _list(raw, "clans", 1, 8)]
    _unique([c["id"] for c in clans], "clan areas")
    hexes = [{"id": _id(h, "id", "a Gift hex"), "name": _name(h, str(h.get("id")))}
             for h in _list(raw, "hexes", 1, 60)]
    _unique([h["id"] for h in hexes], "hexes")
    clearings = [{"id": _id(c, "id", "a clearing"), "name": _name(c, str(c.get("id")))}
                 for c in _list(raw, "clearings", 1, 8)]
    _unique([c["id"] for c in clearings], "clearings")
    hex_ids = {h["id"] for h in hexes}
    clearing_ids = [c["id"] for c in clearings]
    sections: list[dict[str, Any]] = []
    for s in _list(raw, "sections", 1, 8):
        sid = _id(s, "id", "a wall section")
        clearing = _id(s, "clearing", f"wall section {sid}")
        if clearing not in clearing_ids:
            raise _bad(f"wall section {sid} defends an unknown clearing")
        south = s.get("hexes")
        if not isinstance(south, list) or not 1 <= len(south) <= 12 or any(h not in hex_ids for h in south):
            raise _bad(f"wall section {sid} needs 1 to 12 known hexes south of it")
        if len(set(south)) != len(south):
            raise _bad(f"wall section {sid} lists a hex twice")
        sections.append({"id": sid, "name": _name(s, sid), "clearing": clearing,
                         "spaces": _int(s, "spaces", 1, 16, f"wall section {sid}"), "hexes": list(south)})
    _unique([s["id"] for s in sections], "wall sections")
    defended = [s["clearing"] for s in sections]
    if sorted(defended) != sorted(clearing_ids):
        raise _bad("each clearing must be defended by exactly one wall section")
    clan_ids = {c["id"] for c in clans}
    trails = []
    for t in _list(raw, "trails", 1, 12):
        number = _int(t, "number", 1, 12, "a trail")
        clan, clearing = t.get("clan"), t.get("clearing")
        if clan not in clan_ids or clearing not in clearing_ids:
            raise _bad(f"trail {number} needs a known clan area and clearing")
        trails.append({"number": number, "clan": clan, "clearing": clearing})
    if len({t["number"] for t in trails}) != len(trails):
        raise _bad("two trails share a number")
    trails.sort(key=lambda t: t["number"])
    for c in clans:
        if not any(t["clan"] == c["id"] for t in trails):
            raise _bad(f"clan area {c['id']} has no trail")
    ff = raw.get("frostfangs")
    if not isinstance(ff, dict) or set(ff) - set(WILDLINGS):
        raise _bad("frostfangs must count normal, climber and giant figures")
    frostfangs = {w: _int(ff, w, 0, 99, "frostfangs") if w in ff else 0 for w in WILDLINGS}
    tokens = []
    for tok in raw.get("tokens") or []:
        if not isinstance(tok, dict) or tok.get("wildling") not in WILDLINGS or tok.get("clan") not in clan_ids:
            raise _bad("each token kind needs a wildling type and a known clan area")
        tokens.append({"wildling": tok["wildling"], "clan": tok["clan"],
                       "count": _int(tok, "count", 0, 50, "a token kind")})
    if len(tokens) > 30:
        raise _bad("too many token kinds")
    heroes = []
    for h in _list(raw, "heroes", 4, 20):
        code = h.get("code", "") if isinstance(h, dict) else ""
        heroes.append({"id": _id(h, "id", "a hero"), "name": _name(h, str(h.get("id"))),
                       "code": code.strip()[:4] if isinstance(code, str) else ""})
    _unique([h["id"] for h in heroes], "heroes")
    hero_ids = {h["id"] for h in heroes}
    start_raw = raw.get("starting_heroes")
    starting: dict[str, list[str]] = {}
    for n in ("3", "4", "5", "6"):
        picks = start_raw.get(n) if isinstance(start_raw, dict) else None
        if picks is None and n in ("5", "6"):
            continue  # only a profile for the 5-6 player extension sets these up
        if not isinstance(picks, list) or len(picks) != int(n) or len(set(picks)) != len(picks) \
                or any(p not in hero_ids for p in picks):
            raise _bad(f"starting heroes for {n} players must name {n} different known heroes")
        starting[n] = list(picks)
    side = raw.get("frostfangs_side", "west")
    if side not in ("west", "east"):
        raise _bad("frostfangs_side must be west or east")
    unverified = raw.get("unverified") or []
    if not isinstance(unverified, list) or any(u not in UNVERIFIABLE for u in unverified):
        raise _bad("unverified lists unknown parts")
    name = raw.get("name")
    return {
        "name": name.strip()[:60] if isinstance(name, str) and name.strip() else "Custom profile",
        "frostfangs_side": side,
        "unverified": list(dict.fromkeys(unverified)),
        "clans": clans,
        "sections": sections,
        "clearings": clearings,
        "trails": trails,
        "hexes": hexes,
        "frostfangs": frostfangs,
        "tokens": tokens,
        "heroes": heroes,
        "starting_heroes": starting,
    }


class _Named(DataModel):
    id: str
    name: str | None = None


class ClanSpec(_Named):
    camps: int


class SectionSpec(_Named):
    clearing: str
    spaces: int
    hexes: list[str]


class TrailSpec(DataModel):
    number: int
    clan: str
    clearing: str


class TokenSpec(DataModel):
    wildling: str
    clan: str
    count: int


class HeroSpec(_Named):
    code: str = ""


class ProfileFile(DataModel):
    """The layout of a shipped profile file (``data/default.toml``); :func:`validate` then checks
    what the layout cannot say (ids that exist, counts, ranges)."""

    name: str | None = None
    frostfangs_side: str = "west"
    unverified: list[str] = []
    clans: list[ClanSpec]
    sections: list[SectionSpec]
    clearings: list[_Named]
    trails: list[TrailSpec]
    hexes: list[_Named]
    frostfangs: dict[str, int]
    tokens: list[TokenSpec] = []
    heroes: list[HeroSpec]
    starting_heroes: dict[str, list[str]]


def default() -> dict[str, Any]:
    """The shipped base-game profile, validated like any other (a fresh copy each call)."""
    return validate(datafiles.load(DATA / "default.toml", ProfileFile).model_dump(exclude_unset=True))


# -- lookups used by the engine ------------------------------------------------------------------
def clan(profile: dict[str, Any], cid: str) -> dict[str, Any]:
    return next(c for c in profile["clans"] if c["id"] == cid)


def section(profile: dict[str, Any], sid: str) -> dict[str, Any]:
    return next(s for s in profile["sections"] if s["id"] == sid)


def section_of_clearing(profile: dict[str, Any], clearing: str) -> dict[str, Any]:
    return next(s for s in profile["sections"] if s["clearing"] == clearing)


def trail(profile: dict[str, Any], number: int) -> dict[str, Any] | None:
    return next((t for t in profile["trails"] if t["number"] == number), None)


def clan_trails(profile: dict[str, Any], cid: str) -> list[dict[str, Any]]:
    """The trails leaving a clan area, lowest number first."""
    return [t for t in profile["trails"] if t["clan"] == cid]


def hero(profile: dict[str, Any], hid: str) -> dict[str, Any] | None:
    return next((h for h in profile["heroes"] if h["id"] == hid), None)


def left_rank(profile: dict[str, Any]) -> dict[str, int]:
    """Section -> 0 for the one nearest the Frostfangs ("leftmost", seed 004 p.8), then onwards."""
    order = [s["id"] for s in profile["sections"]]
    if profile["frostfangs_side"] == "east":
        order.reverse()
    return {sid: i for i, sid in enumerate(order)}
