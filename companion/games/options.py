"""Typed table options: each game declares one frozen model, one field per option (issue #28).

A field is ``name: Annotated[type, Opt(label, help, ...)] = default``: its type says the allowed
values (``bool``, ``int`` within ``Opt.min``/``Opt.max``, a ``Literal`` of choices, ``str``), the
assigned value is the default of a new table, :class:`Opt` carries the label and help msgids, the
labels of the choices, the rule the option follows when a book and its FAQ disagree or a book is
silent, and the ``legacy`` value: what a table stored before the option existed was played with.
A stored table lacks the key of a later option, so reading it through the model gives that legacy
value (or the default when the option changed nothing for old tables).

A field with ``Opt(offered=False)`` is no choice for the players: a new table always takes its
default, and the create form and ``GET /api/games`` never show it. It exists for its legacy value:
a game whose checks of the players' inputs grew stricter (issue 38) stores the revision of those
checks, so a table stored before replays exactly as it was played while new tables get the checks.

Everything else comes from the model: the start form and ``GET /api/games`` (:meth:`TableOptions.form`,
as :class:`Option` descriptors), the check of a new table's options (:meth:`TableOptions.new`), the
replay of a stored table (:meth:`TableOptions.load`), every engine read (:meth:`TableOptions.of`)
and ``docs/options.md`` (:mod:`companion.options_doc`).
"""

from __future__ import annotations

import typing
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, Self

from pydantic import BaseModel, ConfigDict, ValidationError

from ..basics import RuleError

RULE = "companion: options"
_ABSENT = object()
#: models built by :meth:`TableOptions.read`, by class and values (a few per table at most), and
#: by the identity of the dict last read (with a copy, to notice a change)
_READ: dict[tuple[Any, ...], TableOptions] = {}
_SEEN: dict[int, tuple[Mapping[str, Any], dict[str, Any], TableOptions]] = {}
_CACHE_MAX = 512


def _remember(cache: dict[Any, Any], key: Any, value: Any) -> None:
    if len(cache) >= _CACHE_MAX:
        cache.clear()
    cache[key] = value


class _NoLegacy:
    """Marks a field whose absence from a stored table reads as its default."""

    def __repr__(self) -> str:
        return "NO_LEGACY"


NO_LEGACY: Any = _NoLegacy()


@dataclass(frozen=True)
class Opt:
    """What the form, the docs and old tables need to know about one option field.

    ``label``/``help`` and the second item of each ``choices`` pair are msgids; ``choices`` lists
    the values of a ``Literal`` field in form order. ``rule`` is an internal citation (``"agot faq
    v2.0"``, ``"seed 000 p.17"``) formatted for readers by :func:`companion.citations.format_rule`.
    """

    label: str
    help: str = ""
    choices: tuple[tuple[str, str], ...] = ()
    min: int | None = None
    max: int | None = None
    legacy: Any = NO_LEGACY
    rule: str = ""
    offered: bool = True


@dataclass(frozen=True)
class Option:
    """One option as the create form and ``GET /api/games`` show it (made from a model field).

    ``kind`` is ``"int"``, ``"bool"``, ``"choice"`` or ``"text"``; ``label``/``help`` are msgids;
    ``choices`` is a list of ``(value, msgid)``.
    """

    key: str
    label: str
    kind: str
    default: Any
    help: str = ""
    min: int | None = None
    max: int | None = None
    choices: tuple[tuple[str, str], ...] = ()
    legacy: Any = NO_LEGACY
    rule: str = ""
    #: False: not a choice on the create form; a new table always takes the default
    offered: bool = True

    def coerce(self, raw: Any) -> Any:
        """Turn a form or JSON value into the option's type, refusing anything out of range."""
        if raw is None or raw == "":
            return self.default
        if self.kind == "bool":
            if isinstance(raw, bool):
                return raw
            return str(raw).lower() in ("1", "true", "on", "yes")
        if self.kind == "int":
            try:
                value = int(raw)
            except (TypeError, ValueError):
                raise RuleError("Option %(option)s must be a whole number.", RULE, option=self.key) from None
            self.check_range(value)
            return value
        if self.kind == "choice":
            self.check_choice(raw)
            return str(raw)
        text = str(raw).strip()
        if len(text) > 2000:
            raise RuleError("Option %(option)s is too long.", RULE, option=self.key)
        return text

    def check_range(self, value: int) -> None:
        if (self.min is not None and value < self.min) or (self.max is not None and value > self.max):
            raise RuleError("Option %(option)s must be between %(min)s and %(max)s.", RULE,
                            option=self.key, min=self.min, max=self.max)

    def check_choice(self, value: Any) -> None:
        if str(value) not in {c[0] for c in self.choices}:
            raise RuleError("Option %(option)s has no choice %(value)s.", RULE, option=self.key,
                            value=str(value)[:40])

    def check(self, value: Any) -> None:
        """Refuse a stored value of the wrong type or outside the allowed values."""
        ok = {"bool": isinstance(value, bool), "text": isinstance(value, str),
              "int": isinstance(value, int) and not isinstance(value, bool), "choice": isinstance(value, str)}
        if not ok[self.kind]:
            raise RuleError("Option %(option)s is not valid.", RULE, option=self.key)
        if self.kind == "int":
            self.check_range(value)
        elif self.kind == "choice":
            self.check_choice(value)


