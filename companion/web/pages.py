"""Server-rendered pages: start, shared screen, join, phone seat, their live fragments, host tools.

Every page is a shell that loads fragments with htmx and re-fetches them when the event stream
says the table moved, when the page wakes up, and after the device's own action. Fragments are
rendered only from the game's views, so a page can never show more than its viewer may see.
"""

from __future__ import annotations

import json
from io import BytesIO
from typing import Any
from urllib.parse import urlencode

import qrcode
import qrcode.image.svg
from flask import (
    Blueprint,
    Response,
    abort,
    g,
    redirect,
    render_template,
    request,
    url_for,
)
from flask.typing import ResponseReturnValue
from flask_babel import gettext
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup

from .. import engine
from ..games import registry
from ..games.base import RuleError
from ..progress import SEAT_LOG_LINES
from ..schemas import parse_json
from ..tables import PROFILE_FORMAT, Snapshot, Viewer
from .common import (
    TextResponse,
    cookie_viewer,
    form_action,
    host_cookie,
    htmx_response,
    public_base,
    readable_record,
    seat_cookie,
    tables,
)
from .fragment_cache import render_once
from .i18n_web import _gettext, translate
from .public_block import public_blocks
from .room import clean_code
from .roomcodes import needs_credential

bp = Blueprint("pages", __name__)
COOKIE_AGE = 3600 * 24 * 30


@bp.after_app_request
def no_store(response: Response) -> Response:
    """No page, fragment or JSON may be kept by the browser cache (secrets live in them)."""
    if not request.path.startswith("/static/"):
        response.headers["Cache-Control"] = "no-store"
        response.headers["Vary"] = "Cookie, Authorization, Accept-Language"
    if getattr(g, "table_version", None) is not None:
        response.headers["X-Table-Version"] = str(g.table_version)
    return response


@bp.app_context_processor
def page_context() -> dict[str, Any]:
    # Flask-WTF's token, tied to this browser's session cookie (see web/security.py)
    return {"csrf_token": generate_csrf(), "games": registry(), "lang_url": lang_url}


def lang_url(lang: str) -> str:
    """This page in another language, keeping its query (a join link's claim must survive)."""
    args = request.args.to_dict()
    args["lang"] = lang
    return "?" + urlencode(args)


# -- helpers -------------------------------------------------------------------------------------
def qr_svg(data: str) -> Markup:
    """An inline SVG QR code (no image files, no internet)."""
    img = qrcode.make(data, image_factory=qrcode.image.svg.SvgPathImage, box_size=10, border=2)
    buf = BytesIO()
    img.save(buf)
    svg = buf.getvalue().decode("utf-8")
    svg = svg[svg.index("<svg"):]
    return Markup(svg)


def join_url(code: str, claim: str | None = None) -> str:
    url = f"{public_base()}/t/{code}/join"
    return f"{url}?claim={claim}" if claim else url


LOG_LINES = {"screen": 30, "seat": SEAT_LOG_LINES}


def fragment_context(snap: Snapshot, viewer: Viewer, log_lines: int = LOG_LINES["seat"]) -> dict[str, Any]:
    """What every game fragment gets (see docs/games-howto.md, Templates)."""
    svc = tables()
    g.table_version = snap.version
    public = svc.public_view(snap)
    seats = public["seats"]
    by_id = {s["id"]: s for s in seats}

    def seat_name(seat_id: str | None) -> str:
        seat = by_id.get(seat_id or "")
        if seat is None:
            return seat_id or ""
        label = _gettext(seat["label"])  # the request's catalog, looked up once (issue #27)
        return f"{label} · {seat['name']}" if seat["name"] else label

    def seat_color(seat_id: str | None) -> str:
        seat = by_id.get(seat_id or "")
        return seat["color"] if seat else "#888"

    options = snap.memo.get("options_model")
    if options is None:  # read once per version (shared, read-only, like the public view)
        model = snap.game.options_model  # templates read typed options (an old table's missing key: its legacy value)
        options = snap.memo["options_model"] = model.read(snap.options) if model is not None else snap.options
    if "reveal" not in snap.memo:
        snap.memo["reveal"] = engine.last_reveal(snap.state)
    table = {"code": snap.table.code, "game_id": snap.table.game_id, "version": snap.version,
             "options": options, "seats": seats, "game": snap.game}
    me = snap.game.private_view(snap.state["g"], viewer.seat) if viewer.seat else None
    shown = {"view": public["state"], "table": table, "seat_name": seat_name, "seat_color": seat_color,
             # the newest reveal's public lines: the pages speak them once (static/app.js, issue #36)
             "reveal": snap.memo["reveal"]}
    url = table_url("pages.act", snap.table.code)
    return {**shown, "me": me, "seat": viewer.seat, "is_host": viewer.host, "act_url": url,
            "log": svc.log_view(snap, viewer, limit=log_lines),
            # what every seat sees alike, rendered once from the values it is given (issue 41)
            "public_block": public_blocks(shown, url)}


