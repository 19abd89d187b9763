"""Language choice and translation of stored msgids (log lines, view texts, refusals)."""

from __future__ import annotations

from functools import cache
from typing import Any, cast

from flask import Flask, Response, g, request
from flask_babel import get_locale, get_translations
from markupsafe import Markup, escape

from ..citations import format_rule
from ..i18n import english, plural_of

LOCALES = ("en", "pt_BR")
LANG_COOKIE = "lang"


def select_locale() -> str:
    """``?lang=`` wins (and is remembered in a cookie), then the cookie, then the browser."""
    asked = request.args.get("lang") or request.cookies.get(LANG_COOKIE)
    if asked in LOCALES:
        return asked
    best = request.accept_languages.best_match(["en", "pt-BR", "pt", "pt_BR"], default="en")
    return "pt_BR" if best and best.lower().startswith("pt") else "en"


def _gettext(msg: str) -> str:
    """gettext with the request's catalog looked up once per request (log lists call this a lot)."""
    catalog = g.get("_catalog")
    if catalog is None:
        catalog = g._catalog = get_translations()
    return cast("str", catalog.ugettext(msg))


def _ngettext(singular: str, plural: str, n: int) -> str:
    catalog = g.get("_catalog")
    if catalog is None:
        catalog = g._catalog = get_translations()
    return cast("str", catalog.ungettext(singular, plural, n))


def translate(msg: str, params: dict[str, Any] | None = None) -> str:
    """Translate a msgid and interpolate its params; a param ``{"_": msgid}`` is translated too.

    With a ``_plural`` param the message has a plural form, chosen by ngettext from the count ``n``.
    """
    form = plural_of(params)
    text = _ngettext(msg, form[0], form[1]) if form else _gettext(msg) if msg else ""
    if not params:
        return text.replace("%%", "%") if "%%" in text else text
    values = {k: _param(v) for k, v in params.items() if k != "_plural"}
    try:
        return text % values
    except (KeyError, TypeError, ValueError):
        return english(msg, {**params, **values})  # a translation with a broken placeholder


@cache
def _display_names() -> dict[str, str]:
    """Every game's ids that have a display name (areas, houses), merged."""
    from ..games import registry

    out: dict[str, str] = {}
    for game in registry().values():
        out.update(game.display_names())
    return out


def _param(value: Any) -> Any:
    if isinstance(value, str) and value.startswith("seed 0"):
        # a citation logged as a parameter: the book players know, not our file id
        return format_rule(value, str(get_locale())) or value
    if isinstance(value, str) and value in _display_names():
        # an id passed where a name belongs ("the-shivering-sea"): players see the name
        return _gettext(_display_names()[value])
    if isinstance(value, list):
        # a list parameter (one "seat: title" per player): each item shown as a parameter, joined
        return ", ".join(str(_param(v)) for v in value)
    if isinstance(value, dict) and "_" in value:
        msgid = value["_"]
        if value.get("params"):
            return translate(msgid, value["params"])
        return _gettext(msgid)
    return value


def template_gettext(msgid: Any, **variables: Any) -> Markup:
    """The templates' ``_()``: the translation is *escaped*, never trusted as HTML.

    Jinja's stock newstyle gettext marks the translation safe and always %-formats it, so a user
    or data string passed through ``_()`` (a seat label, a region name) ran as HTML and a ``%`` in
    it raised a 500. Here the text is escaped first and the variables are escaped by ``Markup %``;
    a string that is not a valid format (user text) is shown as it is.
    """
    text = _gettext(str(msgid)) if msgid else ""
    out = escape(text)
    if not variables:
        return out
    try:
        return out % variables
    except (KeyError, TypeError, ValueError):
        return out


def template_ngettext(singular: Any, plural: Any, num: int, **variables: Any) -> Markup:
    """The templates' ``ngettext()``, escaped like :func:`template_gettext`."""
    catalog = g.get("_catalog") or get_translations()
    out = escape(catalog.ungettext(str(singular), str(plural), num))
    variables.setdefault("num", num)
    try:
        return out % variables
    except (KeyError, TypeError, ValueError):
        return out


def init_app(app: Flask) -> None:
    # Replace the callables Flask-Babel installed (they return Markup built from unescaped text).
    app.jinja_env.globals.update(_=template_gettext, gettext=template_gettext, ngettext=template_ngettext)

    @app.after_request
    def remember_language(response: Response) -> Response:
        lang = request.args.get("lang")
        if lang in LOCALES:
            response.set_cookie(LANG_COOKIE, lang, max_age=3600 * 24 * 365, samesite="Lax")
        return response

    @app.context_processor
    def language_context() -> dict[str, Any]:
        return {"t": translate, "lang": str(get_locale()), "locales": LOCALES}
