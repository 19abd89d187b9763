"""Progress events for A Game of Thrones (issue #27, companion.progress): a house sealing its orders,
a Clash of Kings or Night's Watch bid, or its house card in a combat reaches every other phone as
one log line in the live event, and they fetch nothing.

As in tests/api/test_progress.py, the check renders it: each patched phone's fragment before the
answer, with the patch applied as static/app.js applies it, is exactly the fragment a fetch returns
after it (English and Portuguese), so no AGoT phone template shows anything the patch does not carry.
The patch is what a spectator reads: never the orders, the bid or the card. The answer that reveals
makes every page fetch."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

import tests.api.test_agot_action_api as action_api
from companion.games.agot import house_cards as hc
from companion.games.agot import names
from companion.games.agot import orders as ot
from tests.api.test_progress import Stream, _fragment, apply_progress, close_all, event
from tests.conftest import Api
from tools.tv_scenarios import agot_westeros

LANGS = ["en", "pt-BR"]
FIRST_LOG_LINE = re.compile(r'<ol class="log" reversed data-lines="\d+"[^>]*>(<li\b.*?</li>)', re.S)


def sealed_round(app: Any, api: Api, code: str, tokens: dict[str, str], answers: list[tuple[str, Any]],
                 prompt: str, lang: str, secrets: dict[str, list[str]]) -> None:
    """Every answer but the last: the actor fetches, every other phone takes the patch, which equals
    a fetch and carries none of the actor's ``secrets``; the last answer (the reveal): all fetch."""
    for i, (actor, value) in enumerate(answers):
        last = i == len(answers) - 1
        others = [h for h in tokens if h != actor]
        before = {h: _fragment(app, code, tokens[h], lang) for h in others}
        streams = {h: Stream(app, code, tokens[h], lang) for h in [*others, actor]}
        api.ok(code, tokens[actor], {"type": "answer", "prompt": prompt, "value": value})
        got = {h: event(st.next()) for h, st in streams.items()}
        close_all(*streams.values())
        if last:
            assert {h: kind for h, (kind, _) in got.items()} == dict.fromkeys(tokens, "update"), \
                "the reveal is never a patch"
            continue
        assert got[actor][0] == "update", "the actor's own fragment changed (its draft): it fetches"
        own_line = FIRST_LOG_LINE.search(_fragment(app, code, tokens[actor], lang))
        assert own_line, "the actor reads its own sealed line"
        for h in others:
            kind, data = got[h]
            assert kind == "progress", f"{h} was not sent {actor}'s answer as progress ({lang})"
            patch = json.loads(data)
            assert apply_progress(before[h], patch) == _fragment(app, code, tokens[h], lang), (actor, h, lang)
            assert own_line.group(1) not in patch["log"], "the patch carries the actor's revealed line"
            assert not re.search(r"\d", patch["log"]), "no count or bid travels in the patch"
            for secret in secrets.get(actor, []):
                assert secret not in data, f"{actor}'s {secret!r} reached {h}"


def _order_secrets(house: str) -> list[str]:
    """What would betray a house's orders: its areas (ids and names) and its tokens' ids."""
    placed = action_api.ORDERS[house]
    return [*placed, *(str(names.AREAS[a]) for a in placed), *placed.values(),
            *(ot.TOKENS[t].kind for t in placed.values())]


@pytest.mark.parametrize("lang", LANGS)
def test_sealed_orders_then_a_house_card_reach_the_other_phones_as_progress(app, api, lang):
    """Planning (orders placed together, seed 000 p.12), then the combat's sealed house cards (p.19)."""
    code, _host, tokens = action_api.new_table(api)
    pid = api.public(code)["state"]["planning"]["prompt"]["id"]
    assert api.public(code)["state"]["planning"]["mode"] == "together"
    sealed_round(app, api, code, tokens, [(h, {"orders": action_api.ORDERS[h]}) for h in action_api.HOUSES],
                 pid, lang, {h: _order_secrets(h) for h in action_api.HOUSES})
    assert api.public(code)["state"]["planning"]["step"] == "raven"
    api.ok(code, tokens["lannister"], {"type": "raven_swap", "area": "stoney-sept", "token": "support1"})
    api.ok(code, tokens["greyjoy"], {"type": "raid", "from": "ironmans-bay", "target": "the-golden-sound"})
    api.ok(code, tokens["lannister"], {"type": "march", "from": "lannisport",
                                       "moves": [{"to": "riverrun", "footman": 1, "knight": 1}]})
    api.ok(code, tokens["lannister"], {"type": "support", "area": "stoney-sept", "side": "attacker"})
    combat = api.public(code)["state"]["action"]["combat"]
    assert combat["step"] == "cards"
    pid = api.me(code, tokens["lannister"])["private"]["action"]["combat"]["decide"]["prompt"]
    cards = {"lannister": "tywin-lannister", "greyjoy": "euron-crows-eye"}
    sealed_round(app, api, code, tokens, list(cards.items()), pid, lang,
                 {h: [c, str(hc.CARD_NAMES[c]), "Tywin"] for h, c in cards.items()})
    assert api.public(code)["state"]["action"]["combat"]["cards"]["attacker"] == "Tywin Lannister"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("cards", [("supply", "clash-of-kings", "storm-of-swords"),
                                   ("supply", "last-days-of-summer-ii", "wildlings-attack")],
                         ids=["clash-of-kings", "wildlings"])
def test_sealed_bids_reach_the_other_phones_as_progress(app, api, lang, cards):
    """A Clash of Kings track's bids (seed 000 p.10) and the Night's Watch bid (p.22)."""
    code, _host, tokens = agot_westeros(api, cards)
    prompt = api.public(code)["state"]["current"]["prompt"]
    assert prompt["kind"] in ("clash", "wildlings") and prompt["waiting"] == list(tokens)
    bids = {"stark": 3, "lannister": 2, "baratheon": 1, "greyjoy": 4}
    sealed_round(app, api, code, tokens, list(bids.items()), prompt["id"], lang,
                 {h: [f"bids {b}", f'"mine": {b}', f'"mine":{b}'] for h, b in bids.items()})
    assert api.public(code)["state"]["current"]["prompt"]["id"] != prompt["id"] \
        or api.public(code)["state"]["current"]["prompt"]["revealed"]
