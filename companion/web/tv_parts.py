"""The TV's parts that an answer changes (templates/base/_tv.html), built in Python: the strip's
waiting line, an open prompt's chips and the log panel, the same markup the Jinja macros wrote.

They are drawn at every version of a sealed round, in the TV's whole fragment and in the parts it is
sent alone (web/live_patch.py), and as Jinja they were most of a TV's render and nearly all of the
parts' (issue 41). Every value is escaped as the templates' autoescape did (``markupsafe.escape``);
the texts are translated by the templates' own ``_`` and ``t``. tests/api/test_tv_parts.py renders
the macros they replaced, kept there verbatim, against them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from markupsafe import Markup, escape

from ..i18n import N_
from .i18n_web import template_gettext, translate
from .log_memo import log_line

SeatText = Callable[[Any], Any]


def tv_waiting(table: Mapping[str, Any], view: Mapping[str, Any], seat_name: SeatText,
               seat_color: SeatText) -> Markup:
    """Who the table waits for, by name (``tv.waiting`` when no seat is free): the seat's label
    apart from its player's name, so tv.js can drop the labels when the strip is too narrow."""
    waiting = view["waiting_for"]
    seats: dict[Any, Mapping[str, Any]] = {}
    for seat in table["seats"]:
        seats.setdefault(seat["id"], seat)
    label = template_gettext(N_("Waiting for:"))  # outside the f-string: pybabel reads it there
    out = [f'<div class="tv-waiting waiting-line"><span class="muted">{label}</span>'
           f'\n      <b class="w-count">{len(waiting)}</b>\n      ']
    for s in waiting:
        st = seats.get(s)
        full = seat_name(s)
        out.append(f'\n        <span class="chip" style="--c: {escape(seat_color(s))}" title="{escape(full)}">')
        name = st.get("name") if st else None
        if name and len(full) > len(name) + 3:
            out.append(f'<span class="w-l">{escape(full[:len(full) - len(name) - 3])} ·&nbsp;</span>'
                       f'<span class="w-n">{escape(name)}</span>')
        else:
            out.append(escape(full))
        out.append("</span>\n      ")
    out.append("</div>")
    return Markup("".join(out))


def tv_status(p: Mapping[str, Any], seat_name: SeatText, seat_color: SeatText) -> Markup:
    """Who has answered an open sealed prompt, never what (``prompt_status`` of base/macros.html)."""
    answered = p.get("answered") or ()
    out = ['\n<div class="prompt-status">\n  ']
    for s in p.get("asked") or ():
        done = s in answered
        out.append(f'\n    <span class="chip {"done" if done else "wait"}" style="--c: {escape(seat_color(s))}">'
                   f'\n      {"✓" if done else "…"} {escape(seat_name(s))}</span>\n  ')
    out.append("\n</div>")
    return Markup("".join(out))


def tv_log(log: Iterable[dict[str, Any]], n: int, lang: str) -> Markup:
    """The newest ``n`` lines of the log, newest first (``tv.log_panel``'s list); each line's markup
    kept by language and content (:mod:`.log_memo`, under a name of its own: the phones' lines are
    other markup), since the TV shows the same lines at every version of a round."""
    lines = list(log)[::-1][:n]
    title = template_gettext(N_("Game log"))
    out = [f'<section class="tv-panel tv-log log-box">\n  <h2 class="tv-h">{title}</h2>'
           '\n  <ol class="log" reversed>\n    ']
    out += [log_line(e, _line, f"tv {lang}") for e in lines]
    if not lines:
        nothing = template_gettext(N_("Nothing has happened yet."))
        out.append(f'\n      <li class="muted">{nothing}</li>\n    ')
    out.append("\n  </ol>\n</section>")
    return Markup("".join(out))


def _line(e: dict[str, Any]) -> Markup:
    return Markup(f'\n      <li class="log-{escape(e["kind"])}">{escape(translate(e["msg"], e["params"]))}</li>\n    ')
