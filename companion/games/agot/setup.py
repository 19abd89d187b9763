"""Setting up a table: houses for the player count, starting state and the setup checklist
(seed 000 p.4 steps 1-11, p.27-28 for 3-5 players)."""

from __future__ import annotations

from typing import Any

from ...i18n import N_
from . import areas, power, tracks, victory, westeros, wildlings
from . import board as board_data
from . import house_cards as hc
from .names import AREAS, HOUSES, UNITS
from .options import AgotOptions

State = dict[str, Any]


def initial_state(options: AgotOptions) -> State:
    """Everything the table starts with, before anyone acts."""
    b = board_data.load()
    players = options.players
    houses = b.houses_for(players)
    order = tracks.initial(houses)
    mode = options.decks
    state: State = {
        "players": players,
        "houses": houses,
        "options": options.dump(),
        "round": 1,
        "phase": "setup",
        "step": "checklist",
        "tracks": order,
        "dominance": tracks.initial_dominance(order),
        "power": power.init(houses),
        "tokens": {},
        "units": {},
        "control": {},
        "neutral": board_data.neutral_forces(players),
        "garrisons": {a.id: a.garrison for a in b.areas.values() if a.garrison and a.home in houses},
        "supply": {h: int(b.houses[h]["supply"]) for h in houses},
        "wildling_threat": wildlings.START_THREAT,
        "westeros": westeros.initial(mode),
        "wildling_deck": wildlings.initial_deck(mode),
        "restrictions": [],
        "house_cards": hc.starting_hands(houses),
        "queue": [],
        "current": None,
        "prompts": {},
        "seq": 0,
        "clash": None,
        "last_attack": None,
        "victory_history": [],
        "winner": None,
        "ranking": None,
    }
    for house in houses:
        for area, counts in starting_units(state, house).items():
            areas.set_units(state, area, house, counts)
    for a in b.areas.values():
        areas.recompute_control(state, a.id)
    state["victory_history"].append({"round": 0, "victory": victory.counts(state)})  # the start
    return state


def starting_units(state: State, house: str) -> dict[str, dict[str, int]]:
    """A house's printed starting units (facts file); with the table option the Lannister screen as
    corrected by the publisher's FAQ v2.0: one more ship, in the Port of Lannisport (agot faq)."""
    units = {a: dict(c) for a, c in board_data.load().houses[house]["units"].items()}
    if house == "lannister" and AgotOptions.of(state).faq_lannister_port_ship:
        units.setdefault("port-of-lannisport", {})["ship"] = 1
    return units


def checklist(state: State) -> list[dict[str, Any]]:
    """What the table places on the physical board, as msgid lines with params (seed 000 p.4, p.27-28)."""
    b = board_data.load()
    items: list[dict[str, Any]] = [
        {"msg": N_("Wildling cards shuffled; threat token on %(n)s."), "params": {"n": wildlings.START_THREAT}},
        {"msg": N_("Westeros decks I, II and III shuffled separately."), "params": {}},
        {"msg": N_("Round marker on 1."), "params": {}},
    ]
    for area, strength in sorted(state["neutral"].items()):
        if b.area(area).type == "port":
            continue  # a port shares its land area's token (seed 000 p.27-28)
        if strength:
            items.append({"msg": N_("Neutral force %(n)s in %(area)s."),
                          "params": {"n": strength, "area": {"_": AREAS[area]}}})
        else:
            items.append({"msg": N_("Impassable token in %(area)s."), "params": {"area": {"_": AREAS[area]}}})
    for house in state["houses"]:
        for area, counts in starting_units(state, house).items():
            for kind, n in counts.items():
                items.append({"msg": N_("%(house)s: %(n)s × %(unit)s in %(area)s."),
                              "params": {"house": {"_": HOUSES[house]}, "n": n, "unit": {"_": UNITS[kind]},
                                         "area": {"_": AREAS[area]}},
                              "house": house})
    for area, strength in sorted(state["garrisons"].items()):
        items.append({"msg": N_("Garrison %(n)s in %(area)s."), "params": {"n": strength, "area": {"_": AREAS[area]}}})
    if state["players"] <= 4:
        items.append({"msg": N_("Place the King's Court overlay on its track."), "params": {}})
    items.append({"msg": N_("Each house takes 5 power tokens; the rest form the Power Pool."), "params": {}})
    if AgotOptions.of(state).tides:
        items.append({"msg": N_("Tides of Battle cards shuffled beside the board."), "params": {}})
    return items
