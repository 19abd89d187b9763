"""Room codes cannot be swept: every route that takes a code counts the lookups that fail.

A 4-letter code is the only thing between a stranger on the Wi-Fi and a table's public pages, so a
device gets ``ROOM_CODE_LIMIT`` failed lookups (20 a minute) and then a worded 429. What counts:

- a code that names no table, on any route that takes one (``/t/<code>/...``, ``/api/tables/<code>/...``,
  ``/go?code=``);
- any request to a route that needs a seat or host token (``needs_credential``) without a token
  valid for that table: such a stranger gets one answer (401 from the API, 403 from pages) whether
  or not the table exists, and it is always counted, so the answer and the count say nothing.

The count is atomic (the ``limits`` moving window takes the slot under a lock at the moment of the
miss), so a parallel burst gets exactly the budget, not more. Once over it, a device keeps reaching
every route that takes no code and every table it holds a token for (its own seat or host cookie,
or a bearer token); only lookups without one answer 429 until the window passes.

Budgets are per source (``client_key``): one IPv4 address; an IPv6 /64 (a device on a LAN can pick
any address of its /64); every loopback address together (127.0.0.0/8 and ::1: the laptop itself).
The counts live where ``COMPANION_LIMITS_STORAGE`` says (``shared_limits.py``): in memory for the
single-process server, in the database every worker shares on PostgreSQL, so one device gets one
budget however many workers serve it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

from flask import Flask, Response, current_app, g, request
from limits import RateLimitItem, parse
from limits.storage import Storage
from limits.strategies import MovingWindowRateLimiter

from ..engine import RULE_SEATS
from ..games.base import RuleError
from ..i18n import N_
from ..server import source_of
from .common import bearer, host_cookie, seat_cookie, token_viewer
from .room import clean_code

#: Failed room-code lookups allowed per source: a player mistyping a code a few times never notices;
#: sweeping the 160,000 four-letter codes takes days instead of minutes.
ROOM_CODE_LIMIT = "20 per minute"
RULE = "companion: room codes"
TOO_MANY = N_("Too many wrong room codes from this device. Wait a minute, then check the code on the screen.")
TOKEN_NEEDED = N_("A valid seat or host token is required (Authorization: Bearer ...).")
SEAT_NEEDED = N_("Join a seat first.")
HOST_NEEDED = N_("Only the host can do this.")

F = TypeVar("F", bound=Callable[..., Any])


def client_key() -> str:
    """The source a budget belongs to: an IPv4 address, an IPv6 /64, or ``loopback``."""
    return source_of(request.remote_addr or "")


def needs_credential(kind: str) -> Callable[[F], F]:
    """Mark a view that only a seat or the host may use: ``"api"`` (bearer token), ``"seat"`` or
    ``"host"`` (page cookies). A stranger is answered (and counted) before the table is looked up."""

    def mark(view: F) -> F:
        view.needs_credential = kind  # type: ignore[attr-defined]
        return view

    return mark


class RoomCodeGuard:
    """The per-source budget of failed room-code lookups (see the module docstring)."""

    def __init__(self, storage: Storage, limit: Callable[[], str]) -> None:
        self.limit = limit
        self.window = MovingWindowRateLimiter(storage)

    def _item(self) -> RateLimitItem:
        return parse(self.limit())

    def over(self) -> bool:
        """Whether this source has no failed lookup left (nothing is counted)."""
        return not self.window.test(self._item(), "room-codes", client_key())

    def miss(self) -> bool:
        """Count one failed lookup; False when the budget was already spent (answer 429)."""
        return self.window.hit(self._item(), "room-codes", client_key())

    def refuse(self) -> RuleError:
        return RuleError(TOO_MANY, RULE, status=429)


def guard() -> RoomCodeGuard:
    return cast("RoomCodeGuard", current_app.extensions["companion.room_codes"])


def _code() -> str | None:
    if request.endpoint == "pages.go":
        return clean_code(request.args.get("code", "")) or None
    code = (request.view_args or {}).get("code")
    return code or None


def _holds_token(code: str) -> bool:
    """Whether the request carries a seat or host token of table ``code`` (a device at its own table)."""
    tokens = [bearer(), request.cookies.get(seat_cookie(code)), request.cookies.get(host_cookie(code))]
    return any(token_viewer(code, t) is not None for t in tokens)


def check_request() -> None:
    """Before a view that takes a room code: answer strangers and spent budgets at the door."""
    code = _code()
    if code is None:
        return
    view = current_app.view_functions.get(request.endpoint or "")
    kind = getattr(view, "needs_credential", None)
    if kind is None and not guard().over():
        return  # a public route within budget: a miss is counted when the lookup fails
    if _holds_token(code):
        return  # a device at its own table is never limited
    if kind is None:
        raise guard().refuse()
    if not guard().miss():
        raise guard().refuse()
    if kind == "api":
        raise RuleError(TOKEN_NEEDED, "companion: tokens", status=401)
    raise RuleError(HOST_NEEDED if kind == "host" else SEAT_NEEDED,
                    "companion: host rights" if kind == "host" else RULE_SEATS, status=403)


def counted_miss() -> RuleError | None:
    """A code named no table: count it; the 429 to answer instead of the 404 once over budget."""
    if g.get("room_code_counted"):
        return None
    g.room_code_counted = True
    return None if guard().miss() else guard().refuse()


def retry_after(response: Response) -> Response:
    """Every 429 says when to try again (the moving window frees a slot within a minute)."""
    if response.status_code == 429:
        response.headers.setdefault("Retry-After", "60")
    return response


def init_app(app: Flask, storage: Storage) -> None:
    app.config.setdefault("ROOM_CODE_LIMIT", ROOM_CODE_LIMIT)
    app.extensions["companion.room_codes"] = RoomCodeGuard(storage, lambda: app.config["ROOM_CODE_LIMIT"])
    app.before_request(check_request)
    app.after_request(retry_after)
