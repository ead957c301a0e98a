"""The API description: the OpenAPI document says how each operation is authorized, every
media type its body may use, the shape of each success and the errors it answers; `/docs` and
`/redoc` render it in real Chromium with nothing loaded from outside the service."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.async_api import Page, Route, async_playwright

from live_server import live_server
from render.chromium import find_chromium, launch_args
from render.settings import RenderSettings
from rendercrawl.service.app import create_app
from rendercrawl.service.openapi import document
from service_harness import Service, build_service
from storage.db import upgrade

ERRORS_ASKED_FOR = {400, 401, 403, 404, 413, 422, 429}
PUBLIC = {"/healthz", "/readyz", "/metrics", "/v1/beacon.js"}
"""What answers without a key: probes, the scrape target, the script pages include."""
WAIT_MS = 20_000
COUNT_OPERATIONS = """selector => new Set([...document.querySelectorAll(selector)]
    .map(e => e.dataset.sectionId || e.id)).size"""
"""Operations shown: ReDoc writes a section id on more than one element per operation."""


def _operations() -> list[tuple[str, str, dict]]:
    paths = json.loads(document())["paths"]
    return [(path, method, op) for path, methods in paths.items() for method, op in methods.items()]


def test_every_key_operation_names_its_scheme_and_scope() -> None:
    schemes = json.loads(document())["components"]["securitySchemes"]
    assert schemes["bearerKey"]["scheme"] == "bearer" and schemes["headerKey"]["name"] == "X-API-Key"
    for path, method, op in _operations():
        if path in PUBLIC:
            assert "security" not in op, path
            continue
        requirements = op["security"]
        scopes = {scope for requirement in requirements for scopes in requirement.values() for scope in scopes}
        assert {next(iter(r)) for r in requirements if r} == {"bearerKey", "headerKey"}, (method, path)
        assert len(scopes) == 1 and scopes <= {"events", "push", "read"}, (method, path)
        assert ({} in requirements) == (path == "/v1/events/pageview"), "only page views may come keyless"


def test_every_body_media_type_and_every_answer_is_described() -> None:
    documented: set[int] = set()
    for path, method, op in _operations():
        if "requestBody" in op:
            assert set(op["requestBody"]["content"]) == {"application/json", "application/x-ndjson", "text/plain"}, path
        for status, answer in op["responses"].items():
            documented.add(int(status))
            assert answer["description"] and answer["description"] != "error", (method, path, status)
            if int(status) < 300:
                (media, body), = answer["content"].items()
                assert body["schema"], (method, path, status, media)
                if media == "application/json":
                    assert "$ref" in body["schema"], f"{method} {path}: a success answer has a named model"
    assert ERRORS_ASKED_FOR <= documented


def test_pushes_declined_are_documented_with_their_results() -> None:
    push = json.loads(document())["paths"]["/v1/profile/content/push"]["post"]["responses"]["429"]
    assert push["content"]["application/json"]["schema"]["$ref"].endswith("/PushDeclined")
    assert "Retry-After" in push["headers"]


async def _render(page: Page, url: str, selector: str, outside: list[str], shot: Path) -> int:
    async def route(request_route: Route) -> None:
        url = request_route.request.url
        if urlsplit(url).hostname != "127.0.0.1" and not url.startswith("data:"):
            outside.append(url)
            await request_route.abort()
        else:
            await request_route.continue_()

    await page.route("**/*", route)
    await page.goto(url)
    await page.wait_for_selector(selector, timeout=WAIT_MS)
    await page.screenshot(path=str(shot), full_page=False)
    return int(await page.evaluate(COUNT_OPERATIONS, selector))


@pytest.mark.browser
def test_docs_and_redoc_render_offline_in_chromium(tmp_path: Path, screenshots: Path) -> None:
    db = f"sqlite:///{tmp_path / 'docs.db'}"
    upgrade(db)
    operations = len(_operations())
    outside: list[str] = []

    async def run(base: str) -> tuple[int, int]:
        chromium = find_chromium(RenderSettings().chromium)
        async with async_playwright() as p:
            browser = await p.chromium.launch(executable_path=str(chromium), args=launch_args(chromium))
            try:
                swagger = await _render(await browser.new_page(), f"{base}/docs", ".opblock", outside,
                                        screenshots / "docs-swagger-ui.png")
                redoc = await _render(await browser.new_page(), f"{base}/redoc", "[data-section-id^='operation/']",
                                      outside, screenshots / "docs-redoc.png")
                return swagger, redoc
            finally:
                await browser.close()

    with live_server(create_app(build_service(db))) as base:
        swagger, redoc = asyncio.run(run(base))
    assert swagger == operations, "Swagger UI lists every operation"
    assert redoc == operations, "ReDoc lists every operation"
    assert outside == [], "nothing is fetched from outside the service"


def test_the_docs_pages_name_only_the_services_own_assets(service: Service) -> None:
    for path in ("/docs", "/redoc"):
        html = service.client.get(path).text
        assert "/docs/assets/" in html and "cdn" not in html.lower() and "fonts.googleapis" not in html, path
    script = service.client.get("/docs/assets/swagger-ui-bundle.js")
    assert script.status_code == 200 and "SwaggerUIBundle" in script.text[:2000]
