"""Guards, guard VP tokens, the three endings and the tie-breaks (seed 004 p.8)."""

from __future__ import annotations


def ready(table, guards=None, **kw):
    return table(dice="physical", **kw).finish_setup(guards or {"p1": "w1", "p2": "w2", "p3": "w3", "p4": "w4"})


def test_guard_goes_on_lowest_free_space_and_refuses_a_full_section(table):
    """seed 004 p.8: a new guard takes the lowest free space of the chosen section."""
    t = ready(table)
    t.roll(12)
    t.act("p1", {"type": "guard", "section": "w2"})
    assert t.view["wall"]["w2"] == ["p2", "p1"]
    t.set_board(wall={"w3": ["p3"] * 6})
    err = t.refuse("p1", {"type": "guard", "section": "w3"})
    assert err.status == 409 and "profile" in err.rule


def test_guard_vp_tokens_cross_both_ways(table):
    """seed 004 p.8: 3 guards on the Wall hold 1 VP token, 5 hold 2; a guard lost below a
    threshold returns the token."""
    t = ready(table)
    t.roll(12)
    assert t.view["players"]["p1"]["guard_tokens"] == 0
    t.act("p1", {"type": "guard", "section": "w1"})
    assert t.view["players"]["p1"]["guard_tokens"] == 0
    t.act("p1", {"type": "guard", "section": "w2"})
    assert t.view["players"]["p1"]["guard_tokens"] == 1
    assert t.view["vp"]["p1"] == 3
    t.act("p1", {"type": "guard", "section": "w3"})
    t.act("p1", {"type": "guard", "section": "w1"})
    assert t.view["players"]["p1"]["guard_tokens"] == 2
    assert t.view["vp"]["p1"] == 4
    # p1 holds space 1 of w1 (setup guard): a giant on trail 1 takes it -> 4 guards, back to 1 token
    t.act("p1", {"type": "end_turn"})
    t.set_board(clans={"ice_river": ["giant"]})
    t.roll(1)
    assert t.view["players"]["p1"]["guards_on_wall"] == 4
    assert t.view["players"]["p1"]["guard_tokens"] == 1
    assert "vp_token" in t.steps()
    # a breach at w2 (p2 on space 1, p1 on space 2): p2's guard goes; p1 keeps 4
    t.act("p2", {"type": "end_turn"})
    t.set_board(clans={"cave_people": ["normal"]}, clearings={"c34": ["normal", "normal"]})
    t.roll(4)
    assert t.view["wall"]["w2"] == ["p1"]
    t.act("p3", {"type": "end_turn"})
    t.set_board(clans={"ice_river": ["normal"]}, clearings={"c34": ["normal"]})
    t.roll(3)  # 2 wildlings vs 1 guard: breach removes p1's guard -> 3 guards, still 1 token
    assert t.view["players"]["p1"]["guards_on_wall"] == 3
    assert t.view["players"]["p1"]["guard_tokens"] == 1


def test_all_seven_guards_used(table):
    """seed 004 p.6: each player has 7 guards."""
    t = ready(table)
    t.roll(12)
    for sid in ("w1", "w1", "w2", "w2", "w3", "w3"):
        t.act("p1", {"type": "guard", "section": sid})
    err = t.refuse("p1", {"type": "guard", "section": "w4"})
    assert "p.5" in err.rule


def test_third_breach_ends_the_game_most_guards_wins(table):
    """seed 004 p.8, end 1: the third breach ends the game at once; most guards on the Wall wins."""
    t = ready(table)
    t.set_board(breaches=2, clans={"cave_people": ["normal", "normal"]},
                wall={"w1": ["p1", "p3"], "w2": [], "w3": ["p3"], "w4": ["p4", "p3"]})
    t.roll(4)
    v = t.view
    assert v["phase"] == "over"
    assert v["end"]["reason"] == "breaches"
    assert v["winner"] == "p3"
    assert [r["seat"] for r in v["end"]["ranking"]][0] == "p3"
    t.refuse("p1", {"type": "end_turn"})
    assert v["clans"]["cave_people"] == ["normal"]  # the close-up never happened: game over first


