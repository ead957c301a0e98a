"""Small measurements of one block: each returns a number or a bool and is tested alone.

Three families: text (words, link density, text density, sentence marks, pipes, dates,
copyright, boilerplate phrases), DOM (semantic ancestors, class/id hints, teaser lists) and
visual (position relative to the main column, font size relative to the page's body font,
fixed or sticky layers). Without layout the visual family is simply absent.

Stage: 2 measure
Measured: each constant's docstring or comment; the runs are in docs/lab/ (issue 12, sessions 8-16).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from urllib.parse import unquote, urlsplit

from lxml import etree

from extraction.dateparse import has_digit
from extraction.document import Document
from extraction.text.blocks import Block, count_words, unspaced_chars
from extraction.text.docs import in_code
from extraction.text.literals import caseless
from extraction.text.phrases import boilerplate_phrase, fulfilment_line
from extraction.textutil import text_of

LINE_WIDTH_CHARS = 80
"""Characters per wrapped line for text density (Kohlschütter et al.: 80-90 characters)."""
UNSPACED_CHAR_COLUMNS = 2
"""Columns a character of a script written without spaces takes on a line (`blocks.py`'s
`count_words`): a Chinese or Japanese character is drawn twice as wide as a Latin letter, so
an 80-column line holds about 40 of them."""

CHROME_TAGS = frozenset({"nav", "footer", "aside", "menu", "figcaption"})
"""Elements whose text is page chrome or sits beside the running text (a figure's caption);
`header` is judged by its text because articles put their own title and byline in one."""
NESTED_ARTICLE_CHROME = "article> among <article"
"""The chrome ancestor `HintIndex` names for an `<article>` among others inside an `<article>` (a
rail of other stories under a story); a listing's read sets it aside (`rules/listing_articles`)."""

SCREEN_READER_HINTS = r"visually-?hidden|hidden-visually|sr-only|show-for-sr|screen-?reader|element-invisible|assistive-text"
"""Each framework's class for text only a screen reader reads (see `STRONG_HINTS`)."""

CONSENT_PLATFORMS = r"cmplz|onetrust|iubenda|didomi|usercentrics|cookiebot|sp_message"
"""Consent platforms whose banners' class and id words name the platform, not the cookie
(Complianz's `cmplz-message`, OneTrust's `onetrust-banner-sdk`, iubenda's `iubenda-cs-paragraph`,
Sourcepoint's `sp_message_container`): read as consent words, as `taboola` names a rail."""

STRONG_HINTS = re.compile(
    r"comment|disqus|share|sharing|social|related|recommend|(?:up|cross)-?sells?(?![a-z])|newsletter|subscri|signup|cookie|consent|"
    r"gdpr|" + CONSENT_PLATFORMS + "|sidebar|footer|taboola|outbrain|trending|popular|most-?read|breadcrumb|navbar|menu|"
    r"notices(?![a-z])|"
    r"masthead|promo|advert|sponsor|popup|modal|byline|author[-_]?(?:bio|box|info|details?|card|profile|about|content|wrap|block|section|area|container|dropdown)|about-?(?:the-?)?author|tag-?list|"
    r"\btags\b|nav\b|[-_]nav(?!y)|^nav(?!y)|" + SCREEN_READER_HINTS + "|"
    r"caption|credit|^(?!has-)(?:[a-z0-9]+[-_])*(?:tool-?tip|infotip|popover)(?:__content|[-_](?:content|body|text|inner|box))?$",
    re.I,
)
"""Class/id words of boilerplate containers (Readability's unlikely candidates, extended):
text under them is never content, even when the same class also says `article`. An author's
box is named by `author` and the component word after it (`author-details`, `authorInfo`);
`author` alone is not a hint: CMSs put `author-jane-doe` on the item itself. `nav` followed
by `y` is a colour (`text-navy`, `bg-navy-800`: utility classes on any element), not navigation.
Screen-reader-only text goes by each framework's name for it (`sr-only`, `visually-hidden`,
HTML5 Boilerplate's `visuallyhidden`, Foundation's `show-for-sr`, Drupal's `element-invisible`,
WordPress's `screen-reader-text`, `assistive-text`): a label a sighted reader never sees.
So is a tooltip's or a popover's bubble (`tool-tip`, `wt-popover`, `infotip__content`,
`a-popover-content`: the whole word, so `popover-trigger` and `has-tooltip`, the visible
element that opens one, are not hints): it shows on hover or click, beside the text it
explains, and a static parse reads it inline (a shop's glossary of each specification).
A shop's up-sells and cross-sells (WooCommerce's `section.up-sells`, `cross-sells`) are its
other products, as `related` ones are: the whole word, so `upsellable` is not one. A list of
`notices` is a site's announcements printed over every page (XenForo's `ul.notices`: a scam
alert, a meetup call; WooCommerce's `woocommerce-notices-wrapper`): the plural, so a story's
own `notice` (a correction) is not one."""

OTHER_STORIES_HINTS = re.compile(r"related|recommend|trending|popular|most-?read|more-?stories|taboola|outbrain",
                                 re.I)
"""The boilerplate hints that name a rail of other stories. Alone they do not drop a rail: its
cards' summaries add up to the prose that overrules them, and stories sit in `related`-named
wrappers too (see `cards.rails_after_story`, which asks for the rail's shape as well)."""

AUTHOR_BOX_HINTS = re.compile(
    r"author[-_]?(?:bio|box|info|details?|card|profile|about|content|wrap|block|section|area|container)|"
    r"about-?(?:the-?)?author", re.I)
"""The strong hints of an author's box that a positive class word below does not clear."""

WEAK_HINTS = re.compile(
    r"widget|banner|overlay|toolbar|pagination|pager|skip|follow|read-?more|"
    r"more-stories|(?<![a-z])meter|\bads?\b|[-_]ads?\b|\bads?[-_]|offscreen",
    re.I,
)
"""Class/id words that often mark boilerplate but also wrap articles (`elementor-widget`):
they lower a block's score, and an article-like word on the same element cancels them. A
paywall's `meter` starts its word (`meter-bar`, `meteredContent`), so a reference's
`parameters` section, a product's `diameter` or an `odometer` are not hints."""

POSITIVE_HINTS = re.compile(
    r"article|story|entry|post-?body|post-?content|main-?content|content-?body|body-?text|"
    r"articlebody|article-body|text|prose|rich-?text|paragraph",
    re.I,
)
"""Class/id words of article containers."""

HINT_OVERRULE_PROSE_WORDS = 150
"""Words of running prose (see `prose_words_below`) an element must hold for its own class/id
hint or chrome tag to be overruled. A class word on a wrapper is weak evidence: a `sidebar`,
`newsletter-post` or `nav` wrapper around hundreds of words of full sentences is a layout name,
not boilerplate (boilerplate is short: menus, promos, captions). Set on the tune half of
WCXB dev (bench/wcxb_halves.py)."""
KEPT_HINTS = re.compile(r"comment|disqus|repl(?:y|ies)|respon", re.I)
"""Hints prose never overrules: a comment thread is hundreds of words of full sentences, yet
beside an article it is not the article (threads are taken in by the layout kind instead)."""
KEPT_CHROME = frozenset({"footer", "figcaption"})
"""Chrome tags prose never overrules: a `<nav>` or `<aside>` may wrap a misnested story, but a
footer or a caption holding hundreds of words of sentences is still the page's (or the
picture's) small print -- an author's biography, a newsletter pitch, a company's "about" note, a
shop's policies (issue 12: such footers were read into product and collection pages)."""
PROMO_HINTS = re.compile(OTHER_STORIES_HINTS.pattern + r"|promo(?:s|tions?)?(?![a-z])", re.I)
"""Hints that name a promotion of other pieces: prose does not overrule them when it is split
among repeated pieces (`repeated_pieces`). A slideshow of other stories ("Also on ...") whose
slides each carry a paragraph adds up to thousands of words of sentences, yet each belongs to
another story; one story's prose under a `promo` or `related` wrapper is still read (issue 32).
Measured (session 18, with rules/box_titles.py): no WCXB, Zyte, other-set or oldweb page moved;
`promo` as a bare prefix had emptied a Drupal story marked `node--promoted` (WCXB tune, -0.958)."""
PIECES_MIN = 3  # like children (tag and classes, digits dropped) that make a promotion's pieces
PIECES_MAX_DEPTH = 3  # wrappers passed on the way down to the pieces ...
PIECES_WRAPPER_SHARE = 0.8  # ... each a child holding this share of its parent's characters (a title beside it)
CONSENT_HINTS = re.compile(r"cookie|consent|gdpr|" + CONSENT_PLATFORMS, re.I)
"""Hints prose never overrules either: a consent banner holds a long legal paragraph or two of
full sentences, yet no site puts its article inside its cookie banner (issue 12: a banner whose
prose overruled its `cookiebanner` id won over a story cut into product cards)."""
PROSE_BLOCK_MIN_WORDS = 20  # a block counts as running prose with at least this many words ...
PROSE_BLOCK_MIN_DENSITY = 9.0  # ... this many words per 80-character line, a full stop ...
PROSE_BLOCK_MAX_LINK_DENSITY = 0.3  # ... and at most this share of linked words

SCROLL_LOCK_VIEWPORTS = 2.0
"""Viewport heights: a fixed or sticky layer taller than this is not an overlay but the page
pinned in place (a consent or sign-up dialog sets `position: fixed` on `body` or the page
wrapper to stop scrolling behind it). A banner, a paywall or a sticky header fits in the
viewport; a layer of several screens of text is the page itself, and its text is judged as
the page's (the dialog keeps its own fixed layer and stays an overlay)."""

LAYERS_PAGE_MAX_FREE_SHARE = 0.1
"""Share of the page's words outside fixed and sticky layers below which those layers are the
page itself: an app-like site draws its content in fixed panes that scroll inside (a desktop of
windows), and reading them as overlays left its body empty. An overlay sits on a page that
holds the text; when nothing else holds it, there is nothing for a layer to cover."""
LAYERS_PAGE_MIN_WORDS = 50
"""Words the page must hold for its layers to be read as the page (a splash screen's line is not)."""

_DIGITS = re.compile(r"\d+")
_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
"""The months as a date in a block's text names them (`has_date`): their first three letters, in
any case, which "May", "Sept." and "September" all open with."""
_DATE_FROM_DIGIT = re.compile(
    r"\d(?<!\w\d)(?:\d?[:.]\d{2}\s*(?:am|pm)?|\d{3}-\d{2}-\d{2}|\d? (?:" + "|".join(_MONTHS) + r")[a-z]*|"
    r"\d* (?:minutes?|hours?|days?) ago)\b",
    re.I,
)
"""A date that starts at a word's first digit: a time, an ISO date, a day and a month, a relative
time. The pattern opens with the digit itself and tests the word boundary behind it after, so the
engine skips to the next digit in C instead of trying the pattern at every position."""
_DATE_BEFORE_DAY_REVERSED = re.compile(
    r"\d(?<!\w\d)\d? \.?[a-z]*(?:" + "|".join(month[::-1] for month in _MONTHS) + r")\b", re.I)
"""A month and a day ("May 4", "Sept. 12"), searched in the reversed text: there it starts at the
day's digits, as `_DATE_FROM_DIGIT` does, where forwards it starts at any letter of a month."""
_SENTENCE_END = re.compile(r"[.!?…।॥؟۔။።。！？．](?:(?<=[.!?…।॥؟۔။።])[\"'”’)\]]?(?:\s|$)|(?<=[。！？．])[」』”’）)]?)")
"""A full stop and what may close the sentence after it: Latin, Devanagari and Bengali (danda),
Arabic and Urdu, Burmese and Ethiopic stops are followed by a space; Chinese and Japanese
ones are not (the next sentence starts at once). The stops of both kinds open the pattern as one
set, which the engine scans for in C; which kind it found is read behind it."""


@dataclass(frozen=True, slots=True)
class Features:
    """Everything the scorer looks at for one block."""

    words: int
    link_density: float
    text_density: float
    sentence_ends: int
    pipes: int
    dates: int
    """1 when the text holds a date or a time (`has_date`), else 0: its readers ask whether a block
    is dated, none how many dates it holds."""
    copyright: bool
    chrome_ancestor: str | None
    strong_hint: str | None
    weak_hint: str | None
    positive_hint: str | None
    teaser: bool
    """Inside an item of a teaser list (see teasers.py)."""
    phrase: str | None
    """Class of a boilerplate phrase in the block (see phrases.py): subscribe, share, credits…"""
    relative_font_size: float | None
    in_overlay: bool | None
    column_offset: float | None
    overruled_hint: str | None = None
    """A boilerplate class/id or chrome tag above the block set aside for the prose it holds."""
    terms_of_sale: bool = False
    """A short line of a shop's terms of sale (phrases.FULFILMENT): shipping, returns, stock."""

    def __init__(self, words: int, link_density: float, text_density: float, sentence_ends: int, pipes: int, dates: int,
                 copyright: bool, chrome_ancestor: str | None, strong_hint: str | None, weak_hint: str | None,
                 positive_hint: str | None, teaser: bool, phrase: str | None, relative_font_size: float | None,
                 in_overlay: bool | None, column_offset: float | None, overruled_hint: str | None = None,
                 terms_of_sale: bool = False) -> None:
        """Written out: made once a block (see extraction/native.py)."""
        object.__setattr__(self, "words", words)
        object.__setattr__(self, "link_density", link_density)
        object.__setattr__(self, "text_density", text_density)
        object.__setattr__(self, "sentence_ends", sentence_ends)
        object.__setattr__(self, "pipes", pipes)
        object.__setattr__(self, "dates", dates)
        object.__setattr__(self, "copyright", copyright)
        object.__setattr__(self, "chrome_ancestor", chrome_ancestor)
        object.__setattr__(self, "strong_hint", strong_hint)
        object.__setattr__(self, "weak_hint", weak_hint)
        object.__setattr__(self, "positive_hint", positive_hint)
        object.__setattr__(self, "teaser", teaser)
        object.__setattr__(self, "phrase", phrase)
        object.__setattr__(self, "relative_font_size", relative_font_size)
        object.__setattr__(self, "in_overlay", in_overlay)
        object.__setattr__(self, "column_offset", column_offset)
        object.__setattr__(self, "overruled_hint", overruled_hint)
        object.__setattr__(self, "terms_of_sale", terms_of_sale)


def link_density(block: Block) -> float:
    """Share of the block's words inside links (0 for a block with no words)."""
    return min(1.0, block.link_words / block.words) if block.words else 0.0


def text_density(text: str) -> float:
    """Words per wrapped line, the last (partial) line left out when there are several.

    Kohlschütter's measure: running prose averages 10+ words per 80-character line, while
    one-line fragments (menus, bylines) score only their word count.
    """
    unspaced = unspaced_chars(text)
    if unspaced:
        return _unspaced_density(text, unspaced)
    words = text.split()
    if len(text) <= LINE_WIDTH_CHARS:
        return float(len(words))
    lines, current, count = 0, 0, 0
    full_words = 0
    for word in words:
        if current + len(word) > LINE_WIDTH_CHARS and current:
            lines += 1
            full_words += count
            current, count = 0, 0
        current += len(word) + 1
        count += 1
    return full_words / lines if lines else float(len(words))


def _unspaced_density(text: str, unspaced: int) -> float:
    """Text density of a text in a script written without spaces, where `split` sees a whole
    paragraph as one word (a Chinese story's paragraphs read as one-word labels, and the page as
    a link list): `count_words`' words per `LINE_WIDTH_CHARS` columns, each unspaced character
    `UNSPACED_CHAR_COLUMNS` wide. A text of one line scores its word count, as in
    `text_density`."""
    columns = len(text) + unspaced * (UNSPACED_CHAR_COLUMNS - 1)
    words = count_words(text)
    return float(words) if columns <= LINE_WIDTH_CHARS else words * LINE_WIDTH_CHARS / columns


def sentence_ends(text: str) -> int:
    return len(_SENTENCE_END.findall(text))


def has_date(text: str) -> bool:
    """Whether `text` holds a date or a time: a time ("10:30 am"), an ISO date, a month and a
    day either way round, a relative time ("3 hours ago"). Each holds a digit, so a text without
    one (four blocks in five on the WCXB pages) is not searched (`dateparse.has_digit`)."""
    if not has_digit(text):
        return False
    return _DATE_FROM_DIGIT.search(text) is not None or _DATE_BEFORE_DAY_REVERSED.search(text[::-1]) is not None


def has_copyright(text: str) -> bool:
    """One of `COPYRIGHT_SPELLINGS` in `text`, looked for with `in`: a scan in C for each literal."""
    for spelling in COPYRIGHT_SPELLINGS:
        if spelling in text:
            return True
    return False


LAYOUT_NAME = re.compile(r"(?:has|with|no|without|show)[-_]?(?:(?:sticky|fixed)[-_]?)?(?:sidebar|nav|menu)|sidebars|"
                         r"sidebar[-_]?(?:left|right|layout)|anchor[-_]?target[-_]?\w*navbar", re.I)
"""Class words that describe an element's layout rather than name it: `has-sidebar`,
`layout__2-sidebars-inline` wrap the main column *beside* a sidebar, so they are no hint; nor
is a heading's `anchorWithStickyNavbar` (Docusaurus gives every section heading this CSS-module
class, which offsets its anchor below the sticky navbar: read as a hint, it dropped every
heading of every Docusaurus page and the lists and tables under them with it), nor its later
`anchorTargetStickyNavbar` and `anchorTargetHideOnScrollNavbar`."""


VARIANT_TOKEN = re.compile(r"[:\[]")
"""A class token with a `:` or `[` is a utility class with a variant or an arbitrary value
(Tailwind: `hover:underline`, `[html.sidebar-filled_&]:bg-tint-base`, `[&_figcaption]:mt-0`):
the words in it name a state, a theme or another element the style targets, never the role of
the element it is on (a GitBook theme's `sidebar-filled` selector is on every code block)."""


PAGE_PATH_MIN_WORDS = 2
"""Words (runs of letters and digits) a page's URL path must hold for a class/id word that
spells it to be read as the page's name (`page_path_words`): a folder and a file name
(`/api/Cookies.html`) are unmistakable, while one word alone (`/cookies`) may be the role of a
banner on that very page (a cookie policy's own `div.cookies`)."""
_PATH_WORD = re.compile(r"[^\W_]+")
_INDEX_WORDS = frozenset({"index"})
"""A folder's own page, which generators name `index` (`/api/` is `api/index.md`)."""


def page_path_words(url: str) -> tuple[str, ...]:
    """The words of a URL's path, lower-cased, its file extension (`.html`) and a closing `index`
    dropped: what a generator that names the content element after the page's path writes
    (VitePress: `<div class="vp-doc _api_Cookies">` on `/api/Cookies.html`). Empty when the path
    holds fewer than `PAGE_PATH_MIN_WORDS` words."""
    path = unquote(urlsplit(url).path).lower()
    head, _, last = path.rpartition("/")
    if "." in last:
        last = last.rsplit(".", 1)[0]
    words = _PATH_WORD.findall(f"{head}/{last}")
    if words and words[-1] in _INDEX_WORDS:
        words.pop()
    return tuple(words) if len(words) >= PAGE_PATH_MIN_WORDS else ()


def _names_page(word: str, path_words: tuple[str, ...]) -> bool:
    """The class/id word spells the page's own path (`page_path_words`): it names the page --
    its topic -- not the element's role, so the topic's words are no hint (a page on cookies is
    no cookie banner). Page-specific, so outside the per-word memos."""
    if not path_words:
        return False
    words = _PATH_WORD.findall(word.lower())
    if words and words[-1] in _INDEX_WORDS:
        words.pop()
    return tuple(words) == path_words


SECTION_HEADING_LOOKAHEAD = 4
"""Elements read into a section, in document order, to find its heading (the section itself,
its wrapper, the heading and the heading's anchor)."""


def _names_topic(element: etree._Element, word: str, path_words: tuple[str, ...]) -> bool:
    """The class/id word names what the page or section is about, not the element's role: a
    section's permalinked id (`_anchor_id`) or the page's own path (`_names_page`)."""
    return _anchor_id(element, word) or _names_page(word, path_words)


def _anchor_id(element: etree._Element, word: str) -> bool:
    """`word` is the element's whole id and its heading's permalink points to it: it names a
    documented section, not a role (`permalinked_section`)."""
    return word == element.get("id") and permalinked_section(element)


def permalinked_section(element: etree._Element) -> bool:
    """The element's first heading links to the element's own id (a permalink), whatever the id's
    words: documentation generators give every section an id and its heading a permalink to it.
    The id is the heading's slug (`<section id="cookies"><h3>Cookies<a href="#cookies">¶</a>`),
    a label an author wrote (Sphinx with MyST makes the label
    `(labels/parenthesize-expressions-with-comments)=` the id of the section headed
    "Parenthesizing expressions with parameter comments") or an API member's path
    (mkdocstrings' `mkdocs.structure.nav.Section.title`): either way it says what the section is
    about -- comments, cookies, navigation -- not that it is a comment thread, a cookie banner or
    a menu, which do not link their heading to themselves. Not a long slug as such: a consent
    plugin's `cookie-law-info-bar` and WordPress's `cancel-comment-reply-link` are ids of four
    words too (1,170 such comment and consent ids on the WCXB and Zyte pages; none permalinked)."""
    ident = element.get("id") or ""
    if not ident:
        return False
    target = f"#{ident}"
    for i, candidate in enumerate(element.iter(etree.Element)):
        if i > SECTION_HEADING_LOOKAHEAD:
            break
        if isinstance(candidate.tag, str) and candidate.tag in HEADING_TAGS:
            return any(a.get("href") == target for a in candidate.iter("a"))
    return False


def hint_of(element: etree._Element, pattern: re.Pattern[str], path_words: tuple[str, ...] = ()) -> str | None:
    """The first class/id word of `element` matching `pattern`, or None (layout names skipped,
    and variant utility tokens for boilerplate hints: see `VARIANT_TOKEN`). A custom element's
    name (a hyphen in the tag: `<site-footer>`, `<share-buttons>`) is read as one more class
    word: a web component names its role in its tag, not in a class (a docs site's licence
    note in `<devsite-content-footer>` under the article, with no footer class). Words that name
    the page or a documented section are skipped: a section's anchor (`_anchor_id`) and a word
    that spells the page's path (`path_words`, see `page_path_words`)."""
    tag = element.tag
    return _hint_in(element, pattern, element.get("class"), element.get("id"), tag if isinstance(tag, str) else "",
                    path_words)


def _hint_in(element: etree._Element, pattern: re.Pattern[str], cls: str | None, ident: str | None, tag: str,
             path_words: tuple[str, ...]) -> str | None:
    """`hint_of` with the element's class, id and tag read by the caller (`HintIndex.of` asks
    for three patterns of each element)."""
    if cls:
        for word, hint in _class_hints(pattern, cls):
            if not _names_topic(element, word, path_words):
                return hint
    if ident:
        for word in ident.split():
            id_hint = _word_hint(pattern, word)
            if id_hint is not None and not _names_topic(element, word, path_words):
                return id_hint
    if "-" in tag:
        tag_hint = _word_hint(pattern, tag)
        if tag_hint is not None and not _names_topic(element, tag, path_words):
            return tag_hint
    return None


HINT_WORDS_CACHE = 65536
"""Entries (pattern, word) of `_word_hint`'s memo: a page repeats a few hundred class words on
thousands of elements, each asked for its strong, weak and positive hints, so each regex runs
once per word instead of once per element and word (`STRONG_HINTS` takes 5-17 us a word). Sized
for a crawl that reads many pages of the same sites: the 181 Zyte pages hold 34,000 distinct
entries, and an LRU memo smaller than the words a crawl cycles through keeps almost none of
them for the next page of a site (at 16,384, 33,000 of 71,000 look-ups of a second pass
missed). About 190 bytes an entry with its key: 12.3 MB when full (docs/lab/2026-12-05-s19-soak.md)."""
HINT_CLASSES_CACHE = 32768
"""Entries (pattern, class attribute) of `_class_hints`' memo: the same class attribute recurs
on many elements of a page (every card, every menu item), so it is split and its words looked
up once per attribute instead of once per element. Above the 27,000 distinct entries of the
Zyte pages, as `HINT_WORDS_CACHE` is above theirs, and no larger: an entry holds the whole class
attribute and its hints, about 320 bytes, 21 MB at 65,536, and a worker filled that only after
its first few hundred pages (both memos at 32,768: the whole profile's CPU on Zyte 27.2 ->
27.3 ms median, 30.0 -> 29.6 mean; docs/lab/2026-12-05-s19-soak.md)."""


def _class_hints(pattern: re.Pattern[str], cls: str) -> tuple[tuple[str, str], ...]:
    """Each (word, hint) of a class attribute that `_word_hint` reads a hint in, in order.
    Memoised by the pattern's source, as `_word_hint` is."""
    return _source_class_hints(pattern.pattern, pattern.flags, pattern is POSITIVE_HINTS, cls)


POST_CLASS_MARK = re.compile(r"(?:^|\s)(?:status-publish|hentry|type-post)(?:\s|$)")
TAXONOMY_WORD = re.compile(r"(?:category|tag|format)-", re.I)
"""WordPress's `post_class()` prints a post's categories and tags among its classes
(`<article class="post-12 type-post status-publish hentry category-social-media tag-popular-brands">`,
on a story and on each card of a listing): they name the post's topics, not the element's role,
so beside the classes that mark a post (`status-publish`, `hentry`, `type-post`) a
`category-` or `tag-` word is no hint. Elsewhere `tag-list` and `category-nav` still are."""


@lru_cache(maxsize=HINT_CLASSES_CACHE)
def _source_class_hints(source: str, flags: int, positive: bool, cls: str) -> tuple[tuple[str, str], ...]:
    words = cls.split()
    if POST_CLASS_MARK.search(cls):
        words = [word for word in words if not TAXONOMY_WORD.match(word)]
    return tuple((word, hint) for word in words
                 if (hint := _source_word_hint(source, flags, positive, word)) is not None)


def _word_hint(pattern: re.Pattern[str], word: str) -> str | None:
    """What `hint_of` reads in one class/id word for `pattern` (the hint it matched, or None),
    before the one test that needs the element (`permalinked_section`). Memoised by the pattern's
    source: a compiled pattern hashes its whole program at every lookup."""
    return _source_word_hint(pattern.pattern, pattern.flags, pattern is POSITIVE_HINTS, word)


@lru_cache(maxsize=HINT_WORDS_CACHE)
def _source_word_hint(source: str, flags: int, positive: bool, word: str) -> str | None:
    """The hint is the word's own stretch the pattern matched, as written (a lower-cased copy
    keeps every position, see `_searcher`)."""
    if not positive and VARIANT_TOKEN.search(word):
        return None
    match = _searcher(source, flags)(word)
    return word[match.start():match.end()] if match and not _layout_name(word) else None


@cache
def _searcher(source: str, flags: int) -> Callable[[str], re.Match[str] | None]:
    """The search of a hint pattern, an ASCII word searched lower-cased without the case flag
    (`literals.caseless`: the same answer): a word asked for the first time is searched by the
    three long case-insensitive alternations, which fold each character's case at every step,
    about a tenth of a WCXB page's instructions compiled before this."""
    return caseless(re.compile(source, flags))


_layout_name = caseless(LAYOUT_NAME)
"""`LAYOUT_NAME.search`, an ASCII word lower-cased (`literals.caseless`)."""


COPYRIGHT_SPELLINGS = ("©", "(c)", "(C)")
"""A copyright mark in a block's text (`Features.copyright`): the sign, or "(c)"."""
COPYRIGHT_MARK = re.compile("|".join(map(re.escape, COPYRIGHT_SPELLINGS)))
"""Where the mark stands in a text (`rules/credited_story`)."""
CAPTION_HINTS = re.compile(r"caption|credit", re.I)
"""The strong hints that name a picture's small print (`wp-caption-text`, `photo-credit`)."""
HEADING_TAGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})


