"""`profile URL --explain`: per metadata field, the value chosen and its source, the candidates
that lost and why, and the values the spec's rules rejected.

A stored profile keeps its sources and rejections; the losing candidates need the page
itself, so they are listed when a snapshot of it was kept (`extraction` re-reads it; nothing
is fetched). Pure functions: a profile (and maybe a page) in, lines of text out.
"""

from __future__ import annotations

from collections.abc import Iterator

from extraction import authors, comments, images, pubtimes, soft404, titles
from extraction.document import Document, parse
from extraction.found import Invalid, Refused
from values.profile import ContentProfile, iso_local
from values.rendered import RenderedPage

FIELDS = ("title", "published_time", "authors", "image", "soft_404", "comment_count", "datalayer.section",
          "datalayer.tags")
"""The fields explained, in the order shown."""

MAX_SHOWN_CHARS = 90
"""Candidate values are cut to this many characters on screen."""

MAX_SHOWN_IMAGES = 8
"""Rendered images listed per page (a gallery page has hundreds)."""


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
            yield from _authors(doc, chosen)
        case "image":
            yield from _image(doc, chosen, profile)
        case "soft_404":
            for verdict in soft404.verdicts(doc):
                yield f"{verdict.source}: {verdict.text!r:.{MAX_SHOWN_CHARS}} — {verdict.reason}"
        case "comment_count":
            yield from _comment_count(doc, chosen)


def _title(doc: Document, chosen: str | None) -> Iterator[str]:
    """Every title level with its verdict: chosen, lost to a higher level, or refused by a
    rule (the site's name only, a `<title>` naming the domain, an `<h1>` the `<title>` does
    not contain)."""
    winner_seen = False

    def state(source: str, refused: str | None) -> str:
        nonlocal winner_seen
        if source == chosen:
            winner_seen = True
            return "chosen"
        if refused:
            return f"refused: {refused}"
        return "lost: lower priority" if winner_seen else "lost"

    for source, raw in titles.title_candidates(doc):
        value = titles.clean_title(raw)
        if not value:
            continue
        refused = "only the site's name" if titles.only_site_name(doc, titles.strip_site_name(doc, value)) else None
        yield f"{source}: {value!r:.{MAX_SHOWN_CHARS}} — {state(source, refused)}"
    tag, h1 = titles.title_tag(doc), titles.first_h1(doc)
    domain = titles.registered_domain(doc.url)
    if tag:
        names_domain = domain is not None and domain in tag.lower()
        refused = f"names the site's domain ({domain})" if names_domain else None
        shown = state("title", refused) if chosen != "title:site-name-stripped" else "chosen, site name cut"
        yield f"title: {tag!r:.{MAX_SHOWN_CHARS}} — {shown}"
    if h1:
        refused = None
        if h1.casefold() not in tag.casefold():
            refused = "not contained in the <title>"
        elif titles.only_site_name(doc, h1):
            refused = "the site's name"
        yield f"h1: {h1!r:.{MAX_SHOWN_CHARS}} — {state('h1', refused)}"


def _authors(doc: Document, chosen: str | None) -> Iterator[str]:
    """Every author level with its names: the chosen one, those that lost to it, and the
    names refused as not people (with why)."""
    site = authors.site_names(doc)
    winner_seen = False
    for source, names in authors.author_levels(doc):
        reasons = {n: authors.refusal(n, source, site, alone=len(names) == 1) for n in names}
        kept = [n for n, why in reasons.items() if why is None]
        if source == chosen and not winner_seen:
            state = "chosen"
            winner_seen = True
        elif not kept:
            state = "lost: no person"
        else:
            state = "lost: lower priority" if winner_seen else "lost"
        refused = [f"{n} ({why})" for n, why in reasons.items() if why is not None]
        yield f"{source}: {', '.join(names)!s:.{MAX_SHOWN_CHARS}} — {state}" + (
            f" (not people: {'; '.join(refused)})" if refused else "")


def _image(doc: Document, chosen: str | None, profile: ContentProfile) -> Iterator[str]:
    """The declared images, then each rendered image with why it was not dominant."""
    winner_seen = False
    for key in images.META_KEYS:
        for value in doc.meta_values(key):
            checked = images.check_declared(doc, value)
            if isinstance(checked, Invalid):
                state = f"refused: {checked.reason}"
            elif chosen is not None and chosen.split(";")[0] == key and not winner_seen:
                state, winner_seen = "chosen", True
            else:
                state = "lost: lower priority" if winner_seen else "lost"
            yield f"{key}: {value:.{MAX_SHOWN_CHARS}} — {state}"
    declared = chosen is not None and chosen != "rendered"
    winner = profile.image.url if profile.image is not None else None
    verdicts = images.rendered_verdicts(doc)
    for img, reason, _score in verdicts[:MAX_SHOWN_IMAGES]:
        if reason is not None:
            state = f"refused: {reason}"
        elif chosen == "rendered" and img.url == winner:
            state = "chosen: largest content image"
        elif declared:
            state = "lost: the declared image comes first"
        else:
            state = "lost: smaller than the chosen image"
        yield f"rendered <img>: {img.url:.{MAX_SHOWN_CHARS}} {img.width:.0f}x{img.height:.0f} — {state}"
    if len(verdicts) > MAX_SHOWN_IMAGES:
        yield f"(and {len(verdicts) - MAX_SHOWN_IMAGES} more rendered images)"


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


def _comment_count(doc: Document, chosen: str | None) -> Iterator[str]:
    """Every source's candidate in priority order: declared, printed, counted (a refused one is
    listed with the rejections; on a thread only a declared count is taken)."""
    found = comments.candidates(doc)
    winner_seen = False
    for source, raw in (*found.declared, *found.labels, *found.counted):
        if isinstance(raw, Refused):
            continue
        if source == chosen and not winner_seen:
            state, winner_seen = "chosen", True
        elif winner_seen:
            state = "lost: lower priority"
        else:
            state = "not taken (the page is not read as an article: only a declared count)" if chosen is None else "lost"
        yield f"{source}: {raw} — {state}"
