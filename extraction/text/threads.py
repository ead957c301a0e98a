"""The structure of a thread: which elements are its posts, and which text around them is not.

Forum and Q&A software prints every post with one template, and around each post a few parts
that belong to no post. Three signs of that structure, read from the markup alone:

- **a first post with its replies** (`template_replies`): the chosen region shares a class word
  with elements further down that lie under comment- or reply-named items. A thread marked up as an
  article (`og:type` article, one dominant first post) lets the first post win as a single
  region; its replies, printed by the same template (`div.Message.userContent` above and below),
  are the rest of the content. An article's body and its comments have classes of their own
  (`entry-content`, `comment-content`);
- **signatures** (`signature_ancestor`): the lines printed under every post of its author (a
  motto, links, their gear; on Q&A sites the user card with its badges) are no post's text;
- **comments on posts** (`comment_lists`): on a Q&A page each question and answer carries a
  list of short comments. A list of comment- or reply-named items is *comments on a post* when the
  nearest element around it that holds text of its own (`HOST_MIN_OWN_WORDS` more than the
  list) lies outside every comment-named element, and at least `COMMENT_HOSTS_MIN`
  different such posts carry lists. A forum's replies hang under one thread (one host), and
  nested replies (a reply to a reply) lie inside the comment they answer: neither is dropped.

Stage: 5 kind, and 6 the inclusive read (threads)
Measured: each constant's docstring or comment; the runs are in docs/lab/ (issue 12, sessions 8-16).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from lxml import etree

from extraction.ancestry import below_body, nearest
from extraction.document import Document
from extraction.text.blocks import UNREAD_TAGS, Block
from extraction.textutil import text_of
from extraction.zones import inside

POST_MIN_WORDS = 15  # a post/comment item holds at least this many words (not a "post-date" label)
HOST_MIN_OWN_WORDS = 15  # a post holding comments has this many words outside its comment list
COMMENT_HOSTS_MIN = 2  # comment lists on this many different posts make them comments on posts
COMMENT_LIST_MIN_SHARE = 0.8  # a comment list holds at least this share of its words in comment items

_POST = re.compile(r"(?<![a-z])(?:(?:block)?post|comment|reply|message)s?(?![a-z])", re.I)
"""A word naming a post: `post`, `comment`, `reply`, `message` on their own in a class or id
(`post_123`, `js-post`, `message--post`; not `poster`, `postbit`), and `blockpost`, the box punBB,
FluxBB and their forks print around each post (`div#p123.blockpost.rowodd`)."""
_COMMENT = re.compile(r"(?<![a-z])(?:comments?|repl(?:y|ies))(?![a-z])", re.I)
_POST_ITEMTYPE = re.compile(r"schema\.org/(Comment|Answer|DiscussionForumPosting)\b", re.I)
"""Microdata types of a post (`post_token`)."""
_SIGNATURE = re.compile(r"signature", re.I)
COMMENT_WORDS = (r"(?:\w*comments?|responses?|replies|reply|reactions?|réactions?|\w*kommentare?|\w*reaktion(?:en)?"
                  r"|commentaires?|coment[aá]rios?|reacci[oó]n(?:es)?|rea[cç](?:ão|ões|ao|oes)|reazion[ei]"
                  r"|commenti|commento|reacties|reactie|réponses?|respuestas?|risposte|antworten|\w*коммент\w*)")
COMMENT_LABELS = (
    re.compile(rf"^(\d{{1,3}}(?:[,.]\d{{3}})+|\d+|no|one)\s+{COMMENT_WORDS}\b", re.I),  # "5 Responses to …", "No Comments"
    re.compile(rf"^[^()\[\]\d]{{0,40}}?\b{COMMENT_WORDS}\b[^()\[\]\d]{{0,30}}[(\[]\s*(\d{{1,3}}(?:[,.]\d{{3}})+|\d+)\s*[)\]]\W*$",
               re.I),  # "Comments (12)", "Readers' comments (3)"
)
"""The shapes of a line that counts a story's comments: a number before the word for comments, or
the number in brackets after it (English, German, French, Spanish, Italian, Portuguese, Dutch,
Russian: the languages of `phrases.py`; "reactions" in each, as papers titled them: "Reaktionen (12)",
"Reacciones (3)", "Reazioni (5)"). Group 1 is the count. The comment count reads it (`extraction/comments.py`),
and so does the rule that finds a comment section by its title (`rules/comment_sections.py`)."""
_DIGITS = re.compile(r"\d+")
_COMPOUND = re.compile(r"[a-z][A-Z]|[a-zA-Z][-_][a-zA-Z]")
"""A compound class name (`userContent`, `VBEditorContent`, `post-body`) is a template's own; a
one-word class (`content`, `text`, `inner`) is a layout name any template uses, and an
article's comments share it with its body."""


