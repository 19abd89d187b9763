"""The fields of each generic-table move, as parameter models (:class:`companion.moves.Params`)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import ConfigDict, Field

from ...i18n import N_
from ...moves import AsSent, Params, Refuse

#: a counter's bounds (a value, a bid's range); a change is at most 999 either way
COUNTER_MIN, COUNTER_MAX = -9999, 9999


class GenericParams(Params):
    """The rules read every text field with ``str()``: a counter named "7", a bid titled 2025 or a
    vote choice "1.5" sent as a JSON number passes, as it always did."""

    model_config = ConfigDict(coerce_numbers_to_str=True)


class Counter(GenericParams):
    counter: str = Field(description="the counter's name")
    seat: str | None = Field(None, description="whose counter (a seat id); none: a shared counter")


class Change(Counter):
    delta: int = Field(ge=-999, le=999, description="how much to add (negative to take)")


class SetValue(Counter):
    value: int = Field(ge=COUNTER_MIN, le=COUNTER_MAX, description="the new value")


class Roll(GenericParams):
    dice: str = Field("2d6", description="dice like 2d6, d20 or 3d6+2")


class OpenPrompt(GenericParams):
    title: str = Field(description="what is asked (80 characters)")
    kind: Annotated[Literal["number", "choice"], Refuse(N_("A prompt is a number (bid) or a choice (vote)."))] = \
        Field("number", description="a bid or a vote")
    # their range binds a bid only: a vote ignores them, as it always did
    min: Annotated[int | None, AsSent()] = Field(
        None, description=f"lowest bid (number: {COUNTER_MIN}..{COUNTER_MAX}; a vote ignores it)")
    max: Annotated[int | None, AsSent()] = Field(
        None, description=f"highest bid (number: {COUNTER_MIN}..{COUNTER_MAX}; a vote ignores it)")
    choices: str | None = Field(None, description='comma-separated choices (vote): "Yes, No"')
    seats: list[str] | str | None = Field(None, description="seat ids to ask, a list or comma text (default: every seat)")


class PromptRef(GenericParams):
    prompt: str = Field(description="the prompt id (g1, g2, ...)")


class Answer(PromptRef):
    value: Annotated[int | str, AsSent()] = Field(description="a number within the bid's range, or one of the choices")
