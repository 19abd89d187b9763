"""The door of every request: a slot of this process's :class:`~companion.admission.Admission`, or
``503`` with ``Retry-After`` at once (issue 41, "back-pressure instead of timeouts").

The hook runs right after the host check, before any other hook touches the database (the room-code
guard's budget, the session's seat lookup), so a request that waits for a slot holds no pooled
connection while it waits. The slot is given back once the response is built (``after_request``):
an event stream's response is built when its first byte is due, so its opening is counted and its
open hours are not (its reads per event take a slot each: ``slot`` in web/api.py).

Config: ``ADMISSION_LIMIT`` (requests at work at once per process; default half the database
pool, see :func:`companion.admission.default_limit`; the streams' work for events has half as many
slots of its own; ``0``: no admission control),
``ADMISSION_WAIT`` (seconds a request may wait for a slot, default 1), ``ADMISSION_RETRY_AFTER``
(seconds a shed client is told to wait, default 2).
"""

from __future__ import annotations

from contextlib import AbstractContextManager, nullcontext

from flask import Flask, Response, current_app, g, request
from flask.typing import ResponseReturnValue
from flask_babel import gettext

from ..admission import EXEMPT, Admission, default_limit, pool_capacity
from .errors import HTTP_MESSAGES, reply

KEY = "companion.admission"
STREAM_KEY = "companion.admission.streams"


def admission(app: Flask | None = None) -> Admission | None:
    """This process's admission control, or None when it is off."""
    return (app or current_app).extensions.get(KEY)


def slot() -> AbstractContextManager[None]:
    """A slot for a stream's work on an event (waits, never shed); nothing when admission is off.

    Streams have a door of their own: a reveal wakes every page of its table at once, and their
    waiting work in the requests' queue shed every request behind it (measured at 1,000 tables:
    6 actions a second got in)."""
    door = current_app.extensions.get(STREAM_KEY)
    return door.slot() if door is not None else nullcontext()


def enter() -> ResponseReturnValue | None:
    """before_request: take a slot, or answer 503 at once, worded in the page's language as any
    error (web/errors.py), without the error handlers' detour: a storm of them is the load."""
    door = admission()
    if door is None or request.path.startswith(EXEMPT):
        return None
    if not door.enter():
        g.admission_shed = door.retry_in()
        return reply(gettext(HTTP_MESSAGES[503]), 503)
    g.admission_held = True
    return None


def leave(response: Response) -> Response:
    """after_request: give the slot back; a shed request says when to come back."""
    if g.pop("admission_held", False):
        door = admission()
        if door is not None:
            door.leave()
    retry = g.get("admission_shed")
    if retry is not None:
        response.headers["Retry-After"] = str(retry)
    return response


def leave_on_error(_err: BaseException | None) -> None:
    """teardown_request: the slot of a request that never reached ``after_request``."""
    if g.pop("admission_held", False):
        door = admission()
        if door is not None:
            door.leave()


def init_app(app: Flask) -> None:
    """Register the door (call it first after the host check: see the module)."""
    tables = app.extensions["companion.tables"]
    limit = app.config.get("ADMISSION_LIMIT")
    limit = default_limit(pool_capacity(tables.db.engine)) if limit in (None, "") else int(limit)
    if limit > 0:
        app.extensions[KEY] = Admission(limit=limit, wait=float(app.config.get("ADMISSION_WAIT") or 1.0),
                                        retry_after=int(app.config.get("ADMISSION_RETRY_AFTER") or 2))
        # the streams' reads and renders for an event: half as many again, never shed
        app.extensions[STREAM_KEY] = Admission(limit=max(2, limit // 2), wait=-1)
    app.before_request(enter)
    app.after_request(leave)
    app.teardown_request(leave_on_error)
