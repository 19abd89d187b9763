"""The rules reference on the web: JSON search, the searchable page, "Why?" links, the TV overlay.

- ``GET /api/games/<game>/rules?q=&lang=`` and ``GET /api/games/<game>/rules/<id>`` (docs/api.md).
- ``GET /t/<code>/rules?q=&entry=`` the table's game reference (phone or screen, one tap away).
- ``GET /rules/<game>?q=&entry=&lang=`` the same reference with no table: what a group opens when it
  argues before setting up (linked from the start page).
- ``POST /t/<code>/rules/show`` host only: put an entry on the shared screen for everyone (a logged
  event, so every screen shows it at once and after a reload); an empty ``entry`` takes it down.
- ``GET /t/<code>/frag/rules`` the overlay fragment the screen includes (``base/_rules_overlay.html``).

The reference is the same for every table and has no secrets; the table pages only pick the game.
Registering the blueprint loads and checks every reference file, so bad data stops the start.
"""

from __future__ import annotations

from typing import Any, cast

from flask import (
    Blueprint,
    get_template_attribute,
    jsonify,
    redirect,
    render_template,
    request,
    url_for,
)
from flask.blueprints import BlueprintSetupState
from flask.typing import ResponseReturnValue
from flask_babel import get_locale, gettext
from markupsafe import Markup

from .. import reference
from ..citations import entry_cite, format_rule
from ..games import registry
from ..games.base import Game, RuleError
from ..reference.model import Entry, GameReference
from .common import cookie_viewer, htmx_response, tables
from .roomcodes import needs_credential

bp = Blueprint("rules", __name__)
MAX_Q = 200


@bp.record_once
def _validate(_state: BlueprintSetupState) -> None:
    """Load, check and index every game's reference when the app starts (fails loudly)."""
    reference.index()


@bp.app_template_filter("cite")
def cite_filter(rule: str | None) -> str:
    """``{{ rule|cite }}``: an internal rule string as players know the book, in the page's language."""
    return format_rule(rule, str(get_locale())) or ""


@bp.app_template_global("why_url")
def why_url(rule: str | None, message: str = "", entry: str | None = None, code: str | None = None) -> str:
    """The "Why?" address for a citation on a table page (empty when no entry explains it)."""
    code = code or (request.view_args or {}).get("code")
    if not code:
        return ""
    found = explain(code, rule, message, entry)
    return url_for("rules.page", code=code, entry=found.id) if found else ""


@bp.app_template_global("why")
def why(game: Any, *entry_ids: str) -> Markup:
    """``{{ why(game, "clash-secret-bid") }}`` beside a prompt: its "Why?" link (issue 13).

    ``game`` is the game object or id; the first id that exists in its reference wins (later ids
    are fallbacks). A game without a reference, or no known id, renders nothing; tests/reference
    checks every literal id the templates pass. The HTML is the ``why_link`` macro (base/macros.html).
    """
    code = (request.view_args or {}).get("code")
    ref = reference.get(str(getattr(game, "id", game) or ""))
    entry = next((ref.entries[e] for e in entry_ids if ref is not None and e in ref.entries), None)
    if entry is None or not code:
        return Markup("")
    title = entry.title[reference.norm_lang(str(get_locale()))]
    return cast("Markup", get_template_attribute("base/macros.html", "why_link")(code, entry.id, title))


@bp.app_template_global("has_rules")
def has_rules(game: str) -> bool:
    """Whether a game ships a rules reference (the Rules button shows only then)."""
    return reference.get(game) is not None


@bp.app_template_global("reference_entries")
def reference_entries(game: str, sections: tuple[str, ...], lang: str) -> list[dict[str, Any]]:
    """Entries of some sections of a game's reference (id, title, cite_text), in rulebook order."""
    ref = reference.get(game)
    if ref is None:
        return []
    lang = reference.norm_lang(lang)
    return [{"id": e.id, "title": e.title[lang], "cite_text": _cite_text(e, lang)}
            for s in sections for e in ref.entries.values() if e.section == s]