def strong_hint_of(element: etree._Element, path_words: tuple[str, ...] = ()) -> str | None:
    """The boilerplate class/id word of `element` itself (see `hint_of`), except a caption's word
    on an element that is or holds a heading: a picture's caption or credit is a line under it,
    while themes call a card's whole text box its caption too -- WooCommerce's `product-caption`
    holds each product's title, summary and price, and read as small print it wiped a shop's grid
    (`cards.item_hint` reads listings only, and that grid read as a thread of WordPress posts)."""
    tag = element.tag
    return _strong_hint_in(element, element.get("class"), element.get("id"), tag if isinstance(tag, str) else "",
                           path_words)


def _strong_hint_in(element: etree._Element, cls: str | None, ident: str | None, tag: str,
                    path_words: tuple[str, ...]) -> str | None:
    """`strong_hint_of` with the element's class, id and tag read by the caller (see `_hint_in`)."""
    return _kept_strong(element, _hint_in(element, STRONG_HINTS, cls, ident, tag, path_words))


def _kept_strong(element: etree._Element, hint: str | None) -> str | None:
    """The boilerplate hint `_hint_in` read, unless it is a caption's on an element that is or
    holds a heading (see `strong_hint_of`)."""
    if hint and CAPTION_HINTS.fullmatch(hint) and any(d.tag in HEADING_TAGS for d in element.iter()):
        return None
    return hint


