"""Operator commands of the scheduler, registered by `rendercrawl/cli.py`: human-readable tables by default,
`--json` everywhere.

Settings are read once per command, here, and passed down. Bad input prints one clear line
and exits 1; a declined push exits 2, so scripts can tell "refused by the rate limit" from
"something is wrong".
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from dataclasses import dataclass
from datetime import datetime
from typing import Any, TextIO

import click
from tqdm import tqdm

from render.settings import RenderSettings
from rendercrawl.console import fail, open_database
from rendercrawl.tables import format_table
from scheduler import events
from scheduler.settings import SchedulerSettings
from scheduler.sites import CredentialError, credential_ref, credential_status, parse_duration
from storage.apikeys import SCOPES, KeyRow, create_key, list_keys, revoke_key
from storage.db import Engine, Sessions, session_factory
from storage.pages import page_ids_matching
from storage.queue import write_transaction
from storage.settings import StorageSettings
from storage.sites import HostTaken, SiteRow, load_site, load_sites, set_site_hosts, upsert_site
from storage.status import read_status
from storage.types import utc_now
from values.targets import refuse_target
from values.urls import InvalidUrl, normalize_host

DECLINED_EXIT = 2
INGEST_BATCH = 500
"""View events per transaction while ingesting: large enough to amortize commits, small
enough that a worker sharing a SQLite file never waits long for the write lock."""
RECRAWL_BATCH = 500

JSON_OPTION = click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")


def _engine() -> Engine:
    return open_database(StorageSettings().database_url)


def _time(value: str | None) -> datetime | None:
    if value is None:
        return None
    try:
        parsed = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        raise click.BadParameter(f"not an ISO 8601 time: {value!r}") from None
    if parsed.tzinfo is None:
        raise click.BadParameter(f"time without a timezone: {value!r} (add Z or +00:00)")
    return parsed


def _emit(as_json: bool, data: Any, headers: list[str], rows: list[list[Any]]) -> None:
    click.echo(json.dumps(data, ensure_ascii=False, indent=2, default=str) if as_json else format_table(headers, rows))


@click.command()
@click.argument("urls", nargs=-1, required=True)
@JSON_OPTION
def push(urls: tuple[str, ...], as_json: bool) -> None:
    """Recrawl URLs now; each URL is limited to a few honoured pushes per rolling hour."""
    settings, sessions = SchedulerSettings(), session_factory(_engine())
    results: list[dict[str, Any]] = []
    for url in urls:
        try:
            with write_transaction(sessions) as session:
                outcome = events.push(session, url, utc_now(), settings.push_rule(), note="rendercrawl push",
                                      targets=RenderSettings().targets, registered_only=not settings.accept_unregistered_hosts)
        except InvalidUrl as error:
            fail(str(error))
        d = outcome.decision
        results.append({"url": outcome.url, "honoured": d.allowed, "merged": d.merged,
                        "next_allowed_at": d.next_allowed_at.isoformat() if d.next_allowed_at else None})
    _emit(as_json, results, ["url", "push", "next allowed at"],
          [[r["url"], _push_shown(r["honoured"], r["merged"]), r["next_allowed_at"] or ""] for r in results])
    if not all(r["honoured"] for r in results):
        sys.exit(DECLINED_EXIT)


def _push_shown(honoured: bool, merged: bool) -> str:
    if not honoured:
        return "DECLINED (rate limit)"
    return "queued (merged into the crawl already queued)" if merged else "queued"


@click.command()
@click.option("--site", "host", help="Every page of this host.")
@click.option("--url-like", "pattern", help="Pages whose URL matches this SQL LIKE pattern (e.g. %/2024/%).")
@click.option("--older-than", "age", help="Pages last crawled longer ago than this (30m, 12h, 7d).")
@JSON_OPTION
def recrawl(host: str | None, pattern: str | None, age: str | None, as_json: bool) -> None:
    """Queue many pages for a manual recrawl; filters combine with AND."""
    if not (host or pattern or age):
        fail("give at least one of --site, --url-like, --older-than")
    try:
        site = normalize_host(host) if host else None
        cutoff = utc_now() - parse_duration(age) if age else None
    except ValueError as error:  # InvalidUrl is a ValueError
        fail(str(error))
    sessions = session_factory(_engine())
    with sessions() as session:
        page_ids = page_ids_matching(session, host=site, url_like=pattern, crawled_before=cutoff)
    changed = 0
    with tqdm(total=len(page_ids), unit="page", desc="queueing", disable=as_json or None, file=sys.stderr) as bar:
        for start in range(0, len(page_ids), RECRAWL_BATCH):
            batch = list(page_ids[start:start + RECRAWL_BATCH])
            with write_transaction(sessions) as session:
                changed += events.recrawl(session, batch, utc_now())
            bar.update(len(batch))
    _emit(as_json, {"matched": len(page_ids), "newly_queued": changed}, ["matched", "newly queued"], [[len(page_ids), changed]])


@click.command()
@JSON_OPTION
def status(as_json: bool) -> None:
    """Queue depth, crawl rate, outcomes, the oldest due page, recent workers, parked pages."""
    with session_factory(_engine())() as session:
        st = read_status(session, utc_now())
    if as_json:
        _emit(True, st.to_json_dict(), [], [])
        return
    rates = st.error_rates()
    rows: list[list[Any]] = [["queue", ", ".join(f"{k} {v}" for k, v in sorted(st.queue_by_state.items())) or "empty"],
            ["due now", st.due_now],
            ["oldest due", f"{st.oldest_due_url} (since {st.oldest_due_at:%Y-%m-%d %H:%M:%S}Z)" if st.oldest_due_url else "-"],
            ["crawls/min", f"{st.crawls_per_minute:.1f} (last 10 min)"],
            ["outcomes 1h", ", ".join(f"{k} {v} ({rates[k]:.0%})" for k, v in sorted(st.outcomes_last_hour.items())) or "-"],
            ["workers", ", ".join(st.workers_seen) or "none in the last 10 min"],
            ["parked", st.parked_total]]
    rows += [["  " + p.url, f"{p.attempts} attempts; {p.last_error or ''}"] for p in st.parked]
    rows += [["budget " + b.host, f"{b.crawl_budget_per_hour:g} recrawls/h; last bought worth "
              f"{'-' if b.budget_threshold is None else f'{b.budget_threshold:.3g}'} fresh page-days"] for b in st.budgets]
    rows.append(["changing most", "" if st.changing else "-"])
    rows += [["  " + c.url, f"{c.change_rate_per_day:.3g} changes/day; next due "
              f"{f'{c.next_crawl_at:%Y-%m-%d %H:%M}Z' if c.next_crawl_at else '-'}"] for c in st.changing]
    click.echo(format_table(["", ""], rows, max_cell=100))


@click.command()
@click.argument("url")
@click.option("--time", "at", help="When the view happened (ISO 8601 with zone; default now).")
@click.option("--modified-time", help="The page's article:modified_time as the client saw it.")
@JSON_OPTION
def view(url: str, at: str | None, modified_time: str | None, as_json: bool) -> None:
    """Record one page view; three views within six hours queue a new page."""
    settings, sessions = SchedulerSettings(), session_factory(_engine())
    try:
        with write_transaction(sessions) as session:
            effect = events.record_view(session, url, _time(at) or utc_now(), _time(modified_time), utc_now(),
                                        settings.view_rule(), settings.retry_rule(), RenderSettings().targets,
                                        not settings.accept_unregistered_hosts)
    except InvalidUrl as error:
        fail(str(error))
    _emit(as_json, {"url": effect.url, "queued": effect.queued, "detail": effect.detail},
          ["url", "queued", "why"], [[effect.url, effect.queued or "-", effect.detail]])


@click.command()
@click.argument("source", type=click.File("r", encoding="utf-8"))
@JSON_OPTION
def ingest(source: TextIO, as_json: bool) -> None:
    """Record page views from JSON lines ({"url", "time", "modified_time"?}); FILE or - for stdin.

    A bad line is rejected with its number and reason and the rest are stored; the exit status
    is 1 when any line was rejected."""
    settings, sessions, targets = SchedulerSettings(), session_factory(_engine()), RenderSettings().targets
    queued: Counter[str] = Counter()
    rejected: list[dict[str, Any]] = []
    total = 0
    batch: list[tuple[int, ViewEvent]] = []

    def flush() -> None:
        # One set-based `record_views` per batch: the same decisions as `record_view` per line,
        # in a few statements instead of a few per line.
        views = [events.ViewEvent(event.url, event.viewed_at, event.modified_time) for _, event in batch]
        with write_transaction(sessions) as session:
            answers = events.record_views(session, views, utc_now(), settings.view_rule(), settings.retry_rule(), targets,
                                          not settings.accept_unregistered_hosts)
        for (line_no, _event), answer in zip(batch, answers, strict=True):
            if isinstance(answer, events.ViewRefused):
                rejected.append({"line": line_no, "error": answer.message})
            elif answer.queued:
                queued[answer.queued] += 1
        batch.clear()

    for line_no, line in enumerate(tqdm(source, unit="view", desc="ingesting", disable=as_json or None, file=sys.stderr), 1):
        if not line.strip():
            continue
        total += 1
        try:
            batch.append((line_no, view_event(line)))
        except (ValueError, click.BadParameter) as error:
            rejected.append({"line": line_no, "error": f"bad event: {error}"})
            continue
        if len(batch) >= INGEST_BATCH:
            flush()
    if batch:
        flush()
    rejected.sort(key=lambda problem: problem["line"])
    summary = {"events": total, "recorded": total - len(rejected), "queued": dict(queued), "rejected": rejected}
    _emit(as_json, summary, ["events", "recorded", "queued", "rejected"],
          [[total, total - len(rejected), ", ".join(f"{k} {v}" for k, v in queued.items()) or "-", len(rejected)]])
    for problem in rejected[:20] if not as_json else []:
        click.echo(f"line {problem['line']}: {problem['error']}", err=True)
    if rejected:
        sys.exit(1)


@dataclass(frozen=True, slots=True)
class ViewEvent:
    url: str
    viewed_at: datetime
    modified_time: datetime | None


def view_event(line: str) -> ViewEvent:
    """One JSON line of `ingest`, checked field by field; rejected input raises ValueError
    (or click.BadParameter for a time) saying what is wrong."""
    event = json.loads(line)
    if not isinstance(event, dict) or "url" not in event or "time" not in event:
        raise ValueError("needs url and time")
    url, at, modified = event["url"], event["time"], event.get("modified_time")
    if not isinstance(url, str):
        raise ValueError(f"url must be a string, not {type(url).__name__}")
    if not isinstance(at, str):
        raise ValueError(f"time must be an ISO 8601 string, not {'null' if at is None else type(at).__name__}")
    if modified is not None and not isinstance(modified, str):
        raise ValueError(f"modified_time must be an ISO 8601 string or null, not {type(modified).__name__}")
    viewed_at = _time(at)
    assert viewed_at is not None  # a string parses or raises
    return ViewEvent(url, viewed_at, _time(modified))


@click.group()
def sites() -> None:
    """Per-site crawl settings."""


@sites.command("add")
@click.argument("host")
@click.option("--min-recrawl", help="Shortest gap between scheduled recrawls (e.g. 30m).")
@click.option("--max-recrawl", help="Longest gap between scheduled recrawls while viewed (e.g. 30d).")
@click.option("--max-concurrent", type=click.IntRange(1, 1000), help="Pages of this host rendering at once.")
@click.option("--min-delay-ms", type=click.IntRange(0, 600_000), help="Between two page starts of this host.")
@click.option("--ignore-param", "ignore", multiple=True, help="Query parameter (glob) that does not change the page.")
@click.option("--deny", multiple=True, help="Extra host to block while rendering this site's pages.")
@click.option("--robots/--no-robots", default=None, help="Obey robots.txt (default: obey).")
@click.option("--basic-auth-env", metavar="NAME", help="Environment variable holding user:password.")
@click.option("--basic-auth-file", metavar="PATH", help="File holding user:password.")
@click.option("--header", "headers", multiple=True, metavar="NAME:VALUE",
              help="HTTP header sent with every request of this site's pages (not for credentials).")
@click.option("--also", multiple=True, metavar="HOST",
              help="Another host of this site (www., m., amp., a CDN alias): the site's settings and keys cover it. "
                   "Given, the list replaces the one before.")
@click.option("--budget", metavar="PER_HOUR|off",
              help="Scheduled recrawls an hour, spent where they buy the most freshness; off: the recrawl ladder.")
@JSON_OPTION
def sites_add(host: str, min_recrawl: str | None, max_recrawl: str | None, max_concurrent: int | None,
              min_delay_ms: int | None, ignore: tuple[str, ...], deny: tuple[str, ...], robots: bool | None,
              basic_auth_env: str | None, basic_auth_file: str | None, headers: tuple[str, ...], also: tuple[str, ...],
              budget: str | None, as_json: bool) -> None:
    """Create or update the settings of HOST (only the options given change)."""
    try:
        site = normalize_host(host)
        others = [normalize_host(other) for other in also]
        for name in (site, *others):
            refuse_target(f"http://[{name}]/" if ":" in name else f"http://{name}/", RenderSettings().targets)
        values: dict[str, object] = {
            "min_recrawl_seconds": int(parse_duration(min_recrawl).total_seconds()) if min_recrawl else None,
            "max_recrawl_seconds": int(parse_duration(max_recrawl).total_seconds()) if max_recrawl else None,
            "max_concurrent_pages": max_concurrent, "min_delay_ms": min_delay_ms, "obey_robots": robots,
            "ignored_query_params": ignore or None, "extra_denylist": deny or None,
            "basic_auth_ref": credential_ref(basic_auth_env, basic_auth_file),
            "headers": _headers(headers) or None,
        }
        changes = {k: v for k, v in values.items() if v is not None}
        if budget is not None:
            changes["crawl_budget_per_hour"] = _budget(budget)
    except (ValueError, CredentialError) as error:  # InvalidUrl is a ValueError
        fail(str(error))
    sessions = session_factory(_engine())
    try:
        with write_transaction(sessions) as session:
            upsert_site(session, site, changes)
            if also:
                set_site_hosts(session, site, others)
    except HostTaken as error:
        fail(str(error))
    _show(sessions, site, as_json)


MAX_BUDGET_PER_HOUR = 1_000_000
"""A budget above this is a typo: no crawler renders a million pages an hour for one site."""


def _budget(text: str) -> float | None:
    """`--budget`: recrawls an hour (a positive number), or `off` for the ladder."""
    if text.strip().lower() == "off":
        return None
    try:
        value = float(text)
    except ValueError:
        raise ValueError(f"--budget takes recrawls an hour or 'off', not {text!r}") from None
    if not 0 < value <= MAX_BUDGET_PER_HOUR:
        raise ValueError(f"--budget must be above 0 and at most {MAX_BUDGET_PER_HOUR} recrawls an hour (or 'off')")
    return value


CREDENTIAL_HEADERS = frozenset({"authorization", "proxy-authorization", "cookie"})
"""Headers that carry secrets: a site row never holds one (use --basic-auth-env or -file)."""


def _headers(given: tuple[str, ...]) -> dict[str, str]:
    headers = {}
    for item in given:
        name, sep, value = item.partition(":")
        name = name.strip()
        if not sep or not name or any(c.isspace() for c in name):
            raise ValueError(f"not a header: {item.split(':', 1)[0]!r}… (use NAME:VALUE)")
        if name.lower() in CREDENTIAL_HEADERS:
            raise ValueError(f"{name} carries credentials; a site row never holds them (use --basic-auth-env or -file)")
        headers[name] = value.strip()
    return headers


@sites.command("list")
@JSON_OPTION
def sites_list(as_json: bool) -> None:
    """Every site with settings."""
    with session_factory(_engine())() as session:
        rows = [_site_dict(s) for s in load_sites(session)]
    _emit(as_json, rows, ["host", "recrawl min/max s", "concurrent", "delay ms", "robots", "basic auth", "budget/h"],
          [[r["host"], f"{r['min_recrawl_seconds'] or '-'}/{r['max_recrawl_seconds'] or '-'}", r["max_concurrent_pages"] or "-",
            r["min_delay_ms"] if r["min_delay_ms"] is not None else "-", r["obey_robots"], r["basic_auth"],
            r["crawl_budget_per_hour"] or "ladder"] for r in rows])


@sites.command("show")
@click.argument("host")
@JSON_OPTION
def sites_show(host: str, as_json: bool) -> None:
    """The settings of HOST (credentials shown only as where they live)."""
    try:
        site = normalize_host(host)
    except InvalidUrl as error:
        fail(str(error))
    _show(session_factory(_engine()), site, as_json)


def _show(sessions: Sessions, host: str, as_json: bool) -> None:
    with sessions() as session:
        found = load_sites(session, host)
    if not found:
        fail(f"no site {host}; add it with `rendercrawl sites add {host}`")
    data = _site_dict(found[0])
    _emit(as_json, data, ["setting", "value"], [[k, v] for k, v in data.items()])


def _site_dict(site: SiteRow) -> dict[str, object]:
    """A site for display (table or JSON): settings, and the credential reference's status."""
    return {
        "host": site.host,
        "also": list(site.hosts),
        "min_recrawl_seconds": site.min_recrawl_seconds,
        "max_recrawl_seconds": site.max_recrawl_seconds,
        "max_concurrent_pages": site.max_concurrent_pages,
        "min_delay_ms": site.min_delay_ms,
        "obey_robots": site.obey_robots,
        "ignored_query_params": list(site.ignored_query_params),
        "extra_denylist": list(site.extra_denylist),
        "headers": dict(site.headers),
        "basic_auth": credential_status(site.basic_auth_ref),
        "crawl_budget_per_hour": site.crawl_budget_per_hour,
        "budget_threshold": site.budget_threshold,
    }


