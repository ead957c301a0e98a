"""Hosts split at the public suffix: the answers the extractor (site names, registrable domain)
and the renderer's first- or third-party rule rely on."""

from __future__ import annotations

import pytest

from render.blocking import site_of
from values.domains import HostParts, split_host, split_url


@pytest.mark.parametrize(("host", "parts"), [
    ("www.example.com", HostParts("www", "example", "com")),
    ("news.example.co.uk", HostParts("news", "example", "co.uk")),
    ("a.b.example.co.uk", HostParts("a.b", "example", "co.uk")),
    ("example.com.", HostParts("", "example", "com")),  # a fully qualified name
    ("Example.COM", HostParts("", "Example", "COM")),  # case kept, compared in any case
    # Only the list's ICANN part counts: a blog on a shared host is a page of that host.
    ("someone.blogspot.com", HostParts("someone", "blogspot", "com")),
    # Wildcard and exception rules (`*.ck`, `!www.ck`).
    ("shop.example.ck", HostParts("", "shop", "example.ck")),
    ("www.ck", HostParts("", "www", "ck")),
    # Internationalised names, in Unicode and in the punycode a URL carries.
    ("www.bücher.de", HostParts("www", "bücher", "de")),
    ("www.例子.中国", HostParts("www", "例子", "中国")),
    ("www.xn--fsqu00a.xn--fiqs8s", HostParts("www", "xn--fsqu00a", "xn--fiqs8s")),
    # No suffix: addresses, single labels, top-level domains the list does not know.
    ("192.168.0.1", HostParts("", "192.168.0.1", "")),
    ("::1", HostParts("", "::1", "")),
    ("localhost", HostParts("", "localhost", "")),
    ("printer.office.internal-test", HostParts("printer.office", "internal-test", "")),
    ("co.uk", HostParts("", "", "co.uk")),
    ("", HostParts("", "", "")),
])
def test_split_host(host: str, parts: HostParts) -> None:
    assert split_host(host) == parts


def test_registrable_needs_both_a_suffix_and_a_label_under_it() -> None:
    assert split_host("news.example.co.uk").registrable == "example.co.uk"
    assert split_host("co.uk").registrable == ""
    assert split_host("192.168.0.1").registrable == ""


@pytest.mark.parametrize(("url", "domain"), [
    ("https://user@News.Example.co.uk:8443/a/b?c=d", "example"),
    ("http://[::1]:8080/", "::1"),
    ("/just/a/path", ""),
    ("http://[broken/", ""),  # urlsplit refuses it: no host rather than an error
])
def test_split_url_takes_the_host_of_a_url(url: str, domain: str) -> None:
    assert split_url(url).domain == domain


def test_site_of_is_the_registrable_domain_or_the_host_itself() -> None:
    assert site_of("cdn.news.example.co.uk") == site_of("www.example.co.uk") == "example.co.uk"
    assert site_of("someone.blogspot.com") == site_of("other.blogspot.com")
    assert site_of("127.0.0.1") == "127.0.0.1"
    assert site_of("localhost") == "localhost"
