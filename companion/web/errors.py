"""Refusals and failures become clear messages: JSON for the API, a toast for htmx pages.

No stack trace ever reaches a client; unexpected errors are logged on the server.
"""

from __future__ import annotations

from flask import Flask, jsonify, render_template, url_for
from flask.typing import ResponseReturnValue
from flask_babel import get_locale, gettext
from htmx_flask import request
from werkzeug.exceptions import HTTPException

from ..citations import format_rule
from ..games.base import RuleError
from ..i18n import N_
from ..server import storage_problem
from ..tables import NO_TABLE
from .common import htmx_response
from .i18n_web import translate
from .roomcodes import counted_miss
from .rules import explain


def refusal(err: RuleError) -> ResponseReturnValue:
    """The response for a refused action, shaped for the caller (API, htmx, or a full page).

    ``rule`` is the citation as players know the book (companion.citations); the machine id stays
    in ``source``; ``entry`` is the rules reference entry that explains it ("Why?")."""
    if err.status == 404 and err.message == NO_TABLE:
        spent = counted_miss()  # every unknown code counts (web/roomcodes.py)
        if spent is not None:
            err = spent
    message = translate(err.message, err.params)
    rule = format_rule(err.rule, str(get_locale()))
    code = (request.view_args or {}).get("code")
    found = explain(code, err.rule, err.message, getattr(err, "entry", None))
    if request.path.startswith("/api/"):
        return jsonify(error=message, rule=rule, source=err.rule, entry=found.id if found else None), err.status
    why = url_for("rules.page", code=code, entry=found.id) if (found and code) else None
    if request.htmx:
        html = render_template("base/_toast.html", message=message, rule=rule, why=why)
        return htmx_response(html, err.status, retarget="#toast", reswap="innerHTML")
    return render_template("base/error.html", message=message, rule=rule, why=why), err.status


HTTP_MESSAGES = {
    400: N_("The request was not understood."),
    404: N_("There is no such page."),
    405: N_("This address does not accept that kind of request."),
    413: N_("What was sent is too large."),
    429: N_("Too many wrong room codes from this device. Wait a minute, then check the code on the screen."),
    500: N_("Something went wrong on the server; nothing was changed."),
    # web/admit.py: the process is saturated; the answer carries Retry-After
    503: N_("The server is busy right now. Nothing was changed: try again in a moment."),
}


STORAGE_MESSAGES = {
    "readonly": N_("The server cannot save right now: its database has become read-only. Nothing was "
                   "changed; tell the person at the laptop."),
    "full": N_("The server cannot save right now: the laptop's disk is full. Nothing was changed; tell the "
               "person at the laptop."),
}


def reply(message: str, status: int) -> ResponseReturnValue:
    """A refusal without a rule: JSON for the API, the toast for htmx, else the error page."""
    if request.path.startswith("/api/"):
        return jsonify(error=message, rule=None, source=None, entry=None), status
    if request.htmx:
        html = render_template("base/_toast.html", message=message, rule=None)
        return htmx_response(html, status, retarget="#toast", reswap="innerHTML")
    return render_template("base/error.html", message=message, rule=None), status


def init_app(app: Flask) -> None:
    app.register_error_handler(RuleError, refusal)

    @app.errorhandler(HTTPException)
    def http_error(err: HTTPException) -> ResponseReturnValue:
        msgid = HTTP_MESSAGES.get(err.code or 400)
        return reply(gettext(msgid) if msgid else (err.description or err.name), err.code or 400)

    @app.errorhandler(Exception)
    def unexpected(err: Exception) -> ResponseReturnValue:
        problem = storage_problem(err)
        if problem is not None:  # the database became read-only or its disk filled up
            app.logger.error("cannot write the database (%s) on %s: %s", problem, request.path, err)
            return reply(gettext(STORAGE_MESSAGES[problem]), 503)
        app.logger.exception("unexpected error on %s", request.path)
        return reply(gettext(HTTP_MESSAGES[500]), 500)
