"""Planning phase: secret orders, validation, the reveal and the Messenger Raven (seed 000 p.11-13)."""

from __future__ import annotations

import json
import random

import pytest

from companion.games.agot import GAME
from companion.games.base import Actor, Ctx, RuleError
from tests.rules.harness import play

BARATHEON = {"dragonstone": "consolidate-a", "kingswood": "march0", "shipbreaker-bay": "support0a"}
LANNISTER = {"lannisport": "march+1", "stoney-sept": "defense2", "the-golden-sound": "raid-star"}
STARK = {"the-shivering-sea": "raid-a", "white-harbor": "support1", "winterfell": "march-1"}
GREYJOY = {"greywater-watch": "march0", "ironmans-bay": "support0a", "port-of-pyke": "raid-a",
           "pyke": "consolidate-a"}


def ctx(seat: str | None = None, host: bool = False, seed: int = 7) -> Ctx:
    return Ctx(Actor(seat, host), random.Random(seed))


def act(state: dict, seat: str | None, action: dict) -> None:
    """One action through the engine, as the server applies it (seed 7, as :func:`ctx`)."""
    play(GAME, state, Actor(seat=seat, host=seat is None), action, 7)


def table(players: int = 4) -> dict:
    state = GAME.setup(GAME.normalize_options({"players": players, "faq_lannister_port_ship": False}), ctx(host=True))
    act(state, None, {"type": "start"})
    return state


def place(state: dict, house: str, orders: dict, extra: list | None = None) -> None:
    pid = state["planning"]["prompt"]
    act(state, house, {"type": "answer", "prompt": pid,
                                   "value": {"orders": orders, "extra": extra or []}})


def all_four(state: dict) -> None:
    for house, orders in (("baratheon", BARATHEON), ("lannister", LANNISTER), ("stark", STARK),
                          ("greyjoy", GREYJOY)):
        place(state, house, orders)


def test_every_house_is_asked_for_its_areas_with_units():
    """seed 000 p.12: an order in each area holding the house's units; all houses at the same time."""
    state = table()
    assert state["phase"] == "planning"
    assert GAME.waiting_for(state) == ["baratheon", "lannister", "stark", "greyjoy"]
    me = GAME.private_view(state, "greyjoy")["planning"]
    assert me["held"] == ["greywater-watch", "ironmans-bay", "port-of-pyke", "pyke"]
    assert len(me["tokens"]) == 15 and sum(t["star"] for t in me["tokens"]) == 5
    assert me["stars"] == 0  # 4 players: King's Court overlay gives position 4 no star (facts table)


def test_orders_stay_secret_until_the_last_house_answers():
    """seed 000 p.12-13: orders are placed face down and revealed all at once."""
    state = table()
    place(state, "lannister", LANNISTER)
    place(state, "stark", STARK)
    public = json.dumps(GAME.public_view(state))
    others = json.dumps(GAME.private_view(state, "baratheon"))
    pairs = [f'"{a}": "{t}"' for a, t in {**LANNISTER, **STARK}.items()]
    for pair in pairs:
        assert pair not in public and pair not in others
    assert '"lannisport": "march+1"' in json.dumps(GAME.private_view(state, "lannister"))
    assert state["orders"] == {}
    place(state, "baratheon", BARATHEON)
    place(state, "greyjoy", GREYJOY)
    assert state["orders"]["lannisport"] == {"house": "lannister", "token": "march+1"}
    shown = GAME.public_view(state)
    assert "march+1" in json.dumps(shown)
    assert state["planning"]["step"] == "raven" and GAME.waiting_for(state) == ["lannister"]


def test_an_answer_can_change_until_the_reveal():
    """companion: sealed prompts accept changes until the last answer (design: secrets)."""
    state = table()
    place(state, "stark", STARK)
    place(state, "stark", {**STARK, "winterfell": "defense1a"})
    answers = state["prompts"][state["planning"]["prompt"]]["answers"]
    assert answers["stark"]["orders"]["winterfell"] == "defense1a"


@pytest.mark.parametrize("house,orders,msg", [
    ("stark", {**STARK, "winterfell": "raid-a"}, "only once"),
    ("stark", {"the-shivering-sea": "raid-a", "white-harbor": "support1"}, "needs an order"),
    ("stark", {**STARK, "karhold": "march0"}, "no units in"),
    ("greyjoy", {**GREYJOY, "pyke": "consolidate-star"}, "special orders"),
    ("baratheon", {**BARATHEON, "kingswood": "nonsense"}, "no order token"),
])
def test_refusals_cite_page_12(house, orders, msg):
    """seed 000 p.12: each token once, every area with units gets one, stars limit special orders."""
    state = table()
    with pytest.raises(RuleError) as err:
        place(state, house, orders)
    assert msg in str(err.value)
    assert err.value.rule.startswith("seed 000 p.12")


