"""Wildling attacks and cards (seed 000 p.22-23; card effects from the facts file)."""

from __future__ import annotations

import pytest
from agot_kit import act, bid_all, ctx, dump, new_game, pid, set_power, to_westeros

from companion.games.agot import GAME, areas, flow, power, wildlings
from companion.games.base import RuleError


def attack(players: int = 3, strength: int = 6, card: str | None = None, **options):
    s = new_game(players, **options)
    to_westeros(s)
    s["wildling_threat"] = strength
    if card is not None:  # stack the deck: this card is on top
        s["wildling_deck"]["top"] = card
        s["wildling_deck"]["unknown"].remove(card)
    flow.push(s, wildlings.attack_step(s, strength=strength))
    flow.advance(s, ctx(host=True))
    return s


def test_wildling_attack_p22_watch_wins():
    """Seed 000 p.22-23: bids are revealed together; total >= strength wins; threat to 0; all bids
    to the Pool; the highest bidder takes the reward; the card goes to the bottom."""
    s = attack(3, 6, "skinchanger-scout")
    bid_all(s, {"baratheon": 3, "lannister": 2, "stark": 1})
    assert s["wildling_threat"] == 0
    assert s["last_attack"]["total"] == 6 and s["last_attack"]["won"]
    # Skinchanger Scout reward: the highest bidder's bid comes back.
    assert power.summary(s, "baratheon") == {"available": 5, "board": 0, "pool": 15}
    assert power.summary(s, "lannister")["available"] == 3
    assert s["wildling_deck"]["bottom"] == ["skinchanger-scout"]
    assert flow.current(s) is None


def test_wildling_attack_p22_wildlings_win():
    """Wildlings stronger: threat back two spaces (-4); the lowest bidder takes the worse effect,
    everyone else the lesser one (seed 000 p.22-23)."""
    s = attack(3, 8, "skinchanger-scout")
    bid_all(s, {"baratheon": 3, "lannister": 2, "stark": 1})
    assert s["wildling_threat"] == 4
    assert power.summary(s, "stark")["available"] == 0  # lowest: discards all
    assert power.summary(s, "baratheon")["available"] == 0  # 5 - 3 bid - 2
    assert power.summary(s, "lannister")["available"] == 1


def test_threat_floor_is_zero():
    s = attack(3, 2, "silence-at-the-wall")
    bid_all(s, {"baratheon": 0, "lannister": 0, "stark": 0})
    assert s["wildling_threat"] == 0 and not s["last_attack"]["won"]


def test_lowest_bidder_tie_goes_to_the_iron_throne():
    """Ties for lowest are decided by the Iron Throne holder (seed 000 p.23)."""
    s = attack(3, 12, "a-king-beyond-the-wall")
    bid_all(s, {"baratheon": 2, "lannister": 0, "stark": 0})
    assert GAME.waiting_for(s) == ["baratheon"]
    with pytest.raises(RuleError):
        act(s, "baratheon", {"type": "choose", "value": "baratheon"})
    act(s, "baratheon", {"type": "choose", "value": "stark"})
    assert all(s["tracks"][t][-1] == "stark" for t in s["tracks"])
    # Others choose Fiefdoms or King's Court, in turn order (Baratheon, then Lannister).
    assert GAME.waiting_for(s) == ["baratheon"]
    act(s, "baratheon", {"type": "choose", "value": "fiefdoms"})
    assert GAME.waiting_for(s) == ["lannister"]
    act(s, "lannister", {"type": "choose", "value": "kings_court"})
    assert s["tracks"]["fiefdoms"][-1] == "baratheon"
    assert s["tracks"]["kings_court"][-1] == "lannister"
    assert s["dominance"]["raven"]["holder"] == s["tracks"]["kings_court"][0]


def test_king_beyond_the_wall_reward_takes_a_token():
    s = attack(3, 2, "a-king-beyond-the-wall")
    bid_all(s, {"baratheon": 0, "lannister": 0, "stark": 3})
    act(s, "stark", {"type": "choose", "value": "iron_throne"})
    assert s["tracks"]["iron_throne"][0] == "stark"
    assert s["dominance"]["iron_throne"]["holder"] == "stark"


def test_rattleshirt_changes_supply_then_checks_armies():
    """Rattleshirt's Raiders: lowest -2, others -1, then armies must fit (facts; seed 000 p.8)."""
    s = attack(3, 12, "rattleshirts-raiders")
    areas.set_units(s, "white-harbor", "stark", {"footman": 2, "knight": 1})
    bid_all(s, {"baratheon": 1, "lannister": 2, "stark": 0})
    assert s["supply"] == {"baratheon": 1, "lannister": 1, "stark": 0}
    assert s["step"] == "armies" and GAME.waiting_for(s) == ["stark"]
    act(s, "stark", {"type": "remove_units", "area": "white-harbor", "unit": "footman"})
    assert flow.current(s) is None


