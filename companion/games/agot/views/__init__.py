"""What devices see: the public view (screen, everyone) and one house's private view.

Secrets never leave through here: unrevealed bids stay inside their sealed prompt (only
``sealed.public`` / ``sealed.private`` read prompts), the wildling deck order is not shown, and a
step is turned into a view field by field rather than dumped (docs: games-howto, "Secrets").
"""

from __future__ import annotations

from typing import Any

from .... import sealed
from .. import (
    areas,
    flow,
    mustering,
    names,
    power,
    setup,
    supply,
    tracks,
    victory,
    westeros,
    wildling_cards,
    wildlings,
)
from .. import board as board_data
from .. import house_cards as hc
from .. import orders as ot
from ..options import checks_38
from ..phases import waiting_for as waiting_for
from . import action_view, planning_view, tv_view

State = dict[str, Any]


def _step_view(state: State) -> dict[str, Any] | None:
    cur = flow.current(state)
    if cur is None:
        return None
    kind = cur["kind"]
    view: dict[str, Any] = {"kind": kind}
    if kind == "draw":
        view["next_deck"] = westeros.next_deck(state)
    elif kind == "choice":
        view.update(card=cur["card"], chooser=cur["chooser"], choices=cur["choices"],
                    labels={c: westeros.CHOICE_LABELS[c] for c in cur["choices"]})
    elif kind == "clash":
        view.update(track=tracks.TRACKS[cur["track"]], prompt=sealed.public(sealed.get(state, cur["pid"])))
        if cur.get("tie"):
            view["tie"] = {"chooser": cur["tie"]["chooser"], "groups": cur["tie"]["groups"],
                           "bids": cur["tie"]["bids"]}
    elif kind == "mustering":
        if cur["index"] < len(cur["houses"]):
            view.update(house=mustering.house_of(cur), points=dict(cur.get("points", {})),
                        only_one=bool(cur.get("only_one")))
    elif kind == "armies":
        view["over"] = westeros.over_supply(state)
    elif kind == "game_of_thrones":
        view.update(ports=cur["ports"], suggested=cur["suggested"], confirmed=cur["confirmed"],
                    blockaded={h: {p: sea for p in ports if (sea := westeros.blockaded_by(state, p, h))}
                               for h, ports in cur["ports"].items()})
    elif kind == "wildling_attack":
        view.update(strength=cur["strength"], stage=cur.get("stage"), excluded=cur["excluded"],
                    prompt=sealed.public(sealed.get(state, cur["pid"])))
        if cur.get("stage") in ("card", "tie", "tasks"):
            view.update(bids=cur["bids"], total=cur["total"], won=cur["won"], card=cur.get("card"),
                        card_name=names.WILDLINGS.get(cur.get("card") or "", ""))
        if cur.get("stage") == "tie":
            view.update(tied=cur["tied"], chooser=cur["tie_chooser"])
        if cur.get("stage") == "tasks" and cur.get("tasks"):
            task = cur["tasks"][0]
            view["task"] = {"house": task["house"], "part": task["part"], "text": task["text"],
                            "ask": wildling_cards.ask_view(state, task)}
    return view


NAMES = {
    "areas": names.AREAS,
    "houses": names.HOUSES,
    "westeros": names.WESTEROS,
    "cards": {c.id: c.name for c in hc.CARDS.values()},
    "card_strength": {c.id: c.strength for c in hc.CARDS.values()},
    "tracks": names.TRACKS,
    "choices": westeros.CHOICE_LABELS,
    "restrictions": ot.RESTRICTION_LABELS,
    "units": names.UNITS,
    "forts": {a.id: a.fort for a in board_data.load().areas.values() if a.fort},
    "land": sorted(a.id for a in board_data.load().areas.values() if a.is_land),
}
MAP = {
    "pos": board_data.map_positions(),
    "type": {a.id: a.type for a in board_data.load().areas.values()},
    "edges": [list(e) for e in sorted({tuple(sorted((a.id, b))) for a in board_data.load().areas.values()
                                       for b in a.adjacent})],
}


