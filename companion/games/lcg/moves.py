"""Every move of the LCG table: its handler beside its declaration (MOVES); the parameter models
are in :mod:`.params`.

The shared dispatcher (:mod:`companion.moves`) checks the kind of actor, the stage and the fields
before a handler runs; the handlers keep the finer checks the rules ask for (whose opportunity it
is, which framework event waits for an input). Stages are :meth:`LcgGame.stage` paths: the phase
(``"plot"``, ``"challenges"``...) or ``"ended"`` once there is a winner, when only the host's
counter correction and a seat's own private settings are still accepted (facts lcg.md).
"""

from __future__ import annotations

from typing import Any

from ... import sealed
from ...i18n import N_, tr
from ...moves import Handler, Move, Moves, NoParams, Params, among, whole, within
from ..base import Ctx, RuleError, State
from . import data, flow, pace, params, plots
from .params import MAX_PLOTS, PRODUCT, RULE_CHALLENGES, RULE_FACTS, RULE_STRENGTH, names, read_plot, text
from .scoring import check_win, total_power
from .windows import MAX_DEPTH, current_event, current_round, do_pass, holder, left_of, new_node, new_round

RULE_WINDOWS = "seed 003 Page 6"
RULE_WINDOW_STEPS = "seed 003 Page 7"
RULE_MARSHAL = "seed 003 Page 7"
RULE_MORIBUND = "seed 003 Page 8"
RULE_PLOT = "seed 003 Page 11"
RULE_FLOW = "seed 003 Page 11-12"

COUNTER_NAMES = {"gold": N_("gold"), "power": N_("House power"), "char_power": N_("power on characters"),
                 "income_bonus": N_("income bonus"), "initiative_bonus": N_("initiative modifier"),
                 "claim_bonus": N_("claim modifier")}
#: Modifiers from locations and cards may lower a printed value too (seed 003 Page 14: a card's
#: income and initiative count whether it stands or kneels), so they may go below zero.
MODIFIERS = ("initiative_bonus", "claim_bonus")
MODIFIER_RANGE = (-9, 9)
#: Every stage but "ended": the moves a won game refuses (facts lcg.md: the first to the table's
#: power total wins, and the game stops there).
PLAYING = data.PHASES
GAME_OVER = N_("The game is over.")


# -- opportunities: act and pass (seed 003 Page 6-8) -----------------------------------------------
def _holder_turn(state: State, ctx: Ctx, opp: int | str | None) -> dict[str, Any]:
    rnd = current_round(state)
    if rnd is None:
        raise RuleError("Nobody holds an opportunity right now.", RULE_WINDOWS, entry="opportunity-turns", status=409)
    if opp not in (None, "") and str(opp) != str(rnd["opp"]):
        raise RuleError("That opportunity has already moved on.", RULE_WINDOWS, status=409)
    seat = holder(rnd)
    if ctx.actor.seat != seat and not ctx.actor.host:
        raise RuleError("It is not your opportunity: players act in turn, clockwise.", RULE_WINDOWS,
                        status=403)
    return rnd


def pass_(state: State, ctx: Ctx, args: params.Pass) -> None:
    """Pass the opportunity clockwise; all passing consecutively ends the round (seed 003 Page 6)."""
    rnd = _holder_turn(state, ctx, args.opp)
    seat = holder(rnd)
    do_pass(state, rnd)
    if ctx.actor.seat != seat:
        ctx.log(N_("Host passed for %(who)s."), who=ctx.name(seat))


