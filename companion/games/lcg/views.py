"""What each device may see. The single gate for the plot secrets and the plot decks.

Before the reveal, nobody but its owner sees a chosen plot (sealed prompts, seed 003 Page 11); a
seat's registered plot deck and its auto-pass settings are only ever in its own private view.
"""

from __future__ import annotations

from itertools import permutations
from typing import Any, cast

from ... import sealed
from . import data, flow, pace, plots
from .data import autopass_kinds
from .options import LcgOptions
from .scoring import total_power
from .windows import current_event, current_round, holder


def _node_view(node: dict[str, Any]) -> dict[str, Any]:
    rnd = node["round"]
    event = current_event(node)
    return {
        "id": node["id"],
        "kind": node["kind"],
        "label": node["label"],
        "initiator": node["initiator"],
        "step": node["step"],
        "event": event,
        "event_name": flow.EVENT_NAMES.get(event) if event else None,
        "events": [{"id": e, "name": flow.EVENT_NAMES[e], "done": i < node["ev"]}
                   for i, e in enumerate(node["events"])],
        "round": rnd["type"] if rnd else None,
        "holder": holder(rnd) if rnd else None,
        "passed": list(rnd["passed"]) if rnd else [],
        "cancelled": bool(node["cancelled"]),
        "effect": node["effect"],
        "passives": list(node["queue"]),
        "ordering": node["ordering"],
    }


def _plot_revealed(state: dict[str, Any]) -> bool:
    return sealed.is_revealed(state, state.get("plot_prompt"))


def _public_plot(state: dict[str, Any], seat: str) -> dict[str, Any] | None:
    """The plot on the table: the new one once all are revealed, else last round's (public)."""
    pid = state.get("plot_prompt")
    if pid and _plot_revealed(state):
        return dict(state["prompts"][pid]["answers"][seat])
    return cast("dict[str, Any] | None", state["players"][seat]["plot"])


def run_view(state: dict[str, Any]) -> dict[str, Any] | None:
    """The run question for every device (the same bytes whoever waits): where the open run of
    windows would end, as :mod:`.lookahead` worked it out (issue 24)."""
    run = state.get("run")
    if not pace.on(state) or not run or not run.get("end"):
        return None
    end = dict(run["end"])
    end["event_name"] = flow.EVENT_NAMES.get(end["event"] or "")
    return {"end": end, "boxes": list(run.get("boxes") or []), "later": pace.stop_choices(state)}


def step_name(state: dict[str, Any]) -> str:
    if state["winner"]:
        return "game_over"
    if state["stack"]:
        return cast("str", state["stack"][-1]["step"])
    if state.get("segment"):
        return "actions"
    if state.get("decision"):
        return "declare_or_finish"
    return "moving"


def public(state: dict[str, Any]) -> dict[str, Any]:
    rnd = current_round(state)
    opts = LcgOptions.of(state)
    box = data.boxes().get(state["box"] or "")
    top = state["stack"][-1] if state["stack"] else None
    event = current_event(top)
    seg = state.get("segment")
    plot_prompt = state["prompts"].get(state.get("plot_prompt") or "")
    return {
        "round": state["round"],
        "phase": state["phase"],
        "phase_name": flow.PHASE_NAMES.get(state["phase"]),
        "box": state["box"],
        "box_kind": box.kind if box else None,
        "box_page": box.page if box else None,
        "step": step_name(state),
        "event": event,
        "event_name": flow.EVENT_NAMES.get(event) if event else None,
        "first_player": state["first_player"],
        "active_player": state["active_player"],
        "priority": holder(rnd) if rnd else None,
        "round_type": rnd["type"] if rnd else None,
        "opp": rnd["opp"] if rnd else None,
        "passed": list(rnd["passed"]) if rnd else [],
        "timer": opts.uniform_timer if rnd and rnd["type"] != "actions" else 0,
        # the same for every device, so the TV may show it: how long the table may wait on the window
        # (the longest of the seats' own limits; None when a seat waits for its player's tap); who
        # already passed ahead is never shown
        "countdown": ({"round": rnd.get("rid", rnd["opp"]), "seconds": _longest(state, opts.auto_close)}
                      if rnd and opts.auto_close else None),
        # where the open run of windows ends if nobody acts (lookahead.py); the same for every device
        "run": run_view(state) if rnd else None,
        "window": [_node_view(n) for n in state["stack"]],
        "segment": {"box": state["box"], "holder": holder(seg), "passed": list(seg["passed"])} if seg else None,
        "decision": dict(state["decision"]) if state.get("decision") else None,
        "moribund": list(state["stack"][0]["moribund"]) if state["stack"] else [],
        "closed": state.get("closed"),
        "seats": list(state["seats"]),
        "players": {
            s: {
                "gold": p["gold"], "power": p["power"], "char_power": p["char_power"],
                "total": total_power(state, s), "income_bonus": p["income_bonus"],
                "initiative_bonus": p.get("initiative_bonus", 0), "claim_bonus": p.get("claim_bonus", 0),
                "plot": _public_plot(state, s), "title": p["title"],
                "challenges": list(state["chal_used"].get(s, [])),
            }
            for s, p in state["players"].items()
        },
        "challenge": _challenge_view(state["challenge"]) if state.get("challenge") else None,
        "dominance": state.get("dominance"),
        "initiative": _initiative_view(state),
        "titles": list(state["titles"]) if len(state["seats"]) > 2 else [],
        "title_relations": state["title_relations"] if len(state["seats"]) > 2 else "",
        "title_chooser": flow.title_chooser(state) if event == "choose_titles" else None,
        "when_revealed": flow.when_revealed_seats(state) if _plot_revealed(state) else [],
        "plot_prompt": sealed.public(plot_prompt) if plot_prompt else None,
        "flowchart": [{"id": b.id, "kind": b.kind, "events": list(b.events), "current": b.id == state["box"]}
                      for b in data.boxes().values() if b.phase == state["phase"]
                      and not (b.melee_only and len(state["seats"]) < 3)],
        "winner": state["winner"],
        "win_power": opts.win_power,
        "waiting_for": waiting_for(state),
    }