def test_eighth_wildling_in_gift_ends_the_game(table):
    """seed 004 p.8, end 2: more than 7 wildlings in the Gift end the game at once."""
    t = ready(table)
    t.set_board(gift={"s1h1": ["normal"], "s1h2": ["normal"], "s2h1": ["giant"], "s2h2": ["normal"],
                      "s3h1": ["climber"], "s3h2": ["normal"], "s4h1": ["normal"]},
                clans={"hornfoot": ["climber"]}, wall={"w1": ["p2", "p2"]})
    t.roll(8)
    v = t.view
    assert v["gift_count"] == 8
    assert v["end"]["reason"] == "gift"
    assert v["winner"] == "p2"
    assert v["breaches"] == 0


def test_seven_in_gift_does_not_end(table):
    """seed 004 p.8: "more than 7" - seven wildlings in the Gift do not end the game."""
    t = ready(table)
    t.set_board(gift={"s1h1": ["normal"], "s1h2": ["normal"], "s2h1": ["giant"], "s2h2": ["normal"],
                      "s3h1": ["climber"], "s3h2": ["normal"]}, clans={"hornfoot": ["climber"]})
    t.roll(8)
    assert t.view["gift_count"] == 7 and t.view["phase"] == "main"


def test_ten_vp_wins_only_at_end_of_own_turn(table):
    """seed 004 p.8, end 3 and its worked example: 2 settlements, 2 keeps, Longest Road, 2 VP
    cards and 3 guards = 10 VP. The win comes at the end of the player's own turn."""
    t = ready(table)
    t.set_board(wall={"w1": ["p1", "p1", "p1"]}, longest_road="p1")
    p1 = t.state["players"]["p1"]
    p1.update(settlements=2, keeps=2, dev_bought=2)  # two development cards bought on earlier turns
    t.roll(12)
    assert t.view["vp"]["p1"] == 8
    t.act("p1", {"type": "reveal_vp", "count": 2})
    assert t.view["vp"]["p1"] == 10
    assert t.view["phase"] == "main"  # not yet: only at the end of the turn
    t.act("p1", {"type": "end_turn"})
    assert t.view["phase"] == "over" and t.view["winner"] == "p1"
    assert t.view["end"]["reason"] == "vp"


def test_ten_vp_on_someone_elses_turn_waits(table):
    """seed 004 p.8: a player does not win at the end of another player's turn."""
    t = ready(table)
    t.state["players"]["p2"].update(settlements=5, keeps=4)
    t.roll(12)
    t.act("p1", {"type": "end_turn"})
    assert t.view["phase"] == "roll" and t.view["active_player"] == "p2"
    t.roll(12)
    t.act("p2", {"type": "end_turn"})
    assert t.view["winner"] == "p2"


def end_at_wall(t):
    """End the game without touching any guard: a climber is the 8th wildling in the Gift."""
    t.set_board(gift={h: ["normal"] for h in ("s2h1", "s2h2", "s3h1", "s3h2", "s3h3", "s4h1", "s4h2")},
                clans={"ice_river": ["climber"]})
    t.roll(1)
    return t.view["end"]


def test_tie_on_guards_most_vp_wins(table):
    """seed 004 p.8, ties: tied players: the one with most VP wins."""
    t = ready(table)
    t.set_board(wall={"w1": ["p1", "p2"], "w2": [], "w3": ["p3"], "w4": ["p4"]})
    t.state["players"]["p2"]["keeps"] = 1
    end = end_at_wall(t)
    assert end["winners"] == ["p2"]


