"""Issue 32: the page-kind model -- the shipped trees load, match their manifest, say sensible things
of pages of each kind, and are used cautiously."""

from __future__ import annotations

import json
import math
import re
from functools import cache
from pathlib import Path

import pytest

from extraction.document import Document, parse
from extraction.maintext import explain_main_text, main_text
from extraction.text import kind_trees
from extraction.text.blocks import Gate, segment
from extraction.text.cards import card_blocks
from extraction.text.inclusive import KIND_POLICY, prose_column
from extraction.text.kind_model import FEATURES, FIRST_PLURAL, KINDS, Policy, cautious, first_plural_share, predict
from extraction.text.pipeline import first_read
from tests.extraction.text.helpers import STORY_SENTENCE, page
from values.rendered import RenderedPage

MANIFEST = Path(__file__).resolve().parents[3] / "bench" / "kind" / "manifest.json"
NAV = "<nav>" + "".join(f"<a href='/s{i}'>Section {i}</a> " for i in range(8)) + "</nav>"
REPLY = ("I tried the same thing last week and it worked once I reset the router to its factory settings, "
         "so maybe give that a go before you call the support line again. ")


def _probs(doc: Document) -> dict[str, float]:
    blocks = segment(doc, Gate.ALL)
    first = first_read(doc, blocks, cache(lambda: card_blocks(blocks)))
    return predict(first.features)


def _at(url: str, body: str, head: str = "") -> Document:
    html = f"<html><head><title>t</title>{head}</head><body>{body}</body></html>"
    return parse(RenderedPage.from_html(html, url))


def _article() -> Document:
    story = "".join(f"<p>{STORY_SENTENCE * 3} {REPLY.replace('I tried', f'Worker {i} tried')}</p>" for i in range(8))
    return _at("https://example.org/2026/03/04/plant-hires-more-staff",
               f"<header>{NAV}</header><article><h1>Plant hires more staff</h1><p class='byline'>By Ann Lee, "
               f"March 4, 2026</p>{story}</article><footer><p>Copyright 2026 The Valley Times</p></footer>",
               head="<meta property='og:type' content='article'>")


REPLIES = ("Same here since the update, the light goes orange every evening around eight.",
           "Did you try another cable? Mine was a bad cable in the end, not the router at all.",
           "Support told me to reset it to factory settings and that fixed it for two days only.",
           "Which firmware are you on? The beta one from last month fixed the drops for me.",
           "I gave up and bought a new one, no drops in three weeks now, so it was the hardware.",
           "Check the channel too, my neighbours moved to the same one and it got much worse.")


def _thread() -> Document:
    posts = "".join(f"<div class='post' id='post{i}'><div class='postauthor'><a href='/member/{i}'>member{i}</a>"
                    f"<span>Posts: {40 + i}</span></div><div class='postdate'>March {i + 1}, 2026, 9:1{i} pm</div>"
                    f"<div class='postbody'>{REPLIES[i % 6]} {REPLIES[(i + 2) % 6]}</div>"
                    f"<a href='/reply?p={i}'>Reply</a></div>" for i in range(10))
    return _at("https://example.org/forum/topic/router-keeps-dropping-4411",
               f"<header>{NAV}</header><h1>Router keeps dropping the connection</h1><div class='posts'>{posts}</div>"
               "<form><textarea name='message'></textarea><button>Post reply</button></form>")


def _product() -> Document:
    ld = '<script type="application/ld+json">{"@context": "https://schema.org", "@type": "Product", "name": "Kettle"}</script>'
    return page(f"<header>{NAV}</header><h1>Steel kettle 1.7 l</h1><p class='price'>$39.99</p>"
                "<form><button name='add-to-cart'>Add to cart</button></form>"
                "<p>A steel kettle that boils fast and switches itself off.</p>"
                "<table><tr><td>Capacity</td><td>1.7 l</td></tr><tr><td>Power</td><td>2200 W</td></tr></table>",
                head=ld)


def _listing() -> Document:
    cards = "".join(f"<li class='item'><a href='/2026/03/{i:02d}/story-{i}'><img src='/i{i}.jpg'>"
                    f"<h3>Council votes on bridge plan, part {i}</h3></a><time>March {i + 1}, 2026</time>"
                    f"<p>{REPLIES[i % 6][:50]}</p></li>" for i in range(24))
    return _at("https://example.org/news/", f"<header>{NAV}</header><h1>Latest news</h1><ul class='items'>{cards}</ul>"
               "<a href='/news/page/2'>Next page</a>")


