"""Translatable words used as log and view parameters (each a msgid, marked for extraction)."""

from __future__ import annotations

from typing import Any

from ...i18n import N_

WORDS = {
    "gold": N_("gold"),
    "energy": N_("energy"),
    "light": N_("light"),
    "dark": N_("dark"),
    "portal": N_("portal"),
    "temple": N_("temple"),
    "capital": N_("capital"),
    "vp": N_("VP"),
    "limbo_light": N_("light limbo"),
    "limbo_dark": N_("dark limbo"),
    "action not done": N_("action not done"),
    "passed": N_("passed"),
}
SIDES = {
    "attacker": N_("fight for the attacker"),
    "neutral": N_("neutral"),
    "defender": N_("fight for the defender"),
    "self": N_("fight for themselves"),
}
WINNERS = {
    "attacker": N_("the attacker wins"),
    "defender": N_("the defender wins"),
    "tie": N_("a tie"),
    "inhabitants": N_("the inhabitants hold"),
    "nobody": N_("no attacking cube fell: the attack fails"),
}
KINDS = {
    "extract_gold": N_("Extract gold"),
    "extract_energy": N_("Extract energy"),
    "transition3": N_("Transition of 3 armies"),
    "build": N_("Build"),
    "attack": N_("Attack"),
    "move_attack": N_("Attack or move"),
    "tribe": N_("Tribe action"),
    "demon_temple": N_("Temple (Demons)"),
    "night_elf_attack": N_("Attack (Night Elves)"),
    "troll_attack": N_("Attack (Trolls)"),
    "transition5": N_("Transition of 5 armies"),
    "conflict_or_first": N_("Conflict card or first player marker"),
    "dominate_or_temple": N_("Dominate a region or build a temple"),
    "conflict2_or_transition2": N_("2 conflict cards or transition of 2 armies"),
}
PHASES = {
    "setup": N_("Setup"),
    "draft": N_("Initial round"),
    "reinforce": N_("Reinforcements"),
    "planning": N_("Action planning"),
    "performance": N_("Performing actions"),
    "ended": N_("Game over"),
}
TRIBE_NAMES = (N_("Elves"), N_("Humans"), N_("Dwarves"), N_("Amazons"), N_("Halflings"), N_("Demons"),
               N_("Orcs"), N_("Necromancers"), N_("Night Elves"), N_("Trolls"))
REGION_NAMES = (N_("Mountainhomes"), N_("Shore Lake"), N_("Tribute Pass"), N_("Emerald Cliff"),
                N_("Treehome"), N_("Borderland"), N_("White Falls"), N_("The Murk"), N_("Heartwood"),
                N_("Forge Fire"), N_("Foothold"))


#: Profile fields a player may still have to enter, named in the player's language.
FIELDS = {
    "gold": N_("starting gold"),
    "energy": N_("starting energy"),
    "start": N_("start region"),
    "groups": N_("army groups"),
}


def joined(items: list[dict[str, Any]]) -> dict[str, Any]:
    """Several translated log/error parameters as one, joined with "; " (each translated when shown)."""
    out = items[-1]
    for item in reversed(items[:-1]):
        out = {"_": "%(a)s; %(b)s", "params": {"a": item, "b": out}}
    return out


def word(key: str) -> str:
    return WORDS.get(key, key)


def rname(state: dict[str, Any], rid: str) -> object:
    """A region for a log line: its printed name (translated when it is a known msgid), else "2·3"."""
    name = state["profile"]["regions"][rid]["name"]
    return {"_": name} if name else rid.replace("-", "·")  # "3·1": area 3, region 1, as on the screen


def where(state: dict[str, Any], location: str, suffix: str = "") -> dict[str, Any]:
    """Log params for a location: ``region`` and ``realm`` (both translated when rendered)."""
    realm, _, rid = location.partition(":")
    return {f"region{suffix}": rname(state, rid), f"realm{suffix}": {"_": WORDS[realm]}}


def msg(msgid: str) -> dict[str, Any]:
    """A log parameter translated when rendered (like ``i18n.tr``, for msgids held in variables)."""
    return {"_": msgid}


_CARD_LINES = {
    "reveal": {
        "blank": N_("%(who)s reveals a blank card"),
        "magic": N_("%(who)s reveals the magic card %(card)s"),
        "conflict": N_("%(who)s reveals the conflict card %(region)s (%(realm)s)"),
        "wild": N_("%(who)s reveals the area %(area)s wildcard (%(realm)s)"),
        "region": N_("%(who)s reveals the region card %(region)s (%(realm)s)"),
        "lost": N_("%(who)s reveals a region card that was taken away"),
    },
    "pick": {
        "conflict": N_("%(who)s picks the conflict card %(region)s (%(realm)s)"),
        "wild": N_("%(who)s picks the area %(area)s wildcard (%(realm)s)"),
    },
    "keep": {
        "conflict": N_("%(who)s cannot place there and keeps the conflict card %(region)s (%(realm)s)"),
        "wild": N_("%(who)s cannot place there and keeps the area %(area)s wildcard (%(realm)s)"),
    },
}


def card_line(state: dict[str, Any], verb: str, card: str) -> tuple[str, dict[str, Any]]:
    """A readable, translatable log line about a card: (msgid, params without ``who``)."""
    lines = _CARD_LINES[verb]
    if card == "blank":
        return lines["blank"], {}
    if card.startswith("lost:"):
        return lines["lost"], {}
    if card.startswith("m:"):
        return lines["magic"], {"card": msg(KINDS[card[2:]])}
    if card.startswith("r:"):
        _, rid, realm = card.split(":")
        return lines["region"], where(state, f"{realm}:{rid}")
    _, realm, rid = card.split(":")
    if rid.endswith("*"):
        return lines["wild"], {"area": rid[0], "realm": msg(WORDS[realm])}
    return lines["conflict"], where(state, f"{realm}:{rid}")
