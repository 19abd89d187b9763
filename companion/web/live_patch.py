"""The data of a ``progress`` live event: the new log lines a phone adds to its list instead of
fetching its whole fragment (companion.progress decides which phones, issue #27).

The lines are rendered once per table version and language and kept beside the fragments
(:mod:`.fragment_cache`); they are what a spectator reads, so they are the same for every phone that
takes them. The page applies them only when its fragment is at the version just before, else it
fetches as it always did (static/app.js).

A shared screen whose game names a ``screen_parts_template`` is sent, for the same changes, the parts
of its fragment that such a change may alter (:func:`screen_parts_data`, issue 41): the page puts
them into the fragment text it holds at the version just before, and merges the result as it would
a pushed fragment, so the TV shows, and says, what a fetch would have brought.
"""

from __future__ import annotations

import json
import re

from flask import render_template, request
from flask_babel import get_locale

from ..progress import Progress, spectator_lines
from ..tables import Viewer
from .common import cookie_viewer, tables
from .fragment_cache import fragment_cache
from .pages import screen_parts

#: one part of a TV's fragment (base/_tv.html): its name and its whole text, markers included
PART = re.compile(r"<!--p:([\w-]+)-->.*?<!--/p:\1-->", re.S)


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


def screen_parts_data(code: str, change: Progress) -> str | None:
    """The event's data for a shared screen that is pushed its fragment (``?push=screen``): the
    parts of that fragment at ``change.after`` (``{"from", "v", "parts": {name: text}}``), or None
    when it must be sent its whole fragment (the game draws no parts, the table moved on)."""
    snap = tables().snapshot_at(code, change.after)
    if snap.version != change.after or snap.game.screen_parts_template is None:
        return None
    html = screen_parts(snap, Viewer(host=cookie_viewer(snap.table.code, snap).host))
    parts = {m.group(1): m.group(0) for m in PART.finditer(html)}
    return json.dumps({"from": change.before, "v": change.after, "parts": parts}, separators=(",", ":"))
