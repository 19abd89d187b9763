"""What each wildling card does to the houses it hits, as *tasks* (facts: wildling cards; seed 000 p.23).

A revealed card becomes a list of tasks (:func:`build_tasks`): the lowest bidder's part first, then
the other houses in turn order, or the highest bidder's reward. A task either settles at once
(supply, power, tracks) or asks its house a question on the phone: a choice, a confirmation, units
to destroy in the board mirror or units to swap. :mod:`.wildling_attack` runs the tasks.
"""

from __future__ import annotations

from typing import Any

from ...i18n import N_
from ..base import Ctx, RuleError
from . import areas, flow, names, power, supply, tracks
from . import board as board_data
from . import house_cards as hc
from .options import AgotOptions
from .wildlings import CARD_ENTRY, CARD_RULE, TEXTS, State, Task, attack_step

TRACK_CHOICES = {t: names.TRACKS[t] for t in tracks.TRACKS}


def build_tasks(state: State, card: str, target: str, won: bool, step: flow.Step) -> list[Task]:
    """The card's effects as an ordered list: the lowest bidder first, then the others in turn
    order (facts: wildling cards, FAQ v2.0)."""
    # a house kept out of the bidding (Preemptive Raid's second attack) takes no part in its result
    others = [h for h in tracks.turn_order(state) if h != target and h not in step.get("excluded", [])]
    lose, rest, reward = TEXTS[card]
    if won:
        return [{"house": target, "card": card, "part": "reward", "text": reward}]
    tasks = [{"house": target, "card": card, "part": "lowest", "text": lose}]
    tasks += [{"house": h, "card": card, "part": "others", "text": rest} for h in others]
    return tasks

# -- the questions a task asks its house (a choice, a confirmation, units to destroy or swap) ---------
def _confirm(task: Task, msg: str, **params: Any) -> None:
    task["ask"] = {"kind": "confirm", "msg": msg, "params": params}


def _units_by_area(state: State, house: str) -> dict[str, int]:
    return {a: areas.count(state, a) for a, u in state["units"].items() if u["house"] == house}


def _losses(state: State, house: str, task: Task, n: int, msg: str, in_one_fort: bool = False) -> None:
    """A wildling unit loss (facts: wildling cards): the house destroys units in the mirror (the
    phone's minus buttons, ``remove_units``); "done" is refused until ``n`` are gone, or all it
    had. ``in_one_fort``: The Horde Descends takes them from one castle/stronghold area if it has one."""
    before = _units_by_area(state, house)
    total = sum(before.values())
    task["ask"] = {"kind": "units", "msg": msg, "params": {"n": n}, "due": min(n, total), "before": before,
                   "one_fort": in_one_fort}


def ask_view(state: State, task: Task) -> dict[str, Any] | None:
    """The public form of a task's question, with the live count of units destroyed or swapped."""
    ask = task.get("ask")
    if not ask:
        return None
    out = {k: v for k, v in ask.items() if k != "before"}
    if ask["kind"] == "units":
        out["removed"] = losses_done(state, task)
    if ask["kind"] == "swap":
        out["areas"] = swap_areas(state, task)
    return out


def losses_done(state: State, task: Task) -> int:
    """Units the house has destroyed since the loss task started (the board mirror's count)."""
    now = _units_by_area(state, task["house"])
    return sum(max(0, n - now.get(a, 0)) for a, n in task["ask"]["before"].items())


def _forts_with_units(before: dict[str, int]) -> dict[str, int]:
    b = board_data.load()
    return {a: n for a, n in before.items() if b.area(a).fort}


def check_losses(state: State, task: Task) -> None:
    """Refuse "done" short of the units due (and, for The Horde Descends, outside one castle area)."""
    ask = task["ask"]
    gone = losses_done(state, task)
    if gone < ask["due"]:
        raise RuleError("Destroy %(n)s more unit first.", CARD_RULE, status=409, entry=CARD_ENTRY.get(task["card"]),
                        _plural="Destroy %(n)s more units first.",
                        n=ask["due"] - gone)
    forts = _forts_with_units(ask["before"]) if ask.get("one_fort") else {}
    if forts:
        now = _units_by_area(state, task["house"])
        need = min(ask["due"], max(forts.values()))
        if not any(n - now.get(a, 0) >= need for a, n in forts.items()):
            raise RuleError("The units must come from one of your castle or stronghold areas.", CARD_RULE,
                            status=409, entry="wildling-horde-descends")


