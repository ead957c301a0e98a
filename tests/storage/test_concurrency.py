"""Two processes saving the same pages at once: no duplicate rows, no lost update."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from itertools import pairwise
from pathlib import Path

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from storage.models import Crawl, Page, Profile, ProfileAuthor, ProfileVersion

SAVER = Path(__file__).with_name("concurrent_saver.py")
SAVES_PER_PROCESS = 40


def test_two_processes_saving_the_same_page(db_url: str, session: Session) -> None:
    start_at = time.time() + 2.0  # both processes import, connect, then start together
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(SAVER.parent), *sys.path])}
    processes = [
        subprocess.Popen([sys.executable, str(SAVER), db_url, name, str(SAVES_PER_PROCESS), str(start_at)],
                         env=env, stderr=subprocess.PIPE, text=True)
        for name in ("A", "B")
    ]
    for process in processes:
        _, stderr = process.communicate(timeout=240)
        assert process.returncode == 0, stderr

    total = 2 * SAVES_PER_PROCESS
    shared, failing = (session.execute(select(Page).where(Page.url == u)).scalar_one()
                       for u in ("https://news.example/shared", "https://news.example/failing"))
    assert session.execute(select(func.count()).select_from(Page)).scalar_one() == 2
    crawls = dict(session.execute(select(Crawl.page_id, func.count()).group_by(Crawl.page_id)).all())
    assert crawls == {shared.id: total, failing.id: total}
    assert failing.error_count == total  # every failure counted: no lost update

    versions = session.execute(
        select(ProfileVersion.id, ProfileVersion.title).where(ProfileVersion.page_id == shared.id)
        .order_by(ProfileVersion.id)).all()
    current = session.execute(select(Profile.version_id, Profile.title)).one()
    assert 2 <= len(versions) <= total
    assert (current.version_id, current.title) == tuple(versions[-1])  # the last save won, whole
    titles = [title for _, title in versions]
    assert all(a != b for a, b in pairwise(titles))  # a version only when content changed
    assert session.execute(select(func.count()).select_from(ProfileAuthor)).scalar_one() == 2
