"""Replay digests of random play for the games whose handlers read their validated parameter model
(issue 40): the same actions, valid and malformed mixed, must give the very same states after a
change in how moves read their fields.

    .venv/bin/python tools/move_digests.py record [--tables 100] [--out FILE]   # once, before a change
    .venv/bin/python tools/move_digests.py check [FILE]                         # after it

``record`` plays ``--tables`` tables per game with the engine exactly as the server runs it
(:class:`companion.engine.Table`): each step a random seat (or the host) sends a random move whose
fields are drawn from values that fit and values that do not (an empty form field, a word for a
number, a JSON ``true``, a number out of range), so most are refused and the rest move the game on.
The file keeps every step (actor, action, event seed) and what followed it: a digest of the game
state after an accepted action, or ``refused``. ``check`` replays the steps with today's code and
compares every outcome (which refusal message is said is not compared: a field checked earlier may
now be named first; whether it is refused is).
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.engine import Table  # noqa: E402
from companion.games.base import Actor, RuleError  # noqa: E402
from tools import recording  # noqa: E402

DEFAULT = ROOT / "tests" / "data" / "move-digests.json.gz"
Action = dict[str, Any]
SEATS = ["p1", "p2", "p3"]
BAD: tuple[Any, ...] = ("", None, "x", -1, 999, True, 2.5)


def pick(rng: random.Random, *good: Any) -> Any:
    """A field's value: one that fits (three times as likely) or one that does not."""
    return rng.choice(list(good) * 3 + list(BAD))


def generic(rng: random.Random, g: dict[str, Any]) -> Action:
    pid = f"g{rng.randint(1, 4)}"
    return rng.choice([
        {"type": "adjust", "counter": pick(rng, "VP", "Wood", "Round"), "seat": pick(rng, *SEATS),
         "delta": pick(rng, 1, -3, "2", 1200)},
        {"type": "set", "counter": pick(rng, "VP", "Round"), "seat": pick(rng, *SEATS), "value": pick(rng, 5, 20000)},
        {"type": "roll", "dice": pick(rng, "2d6", "d20", "3d6+2", "0d6")},
        {"type": "open_prompt", "title": pick(rng, "Bid", 2025), "kind": pick(rng, "number", "choice"),
         "min": pick(rng, 0, "1", 99999), "max": pick(rng, 5, "9", -20000), "choices": pick(rng, "Yes, No", "One"),
         "seats": pick(rng, "p1, p2", ["p1", "p3"], "p9")},
        {"type": "answer", "prompt": pid, "value": pick(rng, 3, "4", "Yes", "No", 7)},
        {"type": "cancel_prompt", "prompt": pid},
    ])


def _tokens(rng: random.Random, n: int) -> Action:
    wild, clans = ("normal", "climber", "giant"), ("ice_river", "cave_people", "hornfoot")
    if rng.random() < 0.3:
        return {"token_wildling[]": [pick(rng, *wild) for _ in range(n)], "token_clan[]": [pick(rng, *clans) for _ in range(n)]}
    return {"tokens": [{"wildling": rng.choice(wild), "clan": rng.choice(clans)} for _ in range(rng.choice([n, n, n + 1]))]}


def catan(rng: random.Random, g: dict[str, Any]) -> Action:
    what = pick(rng, "settlement", "keep", "road", "dev")
    part = pick(rng, "clan", "clearing", "hex", "section", "frostfangs", "breaches")
    return rng.choice([
        {"type": "setup_place"}, {"type": "setup_place"}, {"type": "end_turn"}, {"type": "end_turn"},
        {"type": "first_seat", "seat": pick(rng, *SEATS)},
        {"type": "guard", "section": pick(rng, "w1", "w2", "w3", "w4")},
        {"type": "roll", "red": pick(rng, 1, 3, 6, 7), "yellow": pick(rng, 1, 5), "d12": pick(rng, 1, 8, 12, 13)},
        {"type": "build", "what": what, **_tokens(rng, 2 if what == "keep" else 1)},
        {"type": "ranger", "option": pick(rng, "tormund", "card"), **_tokens(rng, 1)},
        {"type": "reveal_vp", "count": pick(rng, 0, 1, 2, 5, 6), "seat": pick(rng, *SEATS)},
        {"type": "answer", "prompt": pick(rng, "final-vp"), "value": pick(rng, 0, 1, 6)},
        {"type": "longest_road", "holder": pick(rng, *SEATS, "none"), **_tokens(rng, 1)},
        {"type": "hero", "then": pick(rng, "flip", "swap"), "hero": pick(rng, "a1", "a2", "b3", "c1")},
        {"type": "correct", "what": part, "id": pick(rng, "w1", "ice_river", "c1"), "value": pick(rng, 0, 2, 3),
         "normal": pick(rng, 0, 5), "climber": pick(rng, 0, 3), "giant": pick(rng, 1), "wildlings": pick(rng, "normal, giant", ["climber"]),
         "guards": pick(rng, "p1, p2", ["p3"])},
        {"type": "edit_trail", "number": pick(rng, 1, 7, 12, 13), "clan": pick(rng, "none", "ice_river"), "clearing": pick(rng, "c1")},
        {"type": "edit_section", "id": pick(rng, "w1", "w9"), "spaces": pick(rng, 1, 5, 16, 17), "hexes": pick(rng, "A, B")},
        {"type": "verify_profile", "part": pick(rng, "trails", "guard_spaces")}, {"type": "progress"},
    ])


