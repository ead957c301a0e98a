"""A page of short sections (`arbiter.service_sections`): when the page-kind model names it
multi-section but the rules read it as one region, the blocks the context pass left out for
their neighbours -- a section's heading with no paragraph under it, a tile's short line beside
a share bar -- are the page's, and are kept; on a page named an article, or read as
documentation (its own structure rules), they stay out."""

from __future__ import annotations

import dataclasses

from extraction.text.arbiter import SECTION_WHY, SERVICE_MIN_PROBABILITY, service_sections
from extraction.text.blocks import Gate, segment
from extraction.text.context import NEIGHBOUR_WHYS
from extraction.text.layout import ARTICLE, DOCUMENTATION, MULTI_SECTION, LayoutKind
from extraction.text.pipeline import select
from tests.extraction.text.helpers import STORY_SENTENCE, page

SHARE = "<div class='share'><a href='/s/x'>Share on X</a> <a href='/s/f'>Share on Facebook</a></div>"


def _read(named: str, probability: float = 0.9):
    body = (f"<main><h2>Managed backups</h2><p>{STORY_SENTENCE * 3}</p>"
            f"<p>{STORY_SENTENCE * 3}</p>{SHARE}<h3>Talk to our team</h3><p>Call us today</p></main>")
    doc = page(body)
    read = select(doc, segment(doc, Gate.ALL))
    return dataclasses.replace(read, layout=LayoutKind(ARTICLE, (), inclusive=False,
                                                          named="" if named == ARTICLE else named,
                                                          named_probability=probability))


def test_a_multi_section_page_read_as_one_region_keeps_its_short_sections():
    read = _read(MULTI_SECTION)
    alone = [d for d in read.decisions if d.why in NEIGHBOUR_WHYS]
    assert {d.block.text for d in alone} == {"Talk to our team", "Call us today"}
    kept = {d.block.text: d for d in service_sections(read)}
    assert kept["Talk to our team"].kept and kept["Call us today"].why == SECTION_WHY
    assert not any(d.kept for d in service_sections(read) if "Share on" in d.block.text)


def test_an_article_keeps_the_context_pass_as_it_is():
    read = _read(ARTICLE)
    assert service_sections(read) == read.decisions
    unsure = _read(MULTI_SECTION, SERVICE_MIN_PROBABILITY - 0.01)
    assert service_sections(unsure) == unsure.decisions
    inclusive = dataclasses.replace(read, layout=LayoutKind(MULTI_SECTION, ()))
    assert service_sections(inclusive) == inclusive.decisions
    documentation = dataclasses.replace(read, layout=LayoutKind(DOCUMENTATION, (), inclusive=False,
                                                                   named=MULTI_SECTION, named_probability=0.9))
    assert service_sections(documentation) == documentation.decisions