def post_token(element: etree._Element, seen: dict[str, bool] | None = None) -> str | None:
    """The class or id word that names the element a post (digits dropped: `post_123`), with
    its tag: siblings are one thread's posts only when they share it, so an article's own
    `post-header`, `post-content` and `post-footer` are not three posts. A schema.org `Comment`,
    `Answer` or `DiscussionForumPosting` item is named by that type first: forum software marks
    every post so, while a class may name only some of them (NodeBB's `topic-owner-post`).
    `seen`, shared by the calls of one walk, keeps whether each class value names a post: a page
    repeats its class values on many elements (every card, every menu item), and the search of
    each value was most of a walk's cost."""
    itemtype = element.get("itemtype")
    found = _POST_ITEMTYPE.search(itemtype) if itemtype else None
    if found is None and not _names_match(element, _POST, seen):  # few elements name a post
        return None
    tag = element.tag if isinstance(element.tag, str) else ""
    if found:
        return f"{tag}[{found.group(1).lower()}]"
    for word in _name_string(element).split():
        if _POST.search(word):
            return f"{tag}.{_DIGITS.sub('', word.lower())}"
    return None


def post_candidates(doc: Document, within: etree._Element | None = None) -> list[etree._Element]:
    """The elements of the page (or of `within` and below it) `post_token` may name a post, in
    document order: those whose `itemtype`, class or id one of its two patterns finds, from the
    document's attribute index (`Document.owners`), each distinct value searched once. A superset (a class the itemtype
    pattern finds): `post_token` still decides each; every element it names is here."""
    seen: dict[str, bool] = {}

    def may_name(value: str) -> bool:
        hit = seen.get(value)
        if hit is None:
            hit = seen[value] = _POST.search(value) is not None or _POST_ITEMTYPE.search(value) is not None
        return hit

    return doc.owners(("itemtype", "class", "id"), may_name, within)


def _name_string(element: etree._Element) -> str:
    """The element's class and id in one string, for a test of the whole before the words."""
    return f"{element.get('class') or ''} {element.get('id') or ''}"


def _names_match(element: etree._Element, pattern: re.Pattern[str], seen: dict[str, bool] | None = None) -> bool:
    """Whether `pattern` matches the element's class or its id: what a search of `_name_string`
    answers when the pattern holds no space and its ends look for a non-letter, as a space is
    (`_POST`, `_COMMENT`, `_SIGNATURE`), without building that string for the elements, most of
    a page, that match nothing; an element with neither attribute is passed over untested.
    `seen`: the answers for the class values already searched with `pattern` (see `post_token`)."""
    names = element.get("class")
    if names:
        if seen is None:
            if pattern.search(names):
                return True
        else:
            hit = seen.get(names)
            if hit is None:
                hit = seen[names] = pattern.search(names) is not None
            if hit:
                return True
    ident = element.get("id")
    return ident is not None and pattern.search(ident) is not None


def words(element: etree._Element) -> int:
    """Words of the element's text, the code of its scripts and styles left out: forum software
    prints a script inside each post (an ad slot, a like button's setup), and counted as words
    it outweighed a short post's text, so no child held the post's body (`layout.post_body`)."""
    code = sum(len(text_of(e).split()) for e in element.iter(*UNREAD_TAGS))
    return len(text_of(element).split()) - code


def template_replies(container: etree._Element | None) -> list[etree._Element]:
    """Elements outside the chosen region that share a class word with it and lie under a
    comment- or reply-named item, each with `POST_MIN_WORDS` words: the replies of a thread whose
    first post won (see the module's docstring). The page's `body` is no post's template."""
    if container is None or container.tag in ("body", "html"):
        return []
    own = sorted({w for w in (container.get("class") or "").split() if _COMPOUND.search(w) and not _DIGITS.search(w)
                  and "'" not in w})
    if not own:
        return []
    test = " or ".join(f"contains(concat(' ', normalize-space(@class), ' '), ' {w} ')" for w in own)
    cheap = " or ".join(f"contains(@class, '{w}')" for w in own)  # implied by `test`, tried first
    around = set(container.iterancestors())
    found = []
    for element in container.getroottree().getroot().xpath(f"//*[{cheap}][{test}]"):
        if element is container or element in around or inside(element, container):
            continue
        if words(element) >= POST_MIN_WORDS and _in_comment(element):
            found.append(element)
    return found


