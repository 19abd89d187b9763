"""The flowchart data loads and validates (the rulings moved to the rules reference: tests/reference)."""

from __future__ import annotations

import pytest

from companion.games.lcg import data


def test_every_phase_box_cites_the_seed_and_knows_its_events():
    boxes = data.boxes()
    assert len(boxes) == 39
    assert all(b.page.startswith("seed 003 Page 1") or b.page.startswith("seed 003 Page 9") for b in boxes.values())
    assert boxes["chal.resolve"].events == ("determine_winner", "apply_claim", "unopposed", "renown")


def test_malformed_phase_data_is_refused(monkeypatch, tmp_path):
    good = (data.DATA / "phases.toml").read_text(encoding="utf-8")
    (tmp_path / "phases.toml").write_text(good.replace('events = ["phase_begins"]', 'events = ["teleport"]', 1),
                                          encoding="utf-8")
    monkeypatch.setattr(data, "DATA", tmp_path)
    data.boxes.cache_clear()
    try:
        with pytest.raises(data.DataError):
            data.boxes()
    finally:
        monkeypatch.undo()
        data.boxes.cache_clear()
        data.boxes()
