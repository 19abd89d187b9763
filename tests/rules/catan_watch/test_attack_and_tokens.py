"""Wildling tokens, migration and the wildling attack (seed 004 p.7-8)."""

from __future__ import annotations

from companion.games.catan_watch import profile as prof


def ready(table, **kw):
    return table(dice="physical", **kw).finish_setup({"p1": "w1", "p2": "w2", "p3": "w3", "p4": "w4"})


def tok(wildling, clan):
    return {"wildling": wildling, "clan": clan}


def test_settlement_reveals_one_token_and_wildling_migrates_to_back(table):
    """seed 004 p.8: building a settlement reveals its token; that wildling leaves the Frostfangs
    for the back of the named clan's line."""
    t = ready(table)
    t.set_board(clans={"hornfoot": ["normal"]})
    t.roll(12)
    climbers = t.state["frostfangs"]["climber"]
    t.act("p1", {"type": "build", "what": "settlement", "tokens": [tok("climber", "hornfoot")]})
    assert t.view["clans"]["hornfoot"] == ["normal", "climber"]
    assert t.state["frostfangs"]["climber"] == climbers - 1
    assert t.view["revealed_tokens"][0] == tok("climber", "hornfoot")
    assert t.view["vp"]["p1"] == 3


def test_keep_reveals_two_tokens_from_form_fields(table):
    """seed 004 p.8: a keep reveals two tokens (the phone sends parallel form fields)."""
    t = ready(table)
    t.roll(12)
    t.act("p1", {"type": "build", "what": "keep", "token_wildling[]": ["giant", "normal"],
                 "token_clan[]": ["ice_river", "cave_people"]})
    assert t.view["clans"]["ice_river"] == ["giant"]
    assert t.view["clans"]["cave_people"] == ["normal"]
    assert t.state["players"]["p1"]["keeps"] == 1 and t.state["players"]["p1"]["settlements"] == 1
    assert "reminder" in t.steps()


def test_build_refuses_missing_or_bad_token(table):
    """seed 004 p.8: the revealed token must be entered; a wrong count or type changes nothing."""
    t = ready(table)
    t.roll(12)
    err = t.refuse("p1", {"type": "build", "what": "keep", "tokens": [tok("giant", "hornfoot")]})
    assert "p.5" in err.rule
    t.refuse("p1", {"type": "build", "what": "settlement", "tokens": [tok("dragon", "hornfoot")]})
    t.refuse("p1", {"type": "build", "what": "settlement", "tokens": [tok("normal", "nowhere")]})


def test_fifth_wildling_starts_an_attack(table):
    """seed 004 p.7, wildling attack: a 5th wildling enters a full clan area; the two front camps
    advance at once (camp 1 on the lowest trail, camp 2 on the highest, by default); then camps
    3, 4, 5 move to 1, 2, 3."""
    t = ready(table)
    t.set_board(clans={"hornfoot": ["giant", "climber", "normal", "climber"]},
                wall={"w3": ["p3", "p1"], "w4": ["p4"]})
    t.roll(12)
    t.act("p1", {"type": "build", "what": "settlement", "tokens": [tok("giant", "hornfoot")]})
    v = t.view
    assert v["clans"]["hornfoot"] == ["normal", "climber", "giant"]
    # camp 1 (giant) took trail 6 to clearing 5,6: it removes the space-1 guard of section 3
    assert v["wall"]["w3"] == ["p1"]
    # camp 2 (climber) took trail 8 to clearing 7,8: it jumps section 4
    assert v["gift"] == {"s4h1": ["climber"]}
    kinds = t.steps()
    assert kinds.index("attack") < kinds.index("advance") < kinds.index("close_up")


def test_attack_option_camp2_takes_lower_trail(table):
    """The table option for the ambiguous wording of p.7: camp 2 takes the lower-numbered trail."""
    t = ready(table, attack_low="camp2")
    t.set_board(clans={"hornfoot": ["giant", "climber", "normal", "climber"]},
                wall={"w3": ["p3", "p1"], "w4": ["p4"]})
    t.roll(12)
    t.act("p1", {"type": "build", "what": "settlement", "tokens": [tok("normal", "hornfoot")]})
    v = t.view
    assert v["clans"]["hornfoot"] == ["normal", "climber", "normal"]
    assert v["gift"] == {"s3h1": ["climber"]}  # the climber took trail 6 over section 3
    assert v["wall"]["w4"] == []  # the giant took trail 8 and removed p4's guard on section 4


