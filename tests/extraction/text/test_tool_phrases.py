"""Issue 32: chrome is chrome on every page kind. A story's print and e-mail tools, a blog's feed
link, its TrackBack box, a post's filing line ("Filed under: …", "Tags: …") and the label over a
rail ("Don't miss") are boilerplate phrases (phrases.py: `tools`, `subscribe`, `trackback`,
`filing`, `rail_label`), in the languages the phrases cover; sentences about printing, feeds or
tags are not."""

from __future__ import annotations

from tests.extraction.text.helpers import phrase_class


def test_print_and_email_tools_are_boilerplate() -> None:
    assert phrase_class("Print this story | E-mail this story | Share: Reddit StumbleUpon") == "tools"
    assert phrase_class("Printer-friendly version") == "tools"
    assert phrase_class("Send to a friend") == "tools"
    assert phrase_class("Artikel drucken | Artikel versenden") == "tools"
    assert phrase_class("Imprimer l'article") == "tools"
    assert phrase_class("Versión para imprimir") == "tools"
    assert phrase_class("Versione stampabile") == "tools"
    assert phrase_class("Print dit artikel") == "tools"


def test_a_blogs_feed_link_and_trackback_box_are_boilerplate() -> None:
    assert phrase_class("Subscribe to this blog's feed") == "subscribe"
    assert phrase_class("Subscribe to: Post Comments (Atom)") == "subscribe"
    assert phrase_class("TrackBack URL for this entry: http://example.net/mt/mt-tb.cgi/12") == "trackback"
    assert phrase_class("TrackBacks") == "trackback"


def test_sentences_about_printing_or_feeds_are_not_caught() -> None:
    assert phrase_class("The printer in the library broke down twice during the exam week.") is None
    assert phrase_class("The farm feeds its cattle with hay from the valley every winter.") is None


def test_a_posts_filing_line_and_a_rails_label_are_boilerplate() -> None:
    assert phrase_class("Filed under: Politics | Europe") == "filing"
    assert phrase_class("Tags: election, parliament, budget") == "filing"
    assert phrase_class("Schlagwörter: Berlin, Haushalt") == "filing"
    assert phrase_class("DON'T MISS") == "rail_label"
    assert phrase_class("Explore further") == "rail_label"
    assert phrase_class("Follow AP's full coverage of the election at https://apnews.com/election") == "share"


def test_sentences_about_tags_and_exploring_are_not_caught() -> None:
    assert phrase_class("Tags are how the archive groups its posts by topic.") is None
    assert phrase_class("Explore further afield on the coast road to the lighthouse.") is None
    assert phrase_class("The category of the award changed in 2019.") is None
