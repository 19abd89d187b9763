"""Wildlings: the threat track, the Night's Watch bid and the wildling cards (seed 000 p.7, p.22-23).

- ``state["wildling_threat"]``: 0-12 in steps of 2; starts on 2 (seed 000 p.4).
- ``state["wildling_deck"] = {"mode", "top": id|None, "unknown": [ids], "bottom": [ids]}``: the deck
  is ``top`` (known only after a Raven peek), then the cards nobody has seen in random order (drawn
  lazily), then the cards put at the bottom, in order (seed 000 p.12, p.23).
- An attack is a step ``{"kind": "wildling_attack", "strength", "excluded", "move_token", "pid",
  "stage": "bid"|"card"|"tie"|"tasks", ...}``; a revealed card becomes a list of *tasks*, resolved
  lowest bidder first, then the others in turn order (facts: wildling cards, FAQ).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ... import sealed
from ...i18n import N_, tr
from ..base import Action, Ctx, RuleError, get_choice
from . import areas, bidding, flow, names, power, supply, tracks
from . import board as board_data
from . import house_cards as hc
from .data_models import WildlingsFile, load
from .options import AgotOptions

State = dict[str, Any]
Task = dict[str, Any]
START_THREAT = 2
MAX_THREAT = 12
STEP = 2
RULE = "seed 000 p.22"
CARD_RULE = "facts: wildling cards"
#: each card's own rules reference entry, so a refusal's "Why?" opens the card being resolved
CARD_ENTRY = {"silence-at-the-wall": "wildling-silence-at-the-wall", "preemptive-raid": "wildling-preemptive-raid",
              "crow-killers": "wildling-crow-killers", "rattleshirts-raiders": "wildling-rattleshirt",
              "massing-on-the-milkwater": "wildling-milkwater", "a-king-beyond-the-wall": "wildling-king-beyond-the-wall",
              "mammoth-riders": "wildling-mammoth-riders", "the-horde-descends": "wildling-horde-descends",
              "skinchanger-scout": "wildling-skinchanger-scout"}

#: What each card does, shown on the screen (paraphrased from the printed cards, facts file).
TEXTS = {
    "silence-at-the-wall": (N_("Nothing happens."), N_("Nothing happens."), N_("Nothing happens.")),
    "preemptive-raid": (
        N_("Destroy 2 of your units anywhere, or drop 2 places on your highest influence track."),
        N_("Nothing happens."),
        N_("The wildlings attack again at strength 6; the highest bidder may not bid."),
    ),
    "crow-killers": (
        N_("Replace all your knights with footmen (knights that cannot be replaced are destroyed)."),
        N_("Replace 2 of your knights with footmen."),
        N_("You may replace up to 2 of your footmen with knights."),
    ),
    "rattleshirts-raiders": (N_("Supply -2."), N_("Supply -1."), N_("Supply +1.")),
    "massing-on-the-milkwater": (
        N_("If you hold more than one house card, discard all those with the highest strength."),
        N_("Discard one house card of your choice."),
        N_("Take back all your discarded house cards."),
    ),
    "a-king-beyond-the-wall": (
        N_("Move to the bottom of every influence track."),
        N_("Move to the bottom of the Fiefdoms or the King's Court track (your choice)."),
        N_("Move to the top of one influence track of your choice and take its dominance token."),
    ),
    "mammoth-riders": (
        N_("Destroy 3 of your units anywhere."),
        N_("Destroy 2 of your units anywhere."),
        N_("Take back one discarded house card of your choice."),
    ),
    "the-horde-descends": (
        N_("Destroy 2 units in one of your castle or stronghold areas (anywhere if you have none)."),
        N_("Destroy 1 of your units anywhere."),
        N_("You may muster in one castle or stronghold area you control."),
    ),
    "skinchanger-scout": (
        N_("Discard all your available power."),
        N_("Discard 2 available power."),
        N_("Your bid returns to you."),
    ),
}
TRACK_CHOICES = {t: names.TRACKS[t] for t in tracks.TRACKS}


@cache
def card_ids() -> list[str]:
    ids = [c.id for c in load("wildlings.toml", WildlingsFile).card]
    if len(ids) != 9 or set(ids) != set(TEXTS) or not set(ids) <= set(names.WILDLINGS):
        raise ValueError("wildlings.toml must list the 9 wildling cards the rules know")
    return ids


def initial_deck(mode: str) -> dict[str, Any]:
    return {"mode": mode, "top": None, "unknown": list(card_ids()), "bottom": []}


# -- threat ----------------------------------------------------------------------------------------
def advance_threat(state: State, ctx: Ctx, icons: int) -> bool:
    """Each icon moves the threat one space, at most 3 per Westeros phase; True if it hit 12
    (seed 000 p.7, p.22)."""
    old = state["wildling_threat"]
    state["wildling_threat"] = min(MAX_THREAT, old + STEP * min(icons, 3))
    ctx.log(N_("Wildling threat %(old)s → %(new)s"), old=old, new=state["wildling_threat"])
    return state["wildling_threat"] >= MAX_THREAT


# -- the deck (Raven peeks use these too) ------------------------------------------------------------
def peek(state: State, ctx: Ctx) -> str | None:
    """Fix and return the top card for the Raven holder (seed 000 p.12); None with a physical deck."""
    deck = state["wildling_deck"]
    if deck["mode"] != "digital":
        return None
    if deck["top"] is None:
        if deck["unknown"]:
            deck["top"] = ctx.rng.choice(sorted(deck["unknown"]))
            deck["unknown"].remove(deck["top"])
        elif deck["bottom"]:
            deck["top"] = deck["bottom"].pop(0)
    return deck["top"]


def bury_top(state: State) -> None:
    """The Raven holder may put the top card at the bottom (seed 000 p.12)."""
    deck = state["wildling_deck"]
    if deck["top"] is not None:
        deck["bottom"].append(deck["top"])
        deck["top"] = None


def draw(state: State, ctx: Ctx) -> str:
    """Take the top card of the wildling deck (seed 000 p.23)."""
    card = peek(state, ctx)
    assert card is not None
    state["wildling_deck"]["top"] = None
    return card


# -- the attack --------------------------------------------------------------------------------------
def attack_step(state: State, *, strength: int, excluded: list[str] | None = None,
                move_token: bool = True) -> flow.Step:
    return {"kind": "wildling_attack", "strength": strength, "excluded": list(excluded or []),
            "move_token": move_token}


def start_attack(state: State, ctx: Ctx, step: flow.Step) -> None:
    """Steps 1-2: the wildling strength, then a sealed bid from every house (seed 000 p.22)."""
    state["seq"] += 1
    step["pid"] = f"wildlings-{state['round']}-{state['seq']}"
    step["stage"] = "bid"
    asked = [h for h in tracks.turn_order(state) if h not in step["excluded"]]
    ctx.log(N_("The wildlings attack with strength %(n)s!"), n=step["strength"])
    bidding.open_bid(state, step["pid"], asked, "wildlings", N_("Night's Watch bid against strength %(n)s"),
                     n=step["strength"])
    if bidding.autofill_zero(state, ctx, step["pid"]):
        _reveal(state, ctx, step)


def act_attack(state: State, ctx: Ctx, step: flow.Step, action: Action) -> None:
    """Bids, then the card (physical deck), tie-breaks and the card's tasks (seed 000 p.22-23)."""
    kind = action.get("type")
    stage = step["stage"]
    if stage == "bid" and kind == "answer" and action.get("prompt") == step["pid"]:
        house, bid = bidding.read_bid(state, ctx, action, step["pid"], RULE)
        bidding.log_answer(state, ctx, step["pid"], house, bid)
        if sealed.answer(state, step["pid"], house, bid):
            _reveal(state, ctx, step)
        return
    if stage == "card" and kind == "wildling_card":
        ctx.actor.require_host()
        _resolve_card(state, ctx, step, get_choice(action, "card", card_ids(), RULE))
        return
    if stage == "tie" and kind == "choose":
        ctx.actor.require(step["tie_chooser"])
        step["target"] = get_choice(action, "value", step["tied"], "seed 000 p.23",
                                    why=N_("Choose one of the houses tied for the bid."))
        ctx.log(N_("%(chooser)s breaks the tie: %(house)s"), chooser=names.label(names.HOUSES[step["tie_chooser"]]),
                house=names.label(names.HOUSES[step["target"]]))
        _apply_card(state, ctx, step)
        return
    if stage == "tasks" and kind in ("choose", "confirm"):
        _act_task(state, ctx, step, action)
        return
    raise RuleError("The table is resolving a wildling attack.", RULE, status=409)


