"""Pieces the old-web templates share: the page's content, a story's markup in several period styles, and chrome.

Each template in `old.py` and `modern.py` lays these out its own way; what is shared here is only
what many CMSs printed alike (a blog's sidebar, a story's share tools, a photo with its caption).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from html import escape

from bench.oldweb.prose import BLOG_NAMES, Comment, Story, Teaser, person
from bench.oldweb.words import CHROME, MONTHS

SHARE_SITES_OLD = ("Digg", "del.icio.us", "StumbleUpon", "Reddit", "Facebook", "Twitter", "Technorati", "Newsvine")
SHARE_SITES_NEW = ("Facebook", "X", "LinkedIn", "WhatsApp", "Reddit", "Flipboard", "Email")


@dataclass(frozen=True)
class Page:
    """Everything one page shows, drawn before a template lays it out."""

    page_id: str
    lang: str
    site: str
    url: str
    story: Story
    comments: tuple[Comment, ...]
    teasers: tuple[Teaser, ...]  # related stories, a rail, a slideshow's slides
    years: tuple[int, int]

    def t(self, key: str, **values: object) -> str:
        """A chrome phrase in the page's language, escaped for HTML."""
        return escape(CHROME[self.lang][key].format(**values))


def e(text: str) -> str:
    return escape(text)


def slug(text: str) -> str:
    return "-".join("".join(c for c in word.lower() if c.isalnum()) for word in text.split()[:6])


def caption_markup(text: str, style: str, image: str) -> str:
    if style == "table":
        return (f'<table class="photo" width="300" align="right" cellpadding="2"><tr><td><img src="{image}" width="300" '
                f'height="200" alt=""></td></tr><tr><td class="caption"><font size="1">{e(text)}</font></td></tr></table>')
    if style == "wp":
        return (f'<div class="wp-caption alignright" style="width: 310px"><img src="{image}" width="300" height="200" alt="">'
                f'<p class="wp-caption-text">{e(text)}</p></div>')
    if style == "figure":
        return f'<figure class="inline-image"><img src="{image}" alt="" loading="lazy"><figcaption>{e(text)}</figcaption></figure>'
    return f'<div class="image"><img src="{image}" alt=""><div class="cutline">{e(text)}</div></div>'

def story_runs(page: Page, caption_style: str, br: str = "<br><br>", one_block: bool = False) -> str:
    """The story as text runs parted by `br` (an editor's newlines), a subhead in <b>, captions in their period
    markup; `one_block`: parted by one break and an indent instead, as PHP-Nuke saved them (one block of text)."""
    out: list[str] = []
    for i, block in enumerate(page.story.blocks):
        if block.kind == "caption":
            out.append(caption_markup(block.text, caption_style, f"/images/{slug(page.story.headline)}-{i}.jpg"))
        elif block.kind == "h":
            out.append(f"<b>{e(block.text)}</b>{br}")
        elif one_block:
            out.append(f"&nbsp;&nbsp;&nbsp;&nbsp;{e(block.text)}<br>")
        else:
            out.append(f"{e(block.text)}{br}")
    return "\n".join(out)



def story_markup(story: Story, style: str = "p", caption_style: str = "div", heading: str = "h3") -> str:
    """The story's blocks: "p" paragraphs, "br" text runs split by <br><br> (table-era CMSs), "font" <p><font>."""
    out: list[str] = []
    for i, block in enumerate(story.blocks):
        if block.kind == "caption":
            out.append(caption_markup(block.text, caption_style, f"/images/{slug(story.headline)}-{i}.jpg"))
        elif block.kind == "h":
            out.append(f"<{heading}>{e(block.text)}</{heading}>" if style != "br" else f"<b>{e(block.text)}</b><br><br>")
        elif style == "br":
            out.append(f"{e(block.text)}<br><br>")
        elif style == "font":
            out.append(f'<p><font face="Verdana, Arial" size="2">{e(block.text)}</font></p>')
        else:
            out.append(f"<p>{e(block.text)}</p>")
    return "\n".join(out)


def link_list(items: list[str], css: str = "", prefix: str = "/") -> str:
    cls = f' class="{css}"' if css else ""
    return f"<ul{cls}>" + "".join(f'<li><a href="{prefix}{slug(item)}/">{e(item)}</a></li>' for item in items) + "</ul>"


