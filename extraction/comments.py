"""The comment count: how many readers' comments a story carries, the comments themselves kept out of its body.

The main text leaves an article's comments out (`text/rules/commented_story`, `reader_comments`);
the profile keeps how many there are. Three sources, in this order, the first with a value wins:

1. **declared**: the publisher's structured data -- schema.org `commentCount`, or an
   `interactionStatistic` whose `interactionType` is a `CommentAction` (its `userInteractionCount`),
   in JSON-LD (`jsonld:commentCount`, `jsonld:interactionStatistic`) or microdata
   (`microdata:commentCount`, `microdata:interactionStatistic`). Objects that declare different
   counts (a listing's posts) declare none: the disagreement is recorded as a rejection;
2. **label**: the count the page prints over its comments -- a heading in or before a comment
   section, or bold text in one ("5 Responses to “…”", "12 comments:", "Readers' comments (3)", "No Comments"), an
   element named a comment count (`span.comment-count`, Disqus' `disqus-comment-count`,
   Facebook's `fb-comments-count`, filled by their scripts on a rendered page), or a link to the
   page's own `#comments` / `#disqus_thread`. Labels that disagree give none;
3. **counted**: the comment items the page shows, nested replies included, one per comment:
   schema.org `Comment` items (microdata), else the outermost group of like elements whose class
   or id names a comment (`li.comment`, `div.commentItem`, `dd.comment-body`, `li#comment-12`),
   each holding `ITEM_MIN_WORDS` words outside links (a "12 comments" link or a "Reply" button is
   no comment), no form, in no form, in no review (`text/reviews.py`: a shop prints its reviews with
   its comment template), and nothing of the comment form's (`FORM_PARTS`). A single item counts
   only in a list or under a per-comment id (`comment-123`).

The publisher's own figures come first because a page shows only part of its comments (paged,
collapsed, loaded on scroll or on a click); our count of the items shown is the fallback.

None when no source has a value: a page that shows no comments may have none, have them closed,
or load them into an iframe we cannot read (Disqus, Facebook, Discourse embeds), so "no comments
seen" is not 0. A declared or printed zero ("No Comments", `commentCount: 0`) is 0.

The page's label and items are read only when the main text read it as an article
(`read_as_story`). On a thread (a forum, a Q&A page) the posts are the body, and only a declared
count is taken: schema.org's `commentCount` on a `DiscussionForumPosting` is the number of
replies to the opening post, which is what a forum's engineer means by it. On a listing or a
product page the comment-named items are other things (a paper's "Comments: 12 pages", a
shop's reviews), and only a declared count is taken there too.

The count is not part of the content hash (`values/profile.py`): comments arrive all day, and a
new one is no new version of the story.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any
from urllib.parse import urldefrag, urljoin

from lxml import etree

from extraction import jsonld
from extraction.document import Document
from extraction.found import Choice, Invalid, Refused, first_valid
from extraction.text.layout import ARTICLE, posts_within
from extraction.text.pipeline import Heuristic, MainText
from extraction.text.reviews import review_ancestor
from extraction.text.rules.commented_story import declares_discussion
from extraction.text.threads import COMMENT_LABELS, words
from extraction.textutil import text_of

FIELD = "comment_count"

ITEM_MIN_WORDS = 3
"""Words a comment item holds outside its links: an author's name, a date and a line of text
make more; a "12 comments" link, a "Reply" button or an empty anchor make fewer."""

ITEM_TAGS = frozenset({"li", "div", "article", "section", "dd", "dt", "td", "tr", "table", "blockquote", "aside", "p"})
"""Elements a comment is printed in; a `span.comment` is a code highlighter's or a label's."""

COMMENT_PARTS = frozenset({"comment", "comments", "kommentar", "kommentare", "commentaire", "commentaires",
                           "comentario", "comentarios", "commento", "commenti", "reactie", "reacties"})
"""A class or id word names a comment when one of its parts (split at `-`, `_`, digits and a
lower-to-upper case change: `commentItem`, `d-comment__body`) is one of these."""

FORM_PARTS = frozenset({"form", "respond", "notes", "policy", "rules", "login", "count", "link", "links", "closed",
                        "open", "has", "with", "nav", "navigation", "pagination", "feed", "rss", "widget", "recent", "latest",
                        "popular", "subscribe", "title", "header", "heading"})
"""Parts of a name that make it the comment section's furniture, not a comment: the form and its
notes, counts, links, paging, feeds and widgets of recent comments, the section's heading, and
a story's own wrapper flagged for its comments (`has-comments`, `comments-open`)."""

