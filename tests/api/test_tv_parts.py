"""The TV's waiting line, prompt chips and log panel (templates/base/_tv.html) are built in Python
since issue 41 (companion/web/tv_parts.py). The oracle is the Jinja they replaced, kept here verbatim:
for seats with and without names, missing seats, hostile names and texts, both languages, an empty
log and a long one, both write the same bytes, so no TV changed."""

from __future__ import annotations

from typing import Any

import pytest

#: the Jinja as it stood before issue 41 (the reference, not used by the app)
REFERENCE = """
{%- macro ref_waiting() -%}
<div class="tv-waiting waiting-line"><span class="muted">{{ _("Waiting for:") }}</span>
      <b class="w-count">{{ view.waiting_for|length }}</b>
      {% for s in view.waiting_for %}{% set st = table.seats|selectattr("id", "equalto", s)|first %}{% set full = seat_name(s) %}
        <span class="chip" style="--c: {{ seat_color(s) }}" title="{{ full }}">
        {%- if st and st.name and full|length > st.name|length + 3 -%}
          <span class="w-l">{{ full[:full|length - st.name|length - 3] }} ·&nbsp;</span><span class="w-n">{{ st.name }}</span>
        {%- else %}{{ full }}{% endif %}</span>
      {% endfor %}</div>
{%- endmacro %}
{% macro ref_status(p, seat_name, seat_color) -%}
{# Public status of a sealed prompt: who has answered, never what. #}
<div class="prompt-status">
  {% for s in p.asked %}
    <span class="chip {{ 'done' if s in p.answered else 'wait' }}" style="--c: {{ seat_color(s) }}">
      {{ '✓' if s in p.answered else '…' }} {{ seat_name(s) }}</span>
  {% endfor %}
</div>
{%- endmacro %}
{% macro ref_log(n=8) -%}
<section class="tv-panel tv-log log-box">
  <h2 class="tv-h">{{ _("Game log") }}</h2>
  <ol class="log" reversed>
    {% for e in (log|reverse|list)[:n] %}
      <li class="log-{{ e.kind }}">{{ t(e.msg, e.params) }}</li>
    {% else %}
      <li class="muted">{{ _("Nothing has happened yet.") }}</li>
    {% endfor %}
  </ol>
</section>
{%- endmacro %}"""

HOSTILE = '<b a="1">&\'x %s'
SEATS = [
    {"id": "p1", "label": "Red", "name": "Ana", "color": "#d64545"},
    {"id": "p2", "label": "Blue", "name": HOSTILE, "color": '"><i>'},
    {"id": "p3", "label": "seat", "name": "", "color": "#3fa34d"},
    {"id": "p4", "label": "Green", "name": None, "color": "#888"},
    {"id": "p5", "label": "X", "name": "Bartholomew", "color": "#000"},
    {"id": "p1", "label": "Twice", "name": "Other", "color": "#fff"},  # the first of an id counts
]
LOG = [
    {"kind": "action", "msg": "%(who)s answered", "params": {"who": "Ana"}},
    {"kind": "system", "msg": "Table created", "params": {}},
    {"kind": "action", "msg": HOSTILE, "params": {}},
    {"kind": "<k>", "msg": "%(who)s rolled %(dice)s = %(total)s", "params": {"who": HOSTILE, "dice": "2d6", "total": 7}},
    {"kind": "action", "msg": "", "params": None},
]


def _seat_name(seat_id: Any) -> str:
    seat = next((s for s in SEATS if s["id"] == seat_id), None)
    if seat is None:
        return str(seat_id or "")
    return f"{seat['label']} · {seat['name']}" if seat["name"] else seat["label"]


def _seat_color(seat_id: Any) -> str:
    seat = next((s for s in SEATS if s["id"] == seat_id), None)
    return seat["color"] if seat else "#888"


CASES_WAITING = [[], ["p1"], ["p2", "p3", "p4"], ["p5", "nobody", "p1"], ["p2"] * 3]
CASES_PROMPT = [{"asked": [], "answered": []}, {"asked": ["p1", "p2", "p3"], "answered": ["p2"]},
                {"asked": ["p4", "nobody", "p5"], "answered": ["p4", "nobody", "p5"]}, {"asked": ["p1"]}]
CASES_LOG = [[], LOG[:1], LOG, LOG * 5]


@pytest.mark.parametrize("lang", ["en", "pt-BR"])
def test_the_tv_parts_write_what_the_macros_wrote(app, lang):
    from flask import render_template_string

    def both(ref: str, new: str, **ctx: Any) -> tuple[str, str]:
        ctx = {"table": {"seats": SEATS}, "seat_name": _seat_name, "seat_color": _seat_color, **ctx}
        around = render_template_string(REFERENCE)  # the text between the reference's macros
        return (render_template_string(REFERENCE + "{{ " + ref + " }}", **ctx).removeprefix(around),
                render_template_string("{{ " + new + " }}", **ctx))

    with app.test_request_context("/", headers={"Accept-Language": lang}):
        app.preprocess_request()
        for waiting in CASES_WAITING:
            ref, new = both("ref_waiting()", "tv_waiting(table, view, seat_name, seat_color)",
                            view={"waiting_for": waiting})
            assert new == ref, waiting
        for p in CASES_PROMPT:
            ref, new = both("ref_status(p, seat_name, seat_color)", "tv_status(p, seat_name, seat_color)", p=p)
            assert new == ref, p
        for log in CASES_LOG:
            for n in (0, 1, 8, 10, 30):
                ref, new = both("ref_log(n)", "tv_log(log, n, lang)", log=log, n=n)
                assert new == ref, (len(log), n)
        assert "Bartholomew" in both("ref_waiting()", "tv_waiting(table, view, seat_name, seat_color)",
                                     view={"waiting_for": ["p5"]})[1]