def _swaps(task: Task, need: int, done_max: int, frm: str, to: str, msg: str, optional: bool) -> None:
    task["ask"] = {"kind": "swap", "msg": msg, "params": {"n": done_max}, "from": frm, "to": to,
                   "need": 0 if optional else need, "max": done_max, "done": 0}


def swap_areas(state: State, task: Task) -> list[str]:
    """Areas where the house still has a unit of the kind being replaced."""
    frm = task["ask"]["from"]
    return sorted(a for a, u in state["units"].items() if u["house"] == task["house"] and u.get(frm))


def swap(state: State, ctx: Ctx, task: Task, area: str) -> None:
    """Crow Killers: one unit replaced in the mirror (a knight with no footman left is destroyed)."""
    ask = task["ask"]
    house = task["house"]
    if areas.in_reserve(state, house, ask["to"]) > 0:
        areas.add_units(state, area, house, **{ask["from"]: -1, ask["to"]: 1})
    elif ask["from"] == "knight":
        areas.add_units(state, area, house, knight=-1)
    else:
        raise RuleError("You have no knight left to put on the board.", CARD_RULE, status=409,
                        entry="wildling-crow-killers")
    ask["done"] += 1
    ctx.log(N_("%(house)s replaces a unit in %(area)s."), house=names.label(names.HOUSES[house]),
            area=names.label(names.AREAS[area]))
    if ask["done"] >= ask["max"] or not swap_areas(state, task):
        task["ask"] = None


def _choose(task: Task, choices: list[str], then: str, msg: str, labels: dict[str, Any]) -> None:
    task["ask"] = {"kind": "choose", "choices": choices, "then": then, "msg": msg, "labels": labels}


# -- card effects ------------------------------------------------------------------------------------
def _nothing(state: State, ctx: Ctx, step: flow.Step, task: Task) -> None:
    """Silence at the Wall: no effect either way (facts: wildling cards)."""


def _preemptive(state: State, ctx: Ctx, step: flow.Step, task: Task) -> None:
    """Preemptive Raid (facts: wildling cards)."""
    if task["part"] == "reward":
        step.setdefault("then", []).append(
            attack_step(state, strength=6, excluded=[task["house"]], move_token=False))
        ctx.log(N_("The wildlings attack again at strength 6; %(house)s may not bid."),
                house=names.label(names.HOUSES[task["house"]]))
    elif task["part"] == "lowest":
        _choose(task, ["units", "track"], "raid_choice", N_("Choose your loss"),
                {"units": N_("Destroy 2 of my units"), "track": N_("Drop 2 places on my highest track")})


def highest_tracks(state: State, house: str) -> list[str]:
    """The tracks where the house stands highest (facts: Preemptive Raid)."""
    best = min(tracks.position(state, t, house) for t in tracks.TRACKS)
    return [t for t in tracks.TRACKS if tracks.position(state, t, house) == best]


def _raid_choice(state: State, ctx: Ctx, step: flow.Step, task: Task, value: str) -> None:
    """Preemptive Raid: units on the board, or two places on a track (facts: wildling cards)."""
    if value == "units":
        _losses(state, task["house"], task, 2, N_("Destroy %(n)s of your units anywhere, then confirm."))
        return
    options = highest_tracks(state, task["house"])
    if len(options) == 1:
        _drop_two(state, ctx, step, task, options[0])
    else:
        _choose(task, options, "drop_two", N_("Which of your highest tracks?"), TRACK_CHOICES)


def _drop_two(state: State, ctx: Ctx, step: flow.Step, task: Task, track: str) -> None:
    """Drop two places; the others close up (seed 000 p.27)."""
    pos = tracks.position(state, track, task["house"])
    tracks.move(state, track, task["house"], pos - 1 + 2)
    ctx.log(N_("%(house)s drops 2 places on the %(track)s track."), house=names.label(names.HOUSES[task["house"]]),
            track=names.label(names.TRACKS[track]))