def test_massing_on_the_milkwater():
    """Lowest discards all its strongest cards; the others discard one of their choice; the reward
    returns every discarded card (facts: wildling cards)."""
    s = attack(3, 12, "massing-on-the-milkwater")
    bid_all(s, {"baratheon": 1, "lannister": 2, "stark": 0})
    assert s["house_cards"]["stark"]["discard"] == ["eddard-stark"]
    assert GAME.waiting_for(s) == ["baratheon"]
    hand = s["house_cards"]["baratheon"]["hand"]
    act(s, "baratheon", {"type": "choose", "value": hand[-1]})
    act(s, "lannister", {"type": "choose", "value": s["house_cards"]["lannister"]["hand"][0]})
    assert len(s["house_cards"]["lannister"]["discard"]) == 1
    assert flow.current(s) is None


def test_preemptive_raid_reward_attacks_again_without_the_winner():
    """Night's Watch win: the wildlings attack again at 6; the highest bidder may not bid and the
    token does not move (facts: wildling cards)."""
    s = attack(3, 4, "preemptive-raid")
    s["wildling_deck"]["unknown"] = []
    s["wildling_deck"]["bottom"] = ["silence-at-the-wall"]
    bid_all(s, {"baratheon": 0, "lannister": 0, "stark": 4})
    cur = flow.current(s)
    assert cur["kind"] == "wildling_attack" and cur["strength"] == 6 and cur["excluded"] == ["stark"]
    assert sorted(GAME.waiting_for(s)) == ["baratheon", "lannister"]
    bid_all(s, {"baratheon": 0, "lannister": 0})
    assert s["wildling_threat"] == 0


def test_preemptive_raid_excluded_house_takes_no_penalty():
    """Preemptive Raid's second attack: the house kept out of the bidding (the first attack's
    highest bidder) is not among those the result hits (facts: wildling cards)."""
    s = attack(3, 4, "preemptive-raid")
    s["wildling_deck"]["unknown"] = []
    s["wildling_deck"]["bottom"] = ["skinchanger-scout"]
    bid_all(s, {"baratheon": 0, "lannister": 0, "stark": 4})
    before = s["power"]["stark"]["available"]
    bid_all(s, {"baratheon": 0, "lannister": 1})  # 1 < 6: the wildlings win; Baratheon is lowest
    assert s["power"]["stark"]["available"] == before  # no "everyone else" loss for Stark
    assert s["power"]["lannister"]["available"] == 5 - 1 - 2


def test_horde_lowest_losses_come_from_one_castle_area():
    """The Horde Descends: the lowest bidder's 2 units come from one castle/stronghold area when it
    has one; "done" is refused when they came from elsewhere (facts: wildling cards)."""
    s = attack(3, 12, "the-horde-descends")
    bid_all(s, {"baratheon": 1, "lannister": 0, "stark": 1})
    act(s, "lannister", {"type": "remove_units", "area": "lannisport", "unit": "footman"})
    act(s, "lannister", {"type": "remove_units", "area": "stoney-sept", "unit": "footman"})
    with pytest.raises(RuleError):
        act(s, "lannister", {"type": "confirm"})
    act(s, "lannister", {"type": "remove_units", "area": "lannisport", "unit": "knight"})
    act(s, "lannister", {"type": "confirm"})
    assert GAME.waiting_for(s) == ["baratheon"]


def test_preemptive_raid_loss_drop_two_places():
    s = attack(3, 12, "preemptive-raid")
    bid_all(s, {"baratheon": 1, "lannister": 0, "stark": 1})
    act(s, "lannister", {"type": "choose", "value": "track"})
    # Lannister's highest track is King's Court (position 1): drops 2 places.
    assert s["tracks"]["kings_court"] == ["stark", "baratheon", "lannister"]


