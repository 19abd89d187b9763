"""The initial round: start regions, the conflict-card draft, and feeding the tower (seed 001 p.6-7).

Stages: ``start`` (each player puts a group on its light start region and 2 armies on the dark twin),
``pick`` (a sealed prompt: everyone picks one conflict card from its hand), ``place`` (in player
order each places a group where its card shows), then hands pass left and refill, until nobody has
a group left; ``feed`` (the cubes dropped into the empty tower at the start).
"""

from __future__ import annotations

from typing import Any, cast

from ... import sealed
from ...i18n import N_
from ..base import Ctx, RuleError
from . import cite
from .battle import INH, tower_drop
from .board import REGIONS, add_armies, area_of, loc, split
from .cards import CONFLICT, card_location, conflict_area, conflict_realm, is_wild
from .data import REALMS
from .labels import card_line, rname, where
from .options import ImmortalsOptions
from .params import Feed, number
from .perform import take_region_card

HAND = 5
FEED_PLAYER, FEED_INHABITANTS, TRAY_INHABITANTS = 7, 10, 2  # seed 001 p.7
START_LIMBO = 3  # seed 001 p.7


def begin(state: dict[str, Any]) -> None:
    state["phase"] = "draft"
    state["draft"] = {"stage": "start", "n": 0, "hands": {}, "decks": {r: [] for r in REALMS},
                      "picks": {}, "shown": {}, "order": [], "placer": None, "started": [], "fed": [], "fell": {}}
    for realm in REALMS:
        state["draft"]["decks"][realm] = [c for c in CONFLICT if conflict_realm(c) == realm]


def _order(state: dict[str, Any]) -> list[str]:
    seats = state["seats"]
    i = seats.index(state["first"])
    return cast("list[str]", seats[i:] + seats[:i])


def _group(state: dict[str, Any], seat: str, size: int) -> int:
    groups = state["players"][seat]["groups"]
    if size not in groups:
        raise RuleError("You have no army group of %(count)s left.", cite.both(6), count=size)
    groups.remove(size)
    return size


def start(state: dict[str, Any], ctx: Ctx, seat: str, group: int) -> None:
    """A group on the start region shown on the light tribe board, the region card, and 2 armies in
    the same region of the dark realm (seed 001 p.6)."""
    d = state["draft"]
    if d["stage"] != "start" or seat in d["started"]:
        raise RuleError("You have already placed your start group.", cite.both(6), status=409)
    p = state["players"][seat]
    rid = state["profile"]["tribes"][p["tribes"]["light"]]["start"]
    holder = state["region_cards"].get(rid)
    if holder and holder != seat:
        raise RuleError("Another player already starts in this region.", cite.both(6))
    size = _group(state, seat, group)
    add_armies(state, seat, loc("light", rid), size)
    add_armies(state, seat, loc("dark", rid), 2)
    take_region_card(state, ctx, seat, rid)
    d["started"].append(seat)
    ctx.log(N_("%(who)s starts in %(region)s with %(count)s army (and 2 in the dark realm)"),
            _plural="%(who)s starts in %(region)s with %(count)s armies (and 2 in the dark realm)",
            who=ctx.name(seat), region=rname(state, rid), count=size)
    if len(d["started"]) == len(state["seats"]):
        _deal(state, ctx)


def _draw(state: dict[str, Any], ctx: Ctx, realm: str) -> str | None:
    deck = state["draft"]["decks"][realm]
    if not deck:
        return None
    card = ctx.rng.choice(deck)
    deck.remove(card)
    return cast("str | None", card)


def _deal(state: dict[str, Any], ctx: Ctx) -> None:
    """First player 5 dark cards, the next 5 light, alternating (seed 001 p.6)."""
    d = state["draft"]
    for i, seat in enumerate(_order(state)):
        realm = "dark" if i % 2 == 0 else "light"
        cards = [c for c in (_draw(state, ctx, realm) for _ in range(HAND)) if c]
        d["hands"][seat] = {"realm": realm, "cards": cards}
    _open_pick(state, ctx)


def _open_pick(state: dict[str, Any], ctx: Ctx) -> None:
    """Ask every seat that still holds a card. When the decks ran dry and no hand holds a card
    the initial placement ends (the rulebook is silent on this: companion rule), so a table with
    many army groups can never wait forever on empty hands."""
    d = state["draft"]
    asked = [s for s in state["seats"] if d["hands"][s]["cards"]]
    if not asked:
        ctx.log(N_("No conflict card is left to pick: the initial placement ends here"))
        _finish(state, ctx)
        return
    d["n"] += 1
    d["stage"] = "pick"
    d["picks"] = {}
    sealed.open_prompt(state, f"draft-{d['n']}", asked, kind="draft",
                       title=N_("Initial placement: pick a conflict card"), spec={"round": d["n"]})
    ctx.log(N_("Placement round %(n)s: everyone picks a conflict card in secret"), n=d["n"])


