"""Progress events (issue #27) in the games with secret simultaneous steps besides the generic one:
AGoT: The Card Game (plots, dominance counts), Immortals (draft picks, sealed plans) and
Brotherhood of the Watch (hidden victory point cards after a Wall ending).

For every answer that does not reveal, each phone sent a ``progress`` event must show, with the
patch applied as static/app.js applies it, exactly the fragment a fetch returns, in English and
Portuguese; the patch never carries the secret (neither the value nor the answerer's own line); the
phones expected to patch do, the others fetch; the reveal makes every phone fetch."""

from __future__ import annotations

import html
import json
from typing import Any

import pytest

from tests.api.test_progress import Stream, apply_progress, close_all, event
from tests.api.test_progress import _fragment as fragment

LANGS = ["en", "pt-BR"]


def own_line(api: Any, code: str, token: str, lang: str) -> str:
    """The answerer's own last log line as its phone reads it (it shows the sealed value)."""
    entries = api.client.get(f"/api/tables/{code}/log", headers={**api.auth(token), "Accept-Language": lang})
    return str(entries.get_json()["log"][-1]["text"])


def sealed_step(app: Any, api: Any, code: str, tokens: dict[str, str], actor: str, action: dict[str, Any],
                lang: str, patched: set[str], secrets: tuple[str, ...] = (), sealed: bool = True) -> None:
    """``actor`` answers; exactly the seats ``patched`` are sent a progress event, whose patch turns
    their old fragment into the fetched one and holds no secret (``sealed``: not the answerer's own
    line either, which shows its value); every other page fetches."""
    before = {s: fragment(app, code, tokens[s], lang) for s in tokens}
    streams = {s: Stream(app, code, tokens[s], lang) for s in tokens}
    screen = Stream(app, code, None, lang)
    api.ok(code, tokens[actor], action)
    got = {s: event(st.next()) for s, st in streams.items()}
    assert event(screen.next())[0] == "update", "the screen always fetches"
    close_all(*streams.values(), screen)
    assert {s for s, (kind, _) in got.items() if kind == "progress"} == patched, got
    assert {kind for s, (kind, _) in got.items() if s not in patched} <= {"update"}
    mine = (own_line(api, code, tokens[actor], lang),) if sealed else ()
    for s in patched:
        patch = json.loads(got[s][1])
        for secret in (*secrets, *mine):
            assert secret not in patch["log"] and html.escape(secret) not in patch["log"]
        assert apply_progress(before[s], patch) == fragment(app, code, tokens[s], lang)


def reveal_step(app: Any, api: Any, code: str, tokens: dict[str, str], actor: str, action: dict[str, Any]) -> None:
    """The last answer reveals: every phone fetches (a reveal is never a patch)."""
    streams = {s: Stream(app, code, tokens[s]) for s in tokens}
    api.ok(code, tokens[actor], action)
    assert {s: event(st.next())[0] for s, st in streams.items()} == dict.fromkeys(tokens, "update")
    close_all(*streams.values())


# -- AGoT: The Card Game ---------------------------------------------------------------------------
def lcg_table(api: Any, players: int = 4) -> tuple[dict[str, Any], str, dict[str, str]]:
    t = api.create("lcg", {"players": players, "autopass_start": "structure"})
    code = t["code"]
    tokens = {f"p{i + 1}": api.join(code, f"p{i + 1}", n) for i, n in enumerate(["Ana", "Bia", "Caio", "Duda"][:players])}
    return t, code, tokens


def plot(name: str, initiative: int) -> dict[str, Any]:
    return {"name": name, "gold": 5, "initiative": initiative, "claim": 1, "when_revealed": False}


@pytest.mark.parametrize("lang", LANGS)
def test_lcg_a_plot_choice_patches_the_phones_still_choosing(app, api, lang):
    """A phone still choosing shows nothing of the others' choices: it takes the patch. A phone that
    chose shows "Nothing to do right now. Waiting for: ..." (its own idle card): it fetches."""
    t, code, tokens = lcg_table(api)
    secrets = tuple(f"Zzq Secret Plot {s}" for s in tokens)
    seats = list(tokens)
    for i, actor in enumerate(seats[:-1]):
        sealed_step(app, api, code, tokens, actor, {"type": "answer", "value": plot(secrets[i], i)}, lang,
                    patched=set(seats[i + 1:]), secrets=secrets)
    waiting = fragment(app, code, tokens["p1"], lang)
    assert ("Waiting for:" if lang == "en" else "Aguardando:") in waiting and "Duda" in waiting
    reveal_step(app, api, code, tokens, seats[-1], {"type": "answer", "value": plot(secrets[-1], 9)})
    assert api.public(code)["state"]["players"]["p1"]["plot"]["name"] == secrets[0]


@pytest.mark.parametrize("lang", LANGS)
def test_lcg_a_dominance_count_patches_the_phones_still_counting(app, api, lang):
    """Dominance counts are entered one by one; only the screen lists them, so a phone still to
    count takes the patch (the count is public: its line reads the same for everyone)."""
    t, code, tokens = lcg_table(api)
    api.ok(code, t["host_token"], {"type": "set_phase", "phase": "dominance"})
    assert api.public(code)["state"]["waiting_for"] == list(tokens)
    seats = list(tokens)
    for i, actor in enumerate(seats[:-1]):
        sealed_step(app, api, code, tokens, actor, {"type": "dominance", "strength": 3 + i}, lang,
                    patched=set(seats[i + 1:]), sealed=False)  # counted openly (seed 003 Page 12)
    reveal_step(app, api, code, tokens, seats[-1], {"type": "dominance", "strength": 1})


