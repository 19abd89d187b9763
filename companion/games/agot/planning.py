"""Planning phase: secret orders (one sealed prompt for all houses), reveal, Messenger Raven (seed 000 p.11-13).

State (under ``state["planning"]``, created by :func:`start`)::

    {"round": r, "step": "assign" | "raven", "prompt": pid, "mode": "together" | "turn_order",
     "held": {house: [areas with its units]}, "short": [houses], "stars": {house: n},
     "restrictions": [...], "raven": {"house": h, "choice": None | "swap" | "peek" | "pass",
                                      "swap": {...} | None, "peek": card | None}}

While orders are being assigned they live only in the sealed prompt's answers; at the reveal they
move to ``state["orders"][area] = {"house", "token"}`` (public from then on). The card the Raven
holder peeks at stays in ``state["planning"]["raven"]["peek"]`` and only that house's private view
shows it.
"""

from __future__ import annotations

from typing import Any, cast

from ... import sealed
from ...i18n import N_, tr
from ...moves import Checks, Move, Params
from ..base import Ctx, RuleError, State
from . import action, tracks, wildlings
from . import board as board_data
from . import orders as ot
from . import params as P
from .names import AREAS, HOUSES
from .options import checks_38
from .procedure import Phase


def _h(house: str) -> dict[str, str]:
    """A house name as a translatable log parameter."""
    return tr(HOUSES[house])


def _a(aid: str) -> dict[str, str]:
    """An area name as a translatable log parameter."""
    return tr(AREAS[aid])


RAVEN_RULE = "seed 000 p.12"
#: the holder takes *one* of the two actions (p.11), described on p.12
RAVEN_ONE = "seed 000 p.11-12"
WHERE = {"top": N_("on top"), "bottom": N_("at the bottom")}


def _restrictions(state: State) -> list[str]:
    """This round's order bans from Westeros deck III (set by the Westeros phase; seed 000 p.7)."""
    return [r for r in state.get("restrictions", []) if r in ot.RESTRICTION_LABELS]


def held_areas(state: State, house: str) -> list[str]:
    """Areas where the mirror shows the house's units: each needs an order (seed 000 p.12)."""
    return sorted(a for a, u in state.get("units", {}).items()
                  if u.get("house") == house and any(u.get(k, 0) for k in board_data.UNIT_KINDS))


def start(state: State, ctx: Ctx) -> None:
    """Open the secret order prompt for every house with units (seed 000 p.12 step 1)."""
    houses = [h for h in tracks.turn_order(state) if held_areas(state, h)]
    restrictions = _restrictions(state)
    stars = {h: tracks.stars(state, h) for h in state["houses"]}
    held = {h: held_areas(state, h) for h in state["houses"]}
    short = [h for h in houses if ot.is_short(held[h], stars[h], restrictions)]
    rnd = int(state.get("round", 1))
    seq = int(state.get("planning_seq", 0)) + 1
    state["planning_seq"] = seq
    pid = f"orders-r{rnd}-{seq}"
    state["orders"] = {}
    state["planning"] = {
        "round": rnd, "step": "assign", "prompt": pid, "mode": "turn_order" if short else "together",
        "held": held, "short": short, "stars": stars, "restrictions": restrictions,
        "raven": {"house": state["dominance"]["raven"]["holder"], "choice": None, "swap": None, "peek": None},
    }
    if not houses:
        state["planning"]["step"] = "raven"
        return
    sealed.open_prompt(state, pid, houses, kind="orders", title=N_("Assign orders"),
                       spec={"round": rnd, "mode": state["planning"]["mode"]})
    if short:
        ctx.log(N_("Too few order tokens for %(house)s: orders are assigned in turn order"),
                house=_h(short[0]))


