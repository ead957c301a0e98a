/* rendercrawl page-view beacon: one view per page load, sent to the server this script came
   from. <script async src="https://CRAWLER/v1/beacon.js"></script> */
(function () {
  "use strict";
  var script = document.currentScript;
  if (!script || !script.src || !window.JSON) return;
  var endpoint = new URL("/v1/events/pageview", script.src).href;

  function meta(name) {
    var el = document.querySelector('meta[property="' + name + '"], meta[name="' + name + '"]');
    return el && el.getAttribute("content") || null;
  }

  function eventId() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    return Date.now().toString(36) + "-" + Math.random().toString(36).slice(2);
  }

  function send() {
    var canonical = document.querySelector('link[rel="canonical"]');
    var event = {url: (canonical && canonical.href) || location.href.split("#")[0], time: new Date().toISOString(),
                 event_id: eventId()};
    var modified = meta("article:modified_time");
    if (modified) event.modified_time = modified;
    if (document.referrer) event.referrer = document.referrer;
    /* A string is sent as text/plain: a simple request, no CORS preflight. */
    var body = JSON.stringify(event);
    if (navigator.sendBeacon && navigator.sendBeacon(endpoint, body)) return;
    if (window.fetch) {
      fetch(endpoint, {method: "POST", body: body, keepalive: true, mode: "cors", credentials: "omit",
                       headers: {"Content-Type": "text/plain"}})["catch"](function () {});
    }
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", send);
  else send();
})();
