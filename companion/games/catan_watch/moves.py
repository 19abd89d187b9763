"""Brotherhood of the Watch: each move's handler beside its declaration (:data:`MOVES`), and the
setup and turn flow.

Players keep the real board, cards and figures. The companion rolls (or records) the dice, runs
the whole wildling side by the rules (:mod:`.wall`), keeps the Wall, the guards, the breaches and
the victory points (:mod:`.scoring`), and tells the table which figures to move (the *steps*,
:mod:`.steps`). Every public function is one move's handler, declared below with who may make it and
in which stage; a handler checks only what the declaration cannot (whose turn, pieces
left, a free space). Resources stay on the table: the companion never blocks a build for want of
cards, only for want of pieces or space. Views never come in here.
"""

from __future__ import annotations

import json
from typing import Any, cast

from ... import sealed
from ...i18n import N_, tr
from ...moves import Move, Moves, NoParams, among, whole, within
from ..base import Ctx, RuleError, State
from . import dice, frame, params, scoring, tokens, turns, wall
from . import profile as prof
from .cite import (
    BASE_BUILD,
    BASE_DEV,
    BUILD,
    END,
    FIRST,
    FIX,
    GUARDS,
    HEROES,
    PATROL,
    PLAY_DEV,
    PROFILE,
    SETUP,
    SETUP_WILDLINGS,
    SPECIAL,
    TABLE,
    TURN,
    WALL,
)
from .names import UNVERIFIED_NAMES
from .options import CatanOptions, checks_38
from .steps import label, step
from .wall import GameEnded

SUPPLY = {"settlements": 5, "keeps": 4, "roads": 15}  # seed 004 p.3
WIN_VP = scoring.WIN_VP
TOKENS_FOR = {"settlement": 1, "keep": 2}  # seed 004 p.8


def _next_setup(state: State, ctx: Ctx) -> None:
    """The next setup seat; after the third round the first turn starts with a roll (seed 004 p.6)."""
    s = state["setup"]
    s["i"] += 1
    if s["i"] < len(state["seats"]):
        return
    s["round"] += 1
    s["i"] = 0
    if s["round"] > 3:
        state["phase"] = "roll"
        state["turn"] = 1
        state["active"] = state.get("first_seat", 0)
        state["setup"] = None
        ctx.log(N_("Setup done. Turn 1: %(who)s rolls"), who=ctx.name(turns.active(state)))


def _turn_seat(state: State, ctx: Ctx) -> str:
    """The active player acts on their turn; the host may act for them."""
    seat = turns.active(state)
    ctx.actor.require(seat)
    return seat


def setup_place(state: State, ctx: Ctx, args: NoParams) -> None:
    """Setup rounds 1 and 2: one settlement and one road each, placed on the board (seed 004 p.6)."""
    seat = turns.setup_seat(state)
    ctx.actor.require(seat)
    player = state["players"][seat]
    player["settlements"] += 1
    player["roads"] += 1
    ctx.log(N_("Setup round %(round)s: %(who)s placed a settlement and a road"),
            round=state["setup"]["round"], who=ctx.name(seat))
    _next_setup(state, ctx)


def first_seat(state: State, ctx: Ctx, args: params.FirstSeat) -> None:
    """The table rolls and says who goes first (seed 004 p.6: the highest result); before the first
    settlement is placed. Heroes follow the new seat numbers (p.6: player 1 takes A4...)."""
    if state["setup"]["round"] != 1 or state["setup"]["i"] != 0:
        raise RuleError("The first player is chosen before the first settlement is placed.", FIRST,
                        status=409)
    seat = among(args.seat, state["seats"], FIRST, "seat")
    state["first_seat"] = state["seats"].index(seat)
    starting = state["profile"]["starting_heroes"][str(len(state["seats"]))]
    for i, s in enumerate(turns.order(state)):
        state["players"][s]["hero"] = {"id": starting[i], "side": "A", "taken_turn": 0, "used_turn": None}
    ctx.log(N_("%(who)s goes first (highest roll)"), who=ctx.name(seat))


def _turn_dev(state: State, seat: str) -> dict[str, Any]:
    """This turn's development card bookkeeping for ``seat`` (reset when a new turn starts)."""
    p = state["players"][seat]
    td = p.setdefault("turn_dev", {"turn": 0, "bought": 0, "played": False, "vp": 0})
    if td["turn"] != state["turn"]:
        td.update(turn=state["turn"], bought=0, played=False, vp=0)
    return cast("dict[str, Any]", td)


