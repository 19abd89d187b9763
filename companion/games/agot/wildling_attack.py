"""A wildling attack, step by step (seed 000 p.22-23): the sealed Night's Watch bid, the total against
the wildlings' strength, the card (drawn, or named by the host for a physical deck), a tie-break by
the Iron Throne holder, then the card's tasks (:mod:`.wildling_cards`) one house at a time.

:data:`ATTACK` is the procedure a Westeros card (or Preemptive Raid) pushes as a step.
"""

from __future__ import annotations

from ... import sealed
from ...i18n import N_, tr
from ...moves import UNCHECKED_NO_FIELDS, Move, Params, among
from ..base import Ctx, RuleError
from . import bidding, flow, names, tracks
from . import params as P
from .wildling_cards import CHOSEN, EFFECTS, build_tasks, check_losses, swap, swap_areas
from .wildlings import CARD_ENTRY, CARD_RULE, RULE, STEP, State, Task, draw


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


def bid(state: State, ctx: Ctx, step: flow.Step, action: P.Answer) -> str:
    """Step 2: a sealed Night's Watch bid; all are revealed together (seed 000 p.22). Returns the
    prompt it answered."""
    if action.prompt != step["pid"]:
        raise RuleError("The table is resolving a wildling attack.", RULE, status=409)
    pid = str(step["pid"])  # answered before the reveal moves the step on
    house, value = bidding.read_bid(state, ctx, action, pid, RULE)
    bidding.log_answer(state, ctx, pid, house, value)
    if sealed.answer(state, pid, house, value):
        _reveal(state, ctx, step)
    return pid


def wildling_card(state: State, ctx: Ctx, step: flow.Step, action: P.WildlingCard) -> None:
    """A physical deck: the host names the wildling card turned over (seed 000 p.22)."""
    ctx.actor.require_host()
    _resolve_card(state, ctx, step, action.card)


def choose(state: State, ctx: Ctx, step: flow.Step, action: P.Choose) -> None:
    """A choice: the Iron Throne holder breaks a tie (seed 000 p.23), or a task's option."""
    if step["stage"] == "tasks":
        _choose_task(state, ctx, step, action)
        return
    ctx.actor.require(step["tie_chooser"])
    step["target"] = among(action.value, step["tied"], "seed 000 p.23", "value",
                           why=N_("Choose one of the houses tied for the bid."))
    ctx.log(N_("%(chooser)s breaks the tie: %(house)s"), chooser=names.label(names.HOUSES[step["tie_chooser"]]),
            house=names.label(names.HOUSES[step["target"]]))
    _apply_card(state, ctx, step)


def _reveal(state: State, ctx: Ctx, step: flow.Step) -> None:
    """Steps 3-6: total, result, threat, all bids to the Pool (seed 000 p.22-23)."""
    bids = bidding.pay_bids(state, ctx, step["pid"])
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


def confirm(state: State, ctx: Ctx, step: flow.Step, action: Params) -> None:
    """The house of the current task has done it on the board: losses taken, knights swapped, or
    simply done (facts: wildling cards)."""
    task = _task(ctx, step)
    ask = task["ask"]
    if ask["kind"] not in ("confirm", "units", "swap"):
        raise RuleError("Choose one of the options first.", CARD_RULE, status=409,
                        entry=CARD_ENTRY.get(task["card"]))
    if ask["kind"] == "units":
        check_losses(state, task)
    if ask["kind"] == "swap" and ask["done"] < ask["need"]:
        raise RuleError("Swap %(n)s more unit first.", CARD_RULE, status=409, entry="wildling-crow-killers",
                        _plural="Swap %(n)s more units first.",
                        n=ask["need"] - ask["done"])
    ctx.log(N_("%(house)s has done it on the board."), house=names.label(names.HOUSES[task["house"]]))
    task["ask"] = None
    _next_task(state, ctx, step, task)


def _choose_task(state: State, ctx: Ctx, step: flow.Step, action: P.Choose) -> None:
    """The house of the current task picks: an area to swap a unit in, or one of the card's
    options (facts: wildling cards)."""
    task = _task(ctx, step)
    ask = task["ask"]
    if ask["kind"] == "swap":
        swap(state, ctx, task, among(action.value, swap_areas(state, task), CARD_RULE, "value",
                                     why=N_("Choose an area where your house still has a unit to replace."),
                                     entry=CARD_ENTRY.get(task["card"])))
    else:
        if ask["kind"] != "choose":
            raise RuleError("Confirm when it is done on the board.", CARD_RULE, status=409,
                            entry=CARD_ENTRY.get(task["card"]))
        value = among(action.value, ask["choices"], CARD_RULE, "value")
        task["ask"] = None
        CHOSEN[ask["then"]](state, ctx, step, task, value)
    _next_task(state, ctx, step, task)


def _task(ctx: Ctx, step: flow.Step) -> Task:
    """The task the table waits on; only its house answers it."""
    task: Task = step["tasks"][0]
    ctx.actor.require(task["house"])
    return task


def _next_task(state: State, ctx: Ctx, step: flow.Step, task: Task) -> None:
    """A task with nothing left to ask is done: the next one runs."""
    if not task.get("ask"):
        step["tasks"].pop(0)
        _run_tasks(state, ctx, step)


def waiting_attack(state: State, step: flow.Step) -> list[str]:
    stage = step.get("stage")
    if stage == "bid":
        return sealed.waiting(sealed.get(state, step["pid"]))
    if stage == "tie":
        return [step["tie_chooser"]]
    if stage == "tasks" and step.get("tasks"):
        return [step["tasks"][0]["house"]]
    return []


#: a wildling attack: the Night's Watch bid (the shared sealed ``answer``), the card (physical deck),
#: a tie-break, the card's tasks (``choose`` is shared with the Westeros cards' choices); the shared
#: moves are declared in ``moves.py``, the attack's own below
ATTACK = flow.StepProcedure("wildling_attack", start_attack, waiting_attack,
                            sub=lambda st: st.get("stage"),
                            moves={"bid": ("answer",), "card": ("wildling_card",), "tie": ("choose",),
                                   "tasks": ("choose", "confirm")},
                            acts={"answer": bid, "wildling_card": wildling_card, "choose": choose,
                                  "confirm": confirm})

#: (``wildling_card`` is the host's, checked once the step is right: a phone tapping it at the
#: wrong moment hears what the table is doing, 409)
MOVES = (
    Move("wildling_card", ATTACK.handlers["wildling_card"], "Host, physical decks: the wildling card turned over.",
         "seed 000 p.22", P.WildlingCard,
         details="Host, physical decks, after the Night's Watch bids (e.g. `crow-killers`): applies it.", unchecked=flow.UNCHECKED_HOST_DECK),
    Move("confirm", ATTACK.handlers["confirm"], "The current wildling task is done on the board.",
         "facts: wildling cards", who="seat",
         details=("\"Done on the board\". For a unit loss (`current.task.ask.kind == \"units\"`) refused until"
                  " `removed` reaches `due` (the house destroys them with `remove_units`; The Horde "
                  "Descends' lowest bidder from one castle/stronghold area when it has one); for a swap "
                  "(`kind == \"swap\"`) refused until `done` reaches `need`."), unchecked=UNCHECKED_NO_FIELDS),
)