def relative_font_size(doc: Document, element: etree._Element, body_font_px: float) -> float | None:
    """Font size against the body's; None for code (`<pre>`): monospace is set smaller by
    convention, and a code sample is no small print."""
    box = doc.box(element)
    if box is None or not box.font_size or not body_font_px or in_code(element):
        return None
    return box.font_size / body_font_px


def in_overlay(doc: Document, element: etree._Element) -> bool | None:
    """Inside a fixed or sticky layer (None without layout), unless the nearest such layer is a
    scroll lock: the page itself, SCROLL_LOCK_VIEWPORTS or more screens tall."""
    box = doc.box(element)
    if box is None:
        return None
    if not (box.overlay or box.position in ("fixed", "sticky")):
        return False
    viewport_height = doc.page.viewport[1]
    for layer in (element, *element.iterancestors()):
        layer_box = doc.box(layer)
        if layer_box is not None and layer_box.position in ("fixed", "sticky"):
            if layer_box.position == "sticky" and in_code(element):
                return False  # a code sample pinned beside the reference it illustrates (docs.py)
            return not (viewport_height and layer_box.height >= SCROLL_LOCK_VIEWPORTS * viewport_height)
    return True


@dataclass(frozen=True, slots=True)
class PageLayout:
    """Page-wide references the visual features are relative to (None without layout)."""

    body_font_px: float | None
    column_left: float | None
    column_width: float | None
    layers_are_page: bool = False
    """Fixed and sticky layers hold nearly all the page's words (`LAYERS_PAGE_MAX_FREE_SHARE`):
    they are the page, not overlays on it."""


