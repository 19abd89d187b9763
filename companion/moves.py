"""Declared moves: every action a game accepts, who may make it, when, and with which fields.

A game lists its moves once (``Game.moves``); the shared dispatcher (:meth:`Moves.check`, called
by :meth:`companion.games.base.Game.apply`) refuses an unknown move, a move by the wrong kind of
actor, a move out of its stage, or a move whose fields do not fit its parameter model — the same
way in every game, with a cited message and nothing changed. Only then does the move's handler
run. The action reference in ``docs/api.md`` is generated from these declarations
(:mod:`companion.moves_doc`, ``python -m companion.moves_doc``) and a test keeps the two equal.

Stages: a game names where it stands with a path such as ``"action/combat/support"``
(:meth:`Game.stage`); a move declared for ``"action/combat"`` is allowed anywhere inside combat.
A move with no stages is allowed at any time (host corrections, profile edits...).

The handler still receives the action as sent (a ``dict``): the parameter model is the gate and
the documentation, so a move's JSON fields never change by being declared.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError, model_validator

from .basics import Action, Actor, Ctx, RuleError, State
from .i18n import N_

RULE_ACTIONS = "companion: actions"
RULE_INPUT = "companion: input"
#: Who may make a move: a seated player (the host may stand in for one, to correct things), the
#: host only (a host phone counts), or anyone with a token at the table.
Who = Literal["seat", "host", "anyone"]
WHO_TEXT = {"seat": "a seated player (or the host for them)", "host": "the host", "anyone": "a player or the host"}


def _accepts_text(annotation: Any) -> bool:
    """True when a field's type admits a string (so an empty form field is a value, not "unset")."""
    if annotation is str or annotation is Any:
        return True
    origin = typing.get_origin(annotation)
    if origin in (typing.Union, types.UnionType):
        return any(_accepts_text(arg) for arg in typing.get_args(annotation))
    if origin is Literal:
        return any(isinstance(arg, str) for arg in typing.get_args(annotation))
    return False


def type_text(annotation: Any) -> str:
    """A field's type as the reference shows it: ``int``, ``str or null``, ``"number" or "choice"``."""
    origin = typing.get_origin(annotation)
    if annotation is type(None):
        return "null"
    if origin in (typing.Union, types.UnionType):
        return " or ".join(type_text(arg) for arg in typing.get_args(annotation))
    if origin is Literal:
        return " or ".join(f'"{arg}"' if isinstance(arg, str) else str(arg) for arg in typing.get_args(annotation))
    if origin in (list, tuple, set):
        args = typing.get_args(annotation)
        return f"list of {type_text(args[0])}" if args else "list"
    if origin is dict:
        return "object"
    if annotation is Any:
        return "any"
    return getattr(annotation, "__name__", str(annotation))


class Params(BaseModel):
    """Base of every move's parameter model.

    Lax on purpose: HTML forms send numbers as strings and leave optional fields empty, and the
    JSON API sends real numbers; both must pass. Unknown extra fields are ignored, as the rules
    always did (a form may carry its own bookkeeping fields). ``type`` is the move's name.
    """

    model_config = ConfigDict(extra="ignore")

    @model_validator(mode="before")
    @classmethod
    def _blank_is_unset(cls, data: Any) -> Any:
        """An empty form field counts as not sent, unless the field takes text."""
        if not isinstance(data, dict):
            return data
        fields = cls.model_fields
        return {k: v for k, v in data.items()
                if not (v == "" and k in fields and not _accepts_text(fields[k].annotation))}


class NoParams(Params):
    """A move with no fields besides ``type``."""


Handler = Callable[[State, Ctx, Action], None]


