"""The flowchart and rulings data load, validate, and are searchable."""

from __future__ import annotations

import pytest

from companion.games.lcg import data


def test_every_phase_box_cites_the_seed_and_knows_its_events():
    boxes = data.boxes()
    assert len(boxes) == 39
    assert all(b.page.startswith("seed 003 Page 1") or b.page.startswith("seed 003 Page 9") for b in boxes.values())
    assert boxes["chal.resolve"].events == ("determine_winner", "apply_claim", "unopposed", "renown")


def test_malformed_phase_data_is_refused(monkeypatch):
    good = data._read("phases.toml")
    bad = {"box": [dict(good["box"][0], events=["teleport"])] + good["box"][1:]}
    monkeypatch.setattr(data, "_read", lambda name: bad)
    data.boxes.cache_clear()
    try:
        with pytest.raises(data.DataError):
            data.boxes()
    finally:
        monkeypatch.undo()
        data.boxes.cache_clear()
        data.boxes()


def test_rulings_have_both_languages_and_pages():
    rulings = data.rulings()
    assert len(rulings) >= 40
    assert all(r.en and r.pt and r.page.startswith("seed 003 Page") for r in rulings)


@pytest.mark.parametrize("query,expected", [
    ("pycelle", "pycelle"), ("Meistre Pycelle", "pycelle"), ("L45", "pycelle"), ("3.4", "doubting-septa"),
    ("por um triz", "narrow-escape"), ("renda", "timing-income"), ("income", "timing-income"),
    ("Desinformacoes", "misinformation"),
])
def test_search_by_name_set_number_version_in_either_language(query, expected):
    assert expected in [r.id for r in data.search_rulings(query)]


def test_search_nothing_found_and_empty_lists_all():
    assert data.search_rulings("zzzz-no-such-card") == []
    assert len(data.search_rulings("")) == len(data.rulings())