def test_longest_road_draws_a_reserve_token(table):
    """seed 004 p.8: taking the Longest Road reveals a random reserve token; 1 VP (p.8)."""
    t = ready(table)
    t.roll(12)
    t.act("p1", {"type": "longest_road", "holder": "p1", "tokens": [tok("normal", "cave_people")]})
    assert t.view["longest_road"] == "p1"
    assert t.view["clans"]["cave_people"] == ["normal"]
    assert t.view["players"]["p1"]["vp_parts"]["longest_road"] == 1
    t.refuse("p1", {"type": "longest_road", "holder": "p1", "tokens": [tok("normal", "cave_people")]})


def test_largest_patrol_first_to_three_then_strictly_more(table):
    """seed 004 p.4: the first with 3 rangers takes the Largest Patrol, another needs more; taking
    it reveals a reserve token (p.8). One development card per turn, bought on an earlier turn."""
    t = ready(table, players=3)

    def turn(seat, *actions):
        t.roll(12)
        for action in actions:
            t.act(seat, action)
        t.act(seat, {"type": "end_turn"})

    turn("p1", *[{"type": "build", "what": "dev"}] * 3)
    turn("p2", *[{"type": "build", "what": "dev"}] * 4)
    turn("p3")
    for n in range(3):
        t.roll(12)
        if n == 2:
            t.refuse("p1", {"type": "ranger"})  # the third one takes the patrol: a token is needed
            t.act("p1", {"type": "ranger", "tokens": [tok("climber", "ice_river")]})
        else:
            t.act("p1", {"type": "ranger"})
        t.act("p1", {"type": "end_turn"})
        turn("p2", {"type": "ranger"})
        turn("p3")
    assert t.view["largest_patrol"] == "p1"
    turn("p1")
    turn("p2", {"type": "ranger", "tokens": [tok("normal", "ice_river")]})
    assert t.view["largest_patrol"] == "p2"
    assert t.view["clans"]["ice_river"] == ["climber", "normal"]


def test_no_figure_left_in_frostfangs(table):
    """A token names a wildling type the Frostfangs has run out of: nothing migrates (logged)."""
    t = ready(table)
    t.set_board(frostfangs={"normal": 0, "climber": 1, "giant": 1})
    t.roll(12)
    t.act("p1", {"type": "build", "what": "settlement", "tokens": [tok("normal", "hornfoot")]})
    assert t.view["clans"]["hornfoot"] == []
    assert "none_left" in t.steps()


def mix_profile():
    raw = prof.default()
    raw["tokens"] = [{"wildling": "normal", "clan": "hornfoot", "count": 2},
                     {"wildling": "giant", "clan": "cave_people", "count": 1}]
    return raw


def test_digital_reserve_draws_and_reshuffles(table):
    """seed 004 p.8: used tokens lie face up; an empty reserve is refilled from them."""
    t = table(dice="physical", tokens="digital", profile=mix_profile()).finish_setup()
    t.roll(12)
    t.act("p1", {"type": "build", "what": "keep"})
    t.act("p1", {"type": "build", "what": "settlement"})
    assert t.view["tokens"] == {"mode": "digital", "reserve": 0, "used": 3}
    assert sorted(sum(t.view["clans"].values(), [])) == ["giant", "normal", "normal"]
    t.act("p1", {"type": "build", "what": "settlement"})
    assert "reshuffle" in t.steps()
    assert t.view["tokens"]["reserve"] + t.view["tokens"]["used"] == 3


def test_digital_tokens_need_a_mix(table):
    """The default profile has no token mix (unknown): digital tokens are refused at setup."""
    import pytest

    from companion.games.base import RuleError

    with pytest.raises(RuleError) as err:
        table(tokens="digital")
    assert "p.5" in err.value.rule