def pick(state: dict[str, Any], ctx: Ctx, seat: str, value: Any) -> None:
    """Everyone picks one card at once, in secret, then all are revealed (seed 001 p.6)."""
    d = state["draft"]
    pid = f"draft-{d['n']}"
    if d["stage"] != "pick":
        raise RuleError("The placement cards are not being picked now.", cite.both(6), status=409)
    if not isinstance(value, str) or value not in d["hands"][seat]["cards"]:
        raise RuleError("Pick a card from your hand.", cite.both(6))
    changed = seat in sealed.get(state, pid)["answers"]
    revealed = sealed.answer(state, pid, seat, value)
    line, params = card_line(state, "pick", value)
    # private to the picker for good: a card kept without placing need not be shown (seed 001 p.7)
    ctx.log(line, who=ctx.name(seat), **params, seat=seat,
            hidden=N_("%(who)s changed their pick") if changed else N_("%(who)s picked a card"),
            hidden_params={"who": ctx.name(seat)})
    if revealed:
        prompt = sealed.get(state, pid)
        d["picks"] = dict(prompt["answers"])
        d["shown"] = {}
        for s, card in d["picks"].items():
            d["hands"][s]["cards"].remove(card)
            prompt["answers"][s] = "picked"  # a pick is shown only when it is placed (p.7)
        d["stage"] = "place"
        d["order"] = [s for s in _order(state) if s in d["picks"]]
        _next_placer(state, ctx)


def _options(state: dict[str, Any], card: str) -> list[str]:
    """Free locations a picked card allows: its region, or any free region of the wildcard's area."""
    realm = conflict_realm(card)
    if is_wild(card):
        cands = [loc(realm, rid) for rid in REGIONS if area_of(rid) == conflict_area(card)]
    else:
        cands = [card_location(card)]
    return [c for c in cands if state["board"][c]["armies"] == 0]


def _next_placer(state: dict[str, Any], ctx: Ctx) -> None:
    """Resolve placements in order; those with nothing to choose resolve by themselves."""
    d = state["draft"]
    while d["order"]:
        seat = d["order"][0]
        card = d["picks"][seat]
        p = state["players"][seat]
        if not p["groups"]:
            p["conflict"].append(card)  # no group left: the card is kept (seed 001 p.7)
            ctx.log(N_("%(who)s has no group left and keeps the picked card"), who=ctx.name(seat))
        elif not _options(state, card):
            # all its regions occupied: keep it, place nothing, and need not show it (p.7)
            p["conflict"].append(card)
            line, params = card_line(state, "keep", card)
            ctx.log(line, who=ctx.name(seat), **params, seat=seat,
                    hidden=N_("%(who)s cannot place and keeps the picked card"),
                    hidden_params={"who": ctx.name(seat)})
        else:
            d["placer"] = seat
            d["shown"][seat] = card
            return
        d["order"].pop(0)
    d["placer"] = None
    _end_of_pass(state, ctx)


def place(state: dict[str, Any], ctx: Ctx, seat: str, group: int, wild_as: str | None) -> None:
    """Place a group where the picked card shows; take the region card, or keep the conflict card
    when another player holds it (seed 001 p.6-7)."""
    d = state["draft"]
    if d["stage"] != "place" or d["placer"] != seat:
        raise RuleError("It is not your turn to place.", cite.both(6), status=409)
    card = d["picks"][seat]
    options = _options(state, card)
    target = card_location(card, wild_as) if is_wild(card) else options[0]
    if target not in options:
        raise RuleError("A wildcard places in an unoccupied region of its area.", cite.both(6))
    size = _group(state, seat, group)
    add_armies(state, seat, target, size)
    rid = split(target)[1]
    holder = state["region_cards"].get(rid)
    ctx.log(N_("%(who)s places %(count)s army in %(region)s (%(realm)s)"), who=ctx.name(seat), count=size,
            _plural="%(who)s places %(count)s armies in %(region)s (%(realm)s)",
            **where(state, target))
    if holder is None:
        take_region_card(state, ctx, seat, rid)
    elif holder != seat:
        state["players"][seat]["conflict"].append(card)
        ctx.log(N_("%(who)s keeps the conflict card: another player holds that region card"), who=ctx.name(seat))
    d["order"].pop(0)
    _next_placer(state, ctx)


def _end_of_pass(state: dict[str, Any], ctx: Ctx) -> None:
    """Hands and the first player marker pass left; hands refill with a card of their realm
    (seed 001 p.7). The initial round ends when nobody has a group left."""
    d = state["draft"]
    seats = state["seats"]
    if not any(state["players"][s]["groups"] for s in seats):
        _finish(state, ctx)
        return
    n = len(seats)
    d["hands"] = {seats[(i + 1) % n]: d["hands"][seats[i]] for i in range(n)}
    state["first"] = seats[(seats.index(state["first"]) + 1) % n]
    for s in seats:
        hand = d["hands"][s]
        while len(hand["cards"]) < HAND:
            card = _draw(state, ctx, hand["realm"])
            if card is None:
                break
            hand["cards"].append(card)
    ctx.log(N_("Hands pass left; %(who)s now holds the first player marker"), who=ctx.name(state["first"]))
    _open_pick(state, ctx)


