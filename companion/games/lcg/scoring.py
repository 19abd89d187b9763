"""The arithmetic of initiative, challenges, dominance and victory (no timing here)."""

from __future__ import annotations

import random
from typing import Any, cast

from ...i18n import N_
from ..base import Ctx
from .options import LcgOptions


def total_power(state: dict[str, Any], seat: str) -> int:
    """Power that counts toward victory: the House card, plus power on characters when the table
    keeps that counter (facts lcg.md: power on the House card and on characters)."""
    player = state["players"][seat]
    extra = player["char_power"] if LcgOptions.of(state).count_char_power else 0
    return cast("int", player["power"] + extra)


def initiative_winner(state: dict[str, Any], rng: random.Random) -> tuple[str, list[str], bool]:
    """Highest initiative (plot plus modifiers) wins (seed 003 Page 11); ties per the table's option (facts lcg.md,
    unverified for 1st edition): lowest total power, then a logged random draw, or random at once.

    Returns (winner, tied seats or [], True when the draw was random).
    """
    seats = state["seats"]

    def initiative(seat: str) -> int:
        """Printed initiative plus the seat's modifier from locations and cards (seed 003 Page 14)."""
        player = state["players"][seat]
        return max(0, int((player.get("plot") or {}).get("initiative", 0)) + int(player.get("initiative_bonus", 0)))

    best = max(initiative(s) for s in seats)
    tied = [s for s in seats if initiative(s) == best]
    if len(tied) == 1:
        return tied[0], [], False
    pool = tied
    if LcgOptions.of(state).initiative_tie == "lowest_power":
        low = min(total_power(state, s) for s in tied)
        pool = [s for s in tied if total_power(state, s) == low]
        if len(pool) == 1:
            return pool[0], tied, False
    return rng.choice(pool), tied, True


def resolve_challenge(state: dict[str, Any]) -> None:
    """Attacker wins ties (seed 003 Page 14); no defending strength means unopposed (facts lcg.md:
    "Unopposed (no defending STR)"; issue #5): a total defending STR of 0 counts, whether nobody
    defended or the defenders add up to 0. The log, the TV and the phone say it in these words.

    An attack with 0 STR: the FAQ only says ties go to the attacker, so by default 0 against 0 is an
    unopposed attacker win; the table option ``zero_str_attack`` = "cannot_win" makes an attacker
    with no STR lose instead (how many groups play it; the FAQ is silent)."""
    ch = state["challenge"]
    attacker_wins = ch["attacker_str"] >= ch["defender_str"]
    if ch["attacker_str"] == 0 and LcgOptions.of(state).zero_str_attack == "cannot_win":
        attacker_wins = False
    ch["winner"] = ch["attacker"] if attacker_wins else ch["defender"]
    ch["loser"] = ch["defender"] if attacker_wins else ch["attacker"]
    ch["unopposed"] = attacker_wins and ch["defender_str"] == 0
    ch["step"] = "resolved"


def dominance_winner(totals: dict[str, int]) -> str | None:
    """The single highest total wins dominance; any tie for highest gives nothing (seed 003 Page 15)."""
    best = max(totals.values())
    top = [s for s, v in totals.items() if v == best]
    return top[0] if len(top) == 1 else None


def check_win(state: dict[str, Any], ctx: Ctx) -> None:
    """The first player to reach the table's power total (15 by default) wins (facts lcg.md)."""
    if state["winner"]:
        return
    for seat in state["seats"]:
        if total_power(state, seat) >= LcgOptions.of(state).win_power:
            state["winner"] = seat
            ctx.log(N_("%(who)s reaches %(power)s power and wins the game!"), who=ctx.name(seat),
                    power=total_power(state, seat))
            return
