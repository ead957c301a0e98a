"""The one way out of the browser: an HTTP proxy in the render process that holds every
connection Chromium opens — navigations, redirects, subresources, workers, WebSockets — to the
target policy (`values/targets.py`), on the address it is about to connect to.

Why a proxy and not request interception: interception sees URLs, not addresses, and Chromium
resolves names itself, so a name checked here could resolve to another address for Chromium a
moment later (DNS rebinding). Behind an HTTP proxy Chromium resolves nothing: it hands the name
to the proxy, which resolves it once, checks every address it got, and connects to exactly the
address it checked. There is no second lookup to rebind. The host map of the tests and the demo
(`resolver_rules`, Chromium's `--host-resolver-rules` syntax) is applied here for the same
reason (`values/hostrules.py`).

- HTTPS (and WebSockets) go through `CONNECT` tunnels: the proxy sees the host and port, never
  the content; there is no TLS interception.
- Plain HTTP is forwarded one request per connection (`Connection: close` to both sides), so the
  proxy never has to frame a response. The price is a new loopback connection per plain-HTTP
  request (measured in `bench/render_throughput.py`).
- A refused, unresolvable or unreachable target gets no answer: Chromium fails the request as
  it would for a dead server, and the reason is kept (`Egress.verdict(url)`), so a page's request
  log and a crawl's outcome say why.
- A page's own blocking rules are applied here too, per host (`Egress.scope()`): each browser
  context gets a listener of its own, so the proxy knows which page a connection is for, and a
  host the page's rules refuse is refused at `CONNECT` (or before a plain-HTTP request is
  forwarded), before any name is resolved. Rules on paths cannot be seen inside a tunnel; they
  stay with the browser (`render/blocking.py`).

The proxy runs on its own thread and event loop, so a render loop busy in a long synchronous step
(parsing a huge snapshot) never stalls the pages of other renders. That loop is uvloop's: the
proxy's thread spends its time in the loop's own socket and stream machinery, which uvloop
runs in C (bench/RENDER.md, the page budget).
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import socket
import threading
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from functools import partial
from typing import Any, cast
from urllib.parse import urlsplit

import uvloop

from render.outcome import FailureKind
from values.hostrules import HostRules
from values.targets import Address, TargetPolicy, address_of

log = logging.getLogger(__name__)

MAX_HEAD_BYTES = 64 * 1024
"""Request and response heads larger than this are refused: Chromium's own limit is 256 KB for
responses, but no page a crawl wants needs a fraction of it."""
HEAD_TIMEOUT_S = 30.0
"""A client that opens a connection and sends no complete request head within this is dropped."""
CONNECT_TIMEOUT_S = 10.0
"""Connecting to one address of a target; Chromium's own connect timeout is longer, the
navigation timeout bounds the whole."""
MAX_VERDICTS = 512
"""Failed targets remembered for explaining failures; a render only asks about its own recent
requests, so a small window is enough."""
HOP_BY_HOP = frozenset({b"connection", b"keep-alive", b"proxy-connection", b"proxy-authorization",
                        b"proxy-authenticate", b"te", b"trailer", b"upgrade"})
"""Headers that belong to one hop (RFC 9110 §7.6.1) and are not passed on; `Upgrade` is
dropped too because upgrades (WebSockets) come as tunnels."""
REFUSED_CONNECT = b"HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"


@dataclass(frozen=True, slots=True)
class Verdict:
    """Why the proxy did not connect a request to its target."""

    kind: FailureKind
    reason: str


HostVerdict = Callable[[str], str | None]
"""Why a page's rules refuse every request to a host (lower case), or None."""


class Scope:
    """One browser context's listener on the proxy: its connections are held to `refuse` as well
    as to the target policy. Point the context at `server`; `close()` when the context is closed
    (connections already open keep their scope until they end)."""

    def __init__(self, egress: Egress, refuse: HostVerdict) -> None:
        self.refuse = refuse
        self.server = ""
        self._egress = egress
        self._listener: asyncio.Server | None = None

    async def close(self) -> None:
        listener, self._listener = self._listener, None
        loop = self._egress._loop
        if listener is not None and loop is not None and loop.is_running():
            loop.call_soon_threadsafe(self._egress._close_listener, listener)


