"""How fresh the stored profiles stay: the seed's ladder against the budgeted, change-rate
driven schedule, on thousands of simulated pages over simulated weeks.

    .venv/bin/python bench/freshness_sim.py [--days 14] [--seed 1] [--scale 1.0] [--plot bench/out/freshness_budget.png]

A publisher's pages, with change processes that look like one's (`KINDS`):
- articles, published all along, edited a few times in their first day or two, then frozen;
- live pages (a live blog, a match), changing every few minutes for a few hours, then frozen;
- section fronts, changing all the time, each at its own pace;
- pages that never change.
Every page is crawled first a few minutes after it appears (three views); both schedules then
decide every recrawl with the project's own pure functions: `scheduler.policy.next_recrawl`
(the ladder with its backoff and its live-page rule) and `scheduler.allocation.spend` (every
`--period-minutes`, the period's share of the budget buys the recrawls of highest expected
freshness gain, from each page's change model learned by `scheduler.changerate`). Both assume
every page keeps being viewed, and count every recrawl (a cheap probe's `unchanged` is a
recrawl too). A recrawl sees "changed" when the page changed at least once since the crawl
before, as the content hash does.

Printed: the parameters; per schedule, the recrawls, the mean freshness (the share of time,
from its first crawl, that a page's stored profile equals the live page, averaged over pages),
by kind, and the mean age of stale profiles (how long ago the live page moved away from the
stored one, averaged over stale time); the adaptive schedule at several budgets (freshness
against recrawls, plotted to `--plot`); the share of the ladder's recrawls at which the adaptive
schedule reaches the ladder's freshness; and last the ratio at equal recrawls — the budget set
to the ladder's recrawls per hour, which the budget spends to within a crawl.
"""

from __future__ import annotations

import argparse
import bisect
import heapq
import math
import random
import statistics
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

from scheduler.allocation import HISTORY_CRAWLS, Candidate, ChangeModel, PageChanges, change_model, spend
from scheduler.policy import CrawlHistory, RecrawlRule, next_recrawl

T0 = datetime(2026, 1, 5, tzinfo=UTC)
HOUR = timedelta(hours=1)
FIRST_CRAWL_DELAY = timedelta(minutes=10)
"""A new page's three views arrive within minutes of its publication on a busy site."""
BUDGET_SHARES = (0.3, 0.45, 0.6, 0.8, 1.0, 1.3)
"""Adaptive budgets, as shares of the ladder's recrawls, for freshness against budget."""


@dataclass(frozen=True, slots=True)
class Kind:
    name: str
    count: int
    """Pages of this kind at --scale 1."""
    describe: str


KINDS = (
    Kind("article", 2400, "published uniformly over the run; 1 + Poisson(2) edits, each ~Exp(8 h) after the last, "
                          "within 48 h; then frozen"),
    Kind("live", 60, "published uniformly; live for 3-8 h, one change every ~Exp(5 min); then frozen"),
    Kind("front", 120, "there from the start; Poisson changes at 4-96 a day (log-uniform)"),
    Kind("static", 900, "there from the start (or published at random); never changes"),
)


@dataclass(slots=True)
class Page:
    kind: str
    born: datetime
    published: datetime | None
    changes: list[datetime]
    crawls: list[datetime] = field(default_factory=list)
    flags: list[bool] = field(default_factory=list)


def make_pages(rng: random.Random, days: float, scale: float) -> list[Page]:
    end = T0 + timedelta(days=days)
    pages = []
    for kind in KINDS:
        for _ in range(round(kind.count * scale)):
            pages.append(_page(rng, kind.name, days, end))
    return pages


def _page(rng: random.Random, kind: str, days: float, end: datetime) -> Page:
    if kind == "article":
        born = T0 + timedelta(days=rng.uniform(0, days))
        changes, at = [], born
        for _ in range(1 + _poisson(rng, 2.0)):
            at += timedelta(hours=rng.expovariate(1 / 8))
            if at - born > timedelta(hours=48):
                break
            changes.append(at)
        return Page(kind, born, born, changes)
    if kind == "live":
        born = T0 + timedelta(days=rng.uniform(0, days))
        live_until, changes, at = born + timedelta(hours=rng.uniform(3, 8)), [], born
        while True:
            at += timedelta(minutes=rng.expovariate(1 / 5))
            if at > live_until:
                break
            changes.append(at)
        return Page(kind, born, born, changes)
    if kind == "front":
        rate = math.exp(rng.uniform(math.log(4), math.log(96)))
        changes, at = [], T0
        while at < end:
            at += timedelta(days=rng.expovariate(rate))
            changes.append(at)
        return Page(kind, T0, None, changes)
    return Page(kind, T0, None, [])


