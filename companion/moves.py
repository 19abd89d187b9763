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

Each field is declared once, in the move's parameter model: its type, its default, its range
(``Field(ge=…, le=…)``), its choices (a ``Literal`` or :class:`OneOf`) and, where a player should read
the rule rather than the field's name, the refusal to say (:class:`Refuse`). The handler receives the
validated model and never reads the raw action: a value out of its declared range never reaches it.
A handler of a ``sealed`` move returns the prompt it answered (the engine keys a seat's answers by it).
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, Literal

import annotated_types
from pydantic import BaseModel, ConfigDict, GetCoreSchemaHandler, ValidationError, model_validator
from pydantic.fields import FieldInfo
from pydantic_core import CoreSchema, ErrorDetails, PydanticCustomError, core_schema

from .basics import Action, Actor, Ctx, RuleError, State
from .i18n import N_

RULE_ACTIONS = "companion: actions"
RULE_INPUT = "companion: input"
#: Who may make a move: a seated player (the host may stand in for one, to correct things), the
#: host only (a host phone counts), or anyone with a token at the table.
Who = Literal["seat", "host", "anyone"]
WHO_TEXT = {"seat": "a seated player (or the host for them)", "host": "the host", "anyone": "a player or the host"}


def _accepts(annotation: Any, kind: type) -> bool:
    """True when a field's type admits values of ``kind`` (``str``: an empty form field is then a
    value, not "unset"; ``bool``: ``true`` is a value, not the number 1)."""
    if annotation is kind or annotation is Any:
        return True
    origin = typing.get_origin(annotation)
    if origin in (typing.Union, types.UnionType):
        return any(_accepts(arg, kind) for arg in typing.get_args(annotation))
    if origin is Literal:
        return any(isinstance(arg, kind) for arg in typing.get_args(annotation))
    return False


@dataclass(frozen=True)
class Refuse:
    """What a field's refusal says, declared beside the field (``Annotated[int, Refuse(...)]``).

    ``why`` (a msgid; ``%(min)s``/``%(max)s`` are the declared range) replaces the generic
    "%(field)s must be between..." when a player should read the rule rather than a field name;
    ``rule`` cites the source (default: the move's own rule); ``entry`` names the reference entry."""

    why: str | None = None
    rule: str | None = None
    entry: str | None = None


@dataclass(frozen=True)
class OneOf:
    """A text field whose value must be one of ``choices`` (ids read from a game's data files, too
    many for a ``Literal``): ``Annotated[str, OneOf(AREAS, "an area id")]``; ``what`` names them in
    the reference."""

    choices: frozenset[str]
    what: str

    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler) -> CoreSchema:
        return core_schema.no_info_after_validator_function(self._check, handler(source))

    def _check(self, value: Any) -> Any:
        if value is not None and value not in self.choices:
            raise PydanticCustomError("one_of", "not one of the allowed values")
        return value


@dataclass(frozen=True)
class AsSent:
    """A number the handler reads only in some cases (``whole``, ``within``): a JSON ``true`` reaches
    it as sent instead of becoming 1, so the handler refuses it where it reads the field, and a move
    that does not read it passes as it always did: ``Annotated[int | None, AsSent()]``."""

    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler) -> CoreSchema:
        return core_schema.no_info_wrap_validator_function(self._keep, handler(source))

    @staticmethod
    def _keep(value: Any, validate: core_schema.ValidatorFunctionWrapHandler) -> Any:
        return value if isinstance(value, bool) else validate(value)


RANGE_ERRORS = {"greater_than_equal", "less_than_equal", "greater_than", "less_than"}
CHOICE_ERRORS = {"literal_error", "enum", "one_of"}


def bounds(info: FieldInfo) -> tuple[int | None, int | None]:
    """A field's declared range (``Field(ge=…, le=…)``), either end None when open."""
    lo = next((m.ge for m in info.metadata if isinstance(m, annotated_types.Ge)), None)
    hi = next((m.le for m in info.metadata if isinstance(m, annotated_types.Le)), None)
    return lo, hi  # type: ignore[return-value]  # the models declare whole-number bounds


def refuse_of(info: FieldInfo) -> Refuse:
    """The field's declared :class:`Refuse` (an empty one when it declares none)."""
    return next((m for m in info.metadata if isinstance(m, Refuse)), Refuse())


def _bounded(info: FieldInfo) -> bool:
    """A field with a declared range (a number the handler always reads)."""
    return any(isinstance(m, annotated_types.Ge | annotated_types.Le) for m in info.metadata)


def _chooses(info: FieldInfo) -> bool:
    """A :class:`OneOf` field (an empty form select is "unset" there, never a choice)."""
    return any(isinstance(m, OneOf) and "" not in m.choices for m in info.metadata)


