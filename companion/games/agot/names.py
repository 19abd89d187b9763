"""Display names that live in the data files, marked as msgids so they can be translated.

Extraction only reads Python and templates, so every name in ``data/*.toml`` is listed here; a test
checks that the lists and the data stay in step.
"""

from __future__ import annotations

from ...i18n import N_, tr

#: the three influence tracks (seed 000 p.10)
TRACKS = {"iron_throne": N_("Iron Throne"), "fiefdoms": N_("Fiefdoms"), "kings_court": N_("King's Court")}
#: the dominance tokens (seed 000 p.11-12)
TOKENS = {"iron_throne": N_("Iron Throne"), "blade": N_("Valyrian Steel Blade"), "raven": N_("Messenger Raven")}
#: unit kinds as they read inside a sentence ("musters a knight")
UNITS = {"footman": N_("footman"), "knight": N_("knight"), "siege": N_("siege engine"), "ship": N_("ship")}

HOUSES = {
    "baratheon": N_("Baratheon"),
    "lannister": N_("Lannister"),
    "stark": N_("Stark"),
    "greyjoy": N_("Greyjoy"),
    "tyrell": N_("Tyrell"),
    "martell": N_("Martell"),
}

AREAS = {
    "blackwater": N_("Blackwater"),
    "castle-black": N_("Castle Black"),
    "crackclaw-point": N_("Crackclaw Point"),
    "dornish-marches": N_("Dornish Marches"),
    "dragonstone": N_("Dragonstone"),
    "flints-finger": N_("Flint's Finger"),
    "greywater-watch": N_("Greywater Watch"),
    "harrenhal": N_("Harrenhal"),
    "highgarden": N_("Highgarden"),
    "karhold": N_("Karhold"),
    "kings-landing": N_("King's Landing"),
    "kingswood": N_("Kingswood"),
    "lannisport": N_("Lannisport"),
    "moat-cailin": N_("Moat Cailin"),
    "oldtown": N_("Oldtown"),
    "princes-pass": N_("Prince's Pass"),
    "pyke": N_("Pyke"),
    "riverrun": N_("Riverrun"),
    "salt-shore": N_("Salt Shore"),
    "seagard": N_("Seagard"),
    "searoad-marches": N_("Searoad Marches"),
    "starfall": N_("Starfall"),
    "stoney-sept": N_("Stoney Sept"),
    "storms-end": N_("Storm's End"),
    "sunspear": N_("Sunspear"),
    "the-arbor": N_("The Arbor"),
    "the-boneway": N_("The Boneway"),
    "the-eyrie": N_("The Eyrie"),
    "the-fingers": N_("The Fingers"),
    "the-mountains-of-the-moon": N_("The Mountains of the Moon"),
    "the-reach": N_("The Reach"),
    "the-stony-shore": N_("The Stony Shore"),
    "the-twins": N_("The Twins"),
    "three-towers": N_("Three Towers"),
    "white-harbor": N_("White Harbor"),
    "widows-watch": N_("Widow's Watch"),
    "winterfell": N_("Winterfell"),
    "yronwood": N_("Yronwood"),
    "bay-of-ice": N_("Bay of Ice"),
    "blackwater-bay": N_("Blackwater Bay"),
    "east-summer-sea": N_("East Summer Sea"),
    "ironmans-bay": N_("Ironman's Bay"),
    "redwyne-straights": N_("Redwyne Straights"),
    "sea-of-dorne": N_("Sea of Dorne"),
    "shipbreaker-bay": N_("Shipbreaker Bay"),
    "sunset-sea": N_("Sunset Sea"),
    "the-golden-sound": N_("The Golden Sound"),
    "the-narrow-sea": N_("The Narrow Sea"),
    "the-shivering-sea": N_("The Shivering Sea"),
    "west-summer-sea": N_("West Summer Sea"),
    "port-of-dragonstone": N_("Port of Dragonstone"),
    "port-of-lannisport": N_("Port of Lannisport"),
    "port-of-oldtown": N_("Port of Oldtown"),
    "port-of-pyke": N_("Port of Pyke"),
    "port-of-storms-end": N_("Port of Storm's End"),
    "port-of-sunspear": N_("Port of Sunspear"),
    "port-of-white-harbor": N_("Port of White Harbor"),
    "port-of-winterfell": N_("Port of Winterfell"),
}

WESTEROS = {
    "supply": N_("Supply"),
    "mustering": N_("Mustering"),
    "a-throne-of-blades": N_("A Throne of Blades"),
    "last-days-of-summer-i": N_("Last Days of Summer"),
    "winter-is-coming-i": N_("Winter is Coming"),
    "clash-of-kings": N_("Clash of Kings"),
    "game-of-thrones": N_("Game of Thrones"),
    "dark-wings-dark-words": N_("Dark Wings, Dark Words"),
    "last-days-of-summer-ii": N_("Last Days of Summer"),
    "winter-is-coming-ii": N_("Winter is Coming"),
    "wildlings-attack": N_("Wildlings Attack"),
    "put-to-the-sword": N_("Put to the Sword"),
    "sea-of-storms": N_("Sea of Storms"),
    "rains-of-autumn": N_("Rains of Autumn"),
    "feast-for-crows": N_("Feast for Crows"),
    "web-of-lies": N_("Web of Lies"),
    "storm-of-swords": N_("Storm of Swords"),
}

WILDLINGS = {
    "silence-at-the-wall": N_("Silence at the Wall"),
    "preemptive-raid": N_("Preemptive Raid"),
    "crow-killers": N_("Crow Killers"),
    "rattleshirts-raiders": N_("Rattleshirt's Raiders"),
    "massing-on-the-milkwater": N_("Massing on the Milkwater"),
    "a-king-beyond-the-wall": N_("A King Beyond the Wall"),
    "mammoth-riders": N_("Mammoth Riders"),
    "the-horde-descends": N_("The Horde Descends"),
    "skinchanger-scout": N_("Skinchanger Scout"),
}


def label(msgid: str) -> dict[str, str]:
    """A log/view parameter translated when shown; unlike ``tr`` its argument is never extracted,
    so passing a looked-up name does not put junk (a dict key) into the catalog."""
    return tr(msgid)
