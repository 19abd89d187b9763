"""Immortals' moves and round flow: each move's handler beside its declaration (:data:`MOVES`;
the board profile and the corrections are in :mod:`.corrections`), seed 001/002.

Every public function here is one move's handler (``handler(state, ctx, action)``, ``action`` the
move's validated model from :mod:`.params`), declared below
with who may make it and in which stage, so the handlers only check what the declaration cannot:
whose turn it is, what the cards and the board allow. The round flow
(reinforcements -> planning -> performance -> scoring) advances from here. Views never come in:
this module knows nothing of what a screen shows.
"""

from __future__ import annotations

from typing import Any

from ... import sealed
from ...i18n import N_
from ...moves import Move, NoParams, among
from ..base import Ctx, RuleError, State
from . import cite, draft, params, perform, planning, profile, scoring
from .battle import INH, adjudicate, tower_drop
from .board import other, set_cell, split
from .data import BUILDINGS, REALMS, RESOURCES, tribes
from .labels import FIELDS, WINNERS, card_line, joined, msg, rname, where
from .options import ImmortalsOptions


def seat_arg(state: State, ctx: Ctx, fields: params.SeatParam) -> str:
    """The seat acted for: the actor's own, or any seat when the host acts."""
    seat = fields.seat or ctx.actor.seat
    if not isinstance(seat, str) or seat not in state["players"]:
        raise RuleError("There is no seat %(seat)s.", "companion: seats", entry="companion-seats", seat=str(seat)[:24])
    ctx.actor.require(seat)
    return seat


def _phase(state: State, *phases: str) -> None:
    if state["phase"] not in phases:
        raise RuleError("Not now: the table is in the %(phase)s phase.", "companion: turns", status=409,
                        phase=state["phase"])


# -- setup -------------------------------------------------------------------------------
def choose_tribes(state: State, ctx: Ctx, action: params.ChooseTribes) -> None:
    """Each player takes one light and one dark tribe and builds its board (seed 001 p.4); the
    printed numbers it enters are kept in the profile for later tables."""
    seat = seat_arg(state, ctx, action)
    rule = cite.both(4)
    chosen = {}
    for realm in REALMS:
        tid = action.light if realm == "light" else action.dark
        for other_seat, p in state["players"].items():
            if other_seat != seat and p["tribes"][realm] == tid:
                raise RuleError("Another player already has this tribe.", rule)
        chosen[realm] = tid
    prof = state["profile"]["tribes"]
    for realm, tid in chosen.items():
        t = prof[tid]
        sent = dict(action)  # the board's printed numbers by field name (light_gold, dark_cost_portal_energy...)
        for res in RESOURCES:
            if sent[f"{realm}_{res}"] is not None:
                t[res] = sent[f"{realm}_{res}"]
        if sent[f"{realm}_groups"] not in (None, ""):
            t["groups"] = _int_list(sent[f"{realm}_groups"], f"{realm}_groups", cite.both(6))
        if sent[f"{realm}_corner"] is not None:
            t["corner"] = sent[f"{realm}_corner"] or None
        for building in BUILDINGS:
            energy, gold = (sent[f"{realm}_cost_{building}_{res}"] for res in ("energy", "gold"))
            if energy is not None or gold is not None:
                t["costs"][building] = {"energy": energy or 0, "gold": gold or 0}
        if sent[f"{realm}_spaces"] not in (None, "", []):
            t["spaces"] = _spaces(sent[f"{realm}_spaces"], f"{realm}_spaces")
    light_start = prof[chosen["light"]]
    if action.start is not None:
        light_start["start"] = action.start
    _known_start(state, ctx, chosen["light"])
    p = state["players"][seat]
    changed = p["tribes"] != chosen
    p["tribes"] = chosen
    starts = [state["profile"]["tribes"][q["tribes"]["light"]]["start"] for s, q in state["players"].items()
              if q["tribes"]["light"] and s != seat]
    if prof[chosen["light"]]["start"] in starts and prof[chosen["light"]]["start"]:
        raise RuleError("Two light tribes cannot share a start region.", cite.both(6))
    gaps = [(tid, m) for tid in chosen.values() for m in profile.tribe_complete(state["profile"], tid)]
    if not any(prof[tid]["groups"] for tid in chosen.values()):
        gaps.append((chosen["dark"], "groups"))
    if gaps and not params.ticked(action.partial):
        # Nothing is saved: the phone names every missing field in the player's language. A
        # step of the guided flow sends ``partial`` to keep what it has so far.
        raise RuleError("Still missing: %(missing)s.", cite.both(4), missing=joined([
            {"_": "%(tribe)s: %(field)s", "params": {"tribe": msg(tribes()[tid]["name"]),
                                                     "field": msg(FIELDS[m])}} for tid, m in gaps]))
    light_sp, dark_sp = prof[chosen["light"]]["spaces"], prof[chosen["dark"]]["spaces"]
    if light_sp is not None and dark_sp is not None and len(light_sp) + len(dark_sp) == planning.ARMY_SPACES:
        p["spaces"], p["spaces_confirmed"] = light_sp + dark_sp, True
    else:
        p["spaces"] = profile.PLACEHOLDER_SPACES["light"] + profile.PLACEHOLDER_SPACES["dark"]
        p["spaces_confirmed"] = False
    groups = [g for tid in chosen.values() for g in (prof[tid]["groups"] or [])]
    p["ready"] = not gaps and len(groups) >= 2
    if changed:
        # The guided flow saves each of its screens: the tribes are announced once, not per screen.
        ctx.log(N_("%(who)s plays %(light)s and %(dark)s"), who=ctx.name(seat),
                light=msg(tribes()[chosen["light"]]["name"]), dark=msg(tribes()[chosen["dark"]]["name"]))