def _play_dev(state: State, seat: str) -> None:
    """Play 1 development card per turn, never one bought this turn (seed 004 p.4). A card is
    refused only when the companion's books make it certain: no card bought on an earlier turn
    can still be in the hand (victory point cards revealed this turn may be this turn's buys)."""
    p = state["players"][seat]
    td = _turn_dev(state, seat)
    if td["played"]:
        raise RuleError("You already played a development card this turn.", PLAY_DEV, status=409)
    older = p["dev_bought"] - td["bought"] - p["rangers"] - p.get("progress", 0) - (p["vp_cards"] - td["vp"])
    if older <= 0:
        raise RuleError("A development card bought this turn cannot be played until a later turn.",
                        PLAY_DEV, status=409)
    td["played"] = True


def _section_arg(state: State, args: params.Guard) -> str:
    return among(args.section, [s["id"] for s in state["profile"]["sections"]], GUARDS, "section")


def guard(state: State, ctx: Ctx, args: params.Guard) -> None:
    """A guard on the lowest free space of the chosen section: free in setup round 3, else a
    build costing brick, wool and lumber, paid at the table (seed 004 p.6, p.8)."""
    if state["phase"] == "setup":  # the third setup round (the declared stage)
        seat = turns.setup_seat(state)
        ctx.actor.require(seat)
        wall.place_guard(state, ctx, seat, _section_arg(state, args))
        _next_setup(state, ctx)
        return
    seat = _turn_seat(state, ctx)
    wall.place_guard(state, ctx, seat, _section_arg(state, args))


def roll(state: State, ctx: Ctx, args: params.Roll) -> None:
    """Roll the 3 dice: production first, then the wildling advance (seed 004 p.6-7)."""
    seat = _turn_seat(state, ctx)
    # The screen lists the moves of the whole turn from the roll on, so a quick build does not
    # hide the wildling advance.
    state["steps"] = []
    r = dice.roll(state, ctx, args)
    if state.get("pending_profile"):
        frame.apply_pending(state, ctx)
    state["phase"] = "main"
    how = {"physical": N_("typed from the real dice"), "balanced": N_("balanced deck"),
           "digital": N_("digital")}[r["how"]]
    step(state, ctx, "dice", N_("%(who)s rolled %(red)s + %(yellow)s = %(sum)s, wildling die %(d12)s (%(how)s)"),
         who=seat, red=r["red"], yellow=r["yellow"], sum=r["sum"], d12=r["d12"], how=tr(how))
    if r["sum"] == 7:
        step(state, ctx, "seven", N_("7: no production. Players with more than 7 cards discard half; "
                                     "move Tormund and rob"))
    else:
        step(state, ctx, "production", N_("Every hex numbered %(sum)s produces, unless blocked or "
                                          "held by Tormund"), sum=r["sum"])
    try:
        wall.advance(state, ctx, r["d12"])
    except GameEnded:  # a third breach or a full Gift: nothing after that moment happens (p.8)
        pass


def build(state: State, ctx: Ctx, args: params.Build) -> None:
    """Settlement, keep, road or development card (seed 004 p.3, p.8); guards use ``guard``."""
    what = args.what
    if what != "dev" and state["phase"] == "roll":  # a development card any time in the turn (p.2)
        raise RuleError("Roll the dice first.", TURN, status=409)
    seat = _turn_seat(state, ctx)
    p = state["players"][seat]
    if what == "settlement":
        if p["settlements"] >= SUPPLY["settlements"]:
            raise RuleError("All 5 of your settlements are on the board.", BASE_BUILD, status=409)
        p["settlements"] += 1
        step(state, ctx, "build", N_("%(who)s builds a settlement"), who=seat)
    elif what == "keep":
        if p["settlements"] <= 0:
            raise RuleError("A keep replaces one of your settlements on the board.", BASE_BUILD, status=409)
        if p["keeps"] >= SUPPLY["keeps"]:
            raise RuleError("All 4 of your keeps are on the board.", BASE_BUILD, status=409)
        p["settlements"] -= 1
        p["keeps"] += 1
        step(state, ctx, "build", N_("%(who)s upgrades a settlement to a keep"), who=seat)
        if CatanOptions.of(state).tokens == "physical":
            step(state, ctx, "reminder", N_("Put a reserve token under the returned settlement"))
    elif what == "road":
        if p["roads"] >= SUPPLY["roads"]:
            raise RuleError("All 15 of your roads are on the board.", BASE_BUILD, status=409)
        p["roads"] += 1
        step(state, ctx, "build", N_("%(who)s builds a road"), who=seat)
        return
    else:
        p["dev_bought"] += 1
        _turn_dev(state, seat)["bought"] += 1
        step(state, ctx, "build", N_("%(who)s buys a development card"), who=seat)
        return
    _migrate_tokens(state, ctx, args, TOKENS_FOR[what])


