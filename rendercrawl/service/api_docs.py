"""`/docs` (Swagger UI) and `/redoc` (ReDoc) over `/openapi.json`, served offline: their script
and style files come from the `fastapi-offline` package (`/docs/assets/…`), never from a CDN,
so the pages work on a network that reaches nothing else and load nothing a third party could
change or count. fastapi-offline was chosen because it ships current builds of both (Swagger UI
5, which reads OpenAPI 3.1 as FastAPI writes it; swagger-ui-bundle's 4.15 does not), depends on
FastAPI only, and is refreshed with their releases; only its files are used, not its app class."""

from __future__ import annotations

from importlib.resources import files
from typing import Any

from fastapi import FastAPI
from fastapi.openapi.docs import get_redoc_html, get_swagger_ui_html
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

from rendercrawl.service.auth import SECURITY_SCHEMES

ASSETS_PATH = "/docs/assets"
ASSETS = files("fastapi_offline").joinpath("static")
TITLE = "rendercrawl API"
CONTENT_SECURITY_POLICY = ("default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; "
                           "img-src 'self' data:; font-src 'self' data:; worker-src 'self' blob:; connect-src 'self'")
"""The browser loads nothing but this service's own files (the pages' one inline script starts
the viewer); ReDoc's attribution logo, which it would fetch from its makers, is not shown."""


def add_security_schemes(document: dict[str, Any]) -> dict[str, Any]:
    """`document` with the API keys' security schemes (each operation names its own requirement)."""
    document.setdefault("components", {})["securitySchemes"] = SECURITY_SCHEMES
    return document


def install_docs(app: FastAPI) -> None:
    app.mount(ASSETS_PATH, StaticFiles(directory=str(ASSETS)), name="docs-assets")

    @app.get("/docs", include_in_schema=False)
    async def swagger_ui() -> HTMLResponse:
        return _own_only(get_swagger_ui_html(openapi_url="/openapi.json", title=TITLE,
                                   swagger_js_url=f"{ASSETS_PATH}/swagger-ui-bundle.js",
                                   swagger_css_url=f"{ASSETS_PATH}/swagger-ui.css",
                                   swagger_favicon_url=f"{ASSETS_PATH}/favicon.png"))

    @app.get("/redoc", include_in_schema=False)
    async def redoc() -> HTMLResponse:
        return _own_only(get_redoc_html(openapi_url="/openapi.json", title=TITLE,
                                        redoc_js_url=f"{ASSETS_PATH}/redoc.standalone.js",
                                        redoc_favicon_url=f"{ASSETS_PATH}/favicon.png", with_google_fonts=False))


def _own_only(page: HTMLResponse) -> HTMLResponse:
    page.headers["Content-Security-Policy"] = CONTENT_SECURITY_POLICY
    return page
