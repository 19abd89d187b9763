"""The fields of every AGoT move (parameter models of the declared moves, ``companion.moves``).

Lax on purpose: the phones post HTML forms (numbers as text, check boxes as ``"1"``/``"on"``) and
the JSON API sends real numbers and lists; both must pass here. Each handler still reads the
action itself and refuses with its own cited message (a number out of range, an unknown area),
so a field's model is the gate against the wrong *shape* and the documentation of the API.
Seat-made moves keep every field optional: their handlers first check whose turn it is (403/409),
and a missing field must not jump that queue.
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from ...moves import Params

#: a whole number from JSON or a form field ("3")
Number = int | str
#: a check box or flag: true, 1, "1", "on", "yes" (anything else is no)
Flag = bool | int | str


class UnitCounts(Params):
    footman: Number | None = Field(None, description="footmen")
    knight: Number | None = Field(None, description="knights")
    ship: Number | None = Field(None, description="ships")
    siege: Number | None = Field(None, description="siege engines")


# -- corrections (any time) ---------------------------------------------------------------------
class SetControl(Params):
    area: str | None = Field(None, description="a land area id")
    house: str | None = Field(None, description="the house that now controls it; empty: nobody")


class SetUnits(UnitCounts):
    area: str | None = Field(None, description="an area id")
    house: str | None = Field(None, description="whose units; empty: none")


class RemoveUnits(Params):
    area: str | None = Field(None, description="the area holding the units")
    unit: str | None = Field(None, description="footman, knight, ship or siege")
    n: Number | None = Field(None, description="how many (default 1)")


class TokenArea(Params):
    area: str | None = Field(None, description="a land area id")
    house: str | None = Field(None, description="the house (host only; a phone acts for its own)")


class AdjustPower(Params):
    house: str = Field(description="a house id")
    delta: Number = Field(description="tokens from the Pool (+) or back to it (-)")


class SetNeutral(Params):
    area: str = Field(description="an area id")
    strength: Number = Field(description="the token's strength; 0 impassable, -1 removes it")


class SetValue(Params):
    value: Number = Field(description="the new value")


class SetSupply(SetValue):
    house: str = Field(description="a house id")


class SetTrack(Params):
    track: str = Field(description="iron_throne, fiefdoms or kings_court")
    order: list[str] | str | None = Field(None, description="every house, top first (list or comma text)")
    house: str | None = Field(None, description="or: one house to move")
    position: Number | None = Field(None, description="its new position (1 = top)")


class SetDominance(Params):
    token: str = Field(description="iron_throne, blade or raven")
    holder: str | None = Field(None, description="the house that holds it")
    used: Flag | None = Field(None, description="used this round (Blade, Raven)")


class SetGarrison(Params):
    area: str = Field(description="a home area id")
    strength: Number = Field(description="the garrison's strength; 0 removes it")


class SetHouseCard(Params):
    house_card: str = Field(description="a house card id")
    place: str = Field(description="hand or discard")


# -- Westeros phase -------------------------------------------------------------------------------
class DrawCard(Params):
    card: str | None = Field(None, description="the card turned over from the next deck")
    correct: Flag | None = Field(None, description="the record is wrong: the table really turned this card over")
    fix_card: str | None = Field(None, description="the card, when correcting the record")


class Choose(Params):
    value: str | None = Field(None, description="one of the offered choices (an effect, a house, an option)")


class ConfirmPorts(Params):
    ports: list[str] | str | None = Field(None, description="the port ids that hold its ship and no enemy ship")
    house: str | None = Field(None, description="the house (host only)")


class OrderTies(Params):
    order: list[str] | str | None = Field(None, description="every house, top first (list or comma text)")


class WildlingCard(Params):
    card: str = Field(description="the wildling card turned over")


class Muster(Params):
    area: str | None = Field(None, description="the castle or stronghold area")
    unit: str | None = Field(None, description="footman, knight, siege or ship")
    upgrade: Flag | None = Field(None, description="a footman there becomes this unit (1 point)")
    to: str | None = Field(None, description="ships: the port or adjacent sea")


class Answer(Params):
    prompt: str | None = Field(None, description="the sealed prompt id")
    value: int | str | dict[str, Any] | None = Field(
        None, description="a bid (0..available power), a house card id, or {orders, extra} in planning")


# -- planning -------------------------------------------------------------------------------------
class RavenSwap(Params):
    area: str | None = Field(None, description="one of the holder's orders")
    token: str | None = Field(None, description="an unused order token")


class RavenPlace(Params):
    where: str | None = Field(None, description="top or bottom")


# -- action phase ---------------------------------------------------------------------------------
class FromArea(Params):
    from_: str | None = Field(None, alias="from", description="the area of the order")


class Raid(FromArea):
    target: str | None = Field(None, description="the area of the order removed; empty: no effect")


class March(FromArea):
    moves: list[dict[str, Any]] | None = Field(
        None, description='[{"to": area, "footman": n, ...}] (phone rows m<i>_to, m<i>_<unit>)')
    leave_power: Flag | None = Field(None, description="keep control of the emptied land area with a power token")


class Consolidate(FromArea):
    muster: Flag | None = Field(None, description="special order: muster there instead of gaining power")


# -- combat ---------------------------------------------------------------------------------------
class Support(Params):
    area: str | None = Field(None, description="the supporting order's area (default: the one asked)")
    side: str | None = Field(None, description="attacker, defender or none")


class CardAbility(UnitCounts):
    use: Flag | None = Field(None, description="use the ability (or not)")
    area: str | None = Field(None, description="a target area (Queen of Thorns, Cersei, Renly, retreat)")
    track: str | None = Field(None, description="Doran Martell: an influence track")
    card: str | None = Field(None, description="Patchface: a card in the opponent's hand")
    ships: Number | None = Field(None, description="ships put in a captured port")


class Blade(Params):
    use: Flag | None = Field(None, description="use the Valyrian Steel Blade")


class CombatUnits(UnitCounts):
    side: str | None = Field(None, description="attacker or defender")
