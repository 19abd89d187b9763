"""The contract between the server and a game's rules.

A game is plain Python: it declares its options and seats, builds an initial state, validates and
applies actions, and renders views. It never touches Flask, SQL, the clock or global randomness:
the server hands it a :class:`Ctx` carrying the actor, a seeded ``random.Random`` for this one
event, and a ``log`` function. State is a JSON-serialisable ``dict`` owned by the game, so the
server can copy, cache and replay it from the event log.

User-facing text is an English msgid (marked with :func:`companion.i18n.N_`) plus parameters;
the web layer translates it per viewer with Flask-Babel. A parameter that itself needs translating
is wrapped with :func:`companion.i18n.tr`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, Protocol

from ..basics import Action as Action
from ..basics import Actor as Actor
from ..basics import Ctx as Ctx
from ..basics import LogLine as LogLine
from ..basics import RuleError as RuleError
from ..basics import State as State
from ..basics import Text as Text
from ..moves import Moves
from .chronicle import Chronicle
from .options import Option as Option
from .options import TableOptions


@dataclass(frozen=True)
class SeatDef:
    """A seat the game defines: a house, a colour. ``label`` is a msgid; ``color`` a CSS colour."""

    id: str
    label: str
    color: str = "#888888"


class GameViews(Protocol):
    """A game's ``views`` module: pure functions of the state, the only way it reaches a device
    (docs/games-howto.md, "Secrets"). :class:`Game` forwards its view methods to it."""

    def public(self, state: State) -> dict[str, Any]:
        """What everyone may see, with ``waiting_for`` (the seats the table waits on)."""

    def private(self, state: State, seat: str) -> dict[str, Any]:
        """What only ``seat`` may see, in addition to the public view."""

    def waiting_for(self, state: State) -> list[str]:
        """The seats the table waits on right now."""

    def progress_free(self, view: dict[str, Any]) -> Any:
        """``view`` without what the phone template never shows and only says who has answered."""


class Game(ABC):
    """One supported game. Subclasses are stateless; all state lives in the ``State`` dict."""

    id: str = ""
    title: str = ""  # msgid
    summary: str = ""  # msgid
    #: Bump when a rules change would replay an old log differently; every table stores the
    #: version that accepted it (``game_table.rules_version``) and exports carry it.
    rules_version: str = "1"
    #: The game's folder under the top-level templates/ and the name of its files in static/
    #: (``<folder>.css``, ``<folder>.js``): its package's name (``companion.games.<folder>``).
    folder: str = "generic"
    #: Jinja templates for the shared screen, the phone and the host's drawer, ``<folder>/screen.html``,
    #: ``<folder>/seat.html`` and ``<folder>/host.html`` unless a game names others; they receive
    #: ``view`` (public view), ``me`` (private view or None), ``seat``, ``table``.
    screen_template: str = "generic/screen.html"
    seat_template: str = "generic/seat.html"
    host_template: str | None = None
    #: The parts of the screen template that a change moving only progress may alter (who the table
    #: waits for, who has answered, the log), drawn alone with base/_tv.html's part macros: with it,
    #: such a change reaches the TV as those parts instead of its whole fragment (web/live_patch.py,
    #: issue 41). None: the TV is sent its whole fragment at every change.
    screen_parts_template: str | None = None
    #: Static rules help shown under the live fragments of the screen and the phone. It is
    #: rendered once per page load (it never changes with the state, so it is not re-sent on
    #: every live refresh); it gets ``game`` and ``lang`` only.
    reference_template: str | None = None
    #: True when the game can export a reusable profile (see docs/games-howto.md, "Saved profiles").
    profiles: bool = False
    #: The game's declared moves (:mod:`companion.moves`): with them, :meth:`apply` refuses
    #: unknown, out-of-stage and malformed moves generically and runs the move's handler.
    moves: Moves | None = None
    #: How the game's story is read per round (:mod:`companion.history`); None: rounds only.
    chronicle: Chronicle | None = None
    #: The game's ``views`` module: :meth:`public_view`, :meth:`private_view`, :meth:`waiting_for`
    #: and :meth:`progress_free` forward to it, so a game declares it once instead of four methods.
    views: GameViews | None = None

    #: Every seat a table may have, in seating order; a table seats the first ``players`` of them
    #: (:meth:`seats`). A colour always comes with a name, so colour is never the only signal.
    seat_defs: tuple[SeatDef, ...] = ()

    #: The game's table options (:mod:`companion.games.options`): one typed field per option, from
    #: which the create form, the checks, old tables' values and ``docs/options.md`` all come.
    options_model: type[TableOptions] | None = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A game in ``companion.games.<folder>`` finds its templates in ``templates/<folder>/``."""
        super().__init_subclass__(**kwargs)
        parts = cls.__module__.split(".")
        if "folder" not in cls.__dict__ and len(parts) > 3 and parts[:2] == ["companion", "games"]:
            cls.folder = parts[2]
        for attr, page in (("screen_template", "screen"), ("seat_template", "seat"), ("host_template", "host")):
            if attr not in cls.__dict__:
                setattr(cls, attr, f"{cls.folder}/{page}.html")

    def options(self) -> list[Option]:
        """The options as the create form and ``GET /api/games`` show them."""
        return self.options_model.form() if self.options_model is not None else []

    def display_names(self) -> dict[str, str]:
        """Ids of this game's things (e.g. AGoT's areas) -> the msgid of their name: a message
        parameter that is still a raw id is shown by its name, never as the id (issue #23)."""
        return {}

    def normalize_options(self, raw: dict[str, Any] | None) -> dict[str, Any]:
        """Validate a new table's options; unknown keys are refused so typos do not pass silently."""
        if self.options_model is not None:
            return self.options_model.new(raw).dump()
        raw = dict(raw or {})
        known = {o.key: o for o in self.options()}
        unknown = sorted(set(raw) - set(known))
        if unknown:
            raise RuleError("Unknown option: %(option)s.", "companion: options", option=unknown[0][:40])
        return {key: opt.coerce(raw.get(key)) for key, opt in known.items()}

    def stored_options(self, raw: dict[str, Any]) -> dict[str, Any]:
        """The options of a stored table (an imported file's setup event): unknown keys are refused,
        a key the table lacks reads as the value it was played with (``Opt.legacy``)."""
        known = {o.key for o in (self.options_model.fields() if self.options_model is not None else self.options())}
        unknown = sorted(set(raw) - known)
        if unknown:
            raise RuleError("Unknown option: %(option)s.", "companion: options", option=unknown[0][:40])
        if self.options_model is not None:
            return self.options_model.load(raw).dump()
        return self.normalize_options(raw)

    def seats(self, options: dict[str, Any]) -> list[SeatDef]:
        """The seats of a table with these options, in seating/turn order: the first ``players``
        (the table's option) of :attr:`seat_defs`. A game whose seats come otherwise (named by the
        host, the houses a board seats) overrides this."""
        if not self.seat_defs or self.options_model is None:
            raise NotImplementedError(f"{type(self).__name__} declares no seat_defs and no seats()")
        return list(self.seat_defs[:int(self.options_model.read(options).dump()["players"])])

    @abstractmethod
    def setup(self, options: dict[str, Any], ctx: Ctx) -> State:
        """The initial state. May use ``ctx.rng`` (seeded) and ``ctx.log``."""

    def stage(self, state: State) -> str:
        """Where the game stands, as a path (``"westeros/bidding"``, ``"action/combat/support"``):
        a declared move is allowed only inside one of its stages. Games with stages override it."""
        return ""

    def apply(self, state: State, ctx: Ctx, action: Action) -> str | None:
        """Validate ``action`` and apply it to ``state`` in place, or raise :class:`RuleError`.

        The server passes a private copy and discards it on error, so a half-applied action never
        survives. With declared :attr:`moves`, the shared dispatcher checks the move and its fields,
        runs its handler with the validated fields, then :meth:`after_move` (the game's own
        follow-ups: phase ends, win checks). Returns the prompt a sealed answer (a move declared
        ``sealed``) went to, as its handler says, else None.
        """
        if self.moves is None:
            raise NotImplementedError(f"{type(self).__name__} declares no moves and no apply()")
        answered = self.moves.run(self.stage(state), state, ctx, action)
        self.after_move(state, ctx, action)
        return answered

    def is_sealed_answer(self, action: Action) -> bool:
        """Whether ``action`` answers a sealed prompt: its declared move says ``sealed``. The server
        then supersedes the seat's earlier answer lines and keeps unrevealed answers out of exports."""
        return self.moves is not None and self.moves.is_sealed(action)

    def after_move(self, state: State, ctx: Ctx, action: Action) -> None:
        """What follows every accepted move (advance a finished step, check for a winner...)."""
        return None

    def public_view(self, state: State) -> dict[str, Any]:
        """What everyone may see (the shared screen, ``GET /api/tables/<code>``): ``views.public``."""
        if self.views is None:
            raise NotImplementedError(f"{type(self).__name__} declares no views and no public_view()")
        return self.views.public(state)

    def private_view(self, state: State, seat: str) -> dict[str, Any]:
        """What only ``seat`` may see, in addition to the public view: ``views.private``."""
        return self.views.private(state, seat) if self.views is not None else {}

    def public_marks(self, state: State) -> set[str]:
        """Ids of the hidden things that are public in ``state``: a revealed sealed prompt, a
        planned card turned face up... The server never lets an undo go back past the moment one
        of them became public (409): re-opening a secret everyone has seen would let a seat change
        its choice knowing the others'. Games with reveals outside sealed prompts extend this set."""
        return {f"prompt:{pid}" for pid, p in state.get("prompts", {}).items() if p.get("revealed")}

    def undo_refusal(self, action: Action) -> RuleError | None:
        """Why the host may not undo ``action`` (e.g. a private look at a hidden card: undoing it
        would let the player look again at a freshly drawn card), or None when it may. With
        declared moves this is the move's ``undoable=False``."""
        return self.moves.undo_refusal(action) if self.moves is not None else None

    def export_profile(self, state: State) -> dict[str, Any]:
        """The reusable board/tribe profile of this table (only when ``profiles`` is True)."""
        raise RuleError("This game has no profiles to save.", "companion: profiles", status=409)

    def profile_gaps(self, state: State) -> tuple[str, dict[str, Any]] | None:
        """What a saved profile still lacks that later tables will miss, as a msgid and its params
        (said when the host saves it), or None."""
        return None

    def waiting_for(self, state: State) -> list[str]:
        """Seats the table is waiting on right now (for the screen and for phone alerts):
        ``views.waiting_for``."""
        return self.views.waiting_for(state) if self.views is not None else []

    #: True when :meth:`progress_free` is written for this game's phone template: an answer that
    #: changes only who has answered then reaches the other phones as log lines in the live event,
    #: not as a fetch of their whole fragment (:mod:`companion.progress`, issue #27).
    progress_patches: bool = False

    def progress_free(self, view: dict[str, Any]) -> Any:
        """A view (the public one with ``waiting_for``, or a seat's private one) without what the
        phone template never shows and only says who has answered. Equal results at two versions
        promise that a phone's fragment differs only in its log (tests/api/test_progress.py renders
        both to check it). ``views.progress_free``."""
        return self.views.progress_free(view) if self.views is not None else view

