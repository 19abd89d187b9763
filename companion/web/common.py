"""Helpers shared by the page and API blueprints: the service, identity, and action decoding."""

from __future__ import annotations

from typing import Any, cast

from flask import Response, current_app, g, request
from htmx_flask import make_response as _htmx_make_response
from werkzeug.datastructures import MultiDict

from ..games.base import RuleError
from ..schemas import parse_json, printable
from ..tables import Snapshot, Tables, Viewer


class TextResponse(Response):
    """Flask's response, except that a page holding text that is not valid Unicode (a lone
    surrogate stored before the door refused it: an old log line, a saved profile) shows U+FFFD
    there instead of failing with a 500. The check costs one UTF-8 encode; a view never fails on
    stored text (docs/security.md, "Text that is not valid Unicode")."""

    def set_data(self, value: bytes | str) -> None:
        super().set_data(printable(value) if isinstance(value, str) else value)


def tables() -> Tables:
    return cast("Tables", current_app.extensions["companion.tables"])


def bearer() -> str | None:
    auth = request.headers.get("Authorization", "")
    if auth.lower().startswith("bearer "):
        return auth[7:].strip()
    return None


def token_viewer(code: str, token: str | None) -> Viewer | None:
    """:meth:`Tables.viewer_for`, once per request and token (the room-code guard and the view
    both ask: each answer costs a database read)."""
    if not token:
        return None
    memo: dict[tuple[str, str], Viewer | None] = g.setdefault("token_viewers", {})
    key = (code, token)
    if key not in memo:
        memo[key] = tables().viewer_for(code, token)
    return memo[key]


def cookie_viewer(code: str, snap: Snapshot | None = None) -> Viewer:
    """The viewer a browser's cookies identify: its seat and/or host rights on this table.

    With a snapshot at hand the tokens are checked against its rows (no extra queries)."""
    svc = tables()
    if snap is not None:
        seat = svc.viewer_in(snap, request.cookies.get(seat_cookie(code)))
        host = svc.viewer_in(snap, request.cookies.get(host_cookie(code)))
    else:
        seat = token_viewer(code, request.cookies.get(seat_cookie(code)))
        host = token_viewer(code, request.cookies.get(host_cookie(code)))
    return Viewer(seat=seat.seat if seat else None,
                  host=bool((seat and seat.host) or (host and host.host)))


def api_viewer(code: str, required: bool = True) -> Viewer:
    """The viewer of a JSON call: ``Authorization: Bearer <seat or host token>``."""
    token = bearer()
    viewer = token_viewer(code, token)
    if viewer is None and required:
        raise RuleError("A valid seat or host token is required (Authorization: Bearer ...).",
                        "companion: tokens", status=401)
    return viewer or Viewer()


def seat_cookie(code: str) -> str:
    return f"seat_{code}"


def host_cookie(code: str) -> str:
    return f"host_{code}"


def form_action(form: MultiDict[str, str]) -> dict[str, Any]:
    """Turn a posted form into an action dict (see docs/games-howto.md, Templates)."""
    action: dict[str, Any] = {}
    for key in form.keys():
        if key in ("csrf_token", "idempotency_key"):
            continue
        if key == "json":
            extra = parse_json(form.get("json") or "{}")
            if not isinstance(extra, dict):
                raise RuleError("The form sent malformed data.", "companion: actions")
            action.update(extra)
        elif key.endswith("[]"):
            action[key[:-2]] = form.getlist(key)
        else:
            action[key] = form.get(key)
    return action


def public_base() -> str:
    """The address phones should use: the configured LAN URL, else the one the request came to."""
    configured = current_app.config.get("PUBLIC_URL")
    if configured and _loopback(request.host):
        return cast("str", configured.rstrip("/"))
    return request.host_url.rstrip("/")


def _loopback(host: str) -> bool:
    """Whether a Host names the laptop itself, in any spelling the host allowlist accepts
    (``LOCALHOST.``, ``[::1]``, ``127.0.1.1``): a phone given that address reaches only itself."""
    import ipaddress

    from .hosts import host_name

    name = host_name(host)
    if name == "localhost":
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def readable_record(code: str, viewer: Viewer) -> dict[str, Any]:
    """The host's downloadable record of a table, its log lines translated (see Tables.record)."""
    from .i18n_web import translate

    data = tables().record(code, viewer)
    data["log"] = [dict(e, text=translate(e["msg"], e["params"])) for e in data["log"]]
    return data


def htmx_response(*args: Any, **kwargs: Any) -> Response:
    """htmx_flask's ``make_response`` (a body, a status, htmx headers as keywords), typed: the
    library ships no annotations, and every page answer goes through here."""
    return cast(Response, _htmx_make_response(*args, **kwargs))
