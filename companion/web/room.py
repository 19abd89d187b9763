"""Room codes in URLs: one Werkzeug converter reads them the way players type them.

Every route with a table in its path says ``<room:code>``, so the view receives the code as it is
stored (``/t/ab-cd/screen`` reaches table ``ABCD``) and never cleans it by hand. Codes are drawn from
``tables.CODE_ALPHABET``, which has no look-alike letters or digits (0/O, 1/I/L, 2/Z, 5/S, 8/B), so
there is nothing to map: only case and stray characters to drop.
"""

from __future__ import annotations

from typing import Any

from werkzeug.routing import BaseConverter

#: Room codes are 4 or 5 letters; anything past this length cannot be one.
MAX_CODE_LENGTH = 8


def clean_code(text: Any) -> str:
    """A room code as typed (``" ab-cd "``) to the stored form (``"ABCD"``): letters and digits only,
    upper case, at most ``MAX_CODE_LENGTH``."""
    return "".join(ch for ch in str(text or "") if ch.isalnum())[:MAX_CODE_LENGTH].upper()


class RoomCode(BaseConverter):
    """``<room:code>``: any path segment matches (an unknown code still gets the worded "There is no
    table" 404 that the room-code limit counts), and the view sees the cleaned code."""

    def to_python(self, value: str) -> str:
        return clean_code(value)

    def to_url(self, value: Any) -> str:
        return super().to_url(clean_code(value))