def _known_start(state: State, ctx: Ctx, tid: str) -> None:
    """A start region known by name (Elves: Treehome, seed 002 p.6) links the tribe and the board
    profile: a named region gives the tribe its start, a chosen start slot gets the name."""
    name = tribes()[tid].get("start_name")
    if not name:
        return
    regions = state["profile"]["regions"]
    t = state["profile"]["tribes"][tid]
    named = [rid for rid, r in regions.items() if (r["name"] or "").lower() == name.lower()]
    if t["start"] is None and named:
        t["start"] = named[0]
    elif t["start"] and not named and regions[t["start"]]["name"] is None:
        profile.name_region(state["profile"], t["start"], name)
        ctx.log(N_("Region %(region)s is named %(name)s"), region=t["start"], name=msg(name))


def _int_list(raw: Any, field: str, rule: str) -> list[int]:
    items = raw if isinstance(raw, list) else str(raw).replace(";", ",").split(",")
    out = [params.number(x.strip() if isinstance(x, str) else x, 1, 20, rule, field)
           for x in items if str(x).strip()]
    if not 1 <= len(out) <= 8:
        raise RuleError("List 1 to 8 army groups, like 10, 6, 2.", rule)
    return out


def _spaces(raw: Any, field: str) -> list[str]:
    items = [str(x).strip() for x in raw] if isinstance(raw, list) else str(raw).split(",")
    items = [x.strip() for x in items if x.strip()]
    if len(items) > planning.ARMY_SPACES or any(k not in profile.SPACE_KINDS for k in items):
        raise RuleError("List the army spaces printed on this tribe board.", cite.both(8))
    return list(items)


def start_game(state: State, ctx: Ctx, action: NoParams) -> None:
    """The host starts the initial round once every player has a complete pair of tribes."""
    for s, p in state["players"].items():
        if not p["tribes"]["light"] or not p["tribes"]["dark"]:
            raise RuleError("%(who)s has not chosen tribes yet.", cite.both(4), who=ctx.name(s))
        for tid in p["tribes"].values():
            missing = profile.tribe_complete(state["profile"], tid)
            if missing:
                raise RuleError("%(tribe)s still needs: %(missing)s.", cite.both(7),
                                tribe=msg(tribes()[tid]["name"]), missing=joined([msg(FIELDS[m]) for m in missing]))
    for s, p in state["players"].items():
        p["groups"] = profile.groups_for(state["profile"], p["tribes"], len(state["seats"]))
        if len(p["groups"]) < 2:  # one for the start region, at least one for the draft (p.6)
            raise RuleError("%(who)s: enter the army groups printed on the back of the tribe boards.",
                            cite.both(6), who=ctx.name(s))
    draft.begin(state)
    ctx.log(N_("Initial round: each player places a group on its start region"))


# -- draft -------------------------------------------------------------------------------
def draft_start(state: State, ctx: Ctx, action: params.Group) -> None:
    """A group on the start region (seed 001 p.6)."""
    draft.start(state, ctx, seat_arg(state, ctx, action), action.group)


def draft_place(state: State, ctx: Ctx, action: params.DraftPlace) -> None:
    """A group where the picked conflict card shows (seed 001 p.6-7)."""
    draft.place(state, ctx, seat_arg(state, ctx, action), action.group, action.wild_as)