def _lang() -> str:
    return reference.norm_lang(request.args.get("lang") or str(get_locale()))


def _game(game: str) -> Game:
    known = registry().get(game) or registry().get(game.replace("_", "-"))
    if known is None:
        raise RuleError("Unknown game: %(game)s.", "companion: games", status=404, game=game[:32])
    return known


def table_game(code: str) -> str | None:
    """The game id of a table (None when there is no such table)."""
    try:
        return tables().snapshot(code).table.game_id
    except RuleError:
        return None


def explain(code: str | None, rule: str | None, message: str = "", entry: str | None = None) -> Entry | None:
    """The entry that explains a refusal on table ``code`` (or on the game its citation names)."""
    game = table_game(code) if code else None
    try:
        return reference.entry_for_rule(game, rule, message, entry)
    except Exception:  # a "Why?" link must never turn a refusal into a server error
        return None


# -- JSON -----------------------------------------------------------------------------------------
@bp.get("/api/games/<game>/rules")
def api_search(game: str) -> ResponseReturnValue:
    gid = _game(game).id
    lang = _lang()
    q = request.args.get("q", "")[:MAX_Q]
    ref = reference.get(gid)
    if ref is None:
        return jsonify(results=[], confidence="none")
    try:
        limit = max(1, min(int(request.args.get("limit", 10)), 200))
    except ValueError:
        limit = 10
    if not q.strip():
        return jsonify(results=[reference.as_json(e, lang) for e in ref.entries.values()], confidence="none")
    found = reference.answer(gid, q, lang, limit)
    return jsonify(results=[reference.as_json(h.entry, lang) for h in found.hits], confidence=found.confidence)


@bp.get("/api/games/<game>/rules/<entry_id>")
def api_entry(game: str, entry_id: str) -> ResponseReturnValue:
    gid = _game(game).id
    ref = reference.get(gid)
    entry = ref.entries.get(entry_id) if ref else None
    if entry is None:
        raise RuleError("There is no rules entry %(entry)s.", "companion: rules reference", status=404,
                        entry=entry_id[:80])
    return jsonify(reference.as_json(entry, _lang()))


# -- pages ----------------------------------------------------------------------------------------
def _entry_view(ref: GameReference, entry: Entry, lang: str) -> dict[str, Any]:
    game = registry().get(entry.game.replace("_", "-")) or registry().get(entry.game)
    option = None
    if entry.option and game is not None:
        opt = next((o for o in game.options() if o.key == entry.option), None)
        option = gettext(opt.label) if opt else entry.option
    return dict(reference.as_json(entry, lang), section=ref.section_title(entry.section, lang),
                option=option, cite_text=_cite_text(entry, lang),
                related_titles=[(r, ref.entries[r].title[lang]) for r in entry.related])


def _cite_text(entry: Entry, lang: str) -> str:
    return entry_cite(entry.source, entry.pages, lang, entry.game)


#: How many candidates a "not sure" answer offers, and how many more titles follow a sure one.
CANDIDATES = 3
MORE = 3


def _reference_view(ref: GameReference | None, game_id: str, lang: str, link: Any) -> dict[str, Any]:
    """What the rules page shows for ``?q=&entry=`` (the table's page and the one without a table).

    A confident search shows its first entry as *the* answer and the next titles compactly; an
    unsure one says so and offers the first candidates, each with its verdict line, so the right
    answer is readable without a tap (issue 35).
    """
    q = request.args.get("q", "")[:MAX_Q]
    view: dict[str, Any] = dict(q=q, focus=None, results=[], confidence="none", candidates=[], more=[],
                                sections=[], has_reference=ref is not None, link=link,
                                about=ref.about.get(lang, "") if ref is not None else "")
    if ref is None:
        return view
    wanted = ref.entries.get(request.args.get("entry", ""))
    if wanted is not None:
        view["focus"] = _entry_view(ref, wanted, lang)
    if q.strip():
        found = reference.answer(game_id, q, lang, max(CANDIDATES, MORE + 1))
        view["confidence"] = found.confidence
        results = [_entry_view(ref, h.entry, lang) for h in found.hits]
        view["results"] = results
        if found.confidence == "high":
            view["more"] = results[1:MORE + 1]
        else:
            view["candidates"] = results[:CANDIDATES]
    elif wanted is None:
        by_section: dict[str, list[dict[str, Any]]] = {}
        for e in ref.entries.values():
            by_section.setdefault(e.section, []).append({"id": e.id, "title": e.title[lang]})
        view["sections"] = [(ref.section_title(s, lang), by_section[s]) for s in ref.sections[lang]
                            if s in by_section]
    return view


