"""Progress-only changes: an action whose only news, for most phones, is "seat X has answered".

Five of the seven versions of a sealed round are answers that reveal nothing (issue #27). Before,
each one made every open page of the table fetch and render a whole fragment to turn one chip
green. A phone whose fragment would be the same except for the new log lines can be sent those
lines in the live event instead (:mod:`companion.live`, ``event: progress``), and fetches nothing.

Which phones: the decision is made here, from the two states, never from the move's name, so a game
cannot forget a case. A seat may take the patch when, between the two versions,

- the public view is the same once the game's :meth:`~companion.games.base.Game.progress_free`
  has removed the parts its phone template never shows (who has answered);
- its own private view is the same (once the same parts are removed), and so is whether the
  table waits on it;
- its log only gained lines at the end (or none), and those lines read the same for it as for a
  spectator (the actor's own sealed line shows its value to the actor alone: the actor fetches).

Every other device (the screens, a seat that fails one test, any page whose fragment is not at the
version just before) fetches as before. The patch holds only what a spectator may read.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from .engine import EngineState, public, visible
from .games.base import Game
from .sealed import is_revealed
from .table_types import Viewer

#: Lines a phone's log shows (``companion.web.pages.LOG_LINES["seat"]``): only these are compared.
SEAT_LOG_LINES = 15


@dataclass(frozen=True)
class Progress:
    """Version ``before`` -> ``after`` changed, for every seat outside ``fetch``, only the log's
    last ``lines`` lines (which read the same for them as for a spectator)."""

    before: int
    after: int
    lines: int
    fetch: frozenset[str]

    def patches(self, seat: str | None) -> bool:
        """Whether a phone of ``seat`` may take the patch (a page with no seat always fetches)."""
        return seat is not None and seat not in self.fetch


class StateKeys:
    """What :func:`progress_of` compares of one state, each part computed once when first asked.

    A state is never changed once built, so its keys hold for as long as the state does: the
    server keeps them beside the cached state (``CachedState.progress``), and the next action
    compares against them instead of building the old state's views again (issue 41)."""

    __slots__ = ("_game", "_state", "_public", "_waiting", "_private")

    def __init__(self, game: Game, state: EngineState) -> None:
        self._game, self._state = game, state
        self._public: Any = _UNSET
        self._waiting: frozenset[str] | None = None
        self._private: dict[str, Any] = {}

    def of(self, state: EngineState) -> bool:
        """Whether these are the keys of ``state`` (that very object)."""
        return self._state is state

    def public(self) -> Any:
        if self._public is _UNSET:
            self._public = self._game.progress_free(public(self._game, self._state))
        return self._public

    def waiting(self) -> frozenset[str]:
        if self._waiting is None:
            self._waiting = frozenset(self._game.waiting_for(self._state["g"]))
        return self._waiting

    def private(self, seat: str) -> Any:
        found = self._private.get(seat, _UNSET)
        if found is _UNSET:
            found = self._private[seat] = self._game.progress_free(self._game.private_view(self._state["g"], seat))
        return found


_UNSET: Any = object()


def progress_of(game: Game, old: EngineState, new: EngineState, before: int, after: int,
                seats: list[str], log_lines: int = SEAT_LOG_LINES,
                keys: tuple[StateKeys | None, StateKeys | None] = (None, None)) -> Progress | None:
    """The progress-only change from ``old`` (version ``before``) to ``new``, or None when every
    page must fetch (the game offers no patches, the public view moved, the log was rewritten).
    ``keys``: the :class:`StateKeys` of ``old`` and ``new`` when the caller keeps them (else built
    here, used once)."""
    if not game.progress_patches or after != before + 1:
        return None
    old_keys = keys[0] if keys[0] is not None and keys[0].of(old) else StateKeys(game, old)
    new_keys = keys[1] if keys[1] is not None and keys[1].of(new) else StateKeys(game, new)
    if old_keys.public() != new_keys.public():
        return None
    old_log, new_log = old["log"], new["log"]
    added = len(new_log) - len(old_log)
    if not 0 <= added <= log_lines or new_log[:len(old_log)][-log_lines:] != old_log[-log_lines:]:
        return None
    spectator = Viewer()
    # Only a line with a secret form (or undone lines, which may hold one) reads differently for
    # one seat than for another, or before and after a reveal (engine.visible): the others are
    # not compared seat by seat (issue 41).
    added_entries = [e for e in new_log[len(old_log):] if _may_differ(e)]
    new_lines = [visible(e, new["g"], spectator) for e in added_entries]
    kept = [e for e in (old_log[-(log_lines - added):] if added < log_lines else []) if _may_differ(e)]
    # A kept line reads the same in both states for every seat when no prompt it names changed
    # whether it is revealed (the only part of the state engine.visible reads): then nothing
    # is compared seat by seat for it.
    if all(is_revealed(old["g"], prompt) == is_revealed(new["g"], prompt) for prompt in _prompts(kept)):
        kept = []
    old_waiting, new_waiting = old_keys.waiting(), new_keys.waiting()
    fetch = set()
    for seat in seats:
        viewer = Viewer(seat=seat)
        if (seat in old_waiting) != (seat in new_waiting) \
                or old_keys.private(seat) != new_keys.private(seat) \
                or [visible(e, new["g"], viewer) for e in added_entries] != new_lines \
                or [visible(e, old["g"], viewer) for e in kept] != [visible(e, new["g"], viewer) for e in kept]:
            fetch.add(seat)
    if len(fetch) == len(seats):
        return None
    return Progress(before=before, after=after, lines=added, fetch=frozenset(fetch))


def _prompts(entries: Iterable[Mapping[str, Any]]) -> Iterator[Any]:
    """The prompts the lines (and the lines of their undone actions) name, as engine.visible reads them."""
    for entry in entries:
        yield entry.get("prompt")
        yield from _prompts(entry.get("undone") or ())


def _may_differ(entry: Mapping[str, object]) -> bool:
    """Whether a log line may read differently for two seats, or in two states of the game."""
    return "hidden" in entry or bool(entry.get("undone"))


def spectator_lines(state: EngineState, progress: Progress) -> list[dict[str, Any]]:
    """The new log lines as a spectator (and so every patched seat) reads them, oldest first
    (none: a change that altered nothing a patched phone shows)."""
    entries = state["log"][len(state["log"]) - progress.lines:]
    return [visible(e, state["g"], Viewer()) for e in entries]