SINGLE_PARENTS = frozenset({"ol", "ul", "dl"})
"""A lone comment-named element counts as one comment in a list, or under a per-comment id."""

_CODE_TAGS = ("pre", "code")
_MAYBE_NAMED = re.compile(r"omm?ent|reactie", re.I)
"""Every word of `COMMENT_PARTS` holds this: a cheap test of the whole class and id first."""
_NAMED_PARTS = ("omment", "oment", "eactie")
"""A class or id that may name a comment holds one of these (`_MAYBE_NAMED`; an initial capital
is no matter, an all-capitals name is not seen): the elements `_named` tests further."""
_COUNT_TAGS = ("span", "div", "p", "a", "b", "strong")
"""Elements a count is printed in when their name says so (`span.comment-count`)."""
_PART_SPLIT = re.compile(r"[-_\s]+|\d+|(?<=[a-z])(?=[A-Z])")
_DIGIT = re.compile(r"\d")
_COMMENT_ID = re.compile(r"comment[-_]?\d+", re.I)
"""A per-comment id (`comment-123`, `comment_7`): a lone comment-named element that has one is a comment."""
_COMMENT_ITEMTYPE = re.compile(r"schema\.org/(?:Comment|UserComments)\b", re.I)
_COMMENT_ACTION = re.compile(r"CommentAction\b|UserComments\b")
_NUMBER = re.compile(r"^\s*(\d{1,3}(?:[,.\s]\d{3})+|\d+)\s*$")

_LABEL_NUMBER_WORDS = {"no": 0, "one": 1}
_HEADINGS = ("h1", "h2", "h3", "h4", "h5", "h6")
_BOLD = ("b", "strong")
"""An old page's headings: bold text, a label only inside a comment-named element."""
LABEL_MAX_DEPTH = 3
"""A heading is the comment section's when it, or one of this many elements around it, is named a comment."""
LABEL_MAX_CHARS = 200
"""A label is a line: a heading longer than this is a title that mentions comments."""
_OWN_ANCHORS = ("comments", "disqus_thread", "respond")


@dataclass(frozen=True, slots=True)
class Candidates:
    """Every source's candidates, in priority order (`--explain` lists them all)."""

    declared: tuple[tuple[str, str | Refused], ...]
    labels: tuple[tuple[str, str | Refused], ...]
    counted: tuple[tuple[str, str], ...]


def comment_count(doc: Document, text: MainText) -> Choice[int]:
    """The page's comment count and where it came from (see the module's docstring)."""
    found = candidates(doc)
    if not found.declared and not found.labels and not found.counted:
        return Choice(None)
    chosen = first_valid(FIELD, found.declared, _count)
    if chosen.found is not None or not (found.labels or found.counted) or not read_as_story(doc, text):
        return chosen
    rest = first_valid(FIELD, (*found.labels, *found.counted), _count)
    return Choice(rest.found, chosen.rejections + rest.rejections)