def _in_comment(element: etree._Element) -> bool:
    """Whether the element or an ancestor below `<body>` is named a comment or a reply (`post`
    names a blog's own article as often as a forum's posts)."""
    return any(comment_named(a) for a in below_body(element))


def signature_ancestor(element: etree._Element | None) -> str | None:
    """The class/id word naming the element or an ancestor below `<body>` a signature."""
    found = _signature(element)
    return found[1] if found else None


def post_signature(element: etree._Element | None,
                   memo: dict[etree._Element, tuple[etree._Element, str] | None] | None = None) -> str | None:
    """The class/id word naming a signature around the element when that signature lies inside a
    post (an element `post_token` names): a poster's signature under one post that won the page
    alone (a thread of two posts read as an article) is no more text than under each post of a
    thread. A `signature` word outside any post names something else (a shop's "signature
    collection", an e-mail signature in a guide). `memo`, shared by the calls for one page's
    blocks, keeps each ancestor's answer, so the blocks of a page read its wrappers once."""
    found = _signature(element, memo)
    if found and any(post_token(a) for a in found[0].iterancestors()):
        return found[1]
    return None


def _signature(element: etree._Element | None,
               memo: dict[etree._Element, tuple[etree._Element, str] | None] | None = None,
               ) -> tuple[etree._Element, str] | None:
    return nearest(element, _signature_mark, memo)


def _signature_mark(element: etree._Element) -> tuple[etree._Element, str] | None:
    if not _names_match(element, _SIGNATURE):  # nearly no element has the word
        return None
    word = next((word for word in _name_string(element).split() if _SIGNATURE.search(word)), None)
    return (element, word) if word is not None else None


def comment_lists(root: etree._Element) -> set[etree._Element]:
    """The lists of comments on posts (see the module's docstring): parents of comment-named
    items whose host, the nearest element around with `HOST_MIN_OWN_WORDS` words more than
    the list, lies outside every comment-named element -- when such lists hang on
    `COMMENT_HOSTS_MIN` hosts or more that lie side by side (posts; lists in the wrappers of
    one comment section nest, and a list inside another, or a host around another, is not
    counted)."""
    lists: dict[etree._Element, etree._Element] = {}
    seen: set[etree._Element] = set()
    for element in root.iter(etree.Element):
        parent = element.getparent()
        if parent is None or parent in seen or not comment_named(element) or words(element) < POST_MIN_WORDS:
            continue
        seen.add(parent)
        in_items = sum(words(child) for child in parent if comment_named(child))
        if in_items < COMMENT_LIST_MIN_SHARE * words(parent):
            continue  # a post's comments part beside its body, not a list of comments
        host = _host(parent)
        if host is not None:
            lists[parent] = host
    outer = {listing: host for listing, host in lists.items()
             if not any(a in lists for a in listing.iterancestors())}  # one comment section in wrappers
    hosts = set(outer.values())
    apart = {h for h in hosts if not any(a in hosts for a in h.iterancestors())}
    if len(apart) < COMMENT_HOSTS_MIN:
        return set()
    return {listing for listing, host in outer.items() if host in apart}


def _host(listing: etree._Element) -> etree._Element | None:
    """The nearest ancestor of a comment list that holds `HOST_MIN_OWN_WORDS` words more than
    it, if it lies outside every comment-named element (None: the list hangs inside a comment
    -- nested replies -- or no element around it holds more)."""
    size = words(listing)
    for ancestor in listing.iterancestors():
        if ancestor.tag in ("body", "html"):
            return None
        if words(ancestor) >= size + HOST_MIN_OWN_WORDS:
            if any(comment_named(a) for a in (ancestor, *ancestor.iterancestors())):
                return None
            return ancestor
    return None


def comment_named(element: etree._Element) -> bool:
    """A class or id word names a comment or a reply. Tested on the whole string at once: the
    pattern holds no space and its ends look for a non-letter, as a space is, so it matches the
    string exactly when it matches one of its words (`post_token` likewise)."""
    return isinstance(element.tag, str) and _names_match(element, _COMMENT)


def comment_blocks(blocks: Sequence[Block]) -> set[int]:
    """Indexes of the blocks inside lists of comments on posts (`comment_lists`)."""
    if not blocks:
        return set()
    lists = comment_lists(blocks[0].element.getroottree().getroot())
    if not lists:
        return set()
    found = set()
    for block in blocks:
        element: etree._Element | None = block.element
        while element is not None:
            if element in lists:
                found.add(block.index)
                break
            element = element.getparent()
    return found
