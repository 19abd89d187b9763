"""Order tokens: the 15 tokens of a house, special-order stars and the checks of a secret assignment.

Data lives in ``data/orders.toml`` (validated at import). Everything here is pure: the planning
phase (``planning.py``) feeds it the areas a house holds and the round's restrictions.
"""

from __future__ import annotations

from typing import Any

from ...i18n import N_, tr
from ..base import RuleError
from .data_models import OrdersFile, Token, load

KINDS = ("march", "defense", "support", "raid", "consolidate")
KIND_LABELS = {
    "march": N_("March"),
    "defense": N_("Defense"),
    "support": N_("Support"),
    "raid": N_("Raid"),
    "consolidate": N_("Consolidate Power"),
}
RESTRICTION_LABELS = {
    "no-raid": N_("No Raid orders this round"),
    "no-support": N_("No Support orders this round"),
    "no-defense": N_("No Defense orders this round"),
    "no-consolidate": N_("No Consolidate Power orders this round"),
    "no-march-plus": N_("No March +1 orders this round"),
}
REGULAR_TOKENS = 10
SPECIAL_TOKENS = 5


def mark(tok: Token) -> str:
    """The language-free part of a token's face: its bonus (March/Defense/Support) and the star."""
    sign = f" {tok.bonus:+d}" if tok.kind in ("march", "defense", "support") else ""
    return sign + (" ★" if tok.star else "")


def _load() -> tuple[dict[str, Token], dict[str, set[str]], dict[int, list[int]]]:
    """Read and validate data/orders.toml: 15 tokens (10 regular + 5 special, seed 000 p.12)."""
    raw = load("orders.toml", OrdersFile)
    tokens: dict[str, Token] = {}
    for tok in raw.token:
        if tok.kind not in KINDS or tok.id in tokens:
            raise ValueError(f"orders.toml: bad token {tok.id}")
        tokens[tok.id] = tok
    stars = sum(t.star for t in tokens.values())
    if len(tokens) != REGULAR_TOKENS + SPECIAL_TOKENS or stars != SPECIAL_TOKENS:
        raise ValueError("orders.toml: a house has 10 regular and 5 special tokens")
    bans: dict[str, set[str]] = {}
    for name, rule in raw.restriction.items():
        if name not in RESTRICTION_LABELS:
            raise ValueError(f"orders.toml: unknown restriction {name}")
        bans[name] = {t.id for t in tokens.values()
                      if t.kind in rule.kinds and (t.star or not rule.star_only)}
    table = {players: list(row) for players, row in raw.stars.items()}
    for players, row in table.items():
        if len(row) != players:
            raise ValueError("orders.toml: one star count per King's Court position")
    return tokens, bans, table


TOKENS, BANS, STARS = _load()


def token(tid: Any) -> Token:
    """The token with id ``tid`` or a refusal naming the rule (seed 000 p.12)."""
    tok = TOKENS.get(str(tid))
    if tok is None:
        raise RuleError("There is no order token %(token)s.", "seed 000 p.12", entry="planning-order-types",
                        token=str(tid)[:20])
    return tok


def stars_for(kings_court: list[str], house: str) -> int:
    """Special orders a house may place: the stars printed at its King's Court position (seed 000 p.11)."""
    row = STARS.get(len(kings_court))
    if row is None or house not in kings_court:
        return 0
    return row[kings_court.index(house)]


def banned_tokens(restrictions: list[str]) -> set[str]:
    """Tokens this round's Westeros deck III card forbids (facts: Westeros decks; seed 000 p.7)."""
    out: set[str] = set()
    for name in restrictions:
        out |= BANS.get(name, set())
    return out


def usable_count(stars: int, restrictions: list[str]) -> int:
    """How many orders a house can place at most: unbanned regulars plus unbanned specials up to its stars."""
    banned = banned_tokens(restrictions)
    regular = sum(1 for t in TOKENS.values() if not t.star and t.id not in banned)
    special = sum(1 for t in TOKENS.values() if t.star and t.id not in banned)
    return regular + min(stars, special)


def validate(orders: dict[str, str], *, held: list[str], stars: int, restrictions: list[str],
             short: bool = False, extra: list[str] | None = None) -> None:
    """Check one house's secret assignment ``{area: token}`` before it is accepted.

    ``held`` are the areas where the house has units (an order goes only there and every one of them
    needs an order, seed 000 p.12); ``extra`` are areas the player confirms holding units in although
    the companion's mirror does not show them (allowed, not required). ``short`` is the rare case where
    the house has fewer usable tokens than areas: then it must place every usable token and may leave
    areas empty (p.12).
    """
    allowed = set(held) | set(extra or [])
    if not isinstance(orders, dict):
        raise RuleError("Orders must map areas to tokens.", "companion: input")
    seen: set[str] = set()
    banned = banned_tokens(restrictions)
    for area, tid in orders.items():
        tok = token(tid)
        if area not in allowed:
            raise RuleError("You have no units in %(area)s: an order needs at least one of your units there.",
                            "seed 000 p.12", entry="planning-assign", area=str(area)[:40])
        if tok.id in seen:
            raise RuleError("Each order token can be used only once (%(kind)s%(mark)s is used twice).",
                            "seed 000 p.12", kind=tr(KIND_LABELS[tok.kind]), mark=mark(tok))
        seen.add(tok.id)
        if tok.id in banned:
            raise RuleError("This round's Westeros card forbids the %(kind)s%(mark)s order.",
                            "seed 000 p.7; facts: westeros cards", entry="westeros-restrictions",
                            kind=tr(KIND_LABELS[tok.kind]), mark=mark(tok))
    specials = sum(1 for tid in orders.values() if TOKENS[tid].star)
    if specials > stars:
        raise RuleError("Your King's Court position allows %(stars)s special orders; you placed %(count)s.",
                        "seed 000 p.12", stars=stars, count=specials)
    if short:
        usable = usable_count(stars, restrictions)
        if len(orders) < min(usable, len(allowed)):
            raise RuleError("With too few tokens you must place all %(count)s you can use.", "seed 000 p.12",
                            count=min(usable, len(allowed)))
        return
    missing = [a for a in held if a not in orders]
    if missing:
        raise RuleError("Every area with your units needs an order: %(area)s has none.", "seed 000 p.12",
                        entry="planning-every-area", area=missing[0])


def is_short(held: list[str], stars: int, restrictions: list[str]) -> bool:
    """True when a house cannot cover all its areas with usable tokens (the rare case of seed 000 p.12)."""
    return len(held) > usable_count(stars, restrictions)


def free_tokens(used: list[str], stars: int, restrictions: list[str]) -> list[str]:
    """Tokens a house could still place (the phone lists them; the Raven swap picks from them)."""
    banned = banned_tokens(restrictions)
    specials_used = sum(1 for tid in used if TOKENS[tid].star)
    return [t.id for t in TOKENS.values()
            if t.id not in used and t.id not in banned and (not t.star or specials_used < stars)]
