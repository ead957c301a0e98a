"""`profile URL --explain`: per metadata field, the value chosen and its source, the candidates
that lost and why, and the values the spec's rules rejected.

A stored profile keeps its sources and rejections; the losing candidates need the page
itself, so they are listed when a snapshot of it was kept (`extraction` re-reads it; nothing
is fetched). Pure functions: a profile (and maybe a page) in, lines of text out.
"""

from __future__ import annotations

from collections.abc import Iterator

from extraction import authors, images, pubtimes, soft404, titles
from extraction.datalayer import composer_values
from extraction.document import Document, parse
from extraction.found import Invalid, Refused
from extraction.profile import ContentProfile, iso_local
from render.model import RenderedPage

FIELDS = ("title", "published_time", "authors", "image", "soft_404", "datalayer.section", "datalayer.tags")
"""The fields explained, in the order shown."""

MAX_SHOWN_CHARS = 90
"""Candidate values are cut to this many characters on screen."""


def explain_profile(profile: ContentProfile, page: RenderedPage | None = None) -> list[str]:
    """Lines explaining each field of `profile`; losing candidates only with `page`."""
    doc = parse(page) if page is not None else None
    lines: list[str] = []
    for name in FIELDS:
        lines.append(f"{name}: {_value(profile, name)}  [source: {profile.sources.get(name, '—')}]")
        if doc is not None:
            lines += [f"    {line}" for line in _candidates(doc, name, profile)]
        lines += [f"    rejected: {r.value!r} — {r.reason}" for r in profile.rejections if r.field == name]
    if doc is None:
        lines.append("(no snapshot kept for this page: losing candidates cannot be listed)")
    return lines


def _value(profile: ContentProfile, name: str) -> str:
    match name:
        case "published_time":
            return str(iso_local(profile.published_time))
        case "authors":
            return ", ".join(profile.authors) or "—"
        case "image":
            image = profile.image
            return "—" if image is None else f"{image.url} ({image.width}x{image.height})"
        case "datalayer.section":
            return str(profile.datalayer.section)
        case "datalayer.tags":
            return ", ".join(profile.datalayer.tags) or "—"
    return str(getattr(profile, name))


def _candidates(doc: Document, name: str, profile: ContentProfile) -> Iterator[str]:
    chosen = profile.sources.get(name)
    match name:
        case "title":
            yield from _title(doc, chosen)
        case "published_time":
            yield from _published(doc, chosen)
        case "authors":
            for source, names in authors.author_levels(doc):
                kept = [n for n in names if authors.is_person(n)]
                state = "chosen" if source == chosen else ("lost: lower priority" if kept else "lost: no person")
                dropped = sorted(set(names) - set(kept))
                yield f"{source}: {', '.join(names)!s:.{MAX_SHOWN_CHARS}} — {state}" + (
                    f" (not people: {', '.join(dropped)})" if dropped else "")
        case "image":
            for key in images.META_KEYS:
                for value in doc.meta_values(key):
                    yield f"{key}: {value:.{MAX_SHOWN_CHARS}} — {'chosen' if key == chosen else 'lost'}"
            for img in doc.page.images[:5]:
                yield (f"rendered <img>: {img.url:.{MAX_SHOWN_CHARS}} {img.width:.0f}x{img.height:.0f}"
                       f"{'' if img.visible else ' hidden'}")
        case "soft_404":
            for verdict in soft404.verdicts(doc):
                yield f"{verdict.source}: {verdict.text!r:.{MAX_SHOWN_CHARS}} — {verdict.reason}"


def _title(doc: Document, chosen: str | None) -> Iterator[str]:
    layer = composer_values(doc.page.datalayer).get("title")
    offered = [("datalayer", layer)] if isinstance(layer, str) else []
    offered += [(key, v) for key in titles.META_KEYS for v in doc.meta_values(key)]
    offered += [("title", titles.title_tag(doc)), ("h1", titles.first_h1(doc))]
    for source, value in offered:
        if value:
            yield f"{source}: {value!r:.{MAX_SHOWN_CHARS}} — {'chosen' if source == chosen else 'lost'}"


def _published(doc: Document, chosen: str | None) -> Iterator[str]:
    winner_seen = False
    seen: set[tuple[str, str]] = set()
    for source, raw in pubtimes.published_candidates(doc):
        key = (source, raw.value if isinstance(raw, Refused) else raw)
        if key in seen:
            continue
        seen.add(key)
        if isinstance(raw, Refused):
            yield f"{source}: {raw.value!r:.{MAX_SHOWN_CHARS}} — refused: {raw.reason}"
            continue
        value = pubtimes.validate(raw)
        if value is None:
            continue
        if isinstance(value, Invalid):
            yield f"{source}: {raw!r:.{MAX_SHOWN_CHARS}} — invalid: {value.reason}"
            continue
        state = "lost: lower priority" if winner_seen or source != chosen else "chosen"
        winner_seen = winner_seen or state == "chosen"
        yield f"{source}: {raw!r:.{MAX_SHOWN_CHARS}} = {iso_local(value)} — {state}"
