"""Wildling tokens: which wildling migrates to which clan area (seed 004 p.8).

Two ways, a table option. *Physical*: the player turns the real token and enters its wildling type
and clan area in the same action that caused it (build, Longest Road, Largest Patrol). *Digital*:
the companion draws from a pool built from the profile's token mix. The pool is every token not yet
revealed (the ones under the building-cost cards and the face-down reserve together): drawing
lazily from it gives each build the same chance as the random token that lies under the card, and
no hidden order exists that an export could reveal. Revealed tokens go face up; an empty pool is
refilled from them (seed 004 p.8).
"""

from __future__ import annotations

from typing import Any

from ...i18n import N_
from ..base import Ctx, RuleError, State
from .cite import TOKENS
from .options import CatanOptions
from .params import Tokens
from .profile import WILDLINGS
from .steps import label, step, wname

Token = tuple[str, str]


def key(kind: str, clan: str) -> str:
    return f"{kind}:{clan}"


def fresh_pool(profile: dict[str, Any]) -> dict[str, int]:
    pool: dict[str, int] = {}
    for t in profile["tokens"]:
        pool[key(t["wildling"], t["clan"])] = pool.get(key(t["wildling"], t["clan"]), 0) + t["count"]
    return {k: v for k, v in pool.items() if v > 0}


def _as_list(value: Any) -> list[Any]:
    if value is None:
        return []
    return value if isinstance(value, list) else [value]


def typed(state: State, p: Tokens, count: int) -> list[Token]:
    """The physical tokens the player entered: ``tokens`` as a list of {wildling, clan}, or the
    form's parallel fields ``token_wildling`` / ``token_clan``."""
    raw = p.tokens
    pairs: list[tuple[Any, Any]]
    if isinstance(raw, list):
        pairs = [(t.get("wildling"), t.get("clan")) if isinstance(t, dict) else (None, None) for t in raw]
    else:
        pairs = list(zip(_as_list(p.token_wildling), _as_list(p.token_clan), strict=False))
    if len(pairs) != count:
        raise RuleError("Turn over %(count)s wildling token and enter its wildling and clan area.", TOKENS,
                        _plural="Turn over %(count)s wildling tokens and enter each one's wildling and clan area.",
                        count=count)
    clans = {c["id"] for c in state["profile"]["clans"]}
    for kind, clan in pairs:
        if kind not in WILDLINGS or clan not in clans:
            raise RuleError("A wildling token shows one of the three wildling types and a clan area.", TOKENS)
    return [(str(k), str(c)) for k, c in pairs]


def draw(state: State, ctx: Ctx, count: int) -> list[Token]:
    """Draw ``count`` tokens from the digital pool; an empty reserve is refilled from the face-up
    used tokens (seed 004 p.8)."""
    got: list[Token] = []
    pool, used = state["tokens"]["pool"], state["tokens"]["used"]
    for _ in range(count):
        if not any(pool.values()):
            for k, v in used.items():
                pool[k] = pool.get(k, 0) + v
            used.clear()
            step(state, ctx, "reshuffle", N_("The used wildling tokens are mixed into a new reserve"))
        if not any(pool.values()):
            raise RuleError("This profile's token mix is empty.", TOKENS, status=409)
        bag = [k for k in sorted(pool) for _ in range(pool[k])]
        pick = ctx.rng.choice(bag)
        pool[pick] -= 1
        if not pool[pick]:
            del pool[pick]
        used[pick] = used.get(pick, 0) + 1
        kind, clan = pick.split(":")
        got.append((kind, clan))
    return got


def take(state: State, ctx: Ctx, p: Tokens, count: int) -> list[Token]:
    """The tokens revealed by one action (settlement 1, keep 2, a special card 1: seed 004 p.8),
    typed or drawn according to the table option."""
    if count <= 0:
        return []
    if CatanOptions.of(state).tokens == "digital":
        tokens = draw(state, ctx, count)
    else:
        tokens = typed(state, p, count)
    for kind, clan in tokens:
        clan_entry = next(c for c in state["profile"]["clans"] if c["id"] == clan)
        state["revealed"] = (state["revealed"] + [{"wildling": kind, "clan": clan}])[-12:]
        step(state, ctx, "token", N_("Wildling token: %(wildling)s to %(clan)s"), wildling=wname(kind),
             clan=label(clan_entry))
    return tokens
