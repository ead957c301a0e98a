"""`/console`: the operators' console, one static page over the JSON API (`rendercrawl/service/console/`:
HTML, CSS and a script, no build step). It signs in with a site's `read` key (and a `push` key
for "Recrawl now"), kept in the tab's sessionStorage and sent as the API's Authorization
header, so the console adds no cookie, no session and no way in that the API does not have.
Its pages load nothing but this service's own files (the CSP says so)."""

from __future__ import annotations

from importlib.resources import files

from fastapi import FastAPI
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

CONSOLE = files(__package__).joinpath("console")
CONTENT_SECURITY_POLICY = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                           "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'")


def install_console(app: FastAPI) -> None:
    app.mount("/console/assets", StaticFiles(directory=str(CONSOLE)), name="console-assets")
    page = CONSOLE.joinpath("index.html").read_text(encoding="utf-8")

    @app.get("/console", include_in_schema=False)
    async def console() -> HTMLResponse:
        return HTMLResponse(page, headers={"Content-Security-Policy": CONTENT_SECURITY_POLICY,
                                           "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer"})