@bp.app_template_global()
def table_url(endpoint: str, code: str) -> str:
    """``url_for(endpoint, code=code)``, once per request, endpoint and table: a page's event
    stream is one long request that renders a fragment at every change (issue 41)."""
    memo: dict[tuple[str, str], str] = g.setdefault("table_urls", {})
    url = memo.get((endpoint, code))
    if url is None:
        url = memo[endpoint, code] = url_for(endpoint, code=code)
    return url


@bp.app_template_global()
def act_url() -> str:
    """Where this page's forms post: built once per request (a phone's fragment has dozens of
    forms, and ``url_for`` was a third of its render, issue #27)."""
    url: str | None = g.get("act_url")
    if url is None:
        url = g.act_url = url_for("pages.act", code=(request.view_args or {})["code"])
    return url


def _snap(code: str) -> Snapshot:
    return tables().snapshot(code)


def _device_secrets(code: str) -> list[str | None]:
    """This browser's credentials at the table: a fragment that shows one is never shared."""
    return [request.cookies.get(seat_cookie(code)), request.cookies.get(host_cookie(code))]


def _htmx_done(body: str = "", target: str = "#toast", sealed: bool = False) -> Response:
    """Success for an htmx post: ask every fragment to re-render, show ``body`` in ``target``.
    ``sealed``: the post sealed this device's own secret answer, which its page says aloud
    ("companion-sealed", static/app.js); the answer itself is never in the response."""
    trigger: str | dict[str, str] = {"refresh": "", "companion-sealed": ""} if sealed else "refresh"
    return htmx_response(body, trigger=trigger, retarget=target, reswap="innerHTML")


# -- start, create, import -----------------------------------------------------------------------
@bp.get("/")
def start() -> ResponseReturnValue:
    svc = tables()
    profiles = {gid: svc.profiles(gid) for gid, game in registry().items() if game.profiles}
    newest = {gid: svc.newest_profile(gid) for gid in profiles}
    return render_template("base/start.html", profiles=profiles, newest=newest,
                           opened=request.args.get("game"))


@bp.post("/tables")
def create() -> ResponseReturnValue:
    game_id = request.form.get("game", "")
    game = registry().get(game_id)
    if game is None:
        raise RuleError("Unknown game: %(game)s.", "companion: games", status=404, game=game_id[:32])
    raw: dict[str, Any] = {}
    for opt in game.options():
        if opt.kind == "bool":
            raw[opt.key] = request.form.get(f"{game_id}.{opt.key}") == "on"
        elif f"{game_id}.{opt.key}" in request.form:
            raw[opt.key] = request.form.get(f"{game_id}.{opt.key}")
            if opt.kind == "text" and opt.default and raw[opt.key] == gettext(opt.default):
                # the form showed the default in this viewer's language: an untouched default is kept as
                # its msgid, so every device at the table shows it in its own language (LCG titles)
                raw[opt.key] = opt.default
    code, host_token = tables().create(game_id, raw, profile=request.form.get(f"{game_id}.profile") or None)
    resp = redirect(url_for("pages.screen", code=code))
    resp.set_cookie(host_cookie(code), host_token, httponly=True, samesite="Lax", max_age=COOKIE_AGE)
    return resp


@bp.post("/import")
def import_table() -> ResponseReturnValue:
    upload = request.files.get("file")
    if upload is None:
        raise RuleError("Choose an exported table file.", "companion: import")
    data = parse_json(upload.read())
    if isinstance(data, dict) and data.get("format") == PROFILE_FORMAT:  # a board profile (issue #37)
        game_id, _name = tables().import_profile(data)
        return redirect(url_for("pages.start", game=game_id) + f"#game-{game_id}")
    code, host_token, _skipped = tables().import_table(data)
    resp = redirect(url_for("pages.screen", code=code))
    resp.set_cookie(host_cookie(code), host_token, httponly=True, samesite="Lax", max_age=COOKIE_AGE)
    return resp


@bp.get("/profiles/<game_id>/file")
def profile_file(game_id: str) -> ResponseReturnValue:
    """A saved profile as a file, to keep or to import on another server (issue #37)."""
    name = request.args.get("name", "")
    data = tables().profile_file(game_id, name)
    return profile_download(data, f"profile-{game_id}")


