"""Property tests over whole Westeros procedures: whatever the bids, tracks stay permutations, the
dominance tokens follow position 1, and every house keeps exactly 20 power tokens (seed 000 p.10-11,
p.22-23, p.27)."""

from __future__ import annotations

from agot_kit import act, ctx, new_game, to_westeros
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.agot import GAME, flow, power, tracks, wildlings
from companion.games.agot import board as board_data

HOUSES = ["baratheon", "lannister", "stark", "greyjoy"]


def settle(s, data) -> None:
    """Answer whatever the table waits for with drawn values until the step machine is done."""
    for _ in range(60):
        cur = flow.current(s)
        if cur is None:
            return
        me = {h: GAME.private_view(s, h) for h in GAME.waiting_for(s)}
        assert me, f"stuck in {cur['kind']}"
        house, view = next(iter(me.items()))
        todo = view["todo"]
        if todo == "bid":
            bid = data.draw(st.integers(0, s["power"][house]["available"]))
            act(s, house, {"type": "answer", "prompt": cur["pid"], "value": bid})
        elif todo == "order_ties":
            bids = cur["tie"]["bids"]
            order = sorted(bids, key=lambda h: (-bids[h], data.draw(st.integers(0, 9))))
            act(s, house, {"type": "order_ties", "order": order})
        elif todo == "wildling_tie":
            act(s, house, {"type": "choose", "value": data.draw(st.sampled_from(cur["tied"]))})
        elif todo == "wildling_task":
            ask = cur["tasks"][0]["ask"]
            live = GAME.public_view(s)["current"]["task"]["ask"]
            if ask["kind"] == "units" and live["removed"] < live["due"]:
                forts = {a: n for a, n in ask["before"].items() if ask.get("one_fort")
                         and board_data.load().area(a).fort and s["units"].get(a, {}).get("house") == house}
                area = max(forts, key=lambda a: (forts[a], a)) if forts else \
                    sorted(a for a, u in s["units"].items() if u["house"] == house)[0]
                unit = next(k for k in ("footman", "knight", "siege", "ship") if s["units"][area].get(k))
                act(s, house, {"type": "remove_units", "area": area, "unit": unit})
            elif ask["kind"] == "swap" and live["done"] < live["need"]:
                act(s, house, {"type": "choose", "value": data.draw(st.sampled_from(live["areas"]))})
            elif ask["kind"] in ("confirm", "units", "swap"):
                act(s, house, {"type": "confirm"})
            else:
                act(s, house, {"type": "choose", "value": data.draw(st.sampled_from(ask["choices"]))})
        elif todo == "muster":
            act(s, house, {"type": "muster_done"})
        elif todo == "choose":
            act(s, house, {"type": "choose", "value": data.draw(st.sampled_from(cur["choices"]))})
        elif todo == "confirm_ports":
            act(s, house, {"type": "confirm_ports", "ports": cur["suggested"][house]})
        elif todo == "reduce_armies":
            army = view["supply"]["armies"][0]
            unit = next(k for k in ("footman", "knight", "siege", "ship") if s["units"][army["area"]].get(k))
            act(s, house, {"type": "remove_units", "area": army["area"], "unit": unit})
        else:
            raise AssertionError(f"unexpected todo {todo}")
    raise AssertionError("did not settle")


