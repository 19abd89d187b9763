"""Tabletop Companion: a game-night server for secret orders, bids and bookkeeping."""

from __future__ import annotations

import os
import random
from typing import TYPE_CHECKING, Any

from .version import __version__ as __version__

if TYPE_CHECKING:  # Flask is imported inside create_app: `companion serve` patches gevent first
    from flask import Flask

#: The environment's prefix: ``COMPANION_DATA_DIR`` sets the config key ``DATA_DIR``, and so on.
ENV_PREFIX = "COMPANION"


def create_app(config: dict[str, Any] | None = None) -> Flask:
    """Build the Flask app: database, table service, i18n, htmx and the blueprints.

    Config keys: ``DATABASE_URL`` (else env ``DATABASE_URL``, else SQLite in ``DATA_DIR``),
    ``DATA_DIR`` (default: the per-user data folder), ``PUBLIC_URL`` (the LAN address phones use;
    ``companion serve`` sets it), ``ALLOWED_HOSTS`` (more names the server answers to, comma separated;
    see web/hosts.py), ``SECRET_KEY`` (else one kept in the database), ``PROXY_HOPS``
    (trusted reverse proxies), ``RANDOM_SEED`` (tests only: repeatable draws).

    Each key may come from the environment as ``COMPANION_<KEY>`` (Flask's ``from_prefixed_env``;
    the values stay text, as the shell gives them); ``DATABASE_URL`` is also read without the prefix.
    The ``config`` argument wins over the environment.
    """
    from flask import Flask
    from flask_babel import Babel
    from htmx_flask import Htmx

    from .db import open_database
    from .i18n import catalog_dirs
    from .resources import STATIC, TEMPLATES
    from .tables import Tables
    from .web import (
        admit,
        api,
        assets,
        errors,
        hosts,
        i18n_web,
        jinja_import,
        live_stream,
        log_memo,
        pages,
        rules,
        security,
        story,
    )
    from .web.act_form import act_form
    from .web.common import TextResponse
    from .web.room import RoomCode
    from .web.tv_parts import tv_log, tv_status, tv_waiting

    app = Flask(__name__, template_folder=str(TEMPLATES), static_folder=str(STATIC))
    app.response_class = TextResponse  # stored text that is not valid Unicode never fails a page
    app.url_map.converters["room"] = RoomCode  # <room:code>: routes get the cleaned room code
    app.config.update(
        DATABASE_URL=os.environ.get("DATABASE_URL"),  # the name every PostgreSQL host sets
        DATA_DIR=None,
        PUBLIC_URL=None,
        ALLOWED_HOSTS="",
        PROXY_HOPS=0,
        MAX_CONTENT_LENGTH=4 * 1024 * 1024,
        BABEL_DEFAULT_LOCALE="en",
        BABEL_TRANSLATION_DIRECTORIES=";".join(str(d / "translations") for d in catalog_dirs()),
        SEND_FILE_MAX_AGE_DEFAULT=3600,
        PROGRESS_EVENTS="1",  # "0": every change makes every page fetch (companion.progress; bench)
        PUSH_FRAGMENTS="1",  # "0": a change reaches a page as a hint, and the page fetches (web/live_push.py)
        CACHE_TABLES="256",  # tables whose state each process keeps in memory (companion/table_log.py)
        ADMISSION_LIMIT=None,  # requests at work at once per process (web/admit.py); 0: no admission control
        ADMISSION_WAIT="1.0",  # seconds a request may wait for a slot before its 503
        ADMISSION_RETRY_AFTER="2",  # the 503's Retry-After (seconds)
    )
    app.config.from_prefixed_env(ENV_PREFIX, loads=str)
    app.config.update(config or {})
    hops = int(app.config["PROXY_HOPS"] or 0)
    if hops:
        # behind a reverse proxy (docs/deploy.md): trust its X-Forwarded-* headers, so the client
        # address seen by per-address limits is the phone's, not the proxy's. Not X-Forwarded-Host:
        # the proxy passes the client's Host itself (deploy/nginx.conf), and a page that rebound its
        # name to us may send any X-Forwarded-Host it likes, which would pass the host allowlist
        from werkzeug.middleware.proxy_fix import ProxyFix

        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops)  # type: ignore[method-assign]
    db = open_database(app.config["DATABASE_URL"], app.config["DATA_DIR"])
    if not app.config["SECRET_KEY"]:
        # one key per database: every process (and the next start) accepts the same cookies
        app.config["SECRET_KEY"] = db.shared_secret()
    seed = app.config.get("RANDOM_SEED")
    app.extensions["companion.tables"] = Tables(db, seeds=random.Random(seed) if seed is not None else None,
                                                cache_tables=max(1, int(app.config["CACHE_TABLES"])))
    Babel(app, locale_selector=i18n_web.select_locale)
    Htmx(app)
    hosts.init_app(app)  # first of the request hooks: a foreign Host name is refused before anything
    admit.init_app(app)  # then a slot (or 503 + Retry-After) before any hook touches the database
    assets.init_app(app)  # compression first, so it sees every other hook's headers
    i18n_web.init_app(app)
    errors.init_app(app)
    security.init_app(app)
    app.register_blueprint(pages.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(live_stream.bp)
    app.register_blueprint(rules.bp)
    app.register_blueprint(story.bp)
    app.add_template_global(log_memo.log_lines)  # every fragment's log lines, each rendered once
    app.add_template_global(act_form)  # `act` of base/macros.html: every game button's form
    for tv_part in (tv_log, tv_status, tv_waiting):  # base/_tv.html's parts an answer changes
        app.add_template_global(tv_part)
    jinja_import.init_app(app)  # a template's imports without their per-render set difference
    return app
