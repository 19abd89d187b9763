"""The generic table's moves: each handler beside its declaration (:data:`MOVES`); the fields are
in :mod:`.params`.

No rulebook stands behind this game; refusals cite the product rule ("companion: ...").
"""

from __future__ import annotations

import re
from typing import Any

from ... import sealed
from ...i18n import N_
from ...moves import Move, Moves, whole, within
from ..base import Actor, Ctx, RuleError, State
from .names import RULE, names
from .params import COUNTER_MAX, COUNTER_MIN, Answer, Change, Counter, OpenPrompt, PromptRef, Roll, SetValue

DICE_RE = re.compile(r"^\s*(\d{0,2})\s*[dD]\s*(\d{1,3})\s*(?:([+-])\s*(\d{1,3}))?\s*$")
MAX_DICE, MAX_SIDES = 20, 100


def parse_dice(spec: str) -> tuple[int, int, int]:
    """'2d6+1' -> (2, 6, 1). Refuses silly sizes so a typo cannot stall the server."""
    m = DICE_RE.match(str(spec or ""))
    if not m:
        raise RuleError("Write dice like 2d6, d20 or 3d6+2.", RULE)
    count = int(m.group(1) or 1)
    sides = int(m.group(2))
    mod = int(m.group(4) or 0) * (-1 if m.group(3) == "-" else 1)
    if not 1 <= count <= MAX_DICE or not 2 <= sides <= MAX_SIDES:
        raise RuleError("Between 1 and %(count)s dice of 2 to %(sides)s sides.", RULE,
                        count=MAX_DICE, sides=MAX_SIDES)
    return count, sides, mod


def _target(state: State, actor: Actor, p: Counter) -> tuple[dict[str, int], str, str | None]:
    """The counter dict an adjust/set touches; players change their own and shared counters."""
    name = p.counter
    seat = p.seat or None
    if seat is None:
        if name not in state["shared"]:
            raise RuleError("There is no shared counter %(counter)s.", RULE, counter=name[:24])
        if not (actor.host or actor.seat):
            raise RuleError("Only a seated player can do this.", RULE, status=403)
        return state["shared"], name, None
    if seat not in state["values"]:
        raise RuleError("There is no seat %(seat)s.", RULE, seat=str(seat)[:24])
    if name not in state["values"][seat]:
        raise RuleError("There is no counter %(counter)s.", RULE, counter=name[:24])
    if actor.seat != seat and not actor.host:
        raise RuleError("You can only change your own counters.", RULE, status=403)
    return state["values"][seat], name, seat


def adjust(state: State, ctx: Ctx, p: Change) -> None:
    """Add to (or take from) one counter (companion: generic table)."""
    values, name, seat = _target(state, ctx.actor, p)
    delta = p.delta
    if delta == 0:
        raise RuleError("A change of 0 changes nothing.", RULE)
    new = values[name] + delta
    if not COUNTER_MIN <= new <= COUNTER_MAX:
        raise RuleError("%(field)s must be between %(min)s and %(max)s.", RULE, field=name,
                        min=COUNTER_MIN, max=COUNTER_MAX)
    values[name] = new
    ctx.log(N_("%(who)s: %(counter)s %(delta)+d → %(value)s"), who=_who(state, ctx, seat),
            counter=name, delta=delta, value=new)


def set_value(state: State, ctx: Ctx, p: SetValue) -> None:
    """Set one counter to a value (companion: generic table)."""
    values, name, seat = _target(state, ctx.actor, p)
    value = p.value
    values[name] = value
    ctx.log(N_("%(who)s: %(counter)s set to %(value)s"), who=_who(state, ctx, seat),
            counter=name, value=value)


def _who(state: State, ctx: Ctx, seat: str | None) -> str:
    if seat is None:
        return ctx.name(ctx.actor.seat) if ctx.actor.seat else "host"
    return f"{state['labels'][seat]} ({ctx.name(seat)})" if ctx.names.get(seat) else state["labels"][seat]


def roll(state: State, ctx: Ctx, p: Roll) -> None:
    """Roll dice in the open: the faces and the total are logged for everyone (companion: generic table)."""
    if not (ctx.actor.seat or ctx.actor.host):
        raise RuleError("Only a seated player can do this.", RULE, status=403)
    count, sides, mod = parse_dice(p.dice)
    faces = [ctx.rng.randint(1, sides) for _ in range(count)]
    total = sum(faces) + mod
    label = f"{count}d{sides}" + (f"{mod:+d}" if mod else "")
    roll = {"who": ctx.actor.seat, "dice": label, "faces": faces, "total": total}
    state["rolls"] = (state["rolls"] + [roll])[-20:]
    ctx.log(N_("%(who)s rolled %(dice)s: %(faces)s = %(total)s"), who=ctx.name(ctx.actor.seat),
            dice=label, faces=" ".join(map(str, faces)), total=total)


