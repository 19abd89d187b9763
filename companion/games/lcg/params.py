"""The fields of each LCG move, as parameter models (:class:`companion.moves.Params`), and the
readers the handlers share for text, names and plots.

They are the gate and the documentation of ``POST /api/tables/<code>/actions`` (the moves
reference of docs/api.md is generated from them): lax on purpose, since a phone form sends numbers
as text and lists as comma-separated text. The handlers in :mod:`.moves` still read the action as
sent and check what depends on the state (whose opportunity it is, which event waits for input).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import ConfigDict, Field

from ...moves import Params
from ..base import Action, RuleError, get_int
from . import data

RULE_FACTS = "facts lcg.md"
PRODUCT = "companion: lcg table"

ChallengeType = Literal["military", "intrigue", "power"]
Counter = Literal["gold", "power", "char_power", "income_bonus", "initiative_bonus", "claim_bonus"]
#: A seat's private plot deck holds at most this many plots.
MAX_PLOTS = 10


# -- reading fields -------------------------------------------------------------------------------
def text(action: Action, key: str, limit: int, required: bool = False) -> str:
    value = str(action.get(key) or "").strip()[:limit]
    if required and not value:
        raise RuleError("%(field)s must not be empty.", PRODUCT, entry="companion-input", field=key)
    return value


def names(raw: str) -> list[str]:
    """A comma- or line-separated list of names (titles), at most 12 of 40 characters."""
    return [n.strip()[:40] for n in str(raw or "").replace("\n", ",").split(",") if n.strip()][:12]


def read_plot(raw: Any) -> dict[str, Any]:
    """A plot as the phone sends it: its name and printed gold, initiative and claim (facts lcg.md)."""
    if not isinstance(raw, dict):
        raise RuleError("A plot needs a name, gold, initiative and claim.", RULE_FACTS)
    name = str(raw.get("name") or "").strip()[:40]
    if not name:
        raise RuleError("A plot needs a name, gold, initiative and claim.", RULE_FACTS)
    wr = raw.get("when_revealed")
    return {
        "name": name,
        "gold": get_int(raw, "gold", 0, 20, RULE_FACTS),
        "initiative": get_int(raw, "initiative", 0, 20, RULE_FACTS),
        "claim": get_int(raw, "claim", 0, 9, RULE_FACTS),
        "when_revealed": wr is True or str(wr).lower() in ("1", "true", "on", "yes"),
    }


class LcgParams(Params):
    """LCG fields are read with ``str()`` by the rules, so a number sent for a text field passes."""

    model_config = ConfigDict(coerce_numbers_to_str=True)


Opp = int | str | None


class Pass(LcgParams):
    opp: Opp = Field(None, description="the opportunity id from the view (`opp`); a stale one is refused (409)")


class PassAhead(LcgParams):
    round: int | str | None = Field(None, description="the private view's `countdown.round`; "
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
    index: int = Field(description="position in the list, from 0")


class PassiveOrder(LcgParams):
    order: list[int] | str = Field(description="every waiting passive's index once, in resolving order "
                                               "(a list, or comma-separated)")


class Plot(LcgParams):
    name: str = Field(description="the plot's name (40 characters)")
    gold: int = Field(description="printed gold, 0-20")
    initiative: int = Field(description="printed initiative, 0-20")
    claim: int = Field(description="printed claim, 0-9")
    when_revealed: bool | str | None = Field(None, description="true when it has a \"when revealed\" effect")


class PlotAnswer(LcgParams):
    prompt: str | None = Field(None, description="the plot prompt id (default: this round's)")
    value: Plot | None = Field(None, description="the plot, with `add_plot`'s fields; a phone form sends them flat "
                                               "instead")
    name: str | None = Field(None, description="flat form of `value`")
    gold: int | None = None
    initiative: int | None = None
    claim: int | None = None
    when_revealed: bool | str | None = None


class PlotDeck(LcgParams):
    plots: list[Plot] | str = Field(description=f"up to {MAX_PLOTS} plots, each with `add_plot`'s fields; a "
                                                "list, or the same list as a JSON string from a phone form")


class SeatChoice(LcgParams):
    seat: str = Field(description="a seat id")


class SeatOrder(LcgParams):
    order: list[str] | str = Field(description="every seat with a \"when revealed\" plot once "
                                               "(a list, or comma-separated)")


class TitleChoice(LcgParams):
    title: str = Field(description="one of the free titles")


class Challenge(LcgParams):
    challenge: ChallengeType = Field(description="the challenge type (each once per phase)")
    opponent: str | None = Field(None, description="the defending seat (needed in a melee)")


class Strength(LcgParams):
    attacker: int = Field(description="attacking STR, 0-99")
    defender: int = Field(description="defending STR, 0-99")


class Dominance(LcgParams):
    strength: int = Field(description="STR of standing characters (plus gold per the table option), 0-999")
    seat: str | None = Field(None, description="whose total (default: the actor's seat; the host names one)")


class Adjust(LcgParams):
    field: Counter = Field(description="which counter")
    delta: int = Field(description="how much to add (negative to spend), -99 to 99")
    seat: str | None = Field(None, description="whose counter (default: the actor's seat)")


class HostSet(LcgParams):
    seat: str = Field(description="a seat id")
    field: Counter = Field(description="which counter")
    value: int = Field(description="the new value: 0-999, modifiers -9 to 9")


class Autopass(LcgParams):
    kinds: list[str] | str | None = Field(None, description="window kinds to auto-pass (box ids and "
                                                            "`act.<phase>`); a list, or comma-separated")


class WindowTime(LcgParams):
    scale: Literal[0, 1, 2, 4, 10] | Literal["0", "1", "2", "4", "10"] = Field(
        description="this seat's time limit on windows that close by themselves: the table's countdown "
                    "times 1, 2, 4 or 10, or 0 for none (the phone waits for its player's tap)")


class SetPhase(LcgParams):
    phase: data.Phase = Field(description="the phase to start")


class TitlesSetup(LcgParams):
    titles: str = Field(description="comma-separated titles, at least one per player")
    relations: str | None = Field(None, description="who supports or opposes whom (2000 characters)")
    shown: str | None = Field(None, description="the table's titles as the form showed them (in the host's "
                                                "language, in order): a title sent back as shown stays the "
                                                "table's own, which every phone shows in its language")
