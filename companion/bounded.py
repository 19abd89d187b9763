"""A cache that counts what it holds, keys included: a budget in bytes, least recently used first out.

A cache bounded by entry count, or by the size of its values alone, is bounded only as long as its
keys stay small; a key built from what a request sends is not (issue #39: the fragment cache keyed
by the whole query string held 152.9 MB against its 24 MB budget, filled by ``?k=<8,000 letters>``).
Here every entry costs its key, its value and the slot that holds them, as Python measures them
(``sys.getsizeof``, through tuples), and the total never passes ``max_bytes``. One lock guards it
(greenlets and test threads share a cache); nothing is computed while it is held but sizes.
"""

from __future__ import annotations

import sys
import threading
from collections import OrderedDict
from collections.abc import Hashable
from typing import Any, Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")
#: what one entry costs besides its key and value: the dict slot and links of the LRU order, and the
#: (value, size) pair it is kept in (measured: ~100-150 bytes on CPython 3.11; rounded up)
ENTRY_BYTES = 200


def size_of(value: Any) -> int:
    """Bytes a value takes, its items included for the containers a key or value is built from."""
    size = sys.getsizeof(value)
    if isinstance(value, (tuple, list, frozenset, set)):
        size += sum(size_of(item) for item in value)
    elif isinstance(value, dict):
        size += sum(size_of(k) + size_of(v) for k, v in value.items())
    return size


class SizedLRU(Generic[K, V]):
    """Entries kept while their bytes (keys included) fit ``max_bytes``; least recently used out."""

    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = max_bytes
        self._entries: OrderedDict[K, tuple[V, int]] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        with self._lock:
            found = self._entries.get(key)
            if found is None:
                return None
            self._entries.move_to_end(key)
            return found[0]

    def put(self, key: K, value: V) -> bool:
        """Keep ``value`` under ``key`` (replacing what it held); False when the entry alone is
        over the budget (nothing is kept then)."""
        cost = size_of(key) + size_of(value) + ENTRY_BYTES
        if cost > self.max_bytes:
            return False
        with self._lock:
            old = self._entries.pop(key, None)
            if old is not None:
                self._bytes -= old[1]
            self._entries[key] = (value, cost)
            self._bytes += cost
            while self._bytes > self.max_bytes:
                _, (_, dropped) = self._entries.popitem(last=False)
                self._bytes -= dropped
        return True

    def values(self) -> list[V]:
        """Every value held, least recently used first (tests look into a cache with it)."""
        with self._lock:
            return [value for value, _size in self._entries.values()]

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self._bytes = 0

    def __len__(self) -> int:
        return len(self._entries)

    @property
    def bytes(self) -> int:
        """What the entries take, keys included, as counted against the budget."""
        return self._bytes