def pass_ahead(state: State, ctx: Ctx, args: params.PassAhead) -> None:
    """The phone's countdown ran out and its player did not tap Wait: pass this round now if
    holding it, else when the opportunity arrives. Void as soon as anyone acts (a new ``round``
    id). Kept out of every other device's view, so waiting reveals nothing (seed 003 Page 6).

    With ``wait`` the player tapped Wait: the phone still reports at zero and nothing changes, so
    counting events (every device reads the table's version) never tells who waits."""
    seat = ctx.actor.require_seat()
    rnd = current_round(state)
    if rnd is None or str(args.round or "") != str(rnd.get("rid")):
        raise RuleError("That opportunity has already moved on.", RULE_WINDOWS, status=409)
    if flow.must_end_segment(state, rnd, seat):
        raise RuleError("The active player ends this segment by passing.", RULE_WINDOWS, status=409)
    stop = str(args.stop or "")
    if stop:
        if stop not in pace.stop_choices(state):
            raise RuleError("That window is not ahead in this run.", RULE_WINDOWS, status=409)
        pace.arm(state, seat, stop)
    if str(args.wait or "").lower() in ("1", "true", "on", "yes") or pace.armed(state, seat):
        if seat not in rnd.setdefault("waited", []):
            rnd["waited"].append(seat)
        return
    if seat not in rnd.setdefault("quiet", []):
        rnd["quiet"].append(seat)  # said nothing: counts toward a quiet run (pace.py)
    if holder(rnd) == seat:
        do_pass(state, rnd)
    elif seat not in rnd.setdefault("ahead", []):
        rnd["ahead"].append(seat)


def act(state: State, ctx: Ctx, args: params.Act) -> None:
    """Take an action (segment), a save/cancel response (step 2) or a response (step 5): each
    opens its own save/cancel round from the actor's left (seed 003 Page 6-8)."""
    rnd = _holder_turn(state, ctx, args.opp)
    seat = holder(rnd)
    label = text(args.label, "label", 60)
    if len(state["stack"]) >= MAX_DEPTH:
        raise RuleError("Too many nested responses; resolve some first.", PRODUCT, entry="companion-input", status=409)
    if rnd["type"] == "actions":
        root = new_node(state, "action", label=label, initiator=seat, akind=f"act.{state['phase']}")
        root["round"] = new_round(state, "save", left_of(state["seats"], seat), root["akind"])
        state["stack"].append(root)
        ctx.log(N_("%(who)s takes an action: %(what)s."), who=ctx.name(seat), what=label or "…")
    elif rnd["type"] == "save":
        effect = among(args.effect or "cancel", ("cancel", "save"), RULE_WINDOW_STEPS, "effect")
        flow.push_response(state, "save", seat, label, effect)
        ctx.log(N_("%(who)s plays a save/cancel response: %(what)s."), who=ctx.name(seat),
                what=label or "…")
    else:
        flow.push_response(state, "response", seat, label, None)
        ctx.log(N_("%(who)s responds: %(what)s."), who=ctx.name(seat), what=label or "…")


def passive(state: State, ctx: Ctx, args: params.Label) -> None:
    """A passive ability triggered: it resolves at step 4 of the window, or at once when the
    window is already taking responses. One triggered by a save/cancel response waits for step 4
    of the action (or response) that response answered (seed 003 Page 8, step 4)."""
    if not state["stack"]:
        raise RuleError("Passive abilities are noted inside an action window.", RULE_WINDOW_STEPS,
                        status=409)
    label = text(args.label, "label", 60, required=True)
    target = flow.passive_owner(state["stack"])
    if target["step"] in ("input", "save", "resolve", "passives"):
        target["queue"].append(label)
        target["ordered"] = False
    else:
        flow.push_passive(state, label)
    ctx.log(N_("Passive ability triggered: %(what)s."), what=label)


def order_passives(state: State, ctx: Ctx, args: params.PassiveOrder) -> None:
    """The first player orders simultaneous passives (seed 003 Page 6)."""
    top = state["stack"][-1] if state["stack"] else None
    if not top or not top["ordering"]:
        raise RuleError("No passive abilities wait to be ordered.", RULE_WINDOWS, status=409)
    ctx.actor.require(state["first_player"])
    order: Any = args.order
    if isinstance(order, str):
        order = [x for x in order.split(",") if x.strip()]
    queue = top["queue"]
    try:
        idx = [int(i) for i in order or []]
    except (TypeError, ValueError):
        idx = []
    if sorted(idx) != list(range(len(queue))):
        raise RuleError("Give every waiting passive ability exactly once.", RULE_WINDOWS)
    top["queue"] = [queue[i] for i in idx]
    top["ordering"] = False
    top["ordered"] = True
    ctx.log(N_("%(who)s orders the passive abilities: %(order)s."), who=ctx.name(ctx.actor.seat),
            order=", ".join(top["queue"]))


