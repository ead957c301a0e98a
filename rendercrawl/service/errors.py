"""The one shape of every error answer: `{"error": {"code", "message", "field"?}}`, plus, for
a batch, the per-event `rejected` list. `ApiError` is raised by handlers; the app turns it,
FastAPI's validation errors, HTTP errors and a database outage into this shape."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException

from storage.health import OUTAGE_ERRORS

log = logging.getLogger(__name__)

STATUS_CODES = {400: "bad_request", 401: "unauthorized", 403: "forbidden", 404: "not_found", 405: "method_not_allowed",
                406: "not_acceptable", 413: "too_large", 415: "unsupported_media_type", 422: "invalid", 429: "rate_limited",
                503: "unavailable"}


@dataclass
class ApiError(Exception):
    status: int
    code: str
    message: str
    field: str | None = None
    headers: dict[str, str] = dataclass_field(default_factory=dict)
    extra: dict[str, Any] = dataclass_field(default_factory=dict)
    """More top-level members of the answer (a batch's `rejected`)."""


def error_body(code: str, message: str, field_name: str | None = None) -> dict[str, Any]:
    error: dict[str, Any] = {"code": code, "message": message}
    if field_name is not None:
        error["field"] = field_name
    return {"error": error}


ERROR_SCHEMA: dict[str, Any] = {
    "type": "object", "required": ["error"],
    "properties": {
        "error": {"type": "object", "required": ["code", "message"],
                  "properties": {"code": {"type": "string", "description": "Stable, for programs (`invalid_url`…)."},
                                 "message": {"type": "string", "description": "For people; may change."},
                                 "field": {"type": "string", "description": "The parameter or member at fault."}}},
        "rejected": {"type": "array", "description": "A batch's items, each refused with its index and reason.",
                     "items": {"type": "object", "required": ["index", "code", "message"],
                               "properties": {"index": {"type": "integer"}, "code": {"type": "string"},
                                              "message": {"type": "string"}, "field": {"type": "string"}}}}},
}
ERROR_MEANINGS = {
    400: "The request cannot be read: a body not UTF-8, not JSON or empty; a cursor this list did not give.",
    401: "No API key, or an unknown or revoked one (for a keyless page view: an origin that is no registered site).",
    403: "The key is of another scope, or of another site than the page, URL or site asked about.",
    404: "No such page, or no stored profile.",
    413: "The body is larger than `max_body_bytes`, or holds more items than one request may.",
    422: "A parameter is invalid, or every item of the body was refused (`rejected` lists each).",
    429: "Rate limited: retry after `Retry-After` seconds.",
    503: "The database did not answer in time: retry after `Retry-After` seconds.",
}
RETRY_AFTER = {"Retry-After": {"description": "Seconds to wait before retrying.", "schema": {"type": "integer"}}}


def error_responses(*codes: int) -> dict[int | str, dict[str, Any]]:
    """The OpenAPI `responses` of these error statuses, all of the one shape."""
    return {code: {"description": ERROR_MEANINGS[code], "content": {"application/json": {"schema": ERROR_SCHEMA}},
                   **({"headers": RETRY_AFTER} if code in (429, 503) else {})} for code in codes}


def install_handlers(app: FastAPI) -> None:
    @app.exception_handler(ApiError)
    async def _api_error(request: Request, error: ApiError) -> JSONResponse:
        request.app.state.ctx.metrics.refused.labels(code=error.code).inc()
        return JSONResponse({**error_body(error.code, error.message, error.field), **error.extra}, error.status,
                            headers=error.headers)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, error: RequestValidationError) -> JSONResponse:
        first = error.errors()[0] if error.errors() else {}
        where = ".".join(str(p) for p in first.get("loc", ()) if p not in ("query", "path", "body", "header"))
        return JSONResponse(error_body("invalid", str(first.get("msg", "invalid request")), where or None), 422)

    @app.exception_handler(HTTPException)
    async def _http(_request: Request, error: HTTPException) -> JSONResponse:
        return JSONResponse(error_body(STATUS_CODES.get(error.status_code, "error"), str(error.detail)), error.status_code,
                            headers=getattr(error, "headers", None))

    async def _database(_request: Request, error: Exception) -> JSONResponse:
        return JSONResponse(error_body("database_unavailable", f"the database did not answer: {type(error).__name__}"), 503,
                            headers={"Retry-After": "5"})

    for outage in OUTAGE_ERRORS:
        app.add_exception_handler(outage, _database)

    @app.exception_handler(Exception)
    async def _bug(_request: Request, error: Exception) -> JSONResponse:
        log.error("unexpected %s answering a request", type(error).__name__, exc_info=error)
        return JSONResponse(error_body("internal", "an unexpected error; it was logged"), 500)
