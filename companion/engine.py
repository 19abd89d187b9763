"""The event-sourcing engine: a table's state is the replay of its event log.

Pure Python, like the games it drives: no database, no Flask, no clock, no global randomness.
Each event carries its own seed, so replaying a log gives the same state every time. The server
(:mod:`companion.tables`) keeps the log in the database and calls these functions; the rules
tests and tools use :class:`Table`, the same engine with the log held in memory.

The state the engine keeps for a table (:class:`EngineState`) wraps the game's own state ``g``
with the players' names, the readable log and the rules entry on the shared screen. Log lines
are never mutated in place (a copy replaces them), so versions of a state may share them.
"""

from __future__ import annotations

import json
import logging
import pickle
import random
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, NotRequired, Protocol, TypedDict, cast

from . import schemas, sealed
from .games import get as get_game
from .games.base import Actor, Ctx, Game, RuleError
from .i18n import N_

log = logging.getLogger(__name__)

#: Errors a game may raise on input it did not anticipate; the engine turns them into a 400.
MALFORMED = (TypeError, ValueError, KeyError, AttributeError, IndexError, StopIteration, RuntimeError)
#: Largest action accepted, as JSON.
MAX_ACTION_BYTES = 64_000
RULE_SEATS = "companion: seats"
RULE_UNDO = "companion: undo"
RULE_ACTIONS = "companion: actions"
#: Events that are not game actions: seats taken and freed, host rights, the rules entry shown,
#: a ruling the table recorded.
SERVICE_KINDS = ("join", "leave", "host", "rules", "ruling")
#: Longest text of a ruling the table records.
MAX_RULING = 300
#: Rulings one table keeps: a game night settles a handful of disputes; past this a worded refusal,
#: so the story and its download stay small (at most about 15 KB of rulings).
MAX_RULINGS = 50
TOO_MANY_RULINGS = N_("This table already has %(n)s rulings, the most one table keeps.")


class ActorJSON(TypedDict, total=False):
    """Who made an event, as stored in the log: a seat, the host, or both."""

    seat: str | None
    host: bool


class Hidden(TypedDict):
    """What the other seats read of a secret log line until it is revealed."""

    msg: str
    params: dict[str, Any]


class LogEntry(TypedDict, total=False):
    """One readable log line (see ``Ctx.log``); the engine adds where it came from."""

    msg: str
    params: dict[str, Any]
    seq: int
    kind: str  # setup | action | undo | skipped | join | leave | host | rules
    actor: ActorJSON
    hidden: Hidden  # a secret line: what others read meanwhile
    prompt: str | None  # public once this sealed prompt is revealed
    seat: str | None  # the one seat that may always read it
    answer_of: list[str]  # [seat, prompt] of a sealed answer (a newer answer supersedes it)
    superseded: bool  # hidden for good: replaced, undone or dropped before the reveal
    dropped: bool  # its seat was freed: not even the seat's next occupant reads it
    undone: list[LogEntry]  # an undo line: the lines of the action it reverted


class Ruling(TypedDict):
    """How the table settled a dispute ("we ruled: ..."), with the rules entry it cites and the
    round it was recorded in; the table's own text, always shown escaped."""

    text: str
    entry: str | None
    round: int
    seq: int


class EngineState(TypedDict):
    """A table's state: the game's own state, names by seat, the log, the rules entry shown."""

    g: dict[str, Any]
    names: dict[str, str]
    log: list[LogEntry]
    rules: NotRequired[str | None]
    rulings: NotRequired[list[Ruling]]


@dataclass(frozen=True)
class Event:
    """One event of a table's log, as the engine reads it (the store keeps these as rows)."""

    seq: int
    kind: str  # setup | action | undo | join | leave | host | rules
    actor: ActorJSON
    action: dict[str, Any]
    seed: int = 0

    @property
    def who(self) -> Actor:
        return actor_of(self.actor)


class Seated(Protocol):
    """Whoever reads a log: only the seat matters (an actor or the server's viewer)."""

    @property
    def seat(self) -> str | None: ...


def actor_of(data: ActorJSON | dict[str, Any]) -> Actor:
    return Actor(seat=data.get("seat"), host=bool(data.get("host")))


def actor_json(actor: Actor) -> ActorJSON:
    return {"seat": actor.seat, "host": actor.host}


