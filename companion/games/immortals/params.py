"""The fields of each Immortals move, as parameter models (:class:`companion.moves.Params`).

They are the gate and the documentation of ``POST /api/tables/<code>/actions``: lax on purpose
(HTML forms send numbers as strings and leave optional fields empty; the JSON API may send real
numbers, lists and objects). An optional field that only some cards read is plain text here, so
an empty or unused value passes as it always did. The handlers in :mod:`.moves` still read the
action as sent and check what depends on the state (a tribe already taken, a card not in the hand...).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import ConfigDict, Field

from ...moves import Params


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


class ChooseTribes(SeatParam):
    light: str = Field(description="light tribe id (elves, humans, dwarves, amazons, halflings)")
    dark: str = Field(description="dark tribe id (demons, orcs, necromancers, night_elves, trolls)")
    light_gold: int | None = Field(None, description="starting gold printed on the light tribe board (0-30)")
    light_energy: int | None = Field(None, description="starting energy printed on the light tribe board (0-30)")
    dark_gold: int | None = Field(None, description="starting gold printed on the dark tribe board (0-30)")
    dark_energy: int | None = Field(None, description="starting energy printed on the dark tribe board (0-30)")
    light_groups: str | list[Any] | None = Field(None, description='army groups on the back, like "10, 6, 2"')
    dark_groups: str | list[Any] | None = Field(None, description='army groups on the back, like "10, 6, 2"')
    light_corner: int | None = Field(None, description="the corner space of the board's back (3-4 players)")
    dark_corner: int | None = Field(None, description="the corner space of the board's back (3-4 players)")
    light_spaces: str | list[Any] | None = Field(None, description="army space kinds printed on the light board")
    dark_spaces: str | list[Any] | None = Field(None, description="army space kinds printed on the dark board")
    start: str | None = Field(None, description="start region id (a-n) of the light tribe")
    partial: Flag = Field(None, description="save what is given even when some printed number is still missing")


class Group(SeatParam):
    group: int = Field(description="size of the army group placed")


class DraftPlace(Group):
    wild_as: str | None = Field(None, description="region id (a-n) a wildcard stands for")


class Feed(SeatParam):
    light: int = Field(description="own cubes that fell, put in the light limbo (0-7)")
    dark: int | None = Field(None, description="own cubes put in the dark limbo (physical tower; 0-7)")
    inhabitants: int | None = Field(None, description="inhabitants that fell into the tray (physical tower; 0-10)")


class Inhabitants(ImmortalsParams):
    inhabitants: int = Field(description="inhabitants that fell into the tray when the tower was fed (0-10)")


class Answer(ImmortalsParams):
    prompt: str = Field(description="the prompt id: draft-N (a pick) or plan-R (the round's plan)")
    value: Any = Field(None, description='a conflict card of the draft hand, or {"army": [8 cards], '
                                         '"magic": [2 cards]}; a form sends army0..7 and magic0..1 instead')


class Reinforce(ImmortalsParams):
    draw: Flag = Field(None, description="draw a conflict card")
    place: dict[str, Any] | list[Any] | str | None = Field(
        None, description='{location: n} or ["location=n", ...]; a form sends place_<location> fields')


class Perform(ImmortalsParams):
    space: str = Field(description="the space whose card is turned: a0..a7, m0, m1")
    decline: Flag = Field(None, description="decline the card and take 1 gold or energy instead")
    take: str | None = Field(None, description="gold or energy, for a declined, blank or lost card")
    printed: int | None = Field(None, description="the value printed on the region card, when the profile lacks it")
    building: str | None = Field(None, description="what a build card builds: portal, temple or capital")
    cost_energy: int | None = Field(None, description="the tribe's printed cost, when the profile lacks it")
    cost_gold: int | None = Field(None, description="the tribe's printed cost, when the profile lacks it")
    from_: str | None = Field(None, alias="from", description="location an attack starts from")
    to: str | None = Field(None, description="location attacked or moved to")
    armies: int | None = Field(None, description="armies that attack or move")
    mode: str | None = Field(None, description="move or attack, for an attack-or-move space")
    wild_as: str | None = Field(None, description="region id (a-n) a wildcard stands for")
    choice: str | None = Field(None, description="what a magic card does: draw or first, temple or dominate, "
                                                 "draw or transition")
    realm: str | None = Field(None, description="the limbo a magic transition takes from: light or dark")
    place: dict[str, Any] | list[Any] | str | None = Field(
        None, description="where a magic transition's armies go, as for reinforce")
    region: str | None = Field(None, description="location a magic card dominates or builds a temple in")


class Pass(ImmortalsParams):
    take: Resource = Field(description="gold or energy, now and each later turn of the round")


class BattleResult(ImmortalsParams):
    tray: dict[str, Any] | None = Field(
        None, description='{seat: n, "inhabitants": n}; a form sends tray_<seat> and tray_inhabitants')


class Region(ImmortalsParams):
    region: str = Field(description="region id a-n")


class NameRegion(Region):
    name: str | None = Field(None, description="the name printed on the board (empty: unknown)")


class NameBoard(ImmortalsParams):
    names: dict[str, str | None] | None = Field(None, description="region id (`<area>-<n>`) -> the name "
                                                                  "printed on the board (empty: unknown); a "
                                                                  "phone form sends `name:<area>-<n>` fields "
                                                                  "instead")


class RegionValue(Region):
    realm: Realm = Field(description="light or dark")
    resource: Resource = Field(description="gold or energy")
    value: int | None = Field(None, description="the printed value, 0-30 (empty: unknown)")


class EditRegion(NameRegion):
    light_energy: int | None = Field(None, description="printed value (empty: unknown)")
    light_gold: int | None = Field(None, description="printed value (empty: unknown)")
    dark_energy: int | None = Field(None, description="printed value (empty: unknown)")
    dark_gold: int | None = Field(None, description="printed value (empty: unknown)")


class SetRegion(ImmortalsParams):
    region: str = Field(description="location <realm>:<a>-<n>")
    seat: str | None = Field(None, description='the occupant ("" = nobody)')
    armies: int | None = Field(None, description="0-45 (ignored without a seat)")


class SetBuilding(ImmortalsParams):
    region: str = Field(description="location <realm>:<a>-<n>")
    building: str | None = Field(None, description='temple, capital or "" for none')
    portal: Flag = Field(None, description="1, true or on: a portal stands there; anything else removes it")


class GiveCard(Region):
    seat: str | None = Field(None, description='who holds the region card ("" = the deck)')


class Adjust(SeatParam):
    field: Literal["gold", "energy", "vp", "limbo_light", "limbo_dark"] = Field(description="the counter")
    delta: int = Field(description="how much to add (negative to take), -99 to 99")


class Tray(ImmortalsParams):
    inhabitants: int | None = Field(None, description="inhabitants in the tray (0-60); one field per seat id too")


class SetFirst(ImmortalsParams):
    seat: str = Field(description="who holds the first player marker")
    when: str | None = Field(None, description="now (default) or next (for the next round)")


class SetTurn(ImmortalsParams):
    seat: str = Field(description="whose turn it is")
