"""The fields of each Immortals move, as parameter models (:class:`companion.moves.Params`).

They are the gate and the documentation of ``POST /api/tables/<code>/actions``: lax on purpose
(HTML forms send numbers as strings and leave optional fields empty; the JSON API may send real
numbers, lists and objects). An optional field that only some cards read is plain text here, so
an empty or unused value passes as it always did. Each field declares its range and choices where
the move always reads it (the handler receives the validated model, issue 40); a number read only by
some cards or boards keeps a JSON ``true`` as sent (:class:`companion.moves.AsSent`) and is checked
where it is read (:func:`number`), as are the choices the state decides (a seat of this table).
Form fields with generated names (``army0..7``, ``place_<location>``, ``tray_<seat>``,
``name:<region>``, a seat's id) are collected into the field they stand for before validation.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Field, GetCoreSchemaHandler, model_validator
from pydantic_core import CoreSchema, core_schema

from ...moves import AsSent, OneOf, Params, Refuse, whole, within
from . import cite, profile
from .board import REGIONS
from .data import tribes

FIX = "companion: corrections"
#: a number a card, a board or the tower decides whether it is read (checked where it is read)
Number = Annotated[int | None, AsSent()]


@dataclass(frozen=True)
class TextAsSent:
    """A profile name: a JSON number reaches the profile as sent, which refuses it with its own
    message ("Profile field %(field)s must be a short text.") rather than reading 999 as "999"."""

    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler) -> CoreSchema:
        return core_schema.no_info_wrap_validator_function(self._keep, handler(source))

    @staticmethod
    def _keep(value: Any, validate: core_schema.ValidatorFunctionWrapHandler) -> Any:
        return value if isinstance(value, int | float) and not isinstance(value, bool) else validate(value)


Name = Annotated[str | None, TextAsSent()]


class ImmortalsParams(Params):
    """The rules read text fields with ``str()`` or compare them with known ids: a JSON number sent
    for a text field reaches the handler, which accepts or refuses it as it always did."""

    model_config = ConfigDict(coerce_numbers_to_str=True)

Realm = Literal["light", "dark"]
Resource = Literal["gold", "energy"]
#: A box that is ticked: "1", "true", "on" or "yes" (a form's checkbox) or a JSON boolean.
Flag = bool | str | None


class SeatParam(ImmortalsParams):
    seat: str | None = Field(None, description="the seat acted for (host only; default: the caller's own)")


def _tribe_ids(realm: str) -> frozenset[str]:
    return frozenset(t for t, d in tribes().items() if d["realm"] == realm)


#: printed numbers a board shows, read whenever they are sent
Resource7 = Annotated[int | None, Field(ge=0, le=30), Refuse(rule=cite.both(7))]
Cost = Annotated[int | None, Field(ge=0, le=30), Refuse(rule=cite.both(10))]
Corner = Annotated[int | None, Field(ge=0, le=20), Refuse(rule=cite.both(6))]


class ChooseTribes(SeatParam):
    light: Annotated[str, OneOf(_tribe_ids("light"), "a light tribe id"), Refuse(rule=cite.both(4))] = Field(
        description="light tribe id (elves, humans, dwarves, amazons, halflings)")
    dark: Annotated[str, OneOf(_tribe_ids("dark"), "a dark tribe id"), Refuse(rule=cite.both(4))] = Field(
        description="dark tribe id (demons, orcs, necromancers, night_elves, trolls)")
    light_gold: Resource7 = Field(None, description="starting gold printed on the light tribe board")
    light_energy: Resource7 = Field(None, description="starting energy printed on the light tribe board")
    dark_gold: Resource7 = Field(None, description="starting gold printed on the dark tribe board")
    dark_energy: Resource7 = Field(None, description="starting energy printed on the dark tribe board")
    light_groups: str | list[Any] | None = Field(None, description='army groups on the back, like "10, 6, 2" '
                                                                   "(1 to 8 groups of 1-20)")
    dark_groups: str | list[Any] | None = Field(None, description='army groups on the back, like "10, 6, 2"')
    light_corner: Corner = Field(None, description="the corner space of the board's back (3-4 players; 0: none)")
    dark_corner: Corner = Field(None, description="the corner space of the board's back (3-4 players; 0: none)")
    light_spaces: str | list[Any] | None = Field(None, description="army space kinds printed on the light board")
    dark_spaces: str | list[Any] | None = Field(None, description="army space kinds printed on the dark board")
    light_cost_portal_energy: Cost = Field(None, description="building costs printed on the light board "
                                                             "(a missing half of a pair counts 0)")
    light_cost_portal_gold: Cost = None
    light_cost_temple_energy: Cost = None
    light_cost_temple_gold: Cost = None
    light_cost_capital_energy: Cost = None
    light_cost_capital_gold: Cost = None
    dark_cost_portal_energy: Cost = Field(None, description="building costs printed on the dark board")
    dark_cost_portal_gold: Cost = None
    dark_cost_temple_energy: Cost = None
    dark_cost_temple_gold: Cost = None
    dark_cost_capital_energy: Cost = None
    dark_cost_capital_gold: Cost = None
    start: Annotated[str | None, OneOf(frozenset(REGIONS), "a region id"), Refuse(rule=cite.both(6))] = Field(
        None, description="start region id of the light tribe")
    partial: Flag = Field(None, description="save what is given even when some printed number is still missing")


class Group(SeatParam):
    group: Annotated[int, Field(ge=1, le=20), Refuse(rule=cite.both(6))] = Field(
        description="size of the army group placed")


class DraftPlace(Group):
    wild_as: str | None = Field(None, description="region id (a-n) a wildcard stands for")


class Feed(SeatParam):
    light: Annotated[int, Field(ge=0, le=7), Refuse(rule=cite.both(7))] = Field(
        description="own cubes that fell, put in the light limbo")
    dark: Number = Field(None, description="own cubes put in the dark limbo (physical tower; 0-7)")
    inhabitants: Number = Field(None, description="inhabitants that fell into the tray (physical tower; 0-10)")


class Inhabitants(ImmortalsParams):
    inhabitants: Annotated[int, Field(ge=0, le=10), Refuse(rule=cite.both(7))] = Field(
        description="inhabitants that fell into the tray when the tower was fed")


class Answer(ImmortalsParams):
    prompt: str = Field(description="the prompt id: draft-N (a pick) or plan-R (the round's plan)")
    value: Any = Field(None, description='a conflict card of the draft hand, or {"army": [8 cards], '
                                         '"magic": [2 cards]}; a form sends army0..7 and magic0..1 instead')

    @model_validator(mode="before")
    @classmethod
    def _form_plan(cls, data: Any) -> Any:
        """A phone's plan form (fields army0..army7, magic0..magic1) is the plan it stands for."""
        if isinstance(data, dict) and data.get("value") in (None, ""):
            from .planning import ARMY_SPACES, MAGIC_SPACES
            data = {**data, "value": {"army": [data.get(f"army{i}") for i in range(ARMY_SPACES)],
                                      "magic": [data.get(f"magic{i}") for i in range(MAGIC_SPACES)]}}
        return data


