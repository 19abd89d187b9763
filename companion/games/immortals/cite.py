"""Citations of the two rulebook editions, so every rule and refusal names its page.

Seed 002 (version B) carries printed page markers; seed 001 (version A) has none but refers to its
own pages ("veja página 10", "página 13") with the same 16-page layout, so one page number cites
both. Where the editions differ, :func:`a` and :func:`b` cite one of them.
"""

from __future__ import annotations


def both(page: int | str) -> str:
    """The same rule, printed on the same page in both editions."""
    return f"seed 001 p.{page}; seed 002 p.{page}"


def a(page: int | str) -> str:
    return f"seed 001 p.{page}"


def b(page: int | str) -> str:
    return f"seed 002 p.{page}"


FACTS = "facts/immortals.md"