# -- the state -------------------------------------------------------------------------------
def initial_state(game: Game, options: dict[str, Any], seed: int) -> EngineState:
    """The state after the setup event: the game's setup with the setup event's seed."""
    ctx = Ctx(actor=Actor(host=True), rng=random.Random(seed))
    g = game.setup(dict(options), ctx)
    json.dumps(g)  # the state must survive the log round trip
    lines = [cast(LogEntry, dict(e, seq=1, kind="setup")) for e in ctx.entries]
    return {"g": g, "names": {}, "log": lines}


def fork(state: EngineState) -> EngineState:
    """A copy that can be changed without touching ``state``: log entries are never mutated
    in place, so the log list is copied shallowly (callers copy the game state deeply)."""
    new: EngineState = {"g": state["g"], "names": dict(state["names"]), "log": list(state["log"])}
    if "rules" in state:
        new["rules"] = state["rules"]
    if "rulings" in state:
        new["rulings"] = state["rulings"]  # replaced, never changed in place
    return new


def check_action(actor: Actor, action: Any) -> dict[str, Any]:
    """The checks every action passes before the game sees it; returns a private copy of it."""
    return encode_action(actor, action)[0]


def encode_action(actor: Actor, action: Any) -> tuple[dict[str, Any], str]:
    """:func:`check_action`, also returning the action's JSON text (what the log stores). The
    action is encoded and decoded here once on its way to the log: the private copy is what the
    rules see, exactly as a replay of the stored text will."""
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise RuleError("An action is an object with a \"type\".", RULE_ACTIONS)
    if action["type"].startswith("_"):
        raise RuleError("Unknown action: %(type)s.", RULE_ACTIONS, type=action["type"][:40])
    schemas.check(action)
    encoded = json.dumps(action)
    if len(encoded) > MAX_ACTION_BYTES:
        raise RuleError("This action is too large.", RULE_ACTIONS, status=413)
    if not (actor.seat or actor.host):
        raise RuleError("Join a seat first.", RULE_SEATS, status=403)
    return cast(dict[str, Any], json.loads(encoded)), encoded


def apply(game: Game, state: EngineState, actor: Actor, action: dict[str, Any], seed: int,
          seq: int, round_ends: list[dict[str, Any]] | None = None, tree: bool = False) -> EngineState:
    """Apply one game action to a private copy; ``state`` is untouched, also on refusal.

    The rules change a deep copy of the game state, and the result is the game state as a replay
    of the stored log gives it: what ``json.loads(json.dumps(...))`` gives. ``tree``: the caller
    vouches that ``state["g"]`` is already such a value (the server's cached states are: each came
    from this function), so it is copied without checking (issue 41).

    A changed sealed answer supersedes the seat's earlier answer lines: those stay hidden
    even after the reveal (only the final answers are revealed).
    """
    new = fork(state)
    new["g"] = json_copy(state["g"], tree)
    ctx = Ctx(actor=actor, rng=random.Random(seed), names=new["names"])
    try:
        answered = game.apply(new["g"], ctx, action)
    except MALFORMED as err:
        # Input the rules did not anticipate (a list where a name was expected...): refuse it
        # like any other invalid action; nothing was changed. Logged for the developers.
        log.warning("game %s refused a malformed action %r: %r", game.id, action, err)
        raise RuleError("This action is malformed or not possible now.", RULE_ACTIONS) from err
    # Already a JSON tree of its own (nothing shared with the action, the log lines or the names
    # the rules were given): kept as it is, else through the JSON round trip.
    if not _is_tree(new["g"], _containers((action, ctx.entries, new["names"]))):
        new["g"] = json.loads(json.dumps(new["g"]))
    if round_ends is not None:
        round_ends.extend(ctx.round_ends)
    entries = [cast(LogEntry, dict(e, seq=seq, kind="action", actor=actor_json(actor))) for e in ctx.entries]
    if actor.seat and answered is not None:
        key = [actor.seat, answered]
        lines = new["log"]  # the fork's own list: replaced lines never change the old state's
        for i in [i for i, e in enumerate(lines) if "answer_of" in e and e["answer_of"] == key]:
            lines[i] = _superseded(lines[i])
        for entry in entries:
            if "hidden" in entry:
                entry["answer_of"] = key
    new["log"].extend(entries)
    return new


