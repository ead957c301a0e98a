"""Rate limits of keyless page views, per client address and per site: token buckets kept in
this process's memory (a second `serve` process keeps its own, so the bound is per process)."""

from __future__ import annotations

import math
import threading
from dataclasses import dataclass

MAX_BUCKETS = 100_000
"""Buckets kept before the full ones are forgotten: bounds memory under a flood of addresses."""


@dataclass(slots=True)
class _Bucket:
    tokens: float
    at: float


class TokenBuckets:
    """`per_minute` events per key, with a burst of the same size; thread-safe."""

    def __init__(self, per_minute: int) -> None:
        self.capacity = float(per_minute)
        self.rate = per_minute / 60.0
        self._buckets: dict[str, _Bucket] = {}
        self._lock = threading.Lock()

    def take(self, key: str, n: int, now: float) -> float:
        """Take `n` tokens for `key` at monotonic time `now`; returns 0 when granted, else the
        seconds until they would be (nothing is taken then)."""
        with self._lock:
            bucket = self._buckets.get(key)
            if bucket is None:
                if len(self._buckets) >= MAX_BUCKETS:
                    self._forget_full(now)
                bucket = self._buckets[key] = _Bucket(self.capacity, now)
            bucket.tokens = min(self.capacity, bucket.tokens + (now - bucket.at) * self.rate)
            bucket.at = now
            if bucket.tokens >= n:
                bucket.tokens -= n
                return 0.0
            return (n - bucket.tokens) / self.rate if n <= self.capacity else math.inf

    def _forget_full(self, now: float) -> None:
        for key in [k for k, b in self._buckets.items() if b.tokens + (now - b.at) * self.rate >= self.capacity]:
            del self._buckets[key]
