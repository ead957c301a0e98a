"""A page's content for the old-web corpus: a story (the gold), readers' comments and teasers of other stories.

Drawn from `words.py`'s grammar with a seeded `random.Random`, so one seed makes one page's text.
Story lengths follow the issue's description of 2008-2013 news and blog pages: most stories are
short (the median about 160 words), some run long; comments, when a page has them, are often more
words than the story.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from bench.oldweb.words import CHROME, FRAMES, GRAMMAR, HANDLES, MONTHS

SHORT_STORY_WORDS = (70, 180)  # most stories: a blog post or a news brief
MEDIUM_STORY_WORDS = (250, 520)
LONG_STORY_WORDS = (600, 1000)
STORY_LENGTH_WEIGHTS = (0.65, 0.25, 0.10)  # short, medium, long: a median near 160 words
NUMBER_SENTENCE_SHARE = 0.12  # a sentence with figures now and then, as news prose has
SENTENCES_PER_PARAGRAPH = (1, 4)
TOWNS = ("Millbrook", "Harwick", "Oakdale", "Belford", "Kingsport", "Ashton", "Fairhaven", "Linden", "Stonebridge",
         "Westerby", "Rosenau", "Haldern", "Beaulieu", "Valmonte", "Roccaforte", "Zandvoorde")
PAPERS = ("Courier", "Gazette", "Daily", "Observer", "Herald", "Tribune", "Chronicle", "Post", "Journal", "Echo")
BLOG_NAMES = ("Notes from the Porch", "The Accidental Gardener", "Bits and Bytes", "Small Town Pages", "Around the Block",
              "Ink and Coffee", "Half Past Seven", "The Long Way Home", "Weekend Tinkerer", "Letters from the Coast")


@dataclass(frozen=True)
class Block:
    """One block of a story's text, in reading order."""

    kind: str  # "p" paragraph, "h" subheading, "caption" a photo's caption inside the story
    text: str


@dataclass(frozen=True)
class Story:
    headline: str
    author: str
    date: str
    blocks: tuple[Block, ...]

    @property
    def gold(self) -> str:
        """What a reader came for: the headline and the story's blocks (captions and subheads included, as the benchmarks keep)."""
        return "\n\n".join((self.headline, *(block.text for block in self.blocks)))

    @property
    def words(self) -> int:
        return sum(len(block.text.split()) for block in self.blocks)


@dataclass(frozen=True)
class Comment:
    author: str
    date: str
    title: str  # Slashdot and Drupal give each comment a subject line
    paragraphs: tuple[str, ...]
    score: int  # a Slashdot-style moderation score, -1..5
    replies: tuple[Comment, ...] = ()

    def count(self) -> int:
        return 1 + sum(reply.count() for reply in self.replies)


@dataclass(frozen=True)
class Teaser:
    """Another story, as rails, slideshows and related lists show it."""

    headline: str
    blurb: str


def _draw(rng: random.Random, lang: str, slot: str) -> str:
    return rng.choice(GRAMMAR[lang][slot])


def person(rng: random.Random, lang: str) -> str:
    return f"{_draw(rng, lang, 'first')} {_draw(rng, lang, 'last')}"


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def sentence(rng: random.Random, lang: str) -> str:
    if rng.random() < NUMBER_SENTENCE_SHARE:
        return _draw(rng, lang, "number").format(n=rng.randint(3, 950), m=rng.randint(2, 40), y=rng.randint(1995, 2012))
    frame = rng.choice(FRAMES[lang])
    subject, subject2 = _draw(rng, lang, "subject"), _draw(rng, lang, "subject")
    return _capital(frame.format(
        S=_capital(subject), s=subject, s2=subject2, V=_draw(rng, lang, "verb"), V2=_draw(rng, lang, "verb"),
        O=_draw(rng, lang, "object"), O2=_draw(rng, lang, "object"), T=_draw(rng, lang, "time"),
        C=_draw(rng, lang, "connector"), Q=_draw(rng, lang, "quote"), N=person(rng, lang), R=_draw(rng, lang, "role")))


def paragraph(rng: random.Random, lang: str, sentences: tuple[int, int] = SENTENCES_PER_PARAGRAPH) -> str:
    return " ".join(sentence(rng, lang) for _ in range(rng.randint(*sentences)))


