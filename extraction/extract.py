"""The assembler: one call per field function, each value recorded with its source."""

from __future__ import annotations

from extraction import authors as authors_mod
from extraction import canonical, dates, descriptions, images, maintext, pageclass, titles
from extraction.document import parse
from extraction.found import Found
from extraction.profile import ContentProfile
from render.model import RenderedPage


def extract(page: RenderedPage) -> ContentProfile:
    doc = parse(page)
    sources: dict[str, str] = {}

    def take(name: str, found: Found | None, default=None):
        if found is None:
            return default
        sources[name] = found.source
        return found.value

    text = maintext.main_text(doc)
    if text.body:
        sources["body"] = text.source
    page_class = take("page_class", pageclass.page_class(doc, len(text.body.split())))
    return ContentProfile(
        url=page.final_url,
        canonical_url=take("canonical_url", canonical.canonical_url(doc)),
        title=take("title", titles.title(doc)),
        description=take("description", descriptions.description(doc)),
        body=text.body,
        sections=text.sections,
        page_class=page_class,
        published_time=take("published_time", dates.published_time(doc)),
        modified_time=take("modified_time", dates.modified_time(doc)),
        authors=take("authors", authors_mod.authors(doc), ()),
        image=take("image", images.dominant_image(doc)),
        recommendable=page_class != "frontpage",
        sources=sources,
    )


def extract_html(html: str, url: str) -> ContentProfile:
    """The same profile from HTML alone (no layout, no scripts run)."""
    return extract(RenderedPage.from_html(html, url))
