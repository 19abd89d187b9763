"""Tap counts per player for one round, measured by driving the pure rules engines (issue 15).

Every accepted action is counted with the taps its phone form takes (the TAPS tables below: a
button is 1, a number typed on the phone's keypad is 2, a select is 1). Actions a phone sends by
itself (the LCG countdown's ``pass_ahead``) cost 0 taps. The scenarios are the ones the issue names:

* LCG: one 3-player round (melee, titles) with one challenge, every window offered to every player
  (``autopass_start`` = ``none``), each player marshals one card, the first player makes one
  military challenge. Measured with the windows closing by themselves (``auto_close``), one
  countdown per run of windows (issue 24) or per round (issue 15), and without countdowns; each
  row also gives the seconds spent on countdowns that ran out because nobody acted.
* Immortals: tribe setup on one phone, first table (everything typed) and a later table that starts
  from the saved profile (only the tribe choice and the check); one round (issue 23).
* Catan: setup and one round of four turns; A Game of Thrones: round 1 of 4 houses (issue 23).

    python bench/taps.py            # prints a table (Markdown) for docs/taps.md
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion import engine  # noqa: E402
from companion.games.base import Actor  # noqa: E402

#: Taps each LCG action takes on the phone (see the module docstring).
LCG_TAPS = {
    "pass": 1, "pass_ahead": 0, "act": 1, "answer": 1, "first_player": 1, "title": 1,
    "challenge": 2,       # one form: opponent select + the type's button
    "strength": 1 + 2 + 2,  # two numbers typed, one submit
    "dominance": 1,       # the count's own button (issue #37; a number typed and sent was 1 + 2)
    "finish": 1,
}
#: A plot typed in "Another plot": the name (focus + typing, as a number is counted), each number
#: that differs from the form's default (gold 5, initiative 3, claim 1) typed, and Seal.
PLOT_FORM = {"gold": 5, "initiative": 3, "claim": 1}


def typed_plot_taps(plot: dict[str, Any]) -> int:
    return 2 + sum(2 for k, v in PLOT_FORM.items() if plot[k] != v) + 1


class Driver:
    """Apply actions through the engine (``companion.engine.Table``), as the server does, and count
    taps per seat."""

    def __init__(self, game: Any, options: dict[str, Any], taps: dict[str, int]) -> None:
        self.game = game
        self.taps = taps
        self.seed = 1
        self.table = engine.Table(game, options, seed=self.seed)  # a saved profile passes as on the server
        self.count: Counter[str] = Counter()

    @property
    def state(self) -> dict[str, Any]:
        return self.table.g

    def do(self, seat: str, action: dict[str, Any], taps: int | None = None) -> None:
        self.seed += 1
        self.table.act(Actor(seat=seat), action, seed=self.seed)
        self.count[seat] += self.taps.get(action["type"], 1) if taps is None else taps


LCG_SEATS = ("p1", "p2", "p3")
#: each seat's plots: initiative and claim (gold 5), so p1 wins initiative every round
LCG_PLOTS = {"p1": (6, 2), "p2": (3, 1), "p3": (1, 1)}


def lcg_plot(seat: str, n: int) -> dict[str, Any]:
    init, claim = LCG_PLOTS[seat]
    return {"name": f"Plot {n} {seat}", "gold": 5, "initiative": init, "claim": claim}


def lcg_round(auto_close: int, autopass: str = "none", pace: str = "run", nothing_taps: bool = False,
              plots: str = "registered", used_plots: str = "pile", rounds: int = 1) -> tuple[Counter[str], int, int]:
    """A 3-player LCG round with one challenge: the last of ``rounds`` rounds is counted. Returns
    taps per seat, the seconds the table spent waiting on countdowns of windows nobody acted in
    (each countdown that ran to zero costs ``auto_close`` seconds: every phone counts the same
    countdown at once), and how many such countdowns there were. With ``nothing_taps`` every phone
    taps Nothing at once instead (1 tap, 0 s).

    ``plots``: ``"registered"``, each player's 7-plot deck registered once (typed at home or kept
    by their phone from an earlier table: not counted), each choice one tap; ``"typed"``, nothing
    registered: a player types a plot in "Another plot" (``typed_plot_taps``) unless their deck
    offers one (a plot typed once joins the deck, issue #37), where the used-pile option
    ``used_plots`` decides which are offered."""
    from companion.games.lcg import GAME

    d = Driver(GAME, {"players": 3, "autopass_start": autopass, "auto_close": auto_close,
                      "window_pace": pace, "used_plots": used_plots}, LCG_TAPS)
    if plots == "registered":
        for seat in LCG_SEATS:
            d.do(seat, {"type": "register_plots", "plots": [lcg_plot(seat, n) for n in range(7)]}, taps=0)
    countdowns = 0
    for n in range(rounds):
        if n == rounds - 1:
            d.count.clear()
        countdowns = _lcg_play_round(d, auto_close, nothing_taps, n)
    return d.count, countdowns * auto_close, countdowns


def _lcg_play_round(d: Driver, auto_close: int, nothing_taps: bool, n: int) -> int:
    """Play one round (see :func:`lcg_round`); returns the countdowns that ran out."""
    from companion.games.lcg import GAME
    from companion.games.lcg.views import private as private_view
    from companion.games.lcg.views import public as public_view

    seats = LCG_SEATS
    countdowns = 0
    marshalled: set[str] = set()
    challenged = False
    start_round = d.state["round"]
    for _ in range(2000):
        if d.state["round"] != start_round:
            break
        view = public_view(d.state)
        waiting = GAME.waiting_for(d.state)
        event, step = view["event"], view["step"]
        if step == "input" and event == "reveal_plots":
            for seat in waiting:
                offered = [p for p in private_view(d.state, seat)["plot_offers"] if not p["out"]]
                if offered:  # one tap: the deck's button
                    value = {k: offered[0][k] for k in ("name", "gold", "initiative", "claim")}
                    d.do(seat, {"type": "answer", "value": value})
                else:  # typed in "Another plot"
                    value = lcg_plot(seat, n)
                    d.do(seat, {"type": "answer", "value": value}, taps=typed_plot_taps(value))
            continue
        if step == "input" and event == "choose_first":
            d.do(waiting[0], {"type": "first_player", "seat": "p1"})
            continue
        if step == "input" and event == "choose_titles":
            seat = view["title_chooser"]
            d.do(seat, {"type": "title", "title": private_view(d.state, seat)["free_titles"][0]})
            continue
        if step == "input" and event == "determine_winner":
            d.do(view["challenge"]["attacker"], {"type": "strength", "attacker": 5, "defender": 3})
            continue
        if step == "input" and event == "dominance":
            for seat in waiting:
                d.do(seat, {"type": "dominance", "strength": {"p1": 7, "p2": 4, "p3": 2}[seat]})
            continue
        if view["decision"]:
            seat = view["decision"]["seat"]
            if seat == "p1" and not challenged:
                challenged = True
                d.do(seat, {"type": "challenge", "challenge": "military", "opponent": "p2"})
            else:
                d.do(seat, {"type": "finish"})
            continue
        holder = view["priority"]
        if holder is None:
            raise RuntimeError(f"stuck at {view['box']} {step} {waiting}")
        if view["box"] == "marshal.actions" and holder == view["active_player"] and holder not in marshalled:
            marshalled.add(holder)
            d.do(holder, {"type": "act", "label": "a character"})
            continue
        # Nobody else wants to act: with the countdown every phone passes ahead by itself.
        countdown = private_view(d.state, holder)["countdown"]
        if auto_close and countdown:
            if not nothing_taps:
                countdowns += 1
            for seat in seats:
                cd = private_view(d.state, seat)["countdown"]
                if cd and d.state["round"] == start_round:
                    try:
                        d.do(seat, {"type": "pass_ahead", "round": cd["round"]}, taps=int(nothing_taps))
                    except Exception:  # noqa: BLE001 - the round closed under an earlier pass
                        pass
            continue
        d.do(holder, {"type": "pass"})
    return countdowns


IMMORTALS_FIRST = {  # fields one phone fills for its two tribes on the first table (typed numbers = 2)
    "tribe selects": 2, "gold and energy": 4 * 2, "army groups": 2 * 2, "corner spaces": 2 * 2,
    "start region": 1, "army spaces": 8, "building costs": 0, "save": 1,
}


def immortals_setup() -> dict[str, int]:
    """Taps for one phone's tribe setup: first table with a blank profile, later table with the
    saved profile (the guided flow shows each screen pre-filled: one Next per screen)."""
    from companion.games.immortals import GAME

    d = Driver(GAME, {"players": 3}, {})
    action = {"type": "choose_tribes", "light": "elves", "dark": "orcs", "light_gold": 3, "light_energy": 4,
              "dark_gold": 4, "dark_energy": 5, "light_groups": "10, 4", "dark_groups": "6",
              "light_corner": 3, "dark_corner": 2, "start": "1-1",
              "light_spaces": ["extract_gold", "extract_energy", "transition3", "build"],
              "dark_spaces": ["attack", "move_attack", "tribe", "attack"]}
    d.do("p1", action, taps=sum(IMMORTALS_FIRST.values()))
    saved = GAME.export_profile(d.state)
    later = Driver(GAME, {"players": 3, "profile_data": saved}, {})
    later.do("p1", {"type": "choose_tribes", "light": "elves", "dark": "orcs"}, taps=2 + 1)
    assert later.state["players"]["p1"]["ready"]
    return {"first table": d.count["p1"], "later table (saved profile)": later.count["p1"]}


def immortals_round(confirm_partial: int = 1) -> dict[str, int]:
    """Immortals, 3 players, one round after the initial round: each player reinforces one region,
    plans three cards (three selects, Seal, and the in-page question about the empty spaces since
    issue 23: ``confirm_partial``), reveals one card in turn (open it + its button), then passes
    (the button + its in-page question). Returns taps per seat."""
    from companion.games.immortals import GAME
    from companion.games.immortals.views import private

    d = Driver(GAME, {"players": "3"}, {})
    starts = {"p1": "1-1", "p2": "2-1", "p3": "3-1"}
    for seat, (light, dark) in zip(starts, (("elves", "demons"), ("humans", "orcs"), ("dwarves", "necromancers"))):
        d.do(seat, {"type": "choose_tribes", "light": light, "dark": dark, "light_gold": 3, "light_energy": 4,
                    "dark_gold": 4, "dark_energy": 5, "light_groups": "4", "dark_groups": "3",
                    "start": starts[seat], "light_spaces": ["extract_gold", "extract_energy", "transition3", "build"],
                    "dark_spaces": ["attack", "move_attack", "tribe", "attack"]}, taps=0)
    d.table.act(Actor(host=True), {"type": "start_game"}, seed=99)
    for _ in range(60):  # the initial round (start groups, draft, feeding the tower) is not counted
        st = d.state
        if st["phase"] != "draft":
            break
        dr = st["draft"]
        if dr["stage"] == "start":
            for seat in [x for x in starts if x not in dr["started"]]:
                d.do(seat, {"type": "draft_start", "group": 4}, taps=0)
        elif dr["stage"] == "pick":
            for seat in starts:
                d.do(seat, {"type": "answer", "prompt": f"draft-{dr['n']}",
                            "value": private(st, seat)["draft_hand"][0]}, taps=0)
        elif dr["stage"] == "place":
            seat, card = dr["placer"], dr["picks"][dr["placer"]]
            action: dict[str, Any] = {"type": "draft_place", "group": 3}
            if card.endswith("*"):
                realm, area = card.split(":")[1], card.split(":")[2][0]
                action["wild_as"] = next(f"{area}-{n}" for n in range(1, 6)
                                         if not st["board"][f"{realm}:{area}-{n}"]["seat"])
            d.do(seat, action, taps=0)
        else:
            for seat in [x for x in starts if x not in dr["fed"]]:
                d.do(seat, {"type": "feed", "light": 2, "dark": 3, "inhabitants": 2}, taps=0)
    d.count.clear()
    while d.state["phase"] == "reinforce":  # one army typed in one region (2), Done (1)
        seat = d.state["turn"]
        d.do(seat, {"type": "reinforce", "draw": "1", f"place_light:{starts[seat]}": "1"}, taps=3)
    for seat in starts:
        me = private(d.state, seat)
        hand = [c["id"] for c in me["conflict"] if not c["wild"]][:2]
        army: list[str | None] = [None] * 8
        army[4] = f"r:{starts[seat]}:light"
        for i, card in zip((5, 7), hand):
            army[i] = card
        picks = sum(1 for c in army if c)
        d.do(seat, {"type": "answer", "prompt": f"plan-{d.state['round']}", "value": {"army": army}},
             taps=picks + 1 + confirm_partial)
    revealed: set[str] = set()
    for _ in range(30):
        if d.state["phase"] != "performance":
            break
        seat = d.state["turn"]
        if seat not in revealed:
            revealed.add(seat)
            d.do(seat, {"type": "perform", "space": "a5", "decline": "1", "take": "gold"}, taps=2)
        else:
            d.do(seat, {"type": "pass", "take": "gold"}, taps=1 + confirm_partial)
    return dict(d.count)


AGOT_ORDERS = {  # the orders of tests/api/test_agot_action_api.py (round 1, 4 houses)
    "baratheon": {"dragonstone": "consolidate-a", "kingswood": "defense1a", "shipbreaker-bay": "support0a"},
    "lannister": {"lannisport": "march0", "stoney-sept": "support0a", "the-golden-sound": "consolidate-a"},
    "stark": {"winterfell": "consolidate-a", "white-harbor": "defense1a", "the-shivering-sea": "support0a"},
    "greyjoy": {"pyke": "defense1a", "greywater-watch": "consolidate-a", "ironmans-bay": "raid-a",
                "port-of-pyke": "support0a", "riverrun": "defense1b"},
}


def agot_round() -> dict[str, int]:
    """A Game of Thrones, 4 houses, round 1 (planning and action; round 1 has no Westeros phase):
    every house places its orders (one select per area, plus opening "Other areas" once for
    Greyjoy's footman in Riverrun, then Place), Lannister's Raven swaps an order (2 selects + the
    button), Greyjoy raids (select + Raid), Lannister marches into Riverrun (destination + March),
    supports itself, both fighters pick a house card, Greyjoy keeps the Blade and retreats (one tap
    each: one button per legal choice), three consolidations. Returns taps per house."""
    from companion.games.agot import GAME

    d = Driver(GAME, {"players": 4, "faq_lannister_port_ship": False}, {})
    d.table.act(Actor(host=True), {"type": "set_units", "area": "riverrun", "house": "greyjoy", "footman": 1}, seed=97)
    d.table.act(Actor(host=True), {"type": "start"}, seed=98)
    pid = d.state["planning"]["prompt"]
    for house, orders in AGOT_ORDERS.items():
        extra = 1 if house == "greyjoy" else 0  # opens "Other areas" for Riverrun
        d.do(house, {"type": "answer", "prompt": pid, "value": {"orders": orders}}, taps=len(orders) + 1 + extra)
    d.do("lannister", {"type": "raven_swap", "area": "stoney-sept", "token": "support1"}, taps=3)
    d.do("greyjoy", {"type": "raid", "from": "ironmans-bay", "target": "the-golden-sound"}, taps=2)
    d.do("lannister", {"type": "march", "from": "lannisport", "moves": [{"to": "riverrun", "footman": 1, "knight": 1}]},
         taps=2)
    d.do("lannister", {"type": "support", "area": "stoney-sept", "side": "attacker"}, taps=1)
    pid = d.state["action"]["combat"]["prompt"]
    d.do("lannister", {"type": "answer", "prompt": pid, "value": "tywin-lannister"}, taps=1)
    d.do("greyjoy", {"type": "answer", "prompt": pid, "value": "euron-crows-eye"}, taps=1)
    d.do("greyjoy", {"type": "blade", "use": ""}, taps=1)
    d.do("greyjoy", {"type": "card_ability", "area": "seagard"}, taps=1)
    for house, area in (("baratheon", "dragonstone"), ("stark", "winterfell"), ("greyjoy", "greywater-watch")):
        d.do(house, {"type": "consolidate", "from": area}, taps=1)
    assert d.state["round"] == 2
    return dict(d.count)


CATAN_TAPS = {"roll": 1, "end_turn": 1, "build": 1, "guard": 2, "first_seat": 1, "setup_place": 1}


def catan_round() -> dict[str, int]:
    """Brotherhood of the Watch, 4 players, digital dice and tokens: setup (first seat picked, three
    placement rounds) and one round of turns in which every player rolls, one builds a road and a
    guard, one buys a development card. Returns taps per part."""
    from companion.games.catan_watch import GAME

    d = Driver(GAME, {"players": "4"}, CATAN_TAPS)
    d.do("p1", {"type": "first_seat", "seat": "p3"})
    for _ in range(8):
        seat = GAME.waiting_for(d.state)[0]
        d.do(seat, {"type": "setup_place"})
    for _ in range(4):
        seat = GAME.waiting_for(d.state)[0]
        d.do(seat, {"type": "guard", "section": "w2"})
    setup = sum(d.count.values())
    for n in range(4):
        seat = GAME.waiting_for(d.state)[0]
        d.do(seat, {"type": "roll"})
        if n == 0:
            d.do(seat, {"type": "build", "what": "road"})
            d.do(seat, {"type": "guard", "section": "w1"})
        if n == 1:
            d.do(seat, {"type": "build", "what": "dev"})
        d.do(seat, {"type": "end_turn"})
    return {"setup (first seat, 3 placement rounds, 4 players)": setup,
            "one round of 4 turns (a road, a guard, a development card)": sum(d.count.values()) - setup}


def main() -> None:
    print("| LCG, 3 players, one challenge | p1 | p2 | p3 | taps | countdowns | s waiting when nobody acts |")
    print("|---|---|---|---|---|---|---|")
    rows: tuple[tuple[str, dict[str, Any]], ...] = (
        ("**issue 37 default**: one countdown per run, plot decks registered, dominance one tap",
         {"auto_close": 5}),
        ("the same, every phone taps Nothing at once", {"auto_close": 5, "nothing_taps": True}),
        ("round 1 with no deck registered: each plot typed in \"Another plot\"", {"auto_close": 5, "plots": "typed"}),
        ("round 2 after that, `used_plots` free: the typed plot is one tap", {"auto_close": 5, "plots": "typed",
                                                                              "used_plots": "free", "rounds": 2}),
        ("round 2 after that, used pile: the plot in play is out of reach, a second plot typed",
         {"auto_close": 5, "plots": "typed", "rounds": 2}),
        ("issue 15 default: one countdown per round (`window_pace` each, `auto_close` 6 s)",
         {"auto_close": 6, "pace": "each"}),
        ("every window offered, every pass tapped (`auto_close` 0)", {"auto_close": 0, "pace": "each"}),
        ("before issue 15: auto-pass `structure` (skips windows), every other pass tapped",
         {"auto_close": 0, "autopass": "structure", "pace": "each"}))
    for label, kw in rows:
        c, waited, n = lcg_round(**kw)
        print(f"| {label} | {c['p1']} | {c['p2']} | {c['p3']} | {sum(c.values())} | {n} | {waited} |")
    print()
    print("| Brotherhood of the Watch, digital dice and tokens | taps |")
    print("|---|---|")
    for label, n in catan_round().items():
        print(f"| {label} | {n} |")
    print(f"| a plain turn (roll, end the turn; no dialog since issue 23) | {CATAN_TAPS['roll'] + CATAN_TAPS['end_turn']} |")
    print()
    print("| A Game of Thrones, 4 houses, round 1 (planning and action) | Baratheon | Lannister | Stark | Greyjoy | total |")
    print("|---|---|---|---|---|---|")
    a = agot_round()
    print(f"| orders, Raven, raid, march, combat, consolidations | {a['baratheon']} | {a['lannister']} | {a['stark']} "
          f"| {a['greyjoy']} | {sum(a.values())} |")
    print()
    print("| Immortals, 3 players, one round | p1 | p2 | p3 | total |")
    print("|---|---|---|---|---|")
    r = immortals_round()
    print(f"| reinforce, plan 3 cards, reveal 1, pass | {r['p1']} | {r['p2']} | {r['p3']} | {sum(r.values())} |")
    print()
    print("| Immortals tribe setup, one phone | taps |")
    print("|---|---|")
    for label, n in immortals_setup().items():
        print(f"| {label} | {n} |")


if __name__ == "__main__":
    main()