def _attack_view(last: dict[str, Any] | None) -> dict[str, Any] | None:
    """The last attack with its revealed card's name and texts (only ever a drawn card)."""
    if not last:
        return None
    view = dict(last)
    if last.get("card"):
        view["card_name"] = names.WILDLINGS[last["card"]]
        view["texts"] = list(wildlings.TEXTS[last["card"]])
    return view


def public(state: State) -> dict[str, Any]:
    b = board_data.load()
    houses = state["houses"]
    drawn = state["westeros"]["drawn"] if state["phase"] != "setup" else {}
    view: dict[str, Any] = {
        "round": state["round"],
        "phase": state["phase"],
        "step": state.get("step"),
        "houses": houses,
        "colors": {h: b.houses[h]["color"] for h in houses},
        "turn_order": tracks.turn_order(state),
        "tracks": {t: list(state["tracks"][t]) for t in tracks.TRACKS},
        "dominance": {k: dict(v) for k, v in state["dominance"].items()},
        "stars": {h: tracks.stars(state, h) for h in houses},
        "power": {h: power.summary(state, h) for h in houses},
        "supply": dict(state["supply"]),
        "supply_from_control": {h: supply.level_from_control(state, h) for h in houses},
        "supply_limits": {h: supply.limits(state["supply"][h]) for h in houses},
        "victory": victory.counts(state),
        "victory_history": list(state["victory_history"]),
        "wildling_threat": state["wildling_threat"],
        "control": dict(state["control"]),
        "tokens": dict(state["tokens"]),
        "units": {a: dict(u) for a, u in state["units"].items()},
        "neutral": dict(state["neutral"]),
        "garrisons": dict(state["garrisons"]),
        "home_areas": {a.home: a.id for a in b.areas.values() if a.home in houses and a.type == "land"},
        "westeros": {"mode": state["westeros"]["mode"], "drawn": dict(drawn or {}),
                     "history": list(state["westeros"]["history"])},
        "wildling_cards_left": len(state["wildling_deck"]["unknown"]) + len(state["wildling_deck"]["bottom"])
        + (1 if state["wildling_deck"]["top"] else 0),
        "restrictions": list(state["restrictions"]),
        "house_cards": {h: {"hand": list(p["hand"]), "discard": list(p["discard"])}
                        for h, p in state["house_cards"].items()},
        # houses choosing a house card in secret: the host drawer keeps their hands as they are
        "choosing_card": hc.choosing(state) if checks_38(state) else [],
        "clash": state.get("clash"),
        "last_attack": _attack_view(state.get("last_attack")),
        "last_combat": state.get("last_combat"),  # combat_cleanup.summary: public once the combat is over
        "current": _step_view(state),
        "names": NAMES,
        "map": MAP,
        "waiting_for": waiting_for(state),
        "winner": state.get("winner"),
        "ranking": state.get("ranking"),
    }
    if state["phase"] == "setup":
        view["checklist"] = setup.checklist(state)
    cur = flow.current(state)
    if cur is not None and cur["kind"] == "draw":
        view["deck_cards"] = {d: sorted(set(state["westeros"]["decks"][d]["remaining"]) or set(westeros.full_deck(d)))
                              for d in westeros.DECKS}
        view["deck_all"] = {d: sorted(set(westeros.full_deck(d))) for d in westeros.DECKS}  # host's record fix
    if cur is not None and cur["kind"] == "wildling_attack" and cur.get("stage") == "card":
        view["wildling_card_names"] = dict(names.WILDLINGS)  # physical deck: the host enters the card
    view["neutral_candidates"] = NAMES["land"]
    if state.get("planning"):
        view["planning"] = planning_view.public(state)
    if state.get("action"):
        view["action"] = action_view.public(state)
    view["combat_tv"] = tv_view.combat(state)
    view["last_combat_tv"] = tv_view.last_combat(state)
    return view


