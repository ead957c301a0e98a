// Executes for 300 ms (a heavy tag manager on a busy machine), then asks for the next script,
// which answers 200 ms later.
(function () {
  var end = performance.now() + 300;
  while (performance.now() < end) { /* busy */ }
  var s = document.createElement("script");
  s.src = "/render-fixtures/chain-datalayer.js?delay_ms=200";
  document.head.appendChild(s);
})();
