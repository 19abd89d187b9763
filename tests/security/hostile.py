"""Hostile strings and the pages they must be rendered on (shared by the XSS tests and bench/attack.py).

Each string has a shape that broke (or could break) a page: a tag with an event handler, a quote
that closes an attribute, template braces, and ``%`` formats (a ``%`` in a seat label once made
three pages answer 500 forever).
"""

from __future__ import annotations

from markupsafe import escape

IMG = "<img src=x onerror=alert(1)>"
SVG = "<svg onload=alert(2)>"
ATTR = "\"'><i id=q>"
BRACES = "{{7*7}}"
FORMAT = "%(x)s"
PERCENT = "50% Red"
#: Short enough for every limited field (generic seat labels keep 24 characters).
ALL = (IMG, SVG, ATTR, BRACES, FORMAT, PERCENT)
#: What must never appear raw in a page: the start of an injected element.
RAW_MARKERS = ("<img src=x", "<svg onload", "<i id=q>")


def escaped(text: str) -> str:
    return str(escape(text))


def raw_hits(body: str) -> list[str]:
    """The injected markup found unescaped in ``body`` (empty when the page is safe)."""
    return [m for m in RAW_MARKERS if m in body]


def table_pages(code: str) -> list[str]:
    """Every page and live fragment of one table, as a browser with host and seat cookies sees them."""
    return [f"/t/{code}/screen", f"/t/{code}/frag/screen", f"/t/{code}/frag/host",
            f"/t/{code}/join?switch=1", f"/t/{code}/seat", f"/t/{code}/frag/seat", f"/t/{code}/log",
            f"/t/{code}/screen?lang=pt_BR", f"/t/{code}/frag/screen?lang=pt_BR",
            f"/t/{code}/frag/host?lang=pt_BR", f"/t/{code}/frag/seat?lang=pt_BR", "/"]