class Egress:
    """The proxy; `start()` returns the address Chromium is pointed at (`--proxy-server`)."""

    def __init__(self, policy: TargetPolicy, rules: HostRules) -> None:
        self._policy = policy
        self._rules = rules
        self._verdicts: OrderedDict[tuple[str, int], Verdict] = OrderedDict()
        self._lock = threading.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._server: asyncio.Server | None = None
        self._thread: threading.Thread | None = None
        self._connections: set[asyncio.Task[None]] = set()
        self._listeners: set[asyncio.Server] = set()
        """The scopes' listeners still open (closed with the proxy)."""
        self.server = ""

    def start(self) -> str:
        """Start serving on a free loopback port (idempotent); returns `http://127.0.0.1:port`."""
        if self._thread is not None:
            return self.server
        ready = threading.Event()
        loop = uvloop.new_event_loop()
        self._loop = loop

        def run() -> None:
            asyncio.set_event_loop(loop)
            self._server = loop.run_until_complete(asyncio.start_server(self._accept, "127.0.0.1", 0, limit=MAX_HEAD_BYTES))
            ready.set()
            loop.run_forever()
            loop.run_until_complete(self._shutdown())
            loop.close()

        self._thread = threading.Thread(target=run, name="rendercrawl-egress", daemon=True)
        self._thread.start()
        ready.wait()
        assert self._server is not None
        port = self._server.sockets[0].getsockname()[1]
        self.server = f"http://127.0.0.1:{port}"
        return self.server

    def stop(self) -> None:
        """Close the listener and every connection; the next `start()` opens a new one."""
        if self._thread is None or self._loop is None:
            return
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join()
        self._thread, self._loop, self._server, self.server = None, None, None, ""

    async def scope(self, refuse: HostVerdict) -> Scope:
        """A listener of its own for one browser context, whose connections `refuse` may refuse
        by host (the page's blocking rules). Opened on the proxy's loop; a bind and a listen,
        ~0.1 ms."""
        assert self._loop is not None, "start() first"
        scope = Scope(self, refuse)

        async def listen() -> asyncio.Server:  # on the proxy's thread, which owns `_listeners`
            listener = await asyncio.start_server(partial(self._accept, scope), "127.0.0.1", 0, limit=MAX_HEAD_BYTES)
            self._listeners.add(listener)
            return listener

        listener = await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(listen(), self._loop))
        scope._listener = listener
        scope.server = f"http://127.0.0.1:{listener.sockets[0].getsockname()[1]}"
        return scope

    def verdict(self, url: str) -> Verdict | None:
        """Why a request to `url` was not connected, if the proxy refused or failed it."""
        parts = urlsplit(url)
        try:
            port = parts.port or (443 if parts.scheme in ("https", "wss") else 80)
        except ValueError:
            return None
        with self._lock:
            return self._verdicts.get(((parts.hostname or "").rstrip("."), port))

    def _close_listener(self, listener: asyncio.Server) -> None:
        self._listeners.discard(listener)
        listener.close()

    async def _shutdown(self) -> None:
        if self._server is not None:
            self._server.close()
        for listener in list(self._listeners):
            self._close_listener(listener)
        for task in list(self._connections):
            task.cancel()
        await asyncio.gather(*self._connections, return_exceptions=True)

    def _accept(self, *args: Any) -> Awaitable[None]:
        """A new client connection: `(reader, writer)`, or `(scope, reader, writer)` on a scope's listener."""
        scope, reader, writer = args if len(args) == 3 else (None, *args)
        task = asyncio.ensure_future(self._serve(reader, writer, scope))
        self._connections.add(task)
        task.add_done_callback(self._connections.discard)
        return task

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, scope: Scope | None) -> None:
        upstream: asyncio.StreamWriter | None = None
        try:
            async with asyncio.timeout(HEAD_TIMEOUT_S):  # unlike wait_for (3.11), no task of its own
                head = await reader.readuntil(b"\r\n\r\n")
            line, _, fields = head.partition(b"\r\n")
            method, target, version = line.decode("latin-1").split(" ", 2)
            if method.upper() == "CONNECT":
                host, port = _authority(target)
                if scope is not None and scope.refuse(host.lower().rstrip(".")) is not None:
                    writer.write(REFUSED_CONNECT)  # the page's rules: Chromium fails the request
                    await writer.drain()
                    return
                opened = await self._open(host, port)
                if isinstance(opened, Verdict):
                    writer.write(REFUSED_CONNECT)
                    await writer.drain()
                    return
                up_reader, upstream = opened
                writer.write(b"HTTP/1.1 200 Connection established\r\n\r\n")
                ended = _splice(reader, _transport(writer), _transport(upstream))
                _splice(up_reader, _transport(upstream), _transport(writer), ended)
                await ended
                return
            parts = urlsplit(target)
            if parts.scheme != "http" or not parts.hostname:
                return  # only absolute http:// URLs come to a proxy; anything else is dropped
            if scope is not None and scope.refuse(parts.hostname.rstrip(".")) is not None:
                return  # the page's rules: no answer, Chromium fails the request
            opened = await self._open(parts.hostname, parts.port or 80)
            if isinstance(opened, Verdict):
                return
            up_reader, upstream = opened
            path = parts.path or "/"
            # The request body (if any) flows while the response is awaited; the client closing
            # its connection (Chromium gave up) ends both.
            ended = _splice(reader, _transport(writer), _transport(upstream), first=(
                f"{method} {path}{'?' + parts.query if parts.query else ''} {version}\r\n".encode("latin-1")
                + _forwarded(fields) + b"Connection: close\r\n\r\n"))
            await _respond(up_reader, _transport(upstream), writer, ended)
        except (OSError, EOFError, ValueError, TimeoutError, asyncio.IncompleteReadError, asyncio.LimitOverrunError):
            pass  # a client or server that went away or spoke nonsense: its connection ends here
        finally:
            for stream in (writer, upstream):
                if stream is not None:
                    stream.close()

    async def _open(self, host: str, port: int) -> tuple[asyncio.StreamReader, asyncio.StreamWriter] | Verdict:
        """A connection to the address `host` resolves to, after the policy allowed it."""
        host = host.lower().rstrip(".")
        target = self._rules.target(host, port)
        if target.not_found:
            return self._refuse(host, port, Verdict(FailureKind.DNS, f"net::ERR_NAME_NOT_RESOLVED: {host} does not resolve"))
        addresses = await self._resolve(target.host, target.port)
        if not addresses:
            return self._refuse(host, port, Verdict(FailureKind.DNS, f"net::ERR_NAME_NOT_RESOLVED: {host} does not resolve"))
        if not self._policy.allows_name(host):
            why = self._policy.address_refusal(host, addresses)
            if why is not None:
                return self._refuse(host, port, Verdict(FailureKind.BLOCKED, f"refused target: {why}"))
        error: Exception | None = None
        for address in addresses:
            try:
                async with asyncio.timeout(CONNECT_TIMEOUT_S):
                    opened = await asyncio.open_connection(str(address), target.port, limit=MAX_HEAD_BYTES)
            except (OSError, TimeoutError) as failed:
                error = failed
                continue
            with self._lock:
                self._verdicts.pop((host, port), None)
            return opened
        kind = FailureKind.TIMEOUT if isinstance(error, TimeoutError) else FailureKind.CONNECTION
        code = "ERR_CONNECTION_TIMED_OUT" if kind is FailureKind.TIMEOUT else "ERR_CONNECTION_REFUSED"
        return self._refuse(host, port, Verdict(kind, f"net::{code}: {host}:{port} did not accept a connection"))

    async def _resolve(self, host: str, port: int) -> list[Address]:
        literal = address_of(host)
        if literal is not None:
            return [literal]
        assert self._loop is not None
        try:
            # The system resolver in a thread, as asyncio's own loop does (uvloop's would use libuv's).
            infos = await self._loop.run_in_executor(None, partial(socket.getaddrinfo, host, port, type=socket.SOCK_STREAM))
        except (OSError, UnicodeError):
            return []
        return list(dict.fromkeys(ipaddress.ip_address(str(info[4][0]).split("%")[0]) for info in infos))

    def _refuse(self, host: str, port: int, verdict: Verdict) -> Verdict:
        with self._lock:
            self._verdicts[(host, port)] = verdict
            self._verdicts.move_to_end((host, port))
            while len(self._verdicts) > MAX_VERDICTS:
                self._verdicts.popitem(last=False)
        if verdict.kind is FailureKind.BLOCKED:
            log.info("egress refused %s:%d: %s", host, port, verdict.reason)
        return verdict