def moribund(state: State, ctx: Ctx, args: params.Label) -> None:
    """Note a card that became moribund: it leaves the table when the window closes (seed 003
    Page 8)."""
    if not state["stack"]:
        raise RuleError("Cards become moribund only inside an action window.", RULE_MORIBUND, status=409)
    label = text(args.label, "label", 40, required=True)
    root = state["stack"][0]
    if label in root["moribund"]:
        raise RuleError("A moribund card cannot be removed from play again in this window.", RULE_MORIBUND)
    root["moribund"].append(label)
    ctx.log(N_("Moribund until the window closes: %(card)s."), card=label)


def unmoribund(state: State, ctx: Ctx, args: params.Index) -> None:
    """Correct a card noted as moribund by mistake (a logged correction, seed 003 Page 8)."""
    if not state["stack"]:
        raise RuleError("No action window is open.", RULE_MORIBUND, status=409)
    root = state["stack"][0]
    index = within(whole(args.index, None, "index"), 0, max(len(root["moribund"]) - 1, 0), None, "index")
    if index >= len(root["moribund"]):
        raise RuleError("No moribund card to remove.", PRODUCT, entry="moribund", status=404)
    card = root["moribund"].pop(index)
    ctx.log(N_("%(card)s is no longer moribund (correction)."), card=card)


# -- plot phase inputs (seed 003 Page 11) ----------------------------------------------------------
def _event_input(state: State, event: str) -> None:
    """The framework event ``event`` waits for its input (seed 003 Page 9, step 1)."""
    top = state["stack"][-1] if state["stack"] else None
    if not (top and top["step"] == "input" and current_event(top) == event):
        raise RuleError("The table is not waiting for this now.", RULE_FLOW, status=409)


def answer(state: State, ctx: Ctx, args: params.PlotAnswer) -> str:
    """Secretly choose a plot; all are revealed together (seed 003 Page 11). A plot the used-pile
    option keeps out of reach is refused; a plot typed here joins the seat's deck (plots.py).
    Returns the prompt it answered (this round's plot prompt when the action names none)."""
    seat = ctx.actor.require_seat()
    pid = str(args.prompt or state.get("plot_prompt") or "")
    prompt = sealed.get(state, pid)
    # a phone form sends the plot's fields flat
    value = read_plot(args.value or args.model_dump(include={"name", "gold", "initiative", "claim", "when_revealed"}))
    plots.check_choice(state, seat, value)
    changed = seat in prompt["answers"]
    revealed = sealed.answer(state, pid, seat, value)
    plots.keep(state, seat, value)  # typed once: the next round offers it with one tap (issue #37)
    ctx.log(N_("%(who)s chose the plot %(plot)s."), who=ctx.name(seat), plot=value["name"], prompt=pid,
            seat=seat, hidden=N_("%(who)s changed their plot") if changed else N_("%(who)s chose a plot"),
            hidden_params={"who": ctx.name(seat)})
    if revealed:
        ctx.log(N_("All plots chosen: reveal!"))
    return pid


def register_plots(state: State, ctx: Ctx, args: params.PlotDeck) -> None:
    """Keep a seat's plot deck on its phone so later rounds are one tap (private)."""
    seat = ctx.actor.require_seat()
    raw = args.deck()
    if raw is None or len(raw) > MAX_PLOTS:
        raise RuleError("Register up to %(count)s plots.", PRODUCT, entry="plots-secret", count=MAX_PLOTS)
    state["players"][seat]["plots"] = [read_plot(p) for p in raw]
    ctx.log(N_("%(who)s updated their plot deck."), who=ctx.name(seat), seat=seat,
            hidden=N_("%(who)s updated their plot deck."), hidden_params={"who": ctx.name(seat)})


def add_plot(state: State, ctx: Ctx, args: params.Plot) -> None:
    """Add one plot to this seat's private plot deck (a phone form, one plot at a time)."""
    seat = ctx.actor.require_seat()
    plots = state["players"][seat]["plots"]
    if len(plots) >= MAX_PLOTS:
        raise RuleError("Register up to %(count)s plots.", PRODUCT, entry="plots-secret", count=MAX_PLOTS)
    plots.append(read_plot(args))


