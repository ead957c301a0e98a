"""A page's `host` column is `values.urls.host_of` of its URL, whichever writer creates the row
(one page, the bulk of a batch of views, a crawl's save): the host a site's key and its settings
are matched against."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from storage.bulk_views import find_or_create_pages
from storage.models import Page
from storage.pages import ensure_page
from storage.repository import save_crawl
from storage_samples import T0, attempt, full_profile
from values.urls import host_of

SPELLINGS = ("http://News.Example.:8080/a", "https://NEWS.example./b", "http://news.example/c")
"""Not normalized on purpose: upper case, a trailing dot, a port."""


def test_every_writer_stores_the_host_as_host_of_spells_it(session: Session) -> None:
    ensure_page(session, SPELLINGS[0], T0)
    find_or_create_pages(session, {SPELLINGS[1]: T0})
    save_crawl(session, attempt(SPELLINGS[2]), full_profile(SPELLINGS[2]))
    hosts = dict(session.execute(select(Page.url, Page.host)).tuples().all())
    assert hosts == {url: host_of(url) for url in SPELLINGS}
    assert set(hosts.values()) == {"news.example"}
