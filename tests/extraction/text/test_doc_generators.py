"""Documentation generators' page templates (`doc_pages/`): the body holds the page's text and
none of its chrome.

Each fixture is a small page written after one generator's real template -- its class names,
landmarks, sidebars, "On this page" contents, breadcrumbs, pagers, "Edit this page" links,
feedback widgets, version banners, copy buttons, header permalinks, admonitions, tabbed and
line-numbered code, parameter tables and footers -- with text of its own (no page of a
benchmark). `BODY` names text the body must hold, `CHROME` text it must not.
"""

from __future__ import annotations

from pathlib import Path

import lxml.html
import pytest

from extraction.document import parse
from extraction.maintext import main_text
from extraction.text.features import STRONG_HINTS, hint_of
from extraction.text.phrases import boilerplate_phrase, widget_label
from tests.extraction.text.helpers import DOC_INTRO as INTRO
from tests.extraction.text.helpers import DOC_STEP as STEP
from tests.extraction.text.helpers import page
from values.rendered import RenderedPage

PAGES = Path(__file__).parent / "doc_pages"


def read(name: str, url: str) -> str:
    html = (PAGES / f"{name}.html").read_text(encoding="utf-8")
    return main_text(parse(RenderedPage.from_html(html, url))).body


def _words(text: str) -> str:
    return " ".join(text.split())


CASES: dict[str, tuple[str, tuple[str, ...], tuple[str, ...]]] = {
    "sphinx_alabaster": (
        "https://tidepool.dev/2.4/connections.html",
        ("A connection is the long-lived link", "conn = tidepool.connect(\"tide.example.net\", port=7433)",
         "Connections are not thread safe.", "Seconds to wait for each reply.", "Opening a connection",
         "Name or address of the server."),
        ("Quick search", "Related Topics", "Powered by Sphinx", "Page source", "Documentation overview"),
    ),
    "sphinx_rtd": (
        "https://tidepool.readthedocs.io/en/2.4/configuration.html",
        ("Tidepool reads its settings once", "the command line, for the settings that have a flag;",
         "concurrency = 8", "Run tidepool config --show", "How many tasks one worker runs"),
        ("Edit on GitHub", "Search docs", "Built with Sphinx", "Previous", "Downloads",
         "You are not reading the most recent version"),
    ),
    "sphinx_furo": (
        "https://tidepool.dev/streaming.html",
        ("A stream delivers the messages", "pip install \"tidepool[stream]\"",
         "with conn.stream(\"orders\") as stream:", "handlers must tolerate seeing a message twice"),
        ("Back to top", "On this page", "Made with Sphinx", "Hide navigation sidebar", "Edit this page"),
    ),
    "sphinx_pydata": (
        "https://tidepool.dev/docs/user_guide/groupby.html",
        ("Grouping splits a table of records", "orders.group_by(\"customer\")[\"total\"].sum()",
         "Pass dropna=False to keep them", "Applying several functions"),
        ("Section Navigation", "Edit on GitHub", "Show Source", "Created using Sphinx", "previous",
         "Reading and writing records", "Back to top"),
    ),
    "mkdocs_material": (
        "https://tidepool.dev/guide/retries/",
        ("Network calls fail for reasons", "policy = RetryPolicy(attempts=5, backoff=0.5)",
         "Only idempotent calls are retried", "A pause that doubles after each attempt",
         "Seconds to wait before the second try."),
        ("Initializing search", "Table of contents", "Was this page helpful?", "Made with Material for MkDocs",
         "Thanks for your feedback"),
    ),
    "docusaurus": (
        "https://tidepool.dev/docs/2.x/guides/webhooks",
        ("A webhook is an HTTP request", "tidepool webhooks create --url https://example.com/hooks/tidepool",
         "Compare signatures with a constant-time comparison.", "const { verifySignature } = require",
         "A queue holds more messages than its limit.", "Verifying signatures", "Event types"),
        ("Edit this page", "Last updated", "Docs pages", "Rate limits", "Built with Docusaurus",
         "Skip to main content", "no longer actively maintained", "Version: 2.x"),
    ),
    "vitepress": (
        "https://tidepool.dev/guide/plugins",
        ("A plugin adds behaviour to every worker", "export default definePlugin({",
         "Give every plugin a unique name.", "npm add -D tidepool-plugin-kit",
         "The kit's test helper runs a plugin"),
        ("On this page", "Edit this page on GitHub", "Previous page", "Released under the MIT License",
         "Sidebar Navigation", "Return to top"),
    ),
    "hugo_docsy": (
        "https://tidepool.dev/docs/tasks/scaling/",
        ("A pool runs a fixed number of workers", "You need the pool.scale permission",
         "tidepool scale pool/web --workers=5", "workers: 5",
         "Applying the manifest again with another number"),
        ("Edit this page", "Create documentation issue", "Print entire section", "Was this page helpful?",
         "Glad to hear it!", "tell us how we can improve", "Last modified", "Documentation Distributed under"),
    ),
    "gitbook": (
        "https://docs.tidepool.dev/tidepool/guides/sync",
        ("A sync copies to the target store only what changed", "Start the first sync when the source is quiet.",
         "A sync never deletes anything in the target", "tidepool sync --source pg://main --target s3://backup",
         "Run later syncs on a schedule"),
        ("Powered by GitBook", "Ask or search", "On this page", "Was this helpful?", "Last updated",
         "Resolving conflicts", "Copy"),
    ),
    "javadoc": (
        "https://tidepool.dev/javadoc/dev/tidepool/retry/RetryPolicy.html",
        ("Decides whether a failed call is tried again", "Creates a policy that tries a call at most maxAttempts times.",
         "should be tried again.", "Errors the server reports about the request itself are never retried",
         "the number of the try that failed, counting from 1", "true when the call should be tried again"),
        ("Skip navigation links", "JavaScript is disabled", "SEARCH:", "All rights reserved", "Deprecated"),
    ),
    "rustdoc": (
        "https://docs.rs/tidepool/0.9.2/tidepool/struct.RetryPolicy.html",
        ("Decides whether a failed call is tried again", "A policy is cheap to clone",
         "let policy = RetryPolicy::new(3);", "How many times a call is tried, the first try included.",
         "Panics when max_attempts is zero", "Waits first before the second try"),
        ("Auto Trait Implementations", "In crate tidepool", "This old browser"),
    ),
    "mintlify": (
        "https://docs.tidepool.dev/api-reference/charges/create",
        ("A charge is created in one step", "Bearer authentication header of the form",
         "Amount to charge, in the smallest unit of the currency", "Three-letter currency code in lower case."),
        ("Was this page helpful?", "Powered by Mintlify", "Search...", "Dashboard", "Copy page",
         "List customers"),
    ),
    "mdn_like": (
        "https://webref.example.org/en-US/docs/Web/API/URLSearchParams/sort",
        ("sorts all key/value pairs contained in this object in place", "This method uses a stable sorting algorithm",
         "searchParams.sort();", "a=2&a=1&b=3&c=4", "Sorting the parameters of a query string"),
        ("Skip to main content", "In this article", "Was this page helpful to you?", "Help improve WebRef",
         "Learn how to contribute", "This page was last modified", "View this page on GitHub",
         "Your blueprint for a better internet", "Instance methods", "Report feedback"),
    ),
    "learn_like": (
        "https://learn.tidepool.dev/en-us/docs/pools/scale-pool",
        ("This article shows how to change the number of workers", "The Tidepool command line tool, version 2.4",
         "Workers that are removed finish the task", "tidepool pool scale --name web --workers 5",
         "The pool reports its new size"),
        ("Table of contents", "Exit focus mode", "In this article", "Was this page helpful?", "Additional resources",
         "Run worker pools at scale", "Previous Versions", "Download PDF", "Last updated on", "5 contributors"),
    ),
}