def remove_plot(state: State, ctx: Ctx, args: params.Index) -> None:
    """Remove a plot from this seat's private plot deck (product convenience)."""
    seat = ctx.actor.require_seat()
    plots = state["players"][seat]["plots"]
    if not plots:
        raise RuleError("No plot to remove.", PRODUCT, entry="plots-secret", status=404)
    plots.pop(within(whole(args.index, None, "index"), 0, len(plots) - 1, None, "index"))


def first_player(state: State, ctx: Ctx, args: params.SeatChoice) -> None:
    """The initiative winner chooses the first player (seed 003 Page 11)."""
    _event_input(state, "choose_first")
    ctx.actor.require(flow.first_chooser(state))
    state["first_player"] = among(args.seat, state["seats"], RULE_PLOT, "seat")
    state["plot_round"]["first_chosen"] = True


def reveal_order(state: State, ctx: Ctx, args: params.SeatOrder) -> None:
    """The first player sets the order of "when revealed" effects (seed 003 Page 11)."""
    _event_input(state, "when_revealed")
    ctx.actor.require(state["first_player"])
    order: Any = args.order
    if isinstance(order, str):
        order = [x.strip() for x in order.split(",") if x.strip()]
    if not isinstance(order, list) or sorted(order) != sorted(flow.when_revealed_seats(state)):
        raise RuleError("List every plot with a \"when revealed\" effect exactly once.", RULE_PLOT)
    state["plot_round"]["order"] = list(order)


def title(state: State, ctx: Ctx, args: params.TitleChoice) -> None:
    """Melee: titles are chosen from the first player clockwise (seed 003 Page 11)."""
    _event_input(state, "choose_titles")
    chooser = flow.title_chooser(state)
    if chooser is None:  # the event waits for an input only while someone still chooses
        raise RuleError("The table is not waiting for this now.", RULE_FLOW, status=409)
    ctx.actor.require(chooser)
    free = [t for t in state["titles"] if t not in flow.taken_titles(state)]
    state["players"][chooser]["title"] = among(args.title, free, RULE_PLOT, "title")
    state["plot_round"]["titles_next"] += 1
    ctx.log(N_("%(who)s takes the title %(title)s."), who=ctx.name(chooser),
            title=tr(state["players"][chooser]["title"]))


# -- challenges (seed 003 Page 12) -----------------------------------------------------------------
def _decision(state: State, ctx: Ctx) -> str:
    if not state["decision"]:
        raise RuleError("Challenges are declared only when the active player's actions are over.",
                        RULE_CHALLENGES, status=409)
    seat: str = state["decision"]["seat"]
    ctx.actor.require(seat)
    return seat


def challenge(state: State, ctx: Ctx, args: params.Challenge) -> None:
    """Declare a challenge type and opponent; each type at most once per phase (facts lcg.md)."""
    seat = _decision(state, ctx)
    kind = args.challenge
    if kind in state["chal_used"][seat]:
        raise RuleError("You already made a %(type)s challenge this phase.", RULE_FACTS, type=tr(kind))
    others = [s for s in state["seats"] if s != seat]
    if len(others) == 1 and not args.opponent:
        opponent = others[0]
    else:
        opponent = among(args.opponent, others, RULE_CHALLENGES, "opponent")
    state["chal_used"][seat].append(kind)
    state["challenge"] = {"type": kind, "attacker": seat, "defender": opponent, "attacker_str": None,
                          "defender_str": None, "winner": None, "loser": None, "unopposed": False,
                          "claim": None, "moved": 0, "step": "declared", "number": len(state["chal_used"][seat])}
    state["decision"] = None
    state["next_box"] = "chal.declare"


def finish(state: State, ctx: Ctx, args: NoParams) -> None:
    """The active player ends their challenges (seed 003 Page 12)."""
    _decision(state, ctx)
    state["decision"] = None
    state["challenge"] = None
    state["next_box"] = "chal.finish"


def strength(state: State, ctx: Ctx, args: params.Strength) -> None:
    """Enter attacking and defending STR as counted on the table (seed 003 Page 9, event A)."""
    ch = state["challenge"]
    top = state["stack"][-1] if state["stack"] else None
    if not (ch and current_event(top) == "determine_winner" and top is not None
            and top["step"] in ("input", "save")):
        raise RuleError("Strength is entered when the challenge is resolved.", RULE_STRENGTH, status=409)
    if ctx.actor.seat not in (ch["attacker"], ch["defender"]) and not ctx.actor.host:
        raise RuleError("Only the attacker or the defender enters strength.", RULE_STRENGTH, status=403)
    ch["attacker_str"], ch["defender_str"] = args.attacker, args.defender
    ctx.log(N_("%(who)s counts STR: attacker %(astr)s, defender %(dstr)s."), who=ctx.name(ctx.actor.seat),
            astr=ch["attacker_str"], dstr=ch["defender_str"])


