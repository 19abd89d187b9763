"""Every list of games is derived from the game registry, so a registered game cannot be left out.

The TV layout test (tests/browser/test_tv_screens.py) runs every scenario of tools/tv_scenarios.py,
the phone test (tests/browser/test_phone_decisions.py) every one of tools/phone_scenarios.py; these
checks make sure each registered game has both (a game written by ``companion new-game`` ships them
in its package's ``tv_scenario.py``) and that each TV scenario names the elements to look for."""

from __future__ import annotations

from companion.games import registry
from tests.browser.test_tv_screens import KEYS
from tools.phone_scenarios import SCENARIOS as PHONE_SCENARIOS
from tools.tv_scenarios import SCENARIOS, package_of, scenarios_of


def test_every_registered_game_has_a_tv_scenario():
    missing = [game_id for game_id, game in registry().items() if not scenarios_of(game)]
    assert missing == [], f"registered games with no TV scenario (tools/tv_scenarios.py or tv_scenario.py): {missing}"


def test_every_registered_game_has_a_phone_scenario():
    """The phone test (tests/browser/test_phone_decisions.py) looks at each decision of each game."""
    missing = [game_id for game_id, game in registry().items() if not scenarios_of(game, PHONE_SCENARIOS)]
    assert missing == [], f"registered games with no phone scenario (tools/phone_scenarios.py or PHONE_SCENARIOS in tv_scenario.py): {missing}"


def test_every_tv_scenario_shows_a_registered_game_and_names_its_keys():
    packages = {package_of(game) for game in registry().values()}
    for name in SCENARIOS:
        assert any(name == p or name.startswith(p + "_") for p in packages), name
        assert any(scenario == name for scenario, _moment in KEYS), f"{name}: no KEYS for its moments"
