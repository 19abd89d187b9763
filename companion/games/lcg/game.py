"""A Game of Thrones: The Card Game (LCG, 1st edition): the referee of timing and counters.

Players play their real cards; the companion knows the phase, the flowchart box, the first and
active player, who holds the opportunity and who passed, walks every action window's steps, and
keeps gold and power. It never needs a card database. Authority: the FAQ v3.4, seed 003.
"""

from __future__ import annotations

import json
from typing import Any

from ... import sealed
from ...i18n import N_, tr
from ..base import Action, Ctx, Game, Option, RuleError, SeatDef, State, get_choice, get_int
from . import data, flow
from .scoring import check_win, total_power
from .windows import MAX_DEPTH, current_round, do_pass, holder, left_of, new_node, new_round

RULE_WINDOWS = "seed 003 Page 6"
RULE_WINDOW_STEPS = "seed 003 Page 7"
RULE_MARSHAL = "seed 003 Page 7"
RULE_FLOW = "seed 003 Page 11-12"
RULE_FACTS = "facts lcg.md"
PRODUCT = "companion: lcg table"

CHALLENGE_TYPES = ("military", "intrigue", "power")
CHALLENGE_NAMES = {"military": N_("military"), "intrigue": N_("intrigue"), "power": N_("power")}
COUNTERS = ("gold", "power", "char_power", "income_bonus", "initiative_bonus", "claim_bonus")
COUNTER_NAMES = {"gold": N_("gold"), "power": N_("House power"), "char_power": N_("power on characters"),
                 "income_bonus": N_("income bonus"), "initiative_bonus": N_("initiative modifier"),
                 "claim_bonus": N_("claim modifier")}
#: Modifiers from locations and cards may lower a printed value too (seed 003 Page 14: a card's
#: income and initiative count whether it stands or kneels), so they may go below zero.
MODIFIERS = ("initiative_bonus", "claim_bonus")
MODIFIER_RANGE = (-9, 9)
CORE_TITLES = ("Hand of the King, Master of Laws, Master of Whispers, Master of Coin, Crown Regent, "
               "Lord Commander of the Kingsguard")
SEAT_LABELS = (N_("Seat 1"), N_("Seat 2"), N_("Seat 3"), N_("Seat 4"), N_("Seat 5"), N_("Seat 6"))
PALETTE = ("#d64545", "#3f7fd6", "#3fa34d", "#e0b43a", "#9b59b6", "#e67e22")
MAX_PLOTS = 10


def _text(action: Action, key: str, limit: int, required: bool = False) -> str:
    value = str(action.get(key) or "").strip()[:limit]
    if required and not value:
        raise RuleError("%(field)s must not be empty.", PRODUCT, entry="companion-input", field=key)
    return value


def _names(text: str) -> list[str]:
    return [n.strip()[:40] for n in str(text or "").replace("\n", ",").split(",") if n.strip()][:12]


def read_plot(raw: Any) -> dict[str, Any]:
    """A plot as the phone sends it: its name and printed gold, initiative and claim (facts lcg.md)."""
    if not isinstance(raw, dict):
        raise RuleError("A plot needs a name, gold, initiative and claim.", RULE_FACTS)
    name = str(raw.get("name") or "").strip()[:40]
    if not name:
        raise RuleError("A plot needs a name, gold, initiative and claim.", RULE_FACTS)
    wr = raw.get("when_revealed")
    return {
        "name": name,
        "gold": get_int(raw, "gold", 0, 20, RULE_FACTS),
        "initiative": get_int(raw, "initiative", 0, 20, RULE_FACTS),
        "claim": get_int(raw, "claim", 0, 9, RULE_FACTS),
        "when_revealed": wr is True or str(wr).lower() in ("1", "true", "on", "yes"),
    }