def _parse_value(action: P.Answer) -> tuple[dict[str, str], list[str]]:
    """The answer is ``{"orders": {area: token}, "extra": [areas]}`` (JSON) or form fields
    ``o:<area>=<token>`` (phone, collected in ``form_orders``; areas beyond the held ones come from
    its "other areas" list)."""
    value = action.value
    orders: Any
    extra: Any
    if isinstance(value, dict):
        orders = value.get("orders", {})
        extra = value.get("extra", [])
    else:  # phone form: a token chosen in the "other areas" section is the player's confirmation
        orders = dict(action.form_orders)
        extra = list(orders)
    if isinstance(extra, str):
        extra = [extra]
    if not isinstance(orders, dict) or not isinstance(extra, list):
        raise RuleError("Orders must map areas to tokens.", "companion: input")
    return {str(a): str(t) for a, t in orders.items() if t}, [str(a) for a in extra]


def _check_extra(state: State, house: str, extra: list[str]) -> None:
    """An area the mirror does not show as held is accepted when the player confirms it, unless the
    mirror shows another house's units there (correct the mirror first; seed 000 p.12)."""
    board = board_data.load()
    for area in extra:
        if area not in board.areas:
            raise RuleError("There is no area %(area)s.", "companion: board", status=404, entry="companion-input",
                            area=area[:40])
        owner = state.get("units", {}).get(area, {}).get("house")
        if owner not in (None, house):
            raise RuleError("The board shows another house's units in %(area)s.", "seed 000 p.12", entry="planning-assign",
                            area=area)


def areas_for_orders(state: State, house: str) -> tuple[list[str], list[str]]:
    """Where ``house`` may put orders now: the areas that need one (held when planning began) and
    the others it may add (seed 000 p.12: an order goes only on an area holding the house's units).
    With the checks of issue 38 both follow the mirror as it is now (a correction made during the
    planning counts); a table stored before them keeps its lists: the areas held at the start, and
    any other area the player confirmed (``_check_extra``)."""
    held = list(state["planning"]["held"].get(house, []))
    if not checks_38(state):
        return held, []
    now = held_areas(state, house)
    return [a for a in held if a in now], [a for a in now if a not in held]


def answer(state: State, ctx: Ctx, action: P.Answer) -> str:
    """A phone submits (or changes) its secret orders; the last answer reveals all (seed 000 p.12).
    Returns the prompt it answered (the open one, whatever an old table's action named)."""
    plan = state["planning"]
    seat = ctx.actor.require_seat()
    if checks_38(state) and action.prompt != plan["prompt"]:
        raise RuleError("These orders answer a prompt that is not open: the orders being assigned now are "
                        "those of round %(round)s.", "seed 000 p.12", status=409, entry="planning-assign",
                        round=plan["round"])
    prompt = sealed.get(state, plan["prompt"])
    if seat not in prompt["asked"]:
        raise RuleError("You have no units that need orders.", "seed 000 p.12", status=403, entry="planning-assign")
    if plan["mode"] == "turn_order":
        nxt = sealed.waiting(prompt)[0]
        if seat != nxt:
            raise RuleError("With too few tokens, orders are assigned in turn order: wait for %(house)s.",
                            "seed 000 p.12", status=409, house=nxt)
    orders, extra = _parse_value(action)
    held, more = areas_for_orders(state, seat)
    if checks_38(state):  # the areas come from the mirror, never from the player's word
        _check_extra(state, seat, [a for a in orders if a not in held and a not in more])
        allowed, extra = more, [a for a in orders if a in more]
    else:
        extra = [a for a in extra if a not in held]
        _check_extra(state, seat, extra)
        allowed = extra
    ot.validate(orders, held=held, extra=allowed, stars=plan["stars"][seat],
                restrictions=plan["restrictions"], short=seat in plan["short"])
    changed = seat in prompt["answers"]
    revealed = sealed.answer(state, plan["prompt"], seat, {"orders": orders, "extra": extra})
    ctx.log(N_("%(house)s placed %(count)s order"), _plural="%(house)s placed %(count)s orders",
            house=_h(seat), count=len(orders),
            prompt=plan["prompt"], seat=seat,
            hidden=N_("%(house)s changed their orders") if changed else N_("%(house)s placed orders"),
            hidden_params={"house": _h(seat)})
    if revealed:
        reveal(state, ctx)
    return str(prompt["id"])


