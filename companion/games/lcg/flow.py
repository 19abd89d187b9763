"""The round's flow: enter flowchart boxes, walk action windows, resolve framework events.

`advance` is called after every accepted action. It moves the table forward through everything
that needs nobody (a resolving step, an auto-pass, an empty passive queue) and stops where a seat
must decide: the opportunity holder, an input (plot, strengths...), or the active player's choice.
"""

from __future__ import annotations

from typing import Any, cast

from ... import sealed
from ...i18n import N_, tr
from ..base import Ctx
from . import data, pace, plots
from .options import LcgOptions
from .scoring import check_win, dominance_winner, initiative_winner, resolve_challenge
from .windows import (
    MAX_DEPTH,
    Node,
    do_pass,
    done,
    holder,
    left_of,
    new_node,
    new_round,
    reopen_after,
    restart_streak,
)

PHASE_NAMES = {
    "plot": N_("Plot"), "draw": N_("Draw"), "marshalling": N_("Marshalling"),
    "challenges": N_("Challenges"), "dominance": N_("Dominance"), "standing": N_("Standing"),
    "taxation": N_("Taxation"),
}
EVENT_NAMES = {
    "phase_begins": N_("Phase begins"), "phase_ends": N_("Phase ends"),
    "reveal_plots": N_("Choose and reveal plots"), "initiative": N_("Count initiative"),
    "choose_first": N_("Initiative winner chooses the first player"),
    "when_revealed": N_("\"When revealed\" effects, in the first player's order"),
    "choose_titles": N_("Choose titles (first player first)"), "draw_two": N_("Each player draws two cards"),
    "become_active": N_("Next player becomes the active player"), "income": N_("Active player counts income"),
    "declare_done": N_("Active player declares no more gold actions"),
    "declare_challenge": N_("Active player declares challenge type and opponent"),
    "kneel_attackers": N_("Active player kneels attackers"), "stealth": N_("Active player chooses stealth targets"),
    "kneel_defenders": N_("Defender kneels defenders"), "determine_winner": N_("Determine the winner"),
    "apply_claim": N_("Apply the claim"), "unopposed": N_("Unopposed reward"), "renown": N_("Renown"),
    "finish_challenges": N_("Active player finishes their challenges"), "dominance": N_("Dominance reward"),
    "stand_all": N_("All knelt cards stand"), "return_gold": N_("Unspent gold returns to the treasury"),
}
CLAIM_REMINDER = {
    "military": N_("Claim %(claim)s: %(defender)s kills %(claim)s of their characters (their choice)."),
    "power": N_("Claim %(claim)s: %(moved)s power moved from %(defender)s's House to %(attacker)s."),
}


# -- boxes -------------------------------------------------------------------------------------
def enter_box(state: dict[str, Any], ctx: Ctx, box_id: str) -> None:
    """Start a flowchart box: a framework window, a player-action segment or a decision (seed 003
    Page 11-12: grey boxes are framework windows, white boxes player actions)."""
    box = data.boxes()[box_id]
    if box.phase != state["phase"] or box_id == data.first_box(box.phase):
        _enter_phase(state, ctx, box.phase)
    state["box"] = box_id
    state["next_box"] = None
    if "_trace" in state:
        state["_trace"].append(box_id)
    if box.kind == "framework":
        node = new_node(state, "framework", label=box_id, initiator=None, akind=box_id,
                        events=list(box.events), box=box_id)
        state["stack"].append(node)
        begin_event(state, ctx, node)
    elif box.kind == "actions":
        exempt = state["active_player"] if box.phase in ("marshalling", "challenges") else None
        state["segment"] = new_round(state, "actions", state["first_player"], box_id, exempt)
    else:
        state["decision"] = {"kind": "challenge", "seat": state["active_player"]}


def _enter_phase(state: dict[str, Any], ctx: Ctx, phase: str) -> None:
    """Per-phase bookkeeping resets: nobody has been active yet, no challenge types used."""
    state["phase"] = phase
    state["been_active"] = []
    state["active_player"] = None
    state["challenge"] = None
    state["chal_used"] = {s: [] for s in state["seats"]}
    if phase == "dominance":
        state["dominance"] = {"entries": {}, "result": None}


