"""Small HTTP servers on loopback for tests that need a page the demo site does not have: one
handler class per test, served from a thread, answering with `send_html`."""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import ClassVar


class QuietHandler(BaseHTTPRequestHandler):
    """A request handler that keeps the test output clean."""

    def log_message(self, *args: object) -> None:
        pass

    def send_html(self, body: str | bytes, status: int = 200) -> None:
        data = body.encode("utf-8", "surrogatepass") if isinstance(body, str) else body
        self.send_response(status)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


class StoredPages(QuietHandler):
    """Serves `pages[path]`: a test stores the page it needs under a path of its own, then asks
    for it (paths are unique across the modules that share the handler)."""

    pages: ClassVar[dict[str, str]] = {}

    def do_GET(self) -> None:
        page = self.pages.get(self.path)
        self.send_html(page or "<p>No such page.</p>", 200 if page else 404)


@contextmanager
def serving(handler: type[BaseHTTPRequestHandler], host: str = "127.0.0.1") -> Iterator[str]:
    """Serve `handler` on `host` (a free port) until the block ends; yields the base URL."""
    server = ThreadingHTTPServer((host, 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://{host}:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def proxy_exchange(proxy: str, request: bytes) -> bytes:
    """Send one raw request to an HTTP proxy (`http://host:port`) and read its whole answer; a
    `CONNECT`'s answer ends at its head, since a tunnel the proxy opened stays open."""
    host, port = proxy.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=5) as connection:
        connection.sendall(request)
        chunks = []
        while chunk := connection.recv(65536):
            chunks.append(chunk)
            if request.startswith(b"CONNECT") and b"\r\n\r\n" in b"".join(chunks):
                break
    return b"".join(chunks)