def reveal(state: State, ctx: Ctx) -> None:
    """All orders turn face up at once (seed 000 p.13 step 2); then the Raven holder may act."""
    plan = state["planning"]
    prompt = sealed.get(state, plan["prompt"])
    state["orders"] = {}
    for house, value in prompt["answers"].items():
        for area, tid in value["orders"].items():
            state["orders"][area] = {"house": house, "token": tid}
    plan["step"] = "raven"
    ctx.log(N_("Orders revealed: %(count)s order on the board"),
            _plural="Orders revealed: %(count)s orders on the board", count=len(state["orders"]))


def _raven_house(state: State, ctx: Ctx) -> str:
    house = state["planning"]["raven"]["house"]
    ctx.actor.require(house)
    if state["dominance"]["raven"].get("used"):
        raise RuleError("The Messenger Raven was already used this round.", "seed 000 p.12", status=409)
    return cast("str", house)


def raven_swap(state: State, ctx: Ctx, action: P.RavenSwap) -> None:
    """Replace one of your placed orders with an unused token (seed 000 p.12); stars still limit.
    The holder takes one of the two actions (p.11): once it has looked at the wildling card, no swap
    (with the checks of issue 38; a table stored before them replays as it was played)."""
    house = _raven_house(state, ctx)
    plan = state["planning"]
    if checks_38(state) and plan["raven"]["choice"] == "peek":
        raise RuleError("You looked at the top wildling card: the Messenger Raven gives one of its two "
                        "actions, so no order can be replaced now. Keep the card on top or move it to the bottom.",
                        RAVEN_ONE, status=409, entry="raven-one-use")
    area = action.area or ""
    placed = state["orders"].get(area)
    if not placed or placed["house"] != house:
        raise RuleError("You have no order in %(area)s.", RAVEN_RULE, area=area[:40])
    new = ot.token(action.token).id
    used = [o["token"] for o in state["orders"].values() if o["house"] == house and o is not placed]
    if new not in ot.free_tokens(used, plan["stars"][house], plan["restrictions"]) or new == placed["token"]:
        raise RuleError("The %(token)s token is not free to use (used, forbidden, or no star left).",
                        "seed 000 p.12", entry="raven-swap", token=new)
    plan["raven"].update(choice="swap", swap={"area": area, "old": placed["token"], "new": new})
    placed["token"] = new
    state["dominance"]["raven"]["used"] = True
    before, after = ot.TOKENS[plan["raven"]["swap"]["old"]], ot.TOKENS[new]
    ctx.log(N_("Messenger Raven: %(house)s replaced the order in %(area)s (%(old)s%(old_mark)s → %(new)s%(new_mark)s)"),
            house=_h(house), area=_a(area), old=tr(ot.KIND_LABELS[before.kind]), old_mark=ot.mark(before),
            new=tr(ot.KIND_LABELS[after.kind]), new_mark=ot.mark(after))
    finish(state, ctx)


def raven_peek(state: State, ctx: Ctx, action: Params) -> None:
    """Look at the top wildling card, privately (seed 000 p.12); next choose top or bottom."""
    house = _raven_house(state, ctx)
    raven = state["planning"]["raven"]
    if raven["choice"] == "peek":
        raise RuleError("You are already looking at the wildling card.", RAVEN_RULE, status=409)
    card = wildlings.peek(state, ctx)  # None with a physical deck: the player looks at the real card
    raven.update(choice="peek", peek=card or "physical")
    ctx.log(N_("Messenger Raven: %(house)s looks at the top wildling card"), house=_h(house))


def raven_place(state: State, ctx: Ctx, action: P.RavenPlace) -> None:
    """After peeking, keep the card on top or move it to the bottom (seed 000 p.12). The choice is
    secret: the log only says the Raven was used."""
    house = _raven_house(state, ctx)
    raven = state["planning"]["raven"]
    if raven["choice"] != "peek":
        raise RuleError("Look at the wildling card first.", RAVEN_RULE, status=409)
    where = action.where
    if where == "bottom" and raven["peek"] != "physical":
        wildlings.bury_top(state)
    state["dominance"]["raven"]["used"] = True
    ctx.log(N_("Messenger Raven: %(house)s put the card %(where)s"), house=_h(house),
            where=tr(WHERE[where]), seat=house, hidden=N_("Messenger Raven: %(house)s put the card back"),
            hidden_params={"house": _h(house)})
    raven["peek"] = None
    finish(state, ctx)