#: the types json.loads builds (exactly: a subclass goes through the round trip)
_JSON_LEAVES = frozenset({str, int, float, bool, type(None)})


def json_copy(value: Any, tree: bool = False) -> Any:
    """``json.loads(json.dumps(value))``, faster: a value that is already a JSON tree (``tree``, or
    checked here: no container in it twice) is copied by ``pickle``, which keeps types, key order
    and floats exactly and, in a tree, has nothing shared to keep shared."""
    if tree or _is_tree(value, set()):
        return pickle.loads(pickle.dumps(value, pickle.HIGHEST_PROTOCOL))
    return json.loads(json.dumps(value))


def _is_tree(value: Any, seen: set[int]) -> bool:
    """:func:`_json_tree`; a value nested too deep to walk is not (the JSON round trip decides)."""
    try:
        return _json_tree(value, seen)
    except RecursionError:
        return False


def _json_tree(value: Any, seen: set[int]) -> bool:
    """Whether ``value`` is what ``json.loads`` builds: dicts with str keys, lists, str, int,
    float, bool and None, exactly those types, and no container twice or among ``seen``."""
    kind = type(value)
    if kind is dict:
        if id(value) in seen:
            return False
        seen.add(id(value))
        for key, item in value.items():
            if type(key) is not str or (type(item) not in _JSON_LEAVES and not _json_tree(item, seen)):
                return False
        return True
    if kind is list:
        if id(value) in seen:
            return False
        seen.add(id(value))
        return all(type(item) in _JSON_LEAVES or _json_tree(item, seen) for item in value)
    return kind in _JSON_LEAVES


def _containers(value: Any, found: set[int] | None = None) -> set[int]:
    """The ids of the dicts, lists and tuples in ``value`` (for :func:`_json_tree`'s ``seen``)."""
    found = set() if found is None else found
    if isinstance(value, dict):
        found.add(id(value))
        for item in value.values():
            _containers(item, found)
    elif isinstance(value, (list, tuple)):
        found.add(id(value))
        for item in value:
            _containers(item, found)
    return found


def _superseded(entry: LogEntry, dropped: bool = False) -> LogEntry:
    new = entry.copy()
    new["superseded"] = True
    if dropped:
        new["dropped"] = True
    return new


def service_event(state: EngineState, kind: str, actor: Actor, action: dict[str, Any], seq: int) -> EngineState:
    """Apply a non-game event (join, leave, host rights, rules entry) to a copy of the state."""
    state = fork(state)
    seat: Any = action.get("seat")
    params: dict[str, Any]
    if kind == "join":
        state["names"][seat] = action["name"]
        msg = N_("%(name)s sat down at %(seat)s")
        params = {"name": action["name"], "seat": {"_": action.get("label", seat)}}
    elif kind == "leave":
        msg = N_("The host freed the seat %(seat)s (%(name)s)")
        params = {"seat": {"_": action.get("label", seat)}, "name": state["names"].get(seat, "")}
        state = drop_sealed(state, str(seat))
    elif kind == "host":
        msg = N_("%(name)s now has host rights") if action.get("on") else N_("%(name)s no longer has host rights")
        params = {"name": state["names"].get(seat, seat)}
    elif kind == "ruling":
        ruling: Ruling = {"text": str(action["text"]), "entry": action.get("entry"), "round": int(action.get("round") or 0),
                          "seq": seq}
        state["rulings"] = [*state.get("rulings", []), ruling]
        msg = N_("The table ruled: %(text)s")
        params = {"text": ruling["text"]}
    elif kind == "rules":
        state["rules"] = action.get("entry")
        msg = N_("The host put a rules entry on the screen") if action.get("entry") else \
            N_("The host took the rules entry off the screen")
        params = {}
    else:
        return state
    state["log"] = state["log"] + [{"msg": msg, "params": params, "seq": seq, "kind": kind,
                                    "actor": actor_json(actor)}]
    return state


