"""The story screen, its download and the TV replay (issue #29): built from the history, in both
languages, every name escaped; the download is one self-contained file (no script, nothing to fetch)."""

from __future__ import annotations

import re

import pytest

from tests.api.test_history_api import ScenarioRecorder
from tools import tv_scenarios


@pytest.fixture
def agot_code(client):
    api = ScenarioRecorder(client)
    return [c for _m, c in tv_scenarios.agot_story(api)][-1], api


def test_story_page_tells_the_winner_charts_and_moments_in_both_languages(client, agot_code):
    code, _api = agot_code
    en = client.get(f"/t/{code}/story?lang=en").get_data(as_text=True)
    assert "The story of the night" in en and "Winner of the night:" in en and "Stark · Caio" in en
    assert en.count("<svg viewBox=\"0 0 1400 400\"") == 2 and en.count("<svg viewBox=\"0 0 640 470\"") == 2
    assert "Castles and strongholds" in en and "Power tokens" in en
    assert "the biggest combat: Lannister · Bia attacked Riverrun, defended by Greyjoy · Duda, 9 against 6." in en
    assert "the closest bid: Iron Throne" in en
    pt = client.get(f"/t/{code}/story?lang=pt_BR").get_data(as_text=True)
    assert "A história da noite" in pt and "Vencedor da noite:" in pt and "Castelos e fortalezas" in pt
    assert "o maior combate" in pt and "Rodada a rodada" in pt


def test_story_download_is_one_offline_file(client, agot_code):
    code, _api = agot_code
    r = client.get(f"/t/{code}/story.html?lang=pt_BR")
    assert r.status_code == 200 and "attachment" in r.headers["Content-Disposition"]
    body = r.get_data(as_text=True)
    assert "<script" not in body and "<link" not in body
    assert not re.search(r'(src|href)="', body), "nothing to fetch, no link back to the server"
    assert "<style>" in body and ".story-legend" in body and "A história da noite" in body
    assert "default-src 'none'" in body  # a saved copy cannot fetch anything even if edited


def test_replay_shows_a_past_round_marked_as_replay(client, agot_code):
    code, _api = agot_code
    page = client.get(f"/t/{code}/replay?round=1&lang=en").get_data(as_text=True)
    assert "Round 1 of 3 — replay" in page and "Back to live" in page
    assert "End of the round" in page and "tvmap" in page  # the map with its holders
    assert 'data-key="ArrowRight"' in page and 'data-key="ArrowLeft"' not in page
    pt = client.get(f"/t/{code}/replay?round=2&lang=pt_BR").get_data(as_text=True)
    assert "Rodada 2 de 3 — replay" in pt and "Voltar ao vivo" in pt
    # out of range and nonsense fall back to a round that exists
    assert "Round 3 of 3" in client.get(f"/t/{code}/replay?round=99&lang=en").get_data(as_text=True)
    assert "Round 1 of 3" in client.get(f"/t/{code}/replay?round=-4&lang=en").get_data(as_text=True)
    assert "Round 3 of 3" in client.get(f"/t/{code}/replay?round=x&lang=en").get_data(as_text=True)


def test_player_names_are_escaped_on_the_story(client):
    from tests.conftest import Api

    api = Api(client)
    t = api.create("generic", {"seats": "A, B", "counters": "VP", "shared_counters": "Round"})
    code = t["code"]
    token = api.join(code, "p1", "<img src=x onerror=alert(1)>")
    api.ok(code, token, {"type": "adjust", "counter": "VP", "seat": "p1", "delta": 2})
    for url in (f"/t/{code}/story", f"/t/{code}/story.html"):
        body = client.get(url).get_data(as_text=True)
        assert "<img src=x" not in body and "&lt;img src=x onerror=alert(1)&gt;" in body


def test_a_new_table_has_an_empty_story(client):
    from tests.conftest import Api

    code = Api(client).create("agot", {"players": 3})["code"]
    page = client.get(f"/t/{code}/story?lang=en").get_data(as_text=True)
    assert "After round 1: the game goes on." in page
    assert client.get(f"/t/{code}/replay").status_code == 200


@pytest.mark.parametrize("name", sorted(tv_scenarios.SCENARIOS))
def test_every_game_has_a_story_and_a_replay_in_both_languages(client, name):
    api = ScenarioRecorder(client)
    code = [c for _m, c in tv_scenarios.SCENARIOS[name](api)][-1]
    told = client.get(f"/api/tables/{code}/history").get_json()
    assert told["rounds"], name
    for lang in ("en", "pt_BR"):
        story = client.get(f"/t/{code}/story?lang={lang}")
        assert story.status_code == 200, (name, lang)
        replay = client.get(f"/t/{code}/replay?round={told['rounds'][0]['round']}&lang={lang}")
        assert replay.status_code == 200, (name, lang)
        assert ("replay" in replay.get_data(as_text=True)), name
    assert client.get(f"/t/{code}/story.html").status_code == 200


def test_the_tv_offers_the_story_once_the_game_is_over(client, agot_code):
    code, _api = agot_code
    frag = client.get(f"/t/{code}/frag/screen?lang=pt_BR").get_data(as_text=True)
    assert f'href="/t/{code}/story"' in frag and "A história da noite" in frag


def test_a_running_game_does_not_offer_the_story_on_the_tv(client):
    from tests.conftest import Api

    code = Api(client).create("agot", {"players": 3})["code"]
    assert "tv-story-btn" not in client.get(f"/t/{code}/frag/screen").get_data(as_text=True)


def test_story_charts_draw_each_house_in_its_own_colour(client, agot_code):
    """Issue #36: a house's line, marker and legend are the colour the TV and the phones give it
    (Baratheon was orange in the charts and yellow on the TV)."""
    from companion.games.agot import board

    code, _api = agot_code
    body = client.get(f"/t/{code}/story?lang=en").get_data(as_text=True)
    for house in ("baratheon", "lannister", "stark", "greyjoy"):
        color = board.load().houses[house]["color"]
        assert body.count(f'stroke="{color}"') >= 3, house  # both charts' lines and the legend
    assert 'stroke="#E69F00"' not in body  # the generic chart palette is not used for houses