@sites.group("key")
def sites_key() -> None:
    """API keys of the HTTP service (`rendercrawl serve`), one site and one scope each."""


@sites_key.command("create")
@click.argument("host")
@click.option("--scope", type=click.Choice(SCOPES), required=True, help="What the key may do.")
@JSON_OPTION
def sites_key_create(host: str, scope: str, as_json: bool) -> None:
    """Make a key for HOST (a registered site) and print it once: only its hash is stored."""
    try:
        site = normalize_host(host)
    except InvalidUrl as error:
        fail(str(error))
    sessions = session_factory(_engine())
    with write_transaction(sessions) as session:
        found = load_site(session, site)
        if found is None:
            fail(f"no site {site}; add it with `rendercrawl sites add {site}`")
        row, key = create_key(session, found.host, scope, utc_now())
    _emit(as_json, {**_key_dict(row), "key": key}, ["id", "host", "scope", "key (shown once)"],
          [[row.id, row.host, row.scope, key]])


@sites_key.command("list")
@click.argument("host", required=False)
@JSON_OPTION
def sites_key_list(host: str | None, as_json: bool) -> None:
    """Every key (of HOST), by its prefix: the keys themselves are stored nowhere."""
    try:
        site = normalize_host(host) if host else None
    except InvalidUrl as error:
        fail(str(error))
    with session_factory(_engine())() as session:
        rows = [_key_dict(k) for k in list_keys(session, site)]
    _emit(as_json, rows, ["id", "host", "scope", "prefix", "created", "revoked"],
          [[r["id"], r["host"], r["scope"], r["prefix"] + "…", r["created_at"], r["revoked_at"] or "-"] for r in rows])


@sites_key.command("revoke")
@click.argument("key_id", type=int)
@JSON_OPTION
def sites_key_revoke(key_id: int, as_json: bool) -> None:
    """Revoke key KEY_ID (see `sites key list`); the service refuses it from its next request."""
    with write_transaction(session_factory(_engine())) as session:
        revoked = revoke_key(session, key_id, utc_now())
    if not revoked:
        fail(f"no live key {key_id}")
    _emit(as_json, {"id": key_id, "revoked": True}, ["id", "revoked"], [[key_id, "yes"]])


def _key_dict(row: KeyRow) -> dict[str, Any]:
    return {"id": row.id, "host": row.host, "scope": row.scope, "prefix": row.prefix,
            "created_at": row.created_at.isoformat(), "revoked_at": row.revoked_at.isoformat() if row.revoked_at else None}