def _reveal(state: State, ctx: Ctx, step: flow.Step) -> None:
    """Steps 3-6: total, result, threat, all bids to the Pool (seed 000 p.22-23)."""
    bids = dict(sealed.get(state, step["pid"])["answers"])
    for house, bid in bids.items():
        power.spend(state, house, bid)
    total = sum(bids.values())
    won = total >= step["strength"]
    step.update(bids=bids, total=total, won=won)
    if step["move_token"]:
        state["wildling_threat"] = 0 if won else max(0, state["wildling_threat"] - 2 * STEP)
    state["last_attack"] = {"round": state["round"], "strength": step["strength"], "bids": bids,
                            "total": total, "won": won, "card": None}
    ctx.log(N_("Night's Watch %(total)s against wildlings %(strength)s: %(result)s"), total=total,
            strength=step["strength"], result=tr(N_("the Watch holds") if won else N_("the wildlings win")))
    if state["wildling_deck"]["mode"] == "digital":
        _resolve_card(state, ctx, step, draw(state, ctx))
    else:
        step["stage"] = "card"


def _resolve_card(state: State, ctx: Ctx, step: flow.Step, card: str) -> None:
    """Reveal the top card and find who it hits; ties go to the Iron Throne holder (seed 000 p.23)."""
    step["card"] = card
    state["last_attack"]["card"] = card
    ctx.log(N_("Wildling card: %(card)s"), card=names.label(names.WILDLINGS[card]))
    bids = step["bids"]
    best = (max if step["won"] else min)(bids.values())
    tied = [h for h in tracks.turn_order(state) if h in bids and bids[h] == best]
    if len(tied) > 1:
        step["stage"] = "tie"
        step["tied"] = tied
        step["tie_chooser"] = tracks.holder(state, "iron_throne")
        return
    step["target"] = tied[0]
    _apply_card(state, ctx, step)


