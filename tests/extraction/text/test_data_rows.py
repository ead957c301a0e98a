"""A table row whose name is linked beside unlinked figures (a ranking) is data, settled with its
table by the article around it; a row of links only is navigation."""

from __future__ import annotations

from extraction.maintext import main_text
from tests.extraction.text.helpers import STORY_SENTENCE as SENTENCE
from tests.extraction.text.helpers import page


def _story(rows: str) -> str:
    paragraph = f"<p>{SENTENCE * 4}</p>"
    return (f"<div class='post'>{paragraph}{paragraph}<table><tbody>{rows}</tbody></table>{paragraph}</div>"
            "<footer><p>Contact us. All rights reserved.</p></footer>")


def test_a_ranking_table_with_linked_names_is_kept_beside_the_story():
    rows = "".join(f"<tr><td><a href='/c{i}'>Company number {i}</a></td><td>${i}.{i}B</td></tr>" for i in range(1, 7))
    body = main_text(page(_story(rows))).body
    assert "Company number 3" in body and "$3.3B" in body


def test_a_table_of_links_only_stays_navigation():
    rows = "".join(f"<tr><td><a href='/a{i}'>Section {i}</a></td><td><a href='/b{i}'>Archive {i}</a></td></tr>"
                   for i in range(1, 7))
    body = main_text(page(_story(rows))).body
    assert "Archive 3" not in body
