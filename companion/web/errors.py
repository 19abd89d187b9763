"""Refusals and failures become clear messages: JSON for the API, a toast for htmx pages.

No stack trace ever reaches a client; unexpected errors are logged on the server.
"""

from __future__ import annotations

from flask import Flask, jsonify, render_template
from flask_babel import gettext
from htmx_flask import make_response as htmx_response
from htmx_flask import request
from werkzeug.exceptions import HTTPException

from ..games.base import RuleError
from .i18n_web import translate


def refusal(err: RuleError):
    """The response for a refused action, shaped for the caller (API, htmx, or a full page)."""
    message = translate(err.message, err.params)
    if request.path.startswith("/api/"):
        return jsonify(error=message, rule=err.rule), err.status
    if request.htmx:
        html = render_template("base/_toast.html", message=message, rule=err.rule)
        return htmx_response(html, err.status, retarget="#toast", reswap="innerHTML")
    return render_template("base/error.html", message=message, rule=err.rule), err.status


def init_app(app: Flask) -> None:
    app.register_error_handler(RuleError, refusal)

    @app.errorhandler(HTTPException)
    def http_error(err: HTTPException):
        if request.path.startswith("/api/"):
            return jsonify(error=err.description or err.name, rule=None), err.code
        if request.htmx:
            html = render_template("base/_toast.html", message=err.description or err.name, rule=None)
            return htmx_response(html, err.code, retarget="#toast", reswap="innerHTML")
        return render_template("base/error.html", message=err.description or err.name, rule=None), err.code

    @app.errorhandler(Exception)
    def unexpected(err: Exception):
        app.logger.exception("unexpected error on %s", request.path)
        message = gettext("Something went wrong on the server; nothing was changed.")
        if request.path.startswith("/api/"):
            return jsonify(error=message, rule=None), 500
        return render_template("base/error.html", message=message, rule=None), 500