def _apply_card(state: State, ctx: Ctx, step: flow.Step) -> None:
    """The card hits the highest or lowest bidder; the used card goes to the bottom (seed 000 p.23)."""
    card, target = step["card"], step["target"]
    role = N_("highest bidder") if step["won"] else N_("lowest bidder")
    ctx.log(N_("%(house)s is the %(role)s."), house=names.label(names.HOUSES[target]), role=names.label(role))
    state["last_attack"]["target"] = target
    if state["wildling_deck"]["mode"] == "digital":
        state["wildling_deck"]["bottom"].append(card)
    step["stage"] = "tasks"
    step["tasks"] = build_tasks(state, card, target, step["won"], step)
    _run_tasks(state, ctx, step)


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


def _run_tasks(state: State, ctx: Ctx, step: flow.Step) -> None:
    """Apply tasks the companion can settle by itself; stop at the first that needs a phone."""
    while step["tasks"]:
        task = step["tasks"][0]
        if not task.get("started"):
            task["started"] = True
            EFFECTS[task["card"]](state, ctx, step, task)
        if task.get("ask"):
            return
        step["tasks"].pop(0)
    _after(state, ctx, step)


def _after(state: State, ctx: Ctx, step: flow.Step) -> None:
    """Used card to the bottom (done at reveal); supply changes re-check armies (seed 000 p.8, p.23)."""
    follow: list[flow.Step] = []
    if step.get("supply_changed"):
        follow.append({"kind": "armies"})
    follow += step.get("then", [])
    flow.push(state, *follow, front=True)
    flow.finish(state, ctx, step)