def _migrate_tokens(state: State, ctx: Ctx, args: params.Tokens, count: int) -> None:
    """Reveal tokens, then each wildling migrates in turn (seed 004 p.8)."""
    for kind, clan in tokens.take(state, ctx, args, count):
        try:
            wall.migrate(state, ctx, kind, clan)
        except GameEnded:  # the game ended at once: no later wildling migrates (p.8)
            return


def ranger(state: State, ctx: Ctx, args: params.Ranger) -> None:
    """Play a ranger card: counts toward the Largest Patrol, which reveals a reserve token when
    taken (seed 004 p.4, p.8)."""
    seat = _turn_seat(state, ctx)
    option = args.option or "tormund"
    takes = turns.patrol_after_ranger(state, seat)
    if takes and CatanOptions.of(state).tokens == "physical":
        tokens.typed(state, args, 1)  # refuse a missing token before changing anything
    _play_dev(state, seat)
    state["players"][seat]["rangers"] += 1
    step(state, ctx, "ranger", N_("%(who)s plays a ranger (%(count)s in front of them)"), who=seat,
         count=state["players"][seat]["rangers"])
    if option == "tormund":
        step(state, ctx, "ranger_option", N_("Move Tormund now to another number token"))
    else:
        step(state, ctx, "ranger_option", N_("Apply the other option printed on the ranger card on the "
                                             "board; correct the mirror if wildlings or guards moved"))
    if takes:
        state["largest_patrol"] = seat
        step(state, ctx, "special", N_("%(who)s takes the Largest Patrol (1 VP)"), who=seat)
        _migrate_tokens(state, ctx, args, 1)


def progress(state: State, ctx: Ctx, args: NoParams) -> None:
    """Play a progress card: follow its text, then it leaves the game; it is the turn's one
    development card (seed 004 p.4)."""
    seat = _turn_seat(state, ctx)
    _play_dev(state, seat)
    p = state["players"][seat]
    p["progress"] = p.get("progress", 0) + 1
    step(state, ctx, "progress", N_("%(who)s plays a progress card"), who=seat)


def reveal_vp(state: State, ctx: Ctx, args: params.RevealVp) -> None:
    """Victory point cards are revealed on your own turn (seed 004 p.4); they count at once and
    win only at the end of the turn (p.8). After a Wall ending that waits for them, this is the
    player's answer to the end's reveal (:func:`final_vp`)."""
    if state["phase"] == "over":
        seat = args.seat if ctx.actor.host and args.seat else ctx.actor.seat
        _final_answer(state, ctx, str(seat or ""), args.count)
        return
    seat = _turn_seat(state, ctx)
    count = within(args.count, 1, 5, BASE_DEV, "count")
    if checks_38(state):
        _only_to_win(state, seat, count)
    state["players"][seat]["vp_cards"] += count
    _turn_dev(state, seat)["vp"] += count  # may be cards bought this very turn (p.4)
    step(state, ctx, "vp_card", N_("%(who)s reveals %(count)s victory point card"),
         _plural="%(who)s reveals %(count)s victory point cards", who=seat, count=count)


def _only_to_win(state: State, seat: str, count: int) -> None:
    """Victory point cards stay hidden; on your own turn you reveal them only when they bring you to
    10 VP, any number at once, even cards bought this turn (seed 004 p.2-4, the base game the
    Brotherhood keeps). A player holds no more of them than its development cards not played."""
    have = scoring.unplayed_dev(state, seat)
    if count > have:
        raise RuleError("You have %(n)s development card not played, so at most %(n)s victory point card.",
                        BASE_DEV, _plural="You have %(n)s development cards not played, so at most %(n)s "
                                          "victory point cards.", status=409, entry="vp-cards", n=have)
    total = scoring.vp(state, seat) + count
    if total < WIN_VP:
        raise RuleError("Victory point cards stay hidden until they bring you to %(win)s VP on your turn: "
                        "with these you would have %(vp)s.", BASE_DEV, status=409, entry="vp-cards",
                        win=WIN_VP, vp=total)


