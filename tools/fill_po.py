"""Fill missing pt_BR msgstr entries of a catalog from a JSON dict {msgid: translation}.

Used while translating: `python tools/fill_po.py companion/games/<pkg> translations.json`, then
`python -m companion.i18n update companion/games/<pkg>` compiles the .mo.
"""

import json
import sys
from pathlib import Path

from babel.messages.pofile import read_po, write_po

owner, source = Path(sys.argv[1]), Path(sys.argv[2])
po = owner / "translations" / "pt_BR" / "LC_MESSAGES" / "messages.po"
with open(po, "rb") as fh:
    cat = read_po(fh, locale="pt_BR")
table = json.loads(source.read_text(encoding="utf-8"))
filled = 0
for msg in cat:
    if msg.id and not msg.string and msg.id in table:
        msg.string = table[msg.id]
        filled += 1
with open(po, "wb") as fh:
    write_po(fh, cat, width=100, sort_output=False)
print(f"filled {filled}; still missing {sum(1 for m in cat if m.id and not m.string)}")
