"""Dominant image: `cXenseParse:image`, `og:image`, else the visually dominant image.

The visual choice uses what only the browser knows: each image's rendered size, position and
visibility, and its natural size once loaded. Width and height always come from the image as it
loaded (natural size), which is why a rendering crawler can report sizes the HTML never states;
a declared image the page never showed is measured by the render after the snapshot
(`RenderedPage.probed_image`), and its source then ends in `;size=probe:<method>`.
A page parsed without a browser falls back to the first suitable `<img>` of the article.
"""

from __future__ import annotations

import re
from urllib.parse import urljoin, urlsplit

from lxml import etree

from extraction.document import Document
from extraction.found import Choice, Found, Invalid, first_valid
from extraction.zones import article_zone, inside
from values.profile import DominantImage
from values.rendered import Image

META_KEYS = ("cxenseparse:image", "og:image")
"""Declared images, highest priority first."""

MIN_DOMINANT_SIDE_PX = 100
"""Rendered (or declared) images narrower or shorter than this are icons, logos or pixels."""

MAX_ASPECT_RATIO = 4.0
"""Wider than 4:1 (or taller than 1:4) is a banner, a divider or a skyscraper ad."""

IN_ARTICLE_WEIGHT = 3.0
"""How much more an image inside the headline's container counts than one elsewhere."""

NOT_CONTENT = re.compile(
    r"logo|icon|avatar|sprite|banner|pixel|tracking|spacer|badge|emoji|\bads?\b|advert|doubleclick|gravatar",
    re.IGNORECASE)
"""Words in an image's URL, alt, class or id that mark it as page furniture or advertising."""

CHROME_TAGS = frozenset({"header", "nav", "footer", "aside"})
"""Images inside these are site furniture, not the story's picture."""

ACCEPTED_SCHEMES = ("http", "https")


def dominant_image(doc: Document) -> Choice[DominantImage]:
    """The declared image first (the spec's order), else the rendered lead picture, else the
    static one; declared values refused on the way (a `data:` URL) are the walk's rejections,
    kept in the profile like every validated field's."""
    loaded = {img.url: img for img in doc.page.images}

    def convert(raw: str) -> DominantImage | Invalid | None:
        checked = check_declared(doc, raw)
        if not isinstance(checked, str):
            return checked
        return DominantImage(checked, *_natural_size(loaded.get(checked)))

    candidates = ((key, value) for key in META_KEYS for value in doc.meta_values(key))
    walk = first_valid("image", candidates, convert)
    if walk.found is not None:
        return Choice(_with_probed_size(doc, walk.found), walk.rejections)
    return Choice(_rendered(doc) or _static(doc), walk.rejections)


def check_declared(doc: Document, raw: str) -> str | Invalid | None:
    """A declared image's absolute URL, `Invalid` when it cannot be one (a `data:` URL), None
    when empty. Shared with `--explain`, which shows why a declared image was refused."""
    if not raw.strip():
        return None
    url = urljoin(doc.url, raw.strip())
    if urlsplit(url).scheme not in ACCEPTED_SCHEMES:
        return Invalid("not an http(s) URL")
    return url


def _with_probed_size(doc: Document, found: Found[DominantImage]) -> Found[DominantImage]:
    """A declared image no `<img>` showed gets the size the render measured after the
    snapshot; the source then says so (`og:image;size=probe:fetch`)."""
    probed = doc.page.probed_image
    image = found.value
    if image.width is not None or probed is None or probed.url != image.url:
        return found
    return Found(DominantImage(image.url, probed.width, probed.height), f"{found.source};size=probe:{probed.method}")


def _rendered(doc: Document) -> Found[DominantImage] | None:
    """The largest visible content image, weighted towards the article."""
    best: tuple[float, Image] | None = None
    for img, reason, score in rendered_verdicts(doc):
        if reason is None and (best is None or score > best[0]):
            best = (score, img)
    if best is None:
        return None
    return Found(DominantImage(best[1].url, *_natural_size(best[1])), "rendered")


def _static(doc: Document) -> Found[DominantImage] | None:
    """Without a browser: the first `<img>` of the article that does not look like furniture."""
    if doc.page.images:
        return None
    zone = article_zone(doc)
    if zone is None:
        return None
    for el in zone.iter("img"):
        src = el.get("src") or el.get("data-src") or ""
        url = urljoin(doc.url, src.strip()) if src.strip() else ""
        if not url or urlsplit(url).scheme not in ACCEPTED_SCHEMES or _furniture(el, url):
            continue
        sizes = [int(v) for v in (el.get("width"), el.get("height")) if v and v.isdigit()]
        if any(side < MIN_DOMINANT_SIDE_PX for side in sizes):
            continue
        return Found(DominantImage(url), "html")
    return None


def not_content_reason(img: Image, el: etree._Element | None, doc: Document) -> str | None:
    """Why a rendered image cannot be the dominant one (None: it can): hidden, icon-sized,
    banner-shaped, an overlay, or page furniture (logo, avatar, sprite, an image in the
    masthead or sidebar). Shared by the choice and by `--explain`, so both say the same."""
    if not img.visible:
        return "hidden"
    if min(img.width, img.height) < MIN_DOMINANT_SIDE_PX:
        return f"shown at {img.width:.0f}x{img.height:.0f}, under {MIN_DOMINANT_SIDE_PX}px: an icon or logo"
    if img.natural_width and min(img.natural_width, img.natural_height) < MIN_DOMINANT_SIDE_PX:
        return f"file is {img.natural_width}x{img.natural_height}, under {MIN_DOMINANT_SIDE_PX}px"
    if max(img.width, img.height) > MAX_ASPECT_RATIO * min(img.width, img.height):
        return f"wider or taller than {MAX_ASPECT_RATIO:.0f}:1: a banner"
    hint = NOT_CONTENT.search(f"{img.url} {img.alt}")
    if hint:
        return f"furniture ({hint.group(0).lower()!r} in its URL or alt)"
    if el is None:
        return None
    box = doc.box(el)
    if box is not None and box.overlay:
        return "inside an overlay"
    return "page furniture (masthead, sidebar, logo or avatar markup)" if _furniture(el, img.url) else None


def rendered_verdicts(doc: Document) -> list[tuple[Image, str | None, float]]:
    """Each rendered image with why it cannot be dominant (None: it can) and its score (the
    shown area, `IN_ARTICLE_WEIGHT` times more inside the article), for `--explain`."""
    if not doc.page.images:  # a static page, or one that showed no image: no element to look up
        return []
    elements = doc.node_ids()
    zone = article_zone(doc)
    out = []
    for img in doc.page.images:
        el = elements.get(img.node_id)
        reason = not_content_reason(img, el, doc)
        score = img.width * img.height
        if el is not None and zone is not None and inside(el, zone):
            score *= IN_ARTICLE_WEIGHT
        out.append((img, reason, score if reason is None else 0.0))
    return out


def _furniture(el: etree._Element, url: str) -> bool:
    hints = [url, el.get("alt", ""), el.get("class", ""), el.get("id", "")]
    for ancestor in el.iterancestors():
        if ancestor.tag in CHROME_TAGS:
            return True
        hints.append(f"{ancestor.get('class', '')} {ancestor.get('id', '')}")
        if ancestor.tag in ("article", "main", "body"):
            break
    return bool(NOT_CONTENT.search(" ".join(hints)))


def _natural_size(img: Image | None) -> tuple[int | None, int | None]:
    if img is None or not img.natural_width:
        return None, None
    return img.natural_width, img.natural_height