def dominance(state: State, ctx: Ctx, args: params.Dominance) -> None:
    """Each player counts STR of standing characters (plus gold per option) (seed 003 Page 12)."""
    _event_input(state, "dominance")
    seat = str(args.seat or ctx.actor.seat or "")
    if seat not in state["seats"]:
        raise RuleError("There is no seat %(seat)s.", PRODUCT, entry="companion-seats", seat=seat[:12])
    ctx.actor.require(seat)
    state["dominance"]["entries"][seat] = args.strength
    ctx.log(N_("%(who)s counts %(value)s for dominance."), who=ctx.name(seat),
            value=state["dominance"]["entries"][seat])


# -- counters (seed 003 Page 7: only the active player pays gold while marshalling) ----------------
def adjust(state: State, ctx: Ctx, args: params.Adjust) -> None:
    """A seat changes its own counter; while marshalling only the active player spends gold."""
    seat = str(args.seat or ctx.actor.seat or "")
    if seat not in state["seats"]:
        raise RuleError("There is no seat %(seat)s.", PRODUCT, entry="companion-seats", seat=seat[:12])
    ctx.actor.require(seat)
    field, delta = args.field, args.delta
    if delta == 0:
        raise RuleError("A change of 0 changes nothing.", PRODUCT)
    player = state["players"][seat]
    if field == "gold" and delta < 0 and state["phase"] == "marshalling" \
            and state["active_player"] != seat and not ctx.actor.host:
        raise RuleError("While marshalling, only the active player may take actions that cost gold.",
                        RULE_MARSHAL, status=403)
    low, high = MODIFIER_RANGE if field in MODIFIERS else (0, 999)
    value = player.get(field, 0) + delta
    if value < low:
        raise RuleError("Not enough %(counter)s.", PRODUCT, entry="counters-manual", counter=tr(COUNTER_NAMES[field]))
    if value > high:
        raise RuleError("%(counter)s is at most %(max)s.", PRODUCT, entry="counters-manual",
                        counter=tr(COUNTER_NAMES[field]), max=high)
    player[field] = value
    ctx.log(N_("%(who)s: %(counter)s %(delta)+d → %(value)s"), who=ctx.name(seat),
            counter=tr(COUNTER_NAMES[field]), delta=delta, value=player[field])
    check_win(state, ctx)


def host_set(state: State, ctx: Ctx, args: params.HostSet) -> None:
    """The host corrects any counter (logged like any other event)."""
    seat = among(args.seat, state["seats"], None, "seat")
    field = args.field
    low, high = MODIFIER_RANGE if field in MODIFIERS else (0, 999)
    state["players"][seat][field] = within(whole(args.value, None, "value"), low, high, None, "value")
    ctx.log(N_("Host set %(who)s's %(counter)s to %(value)s."), who=ctx.name(seat),
            counter=tr(COUNTER_NAMES[field]), value=state["players"][seat][field])
    check_win(state, ctx)


def declare_win(state: State, ctx: Ctx, args: NoParams) -> None:
    """A player declares victory (e.g. a card effect); the host can undo it."""
    seat = ctx.actor.require_seat()
    state["winner"] = seat
    ctx.log(N_("%(who)s declares victory with %(power)s power."), who=ctx.name(seat),
            power=total_power(state, seat))


def autopass(state: State, ctx: Ctx, args: params.Autopass) -> None:
    """A player's own per-window auto-pass settings (private)."""
    seat = ctx.actor.require_seat()
    kinds: Any = args.kinds or []
    if isinstance(kinds, str):
        kinds = kinds.split(",")
    if not isinstance(kinds, list):
        raise RuleError("Unknown window kind.", PRODUCT, entry="autopass")
    kinds = [k for k in kinds if k]
    allowed = data.autopass_kinds()
    if any(k not in allowed for k in kinds):
        raise RuleError("Unknown window kind.", PRODUCT, entry="autopass")
    state["players"][seat]["autopass"] = sorted(set(kinds), key=allowed.index)


