"""New tables and imports per source: nobody on the Wi-Fi can fill the laptop with tables.

Creating a table takes no login, so one device could create hundreds a second (225/s measured) and
loops of 10,000-event imports took the CPU from every table. Each source (``roomcodes.client_key``:
an IPv4 address, an IPv6 /64, or the laptop itself) gets ``TABLE_LIMIT`` new tables and
``IMPORT_LIMIT`` imports a minute, page and API together; past that a worded 429 with
``Retry-After``. The slot is taken when the request arrives (atomically, like the room-code
count), so parallel requests cannot overshoot; a refused create or import still spends it.
An import that is let in runs in slices that step aside for the other tables (:mod:`companion.offload`).
"""

from __future__ import annotations

from flask import Flask, current_app, request
from flask_limiter import Limiter
from limits import parse
from limits.strategies import MovingWindowRateLimiter

from ..games.base import RuleError
from ..i18n import N_
from .roomcodes import client_key

TABLE_LIMIT = "30 per minute"
IMPORT_LIMIT = "10 per minute"
RULE = "companion: limits"
TOO_MANY_TABLES = N_("Too many new tables from this device. Wait a minute, then try again.")
TOO_MANY_IMPORTS = N_("Too many imports from this device. Wait a minute, then try again.")
#: endpoint -> (budget shared by page and API, config key, refusal)
QUOTAS = {
    "pages.create": ("tables", "TABLE_LIMIT", TOO_MANY_TABLES),
    "api.create_table": ("tables", "TABLE_LIMIT", TOO_MANY_TABLES),
    "pages.import_table": ("imports", "IMPORT_LIMIT", TOO_MANY_IMPORTS),
    "api.import_table": ("imports", "IMPORT_LIMIT", TOO_MANY_IMPORTS),
}


def check_quota() -> None:
    quota = QUOTAS.get(request.endpoint or "")
    if quota is None:
        return
    scope, key, message = quota
    window: MovingWindowRateLimiter = current_app.extensions["companion.quotas"]
    if not window.hit(parse(current_app.config[key]), scope, client_key()):
        raise RuleError(message, RULE, status=429)


def init_app(app: Flask, limiter: Limiter) -> None:
    app.config.setdefault("TABLE_LIMIT", TABLE_LIMIT)
    app.config.setdefault("IMPORT_LIMIT", IMPORT_LIMIT)
    app.extensions["companion.quotas"] = MovingWindowRateLimiter(limiter.limiter.storage)
    app.before_request(check_quota)
