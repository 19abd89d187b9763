"""Who holds the opportunity, and when a round ends (seed 003 Page 6-10 and Page 14)."""

from __future__ import annotations

import pytest
from helpers import Table, no_autopass, plot

from companion.games.base import RuleError


def to_marshalling(players: int = 3, first: str = "p1") -> Table:
    """A table with nobody auto-passing, in the first marshalling segment, ``first`` first player."""
    t = Table(players)
    no_autopass(t)
    t.until_box("plot.reveal")
    for s in t.state["seats"]:
        t.do(s, "answer", value=plot(f"plot-{s}", initiative=5 if s == "p1" else 1))
    t.until_box("plot.reveal")
    while t.view["event"] != "choose_first":
        t.pass_()
    t.do("p1", "first_player", seat=first)
    t.until_box("marshal.actions")
    return t


def test_first_player_acts_first_in_every_segment():
    """The first player always takes the first action of a player-action segment (seed 003 Page 6)."""
    t = to_marshalling(3, first="p2")
    assert t.view["round_type"] == "actions"
    assert t.priority == "p2"
    assert t.state["active_player"] == "p2"
    t.until_box("marshal.done")
    t.until_box("marshal.actions")
    assert t.state["active_player"] == "p3"
    assert t.priority == "p2", "still the first player, although p3 is the active player"


def test_segment_moves_clockwise_and_ends_after_all_pass_consecutively():
    """Opportunity passes clockwise; all players passing consecutively ends the segment (Page 6)."""
    t = to_marshalling(3)
    order = []
    for _ in range(3):
        order.append(t.priority)
        t.pass_()
    assert order == ["p1", "p2", "p3"]
    assert t.box == "marshal.done"


def test_player_action_save_cancel_and_responses_start_left_of_initiator():
    """After a player action, the player to the left of its initiator answers first, in both the
    save/cancel round and the response round (seed 003 Page 6 and Page 14)."""
    t = to_marshalling(3)
    t.pass_("p1")
    t.do("p2", "act", label="Marshal a character")
    win = t.view["window"]
    assert [w["kind"] for w in win] == ["action"] and win[0]["initiator"] == "p2"
    assert t.view["step"] == "save" and t.priority == "p3"
    t.pass_()
    assert t.priority == "p1"
    t.pass_()
    assert t.priority == "p2"
    t.pass_()
    assert t.view["step"] == "responses" and t.priority == "p3"


def test_framework_window_first_player_answers_first_whoever_is_active():
    """In a framework window the first player has the first response (seed 003 Page 14: even in
    challenge resolution, whether attacker or defender)."""
    t = to_marshalling(3, first="p3")
    assert t.box == "marshal.actions"
    t.until_box("marshal.done")
    assert t.view["step"] == "save" and t.priority == "p3"
    t.pass_all()
    assert t.view["step"] == "responses" and t.priority == "p3"


def test_action_then_opportunity_goes_to_actor_left_and_passed_player_may_act_again():
    """A player who passed may act again when the opportunity comes back after someone acted; the
    next opportunity after an action is the actor's left neighbour (seed 003 Page 6, Page 14)."""
    t = to_marshalling(3)
    t.pass_("p1")
    t.do("p2", "act", label="Event")
    for _ in range(6):
        t.pass_()  # its save round and response round
    assert t.view["window"] == []
    assert t.view["round_type"] == "actions"
    assert t.priority == "p3"
    assert t.view["passed"] == []
    t.pass_("p3")
    t.do("p1", "act", label="Another event")  # p1 had passed before p2 acted
    assert t.view["window"][0]["initiator"] == "p1"


def test_pass_then_other_acts_reopens_round_needing_everyone_again():
    """'If I act and my opponent passes, may I act again? Yes' (seed 003 Page 14)."""
    t = to_marshalling(2)
    t.do("p1", "act", label="Marshal")
    t.pass_all()  # save round
    t.pass_all()  # responses
    assert t.priority == "p2"
    t.pass_("p2")
    assert t.priority == "p1" and t.box == "marshal.actions"
    t.do("p1", "act", label="Marshal again")
    assert t.view["window"][0]["initiator"] == "p1"


def test_all_pass_closes_the_save_cancel_door_at_once():
    """The save/cancel door closes as soon as all players pass; then the action resolves and only
    normal responses follow (seed 003 Page 7)."""
    t = to_marshalling(2)
    t.do("p1", "act", label="Marshal")
    t.pass_("p2")
    t.pass_("p1")
    assert t.view["step"] == "responses"
    assert t.view["round_type"] == "responses"
    with pytest.raises(RuleError):
        t.do("p1", "act", effect="cancel")  # not p1's opportunity: p2 responds first


