"""``act`` (templates/base/macros.html) is built in Python since issue 41 (companion/web/act_form.py).
The oracle is the Jinja macro it replaced, kept here verbatim: for every combination of its
arguments, hostile values included, both write the same bytes, so no page changed."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from markupsafe import Markup

#: the macro as it stood before issue 41 (the reference, not used by the app)
REFERENCE = """{% macro ref(type, confirm=None, cls="", id=None, partial=None, empty=None, zero=None, yes=None,
              attrs=None, required=None, go=None, need=None) -%}
{# confirm: a question asked in-page before sending (static/app.js, never the native dialog).
   partial / empty: a secret sealed with some / all of its select[data-slot] fields empty is asked
   about first (\"{list}\" in `partial` becomes the empty fields' labels); zero: the same for a number
   left untouched at 0 (a bid); yes: the confirm button's label.
   required: the server refuses the form while a select[data-slot] is empty (or, with `need`, while
   fewer than `need` of its select[data-fills] are filled): the page says so (\"{list}\": the empty
   fields) and its button (`go`) takes the player to the first empty field instead of sending, so
   no question offers what would be refused (issue #37). #}
<form class=\"act {{ cls }}\" hx-post=\"{{ act_url() }}\" hx-swap=\"none\" hx-disabled-elt=\"find button\"
      {% if id %}id=\"{{ id }}\"{% endif %}
      {% if confirm %}hx-confirm=\"{{ confirm }}\"{% endif %}
      {% if partial %}data-partial=\"{{ partial }}\"{% endif %}{% if empty %} data-empty=\"{{ empty }}\"{% endif %}
      {% if zero %}data-zero=\"{{ zero }}\"{% endif %}{% if yes %} data-partial-yes=\"{{ yes }}\"{% endif %}
      {% if required %}data-required=\"{{ required }}\" data-go=\"{{ go or '' }}\"{% endif %}{% if need is not none %} data-need=\"{{ need }}\"{% endif %}
      {% for k, v in (attrs or {}).items() %} {{ k }}=\"{{ v }}\"{% endfor %}>
  <input type=\"hidden\" name=\"type\" value=\"{{ type }}\">
  {{ caller() if caller }}
</form>
{%- endmacro %}"""

HOSTILE = '<b a="1">&\'x'
VALUES: dict[str, list[Any]] = {
    "confirm": [None, "", "Sure?", HOSTILE],
    "cls": ["", "inline row", HOSTILE, None],
    "id": [None, "f1", HOSTILE],
    "partial": [None, "Seal with {list} empty?"],
    "empty": [None, HOSTILE],
    "zero": [None, "Bid 0?"],
    "yes": [None, "Yes"],
    "attrs": [None, {}, {"data-x": "1", "data-y": HOSTILE}],
    "required": [None, "Fill {list}"],
    "go": [None, "", "Go"],
    "need": [None, 0, 2],
}


def _cases() -> list[dict[str, Any]]:
    """Every argument alone in each of its values, and a spread of combinations."""
    cases = [{}]
    for name, values in VALUES.items():
        cases += [{name: v} for v in values]
    names = list(VALUES)
    for i, combo in enumerate(itertools.product(*(VALUES[n][:2] for n in names))):
        if i % 7 == 0:
            cases.append(dict(zip(names, combo, strict=True)))
    return cases


@pytest.mark.parametrize("body", [None, "<input name=\"v\" value=\"3\">"])
def test_act_writes_what_the_macro_wrote(sqlite_app, body):
    env = sqlite_app.jinja_env
    uses = env.from_string(
        '{% from "base/macros.html" import act %}'
        "{% if body is none %}{{ act(type, **kw) }}{% else %}{% call act(type, **kw) %}{{ body|safe }}{% endcall %}{% endif %}")
    ref = env.from_string(REFERENCE + "{% if body is none %}{{ ref(type, **kw) }}"
                          "{% else %}{% call ref(type, **kw) %}{{ body|safe }}{% endcall %}{% endif %}")
    with sqlite_app.test_request_context("/t/ABCD/act"):
        from flask import request
        request.view_args = {"code": "ABCD"}
        for kw in _cases():
            for type_ in ("answer", HOSTILE):
                mine = uses.render(type=type_, kw=kw, body=body)
                assert mine == ref.render(type=type_, kw=kw, body=body), kw
                assert "<b a=" not in mine.replace(body or "", ""), "every value is escaped"


def test_act_is_markup(sqlite_app):
    from companion.web.act_form import act_form

    with sqlite_app.test_request_context("/t/ABCD/act"):
        from flask import request
        request.view_args = {"code": "ABCD"}
        out = act_form("roll", caller=lambda: Markup("<input>"))
    assert isinstance(out, Markup) and "<input>" in out and 'value="roll"' in out
