"""Shared fixtures: the demo site and an analytics stand-in on loopback, and render settings
that map third-party hosts to that stand-in so a test can prove a request never left."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator

import pytest

from demosite.server import ConnectionLogger, DemoSite
from render.settings import RenderSettings

LOOPBACK = ["127.0.0.0/8", "::1"]
os.environ["RENDERCRAWL_ALLOW_TARGETS"] = json.dumps(LOOPBACK)
os.environ["RENDERCRAWL_ACCEPT_UNREGISTERED_HOSTS"] = "true"
os.environ.setdefault("RENDERCRAWL_NATIVE", "0")
"""Every fixture site is served on loopback, which the crawler refuses by default
(`values/targets.py`), and most tests view pages of hosts nobody registered, which the
commands refuse by default: the tests allow both explicitly, for themselves and the commands
they run. The tests of the refusals set their own values. Extraction runs as Python sources
(tests replace module functions to count calls); tests/extraction/test_native.py checks that
the compiled build extracts the same."""

ANALYTICS_HOSTS = ("www.google-analytics.com", "www.googletagmanager.com", "stats.g.doubleclick.net")


@pytest.fixture(scope="session")
def demo_site() -> Iterator[DemoSite]:
    with DemoSite() as site:
        yield site


@pytest.fixture(scope="session")
def analytics_logger() -> Iterator[ConnectionLogger]:
    with ConnectionLogger() as logger:
        yield logger


@pytest.fixture(scope="session")
def render_settings(analytics_logger: ConnectionLogger) -> RenderSettings:
    """Settings for tests: analytics hosts resolve to the loopback logger (were they not
    blocked, their requests would arrive there), every other name resolves nowhere. The settle
    rule is the production default: what the tests catch, production catches."""
    rules = [f"MAP {host} 127.0.0.1:{analytics_logger.port}" for host in ANALYTICS_HOSTS]
    rules.append("EXCLUDE 127.0.0.1")
    rules.append("MAP * ~NOTFOUND")
    return RenderSettings(resolver_rules=", ".join(rules), settle_cap_ms=3000)