def choices_text(info: FieldInfo) -> str | None:
    """What a :class:`OneOf` field accepts, for the reference, or None."""
    return next((m.what for m in info.metadata if isinstance(m, OneOf)), None)


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
        fields = {info.alias or name: info for name, info in cls.model_fields.items()}
        out: dict[str, Any] = {}
        for key, value in data.items():
            info = fields.get(key)
            if info is not None and value == "" and (not _accepts(info.annotation, str) or _chooses(info)):
                continue
            if info is not None and isinstance(value, bool) and _bounded(info):
                value = str(value).lower()  # true is no number in a range: refused as the wrong type
            out[key] = value
        return out


class NoParams(Params):
    """A move with no fields besides ``type``."""


#: a move's handler: the state, the context and the move's validated parameter model (its own
#: :class:`Params` subclass); a sealed move's handler returns the prompt id it answered
Handler = Callable[[State, Ctx, Any], "str | None"]


@dataclass(frozen=True)
class FieldDoc:
    """One parameter as the reference shows it."""

    name: str
    type: str
    required: bool
    description: str
    default: Any
    range: str


def field_doc(name: str, info: FieldInfo) -> FieldDoc:
    """The reference's view of one declared field: its type (or its choices), range and default."""
    lo, hi = bounds(info)
    span = "" if lo is None and hi is None else f"{'' if lo is None else lo}..{'' if hi is None else hi}"
    kind = choices_text(info) or type_text(info.annotation)
    return FieldDoc(info.alias or name, kind, info.is_required(), info.description or "",
                    None if info.is_required() else info.get_default(call_default_factory=True), span)


@dataclass(frozen=True)
class Checks:
    """One row of a game's "What each input is checked against" table in ``docs/rules-coverage.md``,
    declared beside the moves it describes and generated from them (:mod:`companion.moves_doc`).

    ``moves`` is the row's first column as printed (the moves in backticks, with what part of a move it
    means: "`answer` (bids), `order_ties`"): every move it names declares this very row, and no other;
    ``text`` what the input is checked against; ``pages`` the pages; ``row`` the row's place in the table
    (rows are numbered in tens, so a new one goes between two without renumbering)."""

    moves: str
    text: str
    pages: str
    row: int


#: why a move without fields has no row in its game's input-checks table (``Move.unchecked``)
UNCHECKED_NO_FIELDS = "no field: it names no place, card or piece a player holds"


@dataclass(frozen=True)
class Move:
    """One declared move.

    ``summary`` is a one-line English description for the API reference (``details`` what it adds
    below: how the fields are read, what follows); ``rule`` the source
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
    #: what the reference adds below the summary: how the game reads the fields, what follows
    details: str = ""
    #: the rows of the game's input-checks table (``docs/rules-coverage.md``) that describe this move
    checks: tuple[Checks, ...] = ()
    #: why a move of a game with an input-checks table has no row there (it names nothing a player owns)
    unchecked: str = ""

    def allowed_in(self, stage: str) -> bool:
        """Whether ``stage`` (a path like ``"action/combat/support"``) is inside one of ours."""
        if not self.stages:
            return True
        return any(stage == s or stage.startswith(s + "/") for s in self.stages)

    def fields(self) -> list[FieldDoc]:
        """Each parameter as the reference shows it (a field named like a Python keyword, ``from``,
        is declared ``from_`` with ``alias="from"``)."""
        return [field_doc(name, info) for name, info in self.params.model_fields.items()]


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

    def check(self, stage: str, actor: Actor, action: Action) -> tuple[Move, Params]:
        """The declared move for ``action`` and its validated fields, or the generic cited refusal
        (nothing changes)."""
        move = self._declared(actor, action)
        if not move.allowed_in(stage):
            raise RuleError(move.not_now or N_("This is not possible at this step of the game."),
                            move.not_now_rule or move.rule, status=409, entry=move.entry, move=move.name)
        return move, self._fields(move, action)

    def run(self, stage: str, state: State, ctx: Ctx, action: Action) -> str | None:
        """Check ``action`` and run its handler on ``state`` with the validated fields; the prompt a
        sealed move answered (its handler says which), else None."""
        move, params = self.check(stage, ctx.actor, action)
        answered = move.run(state, ctx, params)
        if not move.sealed:
            return None
        if not isinstance(answered, str):
            raise TypeError(f"the sealed move {move.name!r} did not return the prompt it answered")
        return answered

    def check_shape(self, actor: Actor, action: Action) -> Move:
        """The checks that read no state: a declared move, made by the right kind of actor, whose
        fields fit its model (types, ranges, choices). The server runs them before it looks up an
        idempotency key, so a retried key never lets an unknown or malformed move through with a 200."""
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
    def _fields(move: Move, action: Action) -> Params:
        try:
            return move.params.model_validate(action)
        except ValidationError as err:
            raise field_refusal(move, err.errors()[0]) from None

    def undo_refusal(self, action: Action) -> RuleError | None:
        """Why an undo of ``action`` is refused (declared ``undoable=False``), or None."""
        move = self._moves.get(str(action.get("type")))
        if move is None or move.undoable or move.undo_refusal is None:
            return None
        why: str = move.undo_refusal  # a msgid the game marked with N_()
        return RuleError(why, move.rule, status=409)


def within(value: int, lo: int, hi: int, rule: str | None, field: str, why: str | None = None,
           entry: str | None = None, **params: Any) -> int:
    """``value`` (already a validated whole number) checked against a range the state decides (a
    bid up to the power a house holds): the declared ranges are the models', this is a rule. The
    refusal reads like a declared range's: the field and its bounds, or ``why`` with ``params``."""
    if lo <= value <= hi:
        return value
    if why:
        raise RuleError(why, rule, entry=entry, **{"min": lo, "max": hi, **params})
    raise RuleError("%(field)s must be between %(min)s and %(max)s.", rule or RULE_INPUT, field=field,
                    min=lo, max=hi)


