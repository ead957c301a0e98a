"""The assembler: one call per field function, each value recorded with its source.

`now` is the only notion of time extraction has, and it is a parameter: the worker passes
the render time, so future dates and expired pages are judged against the moment the page was
seen. Without it (a stored snapshot re-extracted, a static file) the future-date check and the
expiry rule are skipped, and the profile depends on the page alone.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, TypeVar

from extraction import (
    articleid,
    authors,
    canonical,
    contentlayer,
    customfields,
    dates,
    descriptions,
    images,
    language,
    maintext,
    overrides,
    pageclass,
    recommendation,
    soft404,
    titles,
)
from extraction.datetimes import to_utc
from extraction.document import Document, parse
from extraction.found import Found
from extraction.profile import ContentProfile, Rejection
from render.model import RenderedPage

T = TypeVar("T")


def extract(page: RenderedPage, now: datetime | None = None) -> ContentProfile:
    """The content profile of one page. `now` (aware; naive is taken as UTC) enables the
    "more than two days in the future" rule and the expiry rule."""
    now = to_utc(now) if now is not None else None
    doc = parse(page)
    sources: dict[str, str] = {}

    def take(name: str, found: Found[T] | None, default: Any = None) -> Any:
        if found is None:
            return default
        sources[name] = found.source
        return found.value

    text = maintext.main_text(doc)
    if text.body:
        sources["body"] = text.source
    body_words = len(text.body.split())
    page_class = take("page_class", pageclass.page_class(doc))
    is_soft_404 = take("soft_404", soft404.soft_404(doc, body_words))
    override_values = take("overrides", overrides.overrides(doc), {})
    expires = take("expiration_time", recommendation.expiration_time(doc))
    recommendable = take("recommendable", recommendation.recommendable(
        recommendation.recommendable_flag(doc), page_class, expires, is_soft_404, now))
    layer, layer_sources = contentlayer.content_datalayer(doc)
    sources.update(layer_sources)
    return ContentProfile(
        url=page.final_url,
        canonical_url=take("canonical_url", canonical.canonical_url(doc)),
        title=take("title", titles.title(doc)),
        description=take("description", descriptions.description(doc)),
        keywords=take("keywords", descriptions.keywords(doc), ()),
        body=text.body,
        sections=text.sections,
        page_class=page_class,
        published_time=take("published_time", dates.published_time(doc, now)),
        modified_time=take("modified_time", dates.modified_time(doc, now)),
        article_id=take("article_id", articleid.article_id(doc)),
        authors=take("authors", authors.authors(doc), ()),
        image=take("image", images.dominant_image(doc)),
        fields=take("fields", customfields.custom_fields(doc), ()),
        overrides=override_values,
        categories=overrides.categories(override_values.get("taxonomy", ())),
        recommendable=recommendable,
        expiration_time=expires,
        recommending=take("recommending", recommendation.recommending(doc), True),
        datalayer=layer,
        language=take("language", language.language(doc, text.body)),
        soft_404=is_soft_404,
        sources=sources,
        rejections=rejections(doc, now),
    )


def rejections(doc: Document, now: datetime | None) -> tuple[Rejection, ...]:
    """Every value a validation rule refused, field by field."""
    return (
        canonical.rejections(doc) + descriptions.rejections(doc) + pageclass.rejections(doc)
        + dates.rejections(doc, now) + articleid.rejections(doc) + customfields.rejections(doc)
        + recommendation.rejections(doc)
    )


def extract_html(html: str, url: str, now: datetime | None = None) -> ContentProfile:
    """The same profile from HTML alone (no layout, no scripts run)."""
    return extract(RenderedPage.from_html(html, url), now)