def _plot(rng: random.Random) -> Action:
    return {"name": pick(rng, "A Noble Cause", "Taxation"), "gold": pick(rng, 5, "3", 21), "initiative": pick(rng, 0, 4),
            "claim": pick(rng, 1, 9, 10), "when_revealed": pick(rng, True, "1", "")}


def lcg(rng: random.Random, g: dict[str, Any]) -> Action:
    opp = g.get("opp") if isinstance(g.get("opp"), int | str) else None
    prompt = next(iter(g.get("prompts", {})), "x")
    return rng.choice([
        {"type": "pass", "opp": pick(rng, opp, 0)}, {"type": "pass", "opp": pick(rng, opp)}, {"type": "pass"},
        {"type": "act", "label": pick(rng, "Ambush"), "effect": pick(rng, "cancel", "save")},
        {"type": "answer", "prompt": pick(rng, prompt), "value": _plot(rng)}, {"type": "answer", **_plot(rng)},
        {"type": "first_player", "seat": pick(rng, *SEATS)},
        {"type": "challenge", "challenge": pick(rng, "military", "intrigue", "power"), "opponent": pick(rng, *SEATS)},
        {"type": "finish"},
        {"type": "strength", "attacker": pick(rng, 3, 0, 99, 100), "defender": pick(rng, 2, "5")},
        {"type": "dominance", "strength": pick(rng, 4, 1000), "seat": pick(rng, *SEATS)},
        {"type": "adjust", "field": pick(rng, "gold", "power", "initiative_bonus"), "delta": pick(rng, 1, -2, 100, "-9")},
        {"type": "host_set", "seat": pick(rng, *SEATS), "field": pick(rng, "gold", "claim_bonus"), "value": pick(rng, 5, 10, -9)},
        {"type": "passive", "label": pick(rng, "Reaction")}, {"type": "moribund", "label": pick(rng, "Jaime")},
        {"type": "unmoribund", "index": pick(rng, 0, 1)}, {"type": "order_passives", "order": pick(rng, "0,1", [1, 0])},
        {"type": "add_plot", **_plot(rng)}, {"type": "remove_plot", "index": pick(rng, 0, 3)},
        {"type": "register_plots", "plots": pick(rng, [_plot(rng)], json.dumps([_plot(rng)]), "[oops")},
        {"type": "autopass", "kinds": pick(rng, "act.plot", [])}, {"type": "window_time", "scale": pick(rng, 0, "2", 3)},
        {"type": "reveal_order", "order": pick(rng, "p1,p2", SEATS)},
        {"type": "set_phase", "phase": pick(rng, "plot", "challenges", "taxation")},
        {"type": "set_first", "seat": pick(rng, *SEATS)}, {"type": "skip"},
        {"type": "pass_ahead", "round": pick(rng, opp), "wait": pick(rng, "1", "")},
    ])


#: each game: its options, how many steps a table plays, and its move generator
GAMES: dict[str, tuple[Callable[[random.Random], dict[str, Any]], int, Callable[[random.Random, dict[str, Any]], Action]]] = {
    "generic": (lambda rng: {"seats": "A, B, C", "counters": "VP, Wood", "shared_counters": "Round"}, 60, generic),
    "catan-watch": (lambda rng: {"players": "3", "dice": rng.choice(["physical", "digital"]), "tokens": "physical"}, 150, catan),
    "lcg": (lambda rng: {"players": "3"}, 200, lcg),
}


def digest(g: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(g, sort_keys=True, separators=(",", ":")).encode("utf-8")).hexdigest()[:16]


def outcome(table: Table, actor: Actor, action: Action, seed: int) -> str:
    """What one step did: the state's digest, or ``refused`` (nothing changed)."""
    try:
        table.act(actor, action, seed=seed)
    except RuleError:
        return "refused"
    return digest(table.state["g"])


def _table(game: str, options: dict[str, Any], seed: int) -> Table:
    table = Table(game, options, seed=seed)
    for seat in SEATS:
        table.join(seat, seat.upper())
    return table


def record(tables: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for game, (options_of, steps, moves) in GAMES.items():
        played = []
        for seed in range(tables):
            rng = random.Random(seed)
            options = options_of(rng)
            table = _table(game, options, seed)
            rows = []
            for _ in range(steps):
                who = rng.choice([*SEATS, None])
                action = moves(rng, table.state["g"])
                event_seed = rng.randrange(10**6)
                actor = Actor(seat=who) if who else Actor(host=True)
                rows.append([who, action, event_seed, outcome(table, actor, action, event_seed)])
            played.append({"seed": seed, "options": options, "steps": rows})
        out[game] = played
    return out


def mismatches(data: dict[str, Any]) -> list[tuple[str, int, int]]:
    """(game, table seed, step) of every step whose outcome differs from the recording."""
    bad = []
    for game, played in data.items():
        for t in played:
            table = _table(game, t["options"], t["seed"])
            for i, (who, action, event_seed, expected) in enumerate(t["steps"]):
                actor = Actor(seat=who) if who else Actor(host=True)
                if outcome(table, actor, action, event_seed) != expected:
                    bad.append((game, t["seed"], i))
                    break
    return bad


def load(path: Path = DEFAULT) -> dict[str, Any]:
    return recording.load(path)


def main() -> None:
    args = recording.arguments(__doc__, DEFAULT)
    if args.cmd == "record":
        data = record(args.tables)
        recording.save(args.out, data)
        accepted = {g: sum(s[3] != "refused" for t in played for s in t["steps"]) for g, played in data.items()}
        print(f"recorded {args.tables} tables per game; accepted steps: {accepted}")
    else:
        bad = mismatches(load(args.file))
        print("every step as recorded" if not bad else f"{len(bad)} tables differ: {bad[:10]}")
        sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