def _kind(name: str, annotation: Any, meta: Opt) -> str:
    """The form kind of a field from its type; a ``Literal`` must list exactly ``meta.choices``."""
    if annotation is bool:
        return "bool"
    if annotation is int:
        return "int"
    if annotation is str:
        return "text"
    if typing.get_origin(annotation) is Literal:
        values = set(typing.get_args(annotation))
        if values != {c[0] for c in meta.choices}:
            raise TypeError(f"option {name}: the Literal values and Opt.choices differ")
        return "choice"
    raise TypeError(f"option {name}: unsupported type {annotation!r}")


class TableOptions(BaseModel):
    """The options of one game's tables (subclass it once per game). Frozen: options never
    change after a table is created."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    #: every field's descriptor, in declaration order (built once per class); the form shows the offered ones
    _fields: ClassVar[tuple[Option, ...]] = ()

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        super().__pydantic_init_subclass__(**kwargs)
        form = []
        for name, info in cls.model_fields.items():
            meta = next((m for m in info.metadata if isinstance(m, Opt)), None)
            if meta is None or not meta.label:
                raise TypeError(f"{cls.__name__}.{name}: every option field needs Opt(label, ...)")
            kind = _kind(name, info.annotation, meta)
            form.append(Option(name, meta.label, kind, info.default, meta.help, meta.min, meta.max,
                               meta.choices, meta.legacy, meta.rule, meta.offered))
        for opt in form:  # a default or a legacy value outside the allowed values is a typo
            opt.check(opt.default)
            if opt.legacy is not NO_LEGACY:
                opt.check(opt.legacy)
            if not opt.offered and opt.legacy is NO_LEGACY:
                raise TypeError(f"{cls.__name__}.{opt.key}: a field not offered exists for its legacy value")
        cls._fields = tuple(form)

    @classmethod
    def form(cls) -> list[Option]:
        """The options the players choose: the create form and ``GET /api/games`` show them."""
        return [o for o in cls._fields if o.offered]

    @classmethod
    def fields(cls) -> list[Option]:
        """Every field a table stores, offered or not (the docs, the checks of a stored table)."""
        return list(cls._fields)

    @classmethod
    def new(cls, raw: Mapping[str, Any] | None) -> Self:
        """A new table's options from a form or JSON: unknown keys and out-of-range values are
        refused (so a typo never passes silently); a missing key takes the default."""
        raw = dict(raw or {})
        known = {o.key: o for o in cls._fields if o.offered}
        unknown = sorted(set(raw) - set(known))
        if unknown:
            raise RuleError("Unknown option: %(option)s.", RULE, option=str(unknown[0])[:40])
        return cls._validated({o.key: o.coerce(raw.get(o.key)) if o.offered else o.default for o in cls._fields})

    @classmethod
    def load(cls, raw: Mapping[str, Any]) -> Self:
        """The options of a stored table (its setup event, an imported file): a key the table
        lacks reads as the value it was played with (``legacy``); a stored value of the wrong
        type or out of range is refused. Keys that are not options (a saved profile) are ignored."""
        values = cls._filled(raw)
        for opt in cls._fields:
            opt.check(values[opt.key])
        return cls._validated(values)

    @classmethod
    def read(cls, raw: Mapping[str, Any]) -> Self:
        """The options of a table already checked by :meth:`new` or :meth:`load` (the engine's
        reads): no validation, missing keys filled like :meth:`load`. The engine reads options in
        its inner loops, so a model is built once per distinct set of values (it is frozen)."""
        seen = _SEEN.get(id(raw))  # the same dict again (a state's options), unchanged since
        if seen is not None and seen[0] is raw and type(seen[2]) is cls and seen[1] == raw:
            return seen[2]  # narrowed by the type check
        try:
            key = (cls, tuple(raw.get(o.key, _ABSENT) for o in cls._fields))
            found = _READ.get(key)
        except TypeError:  # an unhashable stored value: build it each time
            key, found = None, None
        if found is None:
            found = cls.model_construct(**cls._filled(raw))
            if key is not None:
                _remember(_READ, key, found)
        _remember(_SEEN, id(raw), (raw, dict(raw), found))  # holding raw keeps its id unique
        return typing.cast(Self, found)  # the mypy plugin types model_construct as the base class

    @classmethod
    def of(cls, state: Mapping[str, Any]) -> Self:
        """The options of a game state (``state["options"]``), e.g. ``AgotOptions.of(state).tiebreak``."""
        return cls.read(state.get("options") or {})

    def dump(self) -> dict[str, Any]:
        """What a table stores: every option, so a later option never changes how it replays."""
        return {opt.key: getattr(self, opt.key) for opt in self._fields}

    @classmethod
    def _filled(cls, raw: Mapping[str, Any]) -> dict[str, Any]:
        return {o.key: raw[o.key] if o.key in raw else (o.default if o.legacy is NO_LEGACY else o.legacy)
                for o in cls._fields}

    @classmethod
    def _validated(cls, values: dict[str, Any]) -> Self:
        try:
            return cls.model_validate(values)
        except ValidationError as exc:
            where = exc.errors()[0]["loc"]
            raise RuleError("Option %(option)s is not valid.", RULE,
                            option=str(where[0]) if where else "?") from None