def headline(rng: random.Random, lang: str) -> str:
    frame = FRAMES[lang][0]
    text = frame.format(S=_capital(_draw(rng, lang, "subject")), V=_draw(rng, lang, "verb"), O=_draw(rng, lang, "object"),
                        T="").replace("  ", " ")
    return text.rstrip(". ").replace(" .", "")


def date(rng: random.Random, lang: str, years: tuple[int, int]) -> str:
    day, month, year = rng.randint(1, 28), rng.randrange(12), rng.randint(*years)
    name = MONTHS[lang][month]
    return f"{name} {day}, {year}" if lang == "en" else f"{day}. {name} {year}" if lang == "de" else f"{day} {name} {year}"


def story(rng: random.Random, lang: str, years: tuple[int, int], captions: bool = False, subheads: bool = False) -> Story:
    low, high = rng.choices((SHORT_STORY_WORDS, MEDIUM_STORY_WORDS, LONG_STORY_WORDS), STORY_LENGTH_WEIGHTS)[0]
    target = rng.randint(low, high)
    blocks: list[Block] = []
    words = 0
    while words < target:
        if subheads and blocks and words > 200 and rng.random() < 0.2:
            blocks.append(Block("h", headline(rng, lang)))
        text = paragraph(rng, lang)
        blocks.append(Block("p", text))
        words += len(text.split())
    if captions:
        caption = f"{CHROME[lang]['caption']} {paragraph(rng, lang, (1, 1))} ({person(rng, lang)})"
        blocks.insert(rng.randint(0, min(2, len(blocks))), Block("caption", caption))
    return Story(headline(rng, lang), person(rng, lang), date(rng, lang, years), tuple(blocks))


def _comment_text(rng: random.Random, lang: str) -> tuple[str, ...]:
    first = " ".join((_draw(rng, lang, "opinion"), *(sentence(rng, lang) for _ in range(rng.randint(0, 3)))))
    more = tuple(paragraph(rng, lang, (1, 3)) for _ in range(rng.choices((0, 1, 2), (0.6, 0.3, 0.1))[0]))
    return (first, *more)


def _author(rng: random.Random, lang: str) -> str:
    pick = rng.random()
    return rng.choice(HANDLES) if pick < 0.55 else person(rng, lang) if pick < 0.9 else CHROME[lang]["anonymous"]


def comment(rng: random.Random, lang: str, years: tuple[int, int], depth: int, max_depth: int) -> Comment:
    replies: tuple[Comment, ...] = ()
    if depth < max_depth:
        replies = tuple(comment(rng, lang, years, depth + 1, max_depth)
                        for _ in range(rng.choices((0, 1, 2, 3), (0.55, 0.3, 0.1, 0.05))[0]))
    return Comment(_author(rng, lang), date(rng, lang, years), headline(rng, lang)[:60], _comment_text(rng, lang),
                   rng.randint(-1, 5), replies)


def comments(rng: random.Random, lang: str, years: tuple[int, int], top: tuple[int, int], max_depth: int) -> tuple[Comment, ...]:
    """A comment section: `top` bounds the top-level comments; `max_depth` 0 is a flat list."""
    return tuple(comment(rng, lang, years, 0, max_depth) for _ in range(rng.randint(*top)))


def teasers(rng: random.Random, lang: str, count: int, blurb_sentences: tuple[int, int] = (1, 2)) -> tuple[Teaser, ...]:
    return tuple(Teaser(headline(rng, lang), paragraph(rng, lang, blurb_sentences)) for _ in range(count))


def site_name(rng: random.Random, blog: bool) -> str:
    return rng.choice(BLOG_NAMES) if blog else f"The {rng.choice(TOWNS)} {rng.choice(PAPERS)}"


def flatten(tree: tuple[Comment, ...]) -> list[tuple[int, Comment]]:
    """Comments in reading order with their depth."""
    out: list[tuple[int, Comment]] = []

    def walk(items: tuple[Comment, ...], depth: int) -> None:
        for item in items:
            out.append((depth, item))
            walk(item.replies, depth + 1)

    walk(tree, 0)
    return out
