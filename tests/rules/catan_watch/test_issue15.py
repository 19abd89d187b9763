"""Issue 15: Brotherhood of the Watch right by default: the frame corrected mid-game from the next
roll, one development card per turn (seed 004 p.4), the table's first seat (p.6), and a token whose
wildling kind has run out (a visible option; the rulebook is silent)."""

from __future__ import annotations

import pytest

from companion.games.catan_watch import GAME


def ready(table, **kw):
    return table(dice="physical", **kw).finish_setup({"p1": "w1", "p2": "w2", "p3": "w3", "p4": "w4"})


def test_a_trail_corrected_mid_game_applies_from_the_next_roll(table):
    """The frame is no longer locked after the first guard: the correction is logged, waits for the
    next roll, and from then on the wildling die follows the corrected trail."""
    t = ready(table)
    t.set_board(clans={"hornfoot": ["normal"]})
    t.roll(1)
    t.host({"type": "edit_trail", "number": 9, "clan": "hornfoot", "clearing": "c78"})
    assert t.view["frame_pending"] and {"number": 9, "clan": "hornfoot", "clearing": "c78"} not in t.view["trails"]
    t.act("p1", {"type": "end_turn"})
    t.roll(9)
    assert not t.view["frame_pending"]
    assert {"number": 9, "clan": "hornfoot", "clearing": "c78"} in t.view["trails"]
    assert t.state["clans"]["hornfoot"] == [] and t.state["clearings"]["c78"] == ["normal"]
    assert "frame" in t.steps()


def test_a_smaller_frame_sends_wildlings_back_and_guards_home(table):
    t = ready(table)
    t.set_board(clans={"hornfoot": ["normal", "giant", "climber"]},
                wall={"w1": ["p1", "p2", "p3"]})
    t.roll(12)
    t.host({"type": "edit_section", "id": "w1", "spaces": 2})
    raw = {**t.state["pending_profile"]}
    raw["clans"] = [dict(c, camps=2) if c["id"] == "hornfoot" else c for c in raw["clans"]]
    t.host({"type": "edit_profile", "profile": raw})
    before = dict(t.state["frostfangs"])
    t.act("p1", {"type": "end_turn"})
    t.roll(12)
    assert t.state["clans"]["hornfoot"] == ["normal", "giant"]
    assert t.state["frostfangs"]["climber"] == before["climber"] + 1
    assert t.state["wall"]["w1"] == ["p1", "p2"] and t.state["players"]["p3"]["guards_supply"] == 6


def test_host_only_and_not_after_the_end(table):
    t = ready(table)
    assert t.refuse("p1", {"type": "edit_trail", "number": 9, "clan": "none"}).status == 403


def test_one_development_card_per_turn_never_one_bought_this_turn(table):
    """seed 004 p.4: play 1 development card per turn, and not one bought in the same turn (a
    victory point card is the exception)."""
    t = ready(table)
    t.roll(12)
    t.act("p1", {"type": "build", "what": "dev"})
    err = t.refuse("p1", {"type": "ranger"})
    assert "p.2-4" in err.rule and err.status == 409
    t.refuse("p1", {"type": "progress"})
    # a victory point card bought this turn may be revealed at once, but only to win (p.2-4):
    # tests/rules/catan_watch/test_input_checks.py
    t.act("p1", {"type": "build", "what": "dev"})
    t.act("p1", {"type": "build", "what": "dev"})
    t.act("p1", {"type": "end_turn"})
    for seat in ("p2", "p3", "p4"):
        t.roll(12)
        t.act(seat, {"type": "end_turn"})
    t.roll(12)
    t.act("p1", {"type": "ranger", "option": "card"})
    assert t.refuse("p1", {"type": "progress"}).status == 409, "one per turn"
    assert t.state["steps"][-1]["kind"] == "ranger_option"


def test_ranger_options_are_checked(table):
    t = ready(table)
    t.roll(12)
    t.refuse("p1", {"type": "ranger", "option": "fly"})


@pytest.mark.parametrize("first", ["p3", "p1"])
def test_the_table_picks_the_first_seat(table, first):
    """p.6: each player rolls the production dice, the highest goes first; heroes follow the new
    numbering (player 1 takes A4 Yarwyck with 4 players)."""
    t = table(dice="physical")
    t.act("p2", {"type": "first_seat", "seat": first})
    assert GAME.waiting_for(t.state) == [first]
    assert t.state["players"][first]["hero"]["id"] == "yarwyck"
    t.finish_setup()
    assert t.view["active_player"] == first
    t.roll(12)
    t.act(first, {"type": "end_turn"})
    seats = t.state["seats"]
    assert t.view["active_player"] == seats[(seats.index(first) + 1) % 4]


def test_first_seat_only_before_the_first_settlement(table):
    t = table(dice="physical")
    t.act("p1", {"type": "setup_place"})
    assert t.refuse("p1", {"type": "first_seat", "seat": "p2"}).status == 409


def test_a_token_for_a_kind_gone_from_the_frostfangs_is_a_table_option(table):
    """The rulebook does not say what migrates when the named kind has run out: an option."""
    options = {o.key: o for o in GAME.options()}
    assert options["migrate_out"].default == "nothing" and options["migrate_out"].help
    t = ready(table, migrate_out="substitute")
    t.set_board(frostfangs={"normal": 0, "climber": 1, "giant": 1})
    t.roll(12)
    t.act("p1", {"type": "build", "what": "settlement", "tokens": [{"wildling": "normal", "clan": "hornfoot"}]})
    assert t.state["clans"]["hornfoot"] == ["climber"] and t.state["frostfangs"]["climber"] == 0


def test_frostfangs_counts_stay_marked_unverified_until_the_host_checks_them(table):
    """The seed lists no figure counts (no components list): the default counts are a guess shown as
    unverified; the host confirms them against the box, at any time, or corrects the mirror."""
    from companion.games.catan_watch import profile as prof

    assert "frostfangs" in prof.default()["unverified"]
    t = ready(table)
    assert "frostfangs" in [u["part"] for u in t.view["profile"]["unverified"]]
    t.host({"type": "verify_profile", "part": "frostfangs"})
    assert "frostfangs" not in [u["part"] for u in t.view["profile"]["unverified"]]
