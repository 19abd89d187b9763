"""The battle adjudicator: what the cubes in the tray mean (rulebook "Batalha em detalhe").

Pure functions over counts. The players drop the cubes in the real tower and enter what fell in
the tray; :func:`adjudicate` says who won, which cubes go to which limbo (always the realm opposite
the battle, seed 001 p.13-14), which inhabitants go back to the supply, what stays in the tray,
who moves into the region and what happens to the region card.

Keys of a tray dict are seat ids plus ``"inhabitants"`` (the green cubes).
"""

from __future__ import annotations

import random
from typing import Any

from . import cite

INH = "inhabitants"
#: The two readings of "inhabitants fought for the winner" (facts/immortals.md). "example" follows
#: version B's wording and the worked example of p.14 (the default); "version_a" follows A's text.
READINGS = ("example", "version_a")
READING_CITES = {
    "example": cite.b(14) + " (worked example, both editions p.14)",
    "version_a": cite.a(14),
}


def inhabitants_side(card_loc: str, from_loc: str, target_loc: str, defended: bool) -> str:
    """Whom the inhabitants of the attacked region fight for, from the card used (seed 001 p.10).

    The card shows the attacked region: for the attacker; the attacking region: neutral; any other
    region: for the defender, or for themselves when the region is unoccupied.
    """
    if card_loc == target_loc:
        return "attacker"
    if card_loc == from_loc:
        return "neutral"
    return "defender" if defended else "self"


def relation(card_loc: str, from_loc: str, target_loc: str) -> str:
    if card_loc == target_loc:
        return "attacked"
    if card_loc == from_loc:
        return "attacking"
    return "other"


def prepare_tray(tray: dict[str, int]) -> tuple[dict[str, int], int]:
    """Before a drop the tray is emptied into it; add an inhabitant when there is none, return one
    to the supply when there are more than three (seed 001 p.13). Returns (cubes, change)."""
    cubes = {k: v for k, v in tray.items() if v > 0}
    h = cubes.get(INH, 0)
    change = 1 if h == 0 else (-1 if h > 3 else 0)
    if h + change:
        cubes[INH] = h + change
    else:
        cubes.pop(INH, None)
    return cubes, change


def _others(tray: dict[str, int], involved: tuple[str | None, ...]) -> dict[str, int]:
    """Cubes of players not in the battle stay in the tray for the next one (seed 001 p.14)."""
    return {k: v for k, v in tray.items() if k not in involved and k != INH and v > 0}


#: The two readings of "inhabitants fought for the loser" (p.14 spells out only the winner's case):
#: "party" counts them in the losing party the winner must match; "armies" counts only the loser's
#: own armies. Both are shown with their citation whenever they differ.
LOSER_READINGS = ("party", "armies")
LOSER_CITES = {
    "party": cite.both(14) + " (\"the losing party\")",
    "armies": cite.both(14) + " (\"the loser's armies\")",
}


def adjudicate(tray: dict[str, int], attacker: str, defender: str | None, side: str,
               reading: str = "example", loser_reading: str = "party") -> dict[str, Any]:
    """The outcome of one drop. ``side`` comes from :func:`inhabitants_side`."""
    if defender is None:
        return _unoccupied(tray, attacker, side)
    return _two_players(tray, attacker, defender, side, reading, loser_reading)


def _unoccupied(tray: dict[str, int], attacker: str, side: str) -> dict[str, Any]:
    """Attack on an unoccupied region (seed 001 p.13).

    Inhabitants with the attacker or neutral: one attacking cube in the tray wins, all of them
    move in; inhabitants and other players' cubes stay. Inhabitants against the attacker: equal
    numbers leave the tray (inhabitants to the supply, attackers to the other realm's limbo); the
    attacker wins when at least one of its cubes remains, and those move in.
    """
    a = tray.get(attacker, 0)
    h = tray.get(INH, 0)
    after = _others(tray, (attacker,))
    limbo: dict[str, int] = {}
    supply = 0
    if side == "self":
        m = min(a, h)
        limbo = {attacker: m} if m else {}
        supply = m
        a -= m
        h -= m
    if h:
        after[INH] = h
    won = a >= 1
    return {
        "kind": "unoccupied",
        "side": side,
        "winner": "attacker" if won else ("inhabitants" if side == "self" else "nobody"),
        "attacker_won": won,
        "scores": {"attacker": tray.get(attacker, 0), "defender": tray.get(INH, 0) if side == "self" else 0},
        "to_limbo": limbo,
        "to_supply": supply,
        "into_region": {"seat": attacker if won else None, "armies": a if won else 0},
        "tray_after": after,
        "card": "attacker" if won else "keep",
        "readings": [],
        "rule": cite.both(13),
    }


