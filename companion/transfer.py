"""Moving a table between machines: the host's record, the operator's export, and import.

A record is what the host's browser already sees (public view and readable log), for keeping: it
cannot be continued. An export is the table's effective history with its event seeds, written
only by the operator's command line (``companion export``); an import replays it in memory with
the engine, refuses a damaged file whole, and only then stores it as a new table.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from . import engine, history, schemas
from .engine import ActorJSON, EngineState
from .games import get as get_game
from .games.base import Actor, Game, RuleError
from .offload import Slices, one_at_a_time
from .table_types import NewEvent, Viewer
from .table_types import TableStore as Tables

EXPORT_FORMAT = "tabletop-companion/table"
#: What the host's browser may download: the table as the host sees it, not importable.
RECORD_FORMAT = "tabletop-companion/record"
#: The export layout this code writes, and the ones it can read back (an unknown one is refused).
FORMAT_VERSION = 1
SUPPORTED_FORMAT_VERSIONS = (1,)
#: An import is replayed before it is stored; past this many events it is refused (a long game of
#: any of our games stays well below it) so one upload cannot keep the server busy for long.
MAX_IMPORT_EVENTS = 10_000
RULE_IMPORT = "companion: import"


def record(svc: Tables, code: str, viewer: Viewer) -> dict[str, Any]:
    """Host: the table as the host's browser already sees it (public view, seats, readable log),
    for keeping or sharing. It is not a continuation: it holds no event seeds and no private
    input, so nothing in it (nor an import of it) rebuilds what a seat's private view hides
    (a dealt hand, a peeked card, a private plot deck). See :func:`export`."""
    if not viewer.host or viewer.seat:
        raise RuleError("Only the host device that created the table can export it.",
                        "companion: host rights", status=403)
    snap = svc.snapshot(code)
    return {"format": RECORD_FORMAT, "format_version": 1, "game": snap.table.game_id,
            "exported_at": time.time(), "source_code": snap.table.code,
            "public": svc.public_view(snap), "log": svc.log_view(snap, viewer),
            "rulings": list(snap.state.get("rulings", []))}


def export(svc: Tables, code: str, viewer: Viewer) -> dict[str, Any]:
    """Operator only (``companion export``): the table's effective history, to continue it on
    another machine. Never served over HTTP: its event seeds and private actions would let
    whoever imports it and sits in every seat read the dealt hands and private inputs; the
    laptop's operator already owns the database those come from.

    Left out even here: actions that were undone (and the undo events), sealed answers that
    are not yet revealed, and answers a seat replaced before the reveal. Tokens are never
    exported. The seats whose answers were withheld simply answer again after an import.
    """
    if not viewer.host:
        raise RuleError("Only the host can do this.", "companion: host rights", status=403)
    snap = svc.snapshot(code)
    rows = svc.event_rows(code)
    events = [svc.event_of(row) for row in rows]
    g = snap.state["g"]
    undone = engine.undone(events)
    # what the screen shows (a rules entry) is presentation, not history
    effective = [(e, row.created_at) for e, row in zip(events, rows, strict=True)
                 if e.kind not in ("undo", "rules") and e.seq not in undone]
    game = get_game(snap.table.game_id)
    # a table whose game is no longer installed: any action naming a prompt is withheld (the safe side)
    sealed = game.is_sealed_answer if game is not None else (lambda a: "prompt" in a)
    # the prompt each answer went to, as its secret log lines name it (an answer may leave its
    # prompt to the game: the LCG's plot answer without "prompt" goes to this round's)
    answered = {entry.get("seq"): entry["answer_of"][1] for entry in snap.state["log"] if entry.get("answer_of")}

    def key_of(e: engine.Event) -> tuple[str, str]:
        return str(e.actor.get("seat")), answered.get(e.seq, str(e.action.get("prompt")))

    last_answer: dict[tuple[str, str], int] = {}
    for e, _when in effective:
        if e.kind == "action" and sealed(e.action):
            last_answer[key_of(e)] = e.seq
    withheld = 0
    out = []
    for e, when in effective:
        if e.kind == "action" and sealed(e.action):
            key = key_of(e)
            prompt = g.get("prompts", {}).get(key[1])
            if last_answer[key] != e.seq or prompt is None or not prompt["revealed"]:
                withheld += 1
                continue
        out.append({"kind": e.kind, "actor": e.actor, "action": e.action, "rng_seed": e.seed, "time": when})
    return {"format": EXPORT_FORMAT, "format_version": FORMAT_VERSION, "game": snap.table.game_id,
            "rules_version": snap.table.rules_version,
            "exported_at": time.time(), "source_code": code, "withheld_answers": withheld,
            "events": out}


@dataclass
class Imported:
    """An export read back and replayed in memory, ready to be stored as a new table."""

    game: Game
    options: dict[str, Any]
    setup_seed: int
    state: EngineState
    events: list[NewEvent]
    names: dict[str, str]
    skipped: int
    story: list[history.Entry]


def import_table(svc: Tables, data: Any) -> tuple[str, str, int]:
    """Recreate an exported table under a new code; returns (code, host token, skipped events).

    Seats come back free (tokens are never exported) with the players' names; each phone
    joins again. Everything is replayed and checked in memory first (:func:`read`), so a damaged
    file is refused whole: it can never leave a half-imported table behind.
    """
    with one_at_a_time():  # one long import per process; other tables are served between slices
        found = read(data)
        code, host_token = svc.insert_table(found.game, found.options, found.setup_seed, found.state,
                                            found.events, found.names, found.story)
    return code, host_token, found.skipped


def _check_header(data: Any) -> Game:
    if isinstance(data, dict) and data.get("format") == RECORD_FORMAT:
        raise RuleError("This file is a table's record, which cannot be continued. To move a table to "
                        "another machine, run \"companion export CODE\" on the laptop that hosts it "
                        "and import that file.", RULE_IMPORT)
    if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT:
        raise RuleError("This file is not a Tabletop Companion table export.", RULE_IMPORT)
    if data.get("format_version") not in SUPPORTED_FORMAT_VERSIONS:
        raise RuleError("This export has format version %(version)s; this server reads versions "
                        "%(supported)s. Update Tabletop Companion on this machine and import it again.",
                        RULE_IMPORT, version=str(data.get("format_version"))[:12],
                        supported=", ".join(map(str, SUPPORTED_FORMAT_VERSIONS)))
    game = get_game(str(data.get("game")))
    if game is None:
        raise RuleError("Unknown game: %(game)s.", "companion: games", status=404, game=str(data.get("game"))[:32])
    if isinstance(data.get("events"), list) and len(data["events"]) > MAX_IMPORT_EVENTS:
        raise RuleError("This export has too many events (at most %(max)s).", RULE_IMPORT,
                        status=413, max=MAX_IMPORT_EVENTS)
    return game


def read(data: Any, pause: Slices | None = None) -> Imported:
    """Check an export and replay it with the engine (no database). An action that no longer
    applies (it depended on an answer that was withheld) is skipped and counted; a seat event
    is rebuilt from the game's own seats (a label or name from the file is never kept raw)."""
    damaged = RuleError("The export is damaged.", RULE_IMPORT)
    pause = pause or Slices()  # long files are checked and replayed in slices (companion.offload)
    game = _check_header(data)
    schemas.check(data, pause=pause)  # no NaN/Infinity, no deep nesting (a file from the command line too)
    try:
        schemas.ExportFile.model_validate({**data, "events": data["events"][:1]})  # the header
        events = []
        for i, raw in enumerate(data["events"]):  # then each event, yielding between slices
            pause(i)
            events.append(schemas.ExportEvent.model_validate(raw))
        if events[0].kind != "setup":
            raise ValueError
        opts = dict(events[0].action["options"])
        setup_seed = events[0].rng_seed
        rows = [(e.kind, e.actor.model_dump(), e.action, e.rng_seed, e.time or 0.0) for e in events[1:]]
        extra = {k: opts.pop(k) for k in ("profile_data", "profile_name") if k in opts}
        opts = {**game.stored_options(opts), **extra}  # an option the file lacks: what it was played with
        state = engine.initial_state(game, opts, setup_seed)
    except RuleError:
        raise
    except Exception:
        raise damaged from None
    seats = game.seats(opts)
    seat_ids = {seat.id for seat in seats}
    names: dict[str, str] = {}
    kept: list[NewEvent] = []
    skipped = 0
    story = history.Told(game)  # the story, told as the file is replayed
    for i, (kind, raw_actor, action, seed, when) in enumerate(rows):
        if pause is not None:
            pause(i)
        seq = len(kept) + 2
        actor: ActorJSON = {"seat": raw_actor.get("seat") if raw_actor.get("seat") in seat_ids else None,
                            "host": bool(raw_actor.get("host"))}
        who = Actor(seat=actor["seat"], host=actor["host"])
        before = state
        round_ends: list[dict[str, Any]] = []
        if kind == "action":
            try:
                state = engine.apply(game, state, who, action, seed, seq, round_ends)
            except RuleError:
                skipped += 1
                continue
        elif kind in ("join", "leave", "host"):
            try:
                fields = schemas.SeatEvent.model_validate(action)
            except ValueError:
                raise damaged from None
            seat = fields.seat
            if seat not in seat_ids or (kind == "join" and fields.name is None):
                raise damaged
            label = next(x.label for x in seats if x.id == seat)
            if kind == "join":
                action = {"seat": seat, "name": schemas.clean_text(fields.name)[:40] or seat, "label": label}
                names[seat] = action["name"]
            elif kind == "leave":
                action = {"seat": seat, "reissued": fields.reissued, "label": label}
            else:
                action = {"seat": seat, "on": fields.on}
            state = engine.service_event(state, kind, who, action, seq)
        elif kind == "ruling":
            try:
                ruling = schemas.RulingEvent.model_validate(action)
            except ValueError:
                raise damaged from None
            if len(state.get("rulings", [])) >= engine.MAX_RULINGS:
                raise RuleError(engine.TOO_MANY_RULINGS, RULE_IMPORT, n=engine.MAX_RULINGS)
            action = {"text": schemas.clean_text(ruling.text).strip() or "—", "entry": ruling.entry,
                      "round": ruling.round}
            state = engine.service_event(state, kind, who, action, seq)
        else:
            raise damaged
        kept.append((kind, actor, action, seed, when))
        story.step(before["g"], state["g"], round_ends, seq)
    return Imported(game=game, options=opts, setup_seed=setup_seed, state=state, events=kept, names=names,
                    skipped=skipped, story=story.entries)