def _challenge_view(ch: dict[str, Any]) -> dict[str, Any]:
    """The running challenge, with its strengths and result spelled out for JSON clients."""
    view = dict(ch)
    view["strengths"] = {"attacker": ch["attacker_str"], "defender": ch["defender_str"]}
    if ch["winner"] is None:
        view["result"] = None
    elif ch["unopposed"]:
        view["result"] = "unopposed"
    else:
        view["result"] = "attacker_wins" if ch["winner"] == ch["attacker"] else "defender_wins"
    return view


def _initiative_view(state: dict[str, Any]) -> dict[str, Any] | None:
    pr = state.get("plot_round")
    if not pr or not _plot_revealed(state):
        return None
    return {"winner": pr["winner"], "tied": list(pr["tied"]), "order": pr["order"],
            "first_chosen": pr["first_chosen"]}


def waiting_for(state: dict[str, Any]) -> list[str]:
    """Who the table waits on: the opportunity holder, missing inputs, or the active player."""
    if state["winner"]:
        return []
    rnd = current_round(state)
    if rnd is not None:
        return [holder(rnd)]
    if state["stack"]:
        top = state["stack"][-1]
        if top["ordering"]:
            return [state["first_player"]]
        if top["step"] == "input":
            return flow.inputs_missing(state, current_event(top) or "")
        return []
    if state.get("decision"):
        return [state["decision"]["seat"]]
    return []


def can(state: dict[str, Any], seat: str) -> list[str]:
    """What this seat's phone offers now (so it never shows a button the rules refuse)."""
    out: list[str] = []
    if state["winner"]:
        return out
    rnd = current_round(state)
    if rnd is not None and holder(rnd) == seat:
        out += ["pass", {"actions": "act", "save": "save_cancel", "responses": "respond"}[rnd["type"]]]
    top = state["stack"][-1] if state["stack"] else None
    if top:
        out += ["passive", "moribund"]
        if top["ordering"] and state["first_player"] == seat:
            out.append("order_passives")
        event = current_event(top)
        if top["step"] == "input" and event and seat in flow.inputs_missing(state, event):
            out.append(event)
    if state.get("decision") and state["decision"]["seat"] == seat:
        out.append("declare_or_finish")
    return out


