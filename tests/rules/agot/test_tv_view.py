"""What the TV adds to the combat (companion/games/agot/views/tv_view.py): totals frozen at the result while
casualties leave the area, and the tie-break that decided an equal fight (seed 000 p.20-21)."""

from __future__ import annotations

from test_action_harness import act, board, card
from test_combat_flow import kingswood

from companion.games.agot import GAME
from companion.games.agot.views import tv_view as tvview


def test_totals_stay_as_they_were_at_the_result_after_casualties():
    """seed 000 p.21 (the retreat example): 6 against 5; Tyrell takes its casualty (the footman) and
    must still retreat: the combat view recomputes 4 for Tyrell, the TV keeps the 5 that fought."""
    state = board(6, units={"kingswood": ("tyrell", {"knight": 1, "footman": 1}),
                            "storms-end": ("tyrell", {"footman": 1}),
                            "kings-landing": ("baratheon", {"knight": 2})},
                  orders={"kings-landing": ("baratheon", "march0")},
                  iron_throne=["baratheon", "tyrell", "lannister", "stark", "martell", "greyjoy"], neutral={})
    act(state, "baratheon", type="march", **{"from": "kings-landing"}, moves=[{"to": "kingswood", "knight": 2}])
    card(state, "baratheon", "brienne-of-tarth")
    card(state, "tyrell", "randyll-tarly")
    act(state, "tyrell", type="card_ability", footman=1)  # the casualty leaves; the retreat is still to choose
    view = GAME.public_view(state)
    assert view["action"]["combat"]["totals"]["defender"] < 5  # recomputed without the footman
    tv = view["combat_tv"]
    assert tv["frozen"] and tv["totals"] == {"attacker": 6, "defender": 5}
    assert sum(i["value"] for i in tv["items"]["defender"]) == 5
    assert any(i.get("before_casualties") for i in tv["items"]["defender"])
    assert tv["tie"] is None
    act(state, "tyrell", type="card_ability", area="storms-end")  # the combat ends; the TV keeps the 5
    last = GAME.public_view(state)["last_combat_tv"]
    assert sum(i["value"] for i in last["items"]["defender"]) == 5 and last["tie"] is None


def test_an_equal_fight_names_the_fiefdoms_positions():
    """seed 000 p.20: 4-4 in Kingswood; Lannister (Fiefdoms 2nd) is above Tyrell (3rd) and wins."""
    state = kingswood()
    card(state, "lannister", "jaime-lannister")
    card(state, "tyrell", "alester-florent")
    tie = GAME.public_view(state)["last_combat_tv"]["tie"]
    assert tie == {"kind": "fiefdoms", "above": "lannister", "below": "tyrell",
                   "positions": {"lannister": 2, "tyrell": 3}}


def test_against_a_neutral_force_equal_is_enough():
    """seed 000 p.26: the attacker needs only equal strength against a neutral force."""
    res = {"attacker": 5, "defender": 5, "winner": "attacker"}
    assert tvview.tie_break(res, "stark", None, 5, ["stark"]) == {"kind": "neutral"}
    assert tvview.tie_break({**res, "attacker": 6}, "stark", None, 5, ["stark"]) is None
