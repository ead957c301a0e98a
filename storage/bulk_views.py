"""The reads and writes of many page views at once (`scheduler.events.record_views`, run by the
service's group commit and by `rendercrawl ingest`): site rows, pages with their aliases and
standing, new pages, queue rows — each for a whole batch in one statement (per 500 values)
instead of one or more per view.

Every function here is the many-at-once twin of a one-at-a-time function elsewhere in
`storage/` and must decide exactly like it: `find_or_create_pages` ~ `pages.find_or_create_page`
+ `pages.page_schedule`, `load_sites_of` ~ `sites.load_site`, `enqueue_many` ~
`queue.enqueue`, `queue_states` ~ `queue.queue_state`, `view_times_of` ~ `events.view_times_of`
(with a plan PostgreSQL cannot get wrong). `tests/scheduler/test_record_views.py`
holds the pairs equal on SQLite and PostgreSQL.

Hot statements are built once at import, and the inserts with ON CONFLICT are SQL text:
SQLAlchemy compiles a dialect insert with ON CONFLICT anew for every execution, which costs a
group commit more than running it.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from operator import attrgetter
from typing import Any, TypeVar, cast

from sqlalchemy import Table, Text, TextClause, bindparam, select, text, update
from sqlalchemy.dialects import postgresql
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session

from storage.bulk import is_postgres
from storage.models import CrawlHost, Page, PageAlias, QueueEntry
from storage.pages import PageSchedule, dialect_insert
from storage.queue import QUEUE_ROW_COLUMNS, Enqueued, EnqueueState, QueueRow, transition
from storage.records import CrawlState, QueueState, Reason
from storage.sites import SiteRow, site_rows_of
from storage.writer import defer_write
from values.urls import host_of

T = TypeVar("T")

IN_CHUNK = 500
"""Values per `IN (…)` list or insert: far below SQLite's 32,766 bound parameters, and short
enough for PostgreSQL to plan quickly."""

P = Page.__table__
A = PageAlias.__table__
Q = QueueEntry.__table__
H = CrawlHost.__table__


def chunks(values: Sequence[T], size: int = IN_CHUNK) -> Iterator[Sequence[T]]:
    """`values` in consecutive slices of at most `size`."""
    for start in range(0, len(values), size):
        yield values[start:start + size]


def array_literal(values: Sequence[Any]) -> str:
    """PostgreSQL's text form of an array of `values` (all ints, all strings or all aware
    datetimes, any of them None), for a parameter the statement casts (`CAST(:p AS INTEGER[])`).
    Built with `str.join` and C-level conversions: SQLAlchemy's ARRAY type and psycopg's list
    dumper ran Python code per element (a batch of 500 views that queues its pages: 73 -> 63
    µs of CPU per view, in-process), and so did a quoting or checking function called per
    element (strings are escaped all at once, datetimes checked per distinct zone: 16 -> N µs
    for a batch's arrays). A naive datetime is refused, as `UTCDateTime` refuses it."""
    sample = next((value for value in values if value is not None), None)
    if sample is None:
        return "{" + ",".join(["NULL"] * len(values)) + "}"
    if None in values:
        return "{" + ",".join("NULL" if value is None else array_literal([value])[1:-1] for value in values) + "}"
    if isinstance(sample, str):
        joined = "\x00".join(values)
        if joined.count("\x00") == len(values) - 1:  # no value holds the separator
            return '{"' + joined.replace("\\", "\\\\").replace('"', '\\"').replace("\x00", '","') + '"}'
        return "{" + ",".join(map(_quoted, values)) + "}"
    if isinstance(sample, datetime):
        for value in dict(zip(map(_TZINFO, values), values, strict=True)).values():  # one value per zone
            if value.utcoffset() is None:
                raise ValueError(f"naive datetime {value.isoformat()} refused: pass a timezone-aware time")
        return "{" + ",".join(map(datetime.isoformat, values)) + "}"
    if isinstance(sample, int) and not isinstance(sample, bool):
        return "{" + ",".join(map(str, values)) + "}"
    raise TypeError(f"no array literal of {type(sample).__name__} values")


_TZINFO = attrgetter("tzinfo")


def _quoted(value: str) -> str:
    """An array element in double quotes, in which only `"` and `\\` need a backslash."""
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _driver_rows(session: Session, sql: str, params: Mapping[str, Any] | tuple[Any, ...]) -> Sequence[Any]:
    """The rows of `sql` as the driver reads them (psycopg's `%(name)s` parameters, SQLite's
    `?`), as plain tuples, on the session's connection and in its transaction: no statement to
    compile, no type to apply per value, and none of SQLAlchemy's execution context, result
    metadata and `Row` per row either. The hot reads of a batch read thousands of values;
    SQLAlchemy's per-row, per-value processing was most of their cost, and its execution and
    result set-up, about 90 µs of CPU per statement on this machine under load
    (`exec_driver_sql(…).all()` 272 µs, the cursor 183 µs, for 8 keys), was a group of single
    events' largest fixed cost. A driver error is raised as SQLAlchemy's (`DBAPIError`), as
    every other statement's is, so callers see one family of database errors (`storage.db.DatabaseError`).
    A PostgreSQL `timestamptz` comes as an aware datetime in `timezone.utc` (the sessions are
    in UTC, `storage.db`), as `UTCDateTime` would give it; SQLite's text times go through
    `_sqlite_utc`."""
    connection = session.connection()
    driver_error = connection.dialect.loaded_dbapi.Error
    cursor = connection.connection.cursor()
    try:
        cursor.execute(sql, params)
        return cursor.fetchall()
    except driver_error as error:
        raise DBAPIError.instance(sql, params, error, driver_error) from error
    finally:
        cursor.close()


@functools.cache
def _marks(count: int) -> str:
    """`?, ?, …`: `count` SQLite parameters."""
    return ", ".join("?" * count)


def _same(value: T) -> T:
    return value


def _sqlite_time(value: datetime) -> str:
    """A time as `UTCDateTime` stores it in SQLite: UTC, no offset, six fraction digits."""
    if value.utcoffset() is None:
        raise ValueError(f"naive datetime {value.isoformat()} refused: pass a timezone-aware time")
    return value.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S.%f")


def _sqlite_utc(value: str) -> datetime:
    """A time `UTCDateTime` stored in SQLite, read back as it reads it: aware, in UTC."""
    return datetime.fromisoformat(value).replace(tzinfo=UTC)


def _sqlite_utc_or_none(value: str | None) -> datetime | None:
    return None if value is None else _sqlite_utc(value)


# ---------------------------------------------------------------- sites


def load_sites_of(session: Session, hosts: Iterable[str]) -> dict[str, SiteRow]:
    """The rows of those of `hosts` that have one, as their own or another host of theirs
    (`sites.load_site` for each)."""
    rows: dict[str, SiteRow] = {}
    for part in chunks(sorted(set(hosts))):
        rows.update(site_rows_of(session, part))
    return rows


# ---------------------------------------------------------------- pages


@dataclass(frozen=True, slots=True)
class PageRef:
    """A page `find_or_create_pages` found or made."""

    page_id: int
    schedule: PageSchedule
    created: bool
    """Inserted by this call: it has no history yet (no views, no queue row)."""


NEW_PAGE = PageSchedule(CrawlState.NEW, None, None, 0)
"""Where a page just inserted stands (the columns' server defaults)."""
_SCHEDULE_SQL = "pages.id, pages.crawl_state, pages.last_crawled_at, pages.next_crawl_at, pages.error_count"
_KNOWN_PAGES_POSTGRESQL = (
    f"SELECT u.url, true, p.* FROM unnest(CAST(%(urls)s AS VARCHAR[])) AS u(url) "
    f"CROSS JOIN LATERAL (SELECT {_SCHEDULE_SQL} FROM pages WHERE pages.url = u.url LIMIT 1) AS p "
    f"UNION ALL SELECT u.url, false, p.* FROM unnest(CAST(%(urls)s AS VARCHAR[])) AS u(url) "
    f"CROSS JOIN LATERAL (SELECT {_SCHEDULE_SQL} FROM page_aliases JOIN pages ON pages.id = page_aliases.page_id "
    "WHERE page_aliases.url = u.url LIMIT 1) AS p")
"""PostgreSQL probes the pages (and aliases) index once per URL of one array parameter: each
lookup is a LATERAL subquery with a LIMIT (both URL columns are unique), which the planner can
neither flatten into a join nor run as anything but an index probe. Once psycopg prepared a
statement, PostgreSQL settles on a generic plan, estimated from statistics that lag a growing
table: `url IN (…)` and `url = ANY(…)` then scanned every page and compared it with every URL,
and a plain join of the array to `pages` became a hash join over a scan of every page (0.67 ms
of 0.73 for 8 URLs against 5,000 pages, `bench/service_load.py`, growing with the table)."""


def _known_pages_sqlite(count: int) -> str:
    marks = _marks(count)
    return (f"SELECT url, 1, {_SCHEDULE_SQL} FROM pages WHERE url IN ({marks}) UNION ALL "
            f"SELECT page_aliases.url, 0, {_SCHEDULE_SQL} FROM page_aliases JOIN pages ON pages.id = page_aliases.page_id "
            f"WHERE page_aliases.url IN ({marks})")


def find_or_create_pages(session: Session, first_seen: Mapping[str, datetime]) -> dict[str, PageRef]:
    """`pages.find_or_create_page` and `pages.page_schedule` for many URLs at once: the page
    each names (directly, else through an alias — a direct match wins, as in
    `pages.find_page_id`), created first seen at its `first_seen` time if unknown, and where it
    stands. One statement when every page is known, one more when some are new. New pages are
    inserted in URL order, so two transactions creating overlapping pages wait for each other
    instead of deadlocking; the URLs must pass `values.urls.length_refusal`."""
    urls = list(first_seen)
    found = _known_pages(session, urls)
    missing = sorted(url for url in urls if url not in found)
    for part in chunks(missing):
        rows = [{"url": url, "host": host_of(url), "first_seen_at": first_seen[url]} for url in part]
        found.update((row[0], PageRef(row[1], NEW_PAGE, True)) for row in insert_missing(session, P, rows, "url", ("url", "id")))
    raced = [url for url in missing if url not in found]  # created by a concurrent transaction meanwhile
    found.update(_known_pages(session, raced))
    return found


def _known_pages(session: Session, urls: Sequence[str]) -> dict[str, PageRef]:
    found: dict[str, PageRef] = {}
    aliased: dict[str, PageRef] = {}
    postgres = is_postgres(session)
    read = _same if postgres else _sqlite_utc_or_none
    for part in chunks(urls):
        rows = (_driver_rows(session, _KNOWN_PAGES_POSTGRESQL, {"urls": array_literal(part)}) if postgres
                else _driver_rows(session, _known_pages_sqlite(len(part)), (*part, *part)))
        for url, direct, page_id, state, last_crawled_at, next_crawl_at, error_count in rows:
            if state == NEW_PAGE.crawl_state and last_crawled_at is None and next_crawl_at is None and not error_count:
                schedule = NEW_PAGE  # most pages a batch meets: one value for all of them
            else:
                schedule = PageSchedule(CrawlState(state), read(last_crawled_at), read(next_crawl_at), error_count)
            (found if direct else aliased)[url] = PageRef(page_id, schedule, False)
    return {**aliased, **found}


# ---------------------------------------------------------------- views


_VIEW_TIMES_POSTGRESQL = (
    "SELECT ids.page_id, "
    "ARRAY(SELECT viewed_at FROM page_views WHERE page_views.page_id = ids.page_id "
    "AND viewed_at >= %(start)s AND viewed_at <= %(cut)s ORDER BY viewed_at) || "
    "ARRAY(SELECT viewed_at FROM page_views WHERE page_views.page_id = ids.page_id "
    "AND viewed_at > %(cut)s AND viewed_at <= %(end)s ORDER BY viewed_at LIMIT %(limit)s) "
    "FROM unnest(CAST(%(page_ids)s AS INTEGER[])) AS ids(page_id)")
"""PostgreSQL reads each page's views through the (page_id, viewed_at) index: an `ARRAY(…)`
subquery runs once per page, as an index range scan, and cannot be flattened into a join
(which the planner planned as a hash join over every view of the window: 1.0 ms for 8 pages
after a minute of load, growing with the table; the plain `page_id IN (…) AND viewed_at
BETWEEN …` picked the `viewed_at` index: 150 µs per event of a batch of 500). One row per
page, its times in one array that psycopg reads in C (an empty one is dropped here: a filter
on it in SQL evaluated both subqueries twice). Each view read costs a heap visit (the
index is covering, but a table growing by thousands of rows a second is never all visible):
with all of a page's views in the window that was the database's largest cost of a batch
(9.8 ms of heap visits for 500 pages of 16 views)."""


def _view_times_sqlite(count: int) -> str:
    return (f"SELECT page_id, group_concat(viewed_at) FROM page_views WHERE page_id IN ({_marks(count)}) "
            "AND viewed_at >= ? AND viewed_at <= ? GROUP BY page_id")


def view_times_of(session: Session, page_ids: Iterable[int], start: datetime, cut: datetime, end: datetime,
                  limit: int) -> dict[int, list[datetime]]:
    """`storage.events.view_times_of`, bounded: when each page was viewed between `start` and
    `cut` (both included), then the first `limit` of its views after `cut` up to `end`
    (included), in time order; a page without views there is missing. (`record_views` says
    why this is all a batch's decisions need.) SQLite reads every view between `start` and
    `end`, from its covering index: numbering each page's views to keep the first few cost it more than reading them
    (8 -> 19 µs an event); one row per page there too (its times joined by commas: a row per
    view cost twice as much), each distinct time read once."""
    times: dict[int, list[datetime]] = {}
    if is_postgres(session):
        bounds = {"start": start, "cut": cut, "end": end, "limit": limit}
        for part in chunks(sorted(set(page_ids))):
            rows = _driver_rows(session, _VIEW_TIMES_POSTGRESQL, {"page_ids": array_literal(part), **bounds})
            times.update((page_id, page_times) for page_id, page_times in rows if page_times)
        return times
    span = (_sqlite_time(start), _sqlite_time(end))
    read: dict[str, datetime] = {}
    for part in chunks(sorted(set(page_ids))):
        for page_id, joined in _driver_rows(session, _view_times_sqlite(len(part)), (*part, *span)):
            values = joined.split(",")
            for value in values:
                if value not in read:
                    read[value] = _sqlite_utc(value)
            times[page_id] = sorted(read[value] for value in values)
    return times


# ---------------------------------------------------------------- the queue


@dataclass(frozen=True, slots=True)
class EnqueueRequest:
    page_id: int
    reason: Reason
    due_at: datetime


_QUEUE_ROW_SQL = "crawl_queue.page_id, " + ", ".join(f"crawl_queue.{column}" for column in QUEUE_ROW_COLUMNS)
_ROWS_OF_POSTGRESQL = (
    f"SELECT {_QUEUE_ROW_SQL} FROM unnest(CAST(%(page_ids)s AS INTEGER[])) AS ids(page_id) "
    "CROSS JOIN LATERAL (SELECT * FROM crawl_queue WHERE crawl_queue.page_id = ids.page_id FOR UPDATE) AS crawl_queue")
"""Locked in page order (the ids come sorted, and each is one index probe in the array's
order); as a plain join the generic plan scanned the whole queue, as `_KNOWN_PAGES_POSTGRESQL`
says of the pages."""


def _rows_of_sqlite(count: int) -> str:
    return f"SELECT {_QUEUE_ROW_SQL} FROM crawl_queue WHERE page_id IN ({_marks(count)})"


_SET_ROWS = update(Q).where(Q.c.page_id == bindparam("b_page_id")).values(
    {column: bindparam(f"b_{column}") for column in QUEUE_ROW_COLUMNS})


def enqueue_many(session: Session, requests: Sequence[EnqueueRequest], now: datetime) -> list[Enqueued]:
    """`queue.enqueue` for each request, in order, with the same outcomes — in a few
    statements: the pages' rows are read (and locked, on PostgreSQL, in page order) at once,
    every request is applied to them in memory by `transition`, and each changed row is
    written once (new rows in one insert, changed ones in one executemany). A new row that a
    concurrent transaction inserted meanwhile is read, and its page's requests are applied to
    it instead."""
    results: list[Enqueued | None] = [None] * len(requests)
    by_page: dict[int, list[int]] = {}
    for index, request in enumerate(requests):
        by_page.setdefault(request.page_id, []).append(index)
    existing = _rows_of(session, by_page)
    updates: dict[int, dict[str, object]] = {}
    inserts: dict[int, dict[str, object]] = {}
    for page_id, indices in by_page.items():
        if page_id in existing:
            updates[page_id] = _apply(requests, indices, existing[page_id], results, now)
            continue
        first = requests[indices[0]]
        results[indices[0]] = Enqueued(EnqueueState.NEW, first.due_at)
        row: dict[str, object] = {"page_id": page_id, "due_at": first.due_at, "priority": first.reason.priority,
                                  "reason": first.reason.value, "state": QueueState.QUEUED.value, "attempts": 0,
                                  "last_error": None, "enqueued_at": now, "updated_at": now}
        start = QueueRow(QueueState.QUEUED.value, first.due_at, first.reason.priority, first.reason.value, 0, None, now, now)
        inserts[page_id] = {**row, **_apply(requests, indices[1:], start, results, now)}
    if inserts:
        rows = [inserts[page_id] for page_id in sorted(inserts)]
        inserted = {row[0] for row in insert_missing(session, Q, rows, "page_id", ("page_id",))}
        raced = {page_id: by_page[page_id] for page_id in inserts if page_id not in inserted}
        for page_id, current in _rows_of(session, raced).items():
            updates[page_id] = _apply(requests, raced[page_id], current, results, now)
        if inserted:
            _ensure_host_rows(session, sorted(inserted))
    changed = [{"b_page_id": page_id, **{f"b_{k}": v for k, v in values.items()}}
               for page_id, values in sorted(updates.items()) if values]
    if changed:
        session.execute(_SET_ROWS, changed)
    assert all(result is not None for result in results)
    return cast(list[Enqueued], results)


def _apply(requests: Sequence[EnqueueRequest], indices: Sequence[int], row: QueueRow, results: list[Enqueued | None],
           now: datetime) -> dict[str, object]:
    """Apply the requests at `indices` to `row` one after the other, filling in their outcomes;
    returns the row's final values of every column a request may change (empty when none did)."""
    changed = False
    for index in indices:
        request = requests[index]
        results[index], values = transition(row, request.reason, request.due_at, now)
        if values:
            row, changed = replace(row, **values), True  # type: ignore[arg-type]
    return {column: getattr(row, column) for column in QUEUE_ROW_COLUMNS} if changed else {}


def _rows_of(session: Session, page_ids: Iterable[int]) -> dict[int, QueueRow]:
    """The queue rows of these pages, locked on PostgreSQL (in page order)."""
    rows: dict[int, QueueRow] = {}
    postgres = is_postgres(session)
    for part in chunks(sorted(page_ids)):
        if postgres:
            rows.update((page_id, QueueRow(*values)) for page_id, *values in
                        _driver_rows(session, _ROWS_OF_POSTGRESQL, {"page_ids": array_literal(part)}))
            continue
        for page_id, state, due_at, priority, reason, attempts, last_error, enqueued_at, updated_at in _driver_rows(
                session, _rows_of_sqlite(len(part)), tuple(part)):
            rows[page_id] = QueueRow(state, _sqlite_utc(due_at), priority, reason, attempts, last_error,
                                     _sqlite_utc(enqueued_at), _sqlite_utc(updated_at))
    return rows


_HOST_ROWS_POSTGRESQL = (
    "INSERT INTO crawl_hosts (host) SELECT DISTINCT p.host FROM unnest(CAST(%(page_ids)s AS INTEGER[])) AS ids(page_id) "
    "JOIN pages p ON p.id = ids.page_id ON CONFLICT DO NOTHING")


def _ensure_host_rows(session: Session, page_ids: Sequence[int]) -> None:
    """The pages' hosts get their `crawl_hosts` rows when their first page is queued, as
    `queue.enqueue` does: a claim only considers pages whose host row exists. Nothing in the
    transaction reads those rows, so in the service's group commit on PostgreSQL the insert
    travels with the commit (`defer_write`): building and compiling the insert-from-select was
    half of a queuing group's writer time."""
    if is_postgres(session) and defer_write(session, _HOST_ROWS_POSTGRESQL, {"page_ids": array_literal(page_ids)}):
        return
    for part in chunks(page_ids):
        session.execute(dialect_insert(session, H).from_select(["host"], select(P.c.host).where(P.c.id.in_(part)).distinct())
                        .on_conflict_do_nothing())


def queue_states(session: Session, page_ids: Iterable[int]) -> dict[int, QueueState]:
    """`queue.queue_state` of many pages in one statement; a page never queued is missing."""
    states: dict[int, QueueState] = {}
    for part in chunks(sorted(set(page_ids))):
        states.update((page_id, QueueState(state)) for page_id, state in
                      session.execute(select(Q.c.page_id, Q.c.state).where(Q.c.page_id.in_(part))).tuples().all())
    return states


# ---------------------------------------------------------------- inserts compiled once


def insert_missing(session: Session, table: Table, rows: Sequence[dict[str, Any]], key: str,
                   returning: Sequence[str]) -> list[Any]:
    """`INSERT … ON CONFLICT (key) DO NOTHING RETURNING …` of `rows` (all with the same keys),
    as SQL text compiled once. Returns the `returning` columns of the rows inserted, in no
    particular order.

    PostgreSQL: one statement, a typed array per column, rows rebuilt by `unnest`; a row a
    concurrent transaction inserted first is skipped (and not returned). SQLite: an
    executemany, then the inserted rows read back by `key` — exact because the caller's
    transaction is the only writer (`BEGIN IMMEDIATE`) and has just found these keys missing:
    callers pass only rows whose key they found missing in this transaction."""
    if not rows:
        return []
    columns = tuple(rows[0])
    if is_postgres(session):
        arrays = {f"rows_{name}": array_literal([row[name] for row in rows]) for name in columns}
        return list(session.execute(_insert_unnest(table, columns, key, tuple(returning)), arrays).all())
    session.execute(_insert_ignore_sqlite(table, columns, key), list(rows))
    found: list[Any] = []
    for part in chunks([row[key] for row in rows]):
        found.extend(session.execute(select(*[table.c[name] for name in returning]).where(table.c[key].in_(part))).all())
    return found


@functools.cache
def _insert_unnest(table: Table, columns: tuple[str, ...], key: str, returning: tuple[str, ...]) -> TextClause:
    dialect = postgresql.dialect()
    casts = ", ".join(f"CAST(:rows_{name} AS {table.c[name].type.compile(dialect)}[])" for name in columns)
    sql = (f"INSERT INTO {table.name} ({', '.join(columns)}) SELECT * FROM unnest({casts}) "
           f"ON CONFLICT ({key}) DO NOTHING RETURNING {', '.join(returning)}")
    return text(sql).bindparams(*[bindparam(f"rows_{name}", type_=Text()) for name in columns])


@functools.cache
def _insert_ignore_sqlite(table: Table, columns: tuple[str, ...], key: str) -> TextClause:
    sql = (f"INSERT INTO {table.name} ({', '.join(columns)}) VALUES ({', '.join(f':{name}' for name in columns)}) "
           f"ON CONFLICT ({key}) DO NOTHING")
    return text(sql).bindparams(*[bindparam(name, type_=table.c[name].type) for name in columns])
