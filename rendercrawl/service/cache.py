"""A small time-bounded memo for what every request asks the database and what rarely changes:
which API key is live (and whose), which host is a registered site (and its row). Without it each request
pays a pooled connection, its ping and a query before its events even reach the group commit;
with it a key is read once per `ttl` seconds. The price is that a revoked key (or a removed
site) keeps working for up to `ttl` in a running service — `ServiceSettings.key_cache_seconds`,
0 turns the memo off."""

from __future__ import annotations

import threading
import time
from collections.abc import Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

MAX_ENTRIES = 10_000
"""Entries kept before the memo starts over: bounds memory under a flood of made-up keys."""


class TtlCache(Generic[K, V]):
    """Thread-safe; a value is remembered `ttl` seconds after it was read."""

    def __init__(self, ttl: float, max_entries: int = MAX_ENTRIES) -> None:
        self.ttl, self.max_entries = ttl, max_entries
        self._entries: dict[K, tuple[float, V]] = {}
        self._lock = threading.Lock()

    def get(self, key: K) -> tuple[bool, V | None]:
        """(True, value) when `key` was read less than `ttl` ago, else (False, None)."""
        if self.ttl <= 0:
            return False, None
        with self._lock:
            entry = self._entries.get(key)
        if entry is None or time.monotonic() - entry[0] >= self.ttl:
            return False, None
        return True, entry[1]

    def put(self, key: K, value: V) -> None:
        if self.ttl <= 0:
            return
        with self._lock:
            if len(self._entries) >= self.max_entries:
                self._entries.clear()
            self._entries[key] = (time.monotonic(), value)
