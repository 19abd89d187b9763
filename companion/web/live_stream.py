"""The live event stream of a table: ``GET /api/tables/<code>/stream`` (server-sent events).

Kept out of the JSON API (:mod:`.api`): what it carries is the pages' own news, ``update`` with the
table's version and ``ping`` heartbeats, and for a page the HTML it would fetch: ``progress`` lines
(:mod:`.live_patch`) and, when the page asks with ``?push=``, its whole ``fragment``
(:mod:`.live_push`). Any client may listen; it says nothing a fetch of the same page would not.
"""

from __future__ import annotations

from flask import Blueprint, Response, current_app, request, stream_with_context
from flask.typing import ResponseReturnValue

from ..games.base import RuleError
from ..progress import Progress
from ..tables import NO_TABLE
from . import admit
from .common import cookie_viewer, tables
from .live_patch import progress_data, screen_parts_data
from .live_push import PUSHABLE, fragment_data
from .quotas import counted_stream

bp = Blueprint("live", __name__, url_prefix="/api")


@bp.get("/tables/<room:code>/stream")
def stream(code: str) -> ResponseReturnValue:
    """Server-sent events: ``update`` with the table's version, ``ping`` heartbeats; ``progress``
    and ``fragment`` (when the page asks with ``?push=``) carry what changed for this device."""
    svc = tables()
    if svc.version(code) is None:
        raise RuleError(NO_TABLE, "companion: tables", status=404, code=code[:8])
    try:
        seen = int(request.args.get("v", -1))
    except ValueError:
        seen = -1
    if not svc.db.is_sqlite:
        svc.live.attach_fanout(svc.db.url)
    # Each read or render for an event holds a slot of the process's admission while it runs, and
    # none while the stream waits (web/admit.py): the stream's hours are not in-flight work.
    view = request.args.get("push", "")
    pushed = view in PUSHABLE and str(current_app.config["PUSH_FRAGMENTS"]) != "0"
    patch = None
    if str(current_app.config["PROGRESS_EVENTS"]) != "0":
        def patch(change: Progress) -> str | None:
            with admit.slot():
                if pushed and view == "screen":  # a TV is sent the parts that moved (issue 41)
                    return screen_parts_data(code, change)
                # The device's seat, resolved at the first progress event (not when thousands of
                # pages connect at once): a phone may be sent its progress lines (companion.progress).
                return progress_data(code, cookie_viewer(code).seat, change)
    push = None
    if pushed:
        def push(version: int) -> tuple[int, str] | None:
            with admit.slot():
                return fragment_data(code, view, version)

    def current() -> int | None:
        with admit.slot():
            return svc.version(code)
    gen = counted_stream(svc.live.stream(code, current, seen=seen, patch=patch, push=push))
    return Response(stream_with_context(gen), mimetype="text/event-stream",
                    headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})
