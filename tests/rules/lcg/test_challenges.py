"""Challenges, claim, unopposed, renown and dominance (seed 003 Page 9, 12, 14-15; facts lcg.md)."""

from __future__ import annotations

import pytest
from helpers import Table, all_autopass, plot

from companion.games.base import RuleError


def to_decide(players: int = 2, claims: dict[str, int] | None = None, power: dict[str, int] | None = None,
              **options) -> Table:
    """Everyone auto-passes; p1 wins initiative, stays first player; stop at p1's challenge decision."""
    t = Table(players, **options)
    all_autopass(t)
    for s, value in (power or {}).items():
        t.host("host_set", seat=s, field="power", value=value)
    for s in t.state["seats"]:
        t.do(s, "answer", value=plot(f"plot-{s}", initiative=9 if s == "p1" else 1,
                                     claim=(claims or {}).get(s, 1)))
    t.do("p1", "first_player", seat="p1")
    for _ in range(20):  # the active player is never auto-passed in their own segments
        if t.view["decision"]:
            break
        if t.view["event"] == "choose_titles":
            chooser = t.view["title_chooser"]
            t.do(chooser, "title", title=t.me(chooser)["free_titles"][0])
            continue
        t.pass_()
    assert t.view["decision"] == {"kind": "challenge", "seat": "p1"}
    return t


def to_resolution(attacker_str: int, defender_str: int, players: int = 2, kind: str = "military",
                  claims: dict[str, int] | None = None, power: dict[str, int] | None = None,
                  **options) -> Table:
    """p1 (first player) declares ``kind`` against p2; STR entered; nobody auto-passes from here."""
    t = to_decide(players, claims, power, **options)
    t.do("p1", "challenge", challenge=kind, opponent="p2")
    for s in t.state["seats"]:
        t.do(s, "autopass", kinds=[])
    while not (t.box == "chal.resolve" and t.view["step"] == "input"):
        t.pass_()
    assert t.view["waiting_for"] == ["p1", "p2"]
    t.do("p2", "strength", attacker=attacker_str, defender=defender_str)
    assert t.view["event"] == "determine_winner" and t.view["step"] == "save"
    return t


def resolve(t: Table) -> dict:
    while t.box == "chal.resolve" and t.view["window"] and not t.view["winner"]:
        t.pass_()
    return t.view["challenge"] or t.state["challenge"]


def test_challenge_phase_flow_order():
    """Seed 003 Page 12: declare (type, opponent) and kneel attackers, player actions, stealth and
    defenders, player actions, then the resolution window, back to the active player's actions."""
    t = to_decide(2)
    for s in t.state["seats"]:
        t.do(s, "autopass", kinds=[])
    t.do("p1", "challenge", challenge="military")
    seen = []
    for _ in range(40):
        v = t.view
        key = (v["box"], v["event"])
        if not seen or seen[-1] != key:
            seen.append(key)
        if v["step"] == "input":
            t.do("p1", "strength", attacker=3, defender=2)
        elif v["decision"]:
            break
        else:
            t.pass_()
    assert seen == [
        ("chal.declare", "declare_challenge"), ("chal.declare", "kneel_attackers"), ("chal.declare", None),
        ("chal.actions2", None),
        ("chal.defend", "stealth"), ("chal.defend", "kneel_defenders"), ("chal.defend", None),
        ("chal.actions3", None),
        ("chal.resolve", "determine_winner"), ("chal.resolve", "apply_claim"), ("chal.resolve", "unopposed"),
        ("chal.resolve", "renown"), ("chal.resolve", None),
        ("chal.actions", None), ("chal.decide", None),
    ]


def test_tie_goes_to_the_attacker():
    """Seed 003 Page 14: the attacker wins ties unless a card says otherwise."""
    ch = resolve(to_resolution(4, 4))
    assert ch["winner"] == "p1" and ch["unopposed"] is False
    assert ch["result"] == "attacker_wins" and ch["strengths"] == {"attacker": 4, "defender": 4}


def test_defender_wins_with_more_strength_and_no_claim():
    ch = resolve(to_resolution(3, 5, kind="power", power={"p2": 4}))
    assert ch["winner"] == "p2" and ch["result"] == "defender_wins"
    assert ch["moved"] == 0