def _authority(target: str) -> tuple[str, int]:
    """`host:port` or `[v6]:port` of a CONNECT request."""
    parts = urlsplit(f"//{target}")
    if not parts.hostname or parts.port is None:
        raise ValueError(f"CONNECT target {target[:100]!r} has no host and port")
    return parts.hostname, parts.port


def _forwarded(fields: bytes) -> bytes:
    """The header lines of a head (after its first line) without the hop-by-hop ones, each
    ending in CRLF."""
    kept = []
    for raw in fields.split(b"\r\n"):
        name = raw.partition(b":")[0].strip().lower()
        if raw and name not in HOP_BY_HOP:
            kept.append(raw + b"\r\n")
    return b"".join(kept)


async def _respond(up_reader: asyncio.StreamReader, up_transport: asyncio.Transport,
                   writer: asyncio.StreamWriter, ended: asyncio.Future[None]) -> None:
    """Pass a plain-HTTP response on, its head marked `Connection: close`: the connection
    carries this one response, so the proxy never needs to know where a response ends. The
    rest is spliced (`_splice`); returns once either side has ended (the client going away
    first closes the upstream connection too, which ends the wait for the head)."""
    head = await up_reader.readuntil(b"\r\n\r\n")
    status, _, fields = head.partition(b"\r\n")
    _splice(up_reader, up_transport, _transport(writer), ended,
            first=status + b"\r\n" + _forwarded(fields) + b"Connection: close\r\n\r\n")
    await ended