def page_layout(doc: Document, blocks: list[Block]) -> PageLayout:
    """Dominant body font size and main text column, weighted by words of prose blocks."""
    if not doc.page.has_layout:
        return PageLayout(None, None, None)
    fonts: Counter[float] = Counter()
    lefts: Counter[int] = Counter()
    widths: Counter[int] = Counter()
    for block in blocks:
        box = doc.box(block.element)
        if box is None or block.words < 2:
            continue
        fonts[box.font_size] += block.words
        if box.width > 0:
            lefts[round(box.x)] += block.words
            widths[round(box.width)] += block.words
    if not fonts:
        return PageLayout(None, None, None)
    words = sum(block.words for block in blocks)
    free = sum(block.words for block in blocks if not in_overlay(doc, block.element))
    return PageLayout(
        fonts.most_common(1)[0][0],
        float(lefts.most_common(1)[0][0]) if lefts else None,
        float(widths.most_common(1)[0][0]) if widths else None,
        words >= LAYERS_PAGE_MIN_WORDS and free < LAYERS_PAGE_MAX_FREE_SHARE * words,
    )


def measure(doc: Document, block: Block, layout: PageLayout, hints: HintIndex, teaser: bool = False,
            density: float | None = None, ends: int | None = None,
            phrase_of: Callable[[str, int], str | None] = boilerplate_phrase,
            terms_of: Callable[[str, int], bool] = fulfilment_line) -> Features:
    """`density`, `ends`: the block's `text_density` and `sentence_ends` when the caller has
    worked them out already (`pipeline.measure_blocks` reads them for the running prose first).
    `phrase_of`, `terms_of`: `boilerplate_phrase` and `fulfilment_line`, or the caller's memo of
    them (`pipeline.measure_blocks` searches each distinct text of a page once)."""
    text = block.text
    box = doc.box(block.element)
    chrome, strong, weak, positive = hints.of(block.element)
    overruled = hints.overruled(block.element)
    return Features(
        words=block.words,
        link_density=link_density(block),
        text_density=text_density(text) if density is None else density,
        sentence_ends=sentence_ends(text) if ends is None else ends,
        pipes=text.count("|"),
        dates=1 if has_date(text) else 0,
        copyright=has_copyright(text),
        chrome_ancestor=chrome,
        strong_hint=strong,
        weak_hint=weak,
        positive_hint=positive,
        teaser=teaser,
        phrase=phrase_of(text, block.words),
        overruled_hint=overruled,
        terms_of_sale=terms_of(text, block.words),
        relative_font_size=relative_font_size(doc, block.element, layout.body_font_px or 0.0),
        in_overlay=in_overlay(doc, block.element) and not layout.layers_are_page,
        column_offset=(abs(box.x - layout.column_left) / layout.column_width)
        if box and layout.column_width and layout.column_left is not None else None,
    )