def _story_with_comments() -> Document:
    story = "".join(f"<p>{STORY_SENTENCE} {REPLIES[i].replace('the', 'a')} {STORY_SENTENCE}</p>" for i in range(3))
    comments = "".join(f"<li class='comment' id='comment-{i}'><div class='comment-author vcard'><cite>reader{i}</cite> "
                       f"says:</div><div class='comment-meta'>May {i + 3}, 2009 at 10:1{i} am</div>"
                       f"<p>{REPLIES[i % 6]} {REPLY}</p></li>" for i in range(10))
    sidebar = "<div id='sidebar'><h2>Blogroll</h2><ul>" + "".join(
        f"<li><a href='http://blog{i}.example.net/'>Blog {i}</a></li>" for i in range(8)) + "</ul></div>"
    return _at("http://example.org/2009/05/02/plant-hires-more-staff/",
               f"<div id='header'>{NAV}</div><div id='content'><div class='post'><h2>Plant hires more staff</h2>"
               f"<div class='entry'>{story}</div></div><h3 id='comments'>10 Responses</h3>"
               f"<ol class='commentlist'>{comments}</ol><h3>Leave a Reply</h3><form id='commentform'>"
               f"<textarea name='comment'></textarea></form></div>{sidebar}")


def test_the_shipped_trees_load_and_match_their_manifest():
    manifest = json.loads(MANIFEST.read_text(encoding="utf-8"))
    assert kind_trees.FEATURES == FEATURES == tuple(manifest["features"])
    assert kind_trees.CLASSES == KINDS == tuple(manifest["classes"])
    assert kind_trees.TEMPERATURE == manifest["temperature"]
    assert len(kind_trees.TREE_ROOT) == kind_trees.CLASS_TREES[-1] == manifest["config"]["n_estimators"] * len(KINDS)
    assert max(kind_trees.FEATURE) < len(FEATURES)
    assert kind_trees.LINEAR_SHARE == manifest["linear"]["share"]
    assert len(kind_trees.LINEAR_MEAN) == len(kind_trees.LINEAR_SCALE) == len(FEATURES)
    assert len(kind_trees.LINEAR_INTERCEPT) == len(kind_trees.LINEAR_WEIGHTS) == len(KINDS)
    assert all(len(weights) == len(FEATURES) for weights in kind_trees.LINEAR_WEIGHTS)
    labels = {p["label"] for p in manifest["pages"]}
    assert labels == set(KINDS) and all(len(p["sha256"]) == 64 for p in manifest["pages"])
    assert all(p["id"] and p["set"] in ("wcxb", "zyte", "oldweb") for p in manifest["pages"])


def _trees() -> list[tuple[int, list[int], list[float], list[int], list[int], list[float]]]:
    """Each tree of the flat lists on its own, with its class, its children by their place in the tree."""
    ends = [*kind_trees.TREE_ROOT[1:], len(kind_trees.FEATURE)]
    bounds = kind_trees.CLASS_TREES
    trees = []
    for tree, (start, end) in enumerate(zip(kind_trees.TREE_ROOT, ends, strict=True)):
        klass = next(k for k in range(len(KINDS)) if bounds[k] <= tree < bounds[k + 1])
        trees.append((klass, kind_trees.FEATURE[start:end], kind_trees.THRESHOLD[start:end],
                      [c - start if c >= 0 else c for c in kind_trees.LEFT[start:end]],
                      [c - start if c >= 0 else c for c in kind_trees.RIGHT[start:end]], kind_trees.VALUE[start:end]))
    return trees


def test_each_tree_of_the_flat_lists_keeps_to_its_own_nodes():
    assert len(kind_trees.FEATURE) == len(kind_trees.THRESHOLD) == len(kind_trees.LEFT) == len(kind_trees.RIGHT) \
        == len(kind_trees.VALUE)
    for _, feature, _, left, right, _ in _trees():
        for node, (f, a, b) in enumerate(zip(feature, left, right, strict=True)):
            assert (a, b) == (-1, -1) if f < 0 else node < a < len(feature) and node < b < len(feature)


@cache
def _stages() -> tuple[tuple[int, list[int], list[float], list[int], list[int], list[float]], ...]:
    """The trees one stage after another, each stage a tree of every class in turn (s28's order),
    built once: rebuilt for every vector, the reference alone took minutes at load."""
    by_class = [[tree for tree in _trees() if tree[0] == k] for k in range(len(KINDS))]
    return tuple(tree for stage in zip(*by_class, strict=True) for tree in stage)


def _nested_predict(values: list[float]) -> dict[str, float]:
    """`predict` as it was over nested tuples, a tree each, the classes' trees interleaved (session
    28): the reference."""
    scores = list(kind_trees.INIT)
    for klass, feature, threshold, left, right, value in _stages():
        node = 0
        while left[node] >= 0:
            node = left[node] if values[feature[node]] <= threshold[node] else right[node]
        scores[klass] += kind_trees.LEARNING_RATE * value[node]
    trees = _softmax([s / kind_trees.TEMPERATURE for s in scores])
    standard = [(v - mean) / scale for v, mean, scale in
                zip(values, kind_trees.LINEAR_MEAN, kind_trees.LINEAR_SCALE, strict=True)]
    linear = _softmax([bias + sum(w * v for w, v in zip(weights, standard, strict=True))
                       for bias, weights in zip(kind_trees.LINEAR_INTERCEPT, kind_trees.LINEAR_WEIGHTS, strict=True)])
    share = kind_trees.LINEAR_SHARE
    return {kind: (1.0 - share) * t + share * x for kind, t, x in zip(kind_trees.CLASSES, trees, linear, strict=True)}


