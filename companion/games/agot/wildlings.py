"""Wildlings: the threat track, the wildling deck and the cards' texts (seed 000 p.7, p.22-23).

- ``state["wildling_threat"]``: 0-12 in steps of 2; starts on 2 (seed 000 p.4).
- ``state["wildling_deck"] = {"mode", "top": id|None, "unknown": [ids], "bottom": [ids]}``: the deck
  is ``top`` (known only after a Raven peek), then the cards nobody has seen in random order (drawn
  lazily), then the cards put at the bottom, in order (seed 000 p.12, p.23).
- An attack is a step ``{"kind": "wildling_attack", "strength", "excluded", "move_token", "pid",
  "stage": "bid"|"card"|"tie"|"tasks", ...}``; a revealed card becomes a list of *tasks*, resolved
  lowest bidder first, then the others in turn order (facts: wildling cards, FAQ).

The attack itself is :mod:`.wildling_attack` (the bid, the card, the tie-break, the tasks) and what
each card does is :mod:`.wildling_cards`; both build on this module, which imports neither.
"""
from __future__ import annotations

from functools import cache
from typing import Any, cast

from ...i18n import N_
from ..base import Ctx
from . import flow, names
from .data_models import WildlingsFile, load

State = dict[str, Any]
Task = dict[str, Any]
START_THREAT = 2
MAX_THREAT = 12
STEP = 2
RULE = "seed 000 p.22"
CARD_RULE = "facts: wildling cards"
#: each card's own rules reference entry, so a refusal's "Why?" opens the card being resolved
CARD_ENTRY = {"silence-at-the-wall": "wildling-silence-at-the-wall", "preemptive-raid": "wildling-preemptive-raid",
              "crow-killers": "wildling-crow-killers", "rattleshirts-raiders": "wildling-rattleshirt",
              "massing-on-the-milkwater": "wildling-milkwater", "a-king-beyond-the-wall": "wildling-king-beyond-the-wall",
              "mammoth-riders": "wildling-mammoth-riders", "the-horde-descends": "wildling-horde-descends",
              "skinchanger-scout": "wildling-skinchanger-scout"}

#: What each card does, shown on the screen (paraphrased from the printed cards, facts file).
TEXTS = {
    "silence-at-the-wall": (N_("Nothing happens."), N_("Nothing happens."), N_("Nothing happens.")),
    "preemptive-raid": (
        N_("Destroy 2 of your units anywhere, or drop 2 places on your highest influence track."),
        N_("Nothing happens."),
        N_("The wildlings attack again at strength 6; the highest bidder may not bid."),
    ),
    "crow-killers": (
        N_("Replace all your knights with footmen (knights that cannot be replaced are destroyed)."),
        N_("Replace 2 of your knights with footmen."),
        N_("You may replace up to 2 of your footmen with knights."),
    ),
    "rattleshirts-raiders": (N_("Supply -2."), N_("Supply -1."), N_("Supply +1.")),
    "massing-on-the-milkwater": (
        N_("If you hold more than one house card, discard all those with the highest strength."),
        N_("Discard one house card of your choice."),
        N_("Take back all your discarded house cards."),
    ),
    "a-king-beyond-the-wall": (
        N_("Move to the bottom of every influence track."),
        N_("Move to the bottom of the Fiefdoms or the King's Court track (your choice)."),
        N_("Move to the top of one influence track of your choice and take its dominance token."),
    ),
    "mammoth-riders": (
        N_("Destroy 3 of your units anywhere."),
        N_("Destroy 2 of your units anywhere."),
        N_("Take back one discarded house card of your choice."),
    ),
    "the-horde-descends": (
        N_("Destroy 2 units in one of your castle or stronghold areas (anywhere if you have none)."),
        N_("Destroy 1 of your units anywhere."),
        N_("You may muster in one castle or stronghold area you control."),
    ),
    "skinchanger-scout": (
        N_("Discard all your available power."),
        N_("Discard 2 available power."),
        N_("Your bid returns to you."),
    ),
}


@cache
def card_ids() -> list[str]:
    ids = [c.id for c in load("wildlings.toml", WildlingsFile).card]
    if len(ids) != 9 or set(ids) != set(TEXTS) or not set(ids) <= set(names.WILDLINGS):
        raise ValueError("wildlings.toml must list the 9 wildling cards the rules know")
    return ids


def initial_deck(mode: str) -> dict[str, Any]:
    return {"mode": mode, "top": None, "unknown": list(card_ids()), "bottom": []}


# -- threat ----------------------------------------------------------------------------------------
def advance_threat(state: State, ctx: Ctx, icons: int) -> bool:
    """Each icon moves the threat one space, at most 3 per Westeros phase; True if it hit 12
    (seed 000 p.7, p.22)."""
    old = state["wildling_threat"]
    state["wildling_threat"] = min(MAX_THREAT, old + STEP * min(icons, 3))
    ctx.log(N_("Wildling threat %(old)s → %(new)s"), old=old, new=state["wildling_threat"])
    return bool(state["wildling_threat"] >= MAX_THREAT)


# -- the deck (Raven peeks use these too) ------------------------------------------------------------
def peek(state: State, ctx: Ctx) -> str | None:
    """Fix and return the top card for the Raven holder (seed 000 p.12); None with a physical deck."""
    deck = state["wildling_deck"]
    if deck["mode"] != "digital":
        return None
    if deck["top"] is None:
        if deck["unknown"]:
            deck["top"] = ctx.rng.choice(sorted(deck["unknown"]))
            deck["unknown"].remove(deck["top"])
        elif deck["bottom"]:
            deck["top"] = deck["bottom"].pop(0)
    return cast("str | None", deck["top"])


def bury_top(state: State) -> None:
    """The Raven holder may put the top card at the bottom (seed 000 p.12)."""
    deck = state["wildling_deck"]
    if deck["top"] is not None:
        deck["bottom"].append(deck["top"])
        deck["top"] = None


def draw(state: State, ctx: Ctx) -> str:
    """Take the top card of the wildling deck (seed 000 p.23)."""
    card = peek(state, ctx)
    assert card is not None
    state["wildling_deck"]["top"] = None
    return card


# -- the attack step (the procedure is wildling_attack.py) -----------------------------------------
def attack_step(state: State, *, strength: int, excluded: list[str] | None = None,
                move_token: bool = True) -> flow.Step:
    """A wildling attack to run (seed 000 p.22): at the threat's strength from a Westeros card,
    or again at strength 6 from Preemptive Raid, without the house kept out of the bid."""
    return {"kind": "wildling_attack", "strength": strength, "excluded": list(excluded or []),
            "move_token": move_token}