def _crow_killers(state: State, ctx: Ctx, step: flow.Step, task: Task) -> None:
    """Crow Killers: the lowest bidder's knights all become footmen, automatically in the mirror
    (knights with no footman left to replace them are destroyed) (facts: wildling cards)."""
    house = task["house"]
    if task["part"] == "lowest":
        swapped = lost = 0
        for area in sorted(state["units"]):
            u = state["units"][area]
            if u["house"] != house or not u.get("knight"):
                continue
            for _ in range(u["knight"]):
                if areas.in_reserve(state, house, "footman") > 0:
                    areas.add_units(state, area, house, knight=-1, footman=1)
                    swapped += 1
                else:
                    areas.add_units(state, area, house, knight=-1)
                    lost += 1
        ctx.log(N_("%(house)s: %(n)s knight becomes a footman; destroyed: %(lost)s."),
                _plural="%(house)s: %(n)s knights become footmen; destroyed: %(lost)s.", house=names.label(names.HOUSES[house]), n=swapped, lost=lost)
        _confirm(task, N_("Swap your knights for footmen on the board, then confirm."))
    elif task["part"] == "others":
        knights = areas.on_board(state, house, "knight")
        if knights:
            n = min(2, knights)
            _swaps(task, n, n, "knight", "footman",
                   N_("Replace %(n)s of your knights with footmen: tap the areas (here and on the board)."), False)
    else:
        n = min(2, areas.on_board(state, house, "footman"), areas.in_reserve(state, house, "knight"))
        if n:
            _swaps(task, 0, n, "footman", "knight",
                   N_("You may replace up to %(n)s of your footmen with knights: tap the areas, then confirm."),
                   True)


def _rattleshirt(state: State, ctx: Ctx, step: flow.Step, task: Task) -> None:
    """Rattleshirt's Raiders: supply -2 / -1 / +1, then armies are checked (facts: wildling cards)."""
    delta = {"lowest": -2, "others": -1, "reward": 1}[task["part"]]
    house = task["house"]
    old = state["supply"][house]
    state["supply"][house] = max(0, min(supply.MAX_LEVEL, old + delta))
    step["supply_changed"] = True
    ctx.log(N_("Supply: %(house)s %(old)s → %(new)s"), house=names.label(names.HOUSES[house]), old=old,
            new=state["supply"][house])


def _hand(state: State, house: str) -> dict[str, list[str]]:
    return hc.hands(state)[house]


def _massing(state: State, ctx: Ctx, step: flow.Step, task: Task) -> None:
    """Massing on the Milkwater (facts: wildling cards). A hand emptied by it refills like any spent
    hand (seed 000 p.19, :func:`house_cards.keep_one`), so no house is left to fight without a card."""
    house = task["house"]
    pile = _hand(state, house)
    if task["part"] == "reward":
        pile["hand"] += pile["discard"]
        pile["discard"] = []
        ctx.log(N_("%(house)s takes back all discarded house cards."), house=names.label(names.HOUSES[house]))
    elif task["part"] == "lowest":
        if len(pile["hand"]) > 1:
            top = max(hc.card(c).strength for c in pile["hand"])
            gone = [c for c in pile["hand"] if hc.card(c).strength == top]
            ctx.log(N_("%(house)s discards its strongest house cards (%(n)s)."), house=names.label(names.HOUSES[house]),
                    n=len(gone))
            hc.to_discard(state, house, gone, ctx)
    else:
        keep_last = AgotOptions.of(state).milkwater_keep_last
        if len(pile["hand"]) > (1 if keep_last else 0):
            _choose(task, list(pile["hand"]), "discard_card", N_("Discard one house card"),
                    {c: hc.card(c).name for c in pile["hand"]})


def _discard_card(state: State, ctx: Ctx, step: flow.Step, task: Task, cid: str) -> None:
    """Massing on the Milkwater: the chosen card goes to the discard pile (facts)."""
    ctx.log(N_("%(house)s discards %(card)s."), house=names.label(names.HOUSES[task["house"]]), card=names.label(hc.card(cid).name))
    hc.to_discard(state, task["house"], [cid], ctx)


def _return_card(state: State, ctx: Ctx, step: flow.Step, task: Task, cid: str) -> None:
    """Mammoth Riders reward: the chosen card returns to hand (facts)."""
    pile = _hand(state, task["house"])
    pile["discard"].remove(cid)
    pile["hand"].append(cid)
    ctx.log(N_("%(house)s takes back %(card)s."), house=names.label(names.HOUSES[task["house"]]), card=names.label(hc.card(cid).name))


