"""Slow third-party hosts: blocked for a while once they keep timing out.

The crawling policy reserves the right to block "external resources residing on slow or
irresponsive domains (where loading would significantly slow down crawler throughput)". A host
earns a strike each time one of its requests outlives the subresource budget (or fails with a
timeout); `strikes` within `window_s` block it for `block_s`. The clock is injected so the
policy is tested without sleeping. A crawler meets a long tail of third-party hosts over weeks:
a host whose strikes all fell out of the window is forgotten, so the state holds only hosts
seen timing out recently.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable


class SlowHosts:
    """Strike counts and temporary blocks; one instance per Renderer (shared by its pages)."""

    def __init__(self, strikes: int, window_s: float, block_s: float,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._strikes_needed = strikes
        self._window_s = window_s
        self._block_s = block_s
        self._clock = clock
        self._strikes: dict[str, deque[float]] = {}
        self._blocked_until: dict[str, float] = {}

    def record_timeout(self, host: str) -> bool:
        """Count one timeout of `host`; True if this strike blocked it."""
        now = self._clock()
        strikes = self._strikes.setdefault(host, deque())
        strikes.append(now)
        while strikes and strikes[0] < now - self._window_s:
            strikes.popleft()
        if len(strikes) >= self._strikes_needed and host not in self._blocked_until:
            self._blocked_until[host] = now + self._block_s
            strikes.clear()
            return True
        return False

    def blocked(self) -> frozenset[str]:
        """Hosts blocked now; expired blocks and strikes are dropped (the host gets a fresh start)."""
        now = self._clock()
        for host in [h for h, until in self._blocked_until.items() if until <= now]:
            del self._blocked_until[host]
        for host in [h for h, strikes in self._strikes.items() if not strikes or strikes[-1] < now - self._window_s]:
            del self._strikes[host]
        return frozenset(self._blocked_until)

    @property
    def hosts_tracked(self) -> int:
        """Hosts with a strike or a block still on record."""
        return len(self._strikes.keys() | self._blocked_until.keys())
