"""What blocking costs, four ways. Prints numbers; asserts nothing.

1. Matching in Python (`RequestPolicy.reason`, used to label blocked requests and by the route
   handler): us per request with the default denylist and with full EasyPrivacy.
2. Chromium's own matcher (CDP `Network.setBlockedURLs` URLPatterns): time to install N
   patterns and ms per page of 100 requests, N from the default list up to all of EasyPrivacy.
3. The route handler (`blocking_mode="route"`) with full EasyPrivacy, on the same page.
4. The egress proxy (`blocking_mode="proxy"`, the default): host rules refused at the proxy,
   Fetch patterns for path rules, with the default denylist and with full EasyPrivacy.
Section 3 gives each mode's navigation (wall, median) and the Python process's CPU a page
(event loop, egress proxy and all: `time.process_time`), the modes alternating round by round.

EasyPrivacy comes from Debian's `webext-ublock-origin-chromium` (not committed):

    cd bench/out && apt-get download webext-ublock-origin-chromium && dpkg -x webext-ublock-origin-chromium_*.deb ublock
    .venv/bin/python bench/render_blocking.py [--list PATH] [--rounds 5]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.async_api import async_playwright  # noqa: E402

from demosite.server import DemoSite  # noqa: E402
from loopback import LOOPBACK_ONLY  # noqa: E402
from render.blocking import RequestPolicy, host_pattern  # noqa: E402
from render.browser import Renderer  # noqa: E402
from render.chromium import find_chromium, launch_args  # noqa: E402
from render.filterlist import load_filter_lists  # noqa: E402
from render.settings import RenderSettings, SiteSettings  # noqa: E402
from values.rendered import RenderedPage  # noqa: E402

EASYPRIVACY = (Path(__file__).resolve().parent / "out" / "ublock" / "usr/share/chromium/extensions/ublock-origin"
               / "assets/thirdparties/easylist/easyprivacy.txt")
REQUESTS_PER_PAGE = 100
PAGES_PER_ROUND = 3
"""Section 3: renders of the page per mode and round, after one that warms the browser."""
PATTERN_COUNTS = (0, 100, 1_000, 5_000, 20_000)
SAMPLE_URLS = 20_000
BENIGN_HOSTS = ("cdn.publisher.example", "www.publisher.example", "images.publisher-cdn.example",
                "fonts.gstatic.com", "ajax.googleapis.com", "cdn.jsdelivr.net")


def sample_urls(hosts: list[str]) -> list[str]:
    """Half tracker hosts (with a subdomain), half benign: a crawler sees both."""
    rng = random.Random(7)
    urls = []
    for i in range(SAMPLE_URLS):
        host = f"px.{rng.choice(hosts)}" if i % 2 else rng.choice(BENIGN_HOSTS)
        urls.append(f"https://{host}/path/{i}.js?v=1")
    return urls


def python_matching(list_path: Path | None) -> None:
    print("1. Python matching per request (RequestPolicy.reason, 20,000 URLs, half trackers)")
    configs = [("default denylist", RenderSettings())]
    if list_path:
        configs.append(("+ EasyPrivacy", RenderSettings(filter_lists=[list_path])))
    site = SiteSettings()
    for label, settings in configs:
        started = time.perf_counter()
        policy = RequestPolicy.from_settings(settings)
        load_s = time.perf_counter() - started
        hosts = sorted(policy.filters.blocked | policy.filters.blocked_third_party) or sorted(policy.denylist.hosts)
        urls = sample_urls(hosts)
        started = time.perf_counter()
        blocked = sum(policy.reason(u, "script", "www.publisher.example", site) is not None for u in urls)
        per_us = (time.perf_counter() - started) / len(urls) * 1e6
        print(f"   {label:<18} {per_us:6.2f} us/request  blocked {blocked}/{len(urls)}  "
              f"(rules loaded {policy.filters.loaded}, ignored {policy.filters.ignored}, load {load_s:.2f} s)")


async def chromium_patterns(site: DemoSite, hosts: list[str], rounds: int) -> None:
    print(f"2. Chromium setBlockedURLs: page with {REQUESTS_PER_PAGE} requests, median of {rounds}")
    print(f"   {'patterns':>8} {'install ms':>10} {'page ms':>8} {'ms/request extra':>16}")
    executable = find_chromium()
    url = site.url(f"/render-fixtures/many-requests.html?n={REQUESTS_PER_PAGE}")
    base = None
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=str(executable), args=launch_args(executable))
        for count in [c for c in PATTERN_COUNTS if c <= len(hosts)] + [len(hosts)]:
            patterns = [{"urlPattern": host_pattern(h), "block": True} for h in hosts[:count]]
            installs, pages = [], []
            for _ in range(rounds):
                context = await browser.new_context()
                page = await context.new_page()
                cdp = await context.new_cdp_session(page)
                await cdp.send("Network.enable")
                started = time.perf_counter()
                await cdp.send("Network.setBlockedURLs", {"urlPatterns": patterns})
                installed = time.perf_counter()
                await page.goto(url, wait_until="load")
                loaded = time.perf_counter()
                installs.append((installed - started) * 1000)
                pages.append((loaded - installed) * 1000)
                await context.close()
            page_ms = statistics.median(pages)
            base = page_ms if base is None else base
            print(f"   {count:>8} {statistics.median(installs):>10.1f} {page_ms:>8.0f} "
                  f"{(page_ms - base) / REQUESTS_PER_PAGE:>16.2f}")
        await browser.close()


async def renderer_modes(site: DemoSite, list_path: Path | None, rounds: int) -> None:
    print(f"3. Full render of the same page, {rounds} rounds of {PAGES_PER_ROUND} per mode, medians (ms per page)")
    url = site.url(f"/render-fixtures/many-requests.html?n={REQUESTS_PER_PAGE}")
    configs: list[tuple[str, dict[str, object]]] = [
        ("proxy, default denylist", {"blocking_mode": "proxy"}), ("chromium, default denylist", {"blocking_mode": "chromium"}),
        ("route, default denylist", {"blocking_mode": "route"})]
    if list_path:
        configs += [("proxy, + EasyPrivacy", {"blocking_mode": "proxy", "filter_lists": [list_path]}),
                    ("route, + EasyPrivacy", {"blocking_mode": "route", "filter_lists": [list_path]})]
    totals: dict[str, list[float]] = {label: [] for label, _ in configs}
    cpu: dict[str, list[float]] = {label: [] for label, _ in configs}
    for _ in range(rounds):  # the modes alternate round by round: a loaded machine's drift hits each alike
        for label, update in configs:
            settings = RenderSettings(resolver_rules=LOOPBACK_ONLY, handle_signals=False, settle_quiet_ms=100,
                                      scroll_steps=0, **update)
            async with Renderer(settings) as renderer:
                await renderer.render(url)
                for _ in range(PAGES_PER_ROUND):
                    started = time.process_time()
                    page = await renderer.render(url)
                    cpu[label].append((time.process_time() - started) * 1000)
                    assert isinstance(page, RenderedPage), page
                    totals[label].append(page.timings.navigation_ms)
    for label, _ in configs:
        print(f"   {label:<28} navigation {statistics.median(totals[label]):6.0f} ms, "
              f"Python CPU {statistics.median(cpu[label]):5.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--list", type=Path, default=EASYPRIVACY)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--modes-only", action="store_true", help="section 3 only (each blocking mode in a full render)")
    args = parser.parse_args()
    list_path = args.list if args.list.is_file() else None
    if list_path is None:
        print(f"(no EasyPrivacy at {args.list}: see the docstring; measuring the default list only)")
    if not args.modes_only:
        python_matching(list_path)
    hosts = sorted(load_filter_lists([list_path]).blocked) if list_path and not args.modes_only else []
    with DemoSite() as site:
        if hosts:
            asyncio.run(chromium_patterns(site, hosts, args.rounds))
        asyncio.run(renderer_modes(site, list_path, args.rounds))


if __name__ == "__main__":
    main()