Hints = tuple[str | None, str | None, str | None, str | None]


def is_running_prose(block: Block, density: float | None = None, ends: int | None = None) -> bool:
    """Full sentences wrapped over lines with few links: what boilerplate is not made of.
    `density`, `ends`: the block's `text_density` and `sentence_ends` when the caller has them."""
    return (block.words >= PROSE_BLOCK_MIN_WORDS and link_density(block) <= PROSE_BLOCK_MAX_LINK_DENSITY
            and (text_density(block.text) if density is None else density) >= PROSE_BLOCK_MIN_DENSITY
            and (sentence_ends(block.text) if ends is None else ends) > 0)


def running_prose(f: Features) -> bool:
    """`is_running_prose` of a measured block, read from its features (the same four measures)."""
    return (f.words >= PROSE_BLOCK_MIN_WORDS and f.link_density <= PROSE_BLOCK_MAX_LINK_DENSITY
            and f.text_density >= PROSE_BLOCK_MIN_DENSITY and f.sentence_ends > 0)


def prose_words_below(blocks: list[Block], prose: Sequence[bool] | None = None) -> dict[etree._Element, int]:
    """Per element, the words of running-prose blocks inside it. `prose`: each block's
    `is_running_prose`, when the caller has it."""
    below: dict[etree._Element, int] = {}
    for i, block in enumerate(blocks):
        if not (is_running_prose(block) if prose is None else prose[i]):
            continue
        element: etree._Element | None = block.element
        while element is not None:
            below[element] = below.get(element, 0) + block.words
            element = element.getparent()
    return below