def _template() -> str:
    partial = request.headers.get("HX-Request") and request.args.get("partial")
    return "base/_rules_results.html" if partial else "base/rules.html"


@bp.get("/t/<room:code>/rules")
def page(code: str) -> ResponseReturnValue:
    snap = tables().snapshot(code)
    code = snap.table.code
    viewer = cookie_viewer(code, snap)
    lang = _lang()
    ref = reference.get(snap.table.game_id)

    def link(**args: Any) -> str:
        return url_for("rules.page", code=code, **args)

    view = _reference_view(ref, snap.table.game_id, lang, link)
    shown = snap.state.get("rules")
    back = url_for("pages.seat" if viewer.seat else "pages.screen", code=code)
    ruled: dict[str, list[dict[str, Any]]] = {}
    for r in snap.state.get("rulings", []):  # "this table ruled ..." beside the entry it cites
        cited = r.get("entry")
        if cited:
            ruled.setdefault(cited, []).append(dict(r))
    return render_template(_template(), code=code, game=snap.game, is_host=viewer.host, seat=viewer.seat,
                           shown=shown, back=back, table_rulings=ruled, **view)


@bp.get("/rules/<game>")
def book(game: str) -> ResponseReturnValue:
    """A game's rules reference without a table: browse by topic, search, related rules, citations."""
    known = _game(game)
    lang = _lang()
    ref = reference.get(known.id)

    def link(**args: Any) -> str:
        return url_for("rules.book", game=known.id, **args)

    view = _reference_view(ref, known.id, lang, link)
    return render_template(_template(), code=None, game=known, is_host=False, seat=None, shown=None,
                           back=url_for("pages.start"), **view)


@bp.post("/t/<room:code>/rules/show")
@needs_credential("host")
def show(code: str) -> ResponseReturnValue:
    viewer = cookie_viewer(code)
    entry = request.form.get("entry", "").strip() or None
    game = tables().snapshot(code).table.game_id  # a missing table is the worded, counted 404
    if entry is not None and reference.find(reference.game_key(game), entry) is None:
        raise RuleError("There is no rules entry %(entry)s.", "companion: rules reference", status=404,
                        entry=entry[:80])
    tables().show_rule(code, viewer, entry)
    if request.headers.get("HX-Request"):
        msg = gettext("Shown on the screen.") if entry else gettext("Taken off the screen.")
        html = render_template("base/_toast.html", ok=True, rule=None, message=msg)
        return htmx_response(html, trigger="refresh", retarget="#toast", reswap="innerHTML")
    if not viewer.seat:  # the screen's own browser: back to the dashboard, where the entry now shows
        return redirect(url_for("pages.screen", code=code))
    return redirect(url_for("rules.page", code=code, entry=entry) if entry else url_for("rules.page", code=code))


@bp.get("/t/<room:code>/frag/rules")
def frag_overlay(code: str) -> ResponseReturnValue:
    """What the screen shows over its dashboard: the entry the host put up, or nothing."""
    snap = tables().snapshot(code)
    viewer = cookie_viewer(snap.table.code, snap)
    shown = snap.state.get("rules")
    ref = reference.get(snap.table.game_id)
    entry = ref.entries.get(shown) if (ref and shown) else None
    if ref is None or entry is None:
        return ""
    lang = _lang()
    return render_template("base/_rules_overlay_frag.html", code=snap.table.code,
                           e=_entry_view(ref, entry, lang), is_host=viewer.host)
