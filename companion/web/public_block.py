"""Public blocks: the parts of a phone's fragment that every seat sees alike, rendered once and
shared by every phone of the table, across versions (issue 41).

At a reveal or a new bid the seven pages of a table render at the same version, and between two
answers of a bid most of a phone does not change: the generic phone's dice, new-bid form, last
reveal and counters are most of its markup. A game's seat template asks for such a block with the
values it shows::

    {{ public_block("generic/_seat_counters.html", seat=seat, counters=view.counters,
                    values=view["values"][seat], shared=view.shared) }}

The block is keyed by what it reads: its template, the language, the address the page was reached
at and where its forms post, the table's seats (``seat_name`` and ``seat_color``) and exactly the
values it is given (plain data: JSON types), and kept in a memory of this process bounded in bytes.
It is rendered from those values, ``seat_name``, ``seat_color`` and ``t`` (a msgid in the key's
language) alone: every other name of the fragment refuses any use there (:data:`PRIVATE`: it cannot
be printed, tested, compared or iterated), so a block that reads the public view it was not given,
or ``me``, ``seat``, ``log``, ``is_host``, the CSRF token, the request, session or ``g``, fails to
render instead of sharing bytes its key does not account for. A template passes only public values
(a seat id, a counter, a revealed prompt, the last reveal's public lines), never a private view's:
tests/security/test_public_block.py checks that a sealed answer never enters the memory.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, NoReturn

from flask import current_app, request
from flask_babel import get_locale
from markupsafe import Markup

from ..bounded import SizedLRU
from .i18n_web import translate

#: the names of a fragment's context bound to :data:`PRIVATE` while a public block renders (the
#: public view's names too: a block reads only the values in its key)
REFUSED_NAMES = ("view", "table", "reveal", "me", "seat", "log", "is_host", "csrf_token", "request",
                 "session", "g", "undo_preview")
#: bytes of blocks and their keys kept per process (a block is 1-4 KB of markup)
MAX_BYTES = 8 * 2**20

_blocks: SizedLRU[tuple[str, ...], Markup] = SizedLRU(MAX_BYTES)


class PrivateName:
    """What a name outside a public block's key reads as inside it: any use of it is an error."""

    def _refuse(self, *_args: Any, **_kwargs: Any) -> NoReturn:
        raise RuntimeError("a public block read a private name or one outside its key "
                           "(companion/web/public_block.py)")

    __str__ = __html__ = __bool__ = __iter__ = __len__ = __getattr__ = __getitem__ = _refuse
    __eq__ = __ne__ = __hash__ = __contains__ = __call__ = __lt__ = __gt__ = _refuse


PRIVATE = PrivateName()


def public_blocks(public: dict[str, Any], act_url: str) -> Callable[..., Markup]:
    """``public_block(template, **values)`` for one fragment's context: ``public`` holds its
    ``table`` (whose seats are part of every key), ``seat_name`` and ``seat_color``; ``act_url``,
    where the page's forms post, is part of the key (the same for every device of the table)."""
    names = {"seat_name": public["seat_name"], "seat_color": public["seat_color"], "t": translate}
    where: list[tuple[str, ...]] = []  # the key's part that is the same for every block of the fragment

    def public_block(template: str, **values: Any) -> Markup:
        if any(isinstance(v, (Markup, PrivateName)) or callable(v) for v in values.values()):
            raise TypeError("a public block takes plain data (companion/web/public_block.py)")
        if not where:
            seats = [(s["id"], s["label"], s["name"], s["color"]) for s in public["table"]["seats"]]
            where.append((str(get_locale()), act_url, request.script_root, request.scheme, request.host,
                          json.dumps(seats, ensure_ascii=False)))
        key = (template, *where[0], json.dumps(values, sort_keys=True, separators=(",", ":"), ensure_ascii=False))
        found = _blocks.get(key)
        if found is None:
            context: dict[str, Any] = dict.fromkeys(REFUSED_NAMES, PRIVATE)
            context.update(values, **names)
            found = Markup(current_app.jinja_env.get_template(template).render(context))
            _blocks.put(key, found)
        return found

    return public_block


def shared_blocks() -> list[Markup]:
    """What the blocks' memory holds (for tests)."""
    return _blocks.values()