class HintIndex:
    """Semantic-ancestor and class/id hints per element, memoised up the tree.

    A block inherits the nearest boilerplate hint of its ancestors up to (not including) the
    `body`, because a page-wide class on `<body>` or `<html>` says nothing about one block.
    An element holding at least `HINT_OVERRULE_PROSE_WORDS` words of running prose (given as
    `prose_below`) does not pass its own boilerplate hint or chrome tag on: the text outweighs
    the name. The same prose keeps a nested `<article>` among others from reading as a teaser
    list: a listicle's items are whole reviews, a list of other stories is headlines and a line.
    `overruled(element)` says which hint was set aside, for `--explain`. Given the page's `url`,
    a class/id word that spells its path names the page's topic and is no hint (`_names_page`).
    """

    def __init__(self, prose_below: dict[etree._Element, int] | None = None, url: str = "") -> None:
        self._memo: dict[etree._Element, Hints] = {}
        self._prose = prose_below or {}
        self._overruled: dict[etree._Element, str] = {}
        """The overruled hint in force at an element, where there is one (few elements have one)."""
        self._path = page_path_words(url) if url else ()
        self._named: dict[str | None, tuple[str | None, str | None, str | None]] = {}
        """(strong, weak, positive) as `_hint_in` reads them, by class value, for the elements
        without an id whose tag is no custom element's: only an id can name a section
        (`_anchor_id`) and only a custom element's tag is read as a word, so the three patterns
        are searched once per class value of the page, not once per element."""
        self._named_custom: dict[tuple[str | None, str], tuple[str | None, str | None, str | None]] = {}
        """The same by class value and tag, for the custom elements (a hyphen in the tag)."""

    def _own_hints(self, element: etree._Element, cls: str | None, ident: str | None,
                   tag: str) -> tuple[str | None, str | None, str | None]:
        """The element's own (strong, weak, positive) hints before the caption test (`_kept_strong`)."""
        if ident:
            return self._searched(element, cls, ident, tag)
        if "-" in tag:
            key = (cls, tag)
            custom = self._named_custom.get(key)
            if custom is None:
                custom = self._named_custom[key] = self._searched(element, cls, None, tag)
            return custom
        found = self._named.get(cls)
        if found is None:
            found = self._named[cls] = self._searched(element, cls, None, tag)
        return found

    def _searched(self, element: etree._Element, cls: str | None, ident: str | None,
                  tag: str) -> tuple[str | None, str | None, str | None]:
        return (_hint_in(element, STRONG_HINTS, cls, ident, tag, self._path),
                _hint_in(element, WEAK_HINTS, cls, ident, tag, self._path),
                _hint_in(element, POSITIVE_HINTS, cls, ident, tag, self._path))

    def overruled(self, element: etree._Element) -> str | None:
        """The nearest boilerplate hint at or above `element` that its prose overruled."""
        self.of(element)
        return self._overruled.get(element)

    def of(self, element: etree._Element) -> Hints:
        """(chrome ancestor tag, strong hint, weak hint, positive hint) in force at `element`."""
        found = self._memo.get(element)
        if found is not None:
            return found
        raw_tag = element.tag  # lxml makes a new string at each read
        tag = raw_tag if isinstance(raw_tag, str) else ""
        parent = element.getparent()
        if tag in ("body", "html") or parent is None:
            found = (None, None, None, None)
        else:
            chrome, strong, weak, positive = self.of(parent)
            overruled = self._overruled.get(parent)
            prose = self._prose.get(element, 0) >= HINT_OVERRULE_PROSE_WORDS
            demoted = None
            cls, ident, role = _class_id_role(element)
            if tag == "main" or role == "main":
                # The page's own main landmark: chrome above it is a wrapper the markup misnested
                # (a whole page inside `<nav>`), not a sign about its text, and so is a class word
                # above it: a layout's name for the column beside the menu (Read the Docs'
                # `wy-nav-content`) or for a skip link's target (Docusaurus' `skipToContent`).
                # A comment thread or a consent dialog around a landmark stays what it is.
                chrome = None
                if strong and not (KEPT_HINTS.search(strong) or CONSENT_HINTS.search(strong)):
                    strong = None
                weak = None
            if tag in CHROME_TAGS:
                if prose and not chrome and tag not in KEPT_CHROME:
                    overruled = demoted = f"<{tag}>"
                else:
                    chrome = chrome or tag
            elif tag == "article" and not prose and _is_teaser_article(element):
                chrome = chrome or NESTED_ARTICLE_CHROME
            if cls or ident or "-" in tag:  # else `hint_of` reads nothing
                own_strong, own_weak, own_positive = self._own_hints(element, cls, ident, tag)
                own_strong = _kept_strong(element, own_strong)
            else:
                own_strong = own_weak = own_positive = None
            if own_strong and prose and not (KEPT_HINTS.search(own_strong) or CONSENT_HINTS.search(own_strong)) \
                    and not (PROMO_HINTS.search(own_strong) and repeated_pieces(element)):
                overruled = demoted = own_strong
                own_strong = None
            own_weak = own_weak or demoted
            if own_strong:
                strong = own_strong
            elif own_positive:
                # An article container resets what its outer layout said (Readability's
                # "ok maybe it's a candidate"). Not inside an author's box: its bio paragraph
                # carries the site's text style (`text-rich-text_author`), not an article's role.
                keep = strong is not None and AUTHOR_BOX_HINTS.search(strong) is not None
                positive, strong, weak = own_positive, strong if keep else None, None
            elif own_weak:
                weak = own_weak
            found = (chrome, strong, weak, positive)
            if overruled is not None:
                self._overruled[element] = overruled
        self._memo[element] = found
        return found