def drop_sealed(state: EngineState, seat: str) -> EngineState:
    """A freed seat's unrevealed sealed answers are dropped (its player answers again): the next
    phone to take the seat must not read the previous occupant's secret, and the lines that
    carried it stay hidden for good (they are superseded, never revealed). Changes ``state``
    (a fork) but never the game state it shares with other versions."""
    prompts = state["g"].get("prompts", {}) if isinstance(state["g"], dict) else {}
    dropped = [pid for pid, p in prompts.items() if sealed.is_open(p) and seat in p.get("answers", {})]
    if not dropped:
        return state
    state["g"] = json.loads(json.dumps(state["g"]))
    for pid in dropped:
        del state["g"]["prompts"][pid]["answers"][seat]
    keys = [[seat, pid] for pid in dropped]
    state["log"] = [_superseded(e, dropped=True)
                    if "hidden" in e and (e.get("answer_of") in keys or
                                          (e.get("seat") == seat and e.get("prompt") in dropped)) else e
                    for e in state["log"]]
    return state


# -- replay ----------------------------------------------------------------------------------
def undone(events: Iterable[Event]) -> set[int]:
    """The sequence numbers the log's undo events revert."""
    return {int(e.action["target"]) for e in events if e.kind == "undo"}


def replay_one(game: Game, state: EngineState, event: Event) -> EngineState:
    """``state`` after one more event (not an undo: see :func:`replay`)."""
    if event.kind == "action":
        try:
            return apply(game, state, event.who, event.action, event.seed, event.seq)
        except RuleError:
            # Only possible if the rules changed under an old log: keep going, say so.
            state = fork(state)
            state["log"].append({"msg": N_("An old action no longer applies and was skipped"),
                                 "params": {}, "seq": event.seq, "kind": "skipped"})
            return state
    return service_event(state, event.kind, event.who, event.action, event.seq)


def probe(game: Game, state: EngineState, event: Event) -> list[LogEntry]:
    """The log lines ``event`` would add to ``state`` (empty if it does not apply there)."""
    if event.kind != "action":
        return []
    try:
        new = apply(game, state, event.who, event.action, event.seed, event.seq)
    except (RuleError, *MALFORMED):
        return []
    return [e for e in new["log"] if e.get("seq") == event.seq]


def replay(game: Game, events: Sequence[Event], start: EngineState | None = None,
           pause: Callable[[int], None] | None = None) -> EngineState:
    """Rebuild the state from the log, skipping reverted actions; undo lines stay in the log.

    ``events`` start at the setup event, or right after the state ``start`` (then no undo among
    them may target an event at or before it). ``pause(i)`` is called before the i-th event (the
    server lets other connections run during a long replay).
    """
    reverted = undone(events)
    if start is None:
        setup, events = events[0], events[1:]
        state = initial_state(game, setup.action["options"], setup.seed)
    else:
        state = start
    entries_by_seq: dict[int, list[LogEntry]] = {}
    for i, event in enumerate(events):
        if pause is not None:
            pause(i)
        if event.kind == "undo":
            gone = entries_by_seq.get(event.action["target"], [])
            state = fork(state)
            state["log"].append({"msg": N_("Undone by the host"), "params": {}, "seq": event.seq,
                                 "kind": "undo", "actor": event.actor, "undone": gone})
            continue
        if event.seq in reverted:
            # Keep the lines it would have logged, for the undo entry, without applying it.
            # A secret line of an undone action stays hidden for good, even after a reveal.
            entries_by_seq[event.seq] = [_superseded(e) if "hidden" in e else e
                                         for e in probe(game, state, event)]
            continue
        state = replay_one(game, state, event)
    return state


# -- undo ------------------------------------------------------------------------------------
def undo_target(actions: Iterable[Event], reverted: Collection[int]) -> Event | None:
    """The last game action not yet undone, among ``actions``."""
    standing = [e for e in actions if e.kind == "action" and e.seq not in reverted]
    return max(standing, key=lambda e: e.seq, default=None)


def check_undo(game: Game, target: Event | None) -> Event:
    """The action an undo would revert, or why there is none the host may revert."""
    if target is None:
        raise RuleError("There is nothing to undo.", RULE_UNDO, status=409)
    refusal = game.undo_refusal(target.action)
    if refusal is not None:
        raise refusal
    return target


def check_reveal(game: Game, before: EngineState, after: EngineState) -> None:
    """Undo never crosses a reveal: a secret everyone has seen cannot be taken back and re-chosen
    (the game declares its reveals in ``Game.public_marks``)."""
    if game.public_marks(before["g"]) - game.public_marks(after["g"]):
        raise RuleError("This step made hidden information public, so it cannot be undone.", RULE_UNDO,
                        status=409)