def test_unopposed_gives_one_power():
    """No defending STR: the attacker wins unopposed and gains 1 power (facts lcg.md, issue #5)."""
    t = to_resolution(2, 0)
    ch = resolve(t)
    assert ch["unopposed"] is True and ch["result"] == "unopposed"
    assert t.view["players"]["p1"]["power"] == 1
    assert "Unopposed: p1 gains 1 power." in t.messages()


def test_an_attacker_with_no_str_can_be_made_to_lose_by_table_option():
    """The FAQ is silent on a 0 STR attack: the option 'cannot_win' gives the challenge to the defender."""
    t = to_resolution(0, 0, zero_str_attack="cannot_win")
    ch = resolve(t)
    assert ch["winner"] == "p2" and ch["unopposed"] is False


def test_zero_zero_is_an_unopposed_attacker_win():
    """0 against 0: ties go to the attacker and nobody defended (issue #5 rule, seed 003 Page 14)."""
    t = to_resolution(0, 0)
    assert resolve(t)["winner"] == "p1"
    assert t.view["players"]["p1"]["power"] == 1


def test_power_claim_moves_power_automatically():
    """A won power challenge moves claim power from the defender's House (seed 003 Page 14)."""
    t = to_resolution(5, 3, kind="power", claims={"p1": 2}, power={"p2": 5})
    resolve(t)
    assert t.view["players"]["p2"]["power"] == 3
    assert t.view["players"]["p1"]["power"] == 2


def test_power_claim_cannot_move_more_than_the_defender_has():
    t = to_resolution(5, 3, kind="power", claims={"p1": 3}, power={"p2": 1})
    resolve(t)
    assert t.view["players"]["p2"]["power"] == 0
    assert t.view["players"]["p1"]["power"] == 1


def test_unopposed_power_challenge_moves_claim_and_gains_one():
    t = to_resolution(4, 0, kind="power", claims={"p1": 1}, power={"p2": 2})
    resolve(t)
    assert t.view["players"]["p1"]["power"] == 2 and t.view["players"]["p2"]["power"] == 1


def test_military_and_intrigue_claims_are_reminders():
    t = to_resolution(5, 3, kind="military", claims={"p1": 2})
    resolve(t)
    assert "Claim 2: p2 kills 2 of their characters (their choice)." in t.messages()
    t = to_resolution(5, 3, kind="intrigue", claims={"p1": 1})
    resolve(t)
    assert "Claim 1: p2 discards 1 card at random from hand." in t.messages()


def test_renown_reminder_names_the_winner():
    t = to_resolution(5, 3)
    resolve(t)
    assert "Renown: each renowned character of p1 that took part gains 1 power." in t.messages()


def test_each_challenge_type_once_per_phase():
    t = to_decide(2)
    t.do("p1", "challenge", challenge="power")
    for _ in range(40):
        if t.view["decision"]:
            break
        if t.view["step"] == "input":
            t.do("p1", "strength", attacker=1, defender=1)
        else:
            t.pass_()
    with pytest.raises(RuleError) as err:
        t.do("p1", "challenge", challenge="power")
    assert err.value.rule == "facts lcg.md"
    assert t.me("p1")["challenge_types"] == ["military", "intrigue"]


def test_melee_challenge_needs_an_opponent_and_not_yourself():
    t = to_decide(3)
    with pytest.raises(RuleError):
        t.do("p1", "challenge", challenge="military")
    with pytest.raises(RuleError):
        t.do("p1", "challenge", challenge="military", opponent="p1")
    t.do("p1", "challenge", challenge="military", opponent="p3")
    assert t.view["challenge"]["defender"] == "p3"


def test_only_the_active_player_declares_and_only_at_the_decision():
    t = to_decide(2)
    with pytest.raises(RuleError) as err:
        t.do("p2", "challenge", challenge="military")
    assert err.value.status == 403
    t.do("p1", "finish")
    with pytest.raises(RuleError) as err:
        t.do("p1", "challenge", challenge="military")
    assert err.value.status == 409 and err.value.rule == "seed 003 Page 12"


def test_strength_only_from_the_two_sides():
    t = to_decide(3)
    t.do("p1", "challenge", challenge="intrigue", opponent="p2")
    while t.view["step"] != "input":
        t.pass_()
    with pytest.raises(RuleError) as err:
        t.do("p3", "strength", attacker=1, defender=1)
    assert err.value.status == 403


