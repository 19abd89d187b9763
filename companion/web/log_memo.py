"""Log lines rendered once per language and content (issue #27).

Every fragment of a table shows the same recent log lines (a phone 15, the TV 30), and every change
re-renders every fragment: a line was rendered again and again, about a third of a phone's render.
A line's markup (``base/_log_item.html``) is a pure function of the language and of the line as the
device reads it (its kind, message, parameters and undone lines, from ``Tables.log_view``): a secret
line a device may not read yet *is* a different line (its hidden form), so two devices share a
rendering only when they read the same text. The memo is keyed by exactly that, bounded in bytes
with its keys (a line's parameters can be long: a ruling, a prompt's title), and holds no table, seat
or token: only text that was rendered for some device reading that same line.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from markupsafe import Markup

from ..bounded import SizedLRU

#: bytes of lines and their keys kept per process (a line's markup is ~100 characters, its key ~200)
MAX_BYTES = 8 * 2**20

_memo: SizedLRU[tuple[str, ...], Markup] = SizedLRU(MAX_BYTES)


def line_key(entry: dict[str, Any]) -> str:
    """What a line's markup depends on besides the language (``seq``/``actor`` are not shown)."""
    return json.dumps(_content(entry), sort_keys=True, separators=(",", ":"), default=str)


def log_line(entry: dict[str, Any], render: Callable[[dict[str, Any]], Markup], lang: str) -> Markup:
    """``render(entry)`` (the ``log_item`` macro), from memory when language ``lang`` already
    rendered a line with the same content."""
    key = (lang, line_key(entry))
    found = _memo.get(key)
    if found is not None:
        return found
    body = render(entry)
    _memo.put(key, body)
    return body


def _content(entry: dict[str, Any]) -> list[Any]:
    return [entry.get("kind"), entry.get("msg"), entry.get("params"), entry.get("undone")]


def log_lines(entries: list[dict[str, Any]], render: Callable[[dict[str, Any]], Markup], lang: str) -> Markup:
    """The lines of a log list, newest first (``entries`` are oldest first, as ``log_view`` gives
    them): each one's markup from :func:`log_line`. Every item is already markup, so joining
    escapes nothing and trusts nothing new.

    The whole list is kept too, keyed by the language and every line's content (as
    :func:`line_key`, in one encoding): the seven pages of a table mostly read the same lines at
    a version, and one key for the list costs a fifteenth of fifteen keys (issue 41)."""
    key = ("list", lang, json.dumps([_content(e) for e in entries], sort_keys=True, separators=(",", ":"),
                                     default=str))
    found = _memo.get(key)
    if found is None:
        found = Markup("").join(log_line(entry, render, lang) for entry in reversed(entries))
        _memo.put(key, found)
    return found
