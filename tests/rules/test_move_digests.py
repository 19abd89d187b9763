"""Random play replays to the same states after issue 40 moved the generic table's, Catan's, the
LCG's and Immortals' handlers onto their validated parameter models (AGoT's tables are recorded
with its handlers that still read the raw action; they moved too, and replay the same): ``tests/data/move-digests.json.gz`` was recorded
by ``tools/move_digests.py record`` with the handlers that still read the raw action (100 tables per
game, valid and malformed moves mixed), and today's code must accept and refuse every step as then,
reaching the same state digest after each accepted one."""

from __future__ import annotations

import copy

from tools.move_digests import GAMES, load, mismatches


def test_the_recording_covers_each_game_with_accepted_and_refused_steps():
    data = load()
    assert set(data) == set(GAMES)
    for game, played in data.items():
        assert len(played) == 100, game
        outcomes = [s[3] for t in played for s in t["steps"]]
        assert outcomes.count("refused") > 100 and len(outcomes) - outcomes.count("refused") > 500, game


def test_every_recorded_step_has_the_same_outcome_today():
    assert mismatches(load()) == []


def test_a_changed_outcome_is_found():
    """The check can fail: a step recorded as accepted that is now said to be refused is reported."""
    data = {"generic": copy.deepcopy(load()["generic"][:3])}
    step = next(s for s in data["generic"][1]["steps"] if s[3] != "refused")
    step[3] = "refused"
    assert [(g, seed) for g, seed, _i in mismatches(data)] == [("generic", 1)]