def _collect(data: Any, field: str, prefix: str, keep: Any = None) -> Any:
    """``field`` from the form fields ``<prefix><key>`` when it was not sent itself (``keep``: which
    form values count)."""
    if isinstance(data, dict) and data.get(field) in (None, ""):
        found = {k[len(prefix):]: v for k, v in data.items() if k.startswith(prefix) and (keep is None or keep(v))}
        data = {**data, field: found or None}
    return data


class Placing(ImmortalsParams):
    place: dict[str, Any] | list[Any] | str | None = Field(
        None, description='{location: n} or ["location=n", ...], 0-45 each; a form sends place_<location> fields')

    @model_validator(mode="before")
    @classmethod
    def _form_place(cls, data: Any) -> Any:
        return _collect(data, "place", "place_", lambda v: str(v).strip() not in ("", "0"))


class Reinforce(Placing):
    draw: Flag = Field(None, description="draw a conflict card")


class Perform(Placing):
    space: str = Field(description="the space whose card is turned: a0..a7, m0, m1")
    decline: Flag = Field(None, description="decline the card and take 1 gold or energy instead")
    take: str | None = Field(None, description="gold or energy, for a declined, blank or lost card")
    printed: Number = Field(None, description="the value printed on the region card (0-30), when the profile lacks it")
    building: str | None = Field(None, description="what a build card builds: portal, temple or capital")
    cost_energy: Number = Field(None, description="the tribe's printed cost (0-30), when the profile lacks it")
    cost_gold: Number = Field(None, description="the tribe's printed cost (0-30), when the profile lacks it")
    from_: str | None = Field(None, alias="from", description="location an attack starts from")
    to: str | None = Field(None, description="location attacked or moved to")
    armies: Number = Field(None, description="armies that attack or move (1 to those there less one)")
    mode: str | None = Field(None, description="move or attack, for an attack-or-move space")
    wild_as: str | None = Field(None, description="region id (a-n) a wildcard stands for")
    choice: str | None = Field(None, description="what a magic card does: draw or first, temple or dominate, "
                                                 "draw or transition")
    realm: str | None = Field(None, description="the limbo a magic transition takes from: light or dark")
    region: str | None = Field(None, description="location a magic card dominates or builds a temple in")