def next_box(state: dict[str, Any], box_id: str) -> str:
    """The box after ``box_id``, with the flowcharts' loops (seed 003 Page 11-12)."""
    everyone_active = all(s in state["been_active"] for s in state["seats"])
    if box_id == "marshal.done":
        return "marshal.ends" if everyone_active else "marshal.active"
    if box_id == "chal.resolve":
        return "chal.actions"
    if box_id == "chal.finish":
        return "chal.ends" if everyone_active else "chal.active"
    if box_id == "tax.ends":
        state["round"] += 1
        return "plot.begins"
    ids = list(data.boxes())
    nxt = ids[ids.index(box_id) + 1]
    if data.boxes()[nxt].melee_only and len(state["seats"]) < 3:
        nxt = ids[ids.index(nxt) + 1]
    return nxt


def finish_box(state: dict[str, Any], box_id: str) -> None:
    state["segment"] = None
    state["decision"] = None
    state["next_box"] = next_box(state, box_id)


# -- framework events --------------------------------------------------------------------------
def begin_event(state: dict[str, Any], ctx: Ctx, node: Node) -> None:
    """Step 1 of a framework event: open what its input needs (seed 003 Page 9, 'evento iniciado')."""
    event = node["events"][node["ev"]]
    node["step"] = "input"
    if event == "reveal_plots":
        state["seq"] += 1
        pid = f"plot{state['round']}-{state['seq']}"  # never reused, even if the host replays a phase
        sealed.open_prompt(state, pid, list(state["seats"]), kind="plot", title=N_("Choose your plot"),
                           spec={"round": state["round"]})
        state["plot_prompt"] = pid
        state["plot_round"] = {"winner": None, "tied": [], "order": None, "first_chosen": False,
                               "titles_next": 0}
    elif event == "determine_winner":
        state["challenge"]["step"] = "strength"


def inputs_missing(state: dict[str, Any], event: str) -> list[str]:
    """Seats whose input the event still needs before its save/cancel round can open."""
    pr = state.get("plot_round") or {}
    if event == "reveal_plots":
        return sealed.waiting(state["prompts"][state["plot_prompt"]])
    if event == "choose_first" and not pr.get("first_chosen"):
        return [first_chooser(state)]
    if event == "when_revealed" and pr.get("order") is None and len(when_revealed_seats(state)) > 1:
        return [state["first_player"]]
    if event == "choose_titles":
        chooser = title_chooser(state)
        return [chooser] if chooser else []
    if event == "determine_winner":
        ch = state["challenge"]
        if ch["attacker_str"] is None or ch["defender_str"] is None:
            return [ch["attacker"], ch["defender"]]
    if event == "dominance":
        return [s for s in state["seats"] if s not in state["dominance"]["entries"]]
    return []


def first_chooser(state: dict[str, Any]) -> str:
    """The initiative winner chooses the first player (seed 003 Page 11); if a card cancelled the
    initiative count, the current first player chooses (companion fallback, logged with the cancel)."""
    return cast("str", state["plot_round"]["winner"] or state["first_player"])


def when_revealed_seats(state: dict[str, Any]) -> list[str]:
    return [s for s in state["seats"] if (state["players"][s].get("plot") or {}).get("when_revealed")]


def title_chooser(state: dict[str, Any]) -> str | None:
    """Titles are chosen one by one from the first player, clockwise (seed 003 Page 11)."""
    if len(state["seats"]) < 3:
        return None
    order = _clockwise_from_first(state)
    taken = state["plot_round"]["titles_next"]
    free = [t for t in state["titles"] if t not in taken_titles(state)]
    if taken >= len(order) or not free:
        return None
    return cast("str | None", order[taken])


def taken_titles(state: dict[str, Any]) -> list[str]:
    return [p["title"] for p in state["players"].values() if p.get("title")]


def _clockwise_from_first(state: dict[str, Any]) -> list[str]:
    seats = state["seats"]
    i = seats.index(state["first_player"])
    return cast("list[str]", seats[i:] + seats[:i])


