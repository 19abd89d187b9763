"""The generic table's rules, without any server."""

import json
import random

import pytest

from companion.games import get
from companion.games.base import Actor, Ctx, RuleError
from companion.games.generic.moves import parse_dice
from tests.rules.harness import play

GAME = get("generic")


def ctx(seat=None, host=False, seed=1):
    return Ctx(Actor(seat=seat, host=host), random.Random(seed))


def act(state, action, seat=None, host=False, seed=1):
    """One action through the engine, as the server applies it (``state`` becomes the result)."""
    return play(GAME, state, Actor(seat=seat, host=host), action, seed)


def new_state(**opts):
    return GAME.setup(GAME.normalize_options(opts), ctx(host=True))


def test_seats_and_counters_come_from_the_options():
    state = new_state(seats="North, South, East", counters="VP, Wood", shared_counters="Round")
    assert state["seats"] == ["p1", "p2", "p3"]
    assert state["values"]["p2"] == {"VP": 0, "Wood": 0}
    assert state["shared"] == {"Round": 0}


def test_players_change_their_own_counters_only():
    state = new_state()
    act(state, {"type": "adjust", "seat": "p1", "counter": "VP", "delta": "3"}, "p1")
    assert state["values"]["p1"]["VP"] == 3
    with pytest.raises(RuleError) as err:
        act(state, {"type": "adjust", "seat": "p1", "counter": "VP", "delta": 1}, "p2")
    assert err.value.status == 403
    act(state, {"type": "set", "seat": "p1", "counter": "VP", "value": 10}, host=True)
    assert state["values"]["p1"]["VP"] == 10
    act(state, {"type": "adjust", "counter": "Round", "delta": 1}, "p2")
    assert state["shared"]["Round"] == 1


@pytest.mark.parametrize("bad", ["", "d", "0d6", "2d1", "100d6", "2d6+x", "2x6"])
def test_bad_dice_are_refused(bad):
    with pytest.raises(RuleError):
        parse_dice(bad)


def test_dice_are_seeded_per_event_and_logged():
    a, b = new_state(), new_state()
    act(a, {"type": "roll", "dice": "3d6+2"}, "p1", seed=42)
    act(b, {"type": "roll", "dice": "3d6+2"}, "p1", seed=42)
    assert a["rolls"] == b["rolls"]
    roll = a["rolls"][-1]
    assert len(roll["faces"]) == 3 and roll["total"] == sum(roll["faces"]) + 2


def test_sealed_vote_reveals_tally_only_after_last_answer():
    state = new_state(seats="A, B, C")
    act(state, {"type": "open_prompt", "title": "Pizza?", "kind": "choice", "choices": "Yes, No"}, "p1")
    act(state, {"type": "answer", "prompt": "g1", "value": "No"}, "p1")
    act(state, {"type": "answer", "prompt": "g1", "value": "Yes"}, "p2")
    public = json.dumps(GAME.public_view(state))
    assert '"answers"' not in public and "tally" not in public
    other = json.dumps(GAME.private_view(state, "p3"))
    assert "No" not in other.replace('"choices": ["Yes", "No"]', "")
    act(state, {"type": "answer", "prompt": "g1", "value": "Yes"}, "p3")
    view = GAME.public_view(state)["prompts"][0]
    assert view["tally"] == {"Yes": 2, "No": 1}


def test_bid_out_of_range_is_refused_with_a_message():
    state = new_state(seats="A, B")
    act(state, {"type": "open_prompt", "title": "Bid", "kind": "number", "min": 0, "max": 5}, "p1")
    with pytest.raises(RuleError) as err:
        act(state, {"type": "answer", "prompt": "g1", "value": 6}, "p1")
    assert "between 0 and 5" in str(err.value)
    assert state["prompts"]["g1"]["answers"] == {}


def test_host_cancel_discards_answers_unseen():
    state = new_state(seats="A, B")
    act(state, {"type": "open_prompt", "title": "Bid", "kind": "number", "min": 0, "max": 5}, "p1")
    act(state, {"type": "answer", "prompt": "g1", "value": 4}, "p1")
    with pytest.raises(RuleError):
        act(state, {"type": "cancel_prompt", "prompt": "g1"}, "p2")
    act(state, {"type": "cancel_prompt", "prompt": "g1"}, host=True)
    assert state["prompts"]["g1"]["answers"] == {}
    assert GAME.waiting_for(state) == []


def test_text_fields_sent_as_json_numbers_pass_as_they_always_did():
    """The rules read names and titles with str(): declared moves keep accepting a counter named
    "7", a bid titled 2025 and a vote choice answered as a number (issue 17: no stricter check)."""
    state = new_state(counters="7, VP")
    act(state, {"type": "adjust", "seat": "p1", "counter": 7, "delta": 2}, "p1")
    assert state["values"]["p1"]["7"] == 2
    act(state, {"type": "open_prompt", "title": 2025, "kind": "choice", "choices": "1.5, 2"}, "p1")
    prompt = state["prompts"]["g1"]
    assert prompt["title"] == "2025"
    act(state, {"type": "answer", "prompt": "g1", "value": 1.5}, "p1")
    assert prompt["answers"]["p1"] == "1.5"
    with pytest.raises(RuleError) as err:
        act(state, {"type": "adjust", "seat": "p1", "counter": 8, "delta": 1}, "p1")
    assert err.value.message == "There is no counter %(counter)s."