def _softmax(scores: list[float]) -> list[float]:
    exps = [math.exp(s - max(scores)) for s in scores]
    return [x / sum(exps) for x in exps]


def test_predict_over_the_flat_lists_gives_the_nested_trees_probabilities_to_the_last_bit():
    vectors = [list(kind_trees.LINEAR_MEAN)]  # then a tree's thresholds in turn, met exactly and just passed
    for _, feature, threshold, *_ in _trees()[::37]:
        for f, t in zip(feature, threshold, strict=True):
            if f >= 0:
                for at in (t, math.nextafter(t, math.inf)):
                    vectors.append(list(vectors[-1]))
                    vectors[-1][f] = at
    assert len(vectors) > 100
    assert all(predict(v) == _nested_predict(v) for v in vectors)


@pytest.mark.parametrize(("build", "kind"), [(_article, "article"), (_thread, "thread"), (_product, "product"),
                                             (_listing, "listing")])
def test_the_model_names_each_kind_of_page(build, kind):
    probs = _probs(build())
    assert abs(sum(probs.values()) - 1.0) < 1e-9
    assert max(probs, key=lambda k: probs[k]) == kind, probs


def test_a_short_story_followed_by_readers_comments_is_read_as_an_article():
    doc = _story_with_comments()
    assert _probs(doc)["article"] > 0.5
    assert "layout kind: article" in explain_main_text(doc)
    body = main_text(doc).body
    assert STORY_SENTENCE.strip() in body and "support line again" not in body


def test_an_inclusive_read_needs_the_models_confidence():
    policy = Policy(name=0.5, fallback=0.8, up=0.95)
    likely_article = {"article": 0.85, "thread": 0.1, "listing": 0.05}
    assert cautious("thread", True, likely_article, policy) == ("article", "article", False)
    unsure = {"article": 0.6, "thread": 0.3, "listing": 0.1}
    assert cautious("thread", True, unsure, policy) == ("thread", "thread", True)  # the rules' read stands
    other = {"article": 0.1, "multi-section": 0.7, "listing": 0.2}
    assert cautious("listing", True, other, policy) == ("multi-section", "listing", True)  # named, read as the rules do
    assert cautious("article", False, other, policy) == ("multi-section", "article", False)  # up asks for 0.95
    certain = {"article": 0.02, "listing": 0.95, "thread": 0.03}
    assert cautious("article", False, certain, policy) == ("listing", "listing", True)
    docs = {"article": 0.03, "documentation": 0.97}
    assert cautious("article", False, docs, policy) == ("documentation", "article", False)


def test_a_page_the_rules_read_inclusively_falls_back_to_an_article_only_when_the_model_is_fairly_sure():
    """The shipped policy: an article at 0.83 (a listing or a service page the trees find about as
    likely to be a story) keeps the rules' inclusive read; at 0.86 the page is read as an article."""
    likely = {"article": 0.83, "listing": 0.12, "multi-section": 0.05}
    assert cautious("listing", True, likely, KIND_POLICY) == ("listing", "listing", True)
    sure = {"article": 0.86, "listing": 0.09, "multi-section": 0.05}
    assert cautious("listing", True, sure, KIND_POLICY) == ("article", "article", False)


def _feature(doc: Document, name: str) -> float:
    blocks = segment(doc, Gate.ALL)
    return first_read(doc, blocks, cache(lambda: card_blocks(blocks))).features[FEATURES.index(name)]


def test_the_urls_folders_and_a_sections_name_say_where_a_site_files_the_page():
    body = f"<h1>Our services</h1><p>{STORY_SENTENCE * 4}</p>"
    assert _feature(_at("https://example.org/forum/viewtopic.php?t=4411", body), "url_forum") == 1.0
    assert _feature(_at("https://example.org/services", body), "url_service") == 1.0
    assert _feature(_at("https://example.org/about-us/", body), "url_service") == 1.0
    # a story's slug is no section's name, whatever it is about
    story = _at("https://example.org/2026/03/04/how-to-choose-cleaning-services-for-your-office", body)
    assert _feature(story, "url_service") == 0.0
    assert _feature(story, "date_in_path") == 1.0



