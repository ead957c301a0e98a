"""Build the old-web corpus: pages in the style of 2005-2015 blogs and news, and today's equivalents, with gold.

    .venv/bin/python bench/oldweb/build.py            # writes bench/corpora/oldweb/ (pages/, gold.json)
    .venv/bin/python bench/oldweb/build.py --check    # exits 1 if the committed corpus differs from a fresh build

Issue 32: on 2008-2013 news and blog pages the main text lost precision to readers' comments,
blogrolls and feed/trackback/print boxes, and rails of other stories; two stories were lost
outright (one inside an ASP.NET <form>). This corpus holds such pages with a known gold -- the
story's headline and text, captions and subheads included, nothing else -- so the precision can
be measured and tuned on one half and checked on the other. Each page is drawn from a seed made
of its template's name and number, so the build is the same on every machine.

Halves are by template (`TEMPLATES[...].half`): the held half's templates never appear in the tune
half, so a rule that learned a template's class names cannot pass the check by memory.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

import lxml.html

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT))

from bench.oldweb import boards, crowded, embeds, europe, forums, modern, more, old, reactions, replies, tables, views  # noqa: E402
from bench.oldweb.parts import Page, slug  # noqa: E402
from bench.oldweb.prose import Comment, comments, site_name, story, teasers  # noqa: E402
from bench.oldweb.words import CHROME, LANGUAGES  # noqa: E402

CORPUS = ROOT / "bench" / "corpora" / "oldweb"
PAGES_PER_TEMPLATE = 15
OLD_YEARS = (2005, 2015)
NEW_YEARS = (2019, 2026)
LANGUAGE_WEIGHTS = (0.5, 0.1, 0.1, 0.1, 0.1, 0.1)  # en first, then de, fr, es, it, nl: as LANGUAGES
LANGUAGE_WEIGHTS_EUROPE = (0.1, 0.3, 0.2, 0.2, 0.1, 0.1)  # a template of a European blog engine: its pages mostly not English
LANGUAGE_WEIGHTS_DUTCH = (0.1, 0.1, 0.1, 0.05, 0.05, 0.6)  # a template of Dutch and Flemish papers: its pages mostly Dutch
LONG_THREAD = (20, 80)  # top-level comments of a long-thread variant: the worst pages, a thread many times the story
LONG_THREAD_TEMPLATES = ("wp-kubrick", "table-news", "aspnet-cms", "wp-twentyten", "table-news-br", "dotnetnuke", "cutenews",
                         "reacties-paper")
"""Templates drawn again with long threads (`<name>-long`, in the template's half): five tune, three held of like shapes."""
NO_COMMENTS_SHARE = 0.25  # a quarter of the pages of commented templates have none (yet), as many stories had


@dataclass(frozen=True)
class Template:
    render: Callable[[Page, random.Random], str]
    half: str  # "tune" or "held"
    era: str  # "old" (2005-2015) or "new"
    blog: bool  # a blog's name rather than a paper's
    top_comments: tuple[int, int]  # top-level comments when the page has any; (0, 0) none
    max_depth: int  # 0: a flat list
    teasers: int  # other stories on the page (rails, related lists, slideshow slides)
    captions: bool = False
    languages: tuple[float, ...] = LANGUAGE_WEIGHTS  # the pages' languages, weighted as LANGUAGES


TEMPLATES: dict[str, Template] = {
    "wp-kubrick": Template(old.wp_kubrick, "tune", "old", True, (2, 25), 0, 8),
    "wp-twentyten": Template(old.wp_twentyten, "held", "old", True, (2, 12), 3, 8, True),
    "movabletype": Template(old.movabletype, "tune", "old", True, (1, 20), 0, 8, True),
    "typepad": Template(old.typepad, "held", "old", True, (1, 20), 0, 10),
    "blogger-classic": Template(old.blogger_classic, "tune", "old", True, (1, 30), 0, 10),
    "drupal6": Template(old.drupal6, "held", "old", True, (1, 10), 3, 6),
    "table-news": Template(old.table_news, "tune", "old", False, (1, 15), 0, 13, True),
    "table-news-br": Template(old.table_news_br, "held", "old", False, (1, 20), 0, 9, True),
    "slashdot": Template(old.slashdot, "tune", "old", False, (3, 12), 4, 6),
    "forum-replies": Template(old.forum_replies, "held", "old", True, (2, 15), 0, 5),
    "aspnet-form": Template(old.aspnet_form, "tune", "old", False, (1, 12), 0, 9),
    "dotnetnuke": Template(old.dotnetnuke, "held", "old", False, (1, 10), 0, 9, True),
    "slideshow-rail": Template(old.slideshow_rail, "held", "old", False, (0, 10), 0, 14, True),
    "news-2010": Template(old.news_2010, "tune", "old", False, (1, 15), 1, 12, True),
    "disqus": Template(modern.disqus, "held", "new", False, (0, 0), 0, 4, True),
    "discourse": Template(modern.discourse, "tune", "new", True, (2, 15), 0, 5),
    "facebook": Template(modern.facebook, "held", "new", False, (0, 0), 0, 9, True),
    "aside-rails": Template(modern.aside_rails, "tune", "new", False, (0, 0), 0, 14, True),
    "wp-html5": Template(modern.wp_html5, "held", "new", True, (1, 12), 3, 5),
    "news-comments": Template(modern.news_comments, "tune", "new", False, (2, 20), 2, 6, True),
    "phpnuke": Template(more.phpnuke, "tune", "old", False, (1, 12), 2, 10, True),
    "aspnet-cms": Template(more.aspnet_cms, "tune", "old", False, (1, 12), 0, 9, True),
    "forum-story": Template(more.forum_story, "tune", "old", False, (2, 15), 0, 8),
    "disqus-wp": Template(embeds.disqus_wp, "tune", "old", True, (8, 40), 2, 6, True),
    "scoop": Template(embeds.scoop, "tune", "old", False, (5, 30), 4, 5),
    "intensedebate": Template(embeds.intensedebate, "held", "old", True, (8, 40), 2, 6),
    "livefyre": Template(embeds.livefyre, "held", "new", False, (8, 40), 2, 9, True),
    "regional-news": Template(crowded.regional_news, "tune", "old", False, (20, 120), 0, 8, True),
    "tabloid-tables": Template(crowded.tabloid_tables, "held", "old", False, (20, 120), 0, 6, True),
    "smf-topic": Template(boards.smf_topic, "tune", "old", False, (3, 25), 0, 6, True),
    "ipb-topic": Template(boards.ipb_topic, "held", "old", True, (3, 25), 0, 6),
    "vb3-blog": Template(tables.vb3_blog, "tune", "old", True, (2, 20), 0, 6),
    "cutenews": Template(tables.cutenews, "tune", "old", False, (1, 25), 0, 6, True),
    "phpbb2-story": Template(tables.phpbb2_story, "tune", "old", False, (2, 20), 0, 6, True),
    "fusion-news": Template(tables.fusion_news, "tune", "old", False, (1, 25), 0, 6, True),
    "fusion-news-local": Template(tables.fusion_news_local, "tune", "old", False, (1, 25), 0, 6, True,
                                  languages=LANGUAGE_WEIGHTS_EUROPE),
    "s9y-blog": Template(europe.s9y_blog, "tune", "old", True, (1, 20), 0, 6, languages=LANGUAGE_WEIGHTS_EUROPE),
    "reacties-paper": Template(reactions.reacties_paper, "tune", "old", False, (1, 20), 0, 6, True,
                               languages=LANGUAGE_WEIGHTS_DUTCH),
    "phpbb3-story": Template(reactions.phpbb3_story, "tune", "old", False, (2, 20), 0, 6, True),
    "vb3-postbit": Template(forums.vb3_postbit, "tune", "old", True, (2, 20), 0, 6),
    "views-box": Template(views.views_box, "tune", "old", False, (1, 20), 0, 6, True),
    "reply-tables": Template(replies.reply_tables, "tune", "old", True, (2, 20), 0, 6),
}
TEMPLATES.update({f"{name}-long": replace(TEMPLATES[name], top_comments=LONG_THREAD) for name in LONG_THREAD_TEMPLATES})
"""Every template, its half and what its pages carry; tune and held each hold old and new templates."""


def draw(name: str, number: int) -> Page:
    spec = TEMPLATES[name]
    rng = random.Random(f"{name}-{number}")
    lang = rng.choices(LANGUAGES, spec.languages)[0]
    years = OLD_YEARS if spec.era == "old" else NEW_YEARS
    years = (years[0], rng.randint(*years))  # the page's year last: the story's and its comments' year
    the_story = story(rng, lang, (years[1], years[1]), captions=spec.captions and rng.random() < 0.5, subheads=rng.random() < 0.3)
    thread: tuple[Comment, ...] = ()
    if spec.top_comments[1] and rng.random() >= NO_COMMENTS_SHARE:
        thread = comments(rng, lang, (years[1], years[1]), spec.top_comments, spec.max_depth)
    site = site_name(rng, spec.blog)
    page_id = f"{name}-{number:03d}"
    url = f"http://www.{slug(site)}.example.com/{years[1]}/{slug(the_story.headline)}.html"
    blurbs = (2, 5) if name == "slideshow-rail" else (1, 2)  # a slideshow's slides carry a paragraph each
    return Page(page_id, lang, site, url, the_story, thread, teasers(rng, lang, spec.teasers, blurbs), years)


def build() -> dict[str, tuple[str, dict[str, object]]]:
    """page id -> (HTML, gold record)."""
    missing = [(lang, key) for lang in LANGUAGES for key in CHROME["en"] if key not in CHROME[lang]]
    if missing:
        raise SystemExit(f"chrome phrases missing: {missing}")
    out: dict[str, tuple[str, dict[str, object]]] = {}
    for name, spec in TEMPLATES.items():
        for number in range(PAGES_PER_TEMPLATE):
            page = draw(name, number)
            rng = random.Random(f"layout-{page.page_id}")
            html = spec.render(page, rng)
            _check_gold_on_page(html, page)
            comment_words = sum(len(text.split()) for c in _walk(page.comments) for text in c.paragraphs)
            out[page.page_id] = (html, {"articleBody": page.story.gold, "headline": page.story.headline, "url": page.url, "template": name, "half": spec.half,
                                        "era": spec.era, "lang": page.lang, "story_words": page.story.words,
                                        "comment_words": comment_words})
    return out


def _check_gold_on_page(html: str, page: Page) -> None:
    """Every line of the gold is text the page shows, so no page's gold asks for what is not there."""
    shown = " ".join(lxml.html.document_fromstring(html).text_content().split())
    absent = [line for line in page.story.gold.split("\n\n") if " ".join(line.split()) not in shown]
    if absent:
        raise SystemExit(f"{page.page_id}: gold not on the page: {absent[0][:80]}")


def _walk(tree: tuple[Comment, ...]) -> list[Comment]:
    return [c for top in tree for c in (top, *_walk(top.replies))]


def write(corpus: dict[str, tuple[str, dict[str, object]]], folder: Path) -> None:
    pages = folder / "pages"
    pages.mkdir(parents=True, exist_ok=True)
    for old_page in pages.glob("*.html"):
        if old_page.stem not in corpus:
            old_page.unlink()
    for page_id, (html, _) in corpus.items():
        (pages / f"{page_id}.html").write_text(html + "\n", encoding="utf-8")
    gold = {page_id: record for page_id, (_, record) in corpus.items()}
    (folder / "gold.json").write_text(json.dumps(gold, ensure_ascii=False, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def differences(corpus: dict[str, tuple[str, dict[str, object]]], folder: Path) -> list[str]:
    gold = json.loads((folder / "gold.json").read_text(encoding="utf-8")) if (folder / "gold.json").exists() else {}
    bad = [page_id for page_id, (html, record) in corpus.items()
           if gold.get(page_id) != record or not (folder / "pages" / f"{page_id}.html").exists()
           or (folder / "pages" / f"{page_id}.html").read_text(encoding="utf-8") != html + "\n"]
    return bad + sorted(set(gold) - set(corpus))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--out", type=Path, default=CORPUS)
    ap.add_argument("--check", action="store_true", help="compare a fresh build with the folder instead of writing it")
    args = ap.parse_args(argv)
    corpus = build()
    if args.check:
        bad = differences(corpus, args.out)
        print(f"{len(corpus)} pages; {len(bad)} differ from {args.out}" + (f": {', '.join(bad[:10])}" if bad else ""))
        return 1 if bad else 0
    write(corpus, args.out)
    halves = {half: sum(1 for _, record in corpus.values() if record["half"] == half) for half in ("tune", "held")}
    print(f"wrote {len(corpus)} pages of {len(TEMPLATES)} templates to {args.out} (tune {halves['tune']}, held {halves['held']})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
