"""The fields of each generic-table move, as parameter models (:class:`companion.moves.Params`)."""

from __future__ import annotations

from pydantic import ConfigDict, Field

from ...moves import Params


class GenericParams(Params):
    """The rules read every text field with ``str()``: a counter named "7", a bid titled 2025 or a
    vote choice "1.5" sent as a JSON number passes, as it always did."""

    model_config = ConfigDict(coerce_numbers_to_str=True)


class Counter(GenericParams):
    counter: str = Field(description="the counter's name")
    seat: str | None = Field(None, description="whose counter (a seat id); none: a shared counter")


class Change(Counter):
    delta: int = Field(description="how much to add (negative to take), -999 to 999")


class SetValue(Counter):
    value: int = Field(description="the new value")


class Roll(GenericParams):
    dice: str = Field("2d6", description="dice like 2d6, d20 or 3d6+2")


class OpenPrompt(GenericParams):
    title: str = Field(description="what is asked (80 characters)")
    kind: str = Field("number", description="number (a bid) or choice (a vote)")
    min: int | None = Field(None, description="lowest bid (number)")
    max: int | None = Field(None, description="highest bid (number)")
    choices: str | None = Field(None, description="comma-separated choices (vote)")
    seats: list[str] | str | None = Field(None, description="seat ids to ask (default: every seat)")


class PromptRef(GenericParams):
    prompt: str = Field(description="the prompt id")


class Answer(PromptRef):
    value: int | str = Field(description="a number within the bid's range, or one of the choices")