def feed(state: State, ctx: Ctx, action: params.Feed) -> None:
    """Fallen cubes to the limbos after the tower is fed; the first round starts when all are in (seed 001 p.7)."""
    if draft.feed(state, ctx, seat_arg(state, ctx, action), action):
        _new_round(state, ctx)


def tower_inhabitants(state: State, ctx: Ctx, action: params.Inhabitants) -> None:
    """Anyone enters how many inhabitants fell when the physical tower was fed (seed 001 p.7)."""
    draft.set_inhabitants(state, ctx, action.inhabitants)
    if draft.feed_done(state):
        _new_round(state, ctx)


# -- sealed answers ----------------------------------------------------------------------
def answer(state: State, ctx: Ctx, action: params.Answer) -> str:
    """A sealed answer: a draft pick (seed 001 p.6) or the round's plan (p.8); returns its prompt."""
    seat = ctx.actor.require_seat()
    pid = action.prompt
    prompt = sealed.get(state, pid)
    if prompt["kind"] == "draft":
        _phase(state, "draft")
        draft.pick(state, ctx, seat, action.value)
    elif prompt["kind"] == "plan":  # a phone's form fields army0..7, magic0..1 are its value
        _plan(state, ctx, seat, pid, action.value)
    else:
        raise RuleError("There is no such secret prompt.", "companion: sealed prompts", status=404)
    return pid


def _plan(state: State, ctx: Ctx, seat: str, pid: str, raw: Any) -> None:
    """Secret, simultaneous planning (seed 001 p.8). The reveal of the prompt only ends the phase:
    the cards stay face down and are turned one by one while performing (p.15)."""
    _phase(state, "planning")
    if pid != f"plan-{state['round']}":
        raise RuleError("This secret prompt is already closed.", "companion: sealed prompts", status=409)
    plan = planning.normalize(raw)
    planning.validate(state, seat, plan, perform.tribe_action(state, seat))
    changed = seat in sealed.get(state, pid)["answers"]
    done = sealed.answer(state, pid, seat, plan)
    count = len(planning.spaces(plan))
    ctx.log(N_("%(who)s planned %(count)s card"), _plural="%(who)s planned %(count)s cards",
            who=ctx.name(seat), count=count, seat=seat,
            hidden=N_("%(who)s changed their plan") if changed else N_("%(who)s finished planning"),
            hidden_params={"who": ctx.name(seat)})
    if done:
        prompt = sealed.get(state, pid)
        for s, planned in prompt["answers"].items():
            state["players"][s]["plan"] = planned
            prompt["answers"][s] = planning.face_down(planned)  # the prompt keeps only what is public
        # Everyone has planned, but nothing is shown: the cards are turned one by one (p.15).
        # The prompt stays unrevealed (so exports withhold the plans) until the round is scored.
        prompt["revealed"], prompt["closed"] = False, True
        state["phase"] = "performance"
        state["turn"] = state["first"]
        ctx.log(N_("Everyone has planned. %(who)s performs first"), who=ctx.name(state["first"]))


# -- rounds ------------------------------------------------------------------------------
def _new_round(state: State, ctx: Ctx) -> None:
    """Next round: the first player marker's holder starts (seed 002 p.12), reinforcements begin."""
    state["round"] += 1
    if state["next_first"]:
        state["first"], state["next_first"] = state["next_first"], None
    for p in state["players"].values():
        p.update(plan=None, revealed={}, passed=False, pass_take=None)
    state["phase"] = "reinforce"
    state["reinforced"] = []
    state["turn"] = state["first"]
    ctx.log(N_("Round %(round)s of %(rounds)s: reinforcements, starting with %(who)s"),
            round=state["round"], rounds=state["rounds"], who=ctx.name(state["first"]))