def final_vp(state: State, ctx: Ctx, args: params.Answer) -> str:
    """A tied player's sealed answer after a Wall ending: the victory point cards still hidden
    (seed 004 p.4: they may be revealed after the end). Answers stay secret and changeable until the
    last asked player answers; then all are revealed at once and the ties of p.8 decide. Returns the
    prompt it answered."""
    prompt = scoring.revealing(state)
    if prompt is None or args.prompt != prompt["id"]:
        raise RuleError("The result is decided: no victory point cards are waited for.", END, status=409)
    _final_answer(state, ctx, ctx.actor.require_seat(), args.value)
    return str(prompt["id"])


def _final_answer(state: State, ctx: Ctx, seat: str, count: int) -> None:
    """Record one seat's hidden victory point cards; the last answer reveals them all and decides."""
    prompt = scoring.revealing(state)
    if prompt is None:
        raise RuleError("The result is decided: no victory point cards are waited for.", END, status=409)
    if seat not in prompt["asked"]:
        raise RuleError("Only players tied on guards who may hold a hidden victory point card are asked.",
                        END, status=403)
    ctx.actor.require(seat)
    most = int(prompt["spec"]["max"][seat])
    count = within(count, 0, 5, BASE_DEV, "count")
    if count > most:
        raise RuleError("You have %(n)s development card not played, so at most %(n)s hidden victory point card.",
                        BASE_DEV, _plural="You have %(n)s development cards not played, so at most %(n)s hidden "
                                          "victory point cards.", n=most)
    changed = seat in prompt["answers"]
    done = sealed.answer(state, prompt["id"], seat, count)
    ctx.log(N_("%(who)s holds %(count)s hidden victory point card"),
            _plural="%(who)s holds %(count)s hidden victory point cards", who=ctx.name(seat), count=count,
            prompt=prompt["id"], seat=seat,
            hidden=N_("%(who)s changed their answer") if changed else N_("%(who)s has answered"),
            hidden_params={"who": ctx.name(seat)})
    if not done:
        return
    for s in prompt["asked"]:
        n = int(prompt["answers"][s])
        state["players"][s]["vp_cards"] += n
        step(state, ctx, "vp_card", N_("%(who)s reveals %(count)s victory point card"),
             _plural="%(who)s reveals %(count)s victory point cards", who=s, count=n)
    scoring.decide(state, ctx, state["end"]["reason"])


def longest_road(state: State, ctx: Ctx, args: params.LongestRoad) -> None:
    """Record who holds Longest Road (the table measures the roads); a new holder reveals a
    reserve token (seed 004 p.3, p.8)."""
    holder = among(args.holder, [*state["seats"], "none"], SPECIAL, "holder")
    if not ctx.actor.host and ctx.actor.seat not in (turns.active(state), holder):
        raise RuleError("It is not your turn to do this.", TABLE, status=403)
    new = None if holder == "none" else holder
    if new == state["longest_road"]:
        raise RuleError("That is already so.", SPECIAL, status=409)
    if new is not None and CatanOptions.of(state).tokens == "physical":
        tokens.typed(state, args, 1)
    state["longest_road"] = new
    if new is None:
        step(state, ctx, "special", N_("Nobody holds the Longest Road now"))
        return
    step(state, ctx, "special", N_("%(who)s takes the Longest Road (1 VP)"), who=new)
    _migrate_tokens(state, ctx, args, 1)