def _class_id_role(element: etree._Element) -> tuple[str | None, str | None, str | None]:
    """The element's `class`, `id` and `role` (each None when absent), read by one call to lxml
    (`items()`), not three (`get`): `HintIndex.of` asks them of every ancestor of every block,
    and each `get` encodes its name for libxml2 before the look-up. The first of a repeated
    name, as `get` answers."""
    cls = ident = role = None
    for name, value in element.items():
        if name == "class":
            if cls is None:
                cls = value
        elif name == "id":
            if ident is None:
                ident = value
        elif name == "role" and role is None:
            role = value
    return cls, ident, role


_LINKED_TITLE = etree.XPath("boolean(.//*[self::h2 or self::h3 or self::h4 or self::h5 or self::h6]//a[@href] "
                            "| .//a[@href][.//h2 or .//h3 or .//h4 or .//h5 or .//h6 or .//img])")
"""A piece titled by a link to elsewhere: a linked heading, or a link around a heading or a picture."""


def repeated_pieces(element: etree._Element) -> bool:
    """The element's text is `PIECES_MIN` or more like pieces -- children sharing tag and
    classes (digits dropped), each titled by a link to elsewhere (a slide's, a card's linked
    heading or picture) -- below at most `PIECES_MAX_DEPTH` wrappers, each the child holding
    `PIECES_WRAPPER_SHARE` of its parent's text (the promotion's title beside it)."""
    for _ in range(PIECES_MAX_DEPTH + 1):
        children = [c for c in element if isinstance(c.tag, str)]
        shapes = Counter(f"{c.tag!s}.{_DIGITS.sub('', str(c.get('class') or ''))}" for c in children
                         if _LINKED_TITLE(c))
        if shapes and shapes.most_common(1)[0][1] >= PIECES_MIN:
            return True
        sizes = [len(text_of(c)) for c in children]
        if not sizes or max(sizes) < PIECES_WRAPPER_SHARE * sum(sizes):
            return False
        element = children[sizes.index(max(sizes))]
    return False


def _is_teaser_article(element: etree._Element) -> bool:
    """An `<article>` inside another one with `<article>` siblings: a list of other stories.
    (A lone nested `<article>` is often just the same story wrapped twice.)"""
    if next(element.iterancestors("article"), None) is None:  # lxml tests the tag in C
        return False
    parent = element.getparent()
    return parent is not None and sum(1 for c in parent if c.tag == "article") >= 2