def test_crow_killers_lowest_swaps_knights_in_the_mirror():
    s = attack(3, 12, "crow-killers")
    bid_all(s, {"baratheon": 1, "lannister": 0, "stark": 1})
    assert s["units"]["lannisport"] == {"house": "lannister", "footman": 2, "knight": 0, "ship": 0, "siege": 0}
    assert GAME.waiting_for(s) == ["lannister"]
    act(s, "lannister", {"type": "confirm"})
    assert GAME.waiting_for(s) == ["baratheon"]
    # every other house replaces 2 knights (here its only one) in the mirror too: one tap per area
    ask = GAME.public_view(s)["current"]["task"]["ask"]
    assert ask["kind"] == "swap" and ask["areas"] == ["dragonstone"] and ask["max"] == 1
    with pytest.raises(RuleError):
        act(s, "baratheon", {"type": "confirm"})  # short of the swap due
    with pytest.raises(RuleError):
        act(s, "baratheon", {"type": "choose", "value": "x"})
    act(s, "baratheon", {"type": "choose", "value": "dragonstone"})
    assert s["units"]["dragonstone"]["knight"] == 0 and s["units"]["dragonstone"]["footman"] == 2
    act(s, "stark", {"type": "choose", "value": "winterfell"})
    assert s["units"]["winterfell"]["knight"] == 0
    assert flow.current(s) is None


def test_horde_descends_reward_musters_in_one_area():
    s = attack(3, 2, "the-horde-descends")
    bid_all(s, {"baratheon": 0, "lannister": 2, "stark": 0})
    assert s["step"] == "mustering" and GAME.waiting_for(s) == ["lannister"]
    act(s, "lannister", {"type": "muster", "area": "lannisport", "unit": "knight"})
    assert s["units"]["lannisport"]["knight"] == 2
    assert flow.current(s) is None


def test_mammoth_riders_reward_returns_one_card():
    s = attack(3, 2, "mammoth-riders")
    s["house_cards"]["stark"]["hand"].remove("robb-stark")
    s["house_cards"]["stark"]["discard"].append("robb-stark")
    bid_all(s, {"baratheon": 0, "lannister": 0, "stark": 2})
    act(s, "stark", {"type": "choose", "value": "robb-stark"})
    assert "robb-stark" in s["house_cards"]["stark"]["hand"]


def test_physical_deck_host_enters_the_card():
    s = attack(3, 6, None, decks="physical")
    bid_all(s, {"baratheon": 3, "lannister": 2, "stark": 1})
    assert flow.current(s)["stage"] == "card"
    with pytest.raises(RuleError):
        act(s, "stark", {"type": "wildling_card", "card": "silence-at-the-wall"})
    act(s, None, {"type": "wildling_card", "card": "silence-at-the-wall"})
    assert flow.current(s) is None


def test_wildling_bids_are_secret_and_deck_order_hidden():
    s = attack(3, 6, "crow-killers")
    act(s, "stark", {"type": "answer", "prompt": pid(s), "value": 4})
    assert '"mine": 4' not in dump(GAME.private_view(s, "lannister"))
    public = dump(GAME.public_view(s))
    assert "crow-killers" not in public and '"answers"' not in public


def test_raven_peek_fixes_the_top_card():
    """The Raven holder's peek fixes the top; burying it sends it to the bottom (seed 000 p.12)."""
    s = new_game(3)
    top = wildlings.peek(s, ctx(seed=5))
    assert wildlings.peek(s, ctx(seed=99)) == top
    wildlings.bury_top(s)
    assert s["wildling_deck"]["bottom"] == [top]
    assert top not in s["wildling_deck"]["unknown"]


def test_threat_reaching_twelve_attacks_at_once():
    """Icons move the threat; reaching 12 triggers an attack before the cards resolve (seed 000 p.7)."""
    s = new_game(3)
    s["wildling_threat"] = 10
    to_westeros(s)
    c = ctx(host=True)
    assert wildlings.advance_threat(s, c, 3)
    assert s["wildling_threat"] == 12


def test_max_bid_is_available_power():
    s = attack(3, 6, "silence-at-the-wall")
    set_power(s, "stark", 1)
    with pytest.raises(RuleError) as err:
        act(s, "stark", {"type": "answer", "prompt": pid(s), "value": 2})
    assert "Power tokens you have available: 1" in str(err.value)  # the rule, not a field name


def test_preemptive_raid_loss_destroy_units_needs_a_confirmation():
    s = attack(3, 12, "preemptive-raid")
    bid_all(s, {"baratheon": 1, "lannister": 0, "stark": 1})
    act(s, "lannister", {"type": "choose", "value": "units"})
    assert GAME.waiting_for(s) == ["lannister"]
    ask = GAME.public_view(s)["current"]["task"]["ask"]
    assert ask["kind"] == "units" and ask["due"] == 2 and ask["removed"] == 0
    with pytest.raises(RuleError):
        act(s, "lannister", {"type": "confirm"})  # "done" short of the 2 units due
    act(s, "lannister", {"type": "remove_units", "area": "lannisport", "unit": "knight"})
    assert GAME.public_view(s)["current"]["task"]["ask"]["removed"] == 1
    with pytest.raises(RuleError):
        act(s, "lannister", {"type": "confirm"})
    act(s, "lannister", {"type": "remove_units", "area": "stoney-sept", "unit": "footman"})
    act(s, "lannister", {"type": "confirm"})
    assert flow.current(s) is None
    assert "stoney-sept" not in s["units"] and s["units"]["lannisport"]["knight"] == 0