def hero(state: State, ctx: Ctx, args: params.Hero) -> None:
    """Use the hero, then flip it to side B or swap it for another from the display; side B must
    be swapped after use; never on the turn the card was taken, nor twice in one turn (seed 004 p.8)."""
    seat = args.seat or ctx.actor.seat
    if not isinstance(seat, str) or seat not in state["players"]:
        raise RuleError("Only a seated player can do this.", HEROES, entry="companion-seats", status=403)
    ctx.actor.require(seat)
    card = state["players"][seat]["hero"]
    turn = state["turn"]
    if card["taken_turn"] == turn:
        raise RuleError("A hero cannot be used on the turn it was taken.", HEROES, status=409)
    if card["used_turn"] == turn:
        raise RuleError("Side B is used on a later turn than side A.", HEROES, status=409)
    then = args.then
    if card["side"] == "B" and then == "flip":
        raise RuleError("After its second use the hero must be swapped.", HEROES, status=409)
    old = prof.hero(state["profile"], card["id"]) or {"name": card["id"]}  # a hero the frame lost
    if then == "flip":
        card.update(side="B", used_turn=turn)
        step(state, ctx, "hero", N_("%(who)s uses %(hero)s and turns it to side B"), who=seat,
             hero=label(old))
        return
    held = {p["hero"]["id"] for p in state["players"].values()}
    free = [h["id"] for h in state["profile"]["heroes"] if h["id"] not in held]
    new = among(args.hero, free, HEROES, "hero")
    state["players"][seat]["hero"] = {"id": new, "side": "A", "taken_turn": turn, "used_turn": None}
    step(state, ctx, "hero", N_("%(who)s uses %(hero)s, returns it and takes %(new)s (side A)"), who=seat,
         hero=label(old), new=label(prof.hero(state["profile"], new) or {"name": new}))


def end_turn(state: State, ctx: Ctx, args: NoParams) -> None:
    """10 VP at the end of your own turn wins (seed 004 p.8); else the dice go to the left."""
    seat = _turn_seat(state, ctx)
    if scoring.vp(state, seat) >= WIN_VP:
        scoring.finish(state, ctx, "vp", winner=seat)
        return
    state["active"] = (state["active"] + 1) % len(state["seats"])
    state["turn"] += 1
    state["phase"] = "roll"
    ctx.log(N_("Turn %(turn)s: %(who)s rolls"), turn=state["turn"], who=ctx.name(turns.active(state)))


# -- corrections and profile editing --------------------------------------------------------
def _wildling_list(raw: list[str] | str | None, limit: int) -> list[str]:
    raw = [] if raw is None else raw
    if isinstance(raw, str):
        raw = [w.strip() for w in raw.split(",") if w.strip()]
    words = raw if isinstance(raw, list) else [None]
    kinds = [prof.WILDLING_WORDS.get(w.casefold()) if isinstance(w, str) else None for w in words]
    if len(kinds) > limit or None in kinds:
        raise RuleError("List up to %(count)s wildlings, each normal, climber or giant.", WALL, count=limit)
    return [k for k in kinds if k]


def correct(state: State, ctx: Ctx, args: params.Correct) -> None:
    """Make the mirror match the real board (a mis-tap, a hero's effect). Any seated player or
    the host; logged like any other event (design: the pieces on the table are the truth)."""
    what = args.what
    profile = state["profile"]
    who = ctx.name(ctx.actor.seat) if ctx.actor.seat else "host"
    if what == "breaches":
        state["breaches"] = within(whole(args.value, FIX, "value"), 0, wall.BREACHES_TO_END - 1, FIX, "value")
        ctx.log(N_("%(who)s corrected the breach marker to %(value)s"), who=who, value=state["breaches"])
    elif what == "frostfangs":
        left = {"normal": args.normal, "climber": args.climber, "giant": args.giant}
        for w in prof.WILDLINGS:
            state["frostfangs"][w] = within(whole(left[w], FIX, w), 0, params.FROSTFANGS_MAX, FIX, w)
        ctx.log(N_("%(who)s corrected the Frostfangs"), who=who)
    elif what == "section":
        sid = among(args.id, state["wall"], FIX, "id")
        owners: Any = [] if args.guards is None else args.guards
        if isinstance(owners, str):
            owners = [o.strip() for o in owners.split(",") if o.strip()]
        spaces = prof.section(profile, sid)["spaces"]
        if not isinstance(owners, list) or len(owners) > spaces or any(o not in state["seats"] for o in owners):
            raise RuleError("List up to %(count)s guard owners, space 1 first.", GUARDS, count=spaces)
        for seat in state["seats"]:
            others = sum(v.count(seat) for k, v in state["wall"].items() if k != sid)
            if others + owners.count(seat) > frame.GUARDS_EACH:
                raise RuleError("All 7 of your guards are on the Wall.", GUARDS, status=409)
        state["wall"][sid] = list(owners)
        for seat in state["seats"]:
            state["players"][seat]["guards_supply"] = frame.GUARDS_EACH - scoring.guards_on_wall(state, seat)
        ctx.log(N_("%(who)s corrected the guards on %(section)s"), who=who,
                section=label(prof.section(profile, sid)))
        wall.update_guard_tokens(state, ctx)
    else:
        table = {"clan": state["clans"], "clearing": state["clearings"], "hex": state["gift"]}[what]
        target = among(args.id, table, FIX, "id")
        limit = prof.clan(profile, target)["camps"] if what == "clan" else 12
        table[target] = _wildling_list(args.wildlings, limit)
        names = frame.profile_names(profile, {"clan": "clans", "clearing": "clearings", "hex": "hexes"}[what])
        ctx.log(N_("%(who)s corrected %(place)s: %(count)s wildling"),
                _plural="%(who)s corrected %(place)s: %(count)s wildlings", who=who, place=tr(names[target]),
                count=len(table[target]))
    if state["phase"] != "setup":
        try:
            wall.check_sudden_end(state, ctx)
        except GameEnded:
            pass