def _act_task(state: State, ctx: Ctx, step: flow.Step, action: Action) -> None:
    task = step["tasks"][0]
    ctx.actor.require(task["house"])
    ask = task["ask"]
    if action.get("type") == "confirm":
        if ask["kind"] not in ("confirm", "units", "swap"):
            raise RuleError("Choose one of the options first.", CARD_RULE, status=409,
                            entry=CARD_ENTRY.get(task["card"]))
        if ask["kind"] == "units":
            _check_losses(state, task)
        if ask["kind"] == "swap" and ask["done"] < ask["need"]:
            raise RuleError("Swap %(n)s more unit first.", CARD_RULE, status=409, entry="wildling-crow-killers",
                            _plural="Swap %(n)s more units first.",
                            n=ask["need"] - ask["done"])
        ctx.log(N_("%(house)s has done it on the board."), house=names.label(names.HOUSES[task["house"]]))
        task["ask"] = None
    elif ask["kind"] == "swap":
        _swap(state, ctx, task, get_choice(action, "value", _swap_areas(state, task), CARD_RULE,
                                           why=N_("Choose an area where your house still has a unit to replace."),
                                           entry=CARD_ENTRY.get(task["card"])))
    else:
        if ask["kind"] != "choose":
            raise RuleError("Confirm when it is done on the board.", CARD_RULE, status=409,
                            entry=CARD_ENTRY.get(task["card"]))
        value = get_choice(action, "value", ask["choices"], CARD_RULE)
        task["ask"] = None
        CHOSEN[ask["then"]](state, ctx, step, task, value)
    if not task.get("ask"):
        step["tasks"].pop(0)
        _run_tasks(state, ctx, step)


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
        out["areas"] = _swap_areas(state, task)
    return out


def losses_done(state: State, task: Task) -> int:
    """Units the house has destroyed since the loss task started (the board mirror's count)."""
    now = _units_by_area(state, task["house"])
    return sum(max(0, n - now.get(a, 0)) for a, n in task["ask"]["before"].items())


def _forts_with_units(before: dict[str, int]) -> dict[str, int]:
    b = board_data.load()
    return {a: n for a, n in before.items() if b.area(a).fort}


def _check_losses(state: State, task: Task) -> None:
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


def _swap_areas(state: State, task: Task) -> list[str]:
    """Areas where the house still has a unit of the kind being replaced."""
    frm = task["ask"]["from"]
    return sorted(a for a, u in state["units"].items() if u["house"] == task["house"] and u.get(frm))


def _swap(state: State, ctx: Ctx, task: Task, area: str) -> None:
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
    if ask["done"] >= ask["max"] or not _swap_areas(state, task):
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
        ctx.log(N_("%(house)s: %(n)s knights become footmen, %(lost)s destroyed."),
                house=names.label(names.HOUSES[house]), n=swapped, lost=lost)
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


def waiting_attack(state: State, step: flow.Step) -> list[str]:
    stage = step.get("stage")
    if stage == "bid":
        return sealed.waiting(sealed.get(state, step["pid"]))
    if stage == "tie":
        return [step["tie_chooser"]]
    if stage == "tasks" and step.get("tasks"):
        return [step["tasks"][0]["house"]]
    return []


#: a wildling attack: the Night's Watch bid, the card (physical deck), a tie-break, the card's tasks
ATTACK = flow.StepProcedure("wildling_attack", start_attack, act_attack, waiting_attack,
                            sub=lambda st: st.get("stage"),
                            moves={"bid": ("answer",), "card": ("wildling_card",), "tie": ("choose",),
                                   "tasks": ("choose", "confirm")})
