"""The data of a ``progress`` live event: the new log lines a phone adds to its list instead of
fetching its whole fragment (companion.progress decides which phones, issue #27).

The lines are rendered once per table version and language and kept beside the fragments
(:mod:`.fragment_cache`); they are what a spectator reads, so they are the same for every phone that
takes them. The page applies them only when its fragment is at the version just before, else it
fetches as it always did (static/app.js).
"""

from __future__ import annotations

import json

from flask import render_template, request
from flask_babel import get_locale

from ..progress import Progress, spectator_lines
from .common import tables
from .fragment_cache import fragment_cache


def progress_data(code: str, seat: str | None, change: Progress) -> str | None:
    """The event's data for a phone of ``seat``, or None when that page must fetch (another seat's
    news, the table already moved on, a page with no seat)."""
    if not change.patches(seat):
        return None
    snap = tables().snapshot_at(code, change.after)
    if snap.version != change.after:
        return None
    cache = fragment_cache()
    key = (snap.table.code, "progress", str(get_locale()), request.script_root, request.host)
    stamp = (snap.table.created_at, snap.version)
    body = cache.get(key, stamp)
    if body is None:
        lines = render_template("base/_log_lines.html", log=spectator_lines(snap.state, change))
        body = json.dumps({"from": change.before, "v": change.after, "log": lines}, separators=(",", ":"))
        cache.put(key, stamp, body)
    return body