def open_prompt(state: State, ctx: Ctx, p: OpenPrompt) -> None:
    """Open a sealed bid (a number range) or a secret vote (a list of choices) for some seats
    (companion: generic table; at most three open at once)."""
    if not (ctx.actor.seat or ctx.actor.host):
        raise RuleError("Only a seated player can do this.", RULE, status=403)
    title = p.title.strip()[:80]
    if not title:
        raise RuleError("Give the bid or vote a title.", RULE)
    kind = p.kind
    spec: dict[str, Any] = {"kind": kind}
    if kind == "number":
        lo = within(whole(p.min, RULE, "min"), COUNTER_MIN, COUNTER_MAX, RULE, "min")
        hi = within(whole(p.max, RULE, "max"), COUNTER_MIN, COUNTER_MAX, RULE, "max")
        if lo > hi:
            raise RuleError("The minimum must not be above the maximum.", RULE)
        spec.update(min=lo, max=hi)
    else:
        choices = names(p.choices or "", 12, N_("choices"))
        if len(choices) < 2:
            raise RuleError("A vote needs at least two choices.", RULE)
        spec["choices"] = choices
    asked = p.seats or state["seats"]
    if isinstance(asked, str):
        asked = [s.strip() for s in asked.split(",") if s.strip()]
    bad = [s for s in asked if s not in state["seats"]]
    if bad or len(set(asked)) != len(asked):
        raise RuleError("There is no seat %(seat)s.", RULE, seat=str((bad or asked)[0])[:24])
    open_now = [p for p in state["prompts"].values() if sealed.is_open(p)]
    if len(open_now) >= 3:
        raise RuleError("Three secret prompts are already open; finish one first.", RULE)
    state["prompt_seq"] += 1
    pid = f"g{state['prompt_seq']}"
    sealed.open_prompt(state, pid, list(asked), kind=kind, title=title, spec=spec)
    ctx.log(N_("%(who)s opened the secret prompt \"%(title)s\""), who=ctx.name(ctx.actor.seat), title=title)


def answer(state: State, ctx: Ctx, p: Answer) -> str:
    """A seat answers (or changes its answer to) a sealed prompt; the last answer reveals all
    (companion: generic table)."""
    seat = ctx.actor.require_seat()
    prompt = sealed.get(state, p.prompt)
    spec = prompt["spec"]
    if spec["kind"] == "number":
        value: Any = within(whole(p.value, RULE, "value"), spec["min"], spec["max"], RULE, "value")
    else:
        value = str(p.value)
        if value not in spec["choices"]:
            raise RuleError("Pick one of the listed choices.", RULE)
    changed = seat in prompt["answers"]
    revealed = sealed.answer(state, prompt["id"], seat, value)
    ctx.log(N_("%(who)s answered \"%(title)s\": %(value)s"), who=ctx.name(seat), title=prompt["title"],
            value=value, prompt=prompt["id"], seat=seat,
            hidden=N_("%(who)s changed their answer") if changed else N_("%(who)s answered"),
            hidden_params={"who": ctx.name(seat)})
    if revealed:
        ctx.log(N_("Revealed \"%(title)s\": %(result)s"), title=prompt["title"],
                result=", ".join(f"{ctx.name(s)} {v}" for s, v in ranked(prompt)))
    return prompt["id"]


def ranked(prompt: sealed.Prompt) -> list[tuple[str, Any]]:
    """Answers in the order the table reads them: highest bid first, votes in seat order."""
    answers = [(s, prompt["answers"][s]) for s in prompt["asked"]]
    if prompt["spec"]["kind"] == "number":
        answers.sort(key=lambda kv: -kv[1])
    return answers


def cancel_prompt(state: State, ctx: Ctx, p: PromptRef) -> None:
    """The host cancels an open prompt: the answers are discarded unseen (companion: generic table)."""
    ctx.actor.require_host()
    prompt = sealed.get(state, p.prompt)
    if not sealed.is_open(prompt):
        raise RuleError("This secret prompt is already closed.", RULE, status=409)
    sealed.close(state, prompt["id"])
    ctx.log(N_("Host cancelled \"%(title)s\" (answers discarded unseen)"), title=prompt["title"])


MOVES = Moves([
    Move("adjust", adjust, "Add to (or take from) a counter (not 0): a player changes its own counters "
         "and the shared ones, the host any.", RULE, Change),
    Move("set", set_value, "Set a counter to a value (whose counters: as for `adjust`).", RULE, SetValue),
    Move("roll", roll, "Roll dice in the open: 1-20 dice of 2-100 sides, seeded per event, logged for "
         "everyone.", RULE, Roll),
    Move("open_prompt", open_prompt,
         "Open a sealed bid (`kind` number: `min`..`max`) or secret vote (`kind` choice: `choices`) for "
         "some seats; at most 3 open at once. Its id is `g1`, `g2`, ...", RULE, OpenPrompt),
    Move("answer", answer, "Answer a sealed prompt (a number in the bid's range, or one of the vote's "
         "choices); changeable until every asked seat has answered, which reveals all.",
         RULE, Answer, who="seat", reveals=True, sealed=True),
    Move("cancel_prompt", cancel_prompt, "Host: cancel an open prompt (answers discarded unseen).",
         RULE, PromptRef, who="host"),
])