def test_after_finishing_next_player_is_active_and_then_dominance():
    """Each player is the active player once per phase, from the first player (seed 003 Page 12)."""
    t = to_decide(2)
    t.do("p1", "finish")
    for _ in range(20):
        if t.view["decision"]:
            break
        t.pass_()
    assert t.view["decision"]["seat"] == "p2" and t.view["active_player"] == "p2"
    t.do("p2", "finish")
    assert t.view["phase"] == "dominance"
    assert t.view["waiting_for"] == ["p1", "p2"]


def to_dominance(players: int = 2, gold_rule: str = "add") -> Table:
    t = to_decide(players, dominance_gold=gold_rule)
    for seat in t.state["seats"]:
        while not t.view["decision"]:
            t.pass_()
        t.do(seat, "finish")
    assert t.view["event"] == "dominance"
    return t


def test_dominance_highest_total_gains_one_power_with_unspent_gold():
    """Dominance: STR plus unspent gold; the highest gains 1 power (seed 003 Page 12)."""
    t = to_dominance(2)
    t.host("host_set", seat="p2", field="gold", value=3)
    t.host("host_set", seat="p1", field="gold", value=0)
    t.do("p1", "dominance", strength=6)
    t.do("p2", "dominance", strength=4)  # 4 + 3 gold = 7
    while t.view["phase"] == "dominance" and t.view["event"] == "dominance":
        t.pass_()
    assert t.view["players"]["p2"]["power"] == 1 and t.view["players"]["p1"]["power"] == 0
    assert t.view["dominance"]["result"]["totals"] == {"p1": 6, "p2": 7}


def test_dominance_tie_gives_nothing():
    """Seed 003 Page 15: a dominance tie claims no power."""
    t = to_dominance(3)
    for s, v in (("p1", 5), ("p2", 5), ("p3", 2)):
        t.host("host_set", seat=s, field="gold", value=0)
        t.do(s, "dominance", strength=v)
    while t.view["event"] == "dominance":
        t.pass_()
    assert all(p["power"] == 0 for p in t.view["players"].values())
    assert "Dominance is tied: nobody gains power." in t.messages()


def test_dominance_with_gold_included_by_players():
    t = to_dominance(2, gold_rule="included")
    t.host("host_set", seat="p2", field="gold", value=9)
    t.do("p1", "dominance", strength=6)
    t.do("p2", "dominance", strength=5)
    while t.view["event"] == "dominance":
        t.pass_()
    assert t.view["players"]["p1"]["power"] == 1


def test_no_player_actions_before_dominance_is_counted():
    """Seed 003 Page 14: there is no player-action segment before dominance STR is counted."""
    t = to_dominance(2)
    assert t.view["box"] == "dom.reward"
    with pytest.raises(RuleError):
        t.do("p1", "act", label="Dominance event")


def test_reaching_fifteen_power_wins():
    t = to_resolution(5, 3, kind="power", claims={"p1": 2}, power={"p1": 13, "p2": 4})
    resolve(t)
    assert t.view["winner"] == "p1"
    with pytest.raises(RuleError) as err:
        t.do("p2", "pass")
    assert err.value.status == 409


def test_power_on_characters_counts_when_the_table_wants():
    t = Table(2)
    t.do("p1", "adjust", field="char_power", delta=5)
    t.host("host_set", seat="p1", field="power", value=10)
    assert t.view["winner"] == "p1"
    t = Table(2, count_char_power=False)
    t.do("p1", "adjust", field="char_power", delta=5)
    t.host("host_set", seat="p1", field="power", value=10)
    assert t.view["winner"] is None


def test_strength_after_the_winner_is_decided_is_refused_not_a_crash():
    t = to_resolution(5, 3)
    while t.view["step"] != "responses":
        t.pass_()
    with pytest.raises(RuleError) as err:
        t.do("p1", "strength", attacker=1, defender=9)
    assert err.value.status == 409
    assert "pass" in t.me(t.priority)["can"]


def test_defenders_adding_up_to_zero_str_is_unopposed_and_the_log_says_why():
    """One meaning of "unopposed" (facts lcg.md: no defending STR): defenders who add up to 0 STR
    leave the challenge unopposed; the resolution line says it in those words, and a defended
    challenge with STR does not."""
    t = to_resolution(3, 0, kind="intrigue")
    assert resolve(t)["unopposed"] is True
    assert any(m.endswith("3 against 0, p1 wins unopposed (no defending STR).") for m in t.messages())
    t = to_resolution(3, 1, kind="intrigue")
    assert resolve(t)["unopposed"] is False
    assert not any("unopposed" in m.lower() for m in t.messages())