def test_tie_on_guards_and_vp_oldest_guard_wins(table):
    """seed 004 p.8, ties: then the oldest guard (lowest space of any section)."""
    t = ready(table)
    t.set_board(wall={"w1": ["p3", "p2"], "w2": [], "w3": ["p2", "p1"], "w4": ["p4", "p1"]})
    # p1 and p2 have 2 guards and equal VP; p2 has a space-1 guard, p1 does not
    end = end_at_wall(t)
    assert end["winners"] == ["p2"]


def test_tie_down_to_leftmost_guard(table):
    """seed 004 p.8, ties: then the guard furthest left (nearest the Frostfangs)."""
    t = ready(table)
    t.set_board(wall={"w1": [], "w2": ["p2", "p1"], "w3": ["p1", "p2"], "w4": []})
    end = end_at_wall(t)
    assert end["winners"] == ["p2"]  # both hold a space-1 guard; p2's (section 2) is further west


def test_leftmost_option_any_guard(table):
    """The table option on the last tie-break: with "any", a player's leftmost guard counts even
    if it is not among their oldest ones."""
    walls = {"w1": ["p3", "p1"], "w2": ["p2"], "w3": ["p1"], "w4": ["p2"]}
    t = ready(table)
    t.set_board(wall=walls)
    assert end_at_wall(t)["winners"] == ["p2"]  # oldest guards: p2 on w2 beats p1 on w3
    t = ready(table, tie_left="any")
    t.set_board(wall=walls)
    assert end_at_wall(t)["winners"] == ["p1"]  # p1's guard on w1 (space 2) is the leftmost


def test_full_tie_is_shared(table):
    """No rule separates players with no guard and equal VP: they share the place."""
    t = ready(table)
    t.set_board(wall={"w1": [], "w2": [], "w3": [], "w4": []})
    end = end_at_wall(t)
    assert set(end["winners"]) == {"p1", "p2", "p3", "p4"}
    assert t.view["winner"] is None
    assert all(r["place"] == 1 for r in end["ranking"])


def test_frostfangs_side_east_flips_left(table):
    """The profile says which end of the Wall is nearest the Frostfangs (unverified)."""
    from companion.games.catan_watch import profile as prof

    raw = prof.default()
    raw["frostfangs_side"] = "east"
    t = table(dice="physical", profile=raw).finish_setup({"p1": "w1", "p2": "w2", "p3": "w3", "p4": "w4"})
    t.set_board(wall={"w1": [], "w2": ["p2", "p1"], "w3": ["p1", "p2"], "w4": []})
    assert end_at_wall(t)["winners"] == ["p1"]


def test_full_column_options(table):
    """When every hex south of a section is blocked (the rulebook is silent), the option decides."""
    full = {"s1h1": ["normal"], "s1h2": ["normal"], "s1h3": ["normal"], "s1h4": ["normal"]}
    t = ready(table)
    t.set_board(gift=full, clans={"ice_river": ["climber"]})
    t.roll(1)
    assert t.view["gift"]["s1h4"] == ["normal", "climber"] and t.view["gift_count"] == 5
    t = ready(table, full_column="frostfangs")
    t.set_board(gift=full, clans={"ice_river": ["climber"]})
    climbers = t.state["frostfangs"]["climber"]
    t.roll(1)
    assert t.view["gift_count"] == 4 and t.state["frostfangs"]["climber"] == climbers + 1


def test_at_the_wall_guards_count_before_vp(table):
    """seed 004 p.8, ends 1 and 2: the most guards on the Wall wins, even against more VP."""
    t = ready(table)
    t.set_board(wall={"w1": ["p1", "p1"], "w2": ["p2"], "w3": ["p3"], "w4": ["p4"]})
    t.state["players"]["p2"].update(settlements=5, keeps=4)
    end = end_at_wall(t)
    assert end["winners"] == ["p1"]
    assert [r["seat"] for r in end["ranking"]][:2] == ["p1", "p2"]  # then most VP among 1-guard players
