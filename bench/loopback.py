"""What every benchmark that renders the demo site shares: it is served on loopback.

Crawls refuse internal targets by default (`values/targets.py`); the benchmarks, like the
tests and the demo, allow loopback explicitly, for themselves and the processes they start."""

from __future__ import annotations

import json
import os

LOOPBACK_ONLY = "MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"
"""Chromium resolver rules: every name resolves nowhere, except loopback."""

os.environ.setdefault("RENDERCRAWL_ALLOW_TARGETS", json.dumps(["127.0.0.0/8", "::1"]))
