"""Render once: a table's live fragments, kept in memory per table version and view.

Every change makes every open page of a table re-fetch its fragment, and a page often asks twice
for the same version (its own action's ``refresh`` and the event stream's hint), as do several
screens showing one table. A fragment is a pure function of the table at one version and of who
looks at it, so it is rendered once and the same text is served to every request with the same
key (docs/performance.md, issue #27).

The key holds everything a render reads besides the table: the view (screen, seat, host), the
viewer's seat and host rights as resolved from the snapshot, the language, the query parameters the
view reads (``reads``: none of today's fragments reads one; a parameter a view does not read is not
part of the key, so ``?k=<8,000 letters>`` cannot make new entries, issue #39) and the address the
page was reached at (``url_for`` and script root; the host is one of the names the server answers
to, ``web/hosts.py``). The table is named by its code *and* its creation time, so a code reused by a
newer table never meets an older table's text. Only the newest version of each key is kept (a new
version replaces it), and the whole cache is bounded in bytes, keys included
(:class:`companion.bounded.SizedLRU`), least recently used first out. A body that carries anything
bound to one device (its CSRF token, its seat or host token) is never stored.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable, Iterable

from flask import current_app, g, request
from flask_babel import get_locale

from ..bounded import SizedLRU
from ..tables import Snapshot, Viewer

#: Bytes of rendered text and keys kept per process (a generic phone fragment is ~6,500 characters,
#: an AGoT one ~20,000): room for every view of a few hundred busy tables.
MAX_BYTES = 24 * 2**20

ViewKey = tuple[Hashable, ...]
Stamp = tuple[Hashable, ...]


class FragmentCache:
    """Rendered fragments, newest version per view key, bounded in bytes with their keys (least
    recently used out). One per app (``app.extensions``); never locked while rendering."""

    def __init__(self, max_bytes: int = MAX_BYTES) -> None:
        self._entries: SizedLRU[ViewKey, tuple[Stamp, str]] = SizedLRU(max_bytes)
        self._lock = threading.Lock()
        self.hits = self.misses = self.refused = 0

    def get(self, key: ViewKey, stamp: Stamp) -> str | None:
        """The text stored for ``key`` if it was rendered at ``stamp`` (table and version), else None."""
        found = self._entries.get(key)
        with self._lock:
            if found is None or found[0] != stamp:
                self.misses += 1
                return None
            self.hits += 1
        return found[1]

    def put(self, key: ViewKey, stamp: Stamp, body: str, device_secrets: Iterable[str | None] = ()) -> bool:
        """Keep ``body`` as the text of ``key`` at ``stamp``, replacing an older version's. Refused
        (False) when the body holds one of ``device_secrets`` (that text belongs to one device only)
        or is alone over the budget."""
        if any(secret and secret in body for secret in device_secrets) or not self._entries.put(key, (stamp, body)):
            with self._lock:
                self.refused += 1
            return False
        return True

    def __len__(self) -> int:
        return len(self._entries)

    @property
    def bytes(self) -> int:
        """What the cache holds, keys included."""
        return self._entries.bytes


def fragment_cache() -> FragmentCache:
    cache: FragmentCache | None = current_app.extensions.get("companion.fragments")
    if cache is None:
        cache = current_app.extensions["companion.fragments"] = FragmentCache()
    return cache


def view_key(snap: Snapshot, view: str, viewer: Viewer, reads: tuple[str, ...] = ()) -> ViewKey:
    """Everything a fragment's render depends on besides the table's version (see the module):
    of the query, only the parameters in ``reads`` (a fragment pushed on a page's event stream is
    the one its page would fetch)."""
    args = tuple((name, tuple(request.args.getlist(name))) for name in reads)
    return (snap.table.code, view, viewer.seat, viewer.host, str(get_locale()),
            request.script_root, request.scheme, request.host, args)


def render_once(snap: Snapshot, view: str, viewer: Viewer, render: Callable[[], str],
                device_secrets: Iterable[str | None] = (), reads: tuple[str, ...] = ()) -> str:
    """The fragment ``view`` of ``snap`` for ``viewer``: from memory when this exact key was already
    rendered at this version, else rendered by ``render`` and kept (unless it is bound to the device).

    ``device_secrets`` are this request's credentials (cookies); the page's CSRF token is added
    when this request made one (a body can only show a token signed for it: asking Flask-WTF for
    one here would sign it, and start a session, on every render)."""
    cache = fragment_cache()
    key = view_key(snap, view, viewer, reads)
    stamp = (snap.table.created_at, snap.version)
    body = cache.get(key, stamp)
    if body is not None:
        g.table_version = snap.version  # the X-Table-Version header, as a render would set it
        return body
    body = render()
    csrf = g.get(current_app.config.get("WTF_CSRF_FIELD_NAME", "csrf_token"))
    cache.put(key, stamp, body, [*device_secrets, csrf])
    return body

