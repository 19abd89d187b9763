"""Lists of names typed at setup (seats, counters): split on commas, checked, trimmed."""

from __future__ import annotations

import re

from ...i18n import tr
from ..base import RuleError

RULE = "companion: generic table"
MAX_SEATS, MAX_COUNTERS = 10, 8


def names(text: str, limit: int, what: str, at_least_one: bool = False) -> list[str]:
    """The names in ``text`` (24 characters each); refuses a repeated name, more than ``limit``
    names and, with ``at_least_one``, an empty list (a table needs a seat)."""
    found = [n.strip()[:24] for n in re.split(r"[,;\n]", text or "") if n.strip()]
    if len(set(n.lower() for n in found)) != len(found):
        raise RuleError("The %(what)s list has a repeated name.", RULE, what=tr(what))
    if len(found) > limit:
        raise RuleError("At most %(limit)s %(what)s.", RULE, what=tr(what), limit=limit)
    if at_least_one and not found:
        raise RuleError("A table needs at least one seat.", RULE)
    return found
