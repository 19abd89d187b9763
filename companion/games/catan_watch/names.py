"""Display names of the default profile and of the wildling types, marked for translation.

Profile names are stored in the state as plain strings; the views wrap them with ``tr`` so the
default ones (listed here so extraction finds them) read in Portuguese, while a name a host typed
in shows as typed.
"""

from __future__ import annotations

from ...i18n import N_

WILDLING_NAMES = {"normal": N_("Normal"), "climber": N_("Climber"), "giant": N_("Giant")}

DEFAULT_NAMES = (
    N_("Base game (best-known layout)"),
    N_("Ice River clans"), N_("Cave People"), N_("Hornfoot"),
    N_("Wall section 1"), N_("Wall section 2"), N_("Wall section 3"), N_("Wall section 4"),
    N_("Clearing 1, 2"), N_("Clearing 3, 4"), N_("Clearing 5, 6"), N_("Clearing 7, 8"),
    N_("1st hex south of section 1"), N_("2nd hex south of section 1"),
    N_("3rd hex south of section 1"), N_("4th hex south of section 1"),
    N_("1st hex south of section 2"), N_("2nd hex south of section 2"),
    N_("3rd hex south of section 2"), N_("4th hex south of section 2"),
    N_("1st hex south of section 3"), N_("2nd hex south of section 3"),
    N_("3rd hex south of section 3"), N_("4th hex south of section 3"),
    N_("1st hex south of section 4"), N_("2nd hex south of section 4"),
    N_("3rd hex south of section 4"), N_("4th hex south of section 4"),
    N_("Jeor Mormont"), N_("Bowen Marsh"), N_("Samwell Tarly"), N_("Othell Yarwyck"), N_("Jon Snow"),
    N_("Maester Aemon"), N_("Benjen Stark"), N_("Qhorin Halfhand"), N_("Cotter Pyke"),
    N_("Denys Mallister"), N_("Eleventh hero card"),
)

UNVERIFIED_NAMES = {
    "trails": N_("which trail leads from which clan area to which clearing"),
    "guard_spaces": N_("how many guard spaces each wall section has"),
    "gift_hexes": N_("which hexes lie south of each wall section, in blocking order"),
    "frostfangs": N_("how many wildling figures of each type start in the Frostfangs"),
    "frostfangs_side": N_("which end of the Wall is nearest the Frostfangs"),
    "heroes": N_("the names of the heroes other than A1-A4"),
    "camps": N_("how many camps each clan area has"),
    "tokens": N_("the mix of wildling tokens"),
}