def test_westeros_restriction_forbids_a_kind():
    """Westeros deck III (seed 000 p.7; facts): e.g. Web of Lies forbids Support orders this round."""
    state = GAME.setup(GAME.normalize_options({"players": 4, "faq_lannister_port_ship": False}), ctx(host=True))
    state["restrictions"] = ["no-support"]
    act(state, None, {"type": "start"})
    with pytest.raises(RuleError) as err:
        place(state, "stark", STARK)
    assert err.value.rule.startswith("seed 000 p.7") and err.value.entry == "westeros-restrictions"
    place(state, "stark", {**STARK, "white-harbor": "defense1a"})


def test_an_area_the_mirror_shows_without_the_house_units_gets_no_order():
    """seed 000 p.12: an order goes only on an area holding the house's units. A stale mirror is
    corrected first (design: any player corrects it in two taps); the area then takes an order."""
    state = table()
    with pytest.raises(RuleError) as err:
        place(state, "stark", {**STARK, "castle-black": "defense1a"}, extra=["castle-black"])
    assert err.value.rule == "seed 000 p.12" and "castle-black" in str(err.value.params)
    act(state, "stark", {"type": "set_units", "area": "castle-black", "house": "stark", "footman": 1})
    assert GAME.private_view(state, "stark")["planning"]["other"] == ["castle-black"]
    place(state, "stark", {**STARK, "castle-black": "defense1a"})
    with pytest.raises(RuleError):
        place(state, "stark", {**STARK, "lannisport": "defense1a"}, extra=["lannisport"])


def test_not_enough_tokens_switches_to_turn_order():
    """seed 000 p.12-13: a house short of tokens makes everyone place in turn order; it must place all
    the tokens it can and may leave areas without orders."""
    state = GAME.setup(GAME.normalize_options({"players": 4, "faq_lannister_port_ship": False}), ctx(host=True))
    from companion.games.agot import areas
    # Greyjoy (no star) with 11 areas: only 10 regular tokens.
    for aid in ("flints-finger", "seagard", "riverrun", "harrenhal", "the-twins", "moat-cailin", "the-fingers"):
        areas.set_units(state, aid, "greyjoy", {"footman": 1})
    act(state, None, {"type": "start"})
    plan = state["planning"]
    assert plan["mode"] == "turn_order" and plan["short"] == ["greyjoy"]
    assert GAME.waiting_for(state) == ["baratheon"]
    with pytest.raises(RuleError) as err:
        place(state, "stark", STARK)
    assert err.value.rule == "seed 000 p.12"
    place(state, "baratheon", BARATHEON)
    shown = GAME.public_view(state)["planning"]
    assert shown["face_down"] == {"baratheon": sorted(BARATHEON)}  # where, face down (p.12)
    assert "consolidate-a" not in json.dumps(shown)                  # never which token
    place(state, "lannister", LANNISTER)
    place(state, "stark", STARK)
    # the phone is told how many orders the answer needs, so it never offers to send fewer (issue #37)
    from companion.games.agot.views.planning_view import private
    assert private(state, "greyjoy")["need"] == 10 and private(state, "stark")["need"] is None
    held = plan["held"]["greyjoy"]
    regular = [t for t in ("march-1", "march0", "defense1a", "defense1b", "support0a", "support0b", "raid-a",
                           "raid-b", "consolidate-a", "consolidate-b")]
    too_few = dict(zip(held[:9], regular[:9]))
    with pytest.raises(RuleError):
        place(state, "greyjoy", too_few)
    place(state, "greyjoy", dict(zip(held[:10], regular)))
    assert state["planning"]["step"] == "raven"


