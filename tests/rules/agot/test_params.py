"""AGoT's parameter models (issue 40): each field is read once, the way the handlers always read it
(a flag's yes values, a phone's rows and order fields, a number read only in some cases kept as
sent), and a declared range or choice refuses with the page it breaks."""

from __future__ import annotations

import pytest

from companion.games.agot import GAME
from companion.games.agot import params as P
from companion.games.base import Actor, RuleError
from companion.moves import Moves


@pytest.mark.parametrize(("sent", "read"), [(True, True), (1, True), ("1", True), ("on", True), ("YES", True),
                                            ("true", True), (False, False), (0, False), ("0", False),
                                            (1.0, False), ("", False), ("off", False)])
def test_a_flag_reads_yes_as_the_handlers_always_did(sent, read):
    assert P.Blade.model_validate({"use": sent}).use is read


def test_a_flag_not_sent_stays_unset_and_a_list_is_no_flag():
    assert P.SetDominance.model_validate({"token": "blade"}).used is None
    with pytest.raises(ValueError):
        P.Blade.model_validate({"use": ["1"]})


def test_a_phone_s_march_rows_are_the_moves_they_stand_for():
    m = P.March.model_validate({"from": "winterfell", "m0_to": "castle-black", "m0_footman": "2", "m1_to": "",
                                "m1_knight": "1", "m2_to": "karhold", "m2_knight": 1})
    assert [(r.to, r.footman, r.knight) for r in m.moves] == [("castle-black", 2, None), ("karhold", None, 1)]
    sent = P.March.model_validate({"from": "winterfell", "moves": [{"to": "karhold", "ship": "0"}],
                                   "m0_to": "castle-black", "m0_footman": 2})
    assert [(r.to, r.ship, r.footman) for r in sent.moves] == [("karhold", 0, None)]
    assert P.March.model_validate({"from": "winterfell", "moves": ""}).moves == ""  # refused by the handler


def test_a_phone_s_order_fields_are_the_orders_they_stand_for():
    a = P.Answer.model_validate({"prompt": "orders-r1", "o:winterfell": "march0", "o:karhold": "",
                                 "xa": "white-harbor", "xt": "raid-a", "form_orders": {"x": "y"}})
    assert a.form_orders == {"winterfell": "march0", "white-harbor": "raid-a"}


def test_a_number_read_only_in_some_cases_is_kept_as_sent_and_checked_where_it_is_read():
    a = P.CardAbility.model_validate({"ships": True, "footman": "x", "knight": "2"})
    assert (a.ships, a.footman, a.knight) == (True, "x", "2")
    assert P.count(a.knight, 0, 20, "seed 000 p.20", "knight") == 2
    assert P.count(None, 0, 2, "seed 000 p.25", "ships") is None and P.count("", 0, 2, "seed 000 p.25", "ships") is None
    for bad in (a.ships, a.footman):
        with pytest.raises(RuleError, match="whole number"):
            P.count(bad, 0, 20, "seed 000 p.20", "footman")
    with pytest.raises(RuleError) as err:
        P.count("3", 0, 2, "seed 000 p.25", "ships", why="Up to %(max)s ships.")
    assert err.value.rule == "seed 000 p.25"


@pytest.mark.parametrize(("action", "rule"), [
    ({"type": "set_round", "value": 11}, "seed 000 p.6"),
    ({"type": "set_units", "area": "winterfell", "knight": 6}, "seed 000 p.2"),  # 5 knights in the box
    ({"type": "set_units", "area": "winterfell", "footman": True}, "companion: input"),
    ({"type": "set_garrison", "area": "nowhere", "strength": 2}, "seed 000 p.26"),
    ({"type": "set_track", "track": "wildlings"}, "seed 000 p.10"),
    ({"type": "set_dominance", "token": "crown"}, "seed 000 p.11"),
    ({"type": "support", "side": "both"}, "seed 000 p.17-18"),
    ({"type": "muster", "area": "winterfell", "unit": "dragon"}, "seed 000 p.9"),
    ({"type": "march", "from": "winterfell", "moves": [{"to": "karhold", "footman": 21}]}, "seed 000 p.15"),
])
def test_a_declared_range_or_choice_refuses_citing_its_page(action, rule):
    moves = GAME.moves
    assert isinstance(moves, Moves)
    with pytest.raises(RuleError) as err:
        moves.check_shape(Actor(host=True), action)
    assert err.value.rule == rule


def test_the_muster_unit_refusal_says_the_rule():
    assert GAME.moves is not None
    with pytest.raises(RuleError) as err:
        GAME.moves.check_shape(Actor(host=True), {"type": "muster", "unit": "dragon"})
    assert err.value.message == "Muster a footman, a knight, a siege engine or a ship."
    assert err.value.entry == "mustering-costs"
