"""The natural size of the page's declared image (`cXenseParse:image`, else `og:image`) when
the page never shows it, measured in the page's own context after the snapshot (which names
that image: `PageReading.declared_image`, render/snapshot.js).

The request is made from the page (`fetch`, else an `Image()`), so it passes through the same
route handlers, resolver rules and target checks as every other request of the render: a
blocked host stays blocked. It is bounded in time (`timeout_ms`, enforced in the page and
again around the call) and in bytes: the `fetch` path stops reading past `max_bytes`; an image
whose server refuses CORS is loaded as an `Image()` under the same time bound, and its size is
refused afterwards if the resource was larger than `max_bytes`. `method` records which path
measured it.
"""

from __future__ import annotations

from typing import Any

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Page

from render.calls import PageCallTimeout, bounded
from values.rendered import ProbedImage

PROBE_TIMEOUT_MS = 3000
"""How long one probe may take in the page: a thumbnail-sized file arrives well within it."""

PROBE_MAX_BYTES = 8 * 1024 * 1024
"""Largest image read to learn its size; publishers' lead images are rarely over 2 MB."""

CALL_MARGIN_MS = 1000
"""Slack around the in-page deadline for the driver's round trip."""

PROBE_JS = """async ([url, maxBytes, timeoutMs]) => {
  const viaFetch = async () => {
    const ctrl = new AbortController();
    const timer = setTimeout(() => ctrl.abort(), timeoutMs);
    try {
      const resp = await fetch(url, {mode: 'cors', credentials: 'omit', signal: ctrl.signal});
      if (!resp.ok || !resp.body) return null;
      if (Number(resp.headers.get('content-length') || 0) > maxBytes) { ctrl.abort(); return {refused: 'too large'}; }
      const reader = resp.body.getReader();
      const chunks = [];
      let n = 0;
      for (;;) {
        const {done, value} = await reader.read();
        if (done) break;
        n += value.length;
        if (n > maxBytes) { ctrl.abort(); return {refused: 'too large'}; }
        chunks.push(value);
      }
      const bitmap = await createImageBitmap(new Blob(chunks));
      return {width: bitmap.width, height: bitmap.height, method: 'fetch'};
    } finally { clearTimeout(timer); }
  };
  const viaImage = () => new Promise(resolve => {
    const img = new Image();
    const timer = setTimeout(() => { img.src = ''; resolve(null); }, timeoutMs);
    img.onload = () => {
      clearTimeout(timer);
      const entry = performance.getEntriesByName(img.currentSrc || url).pop();
      const bytes = entry ? entry.encodedBodySize : 0;
      resolve(bytes > maxBytes ? {refused: 'too large'}
                               : {width: img.naturalWidth, height: img.naturalHeight, method: 'img'});
    };
    img.onerror = () => { clearTimeout(timer); resolve(null); };
    img.src = url;
  });
  let out = null;
  try { out = await viaFetch(); } catch (e) { out = null; }
  return out === null ? await viaImage() : out;
}"""


async def probe_declared_image(page: Page, url: str | None, timeout_ms: int | None = None,
                               max_bytes: int | None = None) -> ProbedImage | None:
    """The declared image's size when the page does not show it; None when there is nothing
    to measure (no declared image, or it is shown: its `Image` already has the size) or the
    probe failed, was blocked, timed out or met a file over `max_bytes` (defaults: the module's
    bounds, read at call time)."""
    if url is None or not url.startswith(("http://", "https://")):
        return None
    return await probe_image_size(page, url, timeout_ms or PROBE_TIMEOUT_MS, max_bytes or PROBE_MAX_BYTES)


async def probe_image_size(page: Page, url: str, timeout_ms: int = PROBE_TIMEOUT_MS,
                           max_bytes: int = PROBE_MAX_BYTES) -> ProbedImage | None:
    """Load `url` in the page's context and return its natural size, or None."""
    try:
        raw = await bounded(page.evaluate(PROBE_JS, [url, max_bytes, timeout_ms]), timeout_ms + CALL_MARGIN_MS)
    except (PlaywrightError, PageCallTimeout):
        return None
    return probed_from(url, raw)


def probed_from(url: str, raw: Any) -> ProbedImage | None:
    """The in-page result as a value: sizes must be positive integers."""
    if not isinstance(raw, dict) or "refused" in raw:
        return None
    width, height, method = raw.get("width"), raw.get("height"), raw.get("method")
    if not (isinstance(width, int) and isinstance(height, int) and width > 0 and height > 0):
        return None
    return ProbedImage(url=url, width=width, height=height, method=str(method))
