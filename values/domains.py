"""The public-suffix list, one for the process: the extractor and the renderer's blocking both
split hosts at their public suffix, and each parse of tldextract's bundled snapshot costs a
one-page command about 0.03 CPU-s."""

from __future__ import annotations

import tldextract

PUBLIC_SUFFIXES = tldextract.TLDExtract(suffix_list_urls=(), cache_dir=None)
"""The public-suffix snapshot shipped with tldextract, parsed on first use; never fetched (no I/O)."""
