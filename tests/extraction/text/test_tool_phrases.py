"""Issue 32: chrome is chrome on every page kind. A story's print and e-mail tools, a blog's feed
link, its TrackBack box, a post's filing line ("Filed under: …", "Tags: …") and the label over a
rail ("Don't miss") are boilerplate phrases (phrases.py: `tools`, `subscribe`, `trackback`,
`filing`, `rail_label`), in the languages the phrases cover; sentences about printing, feeds or
tags are not."""

from __future__ import annotations

from extraction.text.phrases import boilerplate_phrase


def _phrase(text: str) -> str | None:
    return boilerplate_phrase(text, len(text.split()))


def test_print_and_email_tools_are_boilerplate() -> None:
    assert _phrase("Print this story | E-mail this story | Share: Reddit StumbleUpon") == "tools"
    assert _phrase("Printer-friendly version") == "tools"
    assert _phrase("Send to a friend") == "tools"
    assert _phrase("Artikel drucken | Artikel versenden") == "tools"
    assert _phrase("Imprimer l'article") == "tools"
    assert _phrase("Versión para imprimir") == "tools"
    assert _phrase("Versione stampabile") == "tools"
    assert _phrase("Print dit artikel") == "tools"


def test_a_blogs_feed_link_and_trackback_box_are_boilerplate() -> None:
    assert _phrase("Subscribe to this blog's feed") == "subscribe"
    assert _phrase("Subscribe to: Post Comments (Atom)") == "subscribe"
    assert _phrase("TrackBack URL for this entry: http://example.net/mt/mt-tb.cgi/12") == "trackback"
    assert _phrase("TrackBacks") == "trackback"


def test_sentences_about_printing_or_feeds_are_not_caught() -> None:
    assert _phrase("The printer in the library broke down twice during the exam week.") is None
    assert _phrase("The farm feeds its cattle with hay from the valley every winter.") is None


def test_a_posts_filing_line_and_a_rails_label_are_boilerplate() -> None:
    assert _phrase("Filed under: Politics | Europe") == "filing"
    assert _phrase("Tags: election, parliament, budget") == "filing"
    assert _phrase("Schlagwörter: Berlin, Haushalt") == "filing"
    assert _phrase("DON'T MISS") == "rail_label"
    assert _phrase("Explore further") == "rail_label"
    assert _phrase("Follow AP's full coverage of the election at https://apnews.com/election") == "share"


def test_sentences_about_tags_and_exploring_are_not_caught() -> None:
    assert _phrase("Tags are how the archive groups its posts by topic.") is None
    assert _phrase("Explore further afield on the coast road to the lighthouse.") is None
    assert _phrase("The category of the award changed in 2019.") is None