def profile_download(data: dict[str, Any], stem: str) -> Response:
    body = json.dumps(data, ensure_ascii=False, indent=1)
    return TextResponse(body, 200, {"Content-Type": "application/json",
                                    "Content-Disposition": f'attachment; filename="{stem}.json"'})


@bp.get("/go")
def go() -> ResponseReturnValue:
    """The start page's "join a table" box: a room code typed by hand."""
    snap = _snap(clean_code(request.args.get("code", "")))
    return redirect(url_for("pages.join", code=snap.table.code))


# -- the shared screen ---------------------------------------------------------------------------
@bp.get("/t/<room:code>/screen")
def screen(code: str) -> ResponseReturnValue:
    snap = _snap(code)
    viewer = cookie_viewer(snap.table.code, snap)
    url = join_url(snap.table.code)
    return render_template("base/screen.html", code=snap.table.code, game=snap.game, join_url=url,
                           qr=qr_svg(url), is_host=viewer.host)


@bp.get("/t/<room:code>/frag/screen")
def frag_screen(code: str) -> ResponseReturnValue:
    snap = _snap(code)
    return screen_fragment(snap, cookie_viewer(snap.table.code, snap))


def screen_fragment(snap: Snapshot, viewer: Viewer) -> str:
    """The shared screen's fragment: the public view only, so every screen of the table shares one
    render (a host's screen another one: its banner offers the host tools). Fetched by the page,
    or pushed on its event stream (web/live_push.py)."""
    screen_viewer = Viewer(host=viewer.host)

    def render() -> str:
        return render_template("base/_screen_frag.html", game=snap.game, **_screen_context(snap, screen_viewer))

    return render_once(snap, "screen", screen_viewer, render, _device_secrets(snap.table.code))


def screen_parts(snap: Snapshot, viewer: Viewer) -> str:
    """Only the parts of the shared screen's fragment (base/_tv.html) that a change moving nothing
    but progress may alter, drawn from the same context (base/_screen_parts.html; the game names
    its ``screen_parts_template``): sent on the TV's event stream then (web/live_patch.py)."""
    screen_viewer = Viewer(host=viewer.host)

    def render() -> str:
        return render_template("base/_screen_parts.html", game=snap.game, **_screen_context(snap, screen_viewer))

    return render_once(snap, "screen-parts", screen_viewer, render, _device_secrets(snap.table.code))


def _screen_context(snap: Snapshot, viewer: Viewer) -> dict[str, Any]:
    ctx = fragment_context(snap, viewer, log_lines=LOG_LINES["screen"])
    ctx["me"] = None
    ctx["seat"] = None
    # once the game is over, the TV offers the story of the night (web/story.py)
    ctx["story_url"] = (url_for("story.page", code=snap.table.code)
                        if snap.game.chronicle and snap.game.chronicle.over(ctx["view"]) else None)
    return ctx


@bp.get("/t/<room:code>/frag/host")
def frag_host(code: str) -> ResponseReturnValue:
    snap = _snap(code)
    viewer = cookie_viewer(snap.table.code, snap)
    if not viewer.host:
        return ""

    def render() -> str:
        ctx = fragment_context(snap, viewer)
        ctx["undo_preview"] = tables().last_undoable(snap, viewer)
        return render_template("base/_host_frag.html", game=snap.game, **ctx)

    return render_once(snap, "host", viewer, render, _device_secrets(snap.table.code))


# -- joining and the phone -----------------------------------------------------------------------
@bp.get("/t/<room:code>/join")
def join(code: str) -> ResponseReturnValue:
    snap = _snap(code)
    claim = request.args.get("claim")
    viewer = cookie_viewer(snap.table.code, snap)
    if viewer.seat and not claim and not request.args.get("switch"):
        return redirect(url_for("pages.seat", code=snap.table.code))
    claimed = tables().claim_link_seat(snap.table.code, claim) if claim else None
    public = tables().public_view(snap)
    return render_template("base/join.html", code=snap.table.code, game=snap.game, seats=public["seats"],
                           claim=claim if claimed else None, claimed=claimed, bad_claim=bool(claim and not claimed))


@bp.post("/t/<room:code>/join")
def join_post(code: str) -> ResponseReturnValue:
    snap = _snap(code)
    token = tables().join(snap.table.code, request.form.get("seat", ""), request.form.get("name", ""),
                          claim=request.form.get("claim") or None,
                          previous=request.cookies.get(seat_cookie(snap.table.code)))
    resp = redirect(url_for("pages.seat", code=snap.table.code))
    resp.set_cookie(seat_cookie(snap.table.code), token, httponly=True, samesite="Lax", max_age=COOKIE_AGE)
    return resp