def window_time(state: State, ctx: Ctx, args: params.WindowTime) -> None:
    """This seat's own time limit on windows that close by themselves (WCAG 2.2.1, issue #36): the
    table's countdown times 1, 2, 4 or 10, or none (the phone waits for its player's Nothing or
    Wait). Kept for the seat; every other seat keeps the table's countdown. Its phone still reports
    once per window, Wait or not, so nothing shows who waited (seed 003 Page 6)."""
    seat = ctx.actor.require_seat()
    state["players"][seat]["time_scale"] = int(str(args.scale))


# -- host corrections --------------------------------------------------------------------------------
def set_first(state: State, ctx: Ctx, args: params.SeatChoice) -> None:
    """Host correction of the first player (the table's truth wins; seed 003 Page 6 defines it)."""
    state["first_player"] = among(args.seat, state["seats"], None, "seat")
    ctx.log(N_("Host made %(who)s the first player."), who=ctx.name(state["first_player"]))


def set_phase(state: State, ctx: Ctx, args: params.SetPhase) -> None:
    """Jump to the start of a phase (closes any window; unrevealed plots are discarded unseen)."""
    phase = args.phase
    for prompt in state["prompts"].values():
        if sealed.is_open(prompt):
            sealed.close(state, prompt["id"])
    state.update(stack=[], segment=None, decision=None, challenge=None)
    state["phase"] = ""
    state["next_box"] = data.first_box(phase)
    ctx.log(N_("Host moved the table to the %(phase)s phase."), phase=tr(flow.PHASE_NAMES[phase]))


def skip(state: State, ctx: Ctx, args: NoParams) -> None:
    """Host: end the current round as if everyone passed (to get unstuck)."""
    rnd = current_round(state)
    top = state["stack"][-1] if state["stack"] else None
    if rnd is not None:
        rnd["passes"] = len(rnd["order"])
    elif top and top["ordering"]:
        top["ordering"] = False
        top["ordered"] = True
    else:
        raise RuleError("Nothing to skip: the table waits for an answer.", PRODUCT, entry="undo-lcg", status=409)
    ctx.log(N_("Host skipped the rest of this round."))


def titles_setup(state: State, ctx: Ctx, args: params.TitlesSetup) -> None:
    """Host enters the melee titles and their relations (facts lcg.md: relations unverified).

    The host drawer shows the titles in the host's language (``shown``); a title sent back as shown
    stays the table's own (a Core Set title's msgid), so a Portuguese host saving the relations does
    not turn every phone's titles into Portuguese, nor free a title a player already took."""
    titles = names(args.titles)
    shown = names(args.shown or "")
    if len(shown) == len(state["titles"]):
        kept = dict(zip(shown, state["titles"], strict=True))
        titles = [kept.get(t, t) for t in titles]
    if len(titles) < len(state["seats"]):
        raise RuleError("List at least one title per player.", RULE_PLOT)
    state["titles"] = titles
    state["title_relations"] = text(args.relations, "relations", 2000)
    ctx.log(N_("Host updated the titles."))


def _playing(name: str, run: Handler, summary: str, rule: str, fields: type[Params] = NoParams,
             **kw: Any) -> Move:
    """A move of the running game: refused once it is won, with the old message (facts lcg.md)."""
    return Move(name, run, summary, rule, fields, stages=PLAYING, not_now=GAME_OVER,
                not_now_rule=RULE_FACTS, entry="win-power", **kw)