def read_as_story(doc: Document, text: MainText) -> bool:
    """The main text read the page as an article (or took the publisher's markup), so comments
    under it are kept out of its body and may be counted. Not on a thread -- read as one, an
    article's region that is a thread's posts (`layout.posts_within`), or a page that declares a
    discussion (`commented_story.FORUM_TYPES`: a `QAPage`'s comments hang on its question and each
    answer) -- nor on the other kinds: a listing's or a product's "comments" are its items' notes
    or its buyers' reviews."""
    trace = text.trace
    if isinstance(trace, Heuristic):
        selection = trace.selection
        if selection.layout is None or selection.layout.kind != ARTICLE or posts_within(selection.container, doc):
            return False
    return not declares_discussion(doc)


def candidates(doc: Document) -> Candidates:
    return doc.derive(FIELD, lambda d: Candidates(tuple(_declared(d)), tuple(_labels(d)), tuple(_counted(d))))


def _count(raw: str) -> int | Invalid | None:
    match = _NUMBER.match(raw)
    if match is None:
        return Invalid("not a whole number")
    return int(re.sub(r"\D", "", match.group(1)))


# --- declared -------------------------------------------------------------------------------------

def _declared(doc: Document) -> Iterator[tuple[str, str | Refused]]:
    yield from _agreed("jsonld", list(_jsonld_counts(doc)))
    yield from _agreed("microdata", list(_microdata_counts(doc)))


def _agreed(kind: str, found: list[tuple[str, str]]) -> Iterator[tuple[str, str | Refused]]:
    """One candidate of a kind of markup: its value, or a refusal when its objects disagree."""
    if not found:
        return
    values = sorted({" ".join(v.split()) for _, v in found})
    if len(values) > 1:
        yield f"{kind}:commentCount", Refused(", ".join(values), "objects declare different counts")
        return
    yield found[0][0], found[0][1]


def _jsonld_counts(doc: Document) -> Iterator[tuple[str, str]]:
    """`commentCount`, else a `CommentAction` counter, of each object (articles first)."""
    for obj in jsonld.articles_first(doc):
        value = _scalar(obj.get("commentCount"))
        if value is not None:
            yield "jsonld:commentCount", value
            continue
        stats = obj.get("interactionStatistic")
        for stat in stats if isinstance(stats, list) else [stats]:
            if isinstance(stat, dict) and _COMMENT_ACTION.search(str(stat.get("interactionType", ""))):
                value = _scalar(stat.get("userInteractionCount"))
                if value is not None:
                    yield "jsonld:interactionStatistic", value
                    break


def _scalar(value: Any) -> str | None:
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int | float):
        return str(int(value)) if float(value).is_integer() else str(value)
    if isinstance(value, str) and value.strip():
        return value.strip()
    return None


def _microdata_counts(doc: Document) -> Iterator[tuple[str, str]]:
    for element in doc.owners("itemprop", lambda prop: "ommentCount" in prop or "serInteractionCount" in prop):
        props = (element.get("itemprop") or "").split()
        if "commentCount" in props:
            value = _itemprop_value(element)
            if value:
                yield "microdata:commentCount", value
        elif "userInteractionCount" in props:
            scope = next((a for a in element.iterancestors() if a.get("itemscope") is not None), None)
            kinds = scope.xpath(".//*[@itemprop='interactionType']") if scope is not None else []
            if any(_COMMENT_ACTION.search(k.get("content") or k.get("href") or text_of(k)) for k in kinds):
                value = _itemprop_value(element)
                if value:
                    yield "microdata:interactionStatistic", value


def _itemprop_value(element: etree._Element) -> str:
    return (element.get("content") or text_of(element)).strip()


# --- the printed label ----------------------------------------------------------------------------

def _labels(doc: Document) -> Iterator[tuple[str, str | Refused]]:
    found: list[tuple[str, str]] = []
    places = _label_places(doc)
    ordered = doc.in_order(places) if len(places) > 1 else places
    for element in ordered:
        line = " ".join(text_of(element).split())
        if not line or len(line) > LABEL_MAX_CHARS:
            continue
        for pattern in COMMENT_LABELS:
            match = pattern.match(line)
            if match:
                number = match.group(1).lower()
                found.append((f"label:{places[element]}", str(_LABEL_NUMBER_WORDS.get(number, number))))
                break
    values = sorted({_digits(v) for _, v in found})
    if len(values) > 1:
        yield "label", Refused(", ".join(values), "the page prints different counts")
    elif found:
        yield found[0]


