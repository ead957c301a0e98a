"""schemathesis against the OpenAPI document, over the real app and a real database: whatever
it sends (inside and outside the schema, in every media type a body may use), no answer is a
500, and every answer is documented: its status, its content type and its shape. Bounded: a
few dozen examples per operation, no deadline per example, the whole run under a minute."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
)

from rendercrawl.service.app import create_app
from service_harness import SITE, Service, build_service, empty_postgres
from storage.db import upgrade

EXAMPLES_PER_OPERATION = 40
DOCUMENT = Path(__file__).resolve().parents[2] / "docs" / "openapi.json"
SCOPES = {"/v1/events/pageview": "events", "/v1/profile/content/push": "push"}
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]


@schemathesis.serializer("application/x-ndjson")
def _ndjson(_ctx: object, value: object) -> bytes:
    """The document gives NDJSON bodies as text (one object a line): sent as they are generated."""
    return value.encode("utf-8", "surrogatepass") if isinstance(value, str) else json.dumps(value).encode()


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def fuzzed(request: pytest.FixtureRequest,
           tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[schemathesis.BaseSchema, dict[str, dict[str, str]]]]:
    if request.param == "sqlite":
        db = f"sqlite:///{Path(tmp_path_factory.mktemp('fuzz')) / 'fuzz.db'}"
        upgrade(db)
    else:
        db = request.getfixturevalue("service_postgres_url")
        empty_postgres(db)
    ctx = build_service(db)
    app = create_app(ctx)
    with TestClient(app) as client:
        service = Service(client, ctx, db)
        service.add_site(SITE)
        keys = {scope: service.key(SITE, scope) for scope in ("events", "push", "read")}
        yield schemathesis.openapi.from_asgi("/openapi.json", app), keys


OPERATIONS = [(method.upper(), path) for path, methods in json.loads(DOCUMENT.read_text(encoding="utf-8"))["paths"].items()
              for method in methods]


@pytest.mark.parametrize(("method", "path"), OPERATIONS)
def test_no_request_gets_a_server_error(method: str, path: str,
                                        fuzzed: tuple[schemathesis.BaseSchema, dict[str, dict[str, str]]]) -> None:
    api, keys = fuzzed
    operation = api[path][method]
    headers = keys[SCOPES.get(path, "read")]
    statuses: set[int] = set()
    media_types: set[str | None] = set()

    @given(case=operation.as_strategy())
    @settings(max_examples=EXAMPLES_PER_OPERATION, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    def run(case: schemathesis.Case) -> None:
        response = case.call(headers=headers)
        statuses.add(response.status_code)
        media_types.add(case.media_type)
        case.validate_response(response, checks=CHECKS)
        assert response.status_code < 500, response.text

    run()
    assert statuses, "hypothesis ran no example"
    declared = operation.definition.raw.get("requestBody", {}).get("content", {})
    assert media_types == (set(declared) or {None}), "every media type of the body was sent"