def reinforce(state: State, ctx: Ctx, action: params.Reinforce) -> None:
    """Reinforcements (seed 001 p.8): optionally draw a conflict card; then 1 army per 3 in each
    limbo to regions of that realm with own armies, from the first player clockwise."""
    seat = state["turn"]
    ctx.actor.require(seat)
    rule = cite.both(8)
    p = state["players"][seat]
    placed: dict[str, int] = {}
    if action.place:
        for realm in REALMS:
            part = _realm_part(action.place, realm)
            if part:
                placed.update(perform.place(state, seat, part, realm, p["limbo"][realm] // 3, rule))
    if params.ticked(action.draw):
        perform.draw_conflict(state, ctx, seat, 1)
    perform.from_limbo(state, ctx, seat, placed)
    if not placed:
        ctx.log(N_("%(who)s places no reinforcements"), who=ctx.name(seat))
    state["reinforced"].append(seat)
    seats = state["seats"]
    nxt = seats[(seats.index(seat) + 1) % len(seats)]
    if len(state["reinforced"]) == len(seats):
        _open_planning(state, ctx)
    else:
        state["turn"] = nxt


def _realm_part(raw: Any, realm: str) -> dict[str, Any]:
    if isinstance(raw, list):
        raw = dict(str(x).partition("=")[::2] for x in raw)
    if not isinstance(raw, dict):
        raise RuleError("Say where the armies go.", cite.both(8))
    return {k: v for k, v in raw.items() if isinstance(k, str) and k.startswith(realm + ":") and str(v) not in ("", "0")}


def _open_planning(state: State, ctx: Ctx) -> None:
    state["phase"] = "planning"
    state["turn"] = None
    sealed.open_prompt(state, f"plan-{state['round']}", list(state["seats"]), kind="plan",
                       title=N_("Plan your actions"), spec={"round": state["round"]})
    ctx.log(N_("Action planning: everyone places cards face down in secret"))


def perform_card(state: State, ctx: Ctx, action: params.Perform) -> None:
    """Reveal one planned card and perform it, or decline it for 1 gold or energy (seed 001 p.9, p.15)."""
    if state["battle"]:
        raise RuleError("Finish the battle first.", cite.both(13), status=409)
    seat = state["turn"]
    ctx.actor.require(seat)
    p = state["players"][seat]
    space = action.space
    card = planning.card_at(p["plan"], space) if p["plan"] else None
    if card is None:  # which spaces hold a face-down card is public (planning.face_down)
        raise RuleError("There is no face-down card on that space.", cite.both(15))
    decline = params.ticked(action.decline)
    if ctx.actor.seat != seat:
        _stand_in(ctx, seat, decline, action)
    battle = False
    shown = card[5:] if card.startswith("lost:") else card
    line, shown_params = card_line(state, "reveal", card)
    ctx.log(line, who=ctx.name(seat), **shown_params)
    if card.startswith("r:") and state["region_cards"].get(card.split(":")[1]) != seat:
        # The card left this player after it was planned (a tie sent it to the deck, a Dominate
        # or a battle gave it away): it cannot act, only compensation (seed 001 p.13-14).
        ctx.log(N_("%(who)s no longer holds this region card: it cannot act"), who=ctx.name(seat))
        card = "lost:" + card
    if card == "blank" or card.startswith("lost:") or decline:
        take = among(action.take, RESOURCES, cite.both(9), "take")
        perform.compensate(state, ctx, seat, take, "action not done")
    elif space.startswith("m"):
        perform.magic(state, ctx, seat, card[2:], action)
    else:
        kind = planning.space_kind(p, int(space[1:]))
        battle = perform.army_space(state, ctx, seat, kind, card, action)
    _remove_card(state, seat, space, shown, used=not decline and card != "blank")
    if not battle:
        _advance(state, ctx)


def _stand_in(ctx: Ctx, seat: str, decline: bool, action: params.Perform) -> None:
    """The host (or another seat with host rights) acting for the seat in turn cannot see its
    face-down card, so it may only decline the card for them (1 gold or energy, seed 001 p.9), and
    that is checked on public fields alone, before the card is read: no refusal may tell the host
    what the card is (docs/security.md, "Refusals that read a hidden value")."""
    if not decline:
        raise RuleError("Only %(who)s sees this face-down card, so only they can perform it; the host may "
                        "decline it for them (1 gold or 1 energy).", "companion: host rights", status=403,
                        who=ctx.name(seat))
    among(action.take, RESOURCES, cite.both(9), "take")


def _remove_card(state: State, seat: str, space: str, card: str, used: bool) -> None:
    """A revealed card leaves the board: conflict cards are discarded, region, magic and blank
    cards return to the hand (seed 001 p.8-9)."""
    p = state["players"][seat]
    row, idx = ("army" if space[0] == "a" else "magic"), int(space[1:])
    p["plan"][row][idx] = None
    p["revealed"][space] = card
    if card.startswith("c:") and card in p["conflict"]:
        p["conflict"].remove(card)
        state["discard"].append(card)


def pass_turn(state: State, ctx: Ctx, action: params.Pass) -> None:
    """Pass: the remaining cards go back to the hand; 1 gold or energy now and each time the turn
    comes round while others still act (seed 001 p.15)."""
    if state["battle"]:
        raise RuleError("Finish the battle first.", cite.both(13), status=409)
    seat = state["turn"]
    ctx.actor.require(seat)
    take = action.take
    p = state["players"][seat]
    p["passed"], p["pass_take"], p["plan"] = True, take, planning.normalize({})
    ctx.log(N_("%(who)s passes"), who=ctx.name(seat))
    perform.compensate(state, ctx, seat, take, "passed")
    _advance(state, ctx)


def _advance(state: State, ctx: Ctx) -> None:
    """Next player clockwise; players who passed take their compensation as their turn comes
    round (seed 001 p.15). When everyone has passed, the round is scored."""
    seats = state["seats"]
    if all(state["players"][s]["passed"] for s in seats):
        _score(state, ctx)
        return
    i = seats.index(state["turn"])
    for step in range(1, len(seats) + 1):
        s = seats[(i + step) % len(seats)]
        p = state["players"][s]
        if not p["passed"]:
            state["turn"] = s
            return
        perform.compensate(state, ctx, s, p["pass_take"], "passed")


def _score(state: State, ctx: Ctx) -> None:
    """Scoring from the left of the first player, clockwise (seed 001 p.15-16); then the next
    round, or the end after the last (p.16)."""
    result = {}
    for s in scoring.scoring_order(state["seats"], state["first"]):
        b = scoring.breakdown(state, s)
        state["players"][s]["vp"] += b["total"]
        result[s] = b
        ctx.log(N_("%(who)s scores %(vp)s VP (%(n)s region)"), _plural="%(who)s scores %(vp)s VP (%(n)s regions)",
                who=ctx.name(s), vp=b["total"], n=b["regions"])
    state["last_scoring"] = {"round": state["round"], "order": list(result), "points": result}
    plan = state["prompts"].get(f"plan-{state['round']}")
    if plan:  # the round is over: its plans may now appear in a table export
        plan["closed"], plan["revealed"] = False, True
    state["turn"] = None
    if state["round"] >= state["rounds"]:
        state["phase"] = "ended"
        state["result"] = scoring.ranking(state)
        ctx.log(N_("Game over. Winner: %(who)s"),
                who=", ".join(ctx.name(s) for s in state["result"]["winners"]))
    else:
        ctx.round_end(state)
        _new_round(state, ctx)


# -- battles -----------------------------------------------------------------------------
def _battle_actor(state: State, ctx: Ctx) -> dict[str, Any]:
    """The open battle (the declared stage guarantees one); only its two sides or the host enter it."""
    b: dict[str, Any] = state["battle"]
    if not (ctx.actor.host or ctx.actor.seat in (b["attacker"], b["defender"])):
        raise RuleError("Only the attacker, the defender or the host enters the tray.", "companion: turns",
                        status=403)
    return b


def battle_result(state: State, ctx: Ctx, action: params.BattleResult) -> None:
    """The table enters what fell in the tray: cubes per colour and inhabitants (seed 001 p.13)."""
    b = _battle_actor(state, ctx)
    if ImmortalsOptions.of(state).digital_tower and not ctx.actor.host:
        raise RuleError("With the digital tower, drop the cubes instead.", cite.FACTS)
    raw = action.tray or {}  # a form's tray_<seat> fields are its tray
    tray = {}
    for key in state["seats"] + [INH]:
        n = params.number(raw.get(key, 0) or 0, 0, 60, cite.both(13), key)
        if n:
            tray[key] = n
    _resolve(state, ctx, b, tray)


def battle_drop(state: State, ctx: Ctx, action: NoParams) -> None:
    """Digital tower only: drop the cubes through the model (facts/immortals.md)."""
    b = _battle_actor(state, ctx)
    if not ImmortalsOptions.of(state).digital_tower:
        raise RuleError("This table uses the physical tower: enter what fell in the tray.", cite.FACTS)
    tray, state["tower"] = tower_drop(ctx.rng, state["tower"], b["drop"])
    _resolve(state, ctx, b, tray)


def _resolve(state: State, ctx: Ctx, b: dict[str, Any], tray: dict[str, int]) -> None:
    """Apply the adjudication: limbos of the other realm, region, card, what stays in the tray."""
    opts = ImmortalsOptions.of(state)
    res = adjudicate(tray, b["attacker"], b["defender"], b["side"], opts.inhabitant_reading,
                     opts.loser_inhabitants)
    realm, rid = split(b["to"])
    for s, n in res["to_limbo"].items():
        state["players"][s]["limbo"][other(realm)] += n
    into = res["into_region"]
    set_cell(state, b["to"], into["seat"], into["armies"])
    holder = state["region_cards"].get(rid)
    if res["card"] == "attacker":
        perform.take_region_card(state, ctx, b["attacker"], rid)
    elif res["card"] == "deck_if_involved" and holder in (b["attacker"], b["defender"]):
        perform.return_region_card(state, rid)
        ctx.log(N_("The region card %(region)s goes back to the deck"), region=rname(state, rid))
    state["tray"] = dict(res["tray_after"])
    state["last_battle"] = {**b, "tray": tray, "result": res, "reading": opts.inhabitant_reading}
    state["battle"] = None
    ctx.log(N_("Battle for %(region)s (%(realm)s): %(a)s against %(d)s, %(winner)s"), **where(state, b["to"]),
            a=res["scores"]["attacker"], d=res["scores"]["defender"], winner=msg(WINNERS[res["winner"]]))
    _advance(state, ctx)


SETUP, DRAFT, REINFORCE, PLANNING, PERFORM = "setup", "draft", "reinforce", "planning", "performance"
BATTLE = "performance/battle"

#: the moves of play, in the order of the reference (``game.py`` adds the corrections')
MOVES = (
    Move("choose_tribes", choose_tribes, "Take a light and a dark tribe and enter what their boards "
         "print (a seat for itself, the host for any `seat`). Fields left empty keep what the profile "
         "knows; while gold, energy, the start region or the army groups are still unknown it is refused "
         "(400, nothing saved) naming every missing field in the caller's language, unless `partial` "
         "(a step of a guided flow) saves what is given.",
         cite.both("4-7"), params.ChooseTribes, who="seat", stages=(SETUP,)),
    Move("start_game", start_game, "Start the initial round once every tribe has its printed numbers.",
         cite.both("4-7"), who="host", stages=(SETUP,)),
    Move("draft_start", draft_start, "Put a group on the start region (and 2 armies on its dark twin).",
         cite.both(6), params.Group, who="seat", stages=(f"{DRAFT}/start",)),
    Move("draft_place", draft_place, "The placer puts a group where its picked card shows.",
         cite.both("6-7"), params.DraftPlace, who="seat", stages=(f"{DRAFT}/place",)),
    Move("feed", feed, "Put the own cubes that fell when the tower was fed into the limbos.",
         cite.both(7), params.Feed, who="seat", stages=(f"{DRAFT}/feed",)),
    Move("tower_inhabitants", tower_inhabitants, "How many inhabitants fell into the tray when the "
         "physical tower was fed (at most 2 stay); the first round waits for it.", cite.both(7), params.Inhabitants, who="seat",
         stages=(f"{DRAFT}/feed",)),
    Move("answer", answer, "A sealed answer: the draft pick (draft-N) or the round's plan (plan-R); "
         "the last pick reveals every pick, the last plan starts the performance.", cite.both("6, 8"),
         params.Answer, who="seat", stages=(f"{DRAFT}/pick", PLANNING), reveals=True,
         sealed=True),
    Move("reinforce", reinforce, "The seat in turn draws a conflict card or not and brings 1 army "
         "per 3 in each limbo to its regions of that realm.", cite.both(8), params.Reinforce,
         who="seat", stages=(REINFORCE,)),
    Move("perform", perform_card, "Turn one planned card and perform it (its fields by the card), or "
         "`decline` it for 1 gold or energy (`take`). The host (or another seat with host rights) "
         "standing in for the seat may only decline: it cannot see the face-down card, so performing "
         "it is refused (403) before the card is read.", cite.both("9-12, 15"), params.Perform, who="seat", stages=(PERFORM,),
         reveals=True),
    Move("pass", pass_turn, "Pass for the round: the cards go back to the hand; 1 gold or energy "
         "now and each later turn.", cite.both(15), params.Pass, who="seat", stages=(PERFORM,)),
    Move("battle_result", battle_result, "The attacker, the defender or the host enters what fell "
         "in the tray.", cite.both("13-14"), params.BattleResult, who="seat", stages=(BATTLE,),
         not_now=N_("There is no battle to resolve.")),
    Move("battle_drop", battle_drop, "Digital tower only: drop the battle's cubes through the model.",
         cite.FACTS, NoParams, who="seat", stages=(BATTLE,), not_now=N_("There is no battle to resolve.")),
)
