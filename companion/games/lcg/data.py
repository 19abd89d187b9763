"""Load and validate the game's flowchart data once, at import.

The FAQ's errata and rulings live in the rules reference (``data/reference.<lang>.toml``, loaded
by :mod:`companion.reference`).

The flowcharts of seed 003 Page 11-12 are data, not code: `data/phases.toml` lists every box in
the order the FAQ draws it. The engine only knows the framework events by id.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Literal, get_args

from ... import datafiles
from ...datafiles import DataModel

DATA = Path(__file__).resolve().parent / "data"

#: The seven phases of a round, in order (seed 003 Page 11-12).
Phase = Literal["plot", "draw", "marshalling", "challenges", "dominance", "standing", "taxation"]
PHASES: tuple[str, ...] = get_args(Phase)
KINDS = ("framework", "actions", "decision")
EVENTS = (
    "phase_begins", "phase_ends", "reveal_plots", "initiative", "choose_first", "when_revealed",
    "choose_titles", "draw_two", "become_active", "income", "declare_done", "declare_challenge",
    "kneel_attackers", "stealth", "kneel_defenders", "determine_winner", "apply_claim", "unopposed",
    "renown", "finish_challenges", "dominance", "stand_all", "return_gold",
)


class DataError(datafiles.DataFileError):
    """A data file does not match what the engine expects (caught at import, not at game night)."""


class Box(DataModel):
    """One box of a phase flowchart (seed 003 Page 11-12)."""

    id: str
    phase: str
    kind: str
    events: tuple[str, ...] = ()
    page: str
    autopass: bool = False
    melee_only: bool = False


class PhasesFile(DataModel):
    """``data/phases.toml``: every flowchart box, in the order the FAQ draws them."""

    box: list[Box] = []


@cache
def boxes() -> dict[str, Box]:
    """Every flowchart box by id, in flowchart order; refuses a malformed file."""
    out: dict[str, Box] = {}
    for box in datafiles.load(DATA / "phases.toml", PhasesFile, DataError).box:
        if box.id in out:
            raise DataError(f"phases.toml: box {box.id} is listed twice")
        if box.phase not in PHASES or box.kind not in KINDS:
            raise DataError(f"phases.toml: box {box.id} has an unknown phase or kind")
        if (box.kind == "framework") != bool(box.events):
            raise DataError(f"phases.toml: box {box.id}: framework boxes (only) list events")
        unknown = [e for e in box.events if e not in EVENTS]
        if unknown:
            raise DataError(f"phases.toml: box {box.id} has unknown events {unknown}")
        if not box.page.startswith("seed 003"):
            raise DataError(f"phases.toml: box {box.id} must cite the seed page")
        out[box.id] = box
    seen = [b.phase for b in out.values()]
    if sorted(set(seen), key=PHASES.index) != list(PHASES) or seen != sorted(seen, key=PHASES.index):
        raise DataError("phases.toml: every phase must appear, in round order")
    for phase in PHASES:
        first = next(b for b in out.values() if b.phase == phase)
        if first.events != ("phase_begins",):
            raise DataError(f"phases.toml: {phase} must start with its 'phase begins' box")
    return out


def first_box(phase: str) -> str:
    return next(b.id for b in boxes().values() if b.phase == phase)


def default_autopass() -> list[str]:
    """Window kinds a new player auto-passes until they change it (boxes flagged in the data)."""
    return [b.id for b in boxes().values() if b.autopass]


def autopass_kinds() -> list[str]:
    """Window kinds a player may auto-pass: each flowchart box, and each phase's player actions."""
    kinds = [b.id for b in boxes().values() if b.kind != "decision"]
    return kinds + [f"act.{p}" for p in PHASES]