def _finish(state: dict[str, Any], ctx: Ctx) -> None:
    """Hands are discarded, gold and energy come from the two tribe boards, 3 armies go to each limbo
    and all other conflict cards form one new deck (seed 001 p.7)."""
    d = state["draft"]
    d["hands"] = {}
    d["picks"], d["shown"] = {}, {}
    held = {c for s in state["seats"] for c in state["players"][s]["conflict"]}
    state["deck"] = [c for c in CONFLICT if c not in held]
    state["discard"] = []
    for s in state["seats"]:
        p = state["players"][s]
        for realm in REALMS:
            t = state["profile"]["tribes"][p["tribes"][realm]]
            p["gold"] += t["gold"] or 0
            p["energy"] += t["energy"] or 0
            p["limbo"][realm] += START_LIMBO
        ctx.log(N_("%(who)s receives %(energy)s energy and %(gold)s gold"), who=ctx.name(s),
                energy=p["energy"], gold=p["gold"])
    d["stage"] = "feed"
    if ImmortalsOptions.of(state).digital_tower:
        dropped = {s: FEED_PLAYER for s in state["seats"]}
        dropped[INH] = FEED_INHABITANTS
        tray, state["tower"] = tower_drop(ctx.rng, {}, dropped)
        d["fell"] = {s: tray.get(s, 0) for s in state["seats"]}
        state["tray"] = {INH: min(TRAY_INHABITANTS, tray.get(INH, 0))} if tray.get(INH) else {}
        ctx.log(N_("Digital tower fed: %(fell)s"), fell=", ".join(f"{ctx.name(s)} {n}" for s, n in d["fell"].items()))
    else:
        # The physical tower: how many inhabitants fell is seen on the table, not assumed (p.7).
        state["tray"] = {}
        d["inhabitants_fell"] = None
    ctx.log(N_("Feed the tower: 7 cubes of each player and 10 inhabitants"))


def set_inhabitants(state: dict[str, Any], ctx: Ctx, fell: int) -> None:
    """How many inhabitants fell into the tray when the tower was fed: at most 2 stay, the others go
    back to the supply (seed 001 p.7). Anyone at the table may enter or correct it."""
    d = state["draft"]
    if d["stage"] != "feed" or ImmortalsOptions.of(state).digital_tower:
        raise RuleError("The tray is set when the physical tower is fed.", cite.both(7), status=409)
    d["inhabitants_fell"] = fell
    kept = min(TRAY_INHABITANTS, fell)
    state["tray"] = {INH: kept} if kept else {}
    ctx.log(N_("%(n)s inhabitant fell into the tray; kept in the tray: %(kept)s, the rest go to the supply"),
            _plural="%(n)s inhabitants fell into the tray; kept in the tray: %(kept)s, the rest go to the supply",
            n=fell, kept=kept)


def feed_done(state: dict[str, Any]) -> bool:
    """Everyone put their fallen cubes in their limbos, and the tray's inhabitants are known."""
    d = state["draft"]
    known = ImmortalsOptions.of(state).digital_tower or d.get("inhabitants_fell", 0) is not None
    return len(d["fed"]) == len(state["seats"]) and bool(known)


def feed(state: dict[str, Any], ctx: Ctx, seat: str, action: Feed) -> bool:
    """Each player's cubes that fell into the tray go to the limbos it chooses (seed 001 p.7); the
    form may also say how many inhabitants fell. Returns True when the initial round is over."""
    d = state["draft"]
    if d["stage"] != "feed" or seat in d["fed"]:
        raise RuleError("You have already put your fallen cubes in your limbos.", cite.both(7), status=409)
    rule = cite.both(7)
    light = action.light
    if ImmortalsOptions.of(state).digital_tower:
        fell = d["fell"][seat]
        if light > fell:
            raise RuleError("Only %(count)s of your cubes fell.", rule, count=fell)
        dark = fell - light
    else:
        dark = number(action.dark, 0, FEED_PLAYER, rule, "dark")
        if light + dark > FEED_PLAYER:
            raise RuleError("Only 7 of your cubes went into the tower.", rule)
    if action.inhabitants is not None and not ImmortalsOptions.of(state).digital_tower:
        set_inhabitants(state, ctx, number(action.inhabitants, 0, FEED_INHABITANTS, rule, "inhabitants"))
    p = state["players"][seat]
    p["limbo"]["light"] += light
    p["limbo"]["dark"] += dark
    d["fed"].append(seat)
    ctx.log(N_("%(who)s puts %(light)s fallen cubes in the light limbo and %(dark)s in the dark limbo"),
            who=ctx.name(seat), light=light, dark=dark)
    return feed_done(state)
