"""The form every button of a game's phone and host pages posts through (``act`` in
templates/base/macros.html): the same markup the Jinja macro wrote, built in Python.

A phone's fragment holds a dozen to thirty of these forms, and each is rendered again for every
device at every version it is pushed at: as a macro with twelve optional arguments and a
``caller`` it was a fifth of a phone's render (issue 41). Every value is escaped exactly as the
template's autoescape did (``markupsafe.escape``); the body (``caller``) is markup rendered by
the template itself.

Arguments, as the macro took them: ``confirm``: a question asked in-page before sending
(static/app.js, never the native dialog). ``partial`` / ``empty``: a secret sealed with some / all
of its ``select[data-slot]`` fields empty is asked about first (``{list}`` in ``partial`` becomes
the empty fields' labels); ``zero``: the same for a number left untouched at 0 (a bid); ``yes``:
the confirm button's label. ``required``: the server refuses the form while a
``select[data-slot]`` is empty (or, with ``need``, while fewer than ``need`` of its
``select[data-fills]`` are filled): the page says so (``{list}``: the empty fields) and its button
(``go``) takes the player to the first empty field instead of sending, so no question offers what
would be refused (issue #37).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from markupsafe import Markup, escape


def act_form(type: Any, confirm: Any = None, cls: Any = "", id: Any = None, partial: Any = None,  # noqa: A002
             empty: Any = None, zero: Any = None, yes: Any = None, attrs: Mapping[Any, Any] | None = None,
             required: Any = None, go: Any = None, need: Any = None,
             caller: Callable[[], Any] | None = None) -> Markup:
    """``{% call act("answer", cls="inline") %}<inputs>{% endcall %}``: a form posting to this
    table's action URL with ``type`` and the caller's fields."""
    from .pages import act_url  # the page blueprint builds the URL once per request

    pad = "\n      "
    out = [f'\n<form class="act {escape(cls)}" hx-post="{escape(act_url())}" hx-swap="none" '
           f'hx-disabled-elt="find button"{pad}']
    if id:
        out.append(f'id="{escape(id)}"')
    out.append(pad)
    if confirm:
        out.append(f'hx-confirm="{escape(confirm)}"')
    out.append(pad)
    if partial:
        out.append(f'data-partial="{escape(partial)}"')
    if empty:
        out.append(f' data-empty="{escape(empty)}"')
    out.append(pad)
    if zero:
        out.append(f'data-zero="{escape(zero)}"')
    if yes:
        out.append(f' data-partial-yes="{escape(yes)}"')
    out.append(pad)
    if required:
        out.append(f'data-required="{escape(required)}" data-go="{escape(go or "")}"')
    if need is not None:
        out.append(f' data-need="{escape(need)}"')
    out.append(pad)
    for k, v in (attrs or {}).items():
        out.append(f' {escape(k)}="{escape(v)}"')
    out.append(f'>\n  <input type="hidden" name="type" value="{escape(type)}">\n  ')
    if caller:
        out.append(str(escape(caller())))
    out.append("\n</form>")
    return Markup("".join(out))
