"""Pages that were already survived before the hostile corpus existed, kept that way: scripts
that never end, memory bombs, redirect loops, dialogs, popups, downloads, a gzip bomb, bad
encodings, framesets, deep and huge DOMs, non-HTML types, and 204/404/500. Each ends within its
bound with its outcome logged, and the next page of the same worker renders."""

from __future__ import annotations

import gzip

import pytest

from hostile_corpus import ARTICLE, PAGES, RAW, HostileRun
from storage.records import Outcome

WALL_BOUND_S = 45.0
"""Navigation (15 s), settle cap, and the page-call deadline (10 s) that ends a script which
never yields, with room for a loaded machine."""
GZIP_BOMB_BYTES = 200 * 1024 * 1024
"""Inflated size of the gzip bomb: 200 MB of spaces from ~200 KB on the wire."""

PAGES.update({
    "/loop-before-load.html": "<!doctype html><title>Spin</title><script>while (true) {}</script>"
                              f"<article>{ARTICLE}</article>",
    "/loop-after-load.html": "<!doctype html><title>Spin later</title>"
                             "<script>addEventListener('load', () => setTimeout(() => { while (true) {} }, 0));</script>"
                             f"<article>{ARTICLE}</article>",
    "/memory-bomb.html": "<!doctype html><title>Hungry</title><script>"
                         "const hoard = []; while (true) hoard.push(new Array(1e6).fill(Math.random()));"
                         f"</script><article>{ARTICLE}</article>",
    "/dialogs.html": "<!doctype html><title>Chatty</title><script>"
                     "alert('a'); confirm('b'); prompt('c'); addEventListener('beforeunload', e => { e.preventDefault(); "
                     f"e.returnValue = ''; }});</script><article>{ARTICLE}</article>",
    "/popups.html": "<!doctype html><title>Pushy</title><script>"
                    "for (let i = 0; i < 20; i++) window.open('/plain.html?popup=' + i);"
                    f"</script><article>{ARTICLE}</article>",
    "/frameset.html": "<!doctype html><html><head><title>Frames</title></head>"
                      "<frameset cols='50%,50%'><frame src='/plain.html'><frame src='/plain.html?2'></frameset></html>",
    "/deep-dom.html": "<!doctype html><title>Deep</title><body>" + "<div>" * 20_000 + ARTICLE + "</div>" * 20_000,
    "/huge-dom.html": "<!doctype html><title>Huge</title><body><article>" + ARTICLE + "</article>"
                      + "<ul>" + "<li><a href='/x'>item</a></li>" * 60_000 + "</ul>",
})
RAW.update({
    "/redirect-a": (302, {"Location": "/redirect-b"}, b""),
    "/redirect-b": (302, {"Location": "/redirect-a"}, b""),
    "/download.bin": (200, {"Content-Type": "application/octet-stream",
                            "Content-Disposition": "attachment; filename=report.bin"}, b"\0" * 4096),
    "/report.pdf": (200, {"Content-Type": "application/pdf"}, b"%PDF-1.4\n" + b"0" * 4096),
    "/to-report": (302, {"Location": "/report.pdf"}, b""),
    "/data.json": (200, {"Content-Type": "application/json"}, b'{"a": 1}'),
    "/gzip-bomb.html": (200, {"Content-Type": "text/html", "Content-Encoding": "gzip"},
                        gzip.compress(f"<!doctype html><title>Bomb</title><article>{ARTICLE}</article>".encode()
                                      + b" " * GZIP_BOMB_BYTES, compresslevel=9)),
    "/bad-encoding.html": (200, {"Content-Type": "text/html; charset=x-no-such-charset"},
                           f"<!doctype html><title>Bytes</title><article>{ARTICLE}<p>caf\xe9 \xff\xfe na\xefve</p>"
                           "</article>".encode("latin-1")),
    "/no-content": (204, {"Content-Type": "text/html"}, b""),
    "/server-error": (500, {"Content-Type": "text/html"}, b"<title>Oops</title><p>Internal error</p>"),
})

CASES = [
    ("/loop-before-load.html", Outcome.TIMEOUT),
    ("/loop-after-load.html", Outcome.TIMEOUT),
    ("/memory-bomb.html", Outcome.BROWSER_CRASH),
    ("/redirect-a", Outcome.REDIRECT_LOOP),
    ("/dialogs.html", Outcome.OK),
    ("/popups.html", Outcome.OK),
    ("/download.bin", Outcome.NON_HTML),
    ("/report.pdf", Outcome.NON_HTML),
    ("/to-report", Outcome.NON_HTML),  # a redirect to a PDF: the attempt is logged all the same
    ("/data.json", Outcome.NON_HTML),
    ("/gzip-bomb.html", Outcome.TIMEOUT),  # Chromium inflates and parses it for longer than the navigation deadline
    ("/bad-encoding.html", Outcome.OK),
    ("/frameset.html", Outcome.OK),
    ("/deep-dom.html", Outcome.OK),
    ("/huge-dom.html", Outcome.OK),
    ("/no-content", Outcome.ERROR),
    ("/missing.html", Outcome.HTTP_ERROR),
    ("/server-error", Outcome.HTTP_ERROR),
]


@pytest.mark.browser
@pytest.mark.parametrize(("path", "outcome"), CASES, ids=[path.strip("/") for path, _ in CASES])
def test_a_hostile_page_ends_within_its_bound_and_the_worker_goes_on(crawl_hostile, path: str, outcome: Outcome) -> None:
    run: HostileRun = crawl_hostile(path)
    assert run.crawled.attempt.outcome is outcome, run.crawled.attempt
    assert run.seconds < WALL_BOUND_S, f"took {run.seconds:.1f} s"
    assert [o for _, o in run.crawl_rows] == [outcome.value, "ok"], "the attempt is logged, then the next page"
    assert run.next_page.ok, run.next_page.attempt
    assert run.leftover_browsers == []