def resolve_event(state: dict[str, Any], ctx: Ctx, event: str) -> None:
    """Step 3 of a framework event: the game's own bookkeeping happens here."""
    phase = tr(PHASE_NAMES[state["phase"]])
    if event == "phase_begins":
        ctx.log(N_("%(phase)s phase begins."), phase=phase)
    elif event == "phase_ends":
        ctx.log(N_("%(phase)s phase ends."), phase=phase)
    elif event == "reveal_plots":
        _reveal_plots(state, ctx)
    elif event == "initiative":
        winner, tied, drawn = initiative_winner(state, ctx.rng)
        state["plot_round"].update(winner=winner, tied=tied)
        if drawn:
            ctx.log(N_("Initiative tie between %(seats)s: lowest power still tied, drawn at random: %(who)s."),
                    seats=", ".join(ctx.name(s) for s in tied), who=ctx.name(winner))
        elif tied:
            ctx.log(N_("Initiative tie between %(seats)s: %(who)s wins it (%(rule)s)."),
                    seats=", ".join(ctx.name(s) for s in tied), who=ctx.name(winner),
                    rule=tr(N_("lowest power")))
        else:
            ctx.log(N_("%(who)s wins initiative."), who=ctx.name(winner))
    elif event == "choose_first":
        ctx.log(N_("%(who)s is the first player."), who=ctx.name(state["first_player"]))
    elif event == "when_revealed":
        order = state["plot_round"]["order"] or when_revealed_seats(state)
        state["plot_round"]["order"] = order
        if order:
            ctx.log(N_("\"When revealed\" effects resolve in this order: %(order)s."),
                    order=", ".join(f"{ctx.name(s)} ({state['players'][s]['plot']['name']})" for s in order))
    elif event == "choose_titles":
        ctx.log(N_("Titles: %(titles)s."), titles=[
            tr(N_("%(who)s: %(title)s"), who=ctx.name(s), title=tr(state["players"][s]["title"] or "-"))
            for s in state["seats"]])
    elif event == "draw_two":
        ctx.log(N_("Each player draws two cards now (mandatory)."))
    elif event == "become_active":
        seat = next(s for s in _clockwise_from_first(state) if s not in state["been_active"])
        state["been_active"].append(seat)
        state["active_player"] = seat
        ctx.log(N_("%(who)s is the active player."), who=ctx.name(seat))
    elif event == "income":
        _income(state, ctx)
    elif event == "declare_done":
        ctx.log(N_("%(who)s has no more gold actions."), who=ctx.name(state["active_player"]))
    elif event == "declare_challenge":
        ch = state["challenge"]
        ctx.log(N_("%(attacker)s declares a %(type)s challenge against %(defender)s."),
                attacker=ctx.name(ch["attacker"]), type=tr(ch["type"]), defender=ctx.name(ch["defender"]))
    elif event in ("kneel_attackers", "stealth", "kneel_defenders", "stand_all", "renown"):
        if event == "renown" and state["challenge"]["winner"] is not None:
            ctx.log(N_("Renown: each renowned character of %(who)s that took part gains 1 power."),
                    who=ctx.name(state["challenge"]["winner"]))
    elif event == "determine_winner":
        resolve_challenge(state)
        ch = state["challenge"]
        # one meaning of "unopposed" everywhere (scoring.resolve_challenge): no defending STR at all
        msg = (N_("%(type)s challenge: %(astr)s against %(dstr)s, %(who)s wins unopposed (no defending STR).")
               if ch["unopposed"] else N_("%(type)s challenge: %(astr)s against %(dstr)s, %(who)s wins."))
        ctx.log(msg, type=tr(ch["type"]), astr=ch["attacker_str"], dstr=ch["defender_str"], who=ctx.name(ch["winner"]))
    elif event == "apply_claim":
        _claim(state, ctx)
    elif event == "unopposed":
        ch = state["challenge"]
        if ch["unopposed"]:
            _gain_power(state, ctx, ch["attacker"], 1)
            ctx.log(N_("Unopposed: %(who)s gains 1 power."), who=ctx.name(ch["attacker"]))
    elif event == "finish_challenges":
        ctx.log(N_("%(who)s finishes their challenges."), who=ctx.name(state["active_player"]))
        state["challenge"] = None
    elif event == "dominance":
        _dominance(state, ctx)
    elif event == "return_gold":
        for p in state["players"].values():
            p["gold"] = 0
            p["title"] = None
        ctx.log(N_("Unspent gold returns to the treasury."))


