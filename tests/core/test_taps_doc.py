"""docs/taps.md says what `python bench/taps.py` measures now (issue #23: "docs/taps.md re-measured:
taps for a Catan turn, an Immortals round, an AGoT round"). The bench drives the pure rules engines,
so it runs here in about two seconds; a change to a phone form that changes a count fails this test
until the page is measured again."""

from __future__ import annotations

from pathlib import Path

from bench import taps

DOC = (Path(__file__).resolve().parents[2] / "docs" / "taps.md").read_text(encoding="utf-8")


def cells(row_start: str) -> list[str]:
    """The cells of the one table row of docs/taps.md whose first cell starts with ``row_start``."""
    rows = [line for line in DOC.splitlines() if line.startswith(f"| {row_start}")]
    assert len(rows) == 1, f"{row_start!r}: {len(rows)} rows"
    return [c.strip() for c in rows[0].strip("|").split("|")]


def test_catan_turn_and_round():
    setup, round_ = taps.catan_round().values()
    assert cells("setup: the first seat picked")[-1] == str(setup)
    assert cells("one round of 4 turns: every player rolls")[-1] == str(round_)
    plain = taps.CATAN_TAPS["roll"] + taps.CATAN_TAPS["end_turn"]
    assert cells("Catan, a plain turn")[-1].startswith(f"**{plain} taps**")
    assert cells("Catan, one round of 4 turns")[-1] == f"**{round_} taps**"


def test_agot_round():
    a = taps.agot_round()
    now = cells("A Game of Thrones, round 1, 4 houses")[-1]
    assert now.startswith(f"**{sum(a.values())} taps** (Baratheon {a['baratheon']}, Lannister {a['lannister']}, "
                          f"Stark {a['stark']}, Greyjoy {a['greyjoy']})"), now


def test_immortals_round_and_tribe_setup():
    r = taps.immortals_round()
    now = cells("Immortals, one round, 3 players")[-1]
    assert now.startswith(f"**{sum(r.values())} taps** ({r['p1']}, {r['p2']}, {r['p3']})"), now
    setup = taps.immortals_setup()
    assert cells("first table, blank profile")[-1] == str(setup["first table"])
    assert cells("a later table started from the profile")[-1].startswith(str(setup["later table (saved profile)"]))


def test_lcg_round_with_the_defaults_is_at_most_28_taps():
    """Issue #37: a 3-player card-game round, plot decks kept (a typed plot joins the deck), ≤ 28."""
    c, waited, n = taps.lcg_round(5)
    assert sum(c.values()) <= 28
    assert cells("**issue 37 default**")[1:] == [str(c["p1"]), str(c["p2"]), str(c["p3"]), str(sum(c.values())),
                                                 str(n), str(waited)]
    c, waited, n = taps.lcg_round(5, plots="typed", used_plots="free", rounds=2)
    assert cells("round 2 after that, `used_plots` free")[4] == str(sum(c.values())) and sum(c.values()) <= 28
