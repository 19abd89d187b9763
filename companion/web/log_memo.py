"""Log lines rendered once per language and content (issue #27).

Every fragment of a table shows the same recent log lines (a phone 15, the TV 30), and every change
re-renders every fragment: a line was rendered again and again, about a third of a phone's render.
A line's markup (``base/_log_item.html``) is a pure function of the language and of the line as the
device reads it (its kind, message, parameters and undone lines, from ``Tables.log_view``): a secret
line a device may not read yet *is* a different line (its hidden form), so two devices share a
rendering only when they read the same text. The memo is keyed by exactly that, bounded, and holds
no table, seat or token: only text that was rendered for some device reading that same line.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from markupsafe import Markup

#: lines kept per process (a line's markup is ~100 characters)
MAX_LINES = 20_000

_memo: OrderedDict[tuple[str, str], Markup] = OrderedDict()
_lock = threading.Lock()


def line_key(entry: dict[str, Any]) -> str:
    """What a line's markup depends on besides the language (``seq``/``actor`` are not shown)."""
    return json.dumps([entry.get("kind"), entry.get("msg"), entry.get("params"), entry.get("undone")],
                      sort_keys=True, separators=(",", ":"), default=str)


def log_line(entry: dict[str, Any], render: Callable[[dict[str, Any]], Markup], lang: str) -> Markup:
    """``render(entry)`` (the ``log_item`` macro), from memory when language ``lang`` already
    rendered a line with the same content."""
    key = (lang, line_key(entry))
    with _lock:
        found = _memo.get(key)
        if found is not None:
            _memo.move_to_end(key)
            return found
    body = render(entry)
    with _lock:
        _memo[key] = body
        while len(_memo) > MAX_LINES:
            _memo.popitem(last=False)
    return body


def log_lines(entries: list[dict[str, Any]], render: Callable[[dict[str, Any]], Markup], lang: str) -> Markup:
    """The lines of a log list, newest first (``entries`` are oldest first, as ``log_view`` gives
    them): each one's markup from :func:`log_line`. Every item is already markup, so joining
    escapes nothing and trusts nothing new."""
    return Markup("").join(log_line(entry, render, lang) for entry in reversed(entries))
