"""House cards: the 7 cards of each house and the hand/discard bookkeeping (abilities: ``abilities.py``).

Data lives in ``data/house_cards.toml`` (validated at import). Hands are public knowledge except the
card being chosen during a combat (seed 000 p.19): the choice itself is a sealed prompt in combat.
"""

from __future__ import annotations

from typing import Any, cast

from ... import sealed
from ...datafiles import DataModel
from ...i18n import N_, tr
from ..base import Ctx, RuleError
from .data_models import load
from .names import HOUSES as HOUSE_LABELS

HOUSES = ("baratheon", "lannister", "stark", "greyjoy", "tyrell", "martell")


class Card(DataModel):
    """A printed house card: strength, swords, fortifications and the key of its printed ability
    ("" when it has only icons); what the ability does is its class in ``abilities.py``."""

    id: str
    house: str
    name: str
    strength: int
    swords: int
    forts: int
    ability: str


class HouseCardsFile(DataModel):
    """``data/house_cards.toml``: every printed house card."""

    card: list[Card]


def _load() -> dict[str, Card]:
    """Read data/house_cards.toml: 7 cards per house (seed 000 p.18); ``abilities.py`` checks that
    every printed ability has its class."""
    cards: dict[str, Card] = {}
    for card in load("house_cards.toml", HouseCardsFile).card:
        if card.house not in HOUSES or card.id in cards:
            raise ValueError(f"house_cards.toml: bad card {card.id}")
        cards[card.id] = card
    for house in HOUSES:
        if sum(1 for c in cards.values() if c.house == house) != 7:
            raise ValueError(f"house_cards.toml: {house} needs 7 cards")
    return cards


CARDS = _load()

#: Card names as msgids (extraction reads only Python literals; a test keeps this in step with the data).
CARD_NAMES = {
    "eddard-stark": N_("Eddard Stark"), "robb-stark": N_("Robb Stark"), "roose-bolton": N_("Roose Bolton"),
    "greatjon-umber": N_("Greatjon Umber"), "rodrik-cassel": N_("Ser Rodrik Cassel"),
    "the-blackfish": N_("The Blackfish"), "catelyn-stark": N_("Catelyn Stark"),
    "tywin-lannister": N_("Tywin Lannister"), "gregor-clegane": N_("Ser Gregor Clegane"),
    "jaime-lannister": N_("Ser Jaime Lannister"), "the-hound": N_("The Hound"),
    "kevan-lannister": N_("Ser Kevan Lannister"), "tyrion-lannister": N_("Tyrion Lannister"),
    "cersei-lannister": N_("Cersei Lannister"),
    "stannis-baratheon": N_("Stannis Baratheon"), "renly-baratheon": N_("Renly Baratheon"),
    "davos-seaworth": N_("Ser Davos Seaworth"), "brienne-of-tarth": N_("Brienne of Tarth"),
    "salladhor-saan": N_("Salladhor Saan"), "melisandre": N_("Melisandre"), "patchface": N_("Patchface"),
    "euron-crows-eye": N_("Euron Crow's Eye"), "victarion-greyjoy": N_("Victarion Greyjoy"),
    "balon-greyjoy": N_("Balon Greyjoy"), "theon-greyjoy": N_("Theon Greyjoy"),
    "dagmar-cleftjaw": N_("Dagmar Cleftjaw"), "asha-greyjoy": N_("Asha Greyjoy"),
    "aeron-damphair": N_("Aeron Damphair"),
    "mace-tyrell": N_("Mace Tyrell"), "loras-tyrell": N_("Ser Loras Tyrell"), "garlan-tyrell": N_("Ser Garlan Tyrell"),
    "randyll-tarly": N_("Randyll Tarly"), "margaery-tyrell": N_("Margaery Tyrell"),
    "alester-florent": N_("Alester Florent"), "queen-of-thorns": N_("Queen of Thorns"),
    "the-red-viper": N_("The Red Viper"), "areo-hotah": N_("Areo Hotah"), "obara-sand": N_("Obara Sand"),
    "darkstar": N_("Darkstar"), "nymeria-sand": N_("Nymeria Sand"), "arianne-martell": N_("Arianne Martell"),
    "doran-martell": N_("Doran Martell"),
}


