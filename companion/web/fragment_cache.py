"""Render once: a table's live fragments, kept in memory per table version and view.

Every change makes every open page of a table re-fetch its fragment, and a page often asks twice
for the same version (its own action's ``refresh`` and the event stream's hint), as do several
screens showing one table. A fragment is a pure function of the table at one version and of who
looks at it, so it is rendered once and the same text is served to every request with the same
key (docs/performance.md, issue #27).

The key holds everything a render reads besides the table: the view (screen, seat, host), the
viewer's seat and host rights as resolved from the snapshot, the language, the query string and
the address the page was reached at (``url_for`` and script root). The table is named by its code
*and* its creation time, so a code reused by a newer table never meets an older table's text. Only
the newest version of each key is kept (a new version replaces it), and the whole cache is bounded
in characters, least recently used first out. A body that carries anything bound to one device (its
CSRF token, its seat or host token) is never stored.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable

from flask import current_app, g, request
from flask_babel import get_locale

from ..tables import Snapshot, Viewer

#: Characters of rendered text kept per process (a generic phone fragment is ~6,500, an AGoT one
#: ~20,000): room for every view of a few hundred busy tables.
MAX_CHARS = 24 * 2**20

ViewKey = tuple[Hashable, ...]
Stamp = tuple[Hashable, ...]


class FragmentCache:
    """Rendered fragments, newest version per view key, bounded by size (least recently used out).

    One per app (``app.extensions``); greenlets and test threads share it under a lock that is never
    held while rendering."""

    def __init__(self, max_chars: int = MAX_CHARS) -> None:
        self.max_chars = max_chars
        self._entries: OrderedDict[ViewKey, tuple[Stamp, str]] = OrderedDict()
        self._chars = 0
        self._lock = threading.Lock()
        self.hits = self.misses = self.refused = 0

    def get(self, key: ViewKey, stamp: Stamp) -> str | None:
        """The text stored for ``key`` if it was rendered at ``stamp`` (table and version), else None."""
        with self._lock:
            found = self._entries.get(key)
            if found is None or found[0] != stamp:
                self.misses += 1
                return None
            self._entries.move_to_end(key)
            self.hits += 1
            return found[1]

    def put(self, key: ViewKey, stamp: Stamp, body: str, device_secrets: Iterable[str | None] = ()) -> bool:
        """Keep ``body`` as the text of ``key`` at ``stamp``, replacing an older version's. Refused
        (False) when the body holds one of ``device_secrets``: that text belongs to one device only."""
        if any(secret and secret in body for secret in device_secrets) or len(body) > self.max_chars:
            with self._lock:
                self.refused += 1
            return False
        with self._lock:
            old = self._entries.pop(key, None)
            if old is not None:
                self._chars -= len(old[1])
            self._entries[key] = (stamp, body)
            self._chars += len(body)
            while self._chars > self.max_chars:
                _, (_, dropped) = self._entries.popitem(last=False)
                self._chars -= len(dropped)
        return True

    def __len__(self) -> int:
        return len(self._entries)

    @property
    def chars(self) -> int:
        return self._chars


def fragment_cache() -> FragmentCache:
    cache: FragmentCache | None = current_app.extensions.get("companion.fragments")
    if cache is None:
        cache = current_app.extensions["companion.fragments"] = FragmentCache()
    return cache


def view_key(snap: Snapshot, view: str, viewer: Viewer, args: ViewKey | None = None) -> ViewKey:
    """Everything a fragment's render depends on besides the table's version (see the module).
    ``args``: the fragment's query when it is not this request's (a fragment pushed on a page's
    event stream is the one its page would fetch, with no query)."""
    if args is None:
        args = tuple(sorted(request.args.items(multi=True)))
    return (snap.table.code, view, viewer.seat, viewer.host, str(get_locale()),
            request.script_root, request.scheme, request.host, args)


def render_once(snap: Snapshot, view: str, viewer: Viewer, render: Callable[[], str],
                device_secrets: Iterable[str | None] = (), args: ViewKey | None = None) -> str:
    """The fragment ``view`` of ``snap`` for ``viewer``: from memory when this exact key was already
    rendered at this version, else rendered by ``render`` and kept (unless it is bound to the device).

    ``device_secrets`` are this request's credentials (cookies); the page's CSRF token is added
    when this request made one (a body can only show a token signed for it: asking Flask-WTF for
    one here would sign it, and start a session, on every render)."""
    cache = fragment_cache()
    key = view_key(snap, view, viewer, args)
    stamp = (snap.table.created_at, snap.version)
    body = cache.get(key, stamp)
    if body is not None:
        g.table_version = snap.version  # the X-Table-Version header, as a render would set it
        return body
    body = render()
    csrf = g.get(current_app.config.get("WTF_CSRF_FIELD_NAME", "csrf_token"))
    cache.put(key, stamp, body, [*device_secrets, csrf])
    return body