def private(state: State, seat: str) -> dict[str, Any]:
    if seat not in state["houses"]:
        return {}
    me: dict[str, Any] = {
        "house": seat,
        "power": power.summary(state, seat),
        "house_cards": {k: sorted(v, key=lambda c: (-hc.card(c).strength, c))
                        for k, v in state["house_cards"][seat].items()},
        "supply": supply.report(state, seat),
        "controlled": areas.controlled(state, seat),
        "my_units": {a: dict(u) for a, u in state["units"].items() if u["house"] == seat},
        "prompts": [sealed.private(p, seat) for p in sealed.open_for(state, seat)],
        "todo": None,
    }
    cur = flow.current(state)
    if cur is not None:
        kind = cur["kind"]
        if kind == "mustering" and cur["index"] < len(cur["houses"]) and mustering.house_of(cur) == seat:
            points = cur.get("points", {})
            me["todo"] = "muster"
            me["muster"] = {"points": dict(points),
                            "ships": {a: mustering.ship_targets(state, seat, a) for a in points},
                            "reserve": {k: areas.in_reserve(state, seat, k) for k in board_data.UNIT_KINDS}}
        elif kind == "clash" and cur.get("tie") and cur["tie"]["chooser"] == seat:
            me["todo"] = "order_ties"
        elif kind == "clash" and seat in sealed.waiting(sealed.get(state, cur["pid"])):
            me["todo"] = "bid"
        elif kind == "choice" and cur["chooser"] == seat:
            me["todo"] = "choose"
        elif kind == "game_of_thrones" and seat in westeros.waiting_game_of_thrones(state, cur):
            me["todo"] = "confirm_ports"
        elif kind == "armies" and seat in westeros.over_supply(state):
            me["todo"] = "reduce_armies"
        elif kind == "wildling_attack":
            stage = cur.get("stage")
            if stage == "bid" and seat in sealed.waiting(sealed.get(state, cur["pid"])):
                me["todo"] = "bid"
            elif stage == "tie" and cur["tie_chooser"] == seat:
                me["todo"] = "wildling_tie"
            elif stage == "tasks" and cur.get("tasks") and cur["tasks"][0]["house"] == seat:
                me["todo"] = "wildling_task"
    if state.get("planning"):
        me["planning"] = planning_view.private(state, seat)
    if state.get("action"):
        me["action"] = action_view.private(state, seat)
    return me


_ = wildlings


#: What a sealed prompt's view says of who has answered (``sealed.public``): no AGoT phone shows it.
_WHO_ANSWERED = ("answered", "waiting")


def _without_who_answered(prompt: Any) -> Any:
    """A prompt's view (``sealed.public`` / ``sealed.private``) without who has answered (issue #27)."""
    if not isinstance(prompt, dict):
        return prompt
    return {k: v for k, v in prompt.items() if k not in _WHO_ANSWERED}


def progress_free(view: dict[str, Any]) -> dict[str, Any]:
    """A view without who has answered a sealed step, for :mod:`companion.progress` (issue #27).

    The phone (``agot/seat.html`` and what it includes: ``planning_seat.html``, ``action_seat.html``,
    ``combat_seat.html``) never shows a prompt's ``answered`` / ``waiting`` lists (its own bid or
    orders are ``mine`` / ``draft``, kept), nor ``waiting_for`` beyond whether it is this seat's
    move, which companion.progress checks separately. So one house sealing its orders, a Clash of
    Kings or Night's Watch bid, or its house card changes no other phone's fragment but its log.

    Kept on purpose: ``waiting_for`` while orders are placed in turn order (seed 000 p.12), since
    ``planning_seat.html`` tells every asked house "wait for %(house)s" — each answer changes it, so
    that step is never a patch — and the turn-order ``face_down`` areas with it. Everything else a
    phone renders (power, tracks, the combat panel, ``todo``) is compared as it is;
    tests/api/test_progress_agot.py renders patched and fetched phones to hold this to the templates.
    """
    out = dict(view)
    planning = view.get("planning")
    in_turn = isinstance(planning, dict) and planning.get("mode") == "turn_order" and planning.get("step") == "assign"
    if not in_turn:
        out.pop("waiting_for", None)
    if isinstance(view.get("current"), dict) and "prompt" in view["current"]:
        out["current"] = {**view["current"], "prompt": _without_who_answered(view["current"]["prompt"])}
    if isinstance(planning, dict) and "prompt" in planning:
        out["planning"] = {**planning, "prompt": _without_who_answered(planning["prompt"])}
    if isinstance(view.get("prompts"), list):
        out["prompts"] = [_without_who_answered(p) for p in view["prompts"]]
    return out
