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

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .engine import EngineState, public, visible
from .games.base import Game
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


def progress_of(game: Game, old: EngineState, new: EngineState, before: int, after: int,
                seats: list[str], log_lines: int = SEAT_LOG_LINES) -> Progress | None:
    """The progress-only change from ``old`` (version ``before``) to ``new``, or None when every
    page must fetch (the game offers no patches, the public view moved, the log was rewritten)."""
    if not game.progress_patches or after != before + 1:
        return None
    if game.progress_free(public(game, old)) != game.progress_free(public(game, new)):
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
    old_waiting = set(game.waiting_for(old["g"]))
    new_waiting = set(game.waiting_for(new["g"]))
    fetch = set()
    for seat in seats:
        viewer = Viewer(seat=seat)
        if (seat in old_waiting) != (seat in new_waiting) \
                or game.progress_free(game.private_view(old["g"], seat)) \
                != game.progress_free(game.private_view(new["g"], seat)) \
                or [visible(e, new["g"], viewer) for e in added_entries] != new_lines \
                or [visible(e, old["g"], viewer) for e in kept] != [visible(e, new["g"], viewer) for e in kept]:
            fetch.add(seat)
    if len(fetch) == len(seats):
        return None
    return Progress(before=before, after=after, lines=added, fetch=frozenset(fetch))


def _may_differ(entry: Mapping[str, object]) -> bool:
    """Whether a log line may read differently for two seats, or in two states of the game."""
    return "hidden" in entry or bool(entry.get("undone"))


def spectator_lines(state: EngineState, progress: Progress) -> list[dict[str, Any]]:
    """The new log lines as a spectator (and so every patched seat) reads them, oldest first
    (none: a change that altered nothing a patched phone shows)."""
    entries = state["log"][len(state["log"]) - progress.lines:]
    return [visible(e, state["g"], Viewer()) for e in entries]
