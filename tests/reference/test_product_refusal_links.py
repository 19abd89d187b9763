"""Product refusals of the LCG, Immortals and Catan engines open a fitting "Why?" entry (issue 13).

A product rule ("companion: ...") cites no page, so without help the web layer guesses the entry
from the message and can land on a loosely related one ("There is no seat" -> a passive-ability
entry). Those refusals now name their entry; this reads every ``RuleError(..., entry=...)`` from
the engines' source (AST) and checks the id exists, that the same refusal always names the same
entry, and, over HTTP, that the JSON ``entry`` of an unknown action is the input entry."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from companion import reference

GAMES = Path(__file__).resolve().parents[2] / "companion" / "games"
ENGINES = ("lcg", "immortals", "catan_watch")
#: the same refusal opens the same entry in every game
SAME = {"There is no seat %(seat)s.": "companion-seats", "Only a seated player can do this.": "companion-seats",
        "Unknown action: %(type)s.": "companion-input"}


#: the shared dispatcher of declared moves refuses for every game (unknown move, wrong actor)
SHARED = (GAMES.parent / "moves.py", GAMES.parent / "basics.py", GAMES / "base.py")


def refusals(game: str):
    for path in [*sorted((GAMES / game).glob("*.py")), *SHARED]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "RuleError" and node.args \
                    and isinstance(node.args[0], ast.Constant):
                kw = {k.arg: k.value for k in node.keywords}
                entry = kw["entry"].value if isinstance(kw.get("entry"), ast.Constant) else None
                yield f"{path.name}:{node.lineno}", node.args[0].value, entry


@pytest.mark.parametrize("game", ENGINES)
def test_named_entries_exist_and_agree(game):
    ref = reference.get(game)
    named = [(where, msg, entry) for where, msg, entry in refusals(game) if entry]
    assert len(named) >= 5, game
    for where, _msg, entry in named:
        assert entry in ref.entries, (where, entry)
    for where, msg, entry in refusals(game):
        if msg in SAME:
            assert entry == SAME[msg], (where, msg, entry)


@pytest.mark.parametrize("game,api_game", [("lcg", "lcg"), ("immortals", "immortals"), ("catan_watch", "catan-watch")])
def test_an_unknown_action_links_the_input_entry(api, game, api_game):
    t = api.create(api_game, {"players": "3" if game != "lcg" else 2})
    code = t["code"]
    token = api.join(code, "p1", "Ana")
    body = api.act(code, token, {"type": "no_such_action"}).get_json()
    assert body["entry"] == "companion-input"
    page = api.client.get(f"/api/games/{api_game}/rules/companion-input?lang=pt_BR").get_json()
    assert page["cite"]["book"] == "Tabletop Companion" and page["title"].startswith("Por que")
