"""The legal line under a lead form and a donation appeal are boilerplate phrases; a credit line
("Written by ...") is a label dropped after the context pass. An article about consent forms
or donations, in sentences of its own, is not caught."""

from __future__ import annotations

from extraction.text.phrases import widget_label
from tests.extraction.text.helpers import phrase_class


def test_a_forms_legal_line_is_boilerplate():
    assert phrase_class("By providing a telephone number and submitting via form on our website, you are consenting "
                        "to be contacted by SMS text message. Message & data rates may apply.") == "form_consent"
    assert phrase_class("Terms of submitting this form: I agree that the school may contact me regarding its "
                        "services via email or telephone.") == "form_consent"


def test_a_donation_appeal_is_boilerplate():
    assert phrase_class("Enjoyed this piece? We need your help to keep publishing.") == "support"
    assert phrase_class("The review is a non-profit project kept alive by reader donations, no ads.") == "support"


def test_text_about_forms_is_not_caught():
    assert phrase_class("The agency agreed that the new consent forms were clearer than the old ones.") is None


def test_a_credit_line_is_a_label():
    assert widget_label("Written by Cassidy Horton")
    assert widget_label("Medically reviewed by Jane Doe, MD")
    assert not widget_label("Written by hand, the letters were slow to arrive. Most came late.")


def test_a_cookie_notice_without_a_consent_class_is_boilerplate():
    assert phrase_class("We use cookies to improve your browsing experience and for marketing purposes.") == "cookie_notice"
    assert phrase_class("Acme uses cookies to enhance site functionality and analyze traffic. By using our site, "
                        "you agree to our use of cookies.") == "cookie_notice"
    assert phrase_class("These cookies allow a website to remember choices you have made in the past.") == "cookie_notice"
    assert phrase_class("Customize Your Cookie Settings") == "cookie_notice"
    assert phrase_class("Wir verwenden Cookies, um unsere Website zu verbessern.") == "cookie_notice"


def test_a_scripts_error_message_is_boilerplate():
    assert phrase_class("There was a problem calculating your shipping. Please try again.") == "status"
    assert phrase_class("Oops! Something went wrong while submitting the form.") == "status"
    assert phrase_class("Unable to add item to List. Please try again.") == "status"


def test_text_about_cookies_or_failures_is_not_caught():
    assert phrase_class("The bakery sells cookies, bagels and doughnuts over the counter.") is None
    assert phrase_class("Clearing cookies and cache fixed the video player for most readers.") is None
    assert phrase_class("Something went wrong at the plant on Tuesday, officials said.") is None


def test_a_sign_in_prompt_is_boilerplate():
    assert phrase_class("Sign in to add this item to your wishlist, follow it, or mark it as ignored") == "sign_in"
    assert phrase_class("Create an account or sign in to comment") == "sign_in"
    assert phrase_class("You're not signed in! Open this page in the app to follow it.") == "sign_in"
    assert phrase_class("Signing in to the portal took minutes, the clerk said.") is None
    assert phrase_class("Team plans are priced per seat (log in to see exact pricing).") is None
