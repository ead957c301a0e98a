"""Typed render failures: a render returns a `RenderedPage` or a `RenderFailure`, never raises
for something the page or the network did."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class FailureKind(StrEnum):
    """How a render failed. Each kind becomes one crawl outcome (`rendercrawl.crawl.OUTCOME_OF_FAILURE`);
    whether it is worth retrying is the scheduler's rule (`scheduler.policy.transience`)."""

    DNS = "dns_error"
    CONNECTION = "connection_error"
    TLS = "tls_error"
    TIMEOUT = "timeout"
    HTTP_ERROR = "http_error"
    REDIRECT_LOOP = "redirect_loop"
    NON_HTML = "non_html"
    BROWSER_CRASH = "browser_crash"
    BLOCKED = "blocked"
    ERROR = "error"


@dataclass(frozen=True, slots=True)
class RenderFailure:
    url: str
    kind: FailureKind
    message: str
    status: int | None = None
    final_url: str | None = None
    redirect_chain: tuple[str, ...] = ()
    content_type: str | None = None
    still_loading: tuple[str, ...] = ()
    """For a timeout: the URLs that had not finished (the navigation itself, or subresources)."""

    def __str__(self) -> str:
        return f"{self.kind.value}: {self.message}"


NET_ERRORS: tuple[tuple[str, FailureKind], ...] = (
    ("ERR_NAME_NOT_RESOLVED", FailureKind.DNS),
    ("ERR_NAME_RESOLUTION_FAILED", FailureKind.DNS),
    ("ERR_CONNECTION_REFUSED", FailureKind.CONNECTION),
    ("ERR_CONNECTION_RESET", FailureKind.CONNECTION),
    ("ERR_CONNECTION_CLOSED", FailureKind.CONNECTION),
    ("ERR_ADDRESS_UNREACHABLE", FailureKind.CONNECTION),
    ("ERR_EMPTY_RESPONSE", FailureKind.CONNECTION),
    ("ERR_CERT_", FailureKind.TLS),
    ("ERR_SSL_", FailureKind.TLS),
    ("ERR_TOO_MANY_REDIRECTS", FailureKind.REDIRECT_LOOP),
    ("ERR_BLOCKED_BY_CLIENT", FailureKind.BLOCKED),
    ("ERR_UNSAFE_PORT", FailureKind.BLOCKED),
    ("ERR_BAD_SSL_CLIENT_AUTH_CERT", FailureKind.TLS),
    ("ERR_TIMED_OUT", FailureKind.TIMEOUT),
    ("ERR_CONNECTION_TIMED_OUT", FailureKind.TIMEOUT),
    ("Timeout", FailureKind.TIMEOUT),
    ("Download is starting", FailureKind.NON_HTML),
    ("Target page, context or browser has been closed", FailureKind.BROWSER_CRASH),
    ("Target crashed", FailureKind.BROWSER_CRASH),
    ("Page crashed", FailureKind.BROWSER_CRASH),
    ("Browser has been closed", FailureKind.BROWSER_CRASH),
    ("Connection closed", FailureKind.BROWSER_CRASH),
)
"""Substrings of Playwright/Chromium error messages and the failure each means."""


def classify_error(message: str) -> FailureKind:
    for needle, kind in NET_ERRORS:
        if needle in message:
            return kind
    return FailureKind.ERROR
