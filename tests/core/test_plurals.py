"""A count a player can see as 1 goes through ngettext ("1 baixa", "2 baixas"; issue #23 item 7: "1
baixas" and "1 casualties" were on the combat TV). Every catalog's messages are scanned: a count
placeholder followed by a countable plural noun must be a plural message, and a plural message's
singular form, in English and in Portuguese, must not put a plural noun after its count."""

from __future__ import annotations

import glob
import re
from pathlib import Path

from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
#: countable nouns a table counts (English msgids, Portuguese translations)
NOUNS_EN = ("armies|cards|units|points|regions|wildlings|guards|cubes|characters|ships|knights|footmen|"
            "casualties|inhabitants|plots|tokens|orders|areas|players|seats|crowns|ports|settlements|keeps")
NOUNS_PT = ("exércitos|cartas|unidades|pontos|regiões|wildlings|guardas|cubos|personagens|navios|cavaleiros|"
            "soldados|baixas|habitantes|planos|fichas|ordens|áreas|jogadores|lugares|coroas|portos|aldeias|"
            "fortalezas")
COUNT_EN = re.compile(rf"%\((?:n|count|num|claim|fell|lost|guards|regions)\)[sd] (?:\w+ )?(?:{NOUNS_EN})\b", re.I)
COUNT_PT = re.compile(rf"%\((?:n|count|num|claim|fell|lost|guards|regions)\)[sd] (?:de )?(?:{NOUNS_PT})\b", re.I)
#: counts that are never 1 where these messages are shown (a fixed size, a rule's bound)
FIXED = {
    "Register up to %(count)s plots.",  # the LCG plot deck's 7
    "Table set: %(count)s players, profile %(profile)s",  # 3 to 6
    "This board profile has no setup for %(count)s players.",
    "A %(n)s-player game: set up the board with the checklist.",
    "%(n)s ships",  # the port button says "1 ship" itself (templates/agot/_port_replace.html)
    "Supply %(n)s allows armies of",  # a track position, then its armies
    "%(who)s takes a guard VP token (%(count)s guards on the Wall)",  # 3 or 5 (seed 004 p.8)
    "%(who)s returns a guard VP token (%(count)s guards on the Wall)",  # 2 or 4
    "List up to %(count)s wildlings, each normal, climber or giant.",  # a clan area's camps, or 12
    "You have %(count)s blank cards.",  # Immortals' 4
    "A ruling is at most %(n)s characters.",
}


def _messages():
    for path in sorted(glob.glob(str(ROOT / "companion" / "**" / "pt_BR" / "LC_MESSAGES" / "messages.po"),
                             recursive=True)):
        with open(path, "rb") as fh:
            yield from (m for m in read_po(fh, locale="pt_BR") if m.id)


def test_a_count_before_a_plural_noun_is_a_plural_message():
    bad = sorted(m.id for m in _messages() if isinstance(m.id, str) and m.id not in FIXED
                 and (COUNT_EN.search(m.id) or COUNT_PT.search(m.string or "")))
    assert bad == []


def test_singular_forms_say_one_thing():
    bad = sorted(m.id[0] for m in _messages() if isinstance(m.id, tuple)
                 and (COUNT_EN.search(m.id[0]) or COUNT_PT.search(m.string[0] or "")))
    assert bad == []
