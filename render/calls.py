"""Every call into a page runs under a deadline: Playwright's own timeouts do not cover a hung
driver, so `bounded()` also enforces one with `asyncio.timeout`.

`asyncio.timeout` rather than `asyncio.wait_for`: the call runs in the caller's own task, where
`wait_for` (Python 3.11) wraps each in a task of its own (~22 calls a page; 9.8 against 17.6 us
a call, docs/lab/2026-12-07-s32-render.md), and a cancellation of the caller is never dropped."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import TypeVar

T = TypeVar("T")


class PageCallTimeout(Exception):
    """A call into the page outlived its deadline."""


async def bounded(awaitable: Awaitable[T], timeout_ms: int) -> T:
    try:
        async with asyncio.timeout(timeout_ms / 1000):
            return await awaitable
    except TimeoutError as error:
        raise PageCallTimeout(f"page call exceeded {timeout_ms} ms") from error
