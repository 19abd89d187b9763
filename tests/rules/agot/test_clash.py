"""Clash of Kings: sealed bids per track, ties by the Iron Throne holder, bids to the Pool
(seed 000 p.10-11)."""

from __future__ import annotations

import pytest
from agot_kit import act, bid_all, ctx, dump, new_game, pid, set_power, to_westeros

from companion.games.agot import GAME, flow, power
from companion.games.base import RuleError


def clash(players: int = 5):
    s = new_game(players)
    to_westeros(s)
    flow.push(s, {"kind": "clash", "track": 0})
    flow.advance(s, ctx(host=True))
    return s


def test_fiefdoms_bidding_example_p10():
    """Seed 000 p.10 (5 players): Greyjoy has won the Iron Throne. Fiefdoms bids: Lannister 4,
    Baratheon 3, Stark 3, Tyrell 2, Greyjoy 0. Greyjoy (Iron Throne) puts Baratheon 2nd and Stark
    3rd; Lannister takes the Valyrian Steel Blade."""
    s = clash(5)
    for h in s["houses"]:
        set_power(s, h, 6)
    bid_all(s, {"greyjoy": 5, "baratheon": 1, "lannister": 0, "stark": 0, "tyrell": 2})
    # 0-0 tie on the Iron Throne track: the *old* holder (Baratheon) still decides it (p.11 note).
    assert GAME.waiting_for(s) == ["baratheon"]
    act(s, "baratheon", {"type": "order_ties", "order": ["greyjoy", "tyrell", "baratheon", "lannister", "stark"]})
    assert s["dominance"]["iron_throne"]["holder"] == "greyjoy"
    assert s["tracks"]["iron_throne"] == ["greyjoy", "tyrell", "baratheon", "lannister", "stark"]
    bid_all(s, {"lannister": 4, "baratheon": 3, "stark": 3, "tyrell": 2, "greyjoy": 0})
    assert GAME.waiting_for(s) == ["greyjoy"]
    with pytest.raises(RuleError):  # only the tied houses may be reordered
        act(s, "greyjoy", {"type": "order_ties", "order": ["baratheon", "lannister", "stark", "tyrell", "greyjoy"]})
    with pytest.raises(RuleError) as err:
        act(s, "baratheon", {"type": "order_ties", "order": ["lannister", "baratheon", "stark", "tyrell", "greyjoy"]})
    assert err.value.status == 403
    act(s, "greyjoy", {"type": "order_ties", "order": ["lannister", "baratheon", "stark", "tyrell", "greyjoy"]})
    assert s["tracks"]["fiefdoms"] == ["lannister", "baratheon", "stark", "tyrell", "greyjoy"]
    assert s["dominance"]["blade"]["holder"] == "lannister"
    assert GAME.public_view(s)["clash"]["tracks"]["fiefdoms"]["bids"]["lannister"] == 4


def test_all_bids_go_to_the_pool():
    """Every bid is discarded to the Power Pool, winners and losers alike (seed 000 p.10)."""
    s = clash(3)
    bid_all(s, {"baratheon": 3, "lannister": 2, "stark": 1})
    assert [power.summary(s, h)["available"] for h in ("baratheon", "lannister", "stark")] == [2, 3, 4]
    assert [power.summary(s, h)["pool"] for h in ("baratheon", "lannister", "stark")] == [18, 17, 16]
    bid_all(s, {"baratheon": 0, "lannister": 3, "stark": 4})
    # Lannister and Stark have no power left: their 0 is entered for them.
    assert GAME.waiting_for(s) == ["baratheon"]
    bid_all(s, {"baratheon": 2})
    act(s, "baratheon", {"type": "order_ties", "order": ["baratheon", "stark", "lannister"]})
    assert s["tracks"] == {"iron_throne": ["baratheon", "lannister", "stark"],
                           "fiefdoms": ["stark", "lannister", "baratheon"],
                           "kings_court": ["baratheon", "stark", "lannister"]}
    assert s["dominance"]["raven"]["holder"] == "baratheon"
    assert flow.current(s) is None or flow.current(s)["kind"] != "clash"
    for h in s["houses"]:
        assert power.total(s, h) == power.TOTAL


def test_cannot_bid_more_than_available():
    """A house can never bid more than it has (seed 000 p.10)."""
    s = clash(3)
    with pytest.raises(RuleError):
        act(s, "stark", {"type": "answer", "prompt": pid(s), "value": 6})
    with pytest.raises(RuleError):
        act(s, "stark", {"type": "answer", "prompt": pid(s), "value": -1})