def test_preemptive_raid_tied_highest_tracks_ask_which():
    """Equal best positions on two tracks: the house picks which one it drops on."""
    s = attack(3, 12, "preemptive-raid")
    # Stark is 2nd on every track except Fiefdoms (1st): make Iron Throne 1st too.
    from companion.games.agot import tracks

    tracks.to_top(s, "iron_throne", "stark")
    bid_all(s, {"baratheon": 1, "lannister": 1, "stark": 0})
    act(s, "stark", {"type": "choose", "value": "track"})
    assert set(flow.current(s)["tasks"][0]["ask"]["choices"]) == {"iron_throne", "fiefdoms"}
    act(s, "stark", {"type": "choose", "value": "iron_throne"})
    assert s["tracks"]["iron_throne"][-1] == "stark"
    assert s["dominance"]["iron_throne"]["holder"] == "baratheon"


def test_crow_killers_reward_is_optional_and_confirmed():
    s = attack(3, 2, "crow-killers")
    bid_all(s, {"baratheon": 0, "lannister": 2, "stark": 0})
    assert GAME.waiting_for(s) == ["lannister"]
    act(s, "lannister", {"type": "confirm"})
    assert flow.current(s) is None


def test_crow_killers_others_without_knights_are_not_asked():
    s = attack(3, 12, "crow-killers")
    areas.set_units(s, "winterfell", "stark", {"footman": 2})
    bid_all(s, {"baratheon": 0, "lannister": 1, "stark": 1})
    act(s, "baratheon", {"type": "confirm"})  # the lowest bidder
    assert GAME.waiting_for(s) == ["lannister"]  # Stark has no knight left: skipped
    act(s, "lannister", {"type": "choose", "value": "lannisport"})  # its only knight: done at once
    assert flow.current(s) is None


def test_crow_killers_destroys_knights_without_footmen_to_replace_them():
    s = attack(3, 12, "crow-killers")
    areas.set_units(s, "harrenhal", "lannister", {"footman": 8})
    bid_all(s, {"baratheon": 1, "lannister": 0, "stark": 1})
    # Lannister has 10 footmen on the board already: its knight cannot be replaced.
    assert s["units"]["lannisport"]["knight"] == 0 and s["units"]["lannisport"]["footman"] == 1


def test_massing_lowest_with_one_card_keeps_it():
    s = attack(3, 12, "massing-on-the-milkwater")
    s["house_cards"]["stark"] = {"hand": ["robb-stark"], "discard": [c for c in s["house_cards"]["stark"]["hand"]
                                                                     if c != "robb-stark"]}
    bid_all(s, {"baratheon": 1, "lannister": 1, "stark": 0})
    assert s["house_cards"]["stark"]["hand"] == ["robb-stark"]


def test_massing_option_others_discard_their_last_card():
    """Option off: a house with a single card still discards it (the visible table choice)."""
    s = attack(3, 12, "massing-on-the-milkwater", milkwater_keep_last=False)
    others = [c for c in s["house_cards"]["lannister"]["hand"] if c != "tywin-lannister"]
    s["house_cards"]["lannister"] = {"hand": ["tywin-lannister"], "discard": list(others)}
    bid_all(s, {"baratheon": 1, "lannister": 1, "stark": 0})
    act(s, "baratheon", {"type": "choose", "value": s["house_cards"]["baratheon"]["hand"][0]})
    assert GAME.waiting_for(s) == ["lannister"]
    act(s, "lannister", {"type": "choose", "value": "tywin-lannister"})
    # a hand is never left empty: like a spent hand, the other discards come back (seed 000 p.19)
    assert s["house_cards"]["lannister"] == {"hand": others, "discard": ["tywin-lannister"]}


def test_massing_lowest_emptied_hand_refills():
    """Massing on the Milkwater: Stark holds two strength-2 cards only; both are its strongest and
    go, and the hand refills from the other discards instead of staying empty (seed 000 p.19)."""
    s = attack(3, 12, "massing-on-the-milkwater")
    hand = ["roose-bolton", "greatjon-umber"]
    rest = [c for c in s["house_cards"]["stark"]["hand"] if c not in hand]
    s["house_cards"]["stark"] = {"hand": list(hand), "discard": list(rest)}
    bid_all(s, {"baratheon": 1, "lannister": 1, "stark": 0})
    assert s["house_cards"]["stark"]["hand"] == rest
    assert s["house_cards"]["stark"]["discard"] == hand