def _poisson(rng: random.Random, mean: float) -> int:
    count, total = 0, rng.expovariate(1.0)
    while total < mean:
        count += 1
        total += rng.expovariate(1.0)
    return count


def simulate(pages: list[Page], days: float, rule: RecrawlRule, budget_per_hour: float | None, period: timedelta) -> int:
    """Crawl every page by the ladder (`budget_per_hour` None) or by the budget; the recrawls."""
    for page in pages:
        page.crawls, page.flags = [], []
    if budget_per_hour is None:
        return _by_ladder(pages, days, rule)
    return _by_budget(pages, days, rule, budget_per_hour, period)


def _by_ladder(pages: list[Page], days: float, rule: RecrawlRule) -> int:
    end = T0 + timedelta(days=days)
    heap = [(page.born + FIRST_CRAWL_DELAY, index) for index, page in enumerate(pages)]
    heapq.heapify(heap)
    recrawls = 0
    while heap and heap[0][0] < end:
        due, index = heapq.heappop(heap)
        page = pages[index]
        _crawl(page, due)
        recrawls += len(page.crawls) > 1
        history = CrawlHistory(first_crawled_at=page.crawls[0], last_crawled_at=due, published_at=page.published,
                               changes=tuple(page.flags[-rule.change_rate_window:]))
        heapq.heappush(heap, (next_recrawl(history, rule).at, index))
    return recrawls


def _by_budget(pages: list[Page], days: float, rule: RecrawlRule, budget_per_hour: float, period: timedelta) -> int:
    """What the scheduler's budget job does every period: buy the period's share of the budget
    (`allocation.spend`), the bought recrawls spread over the period."""
    end = T0 + timedelta(days=days)
    born = sorted(range(len(pages)), key=lambda i: pages[i].born)
    models: dict[int, ChangeModel] = {}
    now, share, recrawls, next_born = T0, 0.0, 0, 0
    while now < end:
        stop = now + period
        while next_born < len(born) and pages[born[next_born]].born + FIRST_CRAWL_DELAY < stop:
            index = born[next_born]
            _crawl(pages[index], pages[index].born + FIRST_CRAWL_DELAY)
            models[index] = change_model(_changes(pages[index]), pages[index].crawls[-1], rule)
            next_born += 1
        share += budget_per_hour * (period / HOUR)
        crawls, share = int(share), share - int(share)
        candidates = [Candidate(i, model, pages[i].crawls[-1]) for i, model in models.items()]
        bought = spend(candidates, crawls, now, rule).page_ids
        for n, index in enumerate(bought):
            at = now + period * (n / len(bought))
            if at < end:
                _crawl(pages[index], at)
                recrawls += 1
                models[index] = change_model(_changes(pages[index]), at, rule)
        now = stop
    return recrawls


def _crawl(page: Page, at: datetime) -> None:
    if page.crawls:
        before = bisect.bisect_right(page.changes, page.crawls[-1])
        page.flags.append(bisect.bisect_right(page.changes, at) > before)
    page.crawls.append(at)


def _changes(page: Page) -> PageChanges:
    seen: list[tuple[datetime, bool | None]] = [(page.crawls[0], None)]
    seen += list(zip(page.crawls[1:], page.flags, strict=True))
    return PageChanges(page.crawls[0], page.published, tuple(seen[-(HISTORY_CRAWLS + 1):]))


@dataclass(frozen=True, slots=True)
class Measured:
    recrawls: int
    freshness: float
    by_kind: dict[str, float]
    stale_age_hours: float
    recrawls_by_kind: dict[str, int]


def measure(pages: list[Page], days: float, recrawls: int) -> Measured:
    end = T0 + timedelta(days=days)
    per_page: dict[str, list[float]] = {}
    stale_time = stale_age_integral = 0.0
    for page in pages:
        if not page.crawls or page.crawls[0] >= end:
            continue
        fresh = 0.0
        bounds = [*page.crawls, end]
        for start, stop in zip(bounds, bounds[1:], strict=False):
            nxt = bisect.bisect_right(page.changes, start)
            moved = page.changes[nxt] if nxt < len(page.changes) else stop
            moved = min(moved, stop)
            fresh += (moved - start).total_seconds()
            stale = (stop - moved).total_seconds()
            stale_time += stale
            stale_age_integral += stale * stale / 2
        span = (end - page.crawls[0]).total_seconds()
        per_page.setdefault(page.kind, []).append(fresh / span if span > 0 else 1.0)
    every = [f for values in per_page.values() for f in values]
    spent: dict[str, int] = {}
    for page in pages:
        spent[page.kind] = spent.get(page.kind, 0) + max(sum(c < end for c in page.crawls) - 1, 0)
    return Measured(recrawls, statistics.fmean(every), {k: statistics.fmean(v) for k, v in per_page.items()},
                    stale_age_integral / stale_time / 3600 if stale_time else 0.0, spent)


