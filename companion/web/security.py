"""Browser-side defences sent with every response: the Content-Security-Policy and its friends.

``script-src 'self'`` means only the files under ``/static`` run: no inline ``<script>``, no
``onclick=`` attribute, nothing from another origin. So even if some user text ever slipped
through unescaped, the browser would refuse to run it. (Behaviour that used to be inline lives in
``static/app.js``, or a game's own ``static/<game>.js``, as delegated handlers driven by ``data-``
attributes.) Inline ``style``
attributes stay allowed: pages colour chips with ``style="--c: ..."``, and CSS cannot read a
secret out of the page.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Flask, Response, request
from flask.typing import ResponseReturnValue
from flask_wtf.csrf import CSRFError, CSRFProtect

from ..games.base import RuleError

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
    # same-origin, not no-referrer: with no-referrer browsers send "Origin: null" on our own form
    # posts, and the CSRF origin check needs the real one; other sites still get no referrer.
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
}


def security_headers(response: Response) -> Response:
    for key, value in HEADERS.items():
        response.headers[key] = value
    return response


def _expired() -> RuleError:
    return RuleError("This form has expired; reload the page and try again.", "companion: CSRF", status=403)


def check_origin() -> None:
    """A browser's unsafe request must come from our own pages: a foreign ``Origin`` is refused
    even before the token is looked at (the API authenticates with bearer tokens, not cookies)."""
    if request.method in ("GET", "HEAD", "OPTIONS") or request.path.startswith("/api/"):
        return
    origin = request.headers.get("Origin")
    if origin and (origin == "null" or urlsplit(origin).netloc != request.host):
        raise _expired()


def init_app(app: Flask) -> None:
    from . import api, quotas, roomcodes, shared_limits

    app.after_request(security_headers)
    # Per-source limits (web/roomcodes.py keys them): in memory for the single-process server, in the
    # database every worker shares on PostgreSQL (web/shared_limits.py). The room-code guard runs
    # before the CSRF check, so a stranger is counted even without a form token.
    storage = shared_limits.storage_for(app.config.get("LIMITS_STORAGE"), app.extensions["companion.tables"].db)
    app.extensions["companion.limits_storage"] = storage
    roomcodes.init_app(app, storage)
    quotas.init_app(app, storage)
    # CSRF: Flask-WTF's token is kept in the signed session cookie, so it is tied to the browser;
    # pages send it as X-CSRF-Token (htmx) or the csrf_token field. No time limit: a phone's page
    # stays open all evening. The JSON API uses bearer tokens (no ambient cookie): exempt.
    app.config.setdefault("WTF_CSRF_TIME_LIMIT", None)
    app.config.setdefault("SESSION_COOKIE_SAMESITE", "Lax")
    app.config.setdefault("SESSION_COOKIE_HTTPONLY", True)
    app.before_request(check_origin)
    csrf = CSRFProtect(app)
    csrf.exempt(api.bp)

    @app.errorhandler(CSRFError)
    def csrf_refused(_err: CSRFError) -> ResponseReturnValue:
        from .errors import refusal

        return refusal(_expired())

