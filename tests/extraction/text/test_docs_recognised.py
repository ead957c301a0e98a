"""Documentation recognised (session 13): a page with code blocks under a documentation path is
documentation even when its theme says `og:type` article, and on documentation the region
widens to the page's `<main>` when the chosen container holds only part of its prose."""

from __future__ import annotations

from extraction.document import parse
from extraction.maintext import main_text
from extraction.text.docs import code_between, documentation_generator, documentation_url
from tests.extraction.text.helpers import DOC_INTRO as INTRO
from tests.extraction.text.helpers import DOC_MORE as MORE
from tests.extraction.text.helpers import DOC_STEP as STEP
from tests.extraction.text.helpers import page
from values.rendered import RenderedPage

CODE = "<pre>tool serve --socket /run/tool.sock</pre><pre>tool connect --verbose</pre>"
OG_ARTICLE = "<meta property='og:type' content='article'>"
LIMITS = ("The server keeps at most sixty four clients connected at once and queues every further client "
          "until one of them leaves. A queued client waits for ten seconds before it gives up and reports "
          "the error, so a script that starts many clients should start them one after the other.")


def _at(url: str, body: str, head: str = "") -> str:
    html = f"<html><head><title>t</title>{head}</head><body>{body}</body></html>"
    return main_text(parse(RenderedPage.from_html(html, url))).explanation.layout_kind  # type: ignore[union-attr]


def test_documentation_url_wants_a_docs_folder_in_the_path():
    assert documentation_url("https://example.org/docs/client/")
    assert documentation_url("https://example.org/en/wiki/Client")
    assert documentation_url("https://example.org/api/v2/clients.html")
    assert not documentation_url("https://example.org/blog/docs")  # the page's own name, not a folder
    assert not documentation_url("https://example.org/blog/2026/client-guide/")


def test_code_blocks_under_a_docs_path_are_documentation_despite_article_markup():
    body = f"<main><h1>Client guide</h1><p>{INTRO}</p>{CODE}<p>{STEP}</p><p>{MORE}</p></main>"
    assert _at("https://example.org/docs/client/", body, OG_ARTICLE) == "documentation"
    assert _at("https://example.org/blog/client/", body, OG_ARTICLE) == "article"


def _split_reference(code: str, second: str = "note") -> str:
    """Two parts of one page in <main>; the second is not shaped as the first (another class), so
    only the landmark rule, not `container.sibling_sections`, can take it in."""
    links = "".join(f"<li><a href='/docs/o{i}'>o{i}</a></li>" for i in range(20))
    return (f"<main><h1>Client guide</h1><div class='part'><h2>Connecting</h2><p>{INTRO}</p>{code}"
            f"<p>{STEP}</p><p>{MORE}</p></div>"
            f"<div class='{second}'><h2>Limits</h2><p>{LIMITS}</p><ul>{links}</ul></div></main>")


def test_a_documentation_generators_meta_overrules_its_themes_article_markup():
    body = f"<main><h1>Client guide</h1><p>{INTRO}</p>{CODE}<p>{STEP}</p><p>{MORE}</p></main>"
    starlight = OG_ARTICLE + "<meta name='generator' content='Starlight v0.37.7'>"
    assert _at("https://example.org/client/", body, starlight) == "documentation"
    blog = OG_ARTICLE + "<meta name='generator' content='WordPress 6.8'>"
    assert _at("https://example.org/client/", body, blog) == "article"


def test_documentation_generator_reads_the_generator_meta_only():
    assert documentation_generator(page("<p>x</p>", "<meta name='generator' content='Docusaurus v3.5.2'>"))
    assert documentation_generator(page("<p>x</p>", "<meta name='GENERATOR' content='mkdocs-1.6.1, mkdocs-material-9.7.1'>"))
    assert not documentation_generator(page("<p>x</p>", "<meta name='generator' content='Hugo 0.140'>"))
    assert not documentation_generator(page("<p>x</p>", "<meta name='description' content='Sphinx tips'>"))
    assert not documentation_generator(page("<p>x</p>", "<meta property='generator' content='Sphinx 8.1'>"))
    assert not documentation_generator(page("<p>x</p>", "<meta name=' generator' content='Sphinx 8.1'>"))


def test_on_documentation_the_region_widens_to_main_when_it_holds_only_part_of_its_prose():
    assert LIMITS in main_text(page(_split_reference(CODE))).body


def test_an_article_keeps_its_chosen_region():
    assert LIMITS not in main_text(page(_split_reference(""))).body


def test_a_sibling_section_of_the_same_shape_is_taken_in_on_any_page():
    """`container.sibling_sections`: same tag and classes, a heading of the same rank, good text."""
    assert LIMITS in main_text(page(_split_reference("", second="part"))).body
    empty_anchor = _split_reference("", second="part").replace("<h2>Limits", "<span id='limits'></span><h2>Limits")
    assert LIMITS in main_text(page(empty_anchor)).body  # Sphinx's link target before the heading is passed
    other_rank = _split_reference("", second="part").replace("<h2>Limits</h2>", "<h3>Limits</h3>")
    assert LIMITS not in main_text(page(other_rank)).body


def test_the_title_and_introduction_above_a_run_of_sections_come_with_them():
    opening = "This reference describes every option of the client, section by section, with examples."
    html = _split_reference("", second="part").replace(
        "<main><h1>Client guide</h1>", f"<main><div class='doc'><h1>Client guide</h1><p>{opening}</p>").replace(
        "</main>", "</div><div class='footer'><p>Last updated on a day of the year.</p></div></main>")
    result = main_text(page(html))
    assert opening in result.body and LIMITS in result.body and "Last updated" not in result.body
    why = result.explanation.container_why  # type: ignore[union-attr]
    assert "1 sibling section(s)" in why and "with their parent" in why


def test_code_between_passes_labels_and_headings_after_the_last_good_block_not_a_bad_one():
    good = [True, False, False, False, False, False]
    hard = [False] * 6
    code = [False, False, False, True, False, True]
    bad = [False, False, False, False, True, False]
    assert code_between(good, hard, code, bad) == [3]  # a heading and a label pass; the pager's links stop the run
    assert code_between(good, hard, code) == []


def test_a_closing_example_under_its_heading_and_label_is_kept_beside_a_pager():
    html = (f"<article><h1>Client guide</h1><p>{INTRO}</p><p>{STEP}</p><p>{MORE}</p>"
            "<h3>Example</h3><div>GET /v1/clients</div><pre>curl https://example.org/v1/clients</pre>"
            "<div>Response</div><pre>{ \"clients\": [] }</pre>"
            "<ul><li><a href='/docs/a/'>Previous page</a></li><li><a href='/docs/c/'>Next page</a></li></ul>"
            "</article>")
    body = main_text(page(html)).body
    assert "curl https://example.org/v1/clients" in body and '"clients"' in body and "Next page" not in body


def test_a_headings_permalink_mark_is_left_out_of_the_body_and_its_sections():
    html = (f"<article><h1>Client guide</h1><p>{INTRO}</p>"
            "<h2 id='steps'>First steps<a class='headerlink' href='#steps'>¶</a></h2>"
            f"<p>{STEP}</p><h2 id='more'><a href='#more'>#</a> Next steps</h2><p>{MORE}</p>"
            "<h2 id='c'>C# notes<a href='#c'>¶</a></h2><p>" + MORE.replace("When", "Then") + "</p></article>")
    result = main_text(page(html))
    assert "First steps\n" in result.body and "¶" not in result.body and "\n\nNext steps\n" in result.body
    assert result.sections == ("First steps", "Next steps", "C# notes")