def _reveal_plots(state: dict[str, Any], ctx: Ctx) -> None:
    """All plots are revealed at once (seed 003 Page 11, 'Escolher e revelar plano')."""
    prompt = state["prompts"][state["plot_prompt"]]
    for seat in state["seats"]:
        plots.reveal(state, ctx, seat, dict(prompt["answers"][seat]))
    ctx.log(N_("Plots revealed: %(plots)s."), plots="; ".join(
        f"{ctx.name(s)}: {state['players'][s]['plot']['name']} "
        f"({state['players'][s]['plot']['gold']}/{state['players'][s]['plot']['initiative']}/"
        f"{state['players'][s]['plot']['claim']})" for s in state["seats"]))


def _income(state: dict[str, Any], ctx: Ctx) -> None:
    """Income is counted at the start of the active player's marshalling turn (seed 003 Page 14)."""
    seat = state["active_player"]
    player = state["players"][seat]
    gold = (player.get("plot") or {}).get("gold", 0) + player["income_bonus"]
    player["gold"] += gold
    ctx.log(N_("%(who)s collects %(gold)s gold (treasury now %(total)s)."), who=ctx.name(seat), gold=gold,
            total=player["gold"])


def _claim(state: dict[str, Any], ctx: Ctx) -> None:
    """The winning attacker's claim: the plot's printed claim plus the seat's modifier from cards
    (facts lcg.md; power claim moves power, seed 003 Page 14)."""
    ch = state["challenge"]
    if ch["winner"] != ch["attacker"]:
        ch["claim_text"] = None
        return
    attacker = state["players"][ch["attacker"]]
    claim = max(0, int((attacker.get("plot") or {}).get("claim", 1)) + int(attacker.get("claim_bonus", 0)))
    moved = 0
    if ch["type"] == "power":
        moved = min(claim, state["players"][ch["defender"]]["power"])
        state["players"][ch["defender"]]["power"] -= moved
        _gain_power(state, ctx, ch["attacker"], moved)
    ch["claim"] = claim
    ch["moved"] = moved
    who: dict[str, Any] = {"defender": ctx.name(ch["defender"]), "attacker": ctx.name(ch["attacker"])}
    if ch["type"] == "intrigue":  # "1 card", "2 cards": the count picks the form
        ctx.log(N_("Claim %(claim)s: %(defender)s discards %(n)s card at random from hand."),
                _plural="Claim %(claim)s: %(defender)s discards %(n)s cards at random from hand.",
                claim=claim, n=claim, **who)
    else:
        ctx.log(CLAIM_REMINDER[ch["type"]], claim=claim, moved=moved, **who)


def _dominance(state: dict[str, Any], ctx: Ctx) -> None:
    """Highest total gains 1 power; a tie gives nothing (seed 003 Page 15)."""
    totals = {}
    for seat in state["seats"]:
        total = state["dominance"]["entries"][seat]
        if LcgOptions.of(state).dominance_gold == "add":
            total += state["players"][seat]["gold"]
        totals[seat] = total
    winner = dominance_winner(totals)
    state["dominance"]["result"] = {"totals": totals, "winner": winner}
    if winner is None:
        ctx.log(N_("Dominance is tied: nobody gains power."))
    else:
        _gain_power(state, ctx, winner, 1)
        ctx.log(N_("%(who)s wins dominance (%(total)s) and gains 1 power."), who=ctx.name(winner),
                total=totals[winner])


def _gain_power(state: dict[str, Any], ctx: Ctx, seat: str, amount: int) -> None:
    state["players"][seat]["power"] += amount
    check_win(state, ctx)


# -- the window walk ---------------------------------------------------------------------------
def must_end_segment(state: dict[str, Any], rnd: dict[str, Any], seat: str) -> bool:
    """The active player ends their own marshalling segment with Pass: it is where they play their
    cards (seed 003 Page 7), so no countdown closes it for them."""
    return bool(rnd["exempt"] == seat and state["phase"] == "marshalling")


