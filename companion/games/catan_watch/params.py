"""The fields of each Brotherhood of the Watch move, as parameter models (:class:`companion.moves.Params`).

The gate and the documentation of ``POST /api/tables/<code>/actions``: lax on purpose (forms send
numbers as strings and leave optional fields empty; the JSON API may send numbers and lists). Each
field's range and choices are declared here, with the page a refusal cites; the handlers in
:mod:`.moves` receive the validated model and check only what depends on the state (pieces left, a
free guard space, a seat of this table...).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AliasChoices, ConfigDict, Field

from ...moves import AsSent, OneOf, Params, Refuse
from .cite import BASE_DEV, BUILD, FIX, HEROES, PATROL, PROFILE, TURN
from .wall import BREACHES_TO_END

FROSTFANGS_MAX = 99

#: what a played ranger does (seed 004 p.4 names moving Tormund; the card prints the others)
RANGER_OPTIONS = ("tormund", "card")


class CatanParams(Params):
    """The rules read text fields with ``str()`` or compare them with known ids: a JSON number sent
    for a text field reaches the handler, which accepts or refuses it as it always did."""

    model_config = ConfigDict(coerce_numbers_to_str=True)


class Tokens(CatanParams):
    tokens: Any = Field(None, description='physical tokens turned: [{"wildling": "normal"|"climber"|"giant", '
                                          '"clan": "<clan id>"}, ...]; a form sends token_wildling[] and '
                                          'token_clan[] instead; digital tokens: not sent')
    token_wildling: Any = Field(None, validation_alias=AliasChoices("token_wildling", "token_wildling[]"),
                                description="a form's tokens: each one's wildling (parallel to token_clan)")
    token_clan: Any = Field(None, validation_alias=AliasChoices("token_clan", "token_clan[]"),
                            description="a form's tokens: each one's clan area")


#: a die typed from the real dice (seed 004 p.6: two d6 and the wildling d12)
D6 = Annotated[int | None, Refuse(rule=TURN)]


class Roll(CatanParams):
    red: D6 = Field(None, ge=1, le=6, description="physical dice only: the red die")
    yellow: D6 = Field(None, ge=1, le=6, description="physical dice only: the yellow die")
    d12: D6 = Field(None, ge=1, le=12, description="physical dice only: the wildling die")


class FirstSeat(CatanParams):
    seat: str = Field(description="the seat that rolled highest")


class Guard(CatanParams):
    section: str = Field(description='the wall section, e.g. "w2"')


class Build(Tokens):
    what: Annotated[Literal["settlement", "keep", "road", "dev"], Refuse(rule=BUILD)] = Field(
        description="what is built or bought")


class Ranger(Tokens):
    option: Annotated[str | None, OneOf(frozenset(RANGER_OPTIONS), '"tormund" or "card"'), Refuse(rule=PATROL)] = \
        Field(None, description="tormund (default: move Tormund) or card (another option printed on the card)")


class RevealVp(CatanParams):
    # its range depends on the moment (the handler checks it): 1-5 on one's turn, 0-5 after the end
    count: int = Field(description="victory point cards revealed, 1-5 on one's turn; 0-5 after a Wall "
                                   "ending (the hidden cards still held, 0 when none)")
    seat: str | None = Field(None, description="after the end: the host reveals for this seat")


class Answer(CatanParams):
    prompt: str = Field(description='the sealed prompt id ("final-vp": hidden victory point cards after '
                                    'a Wall ending with tied guards)')
    value: Annotated[int, Refuse(rule=BASE_DEV)] = Field(
        ge=0, le=5, description="how many victory point cards the player holds hidden (0 when none)")


class LongestRoad(Tokens):
    holder: str = Field(description='the seat that holds it now, or "none"')


class Hero(CatanParams):
    then: Annotated[Literal["flip", "swap"], Refuse(rule=HEROES)] = Field(
        description="turn the hero to side B, or swap it for another")
    hero: str | None = Field(None, description="for a swap: the hero taken from the display (an id of heroes_display)")
    seat: str | None = Field(None, description="the hero's owner (host only; default: the caller)")


class Correct(CatanParams):
    what: Annotated[Literal["clan", "clearing", "hex", "section", "frostfangs", "breaches"], Refuse(rule=FIX)] = \
        Field(description="the part of the mirror corrected")
    id: str | None = Field(None, description="the clan, clearing, hex or section id")
    wildlings: list[str] | str | None = Field(None, description='clan, clearing or hex: the wildlings there, '
                                                                'a list or "normal, giant"')
    guards: list[str] | str | None = Field(None, description="section: the guards' owners (seats), space 1 first")
    # read only for their part (the handler checks their range): any other correction ignores them
    value: Annotated[int | None, AsSent()] = Field(
        None, description=f"breaches: the breach marker, 0..{BREACHES_TO_END - 1}")
    normal: Annotated[int | None, AsSent()] = Field(
        None, description=f"frostfangs: normal wildlings left, 0..{FROSTFANGS_MAX}")
    climber: Annotated[int | None, AsSent()] = Field(None, description=f"frostfangs: climbers left, 0..{FROSTFANGS_MAX}")
    giant: Annotated[int | None, AsSent()] = Field(None, description=f"frostfangs: giants left, 0..{FROSTFANGS_MAX}")


class EditProfile(CatanParams):
    profile: dict[str, Any] | str = Field(description="the whole board profile (an object, or its JSON text)")


class EditTrail(CatanParams):
    number: Annotated[int, Refuse(rule=PROFILE)] = Field(ge=1, le=12, description="the trail number")
    clan: str | None = Field(None, description='the clan area it leads from ("none" or empty: no such trail)')
    clearing: str | None = Field(None, description="the clearing it leads to")


class EditSection(CatanParams):
    id: str = Field(description="the wall section id")
    spaces: Annotated[int, Refuse(rule=PROFILE)] = Field(ge=1, le=16, description="guard spaces")
    hexes: str | None = Field(None, description='the Gift hexes south of it, "name, name, ..." in blocking order')


class VerifyProfile(CatanParams):
    part: str = Field(description="one of profile.unverified")