def edit_profile(state: State, ctx: Ctx, args: params.EditProfile) -> None:
    raw = args.profile
    if isinstance(raw, str):  # the host panel's text box
        try:
            raw = json.loads(raw)
        except ValueError:
            raise RuleError("The board profile is not valid: %(what)s.", PROFILE, what="not JSON") from None
    profile = prof.validate(raw)
    if frame.early(state):
        frame.set_frame(state, ctx, profile)
        frame.check_tokens_option(state)
    else:
        if CatanOptions.of(state).tokens == "digital" and not profile.get("tokens"):
            raise RuleError("Digital wildling tokens need a board profile with a token mix.", SETUP_WILDLINGS)
        frame.set_frame(state, ctx, profile)
    ctx.log(N_("The host replaced the board profile with %(profile)s"), profile=label(profile))


def edit_trail(state: State, ctx: Ctx, args: params.EditTrail) -> None:
    """Correct one trail against the printed frame."""
    number = args.number
    shown = frame.current(state)
    raw = {**shown, "trails": [t for t in shown["trails"] if t["number"] != number]}
    if args.clan not in (None, "", "none"):
        raw["trails"] = [*raw["trails"], {"number": number, "clan": args.clan, "clearing": args.clearing}]
    _replace_profile(state, ctx, raw, "trails")
    ctx.log(N_("The host corrected trail %(number)s"), number=number)


def edit_section(state: State, ctx: Ctx, args: params.EditSection) -> None:
    """Correct a wall section's guard spaces and its Gift hexes (names, in blocking order)."""
    raw = prof.validate(frame.current(state))
    sid = among(args.id, [sec["id"] for sec in raw["sections"]], PROFILE, "id")
    sec = prof.section(raw, sid)
    sec["spaces"] = args.spaces
    names = args.hexes
    if names not in (None, ""):
        labels = [n.strip()[:60] for n in str(names).split(",") if n.strip()]
        if not 1 <= len(labels) <= 12:
            raise RuleError("The board profile is not valid: %(what)s.", PROFILE,
                            what=f"wall section {sid} needs 1 to 12 hexes")
        old = {h["id"] for h in raw["hexes"] if h["id"].startswith(f"{sid}_")}
        raw["hexes"] = [h for h in raw["hexes"] if h["id"] not in old]
        sec["hexes"] = []
        for i, text in enumerate(labels):
            hid = f"{sid}_{i + 1}"
            raw["hexes"].append({"id": hid, "name": text})
            sec["hexes"].append(hid)
        used = {h for s in raw["sections"] for h in s["hexes"]}
        raw["hexes"] = [h for h in raw["hexes"] if h["id"] in used]
    _replace_profile(state, ctx, raw, "guard_spaces", "gift_hexes" if names not in (None, "") else "")
    ctx.log(N_("The host corrected %(section)s"), section=label(sec))


def verify_profile(state: State, ctx: Ctx, args: params.VerifyProfile) -> None:
    """The host checked one guessed part against the frame and found it right."""
    part = among(args.part, frame.current(state)["unverified"], PROFILE, "part")
    for kept in (state["profile"], state.get("pending_profile")):
        if kept and part in kept["unverified"]:
            kept["unverified"].remove(part)  # a check changes no topology: it holds at once
    ctx.log(N_("The host checked the board profile: %(part)s"), part=tr(UNVERIFIED_NAMES[part]))


def _replace_profile(state: State, ctx: Ctx, raw: dict[str, Any], *parts: str) -> None:
    raw = {**raw, "unverified": [u for u in raw["unverified"] if u not in parts]}
    frame.set_frame(state, ctx, prof.validate(raw))