def autopasses(state: dict[str, Any], seat: str, rnd: dict[str, Any]) -> bool:
    """Auto-pass applies instantly unless the table prompts everyone with a timer (issue #5); a
    pass placed ahead of turn when the countdown ran out applies when the opportunity arrives;
    in a run every phone said "nothing" for, every seat passes (``pace.py``)."""
    if seat in rnd.get("ahead", ()):
        return True
    if pace.quiet(state) and not must_end_segment(state, rnd, seat):
        return True
    if rnd["exempt"] == seat:
        return False
    if LcgOptions.of(state).uniform_timer > 0 and rnd["type"] != "actions":
        return False
    return rnd["akind"] in state["players"][seat]["autopass"]


def _round_start(state: dict[str, Any], node: Node, root: Node) -> str:
    """Who opens a node's rounds: the first player in framework windows, else the left of the
    player who initiated it (seed 003 Page 6 and Page 14); passives per the table option."""
    if node["kind"] == "framework":
        return cast("str", state["first_player"])
    if node["kind"] == "passive":
        if LcgOptions.of(state).passive_start == "window":
            return _round_start(state, root, root)
        return cast("str", state["first_player"])
    return left_of(state["seats"], node["initiator"])


def advance(state: dict[str, Any], ctx: Ctx) -> None:
    """Move on until a seat must decide (or the game is won)."""
    for _ in range(5000):
        if state["winner"]:
            return
        if state["stack"]:
            if not _step_node(state, ctx):
                return
        elif state.get("segment"):
            seg = state["segment"]
            if done(seg):
                pace.round_over(state, seg)
                finish_box(state, state["box"])
            elif autopasses(state, holder(seg), seg):
                do_pass(state, seg)
            else:
                return
        elif state.get("decision"):
            return
        elif state.get("next_box"):
            enter_box(state, ctx, state["next_box"])
        else:
            return
    raise RuntimeError("the flow did not settle")  # pragma: no cover - a bug, never a rule


def _step_node(state: dict[str, Any], ctx: Ctx) -> bool:
    """One step of the top node; False when it waits on a seat."""
    stack = state["stack"]
    node, root = stack[-1], stack[0]
    step = node["step"]
    if step == "input":
        if inputs_missing(state, node["events"][node["ev"]]):
            return False
        node["step"] = "save"
        node["round"] = new_round(state, "save", _round_start(state, node, root), root["akind"])
        return True
    if step in ("save", "responses"):
        rnd = node["round"]
        if done(rnd):
            pace.round_over(state, rnd)
            node["round"] = None
            node["step"] = "resolve" if step == "save" else "close"
            return True
        if autopasses(state, holder(rnd), rnd):
            do_pass(state, rnd)
            return True
        return False
    if step == "resolve":
        _resolve_node(state, ctx, node, stack)
        return True
    if step == "passives":
        return _walk_passives(state, ctx, node, root)
    if step == "close":
        _close_node(state, ctx, node, stack)
        return True
    raise RuntimeError(f"unknown step {step}")  # pragma: no cover


def _resolve_node(state: dict[str, Any], ctx: Ctx, node: Node, stack: list[Node]) -> None:
    """Step 3: the action, response, passive or framework event resolves unless it was cancelled."""
    cancelled = node["ev"] in node["cancelled"]
    if node["kind"] == "framework":
        event = node["events"][node["ev"]]
        if cancelled and event in STRUCTURAL:
            ctx.log(N_("A cancel cannot undo %(event)s: the companion keeps the turn structure; apply the "
                       "card's effect by hand."), event=tr(EVENT_NAMES[event]))
            resolve_event(state, ctx, event)
        elif cancelled:
            ctx.log(N_("Framework event cancelled: %(event)s."), event=tr(EVENT_NAMES[event]))
        else:
            resolve_event(state, ctx, event)
        node["ev"] += 1
        if node["ev"] < len(node["events"]) and not state["winner"]:
            begin_event(state, ctx, node)
        else:
            node["step"] = "passives"
        return
    who = ctx.name(node["initiator"])
    if cancelled:
        ctx.log(N_("%(who)s's %(what)s was cancelled."), who=who, what=tr(KIND_NAMES[node["kind"]]))
    elif node["kind"] == "save" and len(stack) > 1:
        parent = stack[-2]
        if node["effect"] == "cancel":
            parent["cancelled"].append(parent["ev"])
            ctx.log(N_("%(who)s cancels it."), who=who)
        else:
            ctx.log(N_("%(who)s saves a card from it."), who=who)
    else:
        ctx.log(N_("%(who)s's %(what)s resolves."), who=who, what=tr(KIND_NAMES[node["kind"]]))
    node["step"] = "passives"