def private(state: dict[str, Any], seat: str) -> dict[str, Any]:
    player = state["players"][seat]
    pid = state.get("plot_prompt")
    prompt = state["prompts"].get(pid or "")
    rnd = current_round(state)
    used = state["chal_used"].get(seat, [])
    actions = can(state, seat)
    countdown = _countdown(state, rnd, seat)
    return {
        "seat": seat,
        "can": actions,
        "opp": rnd["opp"] if rnd and holder(rnd) == seat else None,
        "countdown": countdown,
        "idle": _idle(state, actions, countdown),
        "plots": list(player["plots"]),
        "plot_offers": plots.offers(state, seat),
        "used_plots": list(player["used_plots"]),
        "plot_prompt": sealed.private(prompt, seat) if prompt and sealed.is_open(prompt) else None,
        "autopass": list(player["autopass"]),
        "time_scale": time_scale(state, seat),
        "time_scales": list(TIME_SCALES),
        "autopass_kinds": autopass_kinds(),
        "autopass_groups": [{"phase": ph, "name": flow.PHASE_NAMES[ph],
                             "kinds": [k for k in autopass_kinds()
                                       if k == f"act.{ph}" or data.boxes().get(k, None) is not None
                                       and data.boxes()[k].phase == ph]}
                            for ph in data.PHASES],
        "autopass_default": data.default_autopass(),
        "challenge_types": [t for t in ("military", "intrigue", "power") if t not in used],
        "opponents": [s for s in state["seats"] if s != seat],
        "free_titles": [t for t in state["titles"] if t not in flow.taken_titles(state)],
        "passives_waiting": list(state["stack"][-1]["queue"]) if state["stack"] else [],
        "passive_orders": _orders(list(range(len(state["stack"][-1]["queue"])))) if state["stack"] else [],
        "reveal_orders": _orders(flow.when_revealed_seats(state)) if _plot_revealed(state) else [],
    }


def _idle(state: dict[str, Any], actions: list[str], countdown: dict[str, Any] | None) -> list[str] | None:
    """What this phone's "Nothing to do right now" card names: None when the card is not shown (a
    decision of this seat's own, a countdown, the game over), else whom the table waits on. Kept in
    the seat's own view so that who has answered changes only the fragments of the phones that show
    it (companion.progress, issue #27)."""
    if state["winner"] or countdown or [a for a in actions if a not in ("passive", "moribund")]:
        return None
    return waiting_for(state)


def progress_free(view: dict[str, Any]) -> dict[str, Any]:
    """A view without who has answered, which no phone renders from it: the public ``waiting_for``
    (a phone names whom the table waits on only from its own ``idle``, which stays), the plot
    prompt's ``answered``/``waiting`` and the dominance counts entered so far (both shown on the
    screen only). A plot choice or a dominance count then reaches the phones still choosing as its
    log line (companion.progress, issue #27); a phone that already answered shows "Waiting for"
    and fetches."""
    out = {k: v for k, v in view.items() if k != "waiting_for"}
    if out.get("plot_prompt"):
        out["plot_prompt"] = sealed.without_progress(out["plot_prompt"])
    if out.get("dominance"):
        out["dominance"] = {k: v for k, v in out["dominance"].items() if k != "entries"}
    return out


def _orders(items: list[Any]) -> list[list[Any]]:
    """Every order of up to 3 items (one tap on the phone); beyond that, the given order first."""
    if len(items) <= 3:
        return [list(p) for p in permutations(items)]
    return [items, list(reversed(items))]


#: a seat's time limit on windows: the table's countdown times this; 0 = none (issue #36)
TIME_SCALES = (1, 2, 4, 10, 0)


def time_scale(state: dict[str, Any], seat: str) -> int:
    """The seat's own time limit on windows (moves.window_time); the table's countdown when unset."""
    return int(state["players"][seat].get("time_scale", 1))


def _longest(state: dict[str, Any], seconds: int) -> int | None:
    """How long a window may wait at most: the longest of the seats' own limits, None when one waits
    for its player's tap."""
    scales = [time_scale(state, s) for s in state["seats"]]
    return None if 0 in scales else seconds * max(scales)


def _countdown(state: dict[str, Any], rnd: dict[str, Any] | None, seat: str) -> dict[str, Any] | None:
    """This seat's countdown for the open round: the table option's length times the seat's own
    time limit (None seconds: no limit, the phone waits for its player's tap), shown until its phone
    reports (passed ahead or waiting); None for the active player in their marshalling segment."""
    seconds = LcgOptions.of(state).auto_close
    if not seconds or rnd is None or flow.must_end_segment(state, rnd, seat) or seat in rnd.get("ahead", ()) \
            or seat in rnd.get("waited", ()):
        return None
    if seat in rnd["passed"] and holder(rnd) != seat:
        return None
    scale = time_scale(state, seat)
    out: dict[str, Any] = {"round": rnd.get("rid", rnd["opp"]), "seconds": seconds * scale if scale else None}
    if pace.armed(state, seat):
        out["armed"] = True  # this seat asked to be stopped here (its own view only)
    return out
