"""Issue 32: chrome is chrome on every page kind. The lines under a story that ask the reader to
sign up below, join a mailing list, follow the author's accounts, pin the picture, pay to unlock
the story or log in are boilerplate phrases (phrases.py: `subscribe`, `share`, `support`,
`form_consent`, `sign_in`); sentences that merely name those acts are not."""

from __future__ import annotations

from tests.extraction.text.helpers import phrase_class


def test_sign_up_lines_and_lists_to_join_are_boilerplate() -> None:
    assert phrase_class("Subscribe below and stay updated with our latest guides.") == "subscribe"
    assert phrase_class("Join our weekly mailing list!") == "subscribe"
    assert phrase_class("Rejoignez notre newsletter") == "subscribe"


def test_the_authors_accounts_and_a_pin_are_boilerplate() -> None:
    assert phrase_class("Follow me on Instagram for a daily travel photo") == "share"
    assert phrase_class("Enjoyed the recipe? Pin it for later!") == "share"


def test_a_paywall_and_its_log_in_line_are_boilerplate() -> None:
    assert phrase_class("This article is exclusive to Premium subscribers") == "support"
    assert phrase_class("Become a paid subscriber to unlock this piece") == "support"
    assert phrase_class("Already have an account? Log in") == "sign_in"
    assert phrase_class("By entering your email, you agree to receive our emails.") == "form_consent"


def test_sentences_naming_those_acts_are_not_caught() -> None:
    assert phrase_class("The club asked members to join the protest below the bridge.") is None
    assert phrase_class("She pinned the map to the wall and followed the river north.") is None
    assert phrase_class("The museum unlocked its archive to historians last spring.") is None
