"""Nothing about future randomness reaches a device: the balanced dice deck and the digital token
pool are shown as counts only. These tests would fail if a view carried their contents."""

from __future__ import annotations

import json

from companion.games.catan_watch import GAME
from companion.games.catan_watch import profile as prof


def mix():
    raw = prof.default()
    raw["tokens"] = [{"wildling": "giant", "clan": "hornfoot", "count": 3},
                     {"wildling": "climber", "clan": "ice_river", "count": 3}]
    return raw


def views(state):
    return [json.dumps(GAME.public_view(state), sort_keys=True)] + [
        json.dumps(GAME.private_view(state, s), sort_keys=True) for s in state["seats"]]


def test_balanced_deck_contents_not_in_any_view(table):
    """Two tables that differ only in which cards remain in the dice deck look the same."""
    a = table(dice="balanced").finish_setup()
    b = table(dice="balanced").finish_setup()
    a.state["deck"] = list(range(0, 30))
    b.state["deck"] = list(range(6, 36))
    assert views(a.state) == views(b.state)


def test_token_pool_composition_not_in_any_view(table):
    """Two digital pools of the same size but different tokens look the same on every device."""
    a = table(tokens="digital", profile=mix()).finish_setup()
    b = table(tokens="digital", profile=mix()).finish_setup()
    a.state["tokens"]["pool"] = {"giant:hornfoot": 3, "climber:ice_river": 3}
    b.state["tokens"]["pool"] = {"giant:hornfoot": 1, "climber:ice_river": 5}
    assert views(a.state) == views(b.state)
    assert "giant:hornfoot" not in "".join(views(a.state))