def _winner_loses(own: int, helpers: int, loser_total: int, reading: str) -> tuple[int, int]:
    """How many own cubes the winner sends to limbo, and how many inhabitants it spends.

    The winner loses as many as the losing party had (seed 001 p.14). "example": inhabitants that
    fought for the winner count first towards that number (seed 002 p.14, worked example p.14).
    "version_a": they leave with the loser's cubes and the winner loses the full number itself
    (seed 001 p.14).
    """
    if reading == "version_a":
        return min(own, loser_total), helpers
    spent = min(helpers, loser_total)
    return min(own, loser_total - spent), spent


def _two_players(tray: dict[str, int], attacker: str, defender: str, side: str,
                 reading: str, loser_reading: str = "party") -> dict[str, Any]:
    """Battle between two players (seed 001 p.14): the party with more cubes in the tray wins."""
    a, d, h = tray.get(attacker, 0), tray.get(defender, 0), tray.get(INH, 0)
    ha = h if side == "attacker" else 0
    hd = h if side == "defender" else 0
    score_a, score_d = a + ha, d + hd
    after = _others(tray, (attacker, defender))
    if side in ("neutral", "self") and h:
        after[INH] = h
    result: dict[str, Any] = {
        "kind": "players",
        "side": side,
        "scores": {"attacker": score_a, "defender": score_d},
        "tray_after": after,
        "rule": cite.both(14),
        "readings": [],
    }
    if score_a == score_d:
        limbo = {s: n for s, n in ((attacker, a), (defender, d)) if n}
        result.update(winner="tie", attacker_won=False, to_limbo=limbo, to_supply=ha + hd,
                      into_region={"seat": None, "armies": 0}, card="deck_if_involved")
        return result
    if score_a > score_d:
        win, lose, w_own, w_help, l_total, l_help = attacker, defender, a, ha, score_d, hd
    else:
        win, lose, w_own, w_help, l_total, l_help = defender, attacker, d, hd, score_a, ha
    readings: list[dict[str, Any]] = []
    if l_help:  # inhabitants fought for the loser: p.14 leaves how many count to the table
        for r in LOSER_READINGS:
            total = l_total if r == "party" else l_total - l_help
            lost = min(w_own, total)
            readings.append({"reading": r, "rule": LOSER_CITES[r], "to_limbo": lost, "into": w_own - lost})
        chosen = next(x for x in readings if x["reading"] == loser_reading)
    else:
        for r in READINGS:
            lost, _spent = _winner_loses(w_own, w_help, l_total, r)
            readings.append({"reading": r, "rule": READING_CITES[r], "to_limbo": lost, "into": w_own - lost})
        chosen = next(x for x in readings if x["reading"] == reading)
    limbo = {}
    loser_own = tray.get(lose, 0)
    if loser_own:
        limbo[lose] = loser_own
    if chosen["to_limbo"]:
        limbo[win] = chosen["to_limbo"]
    into = chosen["into"]
    result.update(
        winner="attacker" if win == attacker else "defender",
        attacker_won=win == attacker,
        to_limbo=limbo,
        to_supply=ha + hd,  # inhabitants never enter a region or a limbo (seed 001 p.14)
        into_region={"seat": win if into else None, "armies": into},
        card=("attacker" if into else "keep") if win == attacker else "keep",
        # both readings are shown only when they can differ: inhabitants fought for either side
        readings=readings if (w_help or l_help) else [],
    )
    return result


def tower_drop(rng: random.Random, tower: dict[str, int], dropped: dict[str, int]) -> tuple[dict[str, int], dict[str, int]]:
    """The digital stand-in for the cube tower (facts/immortals.md: the only published model).

    Each dropped cube comes out with probability 2/3; each cube already stuck inside comes out with
    probability 1/3. Returns (tray, tower after). Keys are iterated sorted so replay is exact.
    """
    tray: dict[str, int] = {}
    inside: dict[str, int] = {}
    for key in sorted(set(tower) | set(dropped)):
        out = sum(1 for _ in range(dropped.get(key, 0)) if rng.random() < 2 / 3)
        out += sum(1 for _ in range(tower.get(key, 0)) if rng.random() < 1 / 3)
        total = dropped.get(key, 0) + tower.get(key, 0)
        if out:
            tray[key] = out
        if total - out:
            inside[key] = total - out
    return tray, inside