def test_massing_default_others_keep_a_last_card():
    s = attack(3, 12, "massing-on-the-milkwater")
    s["house_cards"]["lannister"] = {"hand": ["tywin-lannister"], "discard": []}
    bid_all(s, {"baratheon": 1, "lannister": 1, "stark": 0})
    act(s, "baratheon", {"type": "choose", "value": s["house_cards"]["baratheon"]["hand"][0]})
    assert flow.current(s) is None
    assert s["house_cards"]["lannister"]["hand"] == ["tywin-lannister"]


def test_mammoth_riders_and_horde_losses_are_confirmed_per_house():
    for card, lowest_n in (("mammoth-riders", 3), ("the-horde-descends", 2)):
        s = attack(3, 12, card)
        bid_all(s, {"baratheon": 1, "lannister": 0, "stark": 1})
        assert [t["house"] for t in flow.current(s)["tasks"]] == ["lannister", "baratheon", "stark"]
        ask = GAME.public_view(s)["current"]["task"]["ask"]
        assert ask["kind"] == "units" and ask["due"] == lowest_n
        for house in ("lannister", "baratheon", "stark"):
            ask = GAME.public_view(s)["current"]["task"]["ask"]
            with pytest.raises(RuleError):
                act(s, house, {"type": "confirm"})  # the phone refuses "done" short of the units due
            for _ in range(ask["due"]):
                mine = sorted((a, k) for a, u in s["units"].items() if u["house"] == house
                              for k in ("footman", "knight", "ship") if u.get(k))
                # The Horde Descends: the lowest bidder's losses come from one castle/stronghold area
                area, kind = next(((a, k) for a, k in mine if a in ("lannisport", "dragonstone", "winterfell")),
                                  mine[0])
                act(s, house, {"type": "remove_units", "area": area, "unit": kind})
            act(s, house, {"type": "confirm"})
        assert flow.current(s) is None


def test_skinchanger_others_lose_what_they_have():
    s = attack(3, 12, "skinchanger-scout")
    bid_all(s, {"baratheon": 4, "lannister": 0, "stark": 5})
    assert s["power"]["baratheon"]["available"] == 0  # had 1 left, discards it
    assert s["power"]["lannister"]["available"] == 0  # lowest: everything
    assert s["power"]["stark"]["available"] == 0


def test_two_attacks_in_one_westeros_phase():
    """Threat reaching 12 and a Wildlings Attack card: two attacks in one phase (seed 000 p.23)."""
    s = new_game(3, decks="physical")
    s["wildling_threat"] = 10
    s["phase"], s["round"], s["queue"], s["current"] = "westeros", 2, [{"kind": "draw"}], None
    flow.advance(s, ctx(host=True))
    for card in ("last-days-of-summer-i", "game-of-thrones", "wildlings-attack"):
        act(s, None, {"type": "draw_card", "card": card})
    assert flow.current(s)["kind"] == "wildling_attack" and flow.current(s)["strength"] == 12
    bid_all(s, {"baratheon": 5, "lannister": 4, "stark": 3})
    act(s, None, {"type": "wildling_card", "card": "silence-at-the-wall"})
    assert s["wildling_threat"] == 0
    # Game of Thrones, then the card's own attack at the new threat (0).
    assert flow.current(s)["kind"] == "wildling_attack" and flow.current(s)["strength"] == 0


def test_a_power_token_placed_after_a_sealed_bid_never_refuses_another_house():
    """A bid is never more than the house's available power (seed 000 p.10, p.22). Stark bids all
    its power, then places a power token on the board: the last house to bid must not be refused
    with a message quoting Stark's sealed bid, nor leave the attack stuck; Stark's bid counts as
    what it still has."""
    s = attack(3, 6, "skinchanger-scout")
    for h in s["houses"]:
        set_power(s, h, 5)
    act(s, "stark", {"type": "answer", "prompt": pid(s), "value": 5})
    act(s, "stark", {"type": "place_token", "area": "winterfell"})
    act(s, "lannister", {"type": "answer", "prompt": pid(s), "value": 0})
    act(s, "baratheon", {"type": "answer", "prompt": pid(s), "value": 2})  # refused before: "...cannot spend 5..."
    assert s["last_attack"]["bids"] == {"stark": 4, "lannister": 0, "baratheon": 2}
    assert s["last_attack"]["total"] == 6 and s["last_attack"]["won"]
    assert s["power"]["stark"]["available"] == 4  # Skinchanger Scout: the highest bidder's 4 come back
