"""The generic table: configurable seats, counters, logged dice, sealed bids and votes (the Game,
its moves and its views).

No rulebook stands behind this game; refusals cite the product rule ("companion: ...").
"""

from __future__ import annotations

import re
from typing import Any, NotRequired, cast

from pydantic import ConfigDict, Field

from ... import sealed
from ...i18n import N_
from ...moves import Move, Moves, Params
from ..base import Action, Actor, Ctx, Game, RuleError, SeatDef, State, get_int
from .chronicle import GenericChronicle
from .names import MAX_COUNTERS, MAX_SEATS, RULE, names
from .options import GenericOptions


class PromptView(sealed.PublicPrompt):
    """A prompt on the TV: once revealed, the answers in reading order and the votes per choice."""

    ranked: NotRequired[list[tuple[str, Any]]]
    tally: NotRequired[dict[str, int] | None]


PALETTE = ("#d64545", "#3f7fd6", "#3fa34d", "#e0b43a", "#9b59b6", "#e67e22", "#1abc9c", "#ecf0f1",
           "#7f8c8d", "#c0392b")
DICE_RE = re.compile(r"^\s*(\d{0,2})\s*[dD]\s*(\d{1,3})\s*(?:([+-])\s*(\d{1,3}))?\s*$")
MAX_DICE, MAX_SIDES = 20, 100
COUNTER_MIN, COUNTER_MAX = -9999, 9999


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


def _int(action: Action, key: str, lo: int = COUNTER_MIN, hi: int = COUNTER_MAX) -> int:
    return get_int(action, key, lo, hi, RULE)


class GenericParams(Params):
    """The rules read every text field with ``str()``: a counter named "7", a bid titled 2025 or a
    vote choice "1.5" sent as a JSON number passes, as it always did."""

    model_config = ConfigDict(coerce_numbers_to_str=True)


class Counter(GenericParams):
    counter: str = Field(description="the counter's name")
    seat: str | None = Field(None, description="whose counter (a seat id); none: a shared counter")


class Change(Counter):
    delta: int = Field(description="how much to add (negative to take), -999 to 999")


class SetValue(Counter):
    value: int = Field(description="the new value")


class Roll(GenericParams):
    dice: str = Field("2d6", description="dice like 2d6, d20 or 3d6+2")


class OpenPrompt(GenericParams):
    title: str = Field(description="what is asked (80 characters)")
    kind: str = Field("number", description="number (a bid) or choice (a vote)")
    min: int | None = Field(None, description="lowest bid (number)")
    max: int | None = Field(None, description="highest bid (number)")
    choices: str | None = Field(None, description="comma-separated choices (vote)")
    seats: list[str] | str | None = Field(None, description="seat ids to ask (default: every seat)")


class PromptRef(GenericParams):
    prompt: str = Field(description="the prompt id")


class Answer(PromptRef):
    value: int | str = Field(description="a number within the bid's range, or one of the choices")