# -- reading ---------------------------------------------------------------------------------
def visible(entry: LogEntry, g: dict[str, Any], viewer: Seated) -> dict[str, Any]:
    """A log line as ``viewer`` may read it: a secret shows its hidden form until revealed."""
    shown: dict[str, Any] = {"seq": entry.get("seq"), "actor": entry.get("actor"),
                             "kind": entry.get("kind", "action")}
    secret = "hidden" in entry
    revealed = sealed.is_revealed(g, entry.get("prompt")) and not entry.get("superseded")
    own = viewer.seat and viewer.seat == entry.get("seat") and not entry.get("dropped")
    if secret and not (revealed or own):
        shown.update(msg=entry["hidden"]["msg"], params=entry["hidden"]["params"])
    else:
        shown.update(msg=entry["msg"], params=entry["params"])
    if entry.get("undone"):
        shown["undone"] = [visible(e, g, viewer) for e in entry["undone"]]
    return shown


def visible_log(state: EngineState, viewer: Seated, limit: int | None = None) -> list[dict[str, Any]]:
    """The readable log for ``viewer`` (its last ``limit`` lines)."""
    entries = state["log"] if limit is None else state["log"][-limit:]
    return [visible(entry, state["g"], viewer) for entry in entries]


def last_undoable(state: EngineState, viewer: Seated) -> list[dict[str, Any]]:
    """The log lines of the action an undo would revert now, as ``viewer`` reads them."""
    seqs = [e["seq"] for e in state["log"] if e.get("kind") == "action"]
    if not seqs:
        return []
    last = max(seqs)
    return [visible(e, state["g"], viewer) for e in state["log"] if e.get("seq") == last]


#: how far back a fragment looks for the last reveal (a long evening's log is not read whole per render)
REVEAL_LOOKBACK = 400


def last_reveal(state: EngineState) -> dict[str, Any] | None:
    """The newest reveal of a sealed prompt, for the pages' spoken summary (issue #36): its event's
    ``seq`` and the public lines that event wrote ("Revealed …: Bia 5, Ana 3"). A reveal is the event
    whose answer completed a prompt: the newest secret line whose prompt is now revealed. Only lines
    without a secret form are returned, so the summary is the same for every device."""
    g = state["g"]
    for entry in reversed(state["log"][-REVEAL_LOOKBACK:]):
        if "hidden" in entry and not entry.get("superseded") and sealed.is_revealed(g, entry.get("prompt")):
            seq = entry.get("seq")
            lines = [{"msg": e["msg"], "params": e["params"]} for e in state["log"][-REVEAL_LOOKBACK:]
                     if e.get("seq") == seq and "hidden" not in e]
            return {"seq": seq, "lines": lines} if lines else None
    return None


def public(game: Game, state: EngineState) -> dict[str, Any]:
    """What the shared screen shows of the game, with the seats it waits on."""
    view = dict(game.public_view(state["g"]))
    view.setdefault("waiting_for", game.waiting_for(state["g"]))
    return view