class LcgGame(Game):
    id = "lcg"
    title = N_("A Game of Thrones: The Card Game (1st ed.)")
    summary = N_("Timing referee: phases, action windows, first and active player, gold and power.")
    screen_template = "lcg/screen.html"
    seat_template = "lcg/seat.html"
    host_template = "lcg/host.html"
    reference_template = "lcg/_reference.html"

    def options(self) -> list[Option]:
        return [
            Option("players", N_("Players"), "int", 2, min=2, max=6,
                   help=N_("2 is a joust; 3 to 6 is a melee with titles. Seat them clockwise.")),
            Option("win_power", N_("Power to win"), "int", 15, min=5, max=30),
            Option("count_char_power", N_("Power on characters counts toward victory"), "bool", True),
            Option("initiative_tie", N_("Initiative tie"), "choice", "lowest_power",
                   choices=(("lowest_power", N_("Lowest power wins, then random")),
                            ("random", N_("Random draw"))),
                   help=N_("The FAQ does not say; the companion logs every random draw.")),
            Option("dominance_gold", N_("Dominance total"), "choice", "add",
                   choices=(("add", N_("Players enter STR, the companion adds unspent gold")),
                            ("included", N_("Players enter STR plus gold themselves")))),
            Option("zero_str_attack", N_("An attack with 0 STR"), "choice", "tie_rule",
                   choices=(("tie_rule", N_("Ties go to the attacker, even at 0 (FAQ Page 14)")),
                            ("cannot_win", N_("An attacker with 0 STR cannot win"))),
                   help=N_("The FAQ does not say whether an attacker with no STR can win.")),
            Option("passive_start", N_("Save/cancel against a passive starts with"), "choice",
                   "window",
                   choices=(("window", N_("As in its window: the initiator's left, or the first player in "
                                          "a framework window (FAQ Page 6)")),
                            ("first_player", N_("Always the first player"))),
                   help=N_("FAQ Page 6: in a player's window answers start at the initiator's left; it "
                           "does not name passives separately.")),
            Option("uniform_timer", N_("Prompt everyone the same way (seconds, 0 = off)"), "int", 0,
                   min=0, max=30,
                   help=N_("Every save/cancel and response opportunity waits this long on every phone, "
                           "so waiting never reveals who holds a response.")),
            Option("auto_close", N_("Windows close by themselves after (seconds, 0 = off)"), "int", 6,
                   min=0, max=30,
                   help=N_("Every open window shows the same countdown on every phone; at zero each phone "
                           "passes for its player unless they tapped Wait. Nobody is skipped and nothing "
                           "shows who waited (FAQ Page 6).")),
            Option("autopass_start", N_("Auto-pass to start with"), "choice", "none",
                   choices=(("none", N_("Nothing: every player is offered every window (FAQ Page 6)")),
                            ("structure", N_("Skip all but the plot reveal, titles, marshalling and "
                                             "challenges, and the dominance reward: you are never asked "
                                             "in the plot, draw, dominance, standing or taxation action "
                                             "segments, nor when a player becomes active")),
                            ("all", N_("Every window (turn windows off when you hold a response)"))),
                   help=N_("Auto-pass skips windows you may be entitled to act in (a Plot: or Dominance: "
                           "action). Each player can change it on the phone at any time.")),
            Option("titles", N_("Titles (melee)"), "text", CORE_TITLES),
            Option("title_relations", N_("Title relations (melee)"), "text", "",
                   help=N_("Who supports or opposes whom, as printed on your title cards.")),
        ]

    def seats(self, options: dict[str, Any]) -> list[SeatDef]:
        count = int(options.get("players") or 2)
        return [SeatDef(f"p{i + 1}", SEAT_LABELS[i], PALETTE[i]) for i in range(count)]

    def setup(self, options: dict[str, Any], ctx: Ctx) -> State:
        seats = [s.id for s in self.seats(options)]
        start = {"structure": data.default_autopass(), "all": autopass_kinds(), "none": []}[
            options.get("autopass_start") or "structure"]
        players = {s: {"gold": 0, "power": 0, "char_power": 0, "income_bonus": 0, "initiative_bonus": 0,
                       "claim_bonus": 0, "plot": None,
                       "title": None, "plots": [], "used_plots": [],
                       "autopass": list(start)} for s in seats}
        state: State = {
            "seats": seats, "options": dict(options), "round": 1, "phase": "plot", "box": None,
            "next_box": data.first_box("plot"), "first_player": seats[0], "active_player": None,
            "players": players, "stack": [], "segment": None, "decision": None, "challenge": None,
            "chal_used": {s: [] for s in seats}, "been_active": [], "dominance": None,
            "plot_prompt": None, "plot_round": None, "titles": _names(options.get("titles", CORE_TITLES)),
            "title_relations": str(options.get("title_relations") or "")[:2000],
            "winner": None, "closed": None, "prompts": {}, "seq": 0, "opp": 0,
        }
        ctx.log(N_("Round 1 begins; %(who)s is first player until initiative is decided."),
                who=ctx.name(seats[0]))
        flow.advance(state, ctx)
        return state

    # -- dispatch ------------------------------------------------------------------------------
    def apply(self, state: State, ctx: Ctx, action: Action) -> None:
        kind = action.get("type")
        handler = getattr(self, f"_a_{kind}", None) if isinstance(kind, str) and kind.isidentifier() else None
        if handler is None:
            raise RuleError("Unknown action: %(type)s.", PRODUCT, entry="companion-input", type=str(kind)[:40])
        if state["winner"] and kind not in ("host_set", "register_plots", "autopass"):
            raise RuleError("The game is over.", RULE_FACTS, entry="win-power", status=409)
        handler(state, ctx, action)
        flow.advance(state, ctx)

    # -- opportunities: act and pass (seed 003 Page 6-8) ---------------------------------------
    def _holder_turn(self, state: State, ctx: Ctx, action: Action) -> dict[str, Any]:
        rnd = current_round(state)
        if rnd is None:
            raise RuleError("Nobody holds an opportunity right now.", RULE_WINDOWS, entry="opportunity-turns", status=409)
        if "opp" in action and action["opp"] not in (None, "") and str(action["opp"]) != str(rnd["opp"]):
            raise RuleError("That opportunity has already moved on.", RULE_WINDOWS, status=409)
        seat = holder(rnd)
        if ctx.actor.seat != seat and not ctx.actor.host:
            raise RuleError("It is not your opportunity: players act in turn, clockwise.", RULE_WINDOWS,
                            status=403)
        return rnd

    def _a_pass(self, state: State, ctx: Ctx, action: Action) -> None:
        """Pass the opportunity clockwise; all passing consecutively ends the round (seed 003 Page 6)."""
        rnd = self._holder_turn(state, ctx, action)
        seat = holder(rnd)
        do_pass(state, rnd)
        if ctx.actor.seat != seat:
            ctx.log(N_("Host passed for %(who)s."), who=ctx.name(seat))

    def _a_pass_ahead(self, state: State, ctx: Ctx, action: Action) -> None:
        """The phone's countdown ran out and its player did not tap Wait: pass this round now if
        holding it, else when the opportunity arrives. Void as soon as anyone acts (a new ``round``
        id). Kept out of every other device's view, so waiting reveals nothing (seed 003 Page 6).

        With ``wait`` the player tapped Wait: the phone still reports at zero and nothing changes, so
        counting events (every device reads the table's version) never tells who waits."""
        seat = ctx.actor.require_seat()
        rnd = current_round(state)
        if rnd is None or str(action.get("round") or "") != str(rnd.get("rid")):
            raise RuleError("That opportunity has already moved on.", RULE_WINDOWS, status=409)
        if flow.must_end_segment(state, rnd, seat):
            raise RuleError("The active player ends this segment by passing.", RULE_WINDOWS, status=409)
        if str(action.get("wait") or "").lower() in ("1", "true", "on", "yes"):
            if seat not in rnd.setdefault("waited", []):
                rnd["waited"].append(seat)
        elif holder(rnd) == seat:
            do_pass(state, rnd)
        elif seat not in rnd.setdefault("ahead", []):
            rnd["ahead"].append(seat)

    def _a_act(self, state: State, ctx: Ctx, action: Action) -> None:
        """Take an action (segment), a save/cancel response (step 2) or a response (step 5): each
        opens its own save/cancel round from the actor's left (seed 003 Page 6-8)."""
        rnd = self._holder_turn(state, ctx, action)
        seat = holder(rnd)
        label = _text(action, "label", 60)
        if len(state["stack"]) >= MAX_DEPTH:
            raise RuleError("Too many nested responses; resolve some first.", PRODUCT, entry="companion-input", status=409)
        if rnd["type"] == "actions":
            root = new_node(state, "action", label=label, initiator=seat, akind=f"act.{state['phase']}")
            root["round"] = new_round(state, "save", left_of(state["seats"], seat), root["akind"])
            state["stack"].append(root)
            ctx.log(N_("%(who)s takes an action: %(what)s."), who=ctx.name(seat), what=label or "…")
        elif rnd["type"] == "save":
            effect = get_choice({"effect": action.get("effect") or "cancel"}, "effect", ("cancel", "save"),
                                RULE_WINDOW_STEPS)
            flow.push_response(state, "save", seat, label, effect)
            ctx.log(N_("%(who)s plays a save/cancel response: %(what)s."), who=ctx.name(seat),
                    what=label or "…")
        else:
            flow.push_response(state, "response", seat, label, None)
            ctx.log(N_("%(who)s responds: %(what)s."), who=ctx.name(seat), what=label or "…")

    def _a_passive(self, state: State, ctx: Ctx, action: Action) -> None:
        """A passive ability triggered: it resolves at step 4 of the window, or at once when the
        window is already taking responses. One triggered by a save/cancel response waits for step 4
        of the action (or response) that response answered (seed 003 Page 8, step 4)."""
        self._seated_or_host(ctx)
        if not state["stack"]:
            raise RuleError("Passive abilities are noted inside an action window.", RULE_WINDOW_STEPS,
                            status=409)
        label = _text(action, "label", 60, required=True)
        target = flow.passive_owner(state["stack"])
        if target["step"] in ("input", "save", "resolve", "passives"):
            target["queue"].append(label)
            target["ordered"] = False
        else:
            flow.push_passive(state, label)
        ctx.log(N_("Passive ability triggered: %(what)s."), what=label)

    def _a_order_passives(self, state: State, ctx: Ctx, action: Action) -> None:
        """The first player orders simultaneous passives (seed 003 Page 6)."""
        top = state["stack"][-1] if state["stack"] else None
        if not top or not top["ordering"]:
            raise RuleError("No passive abilities wait to be ordered.", RULE_WINDOWS, status=409)
        ctx.actor.require(state["first_player"])
        order = action.get("order")
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

    def _a_moribund(self, state: State, ctx: Ctx, action: Action) -> None:
        """Note a card that became moribund: it leaves the table when the window closes (seed 003
        Page 8)."""
        self._seated_or_host(ctx)
        if not state["stack"]:
            raise RuleError("Cards become moribund only inside an action window.", "seed 003 Page 8",
                            status=409)
        label = _text(action, "label", 40, required=True)
        root = state["stack"][0]
        if label in root["moribund"]:
            raise RuleError("A moribund card cannot be removed from play again in this window.",
                            "seed 003 Page 8")
        root["moribund"].append(label)
        ctx.log(N_("Moribund until the window closes: %(card)s."), card=label)

    def _a_unmoribund(self, state: State, ctx: Ctx, action: Action) -> None:
        """Correct a card noted as moribund by mistake (a logged correction, seed 003 Page 8)."""
        self._seated_or_host(ctx)
        if not state["stack"]:
            raise RuleError("No action window is open.", "seed 003 Page 8", status=409)
        root = state["stack"][0]
        index = get_int(action, "index", 0, max(len(root["moribund"]) - 1, 0))
        if index >= len(root["moribund"]):
            raise RuleError("No moribund card to remove.", PRODUCT, entry="moribund", status=404)
        card = root["moribund"].pop(index)
        ctx.log(N_("%(card)s is no longer moribund (correction)."), card=card)

    # -- plot phase inputs ---------------------------------------------------------------------
    def _event_input(self, state: State, event: str) -> None:
        from .views import current_event

        top = state["stack"][-1] if state["stack"] else None
        if not (top and top["step"] == "input" and current_event(top) == event):
            raise RuleError("The table is not waiting for this now.", RULE_FLOW, status=409)

    def _a_answer(self, state: State, ctx: Ctx, action: Action) -> None:
        """Secretly choose a plot; all are revealed together (seed 003 Page 11)."""
        seat = ctx.actor.require_seat()
        pid = str(action.get("prompt") or state.get("plot_prompt") or "")
        prompt = sealed.get(state, pid)
        raw = action.get("value")
        if not isinstance(raw, dict):  # a phone form sends the plot's fields flat
            raw = {k: action.get(k) for k in ("name", "gold", "initiative", "claim", "when_revealed")}
        value = read_plot(raw)
        changed = seat in prompt["answers"]
        revealed = sealed.answer(state, pid, seat, value)
        ctx.log(N_("%(who)s chose the plot %(plot)s."), who=ctx.name(seat), plot=value["name"], prompt=pid,
                seat=seat, hidden=N_("%(who)s changed their plot") if changed else N_("%(who)s chose a plot"),
                hidden_params={"who": ctx.name(seat)})
        if revealed:
            ctx.log(N_("All plots chosen: reveal!"))

    def _a_register_plots(self, state: State, ctx: Ctx, action: Action) -> None:
        """Keep a seat's plot deck on its phone so later rounds are one tap (private)."""
        seat = ctx.actor.require_seat()
        raw = action.get("plots")
        if isinstance(raw, str):  # a phone form: the deck its device kept from an earlier table
            try:
                raw = json.loads(raw)
            except ValueError:
                raw = None
        if not isinstance(raw, list) or len(raw) > MAX_PLOTS:
            raise RuleError("Register up to %(count)s plots.", PRODUCT, entry="plots-secret", count=MAX_PLOTS)
        state["players"][seat]["plots"] = [read_plot(p) for p in raw]
        ctx.log(N_("%(who)s updated their plot deck."), who=ctx.name(seat), seat=seat,
                hidden=N_("%(who)s updated their plot deck."), hidden_params={"who": ctx.name(seat)})

    def _a_add_plot(self, state: State, ctx: Ctx, action: Action) -> None:
        """Add one plot to this seat's private plot deck (a phone form, one plot at a time)."""
        seat = ctx.actor.require_seat()
        plots = state["players"][seat]["plots"]
        if len(plots) >= MAX_PLOTS:
            raise RuleError("Register up to %(count)s plots.", PRODUCT, entry="plots-secret", count=MAX_PLOTS)
        plots.append(read_plot(action))

    def _a_remove_plot(self, state: State, ctx: Ctx, action: Action) -> None:
        """Remove a plot from this seat's private plot deck (product convenience)."""
        seat = ctx.actor.require_seat()
        plots = state["players"][seat]["plots"]
        if not plots:
            raise RuleError("No plot to remove.", PRODUCT, entry="plots-secret", status=404)
        plots.pop(get_int(action, "index", 0, len(plots) - 1))

    def _a_first_player(self, state: State, ctx: Ctx, action: Action) -> None:
        """The initiative winner chooses the first player (seed 003 Page 11)."""
        self._event_input(state, "choose_first")
        ctx.actor.require(flow.first_chooser(state))
        state["first_player"] = get_choice(action, "seat", state["seats"], "seed 003 Page 11")
        state["plot_round"]["first_chosen"] = True

    def _a_reveal_order(self, state: State, ctx: Ctx, action: Action) -> None:
        """The first player sets the order of "when revealed" effects (seed 003 Page 11)."""
        self._event_input(state, "when_revealed")
        ctx.actor.require(state["first_player"])
        order = action.get("order")
        if isinstance(order, str):
            order = [x.strip() for x in order.split(",") if x.strip()]
        if not isinstance(order, list) or sorted(order) != sorted(flow.when_revealed_seats(state)):
            raise RuleError("List every plot with a \"when revealed\" effect exactly once.", "seed 003 Page 11")
        state["plot_round"]["order"] = list(order)

    def _a_title(self, state: State, ctx: Ctx, action: Action) -> None:
        """Melee: titles are chosen from the first player clockwise (seed 003 Page 11)."""
        self._event_input(state, "choose_titles")
        chooser = flow.title_chooser(state)
        if chooser is None:  # every title is taken: nobody is asked
            raise RuleError("The table is not waiting for this now.", RULE_FLOW, status=409)
        ctx.actor.require(chooser)
        free = [t for t in state["titles"] if t not in flow.taken_titles(state)]
        state["players"][chooser]["title"] = get_choice(action, "title", free, "seed 003 Page 11")
        state["plot_round"]["titles_next"] += 1
        ctx.log(N_("%(who)s takes the title %(title)s."), who=ctx.name(chooser),
                title=state["players"][chooser]["title"])

    # -- challenges (seed 003 Page 12) --------------------------------------------------------
    def _decision(self, state: State, ctx: Ctx) -> str:
        if not state["decision"]:
            raise RuleError("Challenges are declared only when the active player's actions are over.",
                            "seed 003 Page 12", status=409)
        seat = state["decision"]["seat"]
        ctx.actor.require(seat)
        return seat

    def _a_challenge(self, state: State, ctx: Ctx, action: Action) -> None:
        """Declare a challenge type and opponent; each type at most once per phase (facts lcg.md)."""
        seat = self._decision(state, ctx)
        kind = get_choice(action, "challenge", CHALLENGE_TYPES, "seed 003 Page 12")
        if kind in state["chal_used"][seat]:
            raise RuleError("You already made a %(type)s challenge this phase.", RULE_FACTS, type=tr(kind))
        others = [s for s in state["seats"] if s != seat]
        if len(others) == 1 and not action.get("opponent"):
            opponent = others[0]
        else:
            opponent = get_choice(action, "opponent", others, "seed 003 Page 12")
        state["chal_used"][seat].append(kind)
        state["challenge"] = {"type": kind, "attacker": seat, "defender": opponent, "attacker_str": None,
                              "defender_str": None, "winner": None, "loser": None, "unopposed": False,
                              "claim": None, "moved": 0, "step": "declared", "number": len(state["chal_used"][seat])}
        state["decision"] = None
        state["next_box"] = "chal.declare"

    def _a_finish(self, state: State, ctx: Ctx, action: Action) -> None:
        """The active player ends their challenges (seed 003 Page 12)."""
        self._decision(state, ctx)
        state["decision"] = None
        state["challenge"] = None
        state["next_box"] = "chal.finish"

    def _a_strength(self, state: State, ctx: Ctx, action: Action) -> None:
        """Enter attacking and defending STR as counted on the table (seed 003 Page 9, event A)."""
        from .views import current_event

        ch = state["challenge"]
        top = state["stack"][-1] if state["stack"] else None
        if not (ch and top and current_event(top) == "determine_winner" and top["step"] in ("input", "save")):
            raise RuleError("Strength is entered when the challenge is resolved.", "seed 003 Page 9",
                            status=409)
        if ctx.actor.seat not in (ch["attacker"], ch["defender"]) and not ctx.actor.host:
            raise RuleError("Only the attacker or the defender enters strength.", "seed 003 Page 9",
                            status=403)
        ch["attacker_str"] = get_int(action, "attacker", 0, 99, "seed 003 Page 9")
        ch["defender_str"] = get_int(action, "defender", 0, 99, "seed 003 Page 9")
        ctx.log(N_("%(who)s counts STR: attacker %(astr)s, defender %(dstr)s."), who=ctx.name(ctx.actor.seat),
                astr=ch["attacker_str"], dstr=ch["defender_str"])

    def _a_dominance(self, state: State, ctx: Ctx, action: Action) -> None:
        """Each player counts STR of standing characters (plus gold per option) (seed 003 Page 12)."""
        self._event_input(state, "dominance")
        seat = str(action.get("seat") or ctx.actor.seat or "")
        if seat not in state["seats"]:
            raise RuleError("There is no seat %(seat)s.", PRODUCT, entry="companion-seats", seat=seat[:12])
        ctx.actor.require(seat)
        state["dominance"]["entries"][seat] = get_int(action, "strength", 0, 999, "seed 003 Page 12")
        ctx.log(N_("%(who)s counts %(value)s for dominance."), who=ctx.name(seat),
                value=state["dominance"]["entries"][seat])

    # -- counters (seed 003 Page 7: only the active player pays gold while marshalling) -----------
    def _a_adjust(self, state: State, ctx: Ctx, action: Action) -> None:
        seat = str(action.get("seat") or ctx.actor.seat or "")
        if seat not in state["seats"]:
            raise RuleError("There is no seat %(seat)s.", PRODUCT, entry="companion-seats", seat=seat[:12])
        ctx.actor.require(seat)
        field = get_choice(action, "field", COUNTERS)
        delta = get_int(action, "delta", -99, 99)
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
            raise RuleError("%(counter)s is at most %(max)s.", PRODUCT, entry="counters-manual", counter=tr(COUNTER_NAMES[field]),
                            max=high)
        player[field] = value
        ctx.log(N_("%(who)s: %(counter)s %(delta)+d → %(value)s"), who=ctx.name(seat),
                counter=tr(COUNTER_NAMES[field]), delta=delta, value=player[field])
        check_win(state, ctx)

    def _a_host_set(self, state: State, ctx: Ctx, action: Action) -> None:
        """The host corrects any counter (logged like any other event)."""
        ctx.actor.require_host()
        seat = get_choice(action, "seat", state["seats"])
        field = get_choice(action, "field", COUNTERS)
        low, high = MODIFIER_RANGE if field in MODIFIERS else (0, 999)
        state["players"][seat][field] = get_int(action, "value", low, high)
        ctx.log(N_("Host set %(who)s's %(counter)s to %(value)s."), who=ctx.name(seat),
                counter=tr(COUNTER_NAMES[field]), value=state["players"][seat][field])
        check_win(state, ctx)

    def _a_declare_win(self, state: State, ctx: Ctx, action: Action) -> None:
        """A player declares victory (e.g. a card effect); the host can undo it."""
        seat = ctx.actor.require_seat()
        state["winner"] = seat
        ctx.log(N_("%(who)s declares victory with %(power)s power."), who=ctx.name(seat),
                power=total_power(state, seat))

    def _a_autopass(self, state: State, ctx: Ctx, action: Action) -> None:
        """A player's own per-window auto-pass settings (private)."""
        seat = ctx.actor.require_seat()
        kinds = action.get("kinds") or []
        if isinstance(kinds, str):
            kinds = kinds.split(",")
        if not isinstance(kinds, list):
            raise RuleError("Unknown window kind.", PRODUCT, entry="autopass")
        kinds = [k for k in kinds if k]
        allowed = set(autopass_kinds())
        bad = [k for k in kinds if k not in allowed]
        if bad:
            raise RuleError("Unknown window kind.", PRODUCT, entry="autopass")
        state["players"][seat]["autopass"] = sorted(set(kinds), key=autopass_kinds().index)

    # -- host corrections ----------------------------------------------------------------------
    def _a_set_first(self, state: State, ctx: Ctx, action: Action) -> None:
        """Host correction of the first player (the table's truth wins; seed 003 Page 6 defines it)."""
        ctx.actor.require_host()
        state["first_player"] = get_choice(action, "seat", state["seats"])
        ctx.log(N_("Host made %(who)s the first player."), who=ctx.name(state["first_player"]))

    def _a_set_phase(self, state: State, ctx: Ctx, action: Action) -> None:
        """Jump to the start of a phase (closes any window; unrevealed plots are discarded unseen)."""
        ctx.actor.require_host()
        phase = get_choice(action, "phase", data.PHASES)
        for prompt in state["prompts"].values():
            if sealed.is_open(prompt):
                sealed.close(state, prompt["id"])
        state.update(stack=[], segment=None, decision=None, challenge=None)
        state["phase"] = ""
        state["next_box"] = data.first_box(phase)
        ctx.log(N_("Host moved the table to the %(phase)s phase."), phase=tr(flow.PHASE_NAMES[phase]))

    def _a_skip(self, state: State, ctx: Ctx, action: Action) -> None:
        """Host: end the current round as if everyone passed (to get unstuck)."""
        ctx.actor.require_host()
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

    def _a_titles_setup(self, state: State, ctx: Ctx, action: Action) -> None:
        """Host enters the melee titles and their relations (facts lcg.md: relations unverified)."""
        ctx.actor.require_host()
        titles = _names(str(action.get("titles") or ""))
        if len(titles) < len(state["seats"]):
            raise RuleError("List at least one title per player.", "seed 003 Page 11")
        state["titles"] = titles
        state["title_relations"] = _text(action, "relations", 2000)
        ctx.log(N_("Host updated the titles."))

    @staticmethod
    def _seated_or_host(ctx: Ctx) -> None:
        if not (ctx.actor.seat or ctx.actor.host):
            raise RuleError("Only a seated player can do this.", PRODUCT, entry="companion-seats", status=403)

    # -- views ---------------------------------------------------------------------------------
    def public_view(self, state: State) -> dict[str, Any]:
        from .views import public_view

        view = public_view(state)
        view["waiting_for"] = self.waiting_for(state)
        return view

    def private_view(self, state: State, seat: str) -> dict[str, Any]:
        from .views import private_view

        return private_view(state, seat)

    def waiting_for(self, state: State) -> list[str]:
        from .views import waiting_for

        return waiting_for(state)


def autopass_kinds() -> list[str]:
    """Window kinds a player may auto-pass: each flowchart box, and each phase's player actions."""
    kinds = [b.id for b in data.boxes().values() if b.kind != "decision"]
    return kinds + [f"act.{p}" for p in data.PHASES]
