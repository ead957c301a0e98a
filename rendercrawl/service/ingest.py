"""Request bodies of `POST /v1/events/pageview` and `/v1/profile/content/push`, turned into
checked values: one JSON object, a JSON array, or NDJSON (one object per line). A body that is
not UTF-8, not JSON, empty or too long fails as a whole; an event that is wrong on its own is
rejected with its index and reason, and the others go on."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Annotated, Any

from pydantic import AfterValidator, AwareDatetime, BaseModel, ConfigDict, Field, ValidationError, field_validator

from rendercrawl.service.errors import ApiError
from scheduler.policy import human_duration
from values.urls import URL_MAX_CHARS

EVENT_ID_MAX_CHARS = 128
TOO_DEEP = "not JSON this service reads: nested too deep (an event is a flat object)"
"""Python's JSON parser gives up on nesting about 1,000 deep with a RecursionError; an event
is one level of fields, so such a body is malformed input, not a server error."""


def _in_utc(value: datetime) -> datetime:
    """`value` in UTC; a time that has none (year 1 at a positive offset, year 9999 at a
    negative one) is invalid input, not a server error (the schemathesis run found it)."""
    try:
        return value.astimezone(UTC)
    except OverflowError as error:
        raise ValueError("the time is out of range in UTC") from error


UtcDatetime = Annotated[AwareDatetime, AfterValidator(_in_utc)]
"""An aware datetime, in `datetime.UTC`: pydantic gives its own zone class, which every
comparison with the server's times and every formatting then asked for the offset through
Python (a batch's times checked, bisected and written cost 1.7 µs an event more)."""


class PageViewIn(BaseModel):
    """One page view, as a publisher's page or a server sends it."""

    model_config = ConfigDict(extra="ignore", str_max_length=URL_MAX_CHARS)

    url: str = Field(min_length=1, max_length=URL_MAX_CHARS, description="The page's URL (its canonical URL, from the beacon).")
    time: UtcDatetime | None = Field(default=None, description="When the view happened, with a timezone; default: on arrival.")
    modified_time: UtcDatetime | None = Field(default=None,
                                              description="The page's article:modified_time as the client saw it.")
    referrer: str | None = Field(default=None, max_length=URL_MAX_CHARS, description="Accepted and not stored.")
    event_id: str | None = Field(default=None, min_length=1, max_length=EVENT_ID_MAX_CHARS,
                                 description="A client-chosen id: an event sent again with the same id is stored once.")


class _PageViewStorable(PageViewIn):
    """`PageViewIn` with its text checked to be storable by validators, which pydantic calls
    per field from Rust: 1.5 µs an event of a batch. `check_view` checks that itself and asks
    this model only to word the rejection of an event it refuses."""

    _text = field_validator("url", "event_id")(lambda value: _storable(value))


class PushIn(BaseModel):
    model_config = ConfigDict(extra="ignore")

    url: str = Field(min_length=1, max_length=URL_MAX_CHARS)

    _text = field_validator("url")(lambda value: _storable(value))


UNSTORABLE = re.compile("[\x00\ud800-\udfff]")
"""A NUL or a lone surrogate: one regex scan instead of a Python loop over every character,
which was a tenth of a batch's validation."""


def _storable(value: str | None) -> str | None:
    """Text a database column can hold: no NUL, no lone surrogate (JSON can spell both)."""
    if value is not None and UNSTORABLE.search(value):
        raise ValueError("holds a NUL or a lone surrogate")
    return value


@dataclass(frozen=True, slots=True)
class Rejection:
    index: int
    code: str
    message: str
    field: str | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"index": self.index, "code": self.code, "message": self.message}
        if self.field is not None:
            data["field"] = self.field
        return data


def decode_items(body: bytes, max_items: int) -> tuple[list[Any], bool]:
    """The items of a body (each still raw JSON), and whether it was a batch (an array or
    NDJSON) rather than one object. A line of NDJSON that is not JSON stays as the `Malformed` item."""
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ApiError(400, "not_utf8", f"the body is not UTF-8 (byte {error.start})", "body") from None
    text = text.lstrip("\ufeff").strip()
    if not text:
        raise ApiError(400, "empty", "the body is empty: send one event, a JSON array or NDJSON", "body")
    try:
        parsed = json.loads(text)
    except RecursionError:
        raise ApiError(400, "malformed_json", TOO_DEEP, "body") from None
    except json.JSONDecodeError as error:
        if "\n" not in text:
            raise ApiError(400, "malformed_json", f"not JSON: {error.msg} at line {error.lineno} column {error.colno}",
                           "body") from None
        items, batch = [_line(line) for line in text.splitlines() if line.strip()], True
    else:
        items, batch = (parsed, True) if isinstance(parsed, list) else ([parsed], False)
    if not items:
        raise ApiError(400, "empty", "the batch is empty", "body")
    if len(items) > max_items:
        raise ApiError(413, "too_many_events", f"{len(items)} items in one request; at most {max_items}", "body")
    return items, batch


class Malformed:
    def __init__(self, why: str) -> None:
        self.why = why


def _line(line: str) -> Any:
    try:
        return json.loads(line)
    except RecursionError:
        return Malformed(TOO_DEEP)
    except json.JSONDecodeError as error:
        return Malformed(f"not JSON: {error.msg} at column {error.colno}")


def check_view(index: int, item: Any, now: datetime, max_age: timedelta, max_future: timedelta) -> PageViewIn | Rejection:
    """One event checked on its own: its shape and types, storable text, and a time within
    the bounds. An event that passes costs one validation, with no Python called from it
    (ingest 8.5-10.7 -> 4.1-4.8 µs an event, `bench/batch_cpu.py`); one that fails is checked again by `_PageViewStorable` for the
    first error's wording, as it always was."""
    if not isinstance(item, dict):
        return _rejection(index, item, _PageViewStorable)
    try:
        checked = PageViewIn.model_validate(item)
    except ValidationError:
        return _rejection(index, item, _PageViewStorable)
    if UNSTORABLE.search(checked.url) or (checked.event_id is not None and UNSTORABLE.search(checked.event_id)):
        return _rejection(index, item, _PageViewStorable)
    at = checked.time
    if at is not None:
        if at > now + max_future:
            return Rejection(index, "time_in_future", f"time {at.isoformat()} is more than {human_duration(max_future)} "
                             "ahead of this server's clock", "time")
        if at < now - max_age:
            return Rejection(index, "time_too_old", f"time {at.isoformat()} is more than {human_duration(max_age)} ago", "time")
    return checked


def check_push(index: int, item: Any) -> PushIn | Rejection:
    checked = _model(index, item, PushIn)
    assert isinstance(checked, (PushIn, Rejection))
    return checked


def _model(index: int, item: Any, model: type[BaseModel]) -> BaseModel | Rejection:
    if isinstance(item, Malformed) or not isinstance(item, dict):
        return _rejection(index, item, model)
    try:
        return model.model_validate(item)
    except ValidationError:
        return _rejection(index, item, model)


def _rejection(index: int, item: Any, model: type[BaseModel]) -> Rejection:
    """Why `model` refuses `item`: its first error, with the field it names."""
    if isinstance(item, Malformed):
        return Rejection(index, "malformed_json", item.why)
    if not isinstance(item, dict):
        return Rejection(index, "invalid", f"an event is a JSON object, not {type(item).__name__}")
    try:
        model.model_validate(item)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or None
        return Rejection(index, "invalid", f"{where}: {first['msg']}" if where else first["msg"], where)
    raise AssertionError(f"{model.__name__} accepts the item it was asked to refuse")