class _Splice(asyncio.Protocol):
    """One side of a spliced connection, in place of its stream: what arrives is written to the
    other side's transport as it comes, with no task, no read loop and no buffer of its own, and
    while the other side's write buffer is full this side stops reading (`pause_writing` of the
    other side's `_Splice`, or of its stream while that one is still reading a head). Either
    side's end (EOF or a lost connection) ends both: `close()` still flushes what was written.
    Two copy tasks a connection, reading through streams, were most of the proxy's thread."""

    def __init__(self, transport: asyncio.Transport, peer: asyncio.Transport, ended: asyncio.Future[None]) -> None:
        self._transport = transport
        self._peer = peer
        self._ended = ended

    def data_received(self, data: bytes) -> None:
        self._peer.write(data)

    def eof_received(self) -> bool:
        self.end()
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        self.end()

    def pause_writing(self) -> None:
        self._peer.pause_reading()

    def resume_writing(self) -> None:
        self._peer.resume_reading()

    def end(self) -> None:
        for transport in (self._transport, self._peer):
            transport.close()
        if not self._ended.done():
            self._ended.set_result(None)


def _transport(stream: asyncio.StreamWriter) -> asyncio.Transport:
    """A stream's socket transport (typed as write-only on the stream)."""
    return cast(asyncio.Transport, stream.transport)


def _splice(reader: asyncio.StreamReader, transport: asyncio.Transport, peer: asyncio.Transport,
            ended: asyncio.Future[None] | None = None, first: bytes = b"") -> asyncio.Future[None]:
    """From now on, what arrives on `transport` (the connection `reader` read a head from) goes
    to `peer` unread (`_Splice`); `first` (a rewritten head) and what `reader` had buffered past
    the head go first, in one write: a response's body usually came with its head, and each write
    to a loopback socket is a send through the kernel (~50 µs of the proxy's thread). Returns the
    future both directions of a connection share, done when either side ended."""
    if ended is None:
        ended = asyncio.get_running_loop().create_future()
    side = _Splice(transport, peer, ended)
    transport.set_protocol(side)
    # The bytes read past the head, and whether EOF came with them: StreamReader has no public
    # way to take what it buffered, and once the protocol is replaced the transport will not
    # report that EOF again.
    buffered: bytearray = reader._buffer  # type: ignore[attr-defined]
    if first or buffered:
        peer.write(first + buffered)
        buffered.clear()
    if reader._eof:  # type: ignore[attr-defined]
        side.end()
    elif not transport.is_reading():
        transport.resume_reading()  # the stream had paused it (its buffer was full)
    return ended
