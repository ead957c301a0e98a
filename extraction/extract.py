"""The assembler: one call per field function, each value recorded with its source.

`now` is the only notion of time extraction has, and it is a parameter: the worker passes
the render time, so future dates and expired pages are judged against the moment the page was
seen. Without it (a stored snapshot re-extracted, a static file) the future-date check and the
expiry rule are skipped, and the profile depends on the page alone.

Each field function runs once: those with validation rules return a `Choice`, whose value and
rejections both go into the profile, so no priority walk is repeated for its rejections.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, TypeVar

from extraction import (
    articleid,
    authors,
    canonical,
    comments,
    contentlayer,
    customfields,
    descriptions,
    images,
    language,
    maintext,
    overrides,
    pageclass,
    pubtimes,
    recommendation,
    soft404,
    titles,
)
from extraction.dateparse import to_utc
from extraction.document import parse
from extraction.found import Choice, Found
from extraction.maintext import MainText
from values.profile import ContentProfile
from values.rendered import RenderedPage

T = TypeVar("T")


def extract(page: RenderedPage, now: datetime | None = None) -> ContentProfile:
    """The content profile of one page. `now` (aware; naive is taken as UTC) enables the
    "more than two days in the future" rule and the expiry rule."""
    return _extract(page, now)[0]


def extract_explained(page: RenderedPage, now: datetime | None = None) -> tuple[ContentProfile, str]:
    """The profile and the report of how its main text was chosen (`extract --explain`), both
    from one extraction: the blocks are scored once."""
    profile, text = _extract(page, now)
    return profile, maintext.render_explanation(text)


def extract_html(html: str, url: str, now: datetime | None = None) -> ContentProfile:
    """The same profile from HTML alone (no layout, no scripts run)."""
    return extract(RenderedPage.from_html(html, url), now)


def _extract(page: RenderedPage, now: datetime | None) -> tuple[ContentProfile, MainText]:
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
    # The fields with validation rules, in the order their rejections are listed in the profile.
    canonical_url = canonical.canonical_url(doc)
    keywords = descriptions.keywords(doc)
    page_class_choice = pageclass.page_class(doc)
    published = pubtimes.published_time(doc, now)
    modified = pubtimes.modified_time(doc, now)
    article_id = articleid.article_id(doc)
    fields = customfields.custom_fields(doc)
    expiration = recommendation.expiration_time(doc)
    image = images.dominant_image(doc)
    count = comments.comment_count(doc, text)
    validated: tuple[Choice[Any], ...] = (
        canonical_url, keywords, page_class_choice, published, modified, article_id, fields, expiration, image, count)

    page_class = take("page_class", page_class_choice.found)
    is_soft_404 = take("soft_404", soft404.soft_404(doc, body_words))
    override_values = take("overrides", overrides.overrides(doc), {})
    expires = take("expiration_time", expiration.found)
    recommendable = take("recommendable", recommendation.recommendable(
        recommendation.recommendable_flag(doc), page_class, expires, is_soft_404, now))
    layer, layer_sources = contentlayer.content_datalayer(doc)
    sources.update(layer_sources)
    profile = ContentProfile(
        url=page.final_url,
        canonical_url=take("canonical_url", canonical_url.found),
        title=take("title", titles.title(doc)),
        description=take("description", descriptions.description(doc)),
        keywords=take("keywords", keywords.found, ()),
        body=text.body,
        sections=text.sections,
        page_class=page_class,
        published_time=take("published_time", published.found),
        modified_time=take("modified_time", modified.found),
        article_id=take("article_id", article_id.found),
        authors=take("authors", authors.authors(doc), ()),
        image=take("image", image.found),
        fields=take("fields", fields.found, ()),
        overrides=override_values,
        categories=overrides.categories(override_values.get("taxonomy", ())),
        recommendable=recommendable,
        expiration_time=expires,
        recommending=take("recommending", recommendation.recommending(doc), True),
        datalayer=layer,
        language=take("language", language.language(doc, text.body)),
        soft_404=is_soft_404,
        comment_count=take("comment_count", count.found),
        sources=sources,
        rejections=tuple(rejection for choice in validated for rejection in choice.rejections),
    )
    return profile, text
