"""The request policy as pure functions: no browser needed."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from render.blocking import ORDER, PageScope, RequestPolicy, site_of
from render.denylist import Denylist
from render.filterlist import parse_filter_list
from render.settings import RenderSettings, SiteSettings
from render.slowhosts import SlowHosts

NO_SITE = SiteSettings()
PAGE = "www.publisher.example"


def policy(**settings: object) -> RequestPolicy:
    return RequestPolicy.from_settings(RenderSettings(**settings))


def test_default_denylist_covers_at_least_forty_vendors() -> None:
    denylist = Denylist.default()
    vendors = {site_of(h) for h in denylist.hosts}
    assert len(vendors) >= 40, sorted(vendors)
    for host in ("www.google-analytics.com", "sb.scorecardresearch.com", "static.chartbeat.com",
                 "cdn.cxense.com", "comcluster.cxense.com", "logc279.xiti.com", "tag.aticdn.net",
                 "connect.facebook.net", "assets.adobedtm.com", "dpm.demdex.net", "js-agent.newrelic.com"):
        assert denylist.blocks_host(host), host


def test_denylist_path_rules_match_only_their_paths() -> None:
    denylist = Denylist.default()
    assert denylist.blocks_url("https://www.facebook.com/tr?id=1&ev=PageView")
    assert not denylist.blocks_url("https://www.facebook.com/publisher/posts/1")
    assert denylist.blocks_url("https://stats.publisher.example/matomo.php?idsite=3")


def test_piano_composer_loads_unless_the_setting_blocks_it() -> None:
    url = "https://cdn.tinypass.com/api/tinypass.min.js"
    assert policy().reason(url, "script", PAGE, NO_SITE) is None
    assert policy(block_piano_composer=True).reason(url, "script", PAGE, NO_SITE) == "denylist"


def test_site_allow_beats_the_denylist_and_site_block_adds_to_it() -> None:
    site = SiteSettings(allow_hosts=["google-analytics.com"], block_hosts=["widgets.example"])
    p = policy()
    assert p.reason("https://www.google-analytics.com/g/collect", "ping", PAGE, site) is None
    assert p.reason("https://www.google-analytics.com/g/collect", "ping", PAGE, NO_SITE) == "denylist"
    assert p.reason("https://a.widgets.example/w.js", "script", PAGE, site) == "site-rule"


def test_only_http_and_https_leave_the_browser() -> None:
    p = policy()
    assert p.reason("ftp://files.example/x", "other", PAGE, NO_SITE) == "scheme"
    assert p.reason("data:image/gif;base64,R0lG", "image", PAGE, NO_SITE) is None


def test_fonts_and_media_only_by_setting() -> None:
    assert policy().reason("https://cdn.example/a.woff2", "font", PAGE, NO_SITE) is None
    assert policy(block_fonts=True).reason("https://cdn.example/a.woff2", "font", PAGE, NO_SITE) == "font"
    assert policy(block_media=True).reason("https://cdn.example/clip.mp4", "media", PAGE, NO_SITE) == "media"


def test_third_party_rules_depend_on_the_page_site() -> None:
    rules = parse_filter_list(["||metrics.example^$third-party", "||pixel.example^", "@@||ok.pixel.example^"])
    assert rules.verdict("a.metrics.example", third_party=True)
    assert not rules.verdict("a.metrics.example", third_party=False)
    assert rules.verdict("pixel.example", third_party=False)
    assert not rules.verdict("ok.pixel.example", third_party=True)


def test_site_of_uses_the_public_suffix_list_offline() -> None:
    assert site_of("news.bbc.co.uk") == "bbc.co.uk"
    assert site_of("127.0.0.1") == "127.0.0.1"


def test_chromium_patterns_put_allow_entries_first() -> None:
    site = SiteSettings(allow_hosts=["google-analytics.com"], block_hosts=["widgets.example"])
    patterns = policy().chromium_patterns(PAGE, site)
    assert patterns[0] == {"urlPattern": "*://{*.}?google-analytics.com:*/*", "block": False}
    assert {"urlPattern": "*://{*.}?widgets.example:*/*", "block": True} in patterns


def first_match(patterns: list[dict[str, object]], host: str, path: str) -> dict[str, object] | None:
    """The pattern Chromium applies to `https://host/path`: the first that matches. Only the
    two shapes `chromium_patterns` writes (`*://{*.}?HOST:*/*`, `*://*:*/*.EXT`) are read."""
    for pattern in patterns:
        hosts, _, paths = str(pattern["urlPattern"]).removeprefix("*://").partition(":*")
        host_re = re.escape(hosts).replace(r"\{\*\.\}\?", r"([^/]*\.)?").replace(r"\*", r"[^/]*")
        if re.fullmatch(host_re, host) and re.fullmatch(re.escape(paths).replace(r"\*", ".*"), path):
            return pattern
    return None


def test_reason_and_chromium_patterns_follow_one_order() -> None:
    """A font on a host that every rule names: taking the rules away from the front of `ORDER`
    one by one, `reason()` answers with the first rule left, and the first of Chromium's
    patterns that matches the request blocks or allows it the same way."""
    host, path = "cdn.x.example", "/a.woff2"
    p = replace(policy(block_fonts=True), denylist=Denylist(frozenset({"x.example"})),
                filters=parse_filter_list(["||x.example^"]))
    site, slow = SiteSettings(allow_hosts=["x.example"], block_hosts=["x.example"]), frozenset({host})
    answers = []
    for step in range(len(ORDER)):
        if step == 1:
            site = site.model_copy(update={"allow_hosts": []})
        elif step == 2:
            site = site.model_copy(update={"block_hosts": []})
        elif step == 3:
            slow = frozenset()
        elif step == 4:
            p = replace(p, denylist=Denylist(frozenset()))
        elif step == 5:
            p = replace(p, filters=parse_filter_list([]))
        elif step == 6:
            p = replace(p, block_fonts=False)
        why = p.reason(f"https://{host}{path}", "font", PAGE, site, slow)
        matched = first_match(p.chromium_patterns(PAGE, site, slow), host, path)
        assert (why is not None) == bool(matched and matched["block"]), (step, why, matched)
        if matched is not None:  # and it is a pattern of the rule that answered
            assert matched in ORDER[step].patterns(p, PageScope(PAGE, site, slow)), (step, matched)
        answers.append(why)
    assert answers == [None, *(rule.name for rule in ORDER[1:-1]), None]


def test_auto_mode_blocks_in_the_proxy_whatever_the_lists(tmp_path: Path) -> None:
    path = tmp_path / "big.txt"
    path.write_text("\n".join(f"||h{i}.example^" for i in range(45_000)), encoding="utf-8")
    assert policy().mode == "proxy"
    assert policy(filter_lists=[path]).mode == "proxy"
    assert policy(filter_lists=[path], blocking_mode="chromium").mode == "chromium"
    assert policy(blocking_mode="route").mode == "route"


def fetch_match(pattern: dict[str, object], url: str, resource_type: str) -> bool:
    """Whether a Fetch `RequestPattern` pauses a request (`*` any run, `?` one character)."""
    wanted = pattern.get("resourceType")
    if wanted is not None and str(wanted).lower() != resource_type:
        return False
    text = re.escape(str(pattern["urlPattern"])).replace(r"\*", ".*").replace(r"\?", ".")
    return re.fullmatch(text, url) is not None


def test_proxy_mode_blocks_exactly_what_reason_blocks() -> None:
    """Split enforcement (`proxy` mode): the proxy refuses a host when `host_reason()` does, and
    Chromium pauses a request a path pattern matches, which `reason()` then decides. Over hosts
    and paths that every kind of rule names, a request is refused that way exactly when
    `reason()` refuses it (the proxy never refuses a host that `reason()` lets a request to; the
label a refused request gets is always `reason()`'s)."""
    p = replace(policy(block_fonts=True, block_media=True), filters=parse_filter_list(["||tracker.example^$third-party"]))
    site = SiteSettings(allow_hosts=["allowed-analytics.google-analytics.com", "facebook.com"],
                        block_hosts=["widgets.example"])
    slow = frozenset({"slow.example"})
    hosts = ["www.publisher.example", "www.google-analytics.com", "allowed-analytics.google-analytics.com",
             "facebook.com", "www.facebook.com", "connect.facebook.net", "widgets.example", "a.widgets.example",
             "slow.example", "tracker.example", "cdn.publisher.example", "piano.io", "stats.publisher.example"]
    paths = ["/", "/tr", "/tr/?id=1", "/b/ss/acct/1", "/matomo.php?idsite=1", "/js/piwik.js", "/a.woff2",
             "/a.woff2?v=3", "/clip.mp4", "/tracker/x.js", "/index.html?q=/matomo.php"]
    types = ["document", "script", "image", "font", "media", "xhr"]
    patterns = p.path_patterns()
    assert len(patterns) < 40  # a handful for Chromium to match, whatever the host lists hold
    blocked = 0
    for host in hosts:
        by_host = p.host_reason(host, PAGE, site, slow)
        for path in paths:
            for kind in types:
                url = f"https://{host}{path}"
                why = p.reason(url, kind, PAGE, site, slow)
                by_path = any(fetch_match(pattern, url, kind) for pattern in patterns) and why is not None
                assert (why is not None) == (by_host is not None or by_path), (url, kind, why, by_host)
                blocked += why is not None
    assert 0 < blocked < len(hosts) * len(paths) * len(types)


def test_most_default_rules_are_host_rules() -> None:
    """What the proxy can apply at `CONNECT`: every default denylist entry but its path rules."""
    denylist = Denylist.default()
    assert len(denylist.hosts) >= 10 * len(denylist.paths) > 0
    assert len(policy().path_patterns()) == len(denylist.paths)


def test_slow_host_is_blocked_after_repeated_timeouts_then_released() -> None:
    now = [0.0]
    slow = SlowHosts(strikes=3, window_s=60, block_s=300, clock=lambda: now[0])
    assert not slow.record_timeout("widgets.example")
    now[0] = 10
    assert not slow.record_timeout("widgets.example")
    now[0] = 20
    assert slow.record_timeout("widgets.example")
    assert slow.blocked() == {"widgets.example"}
    now[0] = 400
    assert slow.blocked() == frozenset()


def test_strikes_outside_the_window_do_not_count() -> None:
    now = [0.0]
    slow = SlowHosts(strikes=2, window_s=60, block_s=300, clock=lambda: now[0])
    slow.record_timeout("widgets.example")
    now[0] = 100
    assert not slow.record_timeout("widgets.example")


def test_hosts_whose_strikes_and_blocks_expired_are_forgotten() -> None:
    now = [0.0]
    slow = SlowHosts(strikes=2, window_s=60, block_s=300, clock=lambda: now[0])
    for i in range(1000):
        slow.record_timeout(f"widget{i}.example")
    slow.record_timeout("widget0.example")
    assert slow.blocked() == {"widget0.example"} and slow.hosts_tracked == 1000
    now[0] = 100
    assert slow.blocked() == {"widget0.example"} and slow.hosts_tracked == 1
    now[0] = 400
    assert slow.blocked() == frozenset() and slow.hosts_tracked == 0


def test_site_settings_apply_to_subdomains_and_hide_the_password() -> None:
    settings = RenderSettings(sites={"publisher.example": SiteSettings(username="bot", password="s3cret")})
    assert settings.site("www.publisher.example").username == "bot"
    assert settings.site("other.example").username is None
    assert "s3cret" not in repr(settings) and "s3cret" not in str(settings.model_dump())
