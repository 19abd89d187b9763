"""Property tests: order validation against an independent reading of seed 000 p.12, and the
combat calculator's invariants (p.17-20)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.agot import combat_calc as cb
from companion.games.agot import house_cards as hc
from companion.games.agot import orders as ot
from companion.games.base import RuleError

AREAS = [f"a{i}" for i in range(8)]
TOKENS = sorted(ot.TOKENS)
RESTRICTIONS = sorted(ot.RESTRICTION_LABELS)


def legal(orders: dict[str, str], held: list[str], stars: int, restrictions: list[str]) -> bool:
    """p.12 written out plainly: units in every ordered area, each token once, stars, bans, coverage."""
    banned = set()
    for r in restrictions:
        kind = {"no-raid": "raid", "no-support": "support", "no-defense": "defense",
                "no-consolidate": "consolidate"}.get(r)
        banned |= {t for t in TOKENS if ot.TOKENS[t].kind == kind}
        if r == "no-march-plus":
            banned.add("march+1")
    return (set(orders) <= set(held) and len(set(orders.values())) == len(orders)
            and sum(ot.TOKENS[t].star for t in orders.values()) <= stars
            and not banned & set(orders.values()) and set(held) <= set(orders))


@settings(max_examples=300, deadline=None)
@given(held=st.lists(st.sampled_from(AREAS), unique=True, max_size=6),
       orders=st.dictionaries(st.sampled_from(AREAS), st.sampled_from(TOKENS), max_size=6),
       stars=st.integers(0, 3), restrictions=st.lists(st.sampled_from(RESTRICTIONS), max_size=2, unique=True))
def test_validate_matches_the_rule(held, orders, stars, restrictions):
    try:
        ot.validate(orders, held=held, stars=stars, restrictions=restrictions)
        accepted = True
    except RuleError as err:
        accepted = False
        assert err.rule.startswith("seed 000")
    assert accepted == legal(orders, held, stars, restrictions)


UNITS = st.fixed_dictionaries({"footman": st.integers(0, 4), "knight": st.integers(0, 3),
                               "siege": st.integers(0, 2)})
HOUSES = ["lannister", "stark"]


@settings(max_examples=300, deadline=None)
@given(att=UNITS, dfn=UNITS, castle=st.booleans(), march=st.integers(-1, 1), defense=st.integers(0, 2),
       acard=st.sampled_from([c.id for c in hc.CARDS.values() if c.house == "lannister"]),
       dcard=st.sampled_from([c.id for c in hc.CARDS.values() if c.house == "stark"]),
       tides=st.tuples(st.sampled_from(cb.TIDES_DECK), st.sampled_from(cb.TIDES_DECK)), fief=st.permutations(HOUSES))
def test_combat_invariants(att, dfn, castle, march, defense, acard, dcard, tides, fief):
    c = {"attacker": "lannister", "defender": "stark", "neutral": None, "castle": castle, "att_units": att,
         "def_units": dfn, "march_bonus": march, "defense_bonus": defense, "garrison": 0, "supports": [],
         "cards": {"attacker": acard, "defender": dcard}, "facts": {}, "blade": None,
         "tides": {"attacker": tides[0], "defender": tides[1]}}
    for side in cb.SIDES:  # the total is exactly the itemised contributions
        assert cb.total(c, side) == sum(i["value"] for i in cb.breakdown(c, side))
    win = cb.winner(c, list(fief))
    a, d = cb.total(c, "attacker"), cb.total(c, "defender")
    if a != d:
        assert (win == "attacker") == (a > d)
    else:  # ties go to the better Fiefdoms position (p.20)
        assert cb.house_of(c, win) == fief[0]
    loss = cb.casualties(c, win)
    for side, units in (("attacker", att), ("defender", dfn)):
        assert 0 <= loss[side] <= sum(units.values())
    if dcard == "the-blackfish":
        assert loss["defender"] == 0
    assert cb.total(c, "attacker") - sum(i["value"] for i in cb.card_items(c, "attacker")) \
        - sum(i["value"] for i in cb.extra_items(c, "attacker")) == sum(i["value"] for i in cb.initial_strength(c, "attacker"))
