"""What a house card's ability is to the combat: an object with hooks the combat calls at its steps.

Every printed ability is one subclass in ``abilities.py`` (its registry, keyed by card id). The
combat never asks which card is in play; it asks the card's ability at each step (seed 000 p.19:
cancels first, then the other "immediately" abilities, then those that wait for the winner), and
a card without text answers with this class's defaults, which change nothing.

``own`` is always the side ("attacker" / "defender") whose card carries the ability; ``c`` is the
running combat dict (``combat_calc.py`` lists its fields). Calculator hooks only read; procedure
hooks may change the combat and the board and write the log.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..base import Ctx, State
from .combat_sides import Combat
from .params import CardAbility

#: the rule source of a refusal that comes from a card's own text (printed card, facts file)
RULE_CARD_TEXT = "facts: house cards"


@dataclass(frozen=True)
class Reask:
    """A decision that sends a side back to choose another house card (Tyrion, Aeron; p.19):
    ``side`` chooses again and may not pick ``exclude``."""

    side: str
    exclude: str


class Ability:
    """A house card with no ability, and the default of every hook (each one changes nothing)."""

    #: the card id this ability is printed on ("" for none)
    card: str = ""
    #: the short name: the pending decision's kind, the rule entry ``card-<key>`` and the data key
    key: str = ""
    #: when it acts (seed 000 p.19): "cancel", "immediate" or "after" (the winner is known)
    timing: str = ""
    #: the one-line card text shown when the card is revealed (a msgid, our own paraphrase)
    text: str = ""
    #: Robb Stark: the winner's owner picks the area the loser retreats to
    chooses_retreat: bool = False

    # -- the calculator (read only) -------------------------------------------------------------
    def unit_value(self, c: Combat, own: str, kind: str, owner: str | None, side: str, value: int) -> int:
        """The strength of one unit of ``owner`` fighting or supporting on ``side``."""
        return value

    def voids_unit(self, c: Combat, own: str, kind: str, owner: str | None) -> bool:
        """True when this ability makes such a unit count 0, whatever else raises it."""
        return False

    def defense_items(self, c: Combat, own: str, bonus: int) -> list[dict[str, Any]]:
        """Strength items added beside the defender's Defense order of ``bonus``."""
        return []

    def opponent_strength(self, c: Combat, own: str, printed: int) -> int:
        """The printed strength the opposing card counts with."""
        return printed

    def strength_items(self, c: Combat, own: str) -> list[dict[str, Any]]:
        """Strength items this ability adds to its own side (after the card's printed strength)."""
        return []

    def swords(self, c: Combat, own: str) -> int:
        """Swords this ability adds to its own side."""
        return 0

    def forts(self, c: Combat, own: str) -> int:
        """Fortifications this ability adds to its own side."""
        return 0

    def spares_units(self, c: Combat, own: str) -> bool:
        """True when its own side loses no unit to swords, skulls or card texts."""
        return False

    # -- the procedure ----------------------------------------------------------------------------
    def facts(self, state: State, c: Combat, own: str) -> dict[str, bool]:
        """Board facts its calculator hooks read, taken from the state into ``c["facts"][name][own]``
        after the reveal and again at the final strength (the calculator never reads the state)."""
        return {}

    def asks_on_reveal(self, state: State, c: Combat, own: str) -> bool:
        """Whether, once the cards are revealed, its owner has a decision to take (cancel/immediate)."""
        return False

    def immediately(self, state: State, c: Combat, own: str) -> None:
        """An effect with no decision, after the cancels and before the Blade (seed 000 p.19)."""

    def asks_after_result(self, state: State, c: Combat, own: str, win: str) -> bool:
        """Whether its owner decides something once the winner ``win`` is known."""
        return False

    def bars_move_in(self, c: Combat, own: str) -> bool:
        """True when a winning attacker may not move into the embattled area."""
        return False

    def on_win(self, state: State, ctx: Ctx, c: Combat, own: str) -> None:
        """Clean-up effect when its own side won (seed 000 p.21)."""

    def on_loss(self, state: State, ctx: Ctx, c: Combat, own: str) -> None:
        """Clean-up effect when its own side lost, after the played cards are discarded."""

    def asks_after_combat(self, state: State, c: Combat, own: str) -> bool:
        """Whether its owner decides something once the clean-up is done ("after combat")."""
        return False

    def targets(self, state: State, c: Combat, own: str) -> list[str] | None:
        """What the owner's phone may pick for the pending decision (areas or cards), if anything."""
        return None

    def decide(self, state: State, ctx: Ctx, c: Combat, own: str, action: CardAbility) -> Reask | None:
        """Apply the owner's "yes" to its pending decision (``action`` carries the pick); a
        :class:`Reask` sends a side back to choose another card."""
        return None


NO_ABILITY = Ability()