def archive_months(page: Page, rng: random.Random, count: int) -> list[str]:
    year = page.years[1]
    months = MONTHS[page.lang]
    return [f"{months[(11 - i) % 12]} {year - i // 12}" for i in range(rng.randint(count // 2, count))]


def blogroll(rng: random.Random, lang: str, count: int) -> list[str]:
    return rng.sample(BLOG_NAMES, min(count, len(BLOG_NAMES))) + [f"{person(rng, lang)}'s weblog" for _ in range(2)]


def blog_sidebar(page: Page, rng: random.Random, widget: str = "li", title: str = "h2") -> str:
    """A 2000s blog's sidebar: search, recent posts, archives, categories, blogroll, meta and feed links."""
    t = page.t
    sections = [
        (t("search"), f'<form method="get" action="/"><input type="text" name="s" size="15"><input type="submit" value="{t("search")}"></form>'),
        (t("recent"), link_list([teaser.headline for teaser in page.teasers[:5]])),
        (t("archives"), link_list(archive_months(page, rng, 14), prefix="/archives/")),
        (t("categories"), link_list([t("news"), t("culture"), t("sport"), t("opinion"), t("photos")], prefix="/category/")),
        (t("blogroll"), link_list(blogroll(rng, page.lang, 6), prefix="http://blogs.example.net/")),
        (t("meta"), f'<ul><li><a href="/wp-login.php">{t("login")}</a></li><li><a href="/feed/">{t("rss")}</a></li>'
                    f'<li><a href="/comments/feed/">{t("rss_comments")}</a></li><li><a href="/feed/">{t("subscribe_feed")}</a></li></ul>'),
    ]
    rng.shuffle(sections)
    if widget == "li":
        return "<ul>" + "".join(f'<li class="widget"><{title}>{name}</{title}>{body}</li>' for name, body in sections) + "</ul>"
    return "".join(f'<div class="{widget}"><{title}>{name}</{title}>{body}</div>' for name, body in sections)


def share_tools(page: Page, rng: random.Random, old: bool = True, sep: str = " | ") -> str:
    sites = rng.sample(SHARE_SITES_OLD if old else SHARE_SITES_NEW, 4)
    tools = [f'<a href="/print/{page.page_id}">{page.t("print")}</a>', f'<a href="/email/{page.page_id}">{page.t("email")}</a>',
             f'{page.t("share")}: ' + " ".join(f'<a href="http://share.example.com/{s.lower()}">{e(s)}</a>' for s in sites)]
    return sep.join(tools)


def teaser_list(page: Page, teasers: tuple[Teaser, ...], blurbs: bool, css: str = "related") -> str:
    items = "".join(f'<li><a href="/{slug(teaser.headline)}.html">{e(teaser.headline)}</a>'
                    + (f"<p>{e(teaser.blurb)}</p>" if blurbs else "") + "</li>" for teaser in teasers)
    return f'<ul class="{css}">{items}</ul>'


def nav(page: Page, css: str = "nav") -> str:
    keys = ("home", "news", "sport", "business", "culture", "opinion", "photos", "video", "weather")
    return f'<ul class="{css}">' + "".join(f'<li><a href="/{k}/">{page.t(k)}</a></li>' for k in keys) + "</ul>"


def footer_text(page: Page) -> str:
    year = page.years[1]
    return (f'&copy; {year} {e(page.site)}. {page.t("rights")} <a href="/terms">{page.t("terms")}</a> | '
            f'<a href="/privacy">{page.t("privacy")}</a> | <a href="/contact">{page.t("contact")}</a>')


def paragraphs(comment: Comment) -> str:
    return "".join(f"<p>{e(text)}</p>" for text in comment.paragraphs)


def doctype(old: bool) -> str:
    if old:
        return ('<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" '
                '"http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">')
    return "<!DOCTYPE html>"


def head(page: Page, old: bool, extra: str = "") -> str:
    title = f"{e(page.story.headline)} | {e(page.site)}"
    charset = '<meta http-equiv="Content-Type" content="text/html; charset=utf-8">' if old else '<meta charset="utf-8">'
    return (f'{doctype(old)}\n<html lang="{page.lang}"><head>{charset}<title>{title}</title>'
            f'<link rel="stylesheet" href="/style.css" type="text/css">{extra}</head>')