def among(value: Any, choices: Any, rule: str | None, field: str, why: str | None = None,
          entry: str | None = None, **params: Any) -> str:
    """``value`` checked against choices the state decides (a seat of this table, a free hero): the
    declared choices are the models', this is a rule. The refusal reads like a declared choice's: the
    field, or ``why`` with ``params``."""
    if isinstance(value, str) and value in choices:
        return value
    if why:
        raise RuleError(why, rule, entry=entry, **params)
    raise RuleError("%(field)s is not one of the allowed values.", rule or RULE_INPUT, field=field)


def whole(value: Any, rule: str | None, field: str) -> int:
    """A field that is a number or a text by the state (a bid or a vote answer, a form's "3") read
    as a whole number."""
    try:
        if isinstance(value, bool) or value is None or (isinstance(value, float) and not value.is_integer()):
            raise ValueError
        return int(value)
    except (TypeError, ValueError):
        raise RuleError("%(field)s must be a whole number.", rule or RULE_INPUT, field=field) from None


def _models(annotation: Any) -> list[type[BaseModel]]:
    """The models a field's type holds (``Plot | None``, ``list[Plot]``)."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    return [m for arg in typing.get_args(annotation) for m in _models(arg)]


def _field_at(model: type[BaseModel], loc: tuple[int | str, ...]) -> FieldInfo | None:
    """The declared field an error's ``loc`` names, through nested models and lists
    (``("plots", "list[Plot]", 0, "gold")``: a list index or a union member's name is skipped), or
    None when the last part names no field."""
    info: FieldInfo | None = None
    models = [model]
    for part in loc:
        found = next((i for m in models for n, i in m.model_fields.items() if part in (n, i.alias)), None)
        if found is not None:
            info, models = found, _models(found.annotation)
        elif part == loc[-1]:
            return None
    return info


def field_refusal(move: Move, error: ErrorDetails) -> RuleError:
    """The refusal of a field that does not fit its declaration: a number out of its declared range
    or a value not among its choices says so (or says the field's declared :class:`Refuse`, citing
    the move's rule unless the field names its own); a missing or mistyped field says that."""
    loc = error.get("loc", ())
    where = ".".join(str(p) for p in loc) or "type"
    info = _field_at(move.params, loc)
    kind = error["type"]
    if info is not None and (kind in RANGE_ERRORS or kind in CHOICE_ERRORS):
        where = str(loc[-1])  # a nested plot's "gold" is named as its own field
        refuse = refuse_of(info)
        rule = refuse.rule or move.rule
        if kind in RANGE_ERRORS:
            lo, hi = bounds(info)
            if refuse.why:
                return RuleError(refuse.why, rule, entry=refuse.entry, min=lo, max=hi)
            return RuleError("%(field)s must be between %(min)s and %(max)s.", rule, field=where[:60],
                             min=lo, max=hi)
        if refuse.why:
            return RuleError(refuse.why, rule, entry=refuse.entry)
        return RuleError("%(field)s is not one of the allowed values.", rule, field=where[:60])
    return RuleError("The field %(field)s is missing or has the wrong type.", RULE_INPUT,
                     entry="companion-input", field=where[:60])


if __name__ == "__main__":  # the reference generator moved: say so rather than do nothing
    import sys

    print("The moves reference is generated by `python -m companion.moves_doc` now.", file=sys.stderr)
    sys.exit(2)