def test_response_opens_its_own_save_cancel_round_from_its_left():
    """Each response gets its own save/cancel round before resolving (seed 003 Page 8, a-d)."""
    t = to_marshalling(3)
    t.do("p1", "act", label="Marshal")
    t.pass_all()
    assert t.priority == "p2" and t.view["step"] == "responses"
    t.do("p2", "act", label="A response")
    stack = t.view["window"]
    assert [w["kind"] for w in stack] == ["action", "response"]
    assert stack[1]["step"] == "save" and t.priority == "p3"
    t.pass_all()
    assert [w["kind"] for w in t.view["window"]] == ["action"]
    assert t.priority == "p3", "the player left of the responder holds the next response opportunity"
    t.pass_("p3")
    t.pass_("p1")
    assert t.priority == "p2", "the responder must pass too before the window closes"
    t.pass_("p2")
    assert t.view["window"] == []


def test_cancel_of_a_cancel_nests_and_only_the_last_resolving_cancel_counts():
    """Cancelling a cancel is a save/cancel response in the cancel's own round (seed 003 Page 7)."""
    t = to_marshalling(2)
    t.do("p1", "act", label="Event")
    t.do("p2", "act", label="Cancel it", effect="cancel")
    t.do("p1", "act", label="Cancel the cancel", effect="cancel")
    kinds = [w["kind"] for w in t.view["window"]]
    assert kinds == ["action", "save", "save"]
    t.pass_all()  # nobody answers the cancel-of-cancel: it resolves and cancels p2's cancel
    t.pass_all()  # p2's cancel is in its passives/close; p1's action's save round resumes
    assert len(t.view["window"]) == 1
    assert t.view["window"][0]["cancelled"] is False
    assert any("was cancelled" in m for m in t.messages())


def test_cancelled_action_is_reported_and_window_still_closes():
    t = to_marshalling(2)
    t.do("p1", "act", label="Event")
    t.do("p2", "act", label="Cancel it", effect="cancel")
    t.pass_all()
    assert t.view["window"][0]["cancelled"] is True
    t.pass_all()
    t.pass_all()
    assert t.view["window"] == []
    assert "p1's action was cancelled." in t.messages()


def test_framework_worked_example_page_9_responses_and_moribund():
    """Seed 003 Page 9-10, example F: in the challenge-resolution framework window the first player
    (Baratheon) responds first; Lannister cancels it with a save/cancel; Lannister then may respond
    and passes, Baratheon passes: the window closes and the moribund Lannister card leaves."""
    from test_challenges import to_resolution

    t = to_resolution(attacker_str=5, defender_str=3)  # p1 = Baratheon, first player and attacker
    t.do("p2", "moribund", label="Lannister character (claim)")
    while t.view["step"] != "responses":
        t.pass_()
    assert t.priority == "p1"
    t.do("p1", "act", label="Put to the Sword")
    assert t.priority == "p2"
    t.do("p2", "act", label="Paper Shield", effect="cancel")
    t.pass_all()  # nobody cancels the cancel
    t.pass_all()  # the rest of the save round of the response: Put to the Sword is cancelled
    assert t.view["window"][0]["step"] == "responses"
    assert t.priority == "p2", "now it is the Lannister player's turn to respond"
    t.pass_("p2")
    t.pass_("p1")
    assert t.view["window"] == []
    assert t.view["closed"]["moribund"] == ["Lannister character (claim)"]
    assert "Window closed: take off the table now: Lannister character (claim)." in t.messages()


def test_moribund_joffrey_example_page_8():
    """Seed 003 Page 8: Joffrey, killed by an opponent's action, is moribund: still on the table,
    his response may be used in step 5; at step 6 he goes to the dead pile."""
    t = to_marshalling(2)
    t.pass_("p1")
    t.do("p2", "act", label="Kill Joffrey")
    t.pass_all()  # nobody saves him
    t.do("p1", "moribund", label="Joffrey Baratheon")
    assert t.view["moribund"] == ["Joffrey Baratheon"]
    assert t.view["step"] == "responses" and t.priority == "p1"
    t.do("p1", "act", label="Joffrey: claim 1 power")
    t.pass_all()
    t.do("p1", "adjust", field="power", delta=1)
    assert t.view["moribund"] == ["Joffrey Baratheon"], "still in play until the window closes"
    t.pass_all()
    assert t.view["window"] == [] and t.view["closed"]["moribund"] == ["Joffrey Baratheon"]
    with pytest.raises(RuleError) as err:
        t.do("p1", "moribund", label="x")
    assert err.value.rule == "seed 003 Page 8"


def test_moribund_card_cannot_be_removed_twice_in_one_window():
    """A moribund card cannot be removed from play again in the same window (seed 003 Page 8)."""
    t = to_marshalling(2)
    t.do("p1", "act", label="Kill")
    t.do("p2", "moribund", label="Jaime Lannister")
    with pytest.raises(RuleError) as err:
        t.do("p1", "moribund", label="Jaime Lannister")
    assert err.value.rule == "seed 003 Page 8"


