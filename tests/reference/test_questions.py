"""Every game's question set: the right entry must be in the top 3 for at least 90% of questions.

One test per game whose ``tests/reference/questions_<game>.toml`` exists (a game whose file has
not landed yet is skipped; the LCG file must exist). Failures list the questions that missed.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from companion.reference import get, search

HERE = Path(__file__).resolve().parent
GAMES = ("agot", "lcg", "immortals", "catan_watch")
REQUIRED = ("lcg",)
TOP = 3
PASS_RATE = 0.9


def _questions(game: str) -> list[dict]:
    path = HERE / f"questions_{game}.toml"
    if not path.exists():
        if game in REQUIRED:
            pytest.fail(f"{path.name} is required")
        pytest.skip(f"{path.name} has not landed yet")
    with open(path, "rb") as fh:
        return tomllib.load(fh).get("q", [])


@pytest.mark.parametrize("game", GAMES)
def test_question_set_is_well_formed(game):
    qs = _questions(game)
    ref = get(game)
    assert ref is not None, f"{game} has questions but no reference"
    assert len(qs) >= 30
    langs = [q["lang"] for q in qs]
    assert set(langs) == {"en", "pt_BR"}
    assert min(langs.count("en"), langs.count("pt_BR")) >= len(qs) * 0.4, "about half in each language"
    for q in qs:
        assert q["text"].strip() and q["expect"], q
        unknown = [e for e in q["expect"] if e not in ref.entries]
        assert not unknown, f"{q['text']!r} expects unknown entries {unknown}"


@pytest.mark.parametrize("game", GAMES)
def test_top3_rate(game):
    qs = _questions(game)
    misses = []
    for q in qs:
        found = [e.id for e in search(game, q["text"], q["lang"], TOP)]
        if not set(found) & set(q["expect"]):
            misses.append(f"[{q['lang']}] {q['text']!r}: expected {q['expect']}, got {found}")
    rate = 1 - len(misses) / len(qs)
    assert rate >= PASS_RATE, f"{game}: {rate:.0%} in the top {TOP}; misses:\n" + "\n".join(misses)