# -- a table in memory -----------------------------------------------------------------------
class Table:
    """A table whose log lives in memory: the engine exactly as the server runs it, for tests
    and tools. Every event gets a seed from ``seed`` unless the caller gives one.

    ``options`` are checked by the game (``profile_data``/``profile_name`` pass as the server's
    saved profiles do). Seats are taken with :meth:`join`; actions, undo and the views follow the
    server's rules (the same checks, undo refusals and reveal guard).
    """

    def __init__(self, game: Game | str, options: dict[str, Any] | None = None, seed: int = 0) -> None:
        found = get_game(game) if isinstance(game, str) else game
        if found is None:
            raise RuleError("Unknown game: %(game)s.", "companion: games", status=404, game=str(game)[:32])
        opts: dict[str, Any] = dict(options or {})
        extra: dict[str, Any] = {k: opts.pop(k) for k in ("profile_data", "profile_name") if k in opts}
        self.game: Game = found
        self.options: dict[str, Any] = {**found.normalize_options(opts), **extra}
        self.seeds = random.Random(seed)
        self.events: list[Event] = [Event(seq=1, kind="setup", actor={"host": True},
                             action={"options": self.options},
                             seed=seed)]
        self.state: EngineState = initial_state(found, self.options, seed)
        #: seat -> player name of the seats taken now
        self.seated: dict[str, str] = {}

    @property
    def version(self) -> int:
        return self.events[-1].seq

    @property
    def g(self) -> dict[str, Any]:
        """The game's own state (tests may arrange it directly between actions)."""
        return self.state["g"]

    def _seed(self, seed: int | None) -> int:
        return self.seeds.getrandbits(62) if seed is None else seed

    def _commit(self, kind: str, actor: Actor, action: dict[str, Any], seed: int, state: EngineState) -> int:
        self.events.append(Event(seq=self.version + 1, kind=kind, actor=actor_json(actor), action=action,
                                 seed=seed))
        self.state = state
        return self.version

    def act(self, actor: Actor, action: Any, seed: int | None = None) -> int:
        """Apply one action as the server does; returns the new version (refused: nothing changes)."""
        action = check_action(actor, action)
        seed = self._seed(seed)
        state = apply(self.game, self.state, actor, action, seed, self.version + 1)
        return self._commit("action", actor, action, seed, state)

    def lines(self, seq: int | None = None) -> list[LogEntry]:
        """The log lines event ``seq`` (default: the last one) added."""
        seq = self.version if seq is None else seq
        return [e for e in self.state["log"] if e.get("seq") == seq]

    def _service(self, kind: str, actor: Actor, action: dict[str, Any]) -> int:
        state = service_event(self.state, kind, actor, action, self.version + 1)
        return self._commit(kind, actor, action, 0, state)

    def _seat_label(self, seat: str) -> str:
        for s in self.game.seats(self.options):
            if s.id == seat:
                return s.label
        raise RuleError("There is no seat %(seat)s.", RULE_SEATS, status=404, seat=str(seat)[:40])

    def join(self, seat: str, name: str) -> int:
        """A player takes a free seat."""
        label = self._seat_label(seat)
        if seat in self.seated:
            raise RuleError("This seat is taken. Ask the host to free it.", RULE_SEATS, status=409)
        name = " ".join(str(name).split())[:40]
        if not name:
            raise RuleError("Type your name.", RULE_SEATS)
        self.seated[seat] = name
        return self._service("join", Actor(seat=seat), {"seat": seat, "name": name, "label": label})

    def leave(self, seat: str, reissue: bool = False) -> int:
        """The host frees a seat (its unrevealed sealed answers are dropped)."""
        label = self._seat_label(seat)
        self.seated.pop(seat, None)
        return self._service("leave", Actor(host=True), {"seat": seat, "reissued": reissue, "label": label})

    def grant_host(self, seat: str, on: bool = True) -> int:
        self._seat_label(seat)
        if seat not in self.seated:
            raise RuleError("Nobody sits at this seat yet.", RULE_SEATS, status=409)
        return self._service("host", Actor(host=True), {"seat": seat, "on": on})

    def show_rule(self, entry: str | None) -> int:
        return self._service("rules", Actor(host=True), {"entry": entry})

    def undo(self, actor: Actor | None = None) -> int:
        """The host reverts the last game action standing (the revert is an event too)."""
        actor = actor or Actor(host=True)
        actor.require_host()
        target = check_undo(self.game, undo_target(self.events, undone(self.events)))
        undo = Event(seq=self.version + 1, kind="undo", actor=actor_json(actor), action={"target": target.seq})
        state = replay(self.game, [*self.events, undo])
        check_reveal(self.game, self.state, state)
        self.events.append(undo)
        self.state = state
        return self.version

    def replayed(self) -> EngineState:
        """The state a replay of the whole log gives (equal to :attr:`state` unless a test
        arranged the game state by hand)."""
        return replay(self.game, self.events)

    def log(self, viewer: Seated | None = None, limit: int | None = None) -> list[dict[str, Any]]:
        """The log as ``viewer`` reads it (default: an anonymous screen)."""
        return visible_log(self.state, viewer or Actor(), limit)

    def last_undoable(self, viewer: Seated | None = None) -> list[dict[str, Any]]:
        return last_undoable(self.state, viewer or Actor(host=True))

    def public(self) -> dict[str, Any]:
        return public(self.game, self.state)

    def private(self, seat: str) -> dict[str, Any]:
        return self.game.private_view(self.state["g"], seat)
