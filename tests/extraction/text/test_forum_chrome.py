"""Issue 32: chrome is chrome on every page kind, a thread's too. The lines a forum's software
prints around the posts (vBulletin's posting rules and clock, its login box, phpBB's and
XenForo's who-is-viewing and closed-thread notices, a member's post count) are boilerplate
phrases (phrases.py: `forum_chrome`); posts that talk about posting, time or viewers are not."""

from __future__ import annotations

from tests.extraction.text.helpers import phrase_class


def test_the_posting_rules_and_the_clock_are_boilerplate() -> None:
    assert phrase_class("You may not post new threads") == "forum_chrome"
    assert phrase_class("You cannot reply to topics in this forum") == "forum_chrome"
    assert phrase_class("All times are GMT +1. The time now is 14:01.") == "forum_chrome"
    assert phrase_class("User Name Remember Me?") == "forum_chrome"


def test_viewers_closed_threads_and_post_counts_are_boilerplate() -> None:
    assert phrase_class("Users who are viewing this thread") == "forum_chrome"
    assert phrase_class("Users browsing this thread: 1 Guest(s)") == "forum_chrome"
    assert phrase_class("Not open for further replies.") == "forum_chrome"
    assert phrase_class("25,064 posts · Joined 2007") == "forum_chrome"
    assert phrase_class("Powered by vBulletin Version 3.8.11") == "forum_chrome"


def test_posts_about_posting_time_or_viewers_are_not_caught() -> None:
    assert phrase_class("I posted new photos of the engine bay last night, have a look.") is None
    assert phrase_class("All the times I tried the firmware update, the router froze.") is None
    assert phrase_class("Thanks to everyone viewing this, the fix is in the second post.") is None


def test_a_threads_counts_and_its_log_in_line_are_boilerplate() -> None:
    assert phrase_class("6.3K views 23 replies 14 participants last post by ggery Sep 26, 2024") == "forum_chrome"
    assert phrase_class("23 Posts 3 Posters 928 Views") == "forum_chrome"
    assert phrase_class("You must log in or register to reply here.") == "sign_in"
    assert phrase_class("You must be logged in to post a comment.") == "sign_in"
    assert phrase_class("You need to register to vote in the election by October.") is None


def test_a_posts_join_date_number_and_edit_line_are_boilerplate() -> None:
    assert phrase_class("Joined: Mon Jul 24, 2017 9:28 am") == "forum_chrome"
    assert phrase_class("Sep 01, 2006 #2 2006-09-01T16:07+00:00") == "forum_chrome"
    assert phrase_class("wrote on last edited by JonB") == "forum_chrome"
    assert phrase_class("Joined the army in 1943, he served in Italy.") is None
