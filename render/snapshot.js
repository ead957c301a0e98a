// One pass over the rendered page, returning one string: the layout rows as JSON (Playwright's
// object serializer costs ~10x more than JSON.stringify on large pages), then the HTML. Every element gets a stable numeric
// `data-rc-id`, written into the live DOM so the serialized HTML carries it, and layout rows
// keyed by it. The boxes are one flat array of small integers, six an element (render/snapshot.py
// `BOX_FIELDS` reads them back): its id as the step from the previous measured element's, x, y,
// width, height, and its look — an index into `looks`, the page's few distinct (display,
// position, font size) triples, times 4, plus 1 if visible and 2 if inside an overlay. An array
// of ten per element with the strings spelled out each time was 712 KB on 15,010 elements, and
// every byte of it crosses the renderer, the browser, the driver and Python's JSON. They hold only what
// extraction reads (values/rendered.py `Box`): each computed-style property read costs ~1-2 us
// an element. Ids are written in a second pass, after all layout reads, so no write can
// invalidate style between two reads.
(options) => {
  // The builtins as they were before page scripts ran (render/guards.js), when available.
  const P = window.__rendercrawlPristine || { stringify: JSON.stringify, parse: JSON.parse, isArray: Array.isArray,
    keys: Object.keys, getOwnPropertyDescriptor: Object.getOwnPropertyDescriptor, defineProperty: Object.defineProperty };
  const MAX_VALUE_DEPTH = 16; // data-layer values deeper than this are cut (a 3,000-deep value is an attack)
  const MAX_VALUE_NODES = 20000; // objects, arrays and scalars copied per page, all values together
  const MAX_VALUE_ITEMS = 1000; // items per array and keys per object
  const ID = "data-rc-id";
  const SKIP = new Set(["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE", "HEAD", "META", "LINK", "TITLE"]);
  const MIN_VISIBLE_AREA_PX = 2; // 1x1 "screen-reader only" boxes count as hidden
  const sx = window.scrollX, sy = window.scrollY;
  const root = document.documentElement;
  const docW = Math.max(root.scrollWidth, document.body ? document.body.scrollWidth : 0);
  const docH = Math.max(root.scrollHeight, document.body ? document.body.scrollHeight : 0);
  const overlayOf = new Map();
  const boxes = [];
  const looks = [];
  const lookOf = new Map();  // display -> position -> font size (as CSS writes it) -> index in looks
  let previous = -1;
  const all = root.getElementsByTagName("*");
  const limit = Math.min(all.length, options.maxBoxes);
  for (let i = 0; i < limit; i++) {
    const el = all[i];
    if (SKIP.has(el.tagName) || (el.namespaceURI !== "http://www.w3.org/1999/xhtml" && el.tagName !== "svg")) continue;
    const cs = getComputedStyle(el);
    const r = el.getBoundingClientRect();
    const position = cs.position;
    const parentOverlay = el.parentElement ? overlayOf.get(el.parentElement) === true : false;
    const overlay = parentOverlay || position === "fixed" || position === "sticky";
    overlayOf.set(el, overlay);
    const x = r.left + sx, y = r.top + sy;
    let visible = el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
    const display = cs.display;
    if (visible && display !== "contents") {
      if (r.width * r.height < MIN_VISIBLE_AREA_PX) visible = false;
      else if (x + r.width <= 0 || y + r.height <= 0 || x >= docW) visible = false;
    }
    const fontSize = cs.fontSize;
    let byPosition = lookOf.get(display);
    if (byPosition === undefined) lookOf.set(display, byPosition = new Map());
    let byFont = byPosition.get(position);
    if (byFont === undefined) byPosition.set(position, byFont = new Map());
    let look = byFont.get(fontSize);
    if (look === undefined) { byFont.set(fontSize, look = looks.length); looks.push([display, position, parseFloat(fontSize) || 0]); }
    // `| 0`: a layout coordinate fits 32 bits (Blink clamps them to +-2^25 px), and the array
    // keeps to small integers, which V8 stores and stringifies fastest (-0 would make it doubles).
    boxes.push(i - previous, Math.round(x) | 0, Math.round(y) | 0, Math.round(r.width) | 0, Math.round(r.height) | 0,
      look * 4 + (visible ? 1 : 0) + (overlay ? 2 : 0));
    previous = i;
  }
  // Images are read before the ids are written: a read after them recomputed the style of every
  // element the writes touched (a forced style recalculation per snapshot). An image's id is its
  // place in `all`; both lists are in document order, so one merge walk finds it. Measured: a
  // snapshot's renderer CPU on 15,010 elements 112.1 -> 110.4 ms, 5,100: 44.1 -> 42.3 (2026-12-06).
  const images = [];
  const imgs = document.images;
  for (let i = 0, k = 0; k < imgs.length && i < all.length; i++) {
    const img = imgs[k];
    if (all[i] !== img) continue;
    k++;
    const r = img.getBoundingClientRect();
    const visible = img.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) && r.width * r.height >= MIN_VISIBLE_AREA_PX;
    images.push([i, img.currentSrc || img.src || "", img.naturalWidth, img.naturalHeight,
      Math.round(r.width), Math.round(r.height), Math.round(r.left + sx), Math.round(r.top + sy), visible ? 1 : 0, img.alt || ""]);
  }
  for (let i = 0; i < all.length; i++) all[i].setAttribute(ID, String(i));
  // A plain copy of a page value: JSON types only, bounded in depth and size, with getters that
  // throw read as null. Written out instead of JSON.parse(JSON.stringify(...)), which the page
  // can override and which has no depth bound.
  let nodes = 0;
  const copy = (value, depth) => {
    if (++nodes > MAX_VALUE_NODES) return null;
    if (value === null || typeof value === "string" || typeof value === "boolean") return value;
    if (typeof value === "number") return Number.isFinite(value) ? value : null;
    if (typeof value !== "object" || depth >= MAX_VALUE_DEPTH) return null;
    if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString(); // as JSON has it
    if (P.isArray(value)) {
      const out = [];
      for (let i = 0; i < value.length && i < MAX_VALUE_ITEMS; i++) out.push(copy(value[i], depth + 1));
      return out;
    }
    const out = {};
    const keys = P.keys(value);
    for (let i = 0; i < keys.length && i < MAX_VALUE_ITEMS; i++) {
      let item;
      try { item = value[keys[i]]; } catch (e) { item = null; }
      if (item !== undefined && typeof item !== "function") out[keys[i]] = copy(item, depth + 1);
    }
    return out;
  };
  const safe = (value) => { try { return copy(value, 0); } catch (e) { return null; } };
  const tp = window.tp;
  const commands = [];
  const state = {};
  if (tp && typeof tp.length === "number") {
    for (let i = 0; i < tp.length; i++) {
      const c = tp[i];
      if (Array.isArray(c) && typeof c[0] === "string") commands.push([c[0], safe(c.slice(1)) || []]);
    }
  }
  if (tp && typeof tp === "object") {
    for (const key of options.composerProperties) {
      if (tp[key] !== undefined && typeof tp[key] !== "function") state[key] = safe(tp[key]);
    }
  }
  const globals = {};
  for (const name of options.globals) {
    if (window[name] !== undefined) globals[name] = safe(window[name]);
  }
  // The declared image (`cXenseParse:image`, else `og:image`) when no <img> shows it: its size is
  // then probed after this reading (render/imageprobe.py).
  const declaredImage = (() => {
    try {  // a page that broke the builtins used here loses only this
      const pick = (key) => [...document.querySelectorAll("meta")].find((m) =>
        [m.getAttribute("name"), m.getAttribute("property"), m.getAttribute("itemprop")]
          .some((v) => (v || "").trim().toLowerCase() === key) && (m.getAttribute("content") || "").trim());
      const meta = pick("cxenseparse:image") || pick("og:image");
      if (!meta) return null;
      const url = new URL(meta.getAttribute("content").trim(), document.baseURI).href;
      const shown = [...document.images].some((i) => (i.currentSrc === url || i.src === url) && i.naturalWidth > 0);
      return shown ? null : url;
    } catch (e) { return null; }
  })();
  const doctype = document.doctype ? "<!DOCTYPE " + document.doctype.name + ">" : "";
  // A page's toJSON on a builtin prototype would rewrite our rows; set aside while serializing.
  const prototypes = [Object.prototype, Array.prototype, String.prototype, Number.prototype, Boolean.prototype];
  const setAside = [];
  for (const proto of prototypes) {
    const own = P.getOwnPropertyDescriptor(proto, "toJSON");
    if (own && own.configurable && delete proto.toJSON) setAside.push([proto, own]);
  }
  try {
    // The rows as JSON, then a NUL (which JSON text never holds), then the HTML as it is: escaped
    // into the JSON it would be escaped again at each hop to Python, and scanned once more here.
    return P.stringify({
      boxes, looks, images,
      viewport: [window.innerWidth, window.innerHeight],
      document: [docW, docH],
      composer: { commands, state },
      globals,
      declaredImage,
    }) + "\u0000" + doctype + root.outerHTML;
  } finally {
    for (const [proto, own] of setAside) P.defineProperty(proto, "toJSON", own);
  }
}
