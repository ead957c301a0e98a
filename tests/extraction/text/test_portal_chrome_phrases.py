"""Issue 32: a portal's or a board's chrome around a story and its comments -- the count of who is
on the site ("There are currently 60 guests and 3 members online"), the line saying who answers for
the comments ("The comments are owned by the poster") -- is
boilerplate (phrases.py: `forum_chrome`, `comments`) in the languages the phrases cover; sentences
about guests, owners or comments are not."""

from __future__ import annotations

from tests.extraction.text.helpers import phrase_class


def test_who_is_online_is_forum_chrome() -> None:
    assert phrase_class("There are currently, 60 guest(s) and 3 member(s) that are online.") == "forum_chrome"
    assert phrase_class("We have 25 guests online") == "forum_chrome"
    assert phrase_class("In total there are 12 users online :: 1 registered, 0 hidden and 11 guests") == "forum_chrome"
    assert phrase_class("Who's Online") == "forum_chrome"
    assert phrase_class("Zurzeit sind 5 Gäste und 2 Mitglieder online.") == "forum_chrome"
    assert phrase_class("Il y a actuellement 44 invités et 6 membres en ligne.") == "forum_chrome"
    assert phrase_class("Tenemos 12 invitados conectados") == "forum_chrome"
    assert phrase_class("Ci sono 29 ospiti e 2 utenti online.") == "forum_chrome"
    assert phrase_class("Er zijn 7 gasten en 1 lid online.") == "forum_chrome"


def test_who_answers_for_the_comments_is_comment_chrome() -> None:
    assert phrase_class("The comments are owned by the poster. We aren't responsible for their content.") == "comments"
    assert phrase_class("The following comments are owned by whoever posted them.") == "comments"
    assert phrase_class("Für den Inhalt der Kommentare sind die Verfasser verantwortlich.") == "comments"
    assert phrase_class("Les commentaires sont sous la responsabilité de leurs auteurs.") == "comments"
    assert phrase_class("Los comentarios son propiedad de sus autores.") == "comments"
    assert phrase_class("I commenti sono di proprietà dei rispettivi autori.") == "comments"
    assert phrase_class("De reacties zijn eigendom van de plaatser.") == "comments"


def test_sentences_about_guests_owners_or_comments_are_not_caught() -> None:
    assert phrase_class("The hotel had 40 guests on the night of the fire, the owner said.") is None
    assert phrase_class("The museum is owned by the city, and its comments book fills every summer.") is None
    assert phrase_class("Readers left 300 comments under the story before noon.") is None
    assert phrase_class("More than 2,000 people followed the meeting online on Tuesday.") is None
