"""Dominant image: cXenseParse:image, og:image, else the largest visible rendered image.

Width and height always come from the image as it loaded in the browser (natural size), which
is why a rendering crawler can report sizes that the HTML never states.
"""

from __future__ import annotations

from urllib.parse import urljoin

from extraction.document import Document
from extraction.found import Found
from extraction.profile import DominantImage
from render.model import Image

MIN_DOMINANT_SIDE_PX = 100
"""Rendered images narrower or shorter than this are icons, logos or pixels, never dominant."""


def dominant_image(doc: Document) -> Found[DominantImage] | None:
    loaded = {img.url: img for img in doc.page.images}
    for key in ("cxenseparse:image", "og:image"):
        value = doc.first_meta(key)
        if value:
            url = urljoin(doc.url, value)
            img = loaded.get(url)
            return Found(DominantImage(url, *_natural_size(img)), key)
    candidates = [
        img for img in doc.page.images
        if img.visible and min(img.width, img.height) >= MIN_DOMINANT_SIDE_PX
    ]
    if not candidates:
        return None
    best = max(candidates, key=lambda img: img.width * img.height)
    return Found(DominantImage(best.url, *_natural_size(best)), "rendered")


def _natural_size(img: Image | None) -> tuple[int | None, int | None]:
    if img is None or not img.natural_width:
        return None, None
    return img.natural_width, img.natural_height
