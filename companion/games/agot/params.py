"""The fields of every AGoT move (parameter models of the declared moves, ``companion.moves``).

Lax on purpose: the phones post HTML forms (numbers as text, check boxes as ``"1"``/``"on"``) and
the JSON API sends real numbers and lists; both must pass here. Each field declares its type, its
range and its choices once (issue 40): a number out of its printed range or an id the game does not
know is refused here, with the rule it breaks, before a handler runs, and the handlers receive the
validated model, never the raw action. What the state decides (a house in play, the power a house
may bid, an area it controls) is checked where it is read (``moves.within``, ``moves.among``).

A number read only in some cases (a port's ships, the units kept on a retreat, a track position
when no order is given) is kept as sent (:data:`Number`) and read with :func:`count` where it is
read, so a move that does not read it passes as it always did. Seat-made moves keep the fields
they do not always read optional: their handlers first check whose turn it is (403/409).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import Field, GetCoreSchemaHandler, model_validator
from pydantic_core import CoreSchema, core_schema

from ...i18n import N_
from ...moves import AsSent, OneOf, Params, Refuse, whole, within
from . import board as board_data
from . import house_cards as hc
from . import names, power, supply, wildlings
from .combat_state import RULE_SUPPORT

YES = ("1", "true", "on", "yes")
UNIT_KINDS = board_data.UNIT_KINDS


@dataclass(frozen=True)
class YesNo:
    """A check box or flag: true, 1, "1", "on", "yes" is yes, any other value of its shape is no
    (read from the value as sent: ``1.0`` is no, as it always was); not sent stays None."""

    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler) -> CoreSchema:
        return core_schema.no_info_wrap_validator_function(self._read, handler(source))

    @staticmethod
    def _read(value: Any, validate: core_schema.ValidatorFunctionWrapHandler) -> Any:
        validate(value)  # a list or 2.5 is no flag: refused as the wrong type
        return None if value is None else str(value).lower() in YES


#: a check box or flag, read as True/False (None: not sent)
Flag = Annotated[bool | int | str | None, YesNo()]
#: a whole number read only in some cases, kept as sent (a form's "3", a JSON true): :func:`count`
Number = Annotated[int | str | None, AsSent()]


def count(value: Any, lo: int, hi: int, rule: str | None, field: str, why: str | None = None,
          entry: str | None = None, **params: Any) -> int | None:
    """A :data:`Number` where it is read: None when not sent (or empty), else a whole number within
    ``lo..hi`` (a range the state may decide), refused as a declared range would be."""
    if value is None or value == "":
        return None
    return within(whole(value, rule, field), lo, hi, rule, field, why, entry, **params)


AREAS = frozenset(board_data.load().areas)
#: an area of the board (its kind, land or sea, is the handler's rule)
AreaId = Annotated[str, OneOf(AREAS, "an area id"), Refuse(rule="seed 000 p.6")]
#: the pieces in the box (seed 000 p.2): a correction never puts more on the board
POOL = board_data.load().unit_pool
Pool = "seed 000 p.2"
#: units in a combat, as the side corrects them
CombatCount = Annotated[int | None, Field(ge=0, le=10), Refuse(rule="companion: input")]
#: units going to one destination of a march
MarchCount = Annotated[int | None, Field(ge=0, le=20), Refuse(rule="seed 000 p.15")]


class UnitCounts(Params):
    """Unit counts a card ability reads only for casualties (p.20) or a retreat cut by supply (p.21)."""

    footman: Number = Field(None, description="footmen")
    knight: Number = Field(None, description="knights")
    ship: Number = Field(None, description="ships")
    siege: Number = Field(None, description="siege engines")


# -- corrections (any time) ---------------------------------------------------------------------
class SetControl(Params):
    area: AreaId = Field(description="a land area id")
    house: str | None = Field(None, description="the house that now controls it; empty: nobody")


class SetUnits(Params):
    area: AreaId = Field(description="an area id")
    house: str | None = Field(None, description="whose units; empty: none")
    footman: Annotated[int | None, Field(ge=0, le=POOL["footman"]), Refuse(rule=Pool)] = Field(
        None, description="footmen")
    knight: Annotated[int | None, Field(ge=0, le=POOL["knight"]), Refuse(rule=Pool)] = Field(
        None, description="knights")
    ship: Annotated[int | None, Field(ge=0, le=POOL["ship"]), Refuse(rule=Pool)] = Field(
        None, description="ships")
    siege: Annotated[int | None, Field(ge=0, le=POOL["siege"]), Refuse(rule=Pool)] = Field(
        None, description="siege engines")


class RemoveUnits(Params):
    area: AreaId = Field(description="the area holding the units")
    unit: Literal["footman", "knight", "ship", "siege"] = Field(description="the kind of unit")
    n: Annotated[int | None, Field(ge=1, le=10)] = Field(1, description="how many")


class TokenArea(Params):
    area: AreaId = Field(description="a land area id")
    house: str | None = Field(None, description="the house (host only; a phone acts for its own)")


class AdjustPower(Params):
    house: str = Field(description="a house in play")
    delta: Annotated[int, Field(ge=-power.TOTAL, le=power.TOTAL)] = Field(
        description="tokens from the Pool (+) or back to it (-)")


class SetNeutral(Params):
    area: AreaId = Field(description="an area id")
    strength: Annotated[int, Field(ge=-1, le=9)] = Field(description="the token's strength; 0 impassable, -1 removes it")


class SetThreat(Params):
    value: Annotated[int, Field(ge=0, le=wildlings.MAX_THREAT)] = Field(description="the wildling threat (even)")


class SetRound(Params):
    value: Annotated[int, Field(ge=1, le=10)] = Field(description="the round marker")


class SetSupply(Params):
    house: str = Field(description="a house in play")
    value: Annotated[int, Field(ge=0, le=supply.MAX_LEVEL)] = Field(description="the supply position")


class SetTrack(Params):
    track: Annotated[Literal["iron_throne", "fiefdoms", "kings_court"], Refuse(rule="seed 000 p.10")] = Field(
        description="the influence track")
    order: list[str] | str | None = Field(None, description="every house, top first (list or comma text)")
    house: str | None = Field(None, description="or: one house to move")
    position: Number = Field(None, description="its new position (1 = top; up to the houses in play)")


class SetDominance(Params):
    token: Annotated[str, OneOf(frozenset(names.TOKENS), "iron_throne, blade or raven"),
                     Refuse(rule="seed 000 p.11")] = Field(description="the dominance token")
    holder: str | None = Field(None, description="the house that holds it")
    used: Flag = Field(None, description="used this round (Blade, Raven)")


class SetGarrison(Params):
    area: Annotated[str, OneOf(AREAS, "a home area id"), Refuse(rule="seed 000 p.26")] = Field(description="a home area id")
    strength: Annotated[int, Field(ge=0, le=9), Refuse(rule="seed 000 p.26")] = Field(
        description="the garrison's strength; 0 removes it")


class SetHouseCard(Params):
    house_card: Annotated[str, OneOf(frozenset(hc.CARDS), "a house card id")] = Field(description="a house card id")
    place: Literal["hand", "discard"] = Field(description="hand or discard")


# -- Westeros phase -------------------------------------------------------------------------------
class DrawCard(Params):
    card: str | None = Field(None, description="the card turned over from the next deck")
    correct: Flag = Field(None, description="the record is wrong: the table really turned this card over")
    fix_card: str | None = Field(None, description="the card, when correcting the record")


class Choose(Params):
    value: str | None = Field(None, description="one of the offered choices (an effect, a house, an option)")


class ConfirmPorts(Params):
    ports: list[str] | str | None = Field(None, description="the port ids that hold its ship and no enemy ship")
    house: str | None = Field(None, description="the house (host only)")


class OrderTies(Params):
    order: list[str] | str | None = Field(None, description="every house, top first (list or comma text)")


class WildlingCard(Params):
    card: Annotated[str, OneOf(frozenset(wildlings.card_ids()), "a wildling card id")] = Field(
        description="the wildling card turned over")


class Muster(Params):
    area: str | None = Field(None, description="the castle or stronghold area")
    unit: Annotated[Literal["footman", "knight", "siege", "ship"],
                    Refuse(why=N_("Muster a footman, a knight, a siege engine or a ship."), rule="seed 000 p.9",
                           entry="mustering-costs")] = Field(description="footman, knight, siege or ship")
    upgrade: Flag = Field(None, description="a footman there becomes this unit (1 point)")
    to: str | None = Field(None, description="ships: the port or adjacent sea")


class Answer(Params):
    prompt: str | None = Field(None, description="the sealed prompt id")
    value: Annotated[int | str | dict[str, Any] | None, AsSent()] = Field(
        None, description="a bid (0..available power), a house card id, or {orders, extra} in planning")
    form_orders: dict[str, Any] = Field(
        default_factory=dict, description="(collected from a phone's o:<area> and xa/xt fields: area -> token)")

    @model_validator(mode="before")
    @classmethod
    def _form_orders(cls, data: Any) -> Any:
        """The phone's planning form: ``o:<area>=<token>`` fields and the "another area" row
        (``xa``/``xt``) are the orders they stand for (empty ones left out)."""
        if not isinstance(data, dict):
            return data
        orders = {k[2:]: v for k, v in data.items() if k.startswith("o:") and v}
        if data.get("xa") and data.get("xt"):
            orders[str(data["xa"])] = data["xt"]
        return {**data, "form_orders": orders}


# -- planning -------------------------------------------------------------------------------------
class RavenSwap(Params):
    area: str | None = Field(None, description="one of the holder's orders")
    token: str | None = Field(None, description="an unused order token")


class RavenPlace(Params):
    where: Literal["top", "bottom"] = Field(description="top or bottom")


# -- action phase ---------------------------------------------------------------------------------
class FromArea(Params):
    from_: str | None = Field(None, alias="from", description="the area of the order")


class Raid(FromArea):
    target: str | None = Field(None, description="the area of the order removed; empty: no effect")


class MarchRow(Params):
    """One destination of a march and the units that go there (p.15)."""

    to: str | None = Field(None, description="the area entered")
    footman: MarchCount = None
    knight: MarchCount = None
    ship: MarchCount = None
    siege: MarchCount = None


class March(FromArea):
    moves: list[MarchRow] | str | None = Field(
        None, description='[{"to": area, "footman": n, ...}], 0-20 each (phone rows m<i>_to, m<i>_<unit>)')
    leave_power: Flag = Field(None, description="keep control of the emptied land area with a power token")

    @model_validator(mode="before")
    @classmethod
    def _form_rows(cls, data: Any) -> Any:
        """A phone's rows ``m<i>_to``, ``m<i>_<unit>`` (up to 4, a row without a destination left
        out) are the moves they stand for, when ``moves`` itself is not sent."""
        if isinstance(data, dict) and data.get("moves") is None:
            rows = [{"to": data.get(f"m{i}_to"), **{k: data.get(f"m{i}_{k}") for k in UNIT_KINDS}}
                    for i in range(4) if data.get(f"m{i}_to")]
            data = {**data, "moves": rows}
        return data


class Consolidate(FromArea):
    muster: Flag = Field(None, description="special order: muster there instead of gaining power")


# -- combat ---------------------------------------------------------------------------------------
class Support(Params):
    area: str | None = Field(None, description="the supporting order's area (default: the one asked)")
    side: Annotated[Literal["attacker", "defender", "none"],
                    Refuse(why=N_("Support the attacker, the defender, or nobody."), rule=RULE_SUPPORT)] = Field(
        description="attacker, defender or none")


class CardAbility(UnitCounts):
    use: Flag = Field(None, description="use the ability (or not)")
    area: str | None = Field(None, description="a target area (Queen of Thorns, Cersei, Renly, retreat)")
    track: str | None = Field(None, description="Doran Martell: an influence track")
    card: str | None = Field(None, description="Patchface: a card in the opponent's hand")
    ships: Number = Field(None, description="ships put in a captured port (0..decide.max)")


class Blade(Params):
    use: Flag = Field(None, description="use the Valyrian Steel Blade")


class CombatUnits(Params):
    side: str | None = Field(None, description="attacker or defender")
    footman: CombatCount = Field(None, description="footmen")
    knight: CombatCount = Field(None, description="knights")
    ship: CombatCount = Field(None, description="ships")
    siege: CombatCount = Field(None, description="siege engines")