#: Events that hold the round's structure together (who is active, which plots are out, which
#: challenge runs). A save/cancel against them is logged, but the companion still keeps its books;
#: the table applies the cancelling card by hand. Cancelling any other event skips its effect.
STRUCTURAL = ("phase_begins", "phase_ends", "reveal_plots", "choose_first", "choose_titles", "become_active",
              "declare_done", "declare_challenge", "finish_challenges")

KIND_NAMES = {"action": N_("action"), "response": N_("response"), "save": N_("save/cancel response"),
              "passive": N_("passive ability"), "framework": N_("framework event")}


def _walk_passives(state: dict[str, Any], ctx: Ctx, node: Node, root: Node) -> bool:
    """Step 4: triggered passives, each with its own save/cancel round; the first player orders
    simultaneous ones (seed 003 Page 6 and Page 8)."""
    queue = node["queue"]
    if queue:
        if len(queue) > 1 and not node["ordered"]:
            node["ordering"] = True
            return False
        push_passive(state, queue.pop(0))
        return True
    node["ordered"] = False
    if node is root:
        node["step"] = "responses"
        node["round"] = new_round(state, "responses", _round_start(state, node, root), root["akind"])
    else:
        node["step"] = "close"
    return True


def passive_owner(stack: list[Node]) -> Node:
    """The node whose step 4 walks a passive noted now: save/cancel responses have no step 4 of
    their own; what they trigger resolves at step 4 of the action or response they answered (seed
    003 Page 8: 'as a result of an action, or of a save/cancel response to it')."""
    for node in reversed(stack):
        if node["kind"] != "save":
            return node
    return stack[0]


def push_passive(state: dict[str, Any], label: str) -> None:
    """A passive ability is initiated and gets its own save/cancel round (seed 003 Page 7, I-IV)."""
    root = state["stack"][0]
    child = new_node(state, "passive", label=label, initiator=None, akind=root["akind"])
    child["round"] = new_round(state, "save", _round_start(state, child, root), root["akind"])
    state["stack"].append(child)


def push_response(state: dict[str, Any], kind: str, seat: str, label: str, effect: str | None) -> None:
    """A response or save/cancel response: initiated, then its own save/cancel round from the
    responder's left (seed 003 Page 8, steps a-d)."""
    if len(state["stack"]) >= MAX_DEPTH:
        raise RuntimeError("too deep")
    root = state["stack"][0]
    child = new_node(state, kind, label=label, initiator=seat, akind=root["akind"], effect=effect)
    child["round"] = new_round(state, "save", left_of(state["seats"], seat), root["akind"])
    state["stack"].append(child)


def _close_node(state: dict[str, Any], ctx: Ctx, node: Node, stack: list[Node]) -> None:
    """Step 6 for a root (moribund cards leave play now), or return to the parent's round."""
    stack.pop()
    if not stack:
        state["closed"] = {"label": node["label"], "kind": node["kind"], "moribund": node["moribund"]}
        if node["moribund"]:
            ctx.log(N_("Window closed: take off the table now: %(cards)s."), cards=", ".join(node["moribund"]))
        if node["kind"] == "framework":
            finish_box(state, node["box"])
        elif state.get("segment"):
            reopen_after(state, state["segment"], node["initiator"])
        return
    parent = stack[-1]
    rnd = parent["round"]
    if rnd is None:
        return
    if node["kind"] in ("save", "response"):
        reopen_after(state, rnd, node["initiator"])
    else:
        restart_streak(state, rnd)