def _king_beyond(state: State, ctx: Ctx, step: flow.Step, task: Task) -> None:
    """A King Beyond the Wall (facts: wildling cards; track moves per seed 000 p.27)."""
    house = task["house"]
    if task["part"] == "lowest":
        for t in tracks.TRACKS:
            tracks.to_bottom(state, t, house)
        ctx.log(N_("%(house)s moves to the bottom of every influence track."), house=names.label(names.HOUSES[house]))
    elif task["part"] == "others":
        _choose(task, ["fiefdoms", "kings_court"], "to_bottom", N_("Which track do you drop to the bottom of?"),
                TRACK_CHOICES)
    else:
        _choose(task, list(tracks.TRACKS), "to_top", N_("Which track do you take the top of?"), TRACK_CHOICES)


def _to_bottom(state: State, ctx: Ctx, step: flow.Step, task: Task, track: str) -> None:
    """A King Beyond the Wall: bottom of the chosen track (facts; seed 000 p.27)."""
    tracks.to_bottom(state, track, task["house"])
    ctx.log(N_("%(house)s moves to the bottom of the %(track)s track."), house=names.label(names.HOUSES[task["house"]]),
            track=names.label(names.TRACKS[track]))


def _to_top(state: State, ctx: Ctx, step: flow.Step, task: Task, track: str) -> None:
    """A King Beyond the Wall reward: top of a track and its token (facts; seed 000 p.27)."""
    tracks.to_top(state, track, task["house"])
    ctx.log(N_("%(house)s moves to the top of the %(track)s track."), house=names.label(names.HOUSES[task["house"]]),
            track=names.label(names.TRACKS[track]))


def _mammoth(state: State, ctx: Ctx, step: flow.Step, task: Task) -> None:
    """Mammoth Riders (facts: wildling cards)."""
    house = task["house"]
    if task["part"] == "reward":
        pile = _hand(state, house)
        if pile["discard"]:
            _choose(task, list(pile["discard"]), "return_card", N_("Take back one discarded house card"),
                    {c: hc.card(c).name for c in pile["discard"]})
    else:
        n = 3 if task["part"] == "lowest" else 2
        _losses(state, house, task, n, N_("Destroy %(n)s of your units anywhere, then confirm."))


def _horde(state: State, ctx: Ctx, step: flow.Step, task: Task) -> None:
    """The Horde Descends (facts: wildling cards); the reward is a one-area mustering."""
    house = task["house"]
    if task["part"] == "reward":
        step.setdefault("then", []).append({"kind": "mustering", "houses": [house], "index": 0, "only_one": True})
    elif task["part"] == "lowest":
        _losses(state, house, task, 2, N_("Destroy 2 units in one of your castle or stronghold areas (anywhere "
                                          "if you have none), then confirm."), in_one_fort=True)
    else:
        _losses(state, house, task, 1, N_("Destroy %(n)s of your units anywhere, then confirm."))


def _skinchanger(state: State, ctx: Ctx, step: flow.Step, task: Task) -> None:
    """Skinchanger Scout (facts: wildling cards)."""
    house = task["house"]
    if task["part"] == "reward":
        got = power.gain(state, house, step["bids"][house])
        ctx.log(N_("%(house)s takes back its bid (%(n)s power)."), house=names.label(names.HOUSES[house]), n=got)
    else:
        want = state["power"][house]["available"] if task["part"] == "lowest" else 2
        lost = power.discard(state, house, want)
        ctx.log(N_("%(house)s discards %(n)s power."), house=names.label(names.HOUSES[house]), n=lost)


EFFECTS = {
    "silence-at-the-wall": _nothing,
    "preemptive-raid": _preemptive,
    "crow-killers": _crow_killers,
    "rattleshirts-raiders": _rattleshirt,
    "massing-on-the-milkwater": _massing,
    "a-king-beyond-the-wall": _king_beyond,
    "mammoth-riders": _mammoth,
    "the-horde-descends": _horde,
    "skinchanger-scout": _skinchanger,
}
CHOSEN = {
    "raid_choice": _raid_choice,
    "drop_two": _drop_two,
    "discard_card": _discard_card,
    "return_card": _return_card,
    "to_bottom": _to_bottom,
    "to_top": _to_top,
}
