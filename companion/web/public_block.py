"""Public blocks: the parts of a phone's fragment that every seat sees alike, rendered once per
table version, language and address and shared by every phone of the table (issue 41).

At a reveal or a new bid the seven pages of a table render at the same version; the generic phone's
dice, new-bid form and last reveal are about 40% of its markup and the same on every phone. A game's
seat template asks for such a block with ``{{ public_block("game/_seat_public.html") }}``.

Nothing private may be shared between devices: the block is rendered from the public view only
(``view``, ``table``, ``seat_name``, ``seat_color``, ``reveal``), never with the device's context.
The names that hold private data in a fragment (``me``, ``seat``, ``log``, ``is_host``, the CSRF
token, the request, session and ``g``) are bound to :data:`PRIVATE`, which refuses to be printed,
tested, compared or iterated: a block that reads one fails to render instead of sharing it
(tests/security/test_public_block.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NoReturn

from flask import current_app, request
from flask_babel import get_locale
from markupsafe import Markup

from ..tables import Snapshot

#: the fragment context's names a public block may read (everything else it gets is a global)
PUBLIC_NAMES = ("view", "table", "seat_name", "seat_color", "reveal")
#: the names bound to :data:`PRIVATE` while a public block renders
PRIVATE_NAMES = ("me", "seat", "log", "is_host", "csrf_token", "request", "session", "g", "undo_preview")


class PrivateName:
    """What a private name reads as inside a public block: any use of it is an error."""

    def _refuse(self, *_args: Any, **_kwargs: Any) -> NoReturn:
        raise RuntimeError("a public block read a private name (companion/web/public_block.py)")

    __str__ = __html__ = __bool__ = __iter__ = __len__ = __getattr__ = __getitem__ = _refuse
    __eq__ = __ne__ = __hash__ = __contains__ = __call__ = __lt__ = __gt__ = _refuse


PRIVATE = PrivateName()


def public_blocks(snap: Snapshot, public: dict[str, Any], act_url: str) -> Callable[[str], Markup]:
    """``public_block(template)`` for one fragment's context: ``public`` holds the fragment's
    public names (:data:`PUBLIC_NAMES`), which is all the block is rendered with; ``act_url``, where
    the page's forms post, is part of the key (the same for every device of the table)."""
    context = {name: public[name] for name in PUBLIC_NAMES}
    context.update(dict.fromkeys(PRIVATE_NAMES, PRIVATE))

    def public_block(template: str) -> Markup:
        key = "\x1f".join(("public_block", template, str(get_locale()), act_url, request.script_root,
                            request.scheme, request.host))
        found: Markup | None = snap.memo.get(key)
        if found is None:
            found = snap.memo[key] = Markup(current_app.jinja_env.get_template(template).render(context))
        return found

    return public_block
