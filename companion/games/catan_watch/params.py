"""The fields of each Brotherhood of the Watch move, as parameter models (:class:`companion.moves.Params`).

The gate and the documentation of ``POST /api/tables/<code>/actions``: lax on purpose (forms send
numbers as strings and leave optional fields empty; the JSON API may send numbers and lists). A
field where an empty value means "the default" is plain text. The handlers in :mod:`.moves` still
read the action as sent and check what depends on the state (pieces left, a free guard space...).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import ConfigDict, Field

from ...moves import Params


class CatanParams(Params):
    """The rules read text fields with ``str()`` or compare them with known ids: a JSON number sent
    for a text field reaches the handler, which accepts or refuses it as it always did."""

    model_config = ConfigDict(coerce_numbers_to_str=True)


class Tokens(CatanParams):
    tokens: Any = Field(None, description='physical tokens turned: [{"wildling": "normal"|"climber"|"giant", '
                                          '"clan": "<clan id>"}, ...]; a form sends token_wildling[] and '
                                          'token_clan[] instead; digital tokens: not sent')


class Roll(CatanParams):
    red: int | None = Field(None, description="physical dice only: the red die, 1-6")
    yellow: int | None = Field(None, description="physical dice only: the yellow die, 1-6")
    d12: int | None = Field(None, description="physical dice only: the wildling die, 1-12")


class FirstSeat(CatanParams):
    seat: str = Field(description="the seat that rolled highest")


class Guard(CatanParams):
    section: str = Field(description='the wall section, e.g. "w2"')


class Build(Tokens):
    what: Literal["settlement", "keep", "road", "dev"] = Field(description="what is built or bought")


class Ranger(Tokens):
    option: str | None = Field(None, description="tormund (default: move Tormund) or card (another option "
                                                 "printed on the card)")


class RevealVp(CatanParams):
    count: int = Field(description="victory point cards revealed, 1-5 on one's turn; 0-5 after a Wall "
                                   "ending (the hidden cards still held, 0 when none)")
    seat: str | None = Field(None, description="after the end: the host reveals for this seat")


class Answer(CatanParams):
    prompt: str = Field(description='the sealed prompt id ("final-vp": hidden victory point cards after '
                                    'a Wall ending with tied guards)')
    value: int = Field(description="how many victory point cards the player holds hidden (0 when none)")


class LongestRoad(Tokens):
    holder: str = Field(description='the seat that holds it now, or "none"')


class Hero(CatanParams):
    then: Literal["flip", "swap"] = Field(description="turn the hero to side B, or swap it for another")
    hero: str | None = Field(None, description="for a swap: the hero taken from the display")
    seat: str | None = Field(None, description="the hero's owner (host only; default: the caller)")


class Correct(CatanParams):
    what: Literal["clan", "clearing", "hex", "section", "frostfangs", "breaches"] = Field(
        description="the part of the mirror corrected")
    id: str | None = Field(None, description="the clan, clearing, hex or section id")
    wildlings: list[str] | str | None = Field(None, description='clan, clearing or hex: the wildlings there, '
                                                                'a list or "normal, giant"')
    guards: list[str] | str | None = Field(None, description="section: the guards' owners (seats), space 1 first")
    value: int | None = Field(None, description="breaches: the breach marker")
    normal: int | None = Field(None, description="frostfangs: normal wildlings left")
    climber: int | None = Field(None, description="frostfangs: climbers left")
    giant: int | None = Field(None, description="frostfangs: giants left")


class EditProfile(CatanParams):
    profile: dict[str, Any] | str = Field(description="the whole board profile (an object, or its JSON text)")


class EditTrail(CatanParams):
    number: int = Field(description="the trail number, 1-12")
    clan: str | None = Field(None, description='the clan area it leads from ("none" or empty: no such trail)')
    clearing: str | None = Field(None, description="the clearing it leads to")


class EditSection(CatanParams):
    id: str = Field(description="the wall section id")
    spaces: int = Field(description="guard spaces, 1-16")
    hexes: str | None = Field(None, description='the Gift hexes south of it, "name, name, ..." in blocking order')


class VerifyProfile(CatanParams):
    part: str = Field(description="one of profile.unverified")
