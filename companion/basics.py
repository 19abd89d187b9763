"""The plain types every rules engine, the move dispatcher and the server share: the state and an
action (JSON dicts), a refusal (:class:`RuleError`), who acts (:class:`Actor`) and what a move may
use while it runs (:class:`Ctx`: the actor, this event's seeded RNG, the log).

They live apart from the ``Game`` contract (:mod:`companion.games.base`, which re-exports them) so
that :mod:`companion.moves` and the contract import this module instead of each other: no import
cycle, not even one for typing only (issue #28).
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any, NotRequired, TypedDict

from .i18n import english

State = dict[str, Any]
Action = dict[str, Any]


class Text(TypedDict):
    """A msgid and its ``%(name)s`` parameters, translated per viewer by the web layer."""

    msg: str
    params: dict[str, Any]


class LogLine(Text):
    """One line :meth:`Ctx.log` adds (docs/games-howto.md, "The rules engine"): a secret line also carries
    ``hidden`` (what the others read meanwhile), the sealed ``prompt`` that unlocks it and the
    ``seat`` that may always read it. The server adds ``seq``, ``kind`` and ``actor``."""

    hidden: NotRequired[Text]
    prompt: NotRequired[str | None]
    seat: NotRequired[str | None]


class RuleError(Exception):
    """A refused action: ``message`` is a msgid with ``%(name)s`` params, ``rule`` cites the source.

    ``rule`` names the rulebook file and printed page, e.g. ``"seed 000 p.10"``, or a product rule
    such as ``"companion: seats"`` when no rulebook is involved. The message must never contain a
    secret the actor may not know. A message with a count passes its plural as ``_plural=`` and the
    count as ``n`` (see :mod:`companion.i18n`).
    """

    def __init__(self, message: str, rule: str | None = None, status: int = 400, entry: str | None = None,
                 **params: Any):
        super().__init__(english(message, params))
        self.message = message
        self.rule = rule
        self.status = status
        #: optional id of the rules reference entry that explains this refusal ("Why?" link);
        #: without it the web layer finds the best entry from ``rule`` and ``message``
        self.entry = entry
        self.params = params


@dataclass(frozen=True)
class Actor:
    """Who performs an action: a seat, the host (``host=True``), or both (a phone with host rights)."""

    seat: str | None = None
    host: bool = False

    def require_seat(self) -> str:
        if not self.seat:
            raise RuleError("Only a seated player can do this.", "companion: seats", status=403,
                            entry="companion-seats")
        return self.seat

    def require_host(self) -> None:
        if not self.host:
            raise RuleError("Only the host can do this.", "companion: host rights", status=403)

    def require(self, seat: str) -> None:
        """The action must come from ``seat`` (the host may act for any seat, to correct things)."""
        if self.seat != seat and not self.host:
            raise RuleError("It is not your turn to do this.", "companion: turns", status=403)


@dataclass
class Ctx:
    """What a game may use while applying one event: actor, this event's RNG, and the log."""

    actor: Actor
    rng: random.Random
    names: dict[str, str] = field(default_factory=dict)
    entries: list[LogLine] = field(default_factory=list)
    #: copies of the state at each round end this event passed (:meth:`round_end`)
    round_ends: list[State] = field(default_factory=list)

    def round_end(self, state: State) -> None:
        """Mark the end of a round inside an event that goes on into the next round (AGoT's
        last order then the next Westeros phase): the round's story (:mod:`companion.history`)
        reads the public view of this copy, not of the state the next round already changed."""
        self.round_ends.append(json.loads(json.dumps(state)))

    def log(
        self,
        msg: str,
        *,
        hidden: str | None = None,
        prompt: str | None = None,
        seat: str | None = None,
        hidden_params: dict[str, Any] | None = None,
        **params: Any,
    ) -> None:
        """Add a readable log line.

        For a secret (an answer to a sealed prompt, a private peek), pass ``prompt`` (the sealed
        prompt id: the line is public once that prompt is revealed) and/or ``seat`` (the one seat
        that may always read it) plus ``hidden``: the text everyone else reads meanwhile, with
        ``hidden_params`` (which must not contain the secret). With ``seat`` and no ``prompt``
        the line stays private to that seat forever.
        """
        entry: LogLine = {"msg": msg, "params": params}
        if hidden is not None or prompt is not None or seat is not None:
            entry["hidden"] = {"msg": hidden or "(secret)", "params": hidden_params or {}}
            entry["prompt"] = prompt
            entry["seat"] = seat
        self.entries.append(entry)

    def name(self, seat: str | None) -> str:
        """The player's name for a seat (falls back to the seat id)."""
        if seat is None:
            return "host"
        return self.names.get(seat) or seat