PLACE, GUARD, ROLL, BUILD_STAGE = "setup/place", "setup/guard", "turn/roll", "turn/build"
REVEAL = "over/reveal"  # a Wall ending waits for tied players' hidden victory point cards
PLAYING = ("setup", "turn")  # until the game is over

MOVES = Moves([
    Move("first_seat", first_seat, "Before the first settlement: the seat that rolled highest goes "
         "first; setup rounds, heroes (player 1 takes A4 with 4 players) and turns follow.", FIRST, params.FirstSeat, who="seat",
         stages=(PLACE,)),
    Move("setup_place", setup_place, "The setup seat placed a settlement and a road (rounds 1-2).",
         SETUP, who="seat", stages=(PLACE,)),
    Move("guard", guard, "A guard on the lowest free space of a wall section: free in setup round "
         "3, else built by the active player after the roll.", GUARDS, params.Guard, who="seat",
         stages=(GUARD, BUILD_STAGE)),
    Move("roll", roll, "The active player rolls (or records) the three dice: production, then the "
         "wildling advance.", TURN, params.Roll, who="seat", stages=(ROLL,)),
    Move("build", build, "Build a settlement, keep or road (after the roll) or buy a development "
         "card (any time in the turn); a settlement or keep reveals wildling tokens (physical tokens: "
         "`tokens`, 1 for a settlement, 2 for a keep).", BUILD,
         params.Build, who="seat", stages=("turn",)),
    Move("ranger", ranger, "Play a ranger card (the turn's one development card, never one bought "
         "this turn: refused with 409 when the books make it certain); the third takes the Largest "
         "Patrol (physical tokens: `tokens`).", PATROL, params.Ranger, who="seat", stages=("turn",)),
    Move("progress", progress, "Play a progress card (the turn's one development card).", PATROL,
         who="seat", stages=("turn",)),
    Move("reveal_vp", reveal_vp, "Reveal victory point cards on one's own turn, only when they bring "
         "you to 10 VP and at most your development cards not played (`/me` → `reveal_counts` lists "
         "the counts allowed); after a Wall ending that waits for them, the hidden cards still held "
         "(the host may answer for a `seat`).", BASE_DEV,
         params.RevealVp, who="seat", stages=("turn", REVEAL), reveals=True,
         not_now=N_("Victory point cards are revealed during your own turn, or after a Wall ending while "
                    "the result waits for them.")),
    Move("answer", final_vp, "After a Wall ending with tied guards: the hidden victory point cards "
         "still held, sealed (the phone's form; the same as `reveal_vp` then); the last answer reveals "
         "all and decides the result.", END, params.Answer,
         who="seat", stages=(REVEAL,), reveals=True, sealed=True),
    Move("longest_road", longest_road, "Record who holds the Longest Road (the table measures): the "
         "active player, the new holder or the host; a new holder reveals a wildling token (physical "
         "tokens: `tokens`).", SPECIAL, params.LongestRoad, who="seat",
         stages=("turn",)),
    Move("hero", hero, "Use the hero, then turn it to side B or swap it for one from the display.",
         HEROES, params.Hero, who="seat", stages=("turn",)),
    Move("end_turn", end_turn, "End the turn: 10 VP now wins; else the dice pass to the left.",
         TURN, who="seat", stages=(BUILD_STAGE,)),
    Move("correct", correct, "Make the mirror match the real board: a clan, clearing or hex (`id`, "
         "`wildlings`), a section (`id`, `guards`), the breaches (`value`) or the Frostfangs (`normal`, "
         "`climber`, `giant`).", FIX, params.Correct, who="seat",
         stages=PLAYING),
    Move("edit_profile", edit_profile, "Replace the board profile: before the first guard at once; "
         "later it is logged and applies from the next roll (wildlings without a place go back to the "
         "Frostfangs, guards beyond a section's spaces return to their owners).", PROFILE, params.EditProfile, who="host", stages=PLAYING),
    Move("edit_trail", edit_trail, "Correct one trail against the printed frame.", PROFILE,
         params.EditTrail, who="host", stages=PLAYING),
    Move("edit_section", edit_section, "Correct a wall section's guard spaces and its Gift hexes.",
         PROFILE, params.EditSection, who="host", stages=PLAYING),
    Move("verify_profile", verify_profile, "A guessed part of the profile was checked against the "
         "frame and is right (holds at once).", PROFILE, params.VerifyProfile, who="host", stages=PLAYING),
])
