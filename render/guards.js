// Runs before any page script (context init script).
//
// Network channels that are not http(s) requests are refused here because Chromium's request
// blocking never sees them: WebSocket and WebTransport handshakes, and WebRTC (STUN/TURN over
// UDP). Constructors throw the SecurityError a page gets from a blocked connection, so
// well-written pages carry on.
//
// The builtins the in-page reading (render/snapshot.js) relies on are kept as they were before
// any page script ran, where no page can replace them: a page that overrides JSON.stringify
// would otherwise hand us its own output.
//
// The console is bounded: every console call travels to the Playwright driver, and a page
// logging 200 MB exhausts the driver's heap (a browser crash for every page in flight).
(() => {
  const refuse = (name) => {
    if (!(name in window)) return;
    const refused = function () { throw new DOMException(name + " is refused by the crawler", "SecurityError"); };
    try { Object.defineProperty(window, name, { value: refused, configurable: false, writable: false }); } catch (e) { /* already locked */ }
  };
  ["WebSocket", "WebTransport", "RTCPeerConnection", "webkitRTCPeerConnection"].forEach(refuse);

  const pristine = Object.freeze({
    stringify: JSON.stringify, parse: JSON.parse, isArray: Array.isArray, keys: Object.keys,
    getOwnPropertyDescriptor: Object.getOwnPropertyDescriptor, defineProperty: Object.defineProperty,
  });
  try {
    Object.defineProperty(window, "__rendercrawlPristine", { value: pristine, configurable: false, enumerable: false, writable: false });
  } catch (e) { /* defined already in this realm */ }

  const MAX_CONSOLE_CALLS = 500; // past this a page's console is silent: nothing we read comes from it
  const MAX_CONSOLE_ARG_CHARS = 2000; // longer string arguments are cut
  let calls = 0;
  for (const name of ["log", "info", "warn", "error", "debug", "trace", "dir", "dirxml", "table", "group", "groupCollapsed", "count", "assert", "timeLog"]) {
    const original = console[name];
    if (typeof original !== "function") continue;
    const bounded = function (...args) {
      if (++calls > MAX_CONSOLE_CALLS) return undefined;
      for (let i = 0; i < args.length; i++) {
        if (typeof args[i] === "string" && args[i].length > MAX_CONSOLE_ARG_CHARS) args[i] = args[i].slice(0, MAX_CONSOLE_ARG_CHARS) + "…";
      }
      return original.apply(console, args);
    };
    try { Object.defineProperty(console, name, { value: bounded, configurable: false, writable: false }); } catch (e) { /* locked */ }
  }
})();
