"""The story of the night: the end-of-game story screen, its offline download, and the TV replay.

Everything here is built from :meth:`Tables.story` (:mod:`companion.history`): the public view at
each round's end, so these pages show nothing the shared screen did not show at the time, to any
device. The story screen is one TV-sized page that a phone can open too; the download is the same
page as one self-contained HTML file (inline CSS and SVG, no script, nothing fetched).
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, abort, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import get_locale, gettext
from markupsafe import Markup

from .. import reference
from ..games.base import RuleError
from ..history import Story
from ..resources import STATIC
from ..tables import Snapshot, Viewer
from . import charts
from .common import cookie_viewer, htmx_response, tables
from .i18n_web import translate
from .pages import LOG_LINES, fragment_context
from .quotas import story_of
from .roomcodes import needs_credential

RULE_RULINGS = "companion: rulings"

bp = Blueprint("story", __name__)


def _seat_names(snap: Snapshot) -> dict[str, str]:
    """seat id -> "Stark · Caio" (the seat's label in the viewer's language, and the player's name)."""
    out = {}
    for seat in tables().public_view(snap)["seats"]:
        label = gettext(seat["label"])
        out[seat["id"]] = f"{label} · {seat['name']}" if seat["name"] else label
    return out


def _named(params: dict[str, Any], names: dict[str, str]) -> dict[str, Any]:
    """A moment's params with seat ids replaced by the seats' names (the text is escaped later)."""
    return {k: names.get(v, v) if isinstance(v, str) else v for k, v in params.items()}


def story_context(snap: Snapshot, told: Story) -> dict[str, Any]:
    """What the story screen and its download show."""
    chron = snap.game.chronicle
    names = _seat_names(snap)
    # each player's line in the seat's own colour, as on the TV and the phones (issue #36)
    colors = {seat["id"]: seat["color"] for seat in tables().public_view(snap)["seats"] if seat.get("color")}
    order = [s.seat_id for s in snap.seats]
    rounds = told.rounds
    series = list(chron.series) if chron and chron.series else []
    if not series and rounds:
        first: dict[str, Any] = next(iter(rounds[-1]["seats"].values()), {})
        series = [(key, key) for key in first][:3]
    nums = [r["round"] for r in rounds]
    seat_list = [(s, names.get(s, s)) for s in order if rounds and s in rounds[-1]["seats"]]
    chart_list = [tuple(charts.line_chart(translate(title), nums, seat_list,
                                          {s: [r["seats"].get(s, {}).get(key) for r in rounds] for s, _ in seat_list},
                                          size, colors)
                        for size in (charts.WIDE, charts.NARROW))
                  for key, title in series[:2]]
    moments = [translate(m["msg"], _named(m["params"], names)) for m in (chron.key_moments(rounds) if chron else [])]
    table = [(r["round"], [(translate(msg), names.get(v, v) if isinstance(v, str) else v)
                           for msg, v in chron.columns(r)]) for r in rounds] if chron else []
    last = rounds[-1] if rounds else None
    standings = []
    if last and series:
        key = series[0][0]
        standings = sorted(((names.get(s, s), last["seats"][s].get(key), i) for i, (s, _) in enumerate(seat_list)),
                           key=lambda t: (-(t[1] or 0), t[2]))
    return {"rulings": rulings_view(snap), "told": told, "charts": chart_list, "table": [t for t in table if t[1]], "moments": moments, "rounds": rounds,
            "winners": [names.get(w, w) for w in told.winners], "standings": standings,
            "standing_title": translate(series[0][1]) if series else "",
            "styles": [charts.style(i, colors.get(s)) for i, (s, _) in enumerate(seat_list)], "seat_list": seat_list,
            "code": snap.table.code, "game": snap.game}


def rulings_view(snap: Snapshot, entry: str | None = None) -> list[dict[str, Any]]:
    """The table's rulings (all, or those citing ``entry``), with the cited entry's title."""
    ref = reference.get(snap.table.game_id)
    lang = str(get_locale())
    out = []
    for r in snap.state.get("rulings", []):
        if entry is not None and r.get("entry") != entry:
            continue
        found = ref.entries.get(r["entry"] or "") if ref else None
        out.append({"text": r["text"], "round": r["round"], "entry": r.get("entry"),
                    "entry_title": found.title[lang] if found else None})
    return out


def check_entry(game_id: str, entry: str | None) -> str | None:
    """A cited rules entry must exist (the table's game reference)."""
    if entry is not None and reference.find(reference.game_key(game_id), entry) is None:
        raise RuleError("There is no rules entry %(entry)s.", "companion: rules reference", status=404,
                        entry=entry[:80])
    return entry


@bp.post("/t/<room:code>/rulings")
@needs_credential("host")
def record_ruling(code: str) -> ResponseReturnValue:
    """Host: "we ruled: ..." with the entry it cites (from the rules shown on the TV, or none)."""
    viewer = cookie_viewer(code)
    snap = tables().snapshot(code)
    entry = check_entry(snap.table.game_id, request.form.get("entry", "").strip() or None)
    tables().record_ruling(snap.table.code, viewer, request.form.get("text", ""), entry)
    if request.headers.get("HX-Request"):
        html = render_template("base/_toast.html", ok=True, rule=None, message=gettext("Ruling recorded."))
        return htmx_response(html, trigger="refresh", retarget="#toast", reswap="innerHTML")
    return redirect(url_for("story.page", code=snap.table.code))


@bp.get("/t/<room:code>/story")
def page(code: str) -> ResponseReturnValue:
    snap = tables().snapshot(code)
    viewer = cookie_viewer(snap.table.code, snap)
    ctx = story_context(snap, story_of(snap))
    return render_template("base/story.html", is_host=viewer.host, **ctx)


@bp.get("/t/<room:code>/story.html")
def download(code: str) -> ResponseReturnValue:
    """The story as one file to keep: inline CSS and SVG, no script, no link that needs the server."""
    snap = tables().snapshot(code)
    ctx = story_context(snap, story_of(snap))
    # our own stylesheet, inlined (a file of the package, never user or table text)
    css = Markup((STATIC / "story.css").read_text(encoding="utf-8"))  # noqa: S704
    body = render_template("base/story_file.html", css=css, lang=str(get_locale()), **ctx)
    name = f"story-{snap.table.code}.html"
    return Response(body, 200, {"Content-Type": "text/html; charset=utf-8",
                                "Content-Disposition": f'attachment; filename="{name}"'})


@bp.get("/t/<room:code>/replay")
def replay(code: str) -> ResponseReturnValue:
    """The TV shows the public state at the end of an earlier round; the phones stay live."""
    snap = tables().snapshot(code)
    viewer = cookie_viewer(snap.table.code, snap)
    told = story_of(snap, views=True)
    nums = [r["round"] for r in told.rounds]
    if not nums:
        abort(404)
    try:
        rnd = int(request.args.get("round", nums[-1]))
    except ValueError:
        rnd = nums[-1]
    rnd = min(max(rnd, nums[0]), nums[-1])
    while rnd not in told.views:  # a round the log skipped (a host correction of the marker)
        rnd -= 1
    ctx = fragment_context(snap, Viewer(host=viewer.host), log_lines=LOG_LINES["screen"])
    ctx.update(view=told.views[rnd], me=None, seat=None, log=[])
    i = nums.index(rnd)
    return render_template("base/replay.html", game=snap.game, code=snap.table.code, round=rnd,
                           rounds=nums, last=nums[-1],
                           prev=nums[i - 1] if i > 0 else None, next=nums[i + 1] if i + 1 < len(nums) else None,
                           live_url=url_for("pages.screen", code=snap.table.code), **ctx)
