"""The page pieces every game shares (templates/base/macros.html, issue 40): each draws what a game's
template wrote by hand before, escapes what players typed, and names things in the viewer's language."""

from __future__ import annotations

import re
from typing import Any

from flask import render_template_string
from flask_babel import force_locale

NAMES = {"p1": "Ana", "p2": "<b>Bia</b>"}
COLORS = {"p1": "#d64545", "p2": "#3f7fd6"}


def render(app: Any, source: str, lang: str = "en", **context: Any) -> str:
    """``source`` with the shared macros imported, as a phone's fragment of table ABCD renders it."""
    head = ('{% from "base/macros.html" import act, choice_buttons, id_select, reveal_list, seat_chip, '
            'seat_table, stepper %}')
    with app.test_request_context("/t/ABCD/frag/seat"), force_locale(lang):
        from flask import request
        request.view_args = {"code": "ABCD"}
        html = render_template_string(head + source, seat_name=NAMES.get, seat_color=COLORS.get, **context)
    return re.sub(r"\s+", " ", html).strip()


def test_stepper_is_a_number_between_two_big_buttons(app):
    html = render(app, '{{ stepper("value", 2, 0, 5, label="Bid", step_label="Round 1", required=True) }}')
    assert '<div class="stepper">' in html
    assert 'data-step="-1" aria-label="Round 1 −1">−</button>' in html
    assert 'data-step="1" aria-label="Round 1 +1">+</button>' in html
    number = re.search(r"<input [^>]*>", html).group(0)
    for attr in ('type="number"', 'name="value"', "required", 'min="0"', 'max="5"', 'value="2"', 'aria-label="Bid"'):
        assert attr in number
    plain = render(app, '{{ stepper("strength", 21, 0, 999) }}')
    assert "required" not in plain and 'aria-label="−1"' in plain and 'value="21"' in plain


def test_id_select_names_seats_or_translates_msgids(app):
    html = render(app, '{{ id_select("seat", ["p1", "p2"], seat_name, selected="p2", empty="—", aria="Who") }}')
    assert html.startswith('<select name="seat" aria-label="Who"><option value="">—</option>')
    assert '<option value="p1">Ana</option>' in html
    assert '<option value="p2" selected>&lt;b&gt;Bia&lt;/b&gt;</option>' in html  # typed names escaped
    houses = {"stark": "Stark"}
    pt = render(app, '{{ id_select("house", ["stark"], houses) }}', lang="pt_BR", houses={"stark": "Seat 1"})
    assert '<option value="stark">Lugar 1</option>' in pt  # a msgid, translated for the viewer
    assert "selected" not in render(app, '{{ id_select("house", ["stark"], houses) }}', houses=houses)


def test_seat_table_is_a_row_per_seat_under_its_chip(app):
    html = render(app, '{% set heads %}<th class="num">Gold</th>{% endset %}'
                       '{% call(s) seat_table(["p1", "p2"], seat_name, seat_color, "tv-table x", heads) %}'
                       '<td class="num">{{ {"p1": 3, "p2": 5}[s] }}</td>{% endcall %}')
    assert html.startswith('<table class="tv-table x">')
    assert '<thead><tr><th><span class="sr-only">Player</span></th><th class="num">Gold</th></tr></thead>' in html
    rows = re.findall(r"<tr><th>(.*?)</th>(.*?)</tr>", html.split("<tbody>")[1])
    assert rows == [('<span class="chip" style="--c: #d64545">Ana</span>', '<td class="num">3</td>'),
                    ('<span class="chip" style="--c: #3f7fd6">&lt;b&gt;Bia&lt;/b&gt;</span>', '<td class="num">5</td>')]
    assert "<thead>" not in render(app, '{% call(s) seat_table(["p1"], seat_name, seat_color) %}{% endcall %}')
    assert 'Jogador' in render(app, '{% call(s) seat_table(["p1"], seat_name, seat_color, "", "<th>x</th>") %}'
                                    '{% endcall %}', lang="pt_BR")


def test_reveal_list_in_the_order_given_or_the_seats_order(app):
    ranked = render(app, '{{ reveal_list([["p2", 9], ["p1", 4]], seat_name, seat_color) }}')
    assert re.findall(r'<li><span class="chip"[^>]*>([^<]*)</span> <b class="answer">(\d+)</b></li>', ranked) == [
        ("&lt;b&gt;Bia&lt;/b&gt;", "9"), ("Ana", "4")]
    ordered = render(app, '{% call(s) reveal_list({"p2": 9, "p1": 4}, seat_name, seat_color, order=["p1", "p2"]) %}'
                          '{% if s == "p2" %} <span class="pill">top</span>{% endif %}{% endcall %}')
    assert ordered.index("Ana") < ordered.index("Bia")
    assert '<b class="answer">9</b> <span class="pill">top</span></li>' in ordered
    assert '<b class="answer">4</b></li>' in ordered


def test_choice_buttons_one_form_per_choice(app):
    html = render(app, '{{ choice_buttons("answer", "value", ["Yes", "<i>No</i>"], selected="Yes", '
                       'fields={"prompt": "g1"}) }}')
    forms = re.findall(r"<form (.*?)</form>", html)
    assert len(forms) == 2 and all('hx-post="/t/ABCD/act"' in f for f in forms)
    assert '<input type="hidden" name="type" value="answer"> <input type="hidden" name="prompt" value="g1">' \
           '<input type="hidden" name="value" value="Yes"><button class="btn big wide primary">Yes</button>' in forms[0]
    assert 'value="&lt;i&gt;No&lt;/i&gt;"><button class="btn big wide">&lt;i&gt;No&lt;/i&gt;</button>' in forms[1]
    seats = render(app, '{{ choice_buttons("first_player", "seat", ["p1"], seat_name) }}')
    assert '<input type="hidden" name="seat" value="p1"><button class="btn big wide">Ana</button>' in seats
    msgids = render(app, '{{ choice_buttons("choose", "value", ["a"], {"a": "Seat 1"}) }}', lang="pt_BR")
    assert ">Lugar 1</button>" in msgids
