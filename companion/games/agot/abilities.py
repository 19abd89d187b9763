"""The registry of house-card abilities: one small class per printed ability, keyed by card id.

To add a house card's ability, write one class here: subclass :class:`~.ability.Ability`, decorate
it with ``@printed_on("<card id>")``, give it its ``key`` (the card's ``ability`` in
``data/house_cards.toml``), ``timing`` and ``text``, and override the hooks it needs (the hooks and
when the combat calls them: ``ability.py``). A card whose data names an ability without a class
here (or the other way round) stops the import, and ``tests/rules/agot/test_abilities.py`` says
which one.

Card texts are those of the printed cards (facts file "House cards", paraphrased); the order in
which they act is seed 000 p.19.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...i18n import N_
from ..base import Ctx, RuleError, State
from . import areas, power, tracks
from . import house_cards as hc
from .ability import NO_ABILITY, RULE_CARD_TEXT, Ability, Reask
from .combat_sides import Combat, card_of, house_of, house_on, item, other, supported, units_on
from .geography import adjacent
from .names import AREAS, HOUSES, TRACKS, label
from .params import CardAbility

#: every ability by the id of the card it is printed on
ABILITIES: dict[str, Ability] = {}
#: the influence tracks Doran Martell may send the opponent to the bottom of
TRACK_CHOICES = ("iron_throne", "fiefdoms", "kings_court")


def printed_on(card_id: str) -> Callable[[type[Ability]], type[Ability]]:
    """Register the decorated ability as the one printed on ``card_id``."""
    def register(cls: type[Ability]) -> type[Ability]:
        if card_id in ABILITIES:
            raise ValueError(f"two abilities for the house card {card_id}")
        cls.card = card_id
        ABILITIES[card_id] = cls()
        return cls
    return register


def of(c: Combat, side: str) -> Ability:
    """The ability of the card ``side`` plays (the do-nothing one for no card or no text)."""
    card = card_of(c, side)
    return ABILITIES.get(card.id, NO_ABILITY) if card else NO_ABILITY


def for_card(card_id: str) -> Ability:
    return ABILITIES.get(card_id, NO_ABILITY)


def by_key(kind: str) -> Ability:
    """The ability a pending decision of this kind belongs to (the do-nothing one for a retreat,
    casualties or port ships, which are the combat's own decisions)."""
    return next((a for a in ABILITIES.values() if a.key == kind), NO_ABILITY)


def excluded_by(c: Combat, side: str, card_id: str) -> Ability:
    """The ability that keeps ``side`` from playing ``card_id`` again: a swap of its own card
    (Aeron Damphair, cancel timing) or the opponent's cancel (Tyrion Lannister), seed 000 p.19."""
    own = for_card(card_id)
    return own if own.timing == "cancel" else of(c, other(side))


def _opponent_orders(state: State, c: Combat, own: str) -> dict[str, dict[str, Any]]:
    enemy = house_of(c, other(own))
    return {aid: o for aid, o in state.get("orders", {}).items() if o["house"] == enemy}


# -- Stark ----------------------------------------------------------------------------------------
@printed_on("robb-stark")
class RobbStark(Ability):
    """Robb Stark: if you win, you choose where the loser retreats, attacking or defending
    (card text; agot faq)."""

    key, timing = "robb", "after"
    text = N_("If you win, you choose the area your opponent retreats to.")
    chooses_retreat = True


@printed_on("roose-bolton")
class RooseBolton(Ability):
    """Roose Bolton: if you lose, every discarded house card returns to your hand, after this
    combat's cards are discarded (card text; agot faq)."""

    key, timing = "roose", "after"
    text = N_("If you lose, take all your discarded House cards back into your hand.")

    def on_loss(self, state: State, ctx: Ctx, c: Combat, own: str) -> None:
        hc.take_back_all(state, house_on(c, own))


@printed_on("the-blackfish")
class TheBlackfish(Ability):
    """The Blackfish: no casualties from swords, skulls or card texts (card text; seed 000 p.20)."""

    key, timing = "blackfish", "immediate"
    text = N_("You take no casualties in this combat (swords, skulls or card text).")

    def spares_units(self, c: Combat, own: str) -> bool:
        return True


@printed_on("catelyn-stark")
class CatelynStark(Ability):
    """Catelyn Stark: your Defense order in the embattled area counts twice (card text)."""

    key, timing = "catelyn", "immediate"
    text = N_("Your Defense order in the embattled area counts double.")

    def defense_items(self, c: Combat, own: str, bonus: int) -> list[dict[str, Any]]:
        return [item(N_("Catelyn Stark doubles the Defense order"), bonus)] if own == "defender" else []


# -- Lannister ------------------------------------------------------------------------------------
@printed_on("tywin-lannister")
class TywinLannister(Ability):
    """Tywin Lannister: if you win, gain 2 Power tokens (card text)."""

    key, timing = "tywin", "after"
    text = N_("If you win, gain 2 Power tokens.")

    def on_win(self, state: State, ctx: Ctx, c: Combat, own: str) -> None:
        power.gain(state, house_on(c, own), 2)


class _AttackersCountTwo(Ability):
    """Attacking, each ``unit`` of ``house`` in the combat (supporting ones too) adds 2."""

    house, unit = "", ""
    timing = "immediate"

    def unit_value(self, c: Combat, own: str, kind: str, owner: str | None, side: str, value: int) -> int:
        mine = own == side == "attacker" and owner == self.house
        return 2 if mine and kind == self.unit else value


@printed_on("kevan-lannister")
class KevanLannister(_AttackersCountTwo):
    """Ser Kevan Lannister: attacking, every Lannister footman (supporting ones too) adds 2
    (card text; seed 000 p.17 unit strengths)."""

    key, house, unit = "kevan", "lannister", "footman"
    text = N_("If attacking, your footmen (supporting ones too) add +2 each instead of +1.")


@printed_on("tyrion-lannister")
class TyrionLannister(Ability):
    """Tyrion Lannister: cancel the opponent's card; it must choose another (card text; cancels
    resolve first, seed 000 p.19)."""

    key, timing = "tyrion", "cancel"
    text = N_("You may cancel your opponent's card: they must choose another one.")

    def asks_on_reveal(self, state: State, c: Combat, own: str) -> bool:
        return card_of(c, other(own)) is not None

    def decide(self, state: State, ctx: Ctx, c: Combat, own: str, action: CardAbility) -> Reask | None:
        opp = other(own)
        cancelled = str(c["cards"][opp])
        c["cards"][opp] = None
        c["pending"] = [q for q in c["pending"] if q["side"] != opp]
        ctx.log(N_("Tyrion Lannister cancels %(card)s: a new card must be chosen"),
                card=label(hc.CARD_NAMES[cancelled]))
        return Reask(opp, cancelled)


@printed_on("cersei-lannister")
class CerseiLannister(Ability):
    """Cersei Lannister: if you win, remove one of the opponent's orders anywhere (card text)."""

    key, timing = "cersei", "after"
    text = N_("If you win, remove one of your opponent's orders anywhere on the board.")

    def asks_after_result(self, state: State, c: Combat, own: str, win: str) -> bool:
        return own == win

    def targets(self, state: State, c: Combat, own: str) -> list[str] | None:
        return sorted(_opponent_orders(state, c, own))

    def decide(self, state: State, ctx: Ctx, c: Combat, own: str, action: CardAbility) -> Reask | None:
        target = action.area or ""
        if target not in _opponent_orders(state, c, own):
            raise RuleError("Choose one of your opponent's orders.", RULE_CARD_TEXT, entry="card-cersei")
        del state["orders"][target]
        ctx.log(N_("Cersei Lannister removes the order in %(area)s"), area=label(AREAS[target]))
        return None


# -- Baratheon ------------------------------------------------------------------------------------
@printed_on("stannis-baratheon")
class StannisBaratheon(Ability):
    """Stannis Baratheon: +1 when the opponent is above you on the Iron Throne track (card text;
    read again at the final strength, so Doran's move counts: agot faq)."""

    key, timing = "stannis", "immediate"
    text = N_("+1 if your opponent is above you on the Iron Throne track.")

    def facts(self, state: State, c: Combat, own: str) -> dict[str, bool]:
        order = state["tracks"]["iron_throne"]
        me, opp = house_of(c, own), house_of(c, other(own))
        return {"opponent_above": me in order and opp in order and order.index(opp) < order.index(me)}

    def strength_items(self, c: Combat, own: str) -> list[dict[str, Any]]:
        if c.get("facts", {}).get("opponent_above", {}).get(own):
            return [item(N_("Stannis: opponent higher on the Iron Throne"), 1)]
        return []


@printed_on("renly-baratheon")
class RenlyBaratheon(Ability):
    """Renly Baratheon: if you win, one of your footmen in this combat (supporting ones too)
    becomes a knight, if a knight is left in reserve (card text; agot faq)."""

    key, timing = "renly", "after"
    text = N_("If you win, upgrade one of your footmen in this combat to a knight.")

    def asks_after_result(self, state: State, c: Combat, own: str, win: str) -> bool:
        return own == win and bool(self.targets(state, c, own))

    def targets(self, state: State, c: Combat, own: str) -> list[str]:
        """Areas holding a footman to upgrade: the winner's own in the combat, or a supporting one
        of its house ("participating" includes support; agot faq)."""
        house = house_on(c, own)
        if areas.in_reserve(state, house, "knight") <= 0:
            return []
        out = [c["area"]] if units_on(c, own).get("footman") else []
        for sup in c.get("supports", []):
            if sup.get("side") == own and sup["house"] == house and sup["units"].get("footman") \
                    and (state["units"].get(sup["area"]) or {}).get("footman") and sup["area"] not in out:
                out.append(sup["area"])
        return out

    def decide(self, state: State, ctx: Ctx, c: Combat, own: str, action: CardAbility) -> Reask | None:
        targets = self.targets(state, c, own)
        aid = action.area or (targets[0] if len(targets) == 1 else "")
        if aid not in targets:
            raise RuleError("Choose an area with one of your footmen in this combat.", RULE_CARD_TEXT,
                            entry="card-renly")
        self._upgrade(state, c, own, aid)
        ctx.log(N_("Renly Baratheon upgrades a footman to a knight"))
        return None

    @staticmethod
    def _upgrade(state: State, c: Combat, own: str, aid: str) -> None:
        """The attacker's units are in transit (only the combat's count changes); a defender's or a
        supporter's footman changes on the board too."""
        if aid == c["area"]:
            units = units_on(c, own)
            units["footman"] -= 1
            units["knight"] = units.get("knight", 0) + 1
            if own == "attacker":
                return
        u = dict(state["units"][aid])
        areas.set_units(state, aid, house_on(c, own), {**{k: u.get(k, 0) for k in areas.KINDS},
                                                       "footman": u["footman"] - 1, "knight": u.get("knight", 0) + 1})
        for sup in c.get("supports", []):
            if sup["area"] == aid:
                sup["units"] = {**sup["units"], "footman": sup["units"]["footman"] - 1,
                                "knight": sup["units"].get("knight", 0) + 1}


class _PlusOneAndSword(Ability):
    """+1 strength (shown as ``because``) and one sword while :meth:`holds`."""

    timing = "immediate"
    because = ""

    def holds(self, c: Combat, own: str) -> bool:
        return False

    def strength_items(self, c: Combat, own: str) -> list[dict[str, Any]]:
        return [item(self.because, 1)] if self.holds(c, own) else []

    def swords(self, c: Combat, own: str) -> int:
        return 1 if self.holds(c, own) else 0


@printed_on("davos-seaworth")
class DavosSeaworth(_PlusOneAndSword):
    """Ser Davos Seaworth: +1 and a sword while Stannis Baratheon is in your discard pile (card text)."""

    key = "davos"
    text = N_("+1 and one sword if Stannis Baratheon is in your discard pile.")
    because = N_("Davos: Stannis is discarded")

    def facts(self, state: State, c: Combat, own: str) -> dict[str, bool]:
        return {"stannis_discarded": "stannis-baratheon" in hc.hands(state)[house_on(c, own)]["discard"]}

    def holds(self, c: Combat, own: str) -> bool:
        return bool(c.get("facts", {}).get("stannis_discarded", {}).get(own))


@printed_on("salladhor-saan")
class SalladhorSaan(Ability):
    """Salladhor Saan: when Baratheon is supported, every non-Baratheon ship in this combat counts 0
    (card text)."""

    key, timing = "salladhor", "immediate"
    text = N_("If you are supported, all non-Baratheon ships count 0 in this combat.")

    def voids_unit(self, c: Combat, own: str, kind: str, owner: str | None) -> bool:
        return (kind == "ship" and house_of(c, own) == "baratheon" and supported(c, own)
                and owner != "baratheon")


@printed_on("patchface")
class Patchface(Ability):
    """Patchface: after the combat, look at the opponent's hand and discard one of its cards
    (card text; after the clean-up, agot faq)."""

    key, timing = "patchface", "after"
    text = N_("After the combat, look at your opponent's hand and discard one of its cards.")

    def asks_after_combat(self, state: State, c: Combat, own: str) -> bool:
        return bool(hc.hands(state)[house_on(c, other(own))]["hand"])

    def targets(self, state: State, c: Combat, own: str) -> list[str] | None:
        return list(hc.hands(state)[house_on(c, other(own))]["hand"])

    def decide(self, state: State, ctx: Ctx, c: Combat, own: str, action: CardAbility) -> Reask | None:
        opp_house = house_on(c, other(own))
        cid = action.card or ""
        if cid not in hc.hands(state)[opp_house]["hand"]:
            raise RuleError("Choose a card in your opponent's hand.", RULE_CARD_TEXT, entry="card-patchface")
        ctx.log(N_("Patchface discards %(card)s from %(house)s's hand"), card=label(hc.CARD_NAMES[cid]),
                house=label(HOUSES[opp_house]))
        hc.to_discard(state, opp_house, [cid], ctx)  # its last card: the others return (p.19)
        return None


# -- Greyjoy --------------------------------------------------------------------------------------
@printed_on("victarion-greyjoy")
class VictarionGreyjoy(_AttackersCountTwo):
    """Victarion Greyjoy: attacking, every Greyjoy ship (supporting ones too) adds 2 (card text)."""

    key, house, unit = "victarion", "greyjoy", "ship"
    text = N_("If attacking, your ships (supporting ones too) add +2 each.")


@printed_on("balon-greyjoy")
class BalonGreyjoy(Ability):
    """Balon Greyjoy: the opponent's card has printed strength 0 (card text)."""

    key, timing = "balon", "immediate"
    text = N_("Your opponent's card has printed strength 0.")

    def opponent_strength(self, c: Combat, own: str, printed: int) -> int:
        return 0


@printed_on("theon-greyjoy")
class TheonGreyjoy(_PlusOneAndSword):
    """Theon Greyjoy: defending an area with a castle or stronghold, +1 and a sword (card text)."""

    key = "theon"
    text = N_("If defending an area with a castle or stronghold: +1 and one sword.")
    because = N_("Theon defends a castle or stronghold")

    def holds(self, c: Combat, own: str) -> bool:
        return own == "defender" and bool(c.get("castle"))


@printed_on("asha-greyjoy")
class AshaGreyjoy(Ability):
    """Asha Greyjoy: not supported, two swords and a fortification more (card text)."""

    key, timing = "asha", "immediate"
    text = N_("If you are not supported: two swords and one fortification more.")

    def swords(self, c: Combat, own: str) -> int:
        return 0 if supported(c, own) else 2

    def forts(self, c: Combat, own: str) -> int:
        return 0 if supported(c, own) else 1


@printed_on("aeron-damphair")
class AeronDamphair(Ability):
    """Aeron Damphair: pay 2 power to swap this card for another from the hand (card text; a
    cancel-like choice, seed 000 p.19). Only with 2 power and another card to play."""

    key, timing = "aeron", "cancel"
    text = N_("You may discard 2 Power tokens to replace this card with another from your hand.")

    def asks_on_reveal(self, state: State, c: Combat, own: str) -> bool:
        house = house_on(c, own)
        return state["power"][house]["available"] >= 2 and len(hc.hands(state)[house]["hand"]) > 1

    def decide(self, state: State, ctx: Ctx, c: Combat, own: str, action: CardAbility) -> Reask | None:
        house = house_on(c, own)
        power.spend(state, house, 2)
        hc.discard(state, house, self.card, ctx)
        c["cards"][own] = None
        ctx.log(N_("Aeron Damphair: %(house)s pays 2 power and chooses another card"), house=label(HOUSES[house]))
        return Reask(own, self.card)


# -- Tyrell ---------------------------------------------------------------------------------------
@printed_on("mace-tyrell")
class MaceTyrell(Ability):
    """Mace Tyrell: immediately destroy one enemy footman in this combat (card text; the initial
    strength drops, seed 000 p.20 note)."""

    key, timing = "mace", "immediate"
    text = N_("Immediately destroy one enemy footman in this combat.")

    def immediately(self, state: State, c: Combat, own: str) -> None:
        victim = other(own)
        units = units_on(c, victim)
        if units.get("footman") and not of(c, victim).spares_units(c, victim):
            units["footman"] -= 1
            if victim == "defender":
                areas.destroy(state, c["area"], {"footman": 1})
            c["notes"].append({"msg": N_("Mace Tyrell destroys one enemy footman"), "params": {}})


@printed_on("loras-tyrell")
class LorasTyrell(Ability):
    """Ser Loras Tyrell: attacking and winning, the March order moves into the conquered area
    (card text; not when the attacker may not move in)."""

    key, timing = "loras", "after"
    text = N_("If attacking and you win, your March order moves into the conquered area.")

    def on_win(self, state: State, ctx: Ctx, c: Combat, own: str) -> None:
        dst, src = c["area"], c["from"]
        moved_in = any(n > 0 for n in c["att_units"].values()) and not of(c, "defender").bars_move_in(c, "defender")
        if own == "attacker" and moved_in and dst not in state["orders"]:
            state["orders"][dst] = {"house": c["attacker"], "token": c["march_token"]}
            state["orders"].pop(src, None)


@printed_on("queen-of-thorns")
class QueenOfThorns(Ability):
    """Queen of Thorns: remove one enemy order adjacent to the combat, never the attacking March
    (card text)."""

    key, timing = "queen-of-thorns", "immediate"
    text = N_("Remove one enemy order adjacent to the combat (not the attacking March).")

    def asks_on_reveal(self, state: State, c: Combat, own: str) -> bool:
        return True

    def targets(self, state: State, c: Combat, own: str) -> list[str]:
        return sorted(a for a in _opponent_orders(state, c, own) if adjacent(a, c["area"]) and a != c["from"])

    def decide(self, state: State, ctx: Ctx, c: Combat, own: str, action: CardAbility) -> Reask | None:
        target = action.area or ""
        if target not in self.targets(state, c, own):
            raise RuleError("Choose an enemy order adjacent to the combat (not the attacking March).",
                            RULE_CARD_TEXT, entry="card-queen-of-thorns")
        state["orders"].pop(target)
        c["supports"] = [s for s in c["supports"] if s["area"] != target]
        ctx.log(N_("Queen of Thorns removes the order in %(area)s"), area=label(AREAS[target]))
        return None


# -- Martell --------------------------------------------------------------------------------------
@printed_on("nymeria-sand")
class NymeriaSand(Ability):
    """Nymeria Sand: a fortification when defending, a sword when attacking (card text)."""

    key, timing = "nymeria", "immediate"
    text = N_("One fortification when defending, one sword when attacking.")

    def swords(self, c: Combat, own: str) -> int:
        return 1 if own == "attacker" else 0

    def forts(self, c: Combat, own: str) -> int:
        return 1 if own == "defender" else 0


@printed_on("arianne-martell")
class ArianneMartell(Ability):
    """Arianne Martell: defending and losing, the attacker may not move in; it goes back where it
    marched from and the defender keeps the area (card text; agot faq)."""

    key, timing = "arianne", "after"
    text = N_("If defending and you lose, the attacker may not move into the area.")

    def bars_move_in(self, c: Combat, own: str) -> bool:
        return own == "defender" and c.get("defender") is not None


@printed_on("doran-martell")
class DoranMartell(Ability):
    """Doran Martell: move the opponent to the bottom of one influence track (card text)."""

    key, timing = "doran", "immediate"
    text = N_("Move your opponent to the bottom of one influence track of your choice.")

    def asks_on_reveal(self, state: State, c: Combat, own: str) -> bool:
        return True

    def decide(self, state: State, ctx: Ctx, c: Combat, own: str, action: CardAbility) -> Reask | None:
        track = action.track or ""
        if track not in TRACK_CHOICES:
            raise RuleError("Choose an influence track.", RULE_CARD_TEXT, entry="card-doran")
        opp = house_on(c, other(own))
        tracks.to_bottom(state, track, opp)
        ctx.log(N_("Doran Martell moves %(house)s to the bottom of %(track)s"),
                house=label(HOUSES[opp]), track=label(TRACKS[track]))
        return None


def unregistered() -> list[str]:
    """Mismatches between the printed cards and this registry: a card whose data names an ability
    without its class here, a class on no card, or a class whose key is not the card's."""
    out = [f"{cid}: ability {card.ability!r} has no class" for cid, card in hc.CARDS.items()
           if card.ability and cid not in ABILITIES]
    out += [f"{cid}: registered, but {'no such card' if cid not in hc.CARDS else 'key ' + repr(a.key)}"
            for cid, a in ABILITIES.items() if cid not in hc.CARDS or hc.CARDS[cid].ability != a.key]
    return out


if _wrong := unregistered():
    raise ValueError(f"house card abilities out of step with house_cards.toml: {_wrong}")