def check(s) -> None:
    power.check(s)
    for track, token in tracks.TOKEN_OF.items():
        assert sorted(s["tracks"][track]) == sorted(s["houses"])
        assert s["dominance"][token]["holder"] == s["tracks"][track][0]
    assert 0 <= s["wildling_threat"] <= 12 and s["wildling_threat"] % 2 == 0


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_clash_of_kings_keeps_the_invariants(data):
    s = new_game(4)
    for h in HOUSES:
        power.gain(s, h, data.draw(st.integers(0, 6)))
    to_westeros(s)
    flow.push(s, {"kind": "clash", "track": 0})
    flow.advance(s, ctx(host=True))
    settle(s, data)
    check(s)


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_any_wildling_attack_keeps_the_invariants(data):
    s = new_game(4)
    card = data.draw(st.sampled_from(wildlings.card_ids()))
    strength = data.draw(st.sampled_from([0, 2, 4, 6, 8, 10, 12]))
    s["wildling_threat"] = strength
    s["wildling_deck"]["top"] = card
    s["wildling_deck"]["unknown"].remove(card)
    for h in HOUSES:
        power.gain(s, h, data.draw(st.integers(0, 4)))
    to_westeros(s)
    flow.push(s, wildlings.attack_step(s, strength=strength))
    flow.advance(s, ctx(host=True))
    settle(s, data)
    check(s)
    # the used card went to the bottom of the deck, and nothing else was lost
    deck = s["wildling_deck"]
    assert card in deck["bottom"] and len(deck["unknown"]) + len(deck["bottom"]) + bool(deck["top"]) == 9


@settings(max_examples=8, deadline=None)
@given(st.data(), st.integers(0, 10_000))
def test_ten_rounds_with_digital_decks_end_in_a_ranking(data, seed):
    """A whole game (orders played on the board): ten rounds, Westeros phases drawn from the
    digital decks with this seed, every prompt answered; the game ends after round 10 with the
    p.17 ranking and one victory-chart point per round (seed 000 p.7, p.17)."""
    s = new_game(4)
    act(s, None, {"type": "start"})
    for rnd in range(2, 11):
        act(s, None, {"type": "round_done_on_board"}, seed=seed + rnd)
        assert s["round"] == rnd
        settle(s, data)
        if s["phase"] == "ended":
            break
        assert s["phase"] == "planning"
        check(s)
    if s["phase"] != "ended":
        act(s, None, {"type": "round_done_on_board"})
    assert s["phase"] == "ended" and s["winner"] == s["ranking"][0]["house"]
    assert [p["round"] for p in s["victory_history"]][-1] == s["round"]
    assert len(s["westeros"]["history"]) == s["round"] - 1


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_mustering_never_breaks_supply_or_the_unit_pool(data):
    """Whatever a house tries to recruit, what is accepted keeps its armies within supply and its
    pieces within the printed pool (seed 000 p.2, p.9-10)."""
    from companion.games.agot import areas as ar
    from companion.games.agot import board as board_data
    from companion.games.agot import supply
    from companion.games.base import RuleError

    s = new_game(4)
    for area in ("harrenhal", "riverrun", "the-eyrie", "crackclaw-point"):
        ar.set_control(s, area, data.draw(st.sampled_from(HOUSES)))
    for h in HOUSES:
        s["supply"][h] = data.draw(st.integers(0, 6))
    to_westeros(s)
    flow.push(s, {"kind": "mustering", "houses": tracks.turn_order(s), "index": 0})
    flow.advance(s, ctx(host=True))
    legal_before = {h: supply.report(s, h)["legal"] for h in HOUSES}
    for _ in range(30):
        cur = flow.current(s)
        if cur is None:
            break
        house = cur["houses"][cur["index"]]
        view = GAME.private_view(s, house)["muster"]
        area = data.draw(st.sampled_from(sorted(view["points"])))
        unit = data.draw(st.sampled_from(["footman", "knight", "siege", "ship", "done"]))
        if unit == "done":
            act(s, house, {"type": "muster_done"})
            continue
        action = {"type": "muster", "area": area, "unit": unit, "upgrade": data.draw(st.booleans())}
        if unit == "ship" and view["ships"][area]:
            action["to"] = data.draw(st.sampled_from(view["ships"][area]))
        try:
            act(s, house, action)
        except RuleError:
            continue
        if legal_before[house]:
            assert supply.report(s, house)["legal"]
        for kind, cap in board_data.load().unit_pool.items():
            assert ar.on_board(s, house, kind) <= cap