@bp.get("/t/<room:code>/seat")
def seat(code: str) -> ResponseReturnValue:
    snap = _snap(code)
    viewer = cookie_viewer(snap.table.code, snap)
    if not viewer.seat:
        return redirect(url_for("pages.join", code=snap.table.code))
    return render_template("base/seat.html", code=snap.table.code, game=snap.game, seat=viewer.seat,
                           is_host=viewer.host)


@bp.get("/t/<room:code>/frag/seat")
def frag_seat(code: str) -> ResponseReturnValue:
    snap = _snap(code)
    viewer = cookie_viewer(snap.table.code, snap)
    if not viewer.seat:
        # The seat was freed by the host (lost phone): send this page back to the join screen.
        return htmx_response("", redirect=url_for("pages.join", code=snap.table.code))
    return seat_fragment(snap, viewer)


def seat_fragment(snap: Snapshot, viewer: Viewer) -> str:
    """A phone's fragment for ``viewer``'s seat (which the caller has checked): fetched by the
    page, or pushed on its event stream (web/live_push.py)."""

    def render() -> str:
        return render_template("base/_seat_frag.html", game=snap.game, log_limit=LOG_LINES["seat"],
                               **fragment_context(snap, viewer))

    return render_once(snap, "seat", viewer, render, _device_secrets(snap.table.code))


@bp.get("/t/<room:code>/log")
def full_log(code: str) -> ResponseReturnValue:
    """The whole readable log, as this device may see it (the fragments show only the latest lines)."""
    snap = _snap(code)
    viewer = cookie_viewer(snap.table.code, snap)
    ctx = fragment_context(snap, viewer)
    ctx["log"] = tables().log_view(snap, viewer)
    return render_template("base/log_page.html", code=snap.table.code, game=snap.game, **ctx)


# -- actions from pages --------------------------------------------------------------------------
@bp.post("/t/<room:code>/act")
@needs_credential("seat")
def act(code: str) -> ResponseReturnValue:
    viewer = cookie_viewer(code)
    key = request.headers.get("Idempotency-Key") or request.form.get("idempotency_key")
    action = form_action(request.form)
    tables().act(code, viewer, action, key=key)
    return _htmx_done(sealed=_snap(code).game.is_sealed_answer(action))


@bp.post("/t/<room:code>/host/<op>")
@needs_credential("host")
def host_op(code: str, op: str) -> ResponseReturnValue:
    viewer = cookie_viewer(code)
    svc = tables()
    seat_id = request.form.get("seat", "")
    if op == "undo":
        svc.undo(code, viewer)
    elif op == "free":
        svc.free_seat(code, viewer, seat_id)
    elif op == "reissue":
        claim = svc.free_seat(code, viewer, seat_id, reissue=True)
        url = join_url(code, claim)
        return _htmx_done(render_template("base/_reissued.html", url=url, qr=qr_svg(url), seat=seat_id), "#modal")
    elif op in ("grant", "revoke"):
        svc.grant_host(code, viewer, seat_id, on=(op == "grant"))
    elif op == "profile":
        name = svc.save_profile(code, viewer, request.form.get("name", ""))
        message = gettext("Profile saved: %(name)s", name=name)
        snap = svc.snapshot(code)
        gaps = snap.game.profile_gaps(snap.state["g"])
        if gaps:  # what later tables will still miss, said now (issue #37)
            message += " " + translate(*gaps)
        return _htmx_done(render_template("base/_toast.html", rule=None, ok=True, message=message))
    else:
        abort(404)
    return _htmx_done()


@bp.get("/t/<room:code>/profile.json")
@needs_credential("host")
def table_profile(code: str) -> ResponseReturnValue:
    """Host: this table's profile as a file (what its board and tribes were entered as)."""
    snap = _snap(code)
    data = tables().table_profile_file(snap, cookie_viewer(code))
    return profile_download(data, f"profile-{snap.game.id}-{snap.table.code}")


@bp.get("/t/<room:code>/export")
@needs_credential("host")
def export(code: str) -> ResponseReturnValue:
    data = readable_record(code, cookie_viewer(code))
    body = json.dumps(data, ensure_ascii=False, indent=1)
    return TextResponse(body, 200, {"Content-Type": "application/json",
                                "Content-Disposition": f'attachment; filename="table-{code}-record.json"'})