class GenericGame(Game):
    id = "generic"
    chronicle = GenericChronicle()
    title = N_("Generic table")
    summary = N_("Counters, dice and sealed bids or secret votes for any board game.")
    screen_template = "generic/screen.html"
    seat_template = "generic/seat.html"
    host_template = "generic/host.html"

    options_model = GenericOptions

    def seats(self, options: dict[str, Any]) -> list[SeatDef]:
        labels = names(GenericOptions.read(options).seats, MAX_SEATS, N_("seats"))
        return [SeatDef(f"p{i + 1}", label, PALETTE[i % len(PALETTE)]) for i, label in enumerate(labels)]

    def setup(self, options: dict[str, Any], ctx: Ctx) -> State:
        opts = GenericOptions.load(options)
        seats = [s.id for s in self.seats(options)]
        counters = names(opts.counters, MAX_COUNTERS, N_("counters"))
        shared = names(opts.shared_counters, MAX_COUNTERS, N_("counters"))
        return {
            "seats": seats,
            "labels": {s.id: s.label for s in self.seats(options)},
            "counters": counters,
            "shared_names": shared,
            "values": {seat: dict.fromkeys(counters, 0) for seat in seats},
            "shared": dict.fromkeys(shared, 0),
            "rolls": [],
            "prompts": {},
            "prompt_seq": 0,
        }

    # -- actions -----------------------------------------------------------------------------
    def __init__(self) -> None:
        self.moves = Moves([
            Move("adjust", self._adjust, "Add to (or take from) a counter: the actor's own, or a shared one.",
                 RULE, Change),
            Move("set", self._set, "Set a counter to a value.", RULE, SetValue),
            Move("roll", self._roll, "Roll dice in the open (the result is logged for everyone).", RULE, Roll),
            Move("open_prompt", self._open_prompt,
                 "Open a sealed bid (number) or secret vote (choice) for some seats.", RULE, OpenPrompt),
            Move("answer", self._answer, "Answer a sealed prompt; revealed when every asked seat has answered.",
                 RULE, Answer, who="seat", reveals=True, sealed=True),
            Move("cancel_prompt", self._cancel_prompt, "Host: cancel an open prompt (answers discarded unseen).",
                 RULE, PromptRef, who="host"),
        ])

    def _target(self, state: State, actor: Actor, action: Action) -> tuple[dict[str, int], str, str | None]:
        """The counter dict an adjust/set touches; players change their own and shared counters."""
        name = str(action.get("counter", ""))
        seat = action.get("seat") or None
        if seat is not None and not isinstance(seat, str):
            raise RuleError("There is no seat %(seat)s.", RULE, seat=str(seat)[:24])
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

    def _adjust(self, state: State, ctx: Ctx, action: Action) -> None:
        values, name, seat = self._target(state, ctx.actor, action)
        delta = _int(action, "delta", -999, 999)
        if delta == 0:
            raise RuleError("A change of 0 changes nothing.", RULE)
        new = values[name] + delta
        if not COUNTER_MIN <= new <= COUNTER_MAX:
            raise RuleError("%(field)s must be between %(min)s and %(max)s.", RULE, field=name,
                            min=COUNTER_MIN, max=COUNTER_MAX)
        values[name] = new
        ctx.log(N_("%(who)s: %(counter)s %(delta)+d → %(value)s"), who=self._who(state, ctx, seat),
                counter=name, delta=delta, value=new)

    def _set(self, state: State, ctx: Ctx, action: Action) -> None:
        values, name, seat = self._target(state, ctx.actor, action)
        value = _int(action, "value")
        values[name] = value
        ctx.log(N_("%(who)s: %(counter)s set to %(value)s"), who=self._who(state, ctx, seat),
                counter=name, value=value)

    def _who(self, state: State, ctx: Ctx, seat: str | None) -> str:
        if seat is None:
            return ctx.name(ctx.actor.seat) if ctx.actor.seat else "host"
        return f"{state['labels'][seat]} ({ctx.name(seat)})" if ctx.names.get(seat) else state["labels"][seat]

    def _roll(self, state: State, ctx: Ctx, action: Action) -> None:
        if not (ctx.actor.seat or ctx.actor.host):
            raise RuleError("Only a seated player can do this.", RULE, status=403)
        spec = str(action.get("dice", "2d6"))
        count, sides, mod = parse_dice(spec)
        faces = [ctx.rng.randint(1, sides) for _ in range(count)]
        total = sum(faces) + mod
        label = f"{count}d{sides}" + (f"{mod:+d}" if mod else "")
        roll = {"who": ctx.actor.seat, "dice": label, "faces": faces, "total": total}
        state["rolls"] = (state["rolls"] + [roll])[-20:]
        ctx.log(N_("%(who)s rolled %(dice)s: %(faces)s = %(total)s"), who=ctx.name(ctx.actor.seat),
                dice=label, faces=" ".join(map(str, faces)), total=total)

    def _open_prompt(self, state: State, ctx: Ctx, action: Action) -> None:
        if not (ctx.actor.seat or ctx.actor.host):
            raise RuleError("Only a seated player can do this.", RULE, status=403)
        title = str(action.get("title", "")).strip()[:80]
        if not title:
            raise RuleError("Give the bid or vote a title.", RULE)
        kind = action.get("kind", "number")
        spec: dict[str, Any] = {"kind": kind}
        if kind == "number":
            lo, hi = _int(action, "min"), _int(action, "max")
            if lo > hi:
                raise RuleError("The minimum must not be above the maximum.", RULE)
            spec.update(min=lo, max=hi)
        elif kind == "choice":
            choices = names(str(action.get("choices", "")), 12, N_("choices"))
            if len(choices) < 2:
                raise RuleError("A vote needs at least two choices.", RULE)
            spec["choices"] = choices
        else:
            raise RuleError("A prompt is a number (bid) or a choice (vote).", RULE)
        asked = action.get("seats") or state["seats"]
        if isinstance(asked, str):
            asked = [s.strip() for s in asked.split(",") if s.strip()]
        if not isinstance(asked, list) or not all(isinstance(s, str) for s in asked):
            raise RuleError("List the seats to ask by their ids (p1, p2...).", RULE)
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

    def _answer(self, state: State, ctx: Ctx, action: Action) -> None:
        seat = ctx.actor.require_seat()
        prompt = sealed.get(state, str(action.get("prompt", "")))
        spec = prompt["spec"]
        if spec["kind"] == "number":
            value: Any = _int(action, "value", spec["min"], spec["max"])
        else:
            value = str(action.get("value", ""))
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
                    result=", ".join(f"{ctx.name(s)} {v}" for s, v in self._ranked(prompt)))

    @staticmethod
    def _ranked(prompt: sealed.Prompt) -> list[tuple[str, Any]]:
        """Answers in the order the table reads them: highest bid first, votes in seat order."""
        answers = [(s, prompt["answers"][s]) for s in prompt["asked"]]
        if prompt["spec"]["kind"] == "number":
            answers.sort(key=lambda kv: -kv[1])
        return answers

    def _cancel_prompt(self, state: State, ctx: Ctx, action: Action) -> None:
        ctx.actor.require_host()
        prompt = sealed.get(state, str(action.get("prompt", "")))
        if not sealed.is_open(prompt):
            raise RuleError("This secret prompt is already closed.", RULE, status=409)
        sealed.close(state, prompt["id"])
        ctx.log(N_("Host cancelled \"%(title)s\" (answers discarded unseen)"), title=prompt["title"])

    # -- views -------------------------------------------------------------------------------
    def _prompts(self, state: State) -> list[sealed.Prompt]:
        return sorted(state["prompts"].values(), key=lambda p: int(p["id"][1:]), reverse=True)

    def public_view(self, state: State) -> dict[str, Any]:
        prompts = []
        for p in self._prompts(state)[:6]:
            view = cast(PromptView, {**sealed.public(p)})
            if p["revealed"]:
                view["ranked"] = self._ranked(p)
                view["tally"] = self._tally(p)
            prompts.append(view)
        return {
            "seats": state["seats"],
            "labels": state["labels"],
            "counters": state["counters"],
            "values": state["values"],
            "shared": state["shared"],
            "rolls": list(reversed(state["rolls"])),
            "prompts": prompts,
            "waiting_for": self.waiting_for(state),
        }

    @staticmethod
    def _tally(prompt: sealed.Prompt) -> dict[str, int] | None:
        if prompt["spec"]["kind"] != "choice":
            return None
        tally = dict.fromkeys(prompt["spec"]["choices"], 0)
        for value in prompt["answers"].values():
            tally[value] += 1
        return tally

    def private_view(self, state: State, seat: str) -> dict[str, Any]:
        return {"prompts": [sealed.private(p, seat) for p in sealed.open_for(state, seat)]}

    def waiting_for(self, state: State) -> list[str]:
        waiting: list[str] = []
        for p in state["prompts"].values():
            waiting += [s for s in sealed.waiting(p) if s not in waiting]
        return waiting
