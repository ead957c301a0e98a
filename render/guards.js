// Runs before any page script (context init script). Network channels that are not http(s)
// requests are refused here because Chromium's request blocking never sees them: WebSocket and
// WebTransport handshakes, and WebRTC (STUN/TURN over UDP). Constructors throw the
// SecurityError a page gets from a blocked connection, so well-written pages carry on.
(() => {
  const refuse = (name) => {
    if (!(name in window)) return;
    const refused = function () { throw new DOMException(name + " is refused by the crawler", "SecurityError"); };
    try { Object.defineProperty(window, name, { value: refused, configurable: false, writable: false }); } catch (e) { /* already locked */ }
  };
  ["WebSocket", "WebTransport", "RTCPeerConnection", "webkitRTCPeerConnection"].forEach(refuse);
})();