def test_jaime_example_page_9_response_can_be_cancelled_by_others():
    """Seed 003 Page 9: the Lannister player plays a response (kneeling moribund Jaime to pay);
    the other players may cancel it in its own save/cancel round, then it resolves."""
    from test_challenges import to_resolution

    t = to_resolution(attacker_str=5, defender_str=3, players=3)  # p2 defends and loses
    t.do("p2", "moribund", label="Jaime Lannister")
    while t.view["step"] != "responses":
        t.pass_()
    assert t.priority == "p1"
    t.pass_("p1")
    t.do("p2", "act", label="A Lannister Always Pays His Debts")
    assert [w["kind"] for w in t.view["window"]] == ["framework", "response"]
    assert t.priority == "p3"
    t.pass_("p3")
    t.pass_("p1")
    t.pass_("p2")
    assert "p2's response resolves." in t.messages()
    t.do("p1", "moribund", label="Robert Baratheon")
    t.pass_all()
    assert t.view["closed"]["moribund"] == ["Jaime Lannister", "Robert Baratheon"]


def test_only_the_holder_may_act_or_pass_and_stale_passes_are_refused():
    t = to_marshalling(3)
    with pytest.raises(RuleError) as err:
        t.do("p2", "pass")
    assert err.value.status == 403 and err.value.rule == "seed 003 Page 6"
    opp = t.view["opp"]
    t.do("p1", "pass", opp=opp)
    with pytest.raises(RuleError) as err:
        t.do("p2", "pass", opp=opp)
    assert err.value.status == 409
    t.do("p2", "pass", opp=t.view["opp"])


def test_host_may_pass_for_the_holder():
    """The shared screen's keyboard shortcut passes for whoever holds the opportunity (host)."""
    t = to_marshalling(2)
    t.host("pass")
    assert t.priority == "p2"
    assert "Host passed for p1." in t.messages()


def test_framework_worked_example_page_9_events_a_to_e():
    """Seed 003 Page 9 (A-E): the challenge-resolution window walks 'determine the winner', 'claim',
    'unopposed', 'renown', each with a save/cancel round opened by the first player; then Robert
    Baratheon's passive (an extra power for renown) has its own save/cancel round before responses."""
    from test_challenges import to_resolution

    t = to_resolution(attacker_str=6, defender_str=2)  # p1 = Baratheon (first player), p2 = Lannister
    seen = []
    while t.view["step"] == "save" and len(t.view["window"]) == 1:
        seen.append((t.view["event"], t.priority))
        if t.view["event"] == "renown" and t.priority == "p1":
            t.do("p1", "adjust", field="char_power", delta=1)  # Robert claims 1 power for renown
            t.do("p1", "passive", label="Robert Baratheon: 1 more power for renown")
        t.pass_()
    assert seen == [("determine_winner", "p1"), ("determine_winner", "p2"), ("apply_claim", "p1"),
                    ("apply_claim", "p2"), ("unopposed", "p1"), ("unopposed", "p2"), ("renown", "p1"),
                    ("renown", "p2")]
    assert [w["kind"] for w in t.view["window"]] == ["framework", "passive"]
    assert t.view["step"] == "save" and t.priority == "p1", "both may save/cancel the passive"
    t.pass_all()
    t.do("p1", "adjust", field="char_power", delta=1)
    assert t.view["step"] == "responses" and t.priority == "p1"
    assert t.view["players"]["p1"]["total"] == 2


def test_after_my_response_and_a_pass_i_may_respond_again():
    """Seed 003 Page 14: 'If I play a response and my opponent passes, may I act again? Yes.'"""
    t = to_marshalling(2)
    t.do("p1", "act", label="Marshal")
    t.pass_all()
    assert t.priority == "p2"
    t.pass_("p2")
    t.do("p1", "act", label="Response 1")
    t.pass_all()  # its save/cancel round
    assert t.priority == "p2" and t.view["step"] == "responses"
    t.pass_("p2")
    assert t.priority == "p1"
    t.do("p1", "act", label="Response 2")
    assert t.view["window"][-1]["label"] == "Response 2"


def test_benjen_stark_example_page_8_passive_on_becoming_moribund():
    """Seed 003 Page 8: Benjen Stark's passive fires when he becomes moribund (killed), so it is
    walked in step 4 with its own save/cancel round; Benjen himself leaves only at step 6, so he is
    not shuffled back with the dead pile."""
    t = to_marshalling(2)
    t.do("p1", "act", label="Kill Benjen Stark")
    t.do("p2", "moribund", label="Benjen Stark")
    t.do("p2", "passive", label="Benjen Stark: dead piles shuffled into decks")
    t.pass_all()  # nobody saves Benjen: the action resolves
    assert [w["kind"] for w in t.view["window"]] == ["action", "passive"]
    assert t.view["moribund"] == ["Benjen Stark"], "still on the table while his passive resolves"
    t.pass_all()
    assert t.view["step"] == "responses"
    t.pass_all()
    assert t.view["closed"]["moribund"] == ["Benjen Stark"]


def test_draw_is_a_framework_action_example_page_6():
    """Seed 003 Page 6: drawing two cards in the draw phase is a framework action: it opens a
    framework window whose responses start with the first player."""
    t = to_marshalling(3, first="p2")
    t.host("set_phase", phase="draw")
    while t.view["event"] != "draw_two":
        t.pass_()
    assert t.view["window"][0]["kind"] == "framework" and t.priority == "p2"
