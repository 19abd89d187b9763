"""Input checked at the door: JSON bodies, actions and import files, before any rule sees them.

Everything a client sends is parsed by :func:`parse_json` (no ``NaN``/``Infinity``/``1e999``, no
nesting deeper than :data:`MAX_DEPTH`, which also keeps the export and the log renderable) and then
validated by a pydantic model. A refusal is a :class:`RuleError` (a 4xx ``{error, rule}``), so bad
input never reaches a 500 and never lands in the event log where it could break a table for good.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from .games.base import RuleError

RULE = "companion: input"
#: Deepest nesting accepted anywhere (our deepest action, an LCG plot deck, needs 3).
MAX_DEPTH = 12
MAX_SEED = 2**63


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError("number out of range")
    return value


def clean_text(text: Any) -> str:
    """A string from user input without control characters (PostgreSQL refuses NUL bytes)."""
    return "".join(ch for ch in str(text) if ch.isprintable() or ch == " ")


def depth(value: Any, limit: int = MAX_DEPTH, pause: Callable[[], None] | None = None) -> int:
    """Nesting depth of a JSON value, stopping (without recursion) once past ``limit``; ``pause``
    is called at every node (a long import yields to other connections, see companion.offload)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        node, level = stack.pop()
        if pause is not None:
            pause()
        if isinstance(node, (dict, list)):
            deepest = max(deepest, level)
            if deepest > limit:
                return deepest
            stack.extend((child, level + 1) for child in (node.values() if isinstance(node, dict) else node))
    return deepest


def is_unicode(text: str) -> bool:
    """True when ``text`` is valid Unicode: no lone UTF-16 surrogate (``"\\ud800"`` is valid JSON,
    but such a string cannot be written as UTF-8, so a page showing it would fail)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


_SURROGATE = re.compile("[\ud800-\udfff]")


def printable(text: str) -> str:
    """``text`` with any lone surrogate replaced by U+FFFD: what a view shows of stored text that
    predates the door check (a view must never fail on stored text)."""
    return text if is_unicode(text) else _SURROGATE.sub("\ufffd", text)


def _not_unicode(path: list[Any]) -> RuleError:
    where = ".".join(str(p) for p in path)[:60] or "text"
    return RuleError("The field %(field)s holds text that is not valid Unicode (a lone surrogate).", RULE,
                     entry="companion-input", field=printable(where))


def check(value: Any, pause: Callable[[], None] | None = None) -> Any:
    """Refuse non-finite numbers, text that is not valid Unicode (keys too) and too deep nesting
    in an already parsed value (JSON bodies, actions, imports, CLI files). ``pause``: see depth."""
    if depth(value, pause=pause) > MAX_DEPTH:
        raise RuleError("The data is nested too deeply.", RULE)
    stack: list[tuple[Any, list[Any]]] = [(value, [])]
    while stack:
        node, path = stack.pop()
        if pause is not None:
            pause()
        if isinstance(node, float) and not math.isfinite(node):
            raise RuleError("The data holds a number out of range.", RULE)
        if isinstance(node, str):
            if not is_unicode(node):
                raise _not_unicode(path)
        elif isinstance(node, dict):
            for key, child in node.items():
                if isinstance(key, str) and not is_unicode(key):
                    raise _not_unicode(path + [key])
                stack.append((child, path + [key]))
        elif isinstance(node, list):
            stack.extend((child, path + [i]) for i, child in enumerate(node))
    return value


def parse_json(raw: bytes | str) -> Any:
    """Parse a client's JSON strictly; a RuleError (400) instead of any parser failure."""
    try:
        value = json.loads(raw, parse_constant=_no_constant, parse_float=_finite)
    except RecursionError:
        raise RuleError("The data is nested too deeply.", RULE) from None
    except (ValueError, UnicodeDecodeError):
        raise RuleError("The request body must be a JSON object.", RULE) from None
    return check(value)


def validate(model: type[BaseModel], value: Any) -> BaseModel:
    """``model`` validated from ``value``, or a RuleError naming the first bad field."""
    if not isinstance(value, dict):
        raise RuleError("The request body must be a JSON object.", RULE)
    try:
        return model.model_validate(value)
    except ValidationError as err:
        first = err.errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ())) or "body"
        raise RuleError("The field %(field)s is missing or has the wrong type.", RULE, field=where[:60]) from None


Scalar = str | bool | int | float | None


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class CreateBody(Strict):
    game: str = Field(max_length=32)
    options: dict[str, Scalar] | None = None
    profile: str | None = Field(default=None, max_length=60)


class JoinBody(Strict):
    seat: str = Field(max_length=40)
    name: str = Field(max_length=200)
    claim: str | None = Field(default=None, max_length=200)


class ProfileBody(Strict):
    name: str = Field(max_length=200)


class SeatFlags(Strict):
    reissue: bool = False
    on: bool = True


class ActionBody(BaseModel):
    """An action: a ``type`` plus the fields the game reads (checked by the game's rules)."""

    model_config = ConfigDict(extra="allow")
    type: str = Field(min_length=1, max_length=64)


class EventActor(BaseModel):
    model_config = ConfigDict(extra="ignore")
    seat: str | None = Field(default=None, max_length=40)
    host: bool = False


class SeatEvent(BaseModel):
    """A join/leave/host event's action: only these fields are kept (labels come from the game)."""

    model_config = ConfigDict(extra="ignore")
    seat: str = Field(max_length=40)
    name: str | None = Field(default=None, max_length=200)
    reissued: bool = False
    on: bool = True


class RulingEvent(BaseModel):
    """A recorded ruling's action (issue #29): the table's text, the entry it cites, the round."""

    model_config = ConfigDict(extra="ignore")
    text: str = Field(min_length=1, max_length=300)
    entry: str | None = Field(default=None, max_length=80)
    round: int = Field(default=0, ge=0, le=10_000)


class RulingBody(BaseModel):
    """``POST /api/tables/<code>/rulings``: "we ruled: ..." and the rules entry it cites, if any."""

    model_config = ConfigDict(extra="forbid")
    text: str = Field(max_length=2000)
    entry: str | None = Field(default=None, max_length=200)


class ExportEvent(BaseModel):
    model_config = ConfigDict(extra="ignore")
    kind: Literal["setup", "action", "join", "leave", "host", "ruling"]
    actor: EventActor
    action: dict[str, Any]
    rng_seed: int = Field(ge=0, lt=MAX_SEED)
    time: float | None = Field(default=None, ge=0, le=1e11)

    @field_validator("rng_seed", mode="before")
    @classmethod
    def _whole(cls, value: Any) -> Any:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError("a whole number")
        return value


class ExportFile(BaseModel):
    model_config = ConfigDict(extra="ignore")
    format: str
    format_version: int
    game: str = Field(max_length=32)
    events: list[ExportEvent] = Field(min_length=1)
