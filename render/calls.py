"""Every call into a page runs under a deadline: Playwright's own timeouts do not cover a hung
driver, so `bounded()` also enforces one with `asyncio.wait_for`."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import TypeVar

T = TypeVar("T")


class PageCallTimeout(Exception):
    """A call into the page outlived its deadline."""


async def bounded(awaitable: Awaitable[T], timeout_ms: int) -> T:
    try:
        return await asyncio.wait_for(awaitable, timeout_ms / 1000)
    except TimeoutError as error:
        raise PageCallTimeout(f"page call exceeded {timeout_ms} ms") from error
