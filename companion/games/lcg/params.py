"""The fields of each LCG move, as parameter models (:class:`companion.moves.Params`), and the
readers the handlers share for text, names and plots.

They are the gate and the documentation of ``POST /api/tables/<code>/actions`` (the moves
reference of docs/api.md is generated from them): lax on purpose, since a phone form sends numbers
as text and lists as comma-separated text. Each field's range and choices are declared here with the
page a refusal cites; the handlers in :mod:`.moves` receive the validated model and check what
depends on the state (whose opportunity it is, which event waits for input, a seat of this table).
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Field

from ...moves import RULE_INPUT, AsSent, Params, Refuse, whole, within
from ..base import RuleError
from . import data

RULE_FACTS = "facts lcg.md"
PRODUCT = "companion: lcg table"
RULE_STRENGTH = "seed 003 Page 9"
RULE_CHALLENGES = "seed 003 Page 12"
#: a plot's printed numbers (facts lcg.md)
PLOT_GOLD, PLOT_INITIATIVE, PLOT_CLAIM = 20, 20, 9

ChallengeType = Literal["military", "intrigue", "power"]
Counter = Literal["gold", "power", "char_power", "income_bonus", "initiative_bonus", "claim_bonus"]
#: A seat's private plot deck holds at most this many plots.
MAX_PLOTS = 10


# -- reading fields -------------------------------------------------------------------------------
def text(raw: str | None, key: str, limit: int, required: bool = False) -> str:
    """A text field trimmed to ``limit``; a ``required`` one refused when empty."""
    value = str(raw or "").strip()[:limit]
    if required and not value:
        raise RuleError("%(field)s must not be empty.", PRODUCT, entry="companion-input", field=key)
    return value


def names(raw: str) -> list[str]:
    """A comma- or line-separated list of names (titles), at most 12 of 40 characters."""
    return [n.strip()[:40] for n in str(raw or "").replace("\n", ",").split(",") if n.strip()][:12]


def read_plot(raw: Any) -> dict[str, Any]:
    """A plot as the table keeps it: its name and printed gold, initiative and claim (facts lcg.md),
    from a :class:`Plot` or a plot's fields (a phone form's flat fields, a deck kept as JSON text)."""
    if isinstance(raw, Plot):
        raw = raw.model_dump()
    if not isinstance(raw, dict):
        raise RuleError("A plot needs a name, gold, initiative and claim.", RULE_FACTS)
    name = str(raw.get("name") or "").strip()[:40]
    if not name:
        raise RuleError("A plot needs a name, gold, initiative and claim.", RULE_FACTS)
    wr = raw.get("when_revealed")
    return {
        "name": name,
        "gold": within(whole(raw.get("gold"), RULE_FACTS, "gold"), 0, PLOT_GOLD, RULE_FACTS, "gold"),
        "initiative": within(whole(raw.get("initiative"), RULE_FACTS, "initiative"), 0, PLOT_INITIATIVE,
                             RULE_FACTS, "initiative"),
        "claim": within(whole(raw.get("claim"), RULE_FACTS, "claim"), 0, PLOT_CLAIM, RULE_FACTS, "claim"),
        "when_revealed": wr is True or str(wr).lower() in ("1", "true", "on", "yes"),
    }


class LcgParams(Params):
    """LCG fields are read with ``str()`` by the rules, so a number sent for a text field passes."""

    model_config = ConfigDict(coerce_numbers_to_str=True)


#: compared as sent with the view's id (a JSON true is no id: kept as sent, it matches none)
Opp = Annotated[int | str | None, AsSent()]


class Pass(LcgParams):
    opp: Opp = Field(None, description="the opportunity id from the view (`opp`); a stale one is refused (409)")


class PassAhead(LcgParams):
    round: Opp = Field(None, description="the private view's `countdown.round`; "
                                                      "a round that moved on is refused (409)")
    wait: bool | str | None = Field(None, description="true when the player tapped Wait (nothing changes)")
    stop: str | None = Field(None, description="a later window of the open run (a box id from the public view's "
                                             "`run.later`) to be stopped at: nothing until then (secret)")


class Act(Pass):
    label: str | None = Field(None, description="what is played (60 characters)")
    effect: str | None = Field(None, description="`cancel` (default) or `save`, in a save/cancel round")


class Label(LcgParams):
    label: str = Field(description="the ability or card (60 characters; a card 40)")


class Index(LcgParams):
    # its range is the list's length (the handler checks it)
    index: Annotated[int, AsSent()] = Field(description="position in the list, from 0")


class PassiveOrder(LcgParams):
    order: list[int] | str = Field(description="every waiting passive's index once, in resolving order "
                                               "(a list, or comma-separated)")


#: a plot's printed number, refused citing the facts file
Printed = Annotated[int, Refuse(rule=RULE_FACTS)]


class Plot(LcgParams):
    name: str = Field(description="the plot's name (40 characters)")
    gold: Printed = Field(ge=0, le=PLOT_GOLD, description="printed gold")
    initiative: Printed = Field(ge=0, le=PLOT_INITIATIVE, description="printed initiative")
    claim: Printed = Field(ge=0, le=PLOT_CLAIM, description="printed claim")
    when_revealed: bool | str | None = Field(None, description="true when it has a \"when revealed\" effect")


class PlotAnswer(LcgParams):
    prompt: str | None = Field(None, description="the plot prompt id (default: this round's)")
    value: Plot | None = Field(None, description="the plot, with `add_plot`'s fields; a phone form sends them flat "
                                               "instead")
    # the flat form is read only without a `value` (its ranges are `value`'s, checked then)
    name: str | None = Field(None, description="flat form of `value`")
    gold: Annotated[int | None, AsSent()] = None
    initiative: Annotated[int | None, AsSent()] = None
    claim: Annotated[int | None, AsSent()] = None
    when_revealed: bool | str | None = None


class PlotDeck(LcgParams):
    plots: list[Plot] | str = Field(description=f"up to {MAX_PLOTS} plots, each with `add_plot`'s fields; a "
                                                "list, or the same list as a JSON string from a phone form")

    def deck(self) -> list[Any] | None:
        """The plots sent: the list, or the list a phone form's JSON text holds (its plots read by
        :func:`read_plot`); None when the text holds no list."""
        if not isinstance(self.plots, str):
            return list(self.plots)
        try:
            raw = json.loads(self.plots)
        except ValueError:
            return None
        return raw if isinstance(raw, list) else None


class SeatChoice(LcgParams):
    seat: str = Field(description="a seat id")


class SeatOrder(LcgParams):
    order: list[str] | str = Field(description="every seat with a \"when revealed\" plot once "
                                               "(a list, or comma-separated)")


class TitleChoice(LcgParams):
    title: str = Field(description="one of the free titles")


class Challenge(LcgParams):
    challenge: Annotated[ChallengeType, Refuse(rule=RULE_CHALLENGES)] = Field(
        description="the challenge type (each once per phase)")
    opponent: str | None = Field(None, description="the defending seat (needed in a melee)")


class Strength(LcgParams):
    attacker: Annotated[int, Refuse(rule=RULE_STRENGTH)] = Field(ge=0, le=99, description="attacking STR")
    defender: Annotated[int, Refuse(rule=RULE_STRENGTH)] = Field(ge=0, le=99, description="defending STR")


class Dominance(LcgParams):
    strength: Annotated[int, Refuse(rule=RULE_CHALLENGES)] = Field(
        ge=0, le=999, description="STR of standing characters (plus gold per the table option)")
    seat: str | None = Field(None, description="whose total (default: the actor's seat; the host names one)")


class Adjust(LcgParams):
    field: Annotated[Counter, Refuse(rule=RULE_INPUT)] = Field(description="which counter")
    delta: Annotated[int, Refuse(rule=RULE_INPUT)] = Field(
        ge=-99, le=99, description="how much to add (negative to spend)")
    seat: str | None = Field(None, description="whose counter (default: the actor's seat)")


class HostSet(LcgParams):
    seat: str = Field(description="a seat id")
    field: Annotated[Counter, Refuse(rule=RULE_INPUT)] = Field(description="which counter")
    # its range depends on the counter (the handler checks it)
    value: Annotated[int, AsSent()] = Field(description="the new value: 0-999, modifiers -9 to 9")


class Autopass(LcgParams):
    kinds: list[str] | str | None = Field(None, description="window kinds to auto-pass (box ids and "
                                                            "`act.<phase>`); a list, or comma-separated")


class WindowTime(LcgParams):
    scale: Annotated[Literal[0, 1, 2, 4, 10] | Literal["0", "1", "2", "4", "10"], AsSent()] = Field(
        description="this seat's time limit on windows that close by themselves: the table's countdown "
                    "times 1, 2, 4 or 10, or 0 for none (the phone waits for its player's tap)")


class SetPhase(LcgParams):
    phase: Annotated[data.Phase, Refuse(rule=RULE_INPUT)] = Field(description="the phase to start")


class TitlesSetup(LcgParams):
    titles: str = Field(description="comma-separated titles, at least one per player")
    relations: str | None = Field(None, description="who supports or opposes whom (2000 characters)")
    shown: str | None = Field(None, description="the table's titles as the form showed them (in the host's "
                                                "language, in order): a title sent back as shown stays the "
                                                "table's own, which every phone shows in its language")
