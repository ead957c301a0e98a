"""Class/id hints read the role of an element, not its colour (issue 12)."""

from __future__ import annotations

import lxml.html

from extraction.text.features import STRONG_HINTS, hint_of


def _hint(classes: str) -> str | None:
    return hint_of(lxml.html.fragment_fromstring(f"<div class='{classes}'>x</div>"), STRONG_HINTS)


def test_navy_colour_utilities_are_not_navigation_hints():
    for classes in ("text-navy", "bg-navy-800", "navy", "button--navy-outline", "text-color-navy-dark"):
        assert _hint(classes) is None, classes


def test_navigation_names_are_still_hints():
    for classes in ("site-nav", "main_nav", "nav", "nav-links", "navbar", "footer-navigation"):
        assert _hint(classes), classes


def test_screen_reader_only_text_is_a_hint_under_each_frameworks_name():
    for classes in ("sr-only", "visually-hidden", "visuallyhidden", "show-for-sr", "element-invisible",
                    "screen-reader-text", "screenreader-only", "assistive-text"):
        assert _hint(classes), classes
