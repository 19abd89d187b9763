"""Sealed prompts: answers hidden until the last one, changeable until then, revealed once."""

import json

import pytest

from companion import sealed
from companion.games.base import RuleError


def test_reveal_happens_exactly_when_the_last_seat_answers():
    state: dict = {}
    sealed.open_prompt(state, "bid1", ["a", "b", "c"], kind="number")
    assert sealed.answer(state, "bid1", "a", 3) is False
    assert sealed.answer(state, "bid1", "a", 4) is False  # changed, still secret
    assert sealed.answer(state, "bid1", "b", 1) is False
    assert sealed.answer(state, "bid1", "c", 0) is True
    assert sealed.public(state["prompts"]["bid1"])["answers"] == {"a": 4, "b": 1, "c": 0}


def test_public_and_other_private_views_never_hold_an_unrevealed_answer():
    state: dict = {}
    sealed.open_prompt(state, "p", ["a", "b"], kind="number")
    sealed.answer(state, "p", "a", 987654)
    prompt = state["prompts"]["p"]
    assert "987654" not in json.dumps(sealed.public(prompt))
    assert "987654" not in json.dumps(sealed.private(prompt, "b"))
    assert sealed.private(prompt, "a")["mine"] == 987654
    assert sealed.public(prompt)["answered"] == ["a"]
    assert sealed.waiting(prompt) == ["b"]


def test_no_answer_after_reveal_and_none_from_seats_not_asked():
    state: dict = {}
    sealed.open_prompt(state, "p", ["a"], kind="number")
    with pytest.raises(RuleError) as err:
        sealed.answer(state, "p", "z", 1)
    assert err.value.status == 403
    sealed.answer(state, "p", "a", 1)
    with pytest.raises(RuleError) as err:
        sealed.answer(state, "p", "a", 2)
    assert err.value.status == 409


def test_ids_are_never_reused_and_closing_discards_answers():
    state: dict = {}
    sealed.open_prompt(state, "p", ["a", "b"], kind="number")
    sealed.answer(state, "p", "a", 5)
    sealed.close(state, "p")
    assert state["prompts"]["p"]["answers"] == {}
    assert not sealed.is_revealed(state, "p")
    with pytest.raises(RuleError):
        sealed.open_prompt(state, "p", ["a"], kind="number")