def test_bids_stay_secret_until_all_are_in():
    """No unrevealed bid in the public view or another house's private view (design: secrets)."""
    s = clash(3)
    act(s, "stark", {"type": "answer", "prompt": pid(s), "value": 4})
    act(s, "lannister", {"type": "answer", "prompt": pid(s), "value": 3})
    public = dump(GAME.public_view(s))
    other = dump(GAME.private_view(s, "baratheon"))
    assert '"answers"' not in public and '"mine": 4' not in other and '"mine": 3' not in other
    assert '"mine": 4' in dump(GAME.private_view(s, "stark"))
    assert GAME.waiting_for(s) == ["baratheon"]
    act(s, "baratheon", {"type": "answer", "prompt": pid(s), "value": 0})
    assert '"stark": 4' in dump(GAME.public_view(s)["clash"])


def test_a_bid_may_change_until_the_last_one():
    s = clash(3)
    p = pid(s)
    act(s, "stark", {"type": "answer", "prompt": p, "value": 4})
    act(s, "stark", {"type": "answer", "prompt": p, "value": 1})
    act(s, "lannister", {"type": "answer", "prompt": p, "value": 0})
    act(s, "baratheon", {"type": "answer", "prompt": p, "value": 2})
    assert s["clash"]["tracks"]["iron_throne"]["bids"]["stark"] == 1


def test_a_house_without_power_bids_zero_by_itself():
    """No available power: the only possible bid, 0, is entered for the house (seed 000 p.10)."""
    s = new_game(3)
    set_power(s, "stark", 0)
    to_westeros(s)
    flow.push(s, {"kind": "clash", "track": 0})
    flow.advance(s, ctx(host=True))
    assert GAME.waiting_for(s) == ["baratheon", "lannister"]
    bid_all(s, {"baratheon": 2, "lannister": 1})
    assert s["clash"]["tracks"]["iron_throne"]["bids"] == {"baratheon": 2, "lannister": 1, "stark": 0}


def test_nobody_with_power_resolves_without_a_tap():
    s = new_game(3)
    for h in s["houses"]:
        set_power(s, h, 0)
    to_westeros(s)
    flow.push(s, {"kind": "clash", "track": 0})
    flow.advance(s, ctx(host=True))
    # every track is an all-zero tie: only the Iron Throne holder's tie-breaks are left
    assert GAME.waiting_for(s) == ["baratheon"]


def test_power_lost_after_a_sealed_bid_never_refuses_another_house():
    """A bid is never more than the house's available power (seed 000 p.10). If a correction
    lowers that power while the bid is sealed (the host fixing a miscount, a token placed on the
    board), the last house to bid must not be refused with a message that quotes the sealed bid
    (nothing another device cannot see decides a refusal), nor leave the track stuck: the bid
    counts as what the house still has."""
    s = clash(3)
    for h in s["houses"]:
        set_power(s, h, 5)
    act(s, "stark", {"type": "answer", "prompt": pid(s), "value": 5})
    act(s, None, {"type": "adjust_power", "house": "stark", "delta": -2}, host=True)
    act(s, "lannister", {"type": "answer", "prompt": pid(s), "value": 1})
    last = act(s, "baratheon", {"type": "answer", "prompt": pid(s), "value": 4})  # refused before: "cannot spend 5"
    bids = s["clash"]["tracks"]["iron_throne"]["bids"]
    assert bids == {"stark": 3, "lannister": 1, "baratheon": 4}
    assert s["power"]["stark"]["available"] == 0
    assert s["tracks"]["iron_throne"][0] == "baratheon"
    assert any(e["msg"] == "The bid of %(house)s counts as %(n)s: the power it still has." and e["params"]["n"] == 3
               for e in last.entries)


def test_the_last_bid_answers_its_own_track_not_the_next_one():
    """The bid that reveals a track opens the next track's prompt in the same step: the answer still
    went to the prompt it named, and the game says so (issue 40: the engine keys a seat's sealed
    answers by the prompt the handler returns, never by reading log lines)."""
    s = clash(3)
    for h in s["houses"]:
        set_power(s, h, 6)
    first = pid(s)
    *early, last = s["houses"]
    for value, house in enumerate(early):  # no tie: the reveal goes straight on
        act(s, house, {"type": "answer", "prompt": first, "value": value})
    assert GAME.apply(s, ctx(last), {"type": "answer", "prompt": first, "value": 5}) == first
    assert pid(s) != first  # the reveal moved the step on to the next track
