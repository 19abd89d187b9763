"""AGoT 2nd edition table options: players, the Tides of Battle module, the decks, the rulebook's
unclear points, and the publisher's FAQ where it changes a printed rule (docs/agot-faq.md).

The FAQ options default to the FAQ; a table stored before they existed lacks their keys and
replays with the printed rule it was played with (each field's ``legacy`` value). ``input_checks``
is no choice (not on the form): the revision of the checks on players' inputs, so a table stored
before the checks of issue 38 replays exactly (``legacy=1``) and a new table gets them (2)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal

from ...i18n import N_
from ..options import Opt, TableOptions

#: the revision of the input checks from which the checks of issue 38 apply (``input_checks``)
CHECKS_ISSUE_38 = 2


class AgotOptions(TableOptions):
    players: Annotated[int, Opt(N_("Players"), help=N_("3 to 6; only the houses of that count play."),
                                min=3, max=6)] = 6
    tides: Annotated[bool, Opt(N_("Tides of Battle"),
                               help=N_("Optional combat cards module (Rulebook p.28)."))] = False
    decks: Annotated[Literal["digital", "physical"], Opt(
        N_("Westeros and wildling decks"),
        help=N_("Digital: the companion draws. Physical: the host enters the card turned over."),
        choices=(("digital", N_("Digital decks")), ("physical", N_("Physical decks"))),
    )] = "digital"
    milkwater_keep_last: Annotated[bool, Opt(
        N_("Massing on the Milkwater: others keep their last card"),
        help=N_("The card's wording is unclear when a house holds one card: on = it keeps it."),
        rule="facts: wildling cards",
    )] = True
    neutral_short: Annotated[Literal["back", "routed"], Opt(
        N_("Attack on a neutral force falls short"),
        help=N_("Page 26 does not say what happens to the attackers when their strength falls short."),
        choices=(("back", N_("Units go back, not routed")), ("routed", N_("Like a lost combat: routed"))),
        rule="seed 000 p.26",
    )] = "back"
    faq_lannister_port_ship: Annotated[bool, Opt(
        N_("Lannister ship in the Port of Lannisport at setup"),
        help=N_("Publisher's FAQ v2.0 corrects the Lannister screen: one more ship, in the port. "
                "Off = the printed screen (Rulebook p.4)."),
        rule="agot faq (v2.0 errata); seed 000 p.4", legacy=False,
    )] = True
    tiebreak: Annotated[Literal["faq", "printed"], Opt(
        N_("End-of-game tie-breaks"),
        help=N_("After castles and strongholds: FAQ v2.0 = land areas, supply, Iron Throne; "
                "printed p.17 = strongholds, supply, available power, Iron Throne."),
        choices=(("faq", N_("Publisher's FAQ v2.0")), ("printed", N_("Printed rulebook p.17"))),
        rule="agot faq (v2.0 errata); seed 000 p.17", legacy="printed",
    )] = "faq"
    faq_blade_tides: Annotated[bool, Opt(
        N_("Tides of Battle: the Blade may still give +1"),
        help=N_("Publisher's FAQ v2.0 combat steps: a Valyrian Steel Blade not used to redraw a Tides "
                "card may add +1 after the reveal. Off = only the redraw (Rulebook p.28)."),
        rule="agot faq (v2.0); seed 000 p.28", legacy=False,
    )] = True
    faq_tides_reshuffle: Annotated[bool, Opt(
        N_("Tides of Battle: reshuffle before every combat"),
        help=N_("Publisher's FAQ v1.0: all Tides cards are shuffled together before each combat. "
                "Off = drawn cards stay out until the deck runs out (the rulebook is silent, p.28)."),
        rule="agot faq (v1.0); seed 000 p.28", legacy=False,
    )] = True
    input_checks: Annotated[int, Opt(
        N_("Input checks"),
        help=N_("Not a choice: what the companion checks in the players' inputs. 2 = orders only in areas "
                "with the house's units, one Messenger Raven ability, a planning answer only to its own "
                "prompt, no correction of a house card chosen in secret, a march only of the house's own "
                "units. 1 = the checks of tables created before these, which replay as they were played."),
        min=1, max=2, legacy=1, offered=False,
    )] = 2


def checks_38(state: Mapping[str, Any]) -> bool:
    """Whether the table makes the input checks of issue 38 (orders only where the house has units,
    one Raven ability, a planning answer to its own prompt, no correction of a card chosen in
    secret, a march of the house's own units). A table stored before them lacks ``input_checks``
    and replays exactly as it was played (``legacy=1``)."""
    return AgotOptions.of(state).input_checks >= CHECKS_ISSUE_38