def _label_places(doc: Document) -> dict[etree._Element, str]:
    """Where a count label may stand, with how it is named in the source: a heading of a comment
    section (named a comment itself, within `LABEL_MAX_DEPTH` elements inside a comment-named one,
    or just before one), bold text within one, an element named a comment count, or a link to
    this page's own comments. Found from the comment-named elements, not by asking every element."""
    places: dict[etree._Element, str] = {}
    for named in _named(doc):
        tag = str(named.tag)
        if tag in _HEADINGS or tag in _BOLD:
            places[named] = tag
        elif tag in _COUNT_TAGS and "count" in _parts(named):
            places[named] = f"{tag}.count"
        for inner in named.iter(*_HEADINGS, *_BOLD):
            depth = 0
            walk: etree._Element | None = inner
            while walk is not None and walk is not named and depth <= LABEL_MAX_DEPTH:
                walk, depth = walk.getparent(), depth + 1
            if walk is named and depth <= LABEL_MAX_DEPTH:
                places.setdefault(inner, str(inner.tag))
        before = named.getprevious()
        if before is not None and before.tag in _HEADINGS:
            places.setdefault(before, str(before.tag))
    url = doc.url
    page = urldefrag(url)[0]
    own: dict[str, str | None] = {}  # each distinct href resolved once: a page repeats its `#` links
    for link in doc.owners("href", lambda href: "#" in href and _own_anchor(href, url, page, own) is not None):
        if link.tag == "a":
            places[link] = f"a[href=#{_own_anchor(link.get('href') or '', url, page, own)!s}]"
    return places


def _own_anchor(href: str, url: str, page: str, own: dict[str, str | None]) -> str | None:
    """The comment anchor (`_OWN_ANCHORS`) that `href`, read on the page at `url` (`page` without
    its fragment), links to on the page itself, or None; `own` holds each href's answer. Not a
    closure in `_label_places`: compiled, a closure that another closure calls shares one
    environment with it, and that environment holds them both -- a cycle that took the page's
    Document with it, left to the cycle collector to free.

    The resolved link's fragment is the href's own: what follows its first "#", less the tabs and
    line breaks `urlsplit` removes (`urljoin` keeps the link's fragment, and neither the page's
    path nor its query holds a "#"). An href whose fragment is no comment anchor is answered
    without resolving it: most of a page's "#" links are menus' and tabs' (`#`, `#top`,
    `#main-menu`), and `urljoin` was most of this function's time."""
    if href not in own:
        fragment = href.partition("#")[2]
        if "\t" in fragment or "\r" in fragment or "\n" in fragment:
            fragment = fragment.replace("\t", "").replace("\r", "").replace("\n", "")
        if fragment not in _OWN_ANCHORS:
            own[href] = None
        else:
            base, fragment = urldefrag(urljoin(url, href))
            own[href] = fragment if fragment in _OWN_ANCHORS and base == page else None
    return own[href]


def _named(doc: Document) -> list[etree._Element]:
    """The elements whose class or id names a comment (`COMMENT_PARTS`), in document order. The
    page's distinct class and id values (`Document.values`) are tested first: on most pages none
    may name a comment (229 of 300 WCXB pages), and there no element is read; elsewhere the owners
    of the values that may are selected by set membership, not by the test asked of every element."""
    def compute(d: Document) -> list[etree._Element]:
        return [e for e in d.named(_may_name_a_comment) if _comment_named(e)]
    return doc.derive("comment_named", compute)


def _may_name_a_comment(value: str) -> bool:
    return _NAMED_PARTS[0] in value or _NAMED_PARTS[1] in value or _NAMED_PARTS[2] in value