def test_a_page_that_speaks_as_we_has_a_larger_first_plural_share_than_a_story():
    company = _at("https://example.org/services",
                  "<h1>Our services</h1><p>We design and build websites for our clients. Our team listens to you, "
                  "and we deliver on time.</p><p>Contact us</p><script>var we = 'our us';</script>")
    story = _article()
    assert first_plural_share(company) > 0.15
    assert first_plural_share(story) < 0.01
    french_and_german = _at("https://example.org/", "<p>Nous sommes là. Unsere Firma.</p>")
    assert first_plural_share(french_and_german) == 2 / 5  # the head's title is not read


def test_the_prose_column_is_main_else_the_deepest_element_holding_most_of_the_prose():
    story = f"<p>{STORY_SENTENCE * 3}</p>" * 4
    aside = f"<div id='sidebar'><p>{STORY_SENTENCE * 2}</p></div>"
    doc = _at("https://example.org/a", f"<div id='wrap'><div id='content'>{story}</div>{aside}</div>")
    blocks = segment(doc, Gate.ALL)
    first = first_read(doc, blocks, cache(lambda: card_blocks(blocks)))
    column = prose_column(doc, first.words.clean)
    assert column is not None and column.get("id") == "content"
    with_main = _at("https://example.org/a", f"<main id='m'><p>Hello there.</p></main>{story}")
    blocks = segment(with_main, Gate.ALL)
    first = first_read(with_main, blocks, cache(lambda: card_blocks(blocks)))
    column = prose_column(with_main, first.words.clean)
    assert column is not None and column.get("id") == "m"
    assert prose_column(_at("https://example.org/a", "<ul><li><a href='/x'>X</a></li></ul>"), ()) is None


def test_a_service_pages_sections_are_blurbs_where_a_storys_are_prose():
    blurbs = "".join(f"<h2>Service {i}</h2><p>We plan and build it for you.</p><a href='/contact'>Get a quote</a>"
                     for i in range(6))
    service = _at("https://example.org/services", f"<header>{NAV}</header><main><h1>What we do</h1>"
                  f"<p>{STORY_SENTENCE * 4}</p>{blurbs}</main>")
    sections = "".join(f"<h2>Part {i}</h2><p>{STORY_SENTENCE * 3}</p><p>{STORY_SENTENCE * 2}</p>" for i in range(4))
    guide = _at("https://example.org/guides/washing-machines", f"<header>{NAV}</header><div id='content'>"
                f"<h1>How washing machines are made</h1>{sections}</div>")
    assert _feature(service, "long_section_share") == 1 / 7  # the h1's section holds the one paragraph
    assert _feature(guide, "long_section_share") == 4 / 5  # the h1 heads an empty section: an h2 follows it
    assert _feature(service, "section_words") < 20 < _feature(guide, "section_words")
    assert _feature(_article(), "long_section_share") == 1.0  # one heading over the whole story
    assert _feature(_at("https://example.org/a", f"<p>{STORY_SENTENCE * 4}</p>"), "section_words") == -1.0



def _plural_share_by_definition(doc: Document) -> float:
    """`first_plural_share` as defined: the text of every element outside script, style, noscript,
    template, svg and head, and every tail, pieces joined by spaces, lower-cased, one `findall`."""
    parts = [doc.root.text or ""]
    stack = [doc.root]
    while stack:
        for child in stack.pop():
            if isinstance(child.tag, str) and child.tag not in {"script", "style", "noscript", "template", "svg", "head"}:
                parts.append(child.text or "")
                stack.append(child)
            parts.append(child.tail or "")
    words = re.findall(r"[^\W\d_]+", " ".join(parts).lower())
    return sum(1 for word in words if word in FIRST_PLURAL) / len(words)


def test_the_first_plural_share_counts_the_words_one_findall_over_the_page_text_finds():
    """The share is counted in pieces (ASCII words in C, the rest by the pattern), over the nodes
    between the skipped subtrees: the same count as the definition, on text that tests each
    border -- a comment's text and its tail, nested skipped elements, a word glued to digits, an
    underscore or a curly apostrophe, upper case, letters whose lower case is two characters."""
    body = ("<p>WE2us our_team we\u2019re Our<!-- we us our --> team, <b>we</b>know</p>"
            "<noscript><svg><text>we</text></svg><p>us</p></noscript> us after the noscript"
            "<div>\u0130stanbul'da biz, \u041c\u044b \u043d\u0430\u0448 \u0434\u043e\u043c, nous n\u00f3s ours"
            "<svg><title>our</title></svg>we<template><p>we</p></template> U.S. \u00bdwe</div>"
            "<script>var we = 1;</script>wir&nbsp;unser<?php echo 'we' ?> end")
    doc = _at("https://example.org/", body, head="<script>we</script><style>p{}</style>")
    assert first_plural_share(doc) == _plural_share_by_definition(doc)
    assert first_plural_share(doc) > 0.3