def raven_pass(state: State, ctx: Ctx, action: Params) -> None:
    """The Raven holder may use neither ability (seed 000 p.13 step 3)."""
    house = _raven_house(state, ctx)
    raven = state["planning"]["raven"]
    if raven["choice"] == "peek":
        raise RuleError("Choose whether the card stays on top or goes to the bottom.", RAVEN_RULE, status=409,
                        entry="raven-peek")
    raven["choice"] = "pass"
    ctx.log(N_("Messenger Raven: %(house)s does not use it"), house=_h(house))
    finish(state, ctx)


def finish(state: State, ctx: Ctx) -> None:
    """The planning phase ends after the Raven step; the action phase starts (seed 000 p.13)."""
    state["planning"]["step"] = "done"
    state["phase"] = "action"
    state["step"] = "action"
    action.start(state, ctx)


def waiting_for(state: State) -> list[str]:
    """Seats the planning phase waits on: houses still to answer, then the Raven holder."""
    plan = state.get("planning")
    if not plan:
        return []
    if plan["step"] == "assign":
        prompt = state.get("prompts", {}).get(plan["prompt"])
        waiting = sealed.waiting(prompt) if prompt else []
        return waiting[:1] if plan["mode"] == "turn_order" else waiting
    if plan["step"] == "raven":
        return [plan["raven"]["house"]]
    return []


class Planning(Phase):
    """The planning phase (seed 000 p.11-13): secret orders (the shared sealed ``answer``, declared
    in ``moves.py``; :func:`answer` is its handler here), then the Messenger Raven. The host may
    play the round on the board."""

    name = "planning"
    moves = {"": ("round_done_on_board",), "assign": ("answer",),
             "raven": ("raven_swap", "raven_peek", "raven_place", "raven_pass")}
    handlers = {"answer": answer}

    def waiting_for(self, state: State) -> list[str]:
        return waiting_for(state)


PLANNING = Planning()

#: its rows of the input-checks table (docs/rules-coverage.md), generated from here
RAVEN_CHECKS = Checks(
    "`raven_swap` / `raven_peek` / `raven_place` / `raven_pass`", row=20, pages="p.11-12, p.13",
    text=("the Raven holder; not yet used this round; **one** of its two actions: no swap after a look at"
          " the wildling card **(38)**; the swapped order is the holder's own; the new token unused, "
          "allowed and within the stars; top/bottom only after a look"))


#: the Messenger Raven's moves, taken at the ``raven`` stage above; out of it, their refusal's "Why?"
#: is the entry that says when the Raven acts (its page citation alone led to the March order's)
MOVES = (
    Move("raven_swap", raven_swap, "Messenger Raven: replace one of your orders with an unused token.",
         RAVEN_RULE, P.RavenSwap, who="seat", entry="raven-timing",
         details=("The Raven holder at `planning.step == \"raven\"`: swaps publicly (p.12) and ends "
                  "planning; refused (409) after `raven_peek`, the holder takes one of the two actions "
                  "(p.11-12)."), checks=(RAVEN_CHECKS,)),
    Move("raven_peek", raven_peek, "Messenger Raven: look at the top wildling card (privately).",
         RAVEN_RULE, who="seat", undoable=False, entry="raven-timing",
         undo_refusal=N_("The Messenger Raven's look at the wildling deck cannot be undone."),
         details=("The top wildling card appears only in the holder's `/me` (`planning.raven.peek`, "
                  "`peek_name`)."), checks=(RAVEN_CHECKS,)),
    Move("raven_place", raven_place, "Messenger Raven: keep the card on top or put it at the bottom.",
         RAVEN_RULE, P.RavenPlace, who="seat", entry="raven-timing",
         details='After a peek: keeps or buries the card (secret); ends planning.', checks=(RAVEN_CHECKS,)),
    Move("raven_pass", raven_pass, "Messenger Raven: use neither ability.", "seed 000 p.13", who="seat",
         entry="raven-timing",
         details='Ends planning.', checks=(RAVEN_CHECKS,)),
)
