"""Light pages for phones: compressed responses, static files cached for good, icon and manifest.

Each game's styles live in ``static/<its template folder>.css`` (``agot.css`` for ``agot/seat.html``)
and its page behaviour, if it has any, in ``static/<its template folder>.js``; ``base/layout.html``
links both once in the page head (the script with ``defer``, after ``app.js``, whose ``Companion`` hooks
it registers with). A live fragment never carries CSS or a script: a script inside a merged fragment
would run again on each merge or not at all, and the browser keeps a linked file. Static URLs carry a digest of the file (``/static/app.js?v=3f2a...``), so a browser may keep them
for a year and still fetches a new file the moment it changes. Pages, fragments and JSON are never
cached (secrets live in them, see ``pages.no_store``); they are compressed instead.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from flask import Blueprint, Flask, Response, current_app, jsonify, redirect, request, url_for
from flask.typing import ResponseReturnValue

bp = Blueprint("assets", __name__)
YEAR = 365 * 24 * 3600
THEME = "#111418"
_digests: dict[tuple[str, float], str] = {}


def static_digest(filename: str) -> str | None:
    """A short digest of a static file's content (cached per modification time)."""
    folder = current_app.static_folder
    if not folder:
        return None
    path = Path(folder) / filename
    try:
        mtime = path.stat().st_mtime
    except OSError:
        return None
    key = (str(path), mtime)
    if key not in _digests:
        _digests[key] = hashlib.sha256(path.read_bytes()).hexdigest()[:12]
    return _digests[key]


def _game_file(game: Any, suffix: str) -> str | None:
    """``static/<the game's folder><suffix>`` (``Game.folder``) if that file exists, else None."""
    folder = getattr(game, "folder", None)
    if not isinstance(folder, str) or not folder:
        return None
    filename = folder + suffix
    return filename if static_digest(filename) else None


def game_stylesheet(game: Any) -> str | None:
    """The game's stylesheet (``static/<template folder>.css``) if it has one, else None."""
    return _game_file(game, ".css")


def game_script(game: Any) -> str | None:
    """The game's own script (``static/<template folder>.js``) if it has one, else None."""
    return _game_file(game, ".js")


def _versioned(endpoint: str, values: dict[str, Any]) -> None:
    if endpoint == "static" and "v" not in values and values.get("filename"):
        digest = static_digest(values["filename"])
        if digest:
            values["v"] = digest


def _cache_static(response: Response) -> Response:
    """A versioned static file never changes: cache it for a year. Unversioned: revalidate."""
    if request.endpoint == "static" and response.status_code == 200:
        response.direct_passthrough = False  # the files are small: read them so they can be compressed
        response.set_data(response.get_data())
        filename = (request.view_args or {}).get("filename", "")
        if request.args.get("v") and request.args.get("v") == static_digest(filename):
            response.headers["Cache-Control"] = f"public, max-age={YEAR}, immutable"
        else:
            response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/favicon.ico")
def favicon() -> ResponseReturnValue:
    return redirect(url_for("static", filename="favicon.svg"), 301)


@bp.get("/manifest.webmanifest")
def manifest() -> ResponseReturnValue:
    """Add to home screen: the app opens full screen in the dark theme."""
    icons = [{"src": url_for("static", filename="favicon.svg"), "sizes": "any", "type": "image/svg+xml"}]
    icons += [{"src": url_for("static", filename=f"icon-{n}.png"), "sizes": f"{n}x{n}", "type": "image/png"}
              for n in (192, 512)]
    resp = jsonify(name="Tabletop Companion", short_name="Companion", start_url=url_for("pages.start"),
                   display="standalone", background_color=THEME, theme_color=THEME, icons=icons)
    resp.mimetype = "application/manifest+json"
    return resp


@bp.get("/alive")
def alive() -> ResponseReturnValue:
    """The phones' connection probe: an empty answer, nothing else."""
    return "", 204


def init_app(app: Flask) -> None:
    """Compression (brotli or gzip, never for the event stream) and long-lived static files."""
    from flask_compress import Compress

    app.config.setdefault("COMPRESS_ALGORITHM", ["br", "gzip"])
    # Brotli's fastest quality: every live fragment is compressed per request, and on the table's
    # own Wi-Fi a fifth more bytes costs less than four times the CPU (0.05 against 0.23 ms for a
    # 5.5 kB phone fragment; docs/performance.md, issue #27).
    app.config.setdefault("COMPRESS_BR_LEVEL", 1)
    app.config.setdefault("COMPRESS_STREAMS", False)
    app.config.setdefault("COMPRESS_MIN_SIZE", 300)
    app.config.setdefault("COMPRESS_MIMETYPES", [
        "text/html", "text/css", "text/plain", "application/json", "application/javascript",
        "text/javascript", "image/svg+xml", "application/manifest+json"])
    Compress(app)
    app.url_defaults(_versioned)
    app.jinja_env.globals["game_stylesheet"] = game_stylesheet
    app.jinja_env.globals["game_script"] = game_script
    app.after_request(_cache_static)
    app.register_blueprint(bp)
