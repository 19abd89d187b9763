"""The data of a ``fragment`` live event: the page's whole fragment, sent on its event stream
instead of a hint that makes it fetch (issue #27).

A change used to reach a page as ``update`` (the version), and the page then asked for its fragment:
one more request per page per change, which is most of a reveal's cost when seven pages of a
table ask at once. A page whose stream names its fragment (``?push=seat`` or ``?push=screen``, see
templates/base/_live.html) is sent that fragment itself. It is exactly the text a fetch would have
returned to that device at that version: the same functions render it
(:func:`.pages.seat_fragment`, :func:`.pages.screen_fragment`), for the viewer its cookies name
*now*, checked against the table's rows at that version, through the same render-once cache. A
device whose seat was freed, or a table gone, gets a plain ``update``; its fetch then says why.
"""

from __future__ import annotations

import json

from ..games.base import RuleError
from .common import cookie_viewer, tables
from .pages import screen_fragment, seat_fragment

#: the fragments a page may ask to be pushed, and what renders each (as its fetch does)
RENDERERS = {"seat": seat_fragment, "screen": screen_fragment}
PUSHABLE = tuple(RENDERERS)


def fragment_data(code: str, view: str, version: int) -> tuple[int, str] | None:
    """The version and event data (one JSON line: ``v``, ``frag``, ``html``) of ``view``'s fragment
    at ``version`` or newer for this request's device, or None when the page must fetch instead."""
    try:
        snap = tables().snapshot_at(code, version)
    except RuleError:  # the table was deleted: the fetch answers with the page's own message
        return None
    viewer = cookie_viewer(snap.table.code, snap)
    if view == "seat" and not viewer.seat:
        return None
    html = RENDERERS[view](snap, viewer)
    return snap.version, json.dumps({"v": snap.version, "frag": view, "html": html}, separators=(",", ":"))