def run(pages: list[Page], args: argparse.Namespace, rule: RecrawlRule, budget: float | None) -> Measured:
    recrawls = simulate(pages, args.days, rule, budget, timedelta(minutes=args.period_minutes))
    return measure(pages, args.days, recrawls)


def row(name: str, m: Measured) -> str:
    kinds = " | ".join(f"{m.by_kind.get(k.name, float('nan')):.3f} ({m.recrawls_by_kind.get(k.name, 0)})" for k in KINDS)
    return f"| {name} | {m.recrawls} | {m.freshness:.3f} | {kinds} | {m.stale_age_hours:.1f} |"


def plot(path: Path, curve: list[Measured], ladder: Measured, args: argparse.Namespace) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6.4, 4.2))
    ax.plot([m.recrawls for m in curve], [m.freshness for m in curve], "o-", label="adaptive (budgeted)")
    ax.plot([ladder.recrawls], [ladder.freshness], "s", color="crimson", label="seed's ladder")
    ax.set_xlabel(f"recrawls in {args.days:g} simulated days")
    ax.set_ylabel("mean freshness")
    ax.set_title(f"Freshness against crawl budget (seed {args.seed}, scale {args.scale:g})")
    ax.grid(alpha=0.3)
    ax.legend()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--days", type=float, default=14)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--scale", type=float, default=1.0, help="multiplies every kind's page count")
    parser.add_argument("--period-minutes", type=float, default=60.0, help="how often the budget job buys recrawls")
    parser.add_argument("--plot", type=Path, default=Path("bench/out/freshness_budget.png"))
    args = parser.parse_args()
    rule = RecrawlRule()
    started = time.perf_counter()
    pages = make_pages(random.Random(args.seed), args.days, args.scale)
    print(f"seed {args.seed}; {args.days:g} simulated days; {len(pages)} pages; first crawl {FIRST_CRAWL_DELAY} after "
          f"publication; the budget bought every {args.period_minutes:g} min")
    print(f"ladder {[str(s) for s in rule.ladder]}, floor {rule.min_interval}, ceiling {rule.max_interval}")
    for kind in KINDS:
        print(f"  {kind.name}: {round(kind.count * args.scale)} pages, {kind.describe}")
    ladder = run(pages, args, rule, None)
    budget = ladder.recrawls / (args.days * 24)
    adaptive = run(pages, args, rule, budget)
    curve = [adaptive if share == 1 else run(pages, args, rule, budget * share) for share in BUDGET_SHARES]
    kinds = " | ".join(f"{k.name} (recrawls)" for k in KINDS)
    header = f"| schedule | recrawls | mean freshness | {kinds} | mean age of stale, h |"
    print()
    print(header)
    print("|" + "---|" * (header.count("|") - 1))
    print(row("seed's ladder", ladder))
    print(row(f"adaptive, {budget:.1f} recrawls/h", adaptive))
    for share, m in zip(BUDGET_SHARES, curve, strict=True):
        print(row(f"adaptive, {share:g} x that budget", m))
    plot(args.plot, sorted([*curve, adaptive], key=lambda m: m.recrawls), ladder, args)
    fewest = _crawls_for(ladder.freshness, sorted([*curve, adaptive], key=lambda m: m.recrawls))
    print()
    print(f"plot: {args.plot}; {time.perf_counter() - started:.0f} s")
    if fewest is not None:
        print(f"the ladder's freshness with {fewest / ladder.recrawls:.2f}x its recrawls")
    print(f"freshness adaptive/ladder at equal crawls: {adaptive.freshness / ladder.freshness:.2f}x")


def _crawls_for(freshness: float, curve: list[Measured]) -> float | None:
    """Recrawls at which the adaptive curve reaches `freshness` (linear between runs)."""
    for low, high in zip(curve, curve[1:], strict=False):
        if low.freshness <= freshness <= high.freshness and high.freshness > low.freshness:
            return low.recrawls + (freshness - low.freshness) / (high.freshness - low.freshness) * (high.recrawls - low.recrawls)
    if curve and curve[0].freshness >= freshness:
        return float(curve[0].recrawls)
    return None


if __name__ == "__main__":
    main()
