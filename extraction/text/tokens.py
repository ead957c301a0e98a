"""Word tokens: what two texts are compared in (the peer's body against ours, a label against its sibling)."""

from __future__ import annotations

import re

WORD = re.compile(r"\w+")
"""A word token: a run of letters, digits and underscores."""