def card(cid: Any) -> Card:
    got = CARDS.get(str(cid))
    if got is None:
        raise RuleError("There is no house card %(card)s.", "seed 000 p.18", status=404, entry="combat-card-anatomy",
                        card=str(cid)[:30])
    return got


def starting_hands(houses: list[str]) -> dict[str, dict[str, list[str]]]:
    """Each house starts with its 7 cards in hand and an empty discard pile (seed 000 p.18)."""
    return {h: {"hand": [c.id for c in CARDS.values() if c.house == h], "discard": []} for h in houses}


def hands(state: dict[str, Any]) -> dict[str, dict[str, list[str]]]:
    """The shared ``state["house_cards"]`` (created on first use for the houses in play)."""
    if "house_cards" not in state:
        state["house_cards"] = starting_hands(list(state.get("houses", [])))
    return cast("dict[str, dict[str, list[str]]]", state["house_cards"])


def require_in_hand(state: dict[str, Any], house: str, cid: str) -> Card:
    """A card may be played only from the house's own hand (seed 000 p.19)."""
    c = card(cid)
    if c.house != house or cid not in hands(state)[house]["hand"]:
        raise RuleError("%(card)s is not in your hand.", "seed 000 p.19", card=c.name)
    return c


def discard(state: dict[str, Any], house: str, cid: str, ctx: Ctx | None = None) -> bool:
    """A played card goes to the discard pile after the combat (seed 000 p.19); see :func:`to_discard`."""
    return to_discard(state, house, [cid], ctx)


def to_discard(state: dict[str, Any], house: str, cids: list[str], ctx: Ctx | None = None) -> bool:
    """Cards leave the hand for the discard pile, by whatever route: played in a combat, taken by
    Patchface, Massing on the Milkwater, a host correction. Every route comes here, so the rule of
    :func:`keep_one` holds after each of them. True when the hand refilled (logged when ``ctx``)."""
    pile = hands(state)[house]
    for cid in cids:
        if cid in pile["hand"]:
            pile["hand"].remove(cid)
        if cid not in pile["discard"]:
            pile["discard"].append(cid)
    refilled = keep_one(pile, cids)
    if refilled and ctx is not None:
        ctx.log(N_("%(house)s has no house card left in hand and takes back its other discarded cards."),
                house=tr(HOUSE_LABELS[house]))
    return refilled


def keep_one(pile: dict[str, list[str]], last: list[str]) -> bool:
    """The one invariant of the hands (seed 000 p.19): playing a house card is obligatory, so a house
    always holds at least one card. When its hand empties, its discards return to the hand except the
    last card(s) used; only when nothing else is discarded do those return too. True if it refilled."""
    if pile["hand"]:
        return False
    back = [c for c in pile["discard"] if c not in last] or list(pile["discard"])
    pile["hand"] = back
    pile["discard"] = [c for c in pile["discard"] if c not in back]
    return bool(back)


def take_back_all(state: dict[str, Any], house: str) -> None:
    """Roose Bolton: every discarded card returns to the hand (facts file, Stark cards)."""
    pile = hands(state)[house]
    pile["hand"] += pile["discard"]
    pile["discard"] = []


def choosing(state: dict[str, Any]) -> list[str]:
    """Houses asked in an open house-card prompt (seed 000 p.19: both cards are chosen in secret and
    revealed together). Public: who is asked, never whether or what they chose."""
    return sorted({h for p in state.get("prompts", {}).values()
                   if p.get("kind") == "house_card" and sealed.is_open(p) for h in p["asked"]})