MOVES = Moves([
    _playing("pass", pass_, "Pass the opportunity clockwise (the host may pass for the holder).",
             RULE_WINDOWS, params.Pass, who="seat"),
    _playing("pass_ahead", pass_ahead, "The phone's countdown ended: pass now if holding the opportunity, "
             "else when it arrives; void once anyone acts. Never shown to another device. Refused for the "
             "active player in their marshalling segment.", RULE_WINDOWS, params.PassAhead, who="seat"),
    _playing("act", act, "The holder acts: an action in a segment (opens a window), a save/cancel response "
             "in step 2, a response in step 5.", RULE_WINDOWS, params.Act, who="seat"),
    _playing("passive", passive, "Note a triggered passive ability, inside a window: queued for step 4, or "
             "resolved at once during responses; one noted during a save/cancel response waits for step 4 "
             "of the action (or response) it answered.", RULE_WINDOW_STEPS, params.Label, who="seat"),
    _playing("order_passives", order_passives, "The first player orders 2+ waiting passive abilities.",
             RULE_WINDOWS, params.PassiveOrder, who="seat"),
    _playing("moribund", moribund, "Inside a window, note a card that leaves play when the window closes "
             "(listed then).", RULE_MORIBUND,
             params.Label, who="seat"),
    _playing("unmoribund", unmoribund, "Correct a card noted as moribund by mistake.", RULE_MORIBUND,
             params.Index, who="seat"),
    _playing("answer", answer, "Secretly choose a plot (sealed prompt); changeable until the last one "
             "arrives, then all are revealed. The plot joins this seat's deck; with the used pile (option "
             "`used_plots`) the plot in play and used ones are refused.", RULE_PLOT, params.PlotAnswer, who="seat", reveals=True,
             sealed=True),
    Move("register_plots", register_plots, "Keep this seat's private plot deck (the phone offers it at later "
         "tables).", PRODUCT, params.PlotDeck, who="seat"),
    _playing("add_plot", add_plot, "Add one plot to this seat's private plot deck.", PRODUCT, params.Plot,
             who="seat"),
    _playing("remove_plot", remove_plot, "Remove a plot from this seat's private plot deck.", PRODUCT,
             params.Index, who="seat"),
    _playing("first_player", first_player, "The initiative winner chooses the first player.", RULE_PLOT,
             params.SeatChoice, who="seat"),
    _playing("reveal_order", reveal_order, "The first player orders 2+ \"when revealed\" effects.", RULE_PLOT,
             params.SeatOrder, who="seat"),
    _playing("title", title, "Melee: the seat whose turn it is takes a title.", RULE_PLOT, params.TitleChoice,
             who="seat"),
    _playing("challenge", challenge, "The active player, at the decision, declares a challenge (each type "
             "once per phase; an `opponent` in a melee).",
             RULE_CHALLENGES, params.Challenge, who="seat"),
    _playing("finish", finish, "The active player, at the decision, finishes their challenges.", RULE_CHALLENGES, who="seat"),
    _playing("strength", strength, "The attacker, the defender or the host enters both STR totals at "
             "\"determine the winner\".", RULE_STRENGTH, params.Strength, who="seat"),
    _playing("dominance", dominance, "A seat's total at the dominance reward (the host names the `seat`).", RULE_CHALLENGES,
             params.Dominance, who="seat"),
    _playing("adjust", adjust, "Change one's own counter (while marshalling only the active player may "
             "spend gold); the two modifiers (locations and cards, Page 14) "
             "range -9..9 and add to the plot's printed initiative / claim.", RULE_MARSHAL, params.Adjust,
             who="seat"),
    Move("host_set", host_set, "Host: set any seat's counter (also after the game is won).", PRODUCT,
         params.HostSet, who="host"),
    _playing("declare_win", declare_win, "A player declares victory (a card effect); the host can undo it.",
             RULE_FACTS, who="seat"),
    Move("autopass", autopass, "This seat's own auto-pass settings (private).", PRODUCT, params.Autopass,
         who="seat"),
    Move("window_time", window_time, "This seat's own time limit on windows that close by themselves: the "
         "table's countdown times 1, 2, 4 or 10, or none (the phone waits for its player's tap); the other "
         "seats keep the table's.", PRODUCT,
         params.WindowTime, who="seat"),
    _playing("set_first", set_first, "Host: correct the first player.", RULE_WINDOWS, params.SeatChoice,
             who="host"),
    _playing("set_phase", set_phase, "Host: jump to the start of a phase (closes any window; unrevealed plots "
             "are discarded unseen).", RULE_FLOW, params.SetPhase, who="host"),
    _playing("skip", skip, "Host: end the current round as if everyone passed.", PRODUCT, who="host"),
    _playing("titles_setup", titles_setup, "Host: enter the melee titles and their relations.", RULE_PLOT,
             params.TitlesSetup, who="host"),
])