@dataclass(frozen=True)
class Move:
    """One declared move.

    ``summary`` is a one-line English description for the API reference; ``rule`` the source
    that governs the move (the citation of an out-of-stage refusal); ``stages`` the stage paths
    where it is allowed (empty: any time); ``undoable=False`` with ``undo_refusal`` (msgid) when an
    undo would give information back (a private look at a hidden card); ``reveals`` when the move
    can make hidden information public (the server then refuses to undo across it, see
    ``Game.public_marks``); ``not_now`` an optional msgid for the out-of-stage refusal.

    ``sealed`` marks the answer to a sealed prompt (:mod:`companion.sealed`; the action carries
    ``prompt``): the server keeps only a seat's last answer to a prompt, hides the earlier ones for
    good and leaves unrevealed answers out of exports. It is declared, never inferred from the name:
    a game may call its sealed input what it likes (``Move("bid", ..., sealed=True)``), and a move
    named ``answer`` that is not declared sealed is an ordinary public move.
    """

    name: str
    run: Handler
    summary: str
    rule: str
    params: type[Params] = NoParams
    who: Who = "anyone"
    stages: tuple[str, ...] = ()
    undoable: bool = True
    undo_refusal: str | None = None
    reveals: bool = False
    not_now: str | None = None
    #: the citation of that refusal when it is not the move's own rule (a game-wide condition,
    #: such as "the game is over", is cited where that condition is written)
    not_now_rule: str | None = None
    entry: str | None = None
    sealed: bool = False

    def allowed_in(self, stage: str) -> bool:
        """Whether ``stage`` (a path like ``"action/combat/support"``) is inside one of ours."""
        if not self.stages:
            return True
        return any(stage == s or stage.startswith(s + "/") for s in self.stages)

    def fields(self) -> list[tuple[str, str, bool, str]]:
        """(name, type, required, description) of each parameter, for the reference (a field
        named like a Python keyword, ``from``, is declared ``from_`` with ``alias="from"``)."""
        return [(info.alias or name, type_text(info.annotation), info.is_required(), info.description or "")
                for name, info in self.params.model_fields.items()]


class Moves:
    """A game's declared moves, in the order the reference lists them."""

    def __init__(self, moves: Iterable[Move]) -> None:
        self._moves: dict[str, Move] = {}
        for move in moves:
            if move.name in self._moves:
                raise ValueError(f"move {move.name!r} is declared twice")
            if not move.undoable and not move.undo_refusal:
                raise ValueError(f"move {move.name!r} is not undoable but says no why")
            self._moves[move.name] = move

    def __iter__(self) -> Iterator[Move]:
        return iter(self._moves.values())

    def __contains__(self, name: object) -> bool:
        return name in self._moves

    def __len__(self) -> int:
        return len(self._moves)

    def get(self, name: str) -> Move | None:
        return self._moves.get(name)

    def is_sealed(self, action: Action) -> bool:
        """Whether ``action`` answers a sealed prompt (its move is declared ``sealed``)."""
        move = self._moves.get(str(action.get("type")))
        return bool(move is not None and move.sealed)

    def check(self, stage: str, actor: Actor, action: Action) -> Move:
        """The declared move for ``action``, or the generic cited refusal (nothing changes)."""
        move = self._declared(actor, action)
        if not move.allowed_in(stage):
            raise RuleError(move.not_now or N_("This is not possible at this step of the game."),
                            move.not_now_rule or move.rule, status=409, entry=move.entry, move=move.name)
        self._fields(move, action)
        return move

    def check_shape(self, actor: Actor, action: Action) -> Move:
        """The checks that read no state: a declared move, made by the right kind of actor, whose
        fields fit its model. The server runs them before it looks up an idempotency key, so a
        retried key never lets an unknown or malformed move through with a 200."""
        move = self._declared(actor, action)
        self._fields(move, action)
        return move

    def _declared(self, actor: Actor, action: Action) -> Move:
        name = action.get("type")
        move = self._moves.get(name) if isinstance(name, str) else None
        if move is None:
            raise RuleError("Unknown action: %(type)s.", RULE_ACTIONS, entry="companion-input",
                            type=str(name)[:40])
        if move.who == "host":
            actor.require_host()
        elif move.who == "seat" and not (actor.seat or actor.host):
            actor.require_seat()
        return move

    @staticmethod
    def _fields(move: Move, action: Action) -> None:
        try:
            move.params.model_validate(action)
        except ValidationError as err:
            first = err.errors()[0]
            where = ".".join(str(p) for p in first.get("loc", ())) or "type"
            raise RuleError("The field %(field)s is missing or has the wrong type.", RULE_INPUT,
                            entry="companion-input", field=where[:60]) from None

    def undo_refusal(self, action: Action) -> RuleError | None:
        """Why an undo of ``action`` is refused (declared ``undoable=False``), or None."""
        move = self._moves.get(str(action.get("type")))
        if move is None or move.undoable or move.undo_refusal is None:
            return None
        why: str = move.undo_refusal  # a msgid the game marked with N_()
        return RuleError(why, move.rule, status=409)


if __name__ == "__main__":  # the reference generator moved: say so rather than do nothing
    import sys

    print("The moves reference is generated by `python -m companion.moves_doc` now.", file=sys.stderr)
    sys.exit(2)