class Pass(ImmortalsParams):
    take: Resource = Field(description="gold or energy, now and each later turn of the round")


class BattleResult(ImmortalsParams):
    tray: dict[str, Any] | None = Field(
        None, description='{seat: n, "inhabitants": n}, 0-60 each; a form sends tray_<seat> and tray_inhabitants')

    @model_validator(mode="before")
    @classmethod
    def _form_tray(cls, data: Any) -> Any:
        return _collect(data, "tray", "tray_")


class Region(ImmortalsParams):
    region: Annotated[str, OneOf(frozenset(REGIONS), "a region id <area>-<n>"), Refuse(rule=profile.RULE)] = Field(
        description="region id")


class NameRegion(Region):
    name: Name = Field(None, description="the name printed on the board (empty: unknown)")


class NameBoard(ImmortalsParams):
    names: dict[str, Name] | None = Field(None, description="region id (`<area>-<n>`) -> the name "
                                                                  "printed on the board (empty: unknown); a "
                                                                  "phone form sends `name:<area>-<n>` fields "
                                                                  "instead")

    @model_validator(mode="before")
    @classmethod
    def _form_names(cls, data: Any) -> Any:
        return _collect(data, "names", "name:")


class RegionValue(Region):
    realm: Realm = Field(description="light or dark")
    resource: Resource = Field(description="gold or energy")
    value: Annotated[int | None, Field(ge=0, le=profile.MAX_VALUE), Refuse(rule=profile.RULE)] = Field(
        None, description="the printed value (empty: unknown)")


Printed = Annotated[int | None, Field(ge=0, le=profile.MAX_VALUE), Refuse(rule=profile.RULE)]


class EditRegion(NameRegion):
    light_energy: Printed = Field(None, description="printed value (empty: unknown)")
    light_gold: Printed = Field(None, description="printed value (empty: unknown)")
    dark_energy: Printed = Field(None, description="printed value (empty: unknown)")
    dark_gold: Printed = Field(None, description="printed value (empty: unknown)")


class SetRegion(ImmortalsParams):
    region: str = Field(description="location <realm>:<a>-<n>")
    seat: str | None = Field(None, description='the occupant ("" = nobody)')
    armies: Number = Field(None, description="0-45 (ignored without a seat)")


class SetBuilding(ImmortalsParams):
    region: str = Field(description="location <realm>:<a>-<n>")
    building: str | None = Field(None, description='temple, capital or "" for none')
    portal: Flag = Field(None, description="1, true or on: a portal stands there; anything else removes it")


class GiveCard(ImmortalsParams):
    region: Annotated[str, OneOf(frozenset(REGIONS), "a region id <area>-<n>"), Refuse(rule=FIX)] = Field(
        description="region id")
    seat: str | None = Field(None, description='who holds the region card ("" = the deck)')


class Adjust(SeatParam):
    field: Annotated[Literal["gold", "energy", "vp", "limbo_light", "limbo_dark"], Refuse(rule=FIX)] = Field(
        description="the counter")
    delta: Annotated[int, Field(ge=-99, le=99), Refuse(rule=FIX)] = Field(
        description="how much to add (negative to take)")


class Tray(ImmortalsParams):
    inhabitants: Annotated[int | None, Field(ge=0, le=60), Refuse(rule=FIX)] = Field(
        None, description="inhabitants in the tray")
    cubes: dict[str, Any] = Field(default_factory=dict, description="a seat's cubes in the tray (0-60): a form "
                                                                    "sends one field per seat id instead")

    @model_validator(mode="before")
    @classmethod
    def _seat_fields(cls, data: Any) -> Any:
        """Every field besides the declared ones is a seat's count (the seats are the table's)."""
        if isinstance(data, dict) and "cubes" not in data:
            data = {**data, "cubes": {k: v for k, v in data.items() if k not in ("type", "inhabitants")}}
        return data


class SetFirst(ImmortalsParams):
    seat: str = Field(description="who holds the first player marker")
    when: str | None = Field(None, description="now (default) or next (for the next round)")


class SetTurn(ImmortalsParams):
    seat: str = Field(description="whose turn it is")


def number(value: Any, lo: int, hi: int, rule: str | None, field: str) -> int:
    """A :data:`Number` where a card, a board or the tower has it read: a whole number in
    ``lo..hi`` (the refusals read as a declared field's)."""
    return within(whole(value, rule, field), lo, hi, rule, field)


def ticked(flag: Flag) -> bool:
    """A ticked box: "1", "true", "on" or "yes" (any case), or a JSON true."""
    return str(flag).lower() in ("1", "true", "on", "yes")
