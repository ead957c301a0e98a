"""Main text: the article body, without navigation, sidebars, banners and footers.

Foundation version: paragraphs outside page chrome, grouped by container, the container with
the most words wins. The visual boilerplate scorer replaces the choice of container.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from lxml import etree

from extraction.document import Document

CHROME_TAGS = frozenset({"nav", "header", "footer", "aside", "form", "script", "style", "noscript"})
"""Elements whose text is page chrome, never article text."""

TEXT_TAGS = ("p", "h2", "h3", "h4", "blockquote", "pre", "li")


@dataclass(frozen=True, slots=True)
class MainText:
    body: str
    sections: tuple[str, ...]
    source: str


def main_text(doc: Document) -> MainText:
    blocks = [el for el in doc.root.iter(*TEXT_TAGS) if _eligible(doc, el)]
    words: dict[etree._Element, int] = defaultdict(int)
    for el in blocks:
        if el.tag == "p":
            words[el.getparent()] += len(el.text_content().split())
    if not words:
        return MainText("", (), "heuristic")
    container = max(words, key=words.__getitem__)
    chosen = [el for el in blocks if el.getparent() is container]
    paragraphs = [" ".join(el.text_content().split()) for el in chosen]
    sections = tuple(" ".join(el.text_content().split()) for el in chosen if el.tag in ("h2", "h3"))
    return MainText("\n\n".join(p for p in paragraphs if p), sections, "heuristic")


def _eligible(doc: Document, el: etree._Element) -> bool:
    if doc.is_hidden(el):
        return False
    for ancestor in el.iterancestors():
        if ancestor.tag in CHROME_TAGS:
            return False
        box = doc.box(ancestor)
        if box is not None and box.position == "fixed":
            return False
    return True
