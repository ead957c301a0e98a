// Runs before any page script (context init script, called with the settle config). Records what
// the page has scheduled that can still change it, so render/readiness.py can end the wait as soon
// as nothing is left instead of idling a fixed window:
// - a "hold" per pending setTimeout of at most `maxTimerMs` (longer ones are deliberate
//   deferrals), per requestAnimationFrame, per fetch and XMLHttpRequest;
// - a callback's own timers and frames hold only up to `maxChain` levels deep (a deeper chain
//   is a loop: polling or an animation), and nothing an interval callback schedules holds;
// - every hold expires (a timer `lateGraceMs` after it was due, a frame after `rafGraceMs`, a
//   request after `requestBudgetMs`, as network requests do), so a hold can never outlive
//   the page's cap.
// - an external script inserted into the document holds it until it has run (its load or error
//   event comes after it executed): whatever it inserts or requests while executing, however
//   long that takes, is asked for before it lets go. Only script types that run and fire load.
// - an image in the document whose load has started holds it until its load or error event (its
//   natural size is then real, not 0x0), within the request budget counted from when its source
//   was set: a request's event reaches the Python tracker a moment after it started, and a
//   reading taken in that moment would read the image unloaded. A `loading=lazy` image Chromium
//   has deferred is not `complete` either but is never fetched: it holds only once it came
//   within `lazyMarginPx` of the viewport (less than Chromium's own distance, so it was started).
// It also notes whether anything could react to scrolling (IntersectionObserver, scroll
// listeners), so pages without lazy loaders are not scrolled through at all.
// State lives in a closure; the page sees one non-enumerable `__rcSettle` with five functions.
(config) => {
  if (window.__rcSettle) return;
  const now = () => performance.now();
  const holds = new Map();
  const waiters = new Set();
  let nextHold = 1;
  let lastRelease = now();
  let depth = 0;
  let scrollAware = false;
  let scrollListener = false;

  const holdUntil = (expires) => {
    const id = nextHold++;
    holds.set(id, expires);
    return id;
  };
  const hold = (expiresInMs) => holdUntil(now() + expiresInMs);
  const release = (id) => {
    if (!holds.delete(id)) return;
    lastRelease = now();
    if (holds.size === 0) for (const wake of waiters) wake();
  };
  const pending = () => {
    startWatching();
    holdImages();
    const t = now();
    for (const [id, expires] of holds) if (expires <= t) holds.delete(id);
    return holds.size;
  };
  const nextExpiry = () => Math.min(...holds.values()) - now();

  const nativeSetTimeout = window.setTimeout;
  const nativeClearTimeout = window.clearTimeout;
  const nativeSetInterval = window.setInterval;
  const nativeClearInterval = window.clearInterval;
  const nativeRaf = window.requestAnimationFrame;
  const nativeCancelRaf = window.cancelAnimationFrame;
  const timerHolds = new Map();
  const frameHolds = new Map();

  // Runs `fn` at chain level `level` (so what it schedules is one level deeper, held or not),
  // then lets go of its hold, if it had one.
  const atLevel = (fn, level, holdId, self, args) => {
    const saved = depth;
    depth = level;
    try { return fn.apply(self, args); } finally { depth = saved; if (holdId !== null) release(holdId); }
  };

  window.setTimeout = function setTimeout(fn, delay, ...args) {
    if (typeof fn !== "function") return nativeSetTimeout.call(window, fn, delay, ...args);
    const ms = Number(delay) || 0;
    const level = depth + 1;
    const holdId = level <= config.maxChain && ms <= config.maxTimerMs ? hold(ms + config.lateGraceMs) : null;
    const id = nativeSetTimeout.call(window, function () {
      timerHolds.delete(id);
      return atLevel(fn, level, holdId, this, args);
    }, ms);
    if (holdId !== null) timerHolds.set(id, holdId);
    return id;
  };
  const clearTimer = (native) => function (id) {
    const holdId = timerHolds.get(id);
    if (holdId !== undefined) { timerHolds.delete(id); release(holdId); }
    return native.call(window, id);
  };
  window.clearTimeout = clearTimer(nativeClearTimeout);
  window.clearInterval = clearTimer(nativeClearInterval);  // the two share one id space
  window.setInterval = function setInterval(fn, delay, ...args) {
    if (typeof fn !== "function") return nativeSetInterval.call(window, fn, delay, ...args);
    // An interval is a loop: nothing it schedules holds the page.
    return nativeSetInterval.call(window, function () { return atLevel(fn, Infinity, null, this, args); }, delay);
  };

  if (nativeRaf) {
    window.requestAnimationFrame = function requestAnimationFrame(fn) {
      if (typeof fn !== "function") return nativeRaf.call(window, fn);
      const level = depth + 1;
      const holdId = level <= config.maxChain ? hold(config.rafGraceMs) : null;
      const id = nativeRaf.call(window, function (time) {
        frameHolds.delete(id);
        return atLevel(fn, level, holdId, this, [time]);
      });
      if (holdId !== null) frameHolds.set(id, holdId);
      return id;
    };
    window.cancelAnimationFrame = function cancelAnimationFrame(id) {
      const holdId = frameHolds.get(id);
      if (holdId !== undefined) { frameHolds.delete(id); release(holdId); }
      return nativeCancelRaf.call(window, id);
    };
  }

  // A request holds until the page's own handlers of its answer ran (one task later).
  const releaseLater = (holdId) => () => { nativeSetTimeout.call(window, () => release(holdId), 0); };
  const nativeFetch = window.fetch;
  if (nativeFetch) {
    window.fetch = function fetch(...args) {
      const holdId = hold(config.requestBudgetMs);
      let answer;
      try { answer = nativeFetch.apply(this, args); } catch (error) { release(holdId); throw error; }
      answer.then(releaseLater(holdId), releaseLater(holdId));
      return answer;
    };
  }
  if (window.XMLHttpRequest) {
    const nativeSend = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function send(...args) {
      const holdId = hold(config.requestBudgetMs);
      this.addEventListener("loadend", releaseLater(holdId), { once: true });
      try { return nativeSend.apply(this, args); } catch (error) { release(holdId); throw error; }
    };
  }

  const nativeAddListener = EventTarget.prototype.addEventListener;
  const RUNNABLE_TYPES = new Set(["", "text/javascript", "application/javascript", "module",
    "text/ecmascript", "application/ecmascript", "application/x-javascript"]);
  const heldScripts = new WeakSet();
  const holdScript = (el) => {
    if (heldScripts.has(el) || !el.src || el.noModule) return;
    if (!RUNNABLE_TYPES.has((el.getAttribute("type") || "").trim().toLowerCase())) return;
    heldScripts.add(el);
    const holdId = hold(config.requestBudgetMs);
    const done = () => release(holdId);
    nativeAddListener.call(el, "load", done, { once: true });
    nativeAddListener.call(el, "error", done, { once: true });
  };
  // Images are looked at whenever the holds are counted (`pending`), not as they arrive: a load
  // that ended before the next look needs no hold. When an image's load started is noted as it
  // is inserted or its source is set (one never noted counts from the navigation's start, the
  // earliest it can have started), so its hold ends with the request budget, as its request's
  // does in the tracker.
  const sourceSetAt = new WeakMap();
  const heldSource = new WeakMap();  // image -> the source its hold waits for
  const lazyStartedAt = new WeakMap();
  const lazyWatched = new WeakSet();
  const NativeObserver = window.IntersectionObserver;
  const lazyWatch = NativeObserver ? new NativeObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      lazyStartedAt.set(entry.target, now());
      lazyWatch.unobserve(entry.target);
    }
  }, { rootMargin: config.lazyMarginPx + "px 0px" }) : null;
  const holdImages = () => {
    try { holdStartedImages(); } catch (e) { /* a page that broke the builtins used here loses only this */ }
  };
  const holdStartedImages = () => {
    const images = document.images;
    for (let i = 0; i < images.length; i++) {
      const img = images[i];
      if (img.complete) continue;
      const source = img.src + " " + img.srcset;
      if (heldSource.get(img) === source) continue;
      let started = sourceSetAt.get(img);
      if (img.loading === "lazy") {
        const inView = lazyStartedAt.get(img);
        if (inView === undefined) {
          if (lazyWatch && !lazyWatched.has(img)) { lazyWatched.add(img); lazyWatch.observe(img); }
          continue;  // deferred: Chromium fetches it only near the viewport
        }
        started = Math.max(started || 0, inView);
      }
      heldSource.set(img, source);
      const expires = (started || 0) + config.requestBudgetMs;
      if (expires <= now()) continue;
      const done = releaseLater(holdUntil(expires));
      nativeAddListener.call(img, "load", done, { once: true });
      nativeAddListener.call(img, "error", done, { once: true });
    }
  };
  const noteImage = (img) => { sourceSetAt.set(img, now()); };

  // Mutation records are delivered at the microtask checkpoint right after the inserting
  // script's own code, so before the inserted script can have loaded. Watched from the window's
  // `load` on (or the first look at the holds, if `load` never came): every script and image
  // inserted before `load` has run or loaded by then (both delay the load event), and a record
  // for each element the parser inserts cost the renderer ~50 ms on a page of 6,500 elements.
  const watch = new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === "attributes") {
        if (record.target.tagName === "IMG") noteImage(record.target);
        continue;
      }
      for (const node of record.addedNodes) {
        if (node.nodeType !== 1) continue;
        if (node.tagName === "SCRIPT") holdScript(node);
        else if (node.tagName === "IMG") noteImage(node);
        else if (node.firstElementChild) {
          for (const el of node.getElementsByTagName("script")) holdScript(el);
          for (const el of node.getElementsByTagName("img")) noteImage(el);
        }
      }
    }
  });
  let watching = false;
  const startWatching = () => {
    if (watching) return;
    watching = true;
    watch.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ["src", "srcset"] });
  };
  nativeAddListener.call(window, "load", startWatching, { once: true });

  if (NativeObserver) {
    window.IntersectionObserver = class IntersectionObserver extends NativeObserver {
      constructor(...args) { super(...args); scrollAware = true; }
    };
  }
  EventTarget.prototype.addEventListener = function addEventListener(type, ...rest) {
    if (type === "scroll" || type === "wheel") scrollAware = scrollListener = true;
    return nativeAddListener.call(this, type, ...rest);
  };

  const api = {
    // Resolves when no hold is left and none was let go for `quietMs` (or after `maxMs`):
    // {pending, quietMs, scrollAware} — how many holds remain, how long ago the last one was
    // let go, and whether anything could react to scrolling (so the caller asks no second
    // time before scrolling).
    idle(maxMs, quietMs) {
      return new Promise((resolve) => {
        const deadline = now() + maxMs;
        let timer = null;
        const check = () => {
          if (timer !== null) { nativeClearTimeout.call(window, timer); timer = null; }
          const t = now();
          // What is left to wait: the quiet after the last release, or the next hold's expiry.
          const wait = t >= deadline ? 0 : pending() === 0 ? (quietMs || 0) - (t - lastRelease) : Math.max(1, nextExpiry());
          if (wait <= 0) {
            waiters.delete(check);
            resolve({ pending: pending(), quietMs: t - lastRelease, scrollAware: api.scrollAware() });
            return;
          }
          timer = nativeSetTimeout.call(window, check, Math.max(1, Math.min(wait, deadline - t)));
        };
        waiters.add(check);  // a release that leaves no hold looks again at once
        check();
      });
    },
    // How many holds are left now (after a scroll: did it wake anything that can still change
    // the page?).
    held() {
      return pending();
    },
    // Could anything on the page react to scrolling (lazy loaders)?
    scrollAware() {
      return scrollAware || window.onscroll !== null || document.onscroll !== null ||
        document.querySelector("img[loading=lazy], iframe[loading=lazy]") !== null;
    },
    // Does a scroll listener react (which may act a while after the scroll), not only observers?
    scrollListeners() {
      return scrollListener || window.onscroll !== null || document.onscroll !== null;
    },
    // Resolves once the page drew a frame and then another, and a task after it ran: whatever
    // the first frame queued (observers' callbacks) has run. With the native functions, so the
    // wait holds nothing and no page override sees it.
    drawn() {
      return new Promise((resolve) => {
        if (!nativeRaf) { resolve(); return; }
        nativeRaf.call(window, () => nativeRaf.call(window, () => nativeSetTimeout.call(window, resolve, 0)));
      });
    },
  };
  Object.defineProperty(window, "__rcSettle", { value: Object.freeze(api), enumerable: false });
}
