"""The Westeros phase: the three decks, drawing, the wildling icons and each card's effect.

Decks (``data/westeros.toml``) are drawn lazily from what remains (``ctx.rng``; games-howto: never
pre-shuffle), or, with "physical decks", the host enters the card the table turned over
(seed 000 p.7: draw one card from each deck; resolve them in deck order I, II, III).

``state["westeros"]``: ``{"mode", "decks": {deck: {"remaining": [ids], "used": [ids]}},
"drawn": {deck: id|None}, "history": [{"round", "cards": {deck: id}}]}``.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ...i18n import N_
from ...moves import Checks, Move, among
from ..base import Ctx, RuleError
from . import areas, flow, names, power, supply, tracks, wildlings
from . import board as board_data
from . import orders as ot
from . import params as P
from .data_models import WesterosFile, load

State = dict[str, Any]
DECKS = ("I", "II", "III")
EFFECTS = {"supply", "mustering", "choice", "nothing", "winter", "clash", "game_of_thrones",
           "wildlings_attack", "restriction"}
CHOICE_LABELS = {
    "supply": N_("Supply"),
    "mustering": N_("Mustering"),
    "clash": N_("Clash of Kings"),
    "game_of_thrones": N_("Game of Thrones"),
    "nothing": N_("Nothing"),
    "no-defense": N_("No Defense orders this round"),
    "no-march-plus": N_("No March +1 orders this round"),
}


@cache
def cards() -> dict[str, dict[str, Any]]:
    """Card types by id, validated: 10 cards per deck (facts: Westeros decks)."""
    out: dict[str, dict[str, Any]] = {}
    for row in load("westeros.toml", WesterosFile).card:
        card = row.model_dump(exclude_none=True)
        if card["deck"] not in DECKS or card["effect"] not in EFFECTS or card["id"] in out:
            raise ValueError(f"westeros.toml: bad card {card['id']}")
        if card["effect"] == "choice" and (card.get("chooser") not in tracks.TRACK_OF
                                           or not set(card["choices"]) <= set(CHOICE_LABELS)):
            raise ValueError(f"westeros.toml: bad choice card {card['id']}")
        if card["id"] not in names.WESTEROS:
            raise ValueError(f"westeros.toml: {card['id']} has no translatable name")
        out[card["id"]] = card
    for deck in DECKS:
        if sum(c["count"] for c in out.values() if c["deck"] == deck) != 10:
            raise ValueError(f"westeros.toml: deck {deck} must hold 10 cards")
    return out


def full_deck(deck: str) -> list[str]:
    return [c["id"] for c in cards().values() if c["deck"] == deck for _ in range(c["count"])]


def initial(mode: str) -> dict[str, Any]:
    return {"mode": mode, "decks": {d: {"remaining": full_deck(d), "used": []} for d in DECKS},
            "drawn": dict.fromkeys(DECKS), "history": []}


# -- drawing ---------------------------------------------------------------------------------------
def _take(state: State, ctx: Ctx, deck: str, card: str | None, fix: bool = False) -> None:
    """Draw one card (random, or the one the host names); Winter is Coming reshuffles and redraws.

    ``fix``: the host states that the physical deck really turned this card over although the record
    says it was drawn already (deck III has no Winter is Coming to reset it): the record follows the
    table, so play goes on without entering a card that was not drawn (design: the board is the truth)."""
    pile = state["westeros"]["decks"][deck]
    if not pile["remaining"]:
        pile["remaining"], pile["used"] = pile["used"], []
    if card is None:
        card = ctx.rng.choice(sorted(pile["remaining"]))
    elif card not in pile["remaining"]:
        if not fix:
            raise RuleError("That card is not left in Westeros deck %(deck)s.", "seed 000 p.7", status=409, deck=deck)
        if card in pile["used"]:
            pile["used"].remove(card)
        pile["remaining"].append(card)
        ctx.log(N_("Host: the record of Westeros deck %(deck)s is corrected: %(card)s was still in the deck."),
                deck=deck, card=names.label(names.WESTEROS[card]))
    pile["remaining"].remove(card)
    pile["used"].append(card)
    ctx.log(N_("Westeros deck %(deck)s: %(card)s"), deck=deck, card=names.label(names.WESTEROS[card]))
    if cards()[card]["effect"] == "winter":
        pile["remaining"], pile["used"] = full_deck(deck), []
        ctx.log(N_("Winter is Coming: deck %(deck)s is reshuffled and a new card drawn."), deck=deck)
        state["westeros"]["drawn"][deck] = None
        return
    state["westeros"]["drawn"][deck] = card


def next_deck(state: State) -> str | None:
    for deck in DECKS:
        if state["westeros"]["drawn"][deck] is None:
            return deck
    return None


def start_draw(state: State, ctx: Ctx, step: flow.Step) -> None:
    """Step 2 of the Westeros phase: reveal one card per deck (seed 000 p.7)."""
    state["westeros"]["drawn"] = dict.fromkeys(DECKS)
    if state["westeros"]["mode"] == "digital":
        while (deck := next_deck(state)) is not None:
            _take(state, ctx, deck, None)
        _drawn(state, ctx, step)


def act_draw(state: State, ctx: Ctx, step: flow.Step, action: P.DrawCard) -> None:
    """Physical decks: the host enters the card turned over from the next deck."""
    ctx.actor.require_host()
    deck = next_deck(state)
    assert deck is not None
    fix = bool(action.correct)
    key = "fix_card" if fix and action.fix_card else "card"  # the host panel's correction form
    card = among(action.fix_card if key == "fix_card" else action.card,
                 {c for c in cards() if cards()[c]["deck"] == deck}, "seed 000 p.7", key)
    _take(state, ctx, deck, card, fix=fix)
    if next_deck(state) is None:
        _drawn(state, ctx, step)


def _drawn(state: State, ctx: Ctx, step: flow.Step) -> None:
    """Steps 3-4: move the wildling threat, then queue the cards in deck order (seed 000 p.7)."""
    drawn = dict(state["westeros"]["drawn"])
    state["westeros"]["history"].append({"round": state["round"], "cards": drawn})
    icons = sum(1 for c in drawn.values() if cards()[c]["wildling"])
    steps: list[flow.Step] = []
    if icons:
        attack = wildlings.advance_threat(state, ctx, icons)
        if attack:
            steps.append(wildlings.attack_step(state, strength=wildlings.MAX_THREAT))
    steps += [{"kind": "card", "deck": d, "card": drawn[d]} for d in DECKS]
    flow.push(state, *steps, front=True)
    flow.finish(state, ctx, step)


# -- resolving a card ------------------------------------------------------------------------------
def effect_steps(state: State, effect: str) -> list[flow.Step]:
    """The procedure an effect starts (shared by the cards and by the dominance holders' choices)."""
    if effect == "supply":
        return [{"kind": "supply"}]
    if effect == "mustering":
        return [{"kind": "mustering", "houses": tracks.turn_order(state), "index": 0}]
    if effect == "clash":
        return [{"kind": "clash", "track": 0}]
    if effect == "game_of_thrones":
        return [{"kind": "game_of_thrones"}]
    if effect == "wildlings_attack":
        return [wildlings.attack_step(state, strength=state["wildling_threat"])]
    return []


def start_card(state: State, ctx: Ctx, step: flow.Step) -> None:
    """Resolve one revealed card (seed 000 p.7-11; facts: Westeros decks)."""
    card = cards()[step["card"]]
    effect = card["effect"]
    if effect == "choice":
        flow.push(state, {"kind": "choice", "card": card["id"], "token": card["chooser"],
                          "choices": list(card["choices"])}, front=True)
    elif effect == "restriction":
        add_restriction(state, ctx, card["restriction"])
    elif effect == "nothing":
        ctx.log(N_("%(card)s: nothing happens."), card=names.label(names.WESTEROS[card["id"]]))
    else:
        flow.push(state, *effect_steps(state, effect), front=True)
    flow.finish(state, ctx, step)


def add_restriction(state: State, ctx: Ctx, restriction: str) -> None:
    """Deck III cards forbid an order kind in this round's planning (facts: Westeros decks)."""
    if restriction not in state["restrictions"]:
        state["restrictions"].append(restriction)
    ctx.log(N_("This round: %(rule)s"), rule=names.label(ot.RESTRICTION_LABELS.get(restriction, restriction)))


def start_choice(state: State, ctx: Ctx, step: flow.Step) -> None:
    """The holder of the card's dominance token chooses (facts: Westeros decks)."""
    step["chooser"] = tracks.holder(state, step["token"])


def act_choice(state: State, ctx: Ctx, step: flow.Step, action: P.Choose) -> None:
    """A Throne of Blades / Dark Wings, Dark Words / Put to the Sword: the token holder decides
    (facts: Westeros decks)."""
    ctx.actor.require(step["chooser"])
    value = among(action.value, step["choices"], "seed 000 p.7", "value",
                  why=N_("Choose one of the options printed on this Westeros card."))
    ctx.log(N_("%(house)s chose: %(choice)s"), house=names.label(names.HOUSES[step["chooser"]]),
            choice=names.label(CHOICE_LABELS[value]))
    if value.startswith("no-"):
        add_restriction(state, ctx, value)
    else:
        flow.push(state, *effect_steps(state, value), front=True)
    flow.finish(state, ctx, step)


def port_candidates(state: State, house: str) -> list[str]:
    """Ports of the house's land areas where the mirror shows one of its ships (seed 000 p.25)."""
    b = board_data.load()
    return [a.id for a in b.areas.values() if a.type == "port" and state["control"].get(a.port_of) == house
            and areas.owner(state, a.id) == house and areas.count(state, a.id) > 0]


def blockaded_by(state: State, port: str, house: str) -> str | None:
    """The sea of ``port`` when the board shows an enemy ship there, else None: such a port gives no
    power at a Game of Thrones card, exactly as it gives none to Consolidate Power (seed 000 p.25)."""
    sea = board_data.load().area(port).sea
    return sea if sea and areas.owner(state, sea) not in (None, house) and areas.count(state, sea) else None


def start_game_of_thrones(state: State, ctx: Ctx, step: flow.Step) -> None:
    """Each house gains one power per crown it controls and per friendly port with a ship and no
    enemy ship in its sea (seed 000 p.25; facts: Westeros decks). Houses with a ship in a port
    confirm the port condition on their phone (the mirror's guess is preselected)."""
    step["ports"] = {h: port_candidates(state, h) for h in tracks.turn_order(state)}
    step["suggested"] = {h: areas.ports_with_income(state, h) for h in step["ports"]}
    step["confirmed"] = {h: [] for h, ports in step["ports"].items() if not ports}
    _maybe_gain(state, ctx, step)


def _maybe_gain(state: State, ctx: Ctx, step: flow.Step) -> None:
    if any(h not in step["confirmed"] for h in step["ports"]):
        return
    b = board_data.load()
    for house in tracks.turn_order(state):
        crowns = sum(b.area(a).crowns for a in areas.controlled(state, house))
        ports = step["confirmed"][house]
        got = power.gain(state, house, crowns + len(ports))
        ctx.log(N_("Game of Thrones: %(house)s gains %(n)s power (crowns: %(crowns)s, ports: %(ports)s)."),
                house=names.label(names.HOUSES[house]), n=got, crowns=crowns, ports=len(ports))
    flow.finish(state, ctx, step)


def act_game_of_thrones(state: State, ctx: Ctx, step: flow.Step, action: P.ConfirmPorts) -> None:
    """A house confirms which of its ports hold its ship with no enemy ship in their sea (seed 000 p.25)."""
    house = ctx.actor.require_seat() if not ctx.actor.host else (action.house or "")
    if house not in step["ports"] or house in step["confirmed"]:
        raise RuleError("Your house has no port to confirm.", "seed 000 p.25", status=409, entry="ports-game-of-thrones")
    ctx.actor.require(house)
    chosen: Any = action.ports or []
    if isinstance(chosen, str):
        chosen = [chosen]
    if not isinstance(chosen, list) or not set(chosen) <= set(step["ports"][house]):
        raise RuleError("Only your own ports with a ship of yours can count.", "seed 000 p.25")
    for port in chosen:
        sea = blockaded_by(state, port, house)
        if sea:
            raise RuleError("%(port)s gives no power: an enemy ship is in %(sea)s, and a port counts only "
                            "while its sea holds no enemy ship.", "seed 000 p.25", entry="ports-game-of-thrones",
                            port=names.label(names.AREAS[port]), sea=names.label(names.AREAS[sea]))
    step["confirmed"][house] = sorted(set(chosen))
    ctx.log(N_("%(house)s confirms %(n)s port for Game of Thrones."),
            _plural="%(house)s confirms %(n)s ports for Game of Thrones.", house=names.label(names.HOUSES[house]),
            n=len(chosen))
    _maybe_gain(state, ctx, step)


def waiting_game_of_thrones(state: State, step: flow.Step) -> list[str]:
    return [h for h in step["ports"] if h not in step["confirmed"]]


def start_supply(state: State, ctx: Ctx, step: flow.Step) -> None:
    """Supply: in turn order each house moves to the barrels it controls, then armies are checked
    (seed 000 p.8)."""
    for house in tracks.turn_order(state):
        old, new = state["supply"][house], supply.level_from_control(state, house)
        state["supply"][house] = new
        ctx.log(N_("Supply: %(house)s %(old)s → %(new)s"), house=names.label(names.HOUSES[house]), old=old, new=new)
    flow.push(state, {"kind": "armies"}, front=True)
    flow.finish(state, ctx, step)


def over_supply(state: State) -> list[str]:
    """Houses whose armies break their supply limit (seed 000 p.8)."""
    return [h for h in tracks.turn_order(state) if not supply.report(state, h)["legal"]]


def start_armies(state: State, ctx: Ctx, step: flow.Step) -> None:
    """Armies over the new limit must shed units before play goes on (seed 000 p.8)."""
    check_armies(state, ctx, step)


def check_armies(state: State, ctx: Ctx, step: flow.Step) -> None:
    """The step ends as soon as every army fits (seed 000 p.8)."""
    if not over_supply(state):
        ctx.log(N_("Every army is within its supply limit."))
        flow.finish(state, ctx, step)


def waiting_armies(state: State, step: flow.Step) -> list[str]:
    """Only unit removals or corrections resolve this step (seed 000 p.8): no move of its own."""
    return over_supply(state)


#: the procedures of the Westeros cards (seed 000 p.7-11): their moves at each of their stages and
#: the step handler of each (``choose`` is shared with the wildling attack: ``moves.py`` declares it)
DRAW = flow.StepProcedure("draw", start_draw, moves={"": ("draw_card",)}, acts={"draw_card": act_draw})
CARD = flow.StepProcedure("card", start_card)
CHOICE = flow.StepProcedure("choice", start_choice, lambda s, st: [st["chooser"]],
                            moves={"": ("choose",)}, acts={"choose": act_choice})
GAME_OF_THRONES = flow.StepProcedure("game_of_thrones", start_game_of_thrones, waiting_game_of_thrones,
                                     moves={"": ("confirm_ports",)}, acts={"confirm_ports": act_game_of_thrones})
SUPPLY = flow.StepProcedure("supply", start_supply)
ARMIES = flow.StepProcedure("armies", start_armies, waiting=waiting_armies, check=check_armies)

#: its rows of the input-checks table (docs/rules-coverage.md), generated from here
PORTS_CHECKS = Checks(
    "`confirm_ports`", row=50, pages="p.25",
    text="a house with a port to confirm; only its own ports holding its ship, none blockaded")


#: the Westeros cards' own moves (``draw_card`` is the host's, checked once the step is right: a
#: phone tapping it at the wrong moment hears what the table is doing, 409)
MOVES = (
    Move("draw_card", DRAW.handlers["draw_card"],
         "Host, physical decks: the card turned over from the next Westeros deck.", "seed 000 p.7", P.DrawCard,
         details=("Host, physical decks, step `draw`: reveals the card; Winter is Coming reshuffles and "
                  "asks again. `correct`: the table really turned this card over although the record says "
                  "it was drawn already — the record is corrected and logged (the card may then come as "
                  "`fix_card`)."), unchecked=flow.UNCHECKED_HOST_DECK),
    Move("confirm_ports", GAME_OF_THRONES.handlers["confirm_ports"],
         "Game of Thrones: a house confirms which of its ports earn power.", "seed 000 p.25", P.ConfirmPorts,
         who="seat",
         details=("A house with a ship in one of its ports (Game of Thrones): `ports` hold its ship and no"
                  " enemy ship in their sea; when every such house confirmed, all gain crowns and ports."), checks=(PORTS_CHECKS,)),
)