@pytest.mark.parametrize("name", CASES)
def test_a_generator_page_is_read_without_its_chrome(name):
    url, body_texts, chrome = CASES[name]
    body = _words(read(name, url))
    missing = [text for text in body_texts if _words(text) not in body]
    kept = [text for text in chrome if _words(text) in body]
    assert not missing and not kept, f"missing {missing}, chrome kept {kept}\n{body}"



def test_a_heading_anchored_below_a_sticky_navbar_is_no_boilerplate_hint():
    for cls in ("anchorWithStickyNavbar_LWe7", "anchorTargetStickyNavbar_Vzaq", "anchorTargetHideOnScrollNavbar_qJOx"):
        heading = lxml.html.fromstring(f"<h2 class='anchor {cls}' id='setup'>Setup</h2>")
        assert hint_of(heading, STRONG_HINTS) is None, cls
    navbar = lxml.html.fromstring("<div class='navbar navbar--fixed-top'>Docs</div>")
    assert hint_of(navbar, STRONG_HINTS) == "navbar"


def test_a_class_word_above_the_main_landmark_says_nothing_about_its_text():
    article = f"<div role='main'><h1>Client</h1><p>{INTRO}</p><pre>tool serve</pre><p>{STEP}</p></div>"
    assert STEP in main_text(page(f"<div class='wy-nav-content'>{article}</div>")).body
    assert STEP not in main_text(page(f"<div class='wy-nav-content'>{article.replace('main', 'note')}</div>")).body


def test_a_banner_over_another_version_of_the_docs_is_boilerplate():
    for banner in ("This is documentation for Tidepool 2.x, which is no longer actively maintained.",
                   "You are not reading the most recent version of this documentation.",
                   "For up-to-date documentation, see the latest version (3.x).",
                   "You are viewing the docs for an older version of Tidepool."):
        assert boilerplate_phrase(banner, len(banner.split())) == "outdated", banner
    prose = "We replaced the parser, which is no longer maintained, with one of our own."
    assert boilerplate_phrase(prose, len(prose.split())) is None


def test_a_feedback_widgets_question_is_a_widget_label():
    assert all(widget_label(q) for q in ("Was this page helpful?", "Was this helpful?", "Is this article useful?",
                                         "Did this page help you?"))
    assert not widget_label("Was this change helpful to users of the old client? We think so.")
