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


def init_app(app: Flask) -> None:
    app.after_request(security_headers)
