"""Browser-side defences sent with every response: the Content-Security-Policy and its friends.

``script-src 'self'`` means only the files under ``/static`` run: no inline ``<script>``, no
``onclick=`` attribute, nothing from another origin. So even if some user text ever slipped
through unescaped, the browser would refuse to run it. (Behaviour that used to be inline lives in
``static/app.js`` as delegated handlers driven by ``data-`` attributes.) Inline ``style``
attributes stay allowed: pages colour chips with ``style="--c: ..."``, and CSS cannot read a
secret out of the page.
"""

from __future__ import annotations

from flask import Flask, Response
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address

CSP = "; ".join([
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
])
HEADERS = {
    "Content-Security-Policy": CSP,
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
}


def security_headers(response: Response) -> Response:
    for key, value in HEADERS.items():
        response.headers[key] = value
    return response


#: Failed room-code lookups (any 404) allowed per client address: a player mistyping a code a few
#: times never notices; sweeping the 160,000 four-letter codes would take days instead of minutes.
ROOM_CODE_LIMIT = "20 per minute"


def _failed_lookup(response: Response) -> bool:
    return response.status_code == 404


def init_app(app: Flask) -> None:
    app.after_request(security_headers)
    app.config.setdefault("ROOM_CODE_LIMIT", ROOM_CODE_LIMIT)
    # One in-memory counter per address for the whole app, only 404s count; once over, the
    # address gets 429 (errors.py words it) until the window passes. In-memory storage is per
    # process: with --workers N an address gets N times the budget, still days for a sweep.
    limiter = Limiter(get_remote_address, app=app, storage_uri="memory://",
                      application_limits=[lambda: app.config["ROOM_CODE_LIMIT"]],
                      application_limits_deduct_when=_failed_lookup)
    app.extensions["companion.limiter"] = limiter