@pytest.mark.parametrize("lang", LANGS)
def test_lcg_a_countdown_report_reaches_the_other_phones_as_an_empty_patch(app, api, lang):
    """A report at zero (Nothing, or Wait: a secret) writes no line and changes no other phone: they
    take an empty patch (their fragment is exactly the fetched one) and fetch nothing; the last
    report moves the table on and every page fetches."""
    code = api.create("lcg", {"players": 3})["code"]  # the default start: a countdown window is open
    tokens = {f"p{i + 1}": api.join(code, f"p{i + 1}", n) for i, n in enumerate(["Ana", "Bia", "Caio"])}
    rid = api.me(code, tokens["p2"])["private"]["countdown"]["round"]
    sealed_step(app, api, code, tokens, "p2", {"type": "pass_ahead", "round": rid}, lang, {"p1", "p3"},
                sealed=False)
    sealed_step(app, api, code, tokens, "p3", {"type": "pass_ahead", "round": rid, "wait": "1"}, lang,
                {"p1", "p2"}, sealed=False)
    reveal_step(app, api, code, tokens, "p1", {"type": "pass_ahead", "round": rid})


# -- Immortals -------------------------------------------------------------------------------------
def immortals_in_draft(api: Any) -> tuple[str, dict[str, str]]:
    from tests.api.test_immortals_api import choose, new_table

    t, code, tokens = new_table(api)
    choose(api, code, tokens)
    api.ok(code, t["host_token"], {"type": "start_game"})
    for seat in tokens:
        api.ok(code, tokens[seat], {"type": "draft_start", "group": "4"})
    assert api.public(code)["state"]["draft"]["stage"] == "pick"
    return code, tokens


@pytest.mark.parametrize("lang", LANGS)
def test_immortals_a_draft_pick_patches_every_other_phone(app, api, lang):
    code, tokens = immortals_in_draft(api)
    seats = list(tokens)
    hands = {s: api.me(code, tokens[s])["private"]["draft_hand"] for s in seats}
    secrets = tuple(hands[s][0] for s in seats)
    for actor in seats[:-1]:
        sealed_step(app, api, code, tokens, actor, {"type": "answer", "prompt": "draft-1", "value": hands[actor][0]},
                    lang, patched=set(seats) - {actor}, secrets=secrets)
    reveal_step(app, api, code, tokens, seats[-1], {"type": "answer", "prompt": "draft-1", "value": hands[seats[-1]][0]})
    assert api.public(code)["state"]["draft"]["stage"] == "place"


@pytest.mark.parametrize("lang", LANGS)
def test_immortals_a_sealed_plan_patches_every_other_phone(app, api, lang):
    from tests.api.test_immortals_api import STARTS, choose, draft, new_table, order_from_first

    t, code, tokens = new_table(api)
    choose(api, code, tokens)
    draft(api, code, tokens, t["host_token"])
    order = order_from_first(api.public(code)["state"])
    for seat in order:
        api.ok(code, tokens[seat], {"type": "reinforce", "draw": "1", f"place_light:{STARTS[int(seat[1]) - 1]}": "1"})
    assert api.public(code)["state"]["phase"] == "planning"
    plans = {}
    for seat in order:
        card = next(c["id"] for c in api.me(code, tokens[seat])["private"]["conflict"] if not c["wild"])
        plans[seat] = {"army": [None] * 4 + [card], "magic": ["blank"]}
    secrets = tuple(p["army"][4] for p in plans.values())
    for actor in order[:-1]:
        sealed_step(app, api, code, tokens, actor, {"type": "answer", "prompt": "plan-1", "value": plans[actor]},
                    lang, patched=set(order) - {actor}, secrets=secrets)
    reveal_step(app, api, code, tokens, order[-1], {"type": "answer", "prompt": "plan-1", "value": plans[order[-1]]})
    assert api.public(code)["state"]["phase"] == "performance"


# -- Brotherhood of the Watch ----------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_catan_watch_hidden_vp_cards_patch_the_other_phones(app, api, lang):
    """A Wall ending with three players tied on guards: Bia and Caio are asked for their hidden
    victory point cards (tools/tv_scenarios.py). Bia's answer reaches Ana and Caio as its line."""
    from tools.tv_scenarios import catan_final

    code = api.create("catan-watch", {"players": "3", "dice": "physical"})["code"]
    tokens = {f"p{i + 1}": api.join(code, f"p{i + 1}", n) for i, n in enumerate(["Ana", "Bia", "Caio"])}
    for seat in ("p1", "p2", "p3", "p3", "p2", "p1"):
        api.ok(code, tokens[seat], {"type": "setup_place"})
    for seat, sid in zip(("p1", "p2", "p3"), ("w1", "w2", "w3")):
        api.ok(code, tokens[seat], {"type": "guard", "section": sid})
    api.ok(code, tokens["p1"], {"type": "roll", "red": 2, "yellow": 3, "d12": 12})
    api.ok(code, tokens["p1"], {"type": "end_turn"})
    api.ok(code, tokens["p2"], {"type": "roll", "red": 4, "yellow": 4, "d12": 9})
    assert next(catan_final(api, code, tokens)) == ("final_wait", code)
    assert api.public(code)["state"]["waiting_for"] == ["p2", "p3"]
    sealed_step(app, api, code, tokens, "p2", {"type": "answer", "prompt": "final-vp", "value": 2}, lang,
                patched={"p1", "p3"})
    reveal_step(app, api, code, tokens, "p3", {"type": "answer", "prompt": "final-vp", "value": 0})
    assert api.public(code)["state"]["end"]["winners"] == ["p2"]
