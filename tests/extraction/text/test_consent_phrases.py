"""The legal line under a lead form and a donation appeal are boilerplate phrases; a credit line
("Written by ...") is a label dropped after the context pass. An article about consent forms
or donations, in sentences of its own, is not caught."""

from __future__ import annotations

from extraction.text.phrases import boilerplate_phrase, widget_label


def _phrase(text: str) -> str | None:
    return boilerplate_phrase(text, len(text.split()))


def test_a_forms_legal_line_is_boilerplate():
    assert _phrase("By providing a telephone number and submitting via form on our website, you are consenting "
                   "to be contacted by SMS text message. Message & data rates may apply.") == "form_consent"
    assert _phrase("Terms of submitting this form: I agree that the school may contact me regarding its "
                   "services via email or telephone.") == "form_consent"


def test_a_donation_appeal_is_boilerplate():
    assert _phrase("Enjoyed this piece? We need your help to keep publishing.") == "support"
    assert _phrase("The review is a non-profit project kept alive by reader donations, no ads.") == "support"


def test_text_about_forms_is_not_caught():
    assert _phrase("The agency agreed that the new consent forms were clearer than the old ones.") is None


def test_a_credit_line_is_a_label():
    assert widget_label("Written by Cassidy Horton")
    assert widget_label("Medically reviewed by Jane Doe, MD")
    assert not widget_label("Written by hand, the letters were slow to arrive. Most came late.")


def test_a_cookie_notice_without_a_consent_class_is_boilerplate():
    assert _phrase("We use cookies to improve your browsing experience and for marketing purposes.") == "cookie_notice"
    assert _phrase("Acme uses cookies to enhance site functionality and analyze traffic. By using our site, "
                   "you agree to our use of cookies.") == "cookie_notice"
    assert _phrase("These cookies allow a website to remember choices you have made in the past.") == "cookie_notice"
    assert _phrase("Customize Your Cookie Settings") == "cookie_notice"
    assert _phrase("Wir verwenden Cookies, um unsere Website zu verbessern.") == "cookie_notice"


def test_a_scripts_error_message_is_boilerplate():
    assert _phrase("There was a problem calculating your shipping. Please try again.") == "status"
    assert _phrase("Oops! Something went wrong while submitting the form.") == "status"
    assert _phrase("Unable to add item to List. Please try again.") == "status"


def test_text_about_cookies_or_failures_is_not_caught():
    assert _phrase("The bakery sells cookies, bagels and doughnuts over the counter.") is None
    assert _phrase("Clearing cookies and cache fixed the video player for most readers.") is None
    assert _phrase("Something went wrong at the plant on Tuesday, officials said.") is None


def test_a_sign_in_prompt_is_boilerplate():
    assert _phrase("Sign in to add this item to your wishlist, follow it, or mark it as ignored") == "sign_in"
    assert _phrase("Create an account or sign in to comment") == "sign_in"
    assert _phrase("You're not signed in! Open this page in the app to follow it.") == "sign_in"
    assert _phrase("Signing in to the portal took minutes, the clerk said.") is None
    assert _phrase("Team plans are priced per seat (log in to see exact pricing).") is None