def _digits(value: str) -> str:
    return re.sub(r"\D", "", value)


# --- counted --------------------------------------------------------------------------------------

def _counted(doc: Document) -> Iterator[tuple[str, str]]:
    declared_items = [e for e in doc.owners("itemtype", lambda itemtype: "omment" in itemtype)
                      if _COMMENT_ITEMTYPE.search(e.get("itemtype") or "")]
    if declared_items:
        yield "counted:microdata Comment", str(len(declared_items))
        return
    groups: dict[str, list[etree._Element]] = {}
    for element in _named(doc):
        signature = _item_signature(element) if element.tag in ITEM_TAGS else None
        if signature is not None:
            groups.setdefault(signature, []).append(element)
    repeated = {s: g for s, g in groups.items() if len(g) >= 2}
    if repeated:
        members = {e: s for s, g in repeated.items() for e in g}
        outer = {s: g for s, g in repeated.items() if not _mostly_inside_others(g, s, members)}
        signature = max(outer, key=lambda s: len(outer[s]))
        yield f"counted:{signature}", str(len(outer[signature]))
        return
    for signature, (lone,) in groups.items():
        parent = lone.getparent()
        if (parent is not None and parent.tag in SINGLE_PARENTS) or _COMMENT_ID.search(lone.get("id") or ""):
            yield f"counted:{signature}", "1"
            return


def _mostly_inside_others(group: list[etree._Element], signature: str, members: dict[etree._Element, str]) -> bool:
    """Half of the group or more lies inside items of another repeated group: the parts of a
    comment (`article.comment-body` in `li.comment`), not the comments."""
    inside = sum(any(members.get(a, signature) != signature for a in e.iterancestors()) for e in group)
    return inside * 2 >= len(group)


def _item_signature(element: etree._Element) -> str | None:
    """`tag.word` (or `tag#word`, digits dropped) of an element printed as one comment, or None."""
    named = _comment_word(element)
    if named is None:
        return None
    if any(a.tag in _CODE_TAGS for a in element.iterancestors()):
        return None
    if review_ancestor(element) is not None:
        return None  # a shop's reviews, printed by its comment template (WooCommerce's `li#li-comment-12.review`)
    if element.find(".//form") is not None or element.find(".//textarea") is not None:
        return None
    if any(a.tag == "form" for a in element.iterancestors()):
        return None  # the comment form's own parts (`div.comment-meta__line` around a name field)
    link_words = sum(len(text_of(a).split()) for a in element.iter("a"))
    if words(element) - link_words < ITEM_MIN_WORDS:
        return None
    return f"{element.tag!s}{named}"


def _comment_word(element: etree._Element) -> str | None:
    """The first class word (`.word`) or id (`#word`) naming a comment and nothing of the form's,
    digits dropped; None when a word names the section's furniture (`FORM_PARTS`)."""
    if not _MAYBE_NAMED.search(_names(element)):
        return None
    found = None
    for mark, value in ((".", element.get("class") or ""), ("#", element.get("id") or "")):
        for word in value.split():
            parts = _word_parts(word)
            if parts & FORM_PARTS:
                return None
            if found is None and parts & COMMENT_PARTS:
                found = f"{mark}{_DIGIT.sub('', word)}"
    return found


def _comment_named(element: etree._Element) -> bool:
    return isinstance(element.tag, str) and bool(_parts(element) & COMMENT_PARTS)


def _parts(element: etree._Element) -> set[str]:
    names = _names(element)
    if not _MAYBE_NAMED.search(names):  # the whole string first: few elements name a comment
        return set()
    return {p for word in names.split() for p in _word_parts(word)}


def _names(element: etree._Element) -> str:
    return f"{element.get('class') or ''} {element.get('id') or ''}"


def _word_parts(word: str) -> set[str]:
    return {p.lower() for p in _PART_SPLIT.split(word) if p}