def test_raven_swaps_one_order_publicly():
    """seed 000 p.12: the Raven holder swaps a placed order for an unused token; stars still count."""
    state = table()
    all_four(state)
    with pytest.raises(RuleError):
        act(state, "stark", {"type": "raven_swap", "area": "winterfell", "token": "march0"})
    with pytest.raises(RuleError) as err:  # a token already on the board is not unused
        act(state, "lannister", {"type": "raven_swap", "area": "stoney-sept", "token": "march+1"})
    assert err.value.rule == "seed 000 p.12"
    act(state, "lannister", {"type": "raven_swap", "area": "stoney-sept", "token": "support0a"})
    assert state["orders"]["stoney-sept"]["token"] == "support0a"
    swap = GAME.public_view(state)["planning"]["swap"]
    assert (swap["area"], swap["old"], swap["new"]) == ("stoney-sept", "defense2", "support0a")
    assert swap["new_token"]["kind"] == "support" and swap["old_token"]["star"]
    assert state["phase"] == "action" and state["dominance"]["raven"]["used"]


def test_raven_peek_is_seen_only_by_its_holder():
    """seed 000 p.12: the Raven holder looks at the top wildling card privately, then top or bottom."""
    state = table()
    all_four(state)
    act(state, "lannister", {"type": "raven_peek"})
    card = state["planning"]["raven"]["peek"]
    assert card and card == state["wildling_deck"]["top"]
    assert GAME.private_view(state, "lannister")["planning"]["raven"]["peek"] == card
    for seat in ("stark", "baratheon", "greyjoy"):
        assert card not in json.dumps(GAME.private_view(state, seat))
    assert card not in json.dumps(GAME.public_view(state))
    act(state, "lannister", {"type": "raven_place", "where": "bottom"})
    assert state["wildling_deck"]["bottom"][-1] == card and state["wildling_deck"]["top"] is None
    assert state["phase"] == "action"


def test_raven_may_do_nothing_and_only_its_holder_acts():
    """seed 000 p.13 step 3: the holder may use neither ability."""
    state = table()
    all_four(state)
    with pytest.raises(RuleError) as err:
        act(state, "stark", {"type": "raven_pass"})
    assert err.value.status == 403
    act(state, "lannister", {"type": "raven_pass"})
    assert state["phase"] == "action" and state["action"]["step"] == "raid"


def test_raven_swap_respects_stars():
    """seed 000 p.13: never more special orders than the King's Court allows, even with the Raven."""
    from companion.games.agot import areas

    state = GAME.setup(GAME.normalize_options({"players": 4, "faq_lannister_port_ship": False}), ctx(host=True))
    areas.set_units(state, "harrenhal", "lannister", {"footman": 1})
    act(state, None, {"type": "start"})
    place(state, "baratheon", BARATHEON)
    place(state, "lannister", {**LANNISTER, "harrenhal": "support0a"})
    place(state, "stark", STARK)
    place(state, "greyjoy", GREYJOY)
    free = GAME.private_view(state, "lannister")["planning"]["raven"]["free"]
    assert "support0b" in free and "march+1" not in free and "support0a" not in free
    assert "support1" in free  # usable only in place of a placed star token
    with pytest.raises(RuleError) as err:  # three stars already used at position 1 (3 stars)
        act(state, "lannister", {"type": "raven_swap", "area": "harrenhal", "token": "support1"})
    assert err.value.rule == "seed 000 p.12"
    act(state, "lannister", {"type": "raven_swap", "area": "harrenhal", "token": "support0b"})
    assert state["orders"]["harrenhal"]["token"] == "support0b"


def test_phone_form_fields_make_the_same_answer():
    """The phone sends o:<area> fields and an optional "another area" row (xa/xt)."""
    state = table()
    act(state, "stark", {"type": "set_units", "area": "castle-black", "house": "stark", "footman": 1})
    pid = state["planning"]["prompt"]
    form = {"type": "answer", "prompt": pid, **{f"o:{a}": t for a, t in STARK.items()},
            "xa": "castle-black", "xt": "defense1a"}
    act(state, "stark", form)
    mine = state["prompts"][pid]["answers"]["stark"]
    assert mine["orders"]["castle-black"] == "defense1a" and mine["extra"] == ["castle-black"]


def test_raven_with_a_physical_wildling_deck():
    """Physical decks: the phone only tells the holder to look at the real card; top or bottom stays
    secret and the companion records no card (seed 000 p.12)."""
    state = GAME.setup(GAME.normalize_options({"players": 4, "decks": "physical", "faq_lannister_port_ship": False}), ctx(host=True))
    act(state, None, {"type": "start"})
    all_four(state)
    act(state, "lannister", {"type": "raven_peek"})
    assert GAME.private_view(state, "lannister")["planning"]["raven"]["peek"] == "physical"
    act(state, "lannister", {"type": "raven_place", "where": "bottom"})
    assert state["phase"] == "action" and state["dominance"]["raven"]["used"]
