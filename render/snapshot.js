// One pass over the rendered page, returning one JSON string (Playwright's object serializer
// costs ~10x more than JSON.stringify on large pages). Every element gets a stable numeric
// `data-rc-id`, written into the live DOM so the serialized HTML carries it, and layout rows
// keyed by it. Rows are arrays, not objects, to keep the payload small.
(options) => {
  const ID = "data-rc-id";
  const SKIP = new Set(["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE", "HEAD", "META", "LINK", "TITLE"]);
  const MIN_VISIBLE_AREA_PX = 2; // 1x1 "screen-reader only" boxes count as hidden
  const sx = window.scrollX, sy = window.scrollY;
  const root = document.documentElement;
  const docW = Math.max(root.scrollWidth, document.body ? document.body.scrollWidth : 0);
  const docH = Math.max(root.scrollHeight, document.body ? document.body.scrollHeight : 0);
  const overlayOf = new Map();
  const boxes = [];
  const all = root.getElementsByTagName("*");
  for (let i = 0; i < all.length; i++) {
    const el = all[i];
    el.setAttribute(ID, String(i));
    if (SKIP.has(el.tagName) || (el.namespaceURI !== "http://www.w3.org/1999/xhtml" && el.tagName !== "svg")) continue;
    const cs = getComputedStyle(el);
    const r = el.getBoundingClientRect();
    const position = cs.position;
    const parentOverlay = el.parentElement ? overlayOf.get(el.parentElement) === true : false;
    const overlay = parentOverlay || position === "fixed" || position === "sticky";
    overlayOf.set(el, overlay);
    const x = r.left + sx, y = r.top + sy;
    let visible = el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
    if (visible && cs.display !== "contents") {
      if (r.width * r.height < MIN_VISIBLE_AREA_PX) visible = false;
      else if (x + r.width <= 0 || y + r.height <= 0 || x >= docW) visible = false;
    }
    boxes.push([i, Math.round(x), Math.round(y), Math.round(r.width), Math.round(r.height),
      visible ? 1 : 0, parseFloat(cs.fontSize) || 0, parseInt(cs.fontWeight, 10) || 400,
      cs.display, position, overlay ? 1 : 0]);
  }
  const images = [];
  for (const img of document.images) {
    const r = img.getBoundingClientRect();
    const visible = img.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) && r.width * r.height >= MIN_VISIBLE_AREA_PX;
    images.push([parseInt(img.getAttribute(ID), 10), img.currentSrc || img.src || "", img.naturalWidth, img.naturalHeight,
      Math.round(r.width), Math.round(r.height), Math.round(r.left + sx), Math.round(r.top + sy), visible ? 1 : 0, img.alt || ""]);
  }
  const safe = (value) => { try { return JSON.parse(JSON.stringify(value)); } catch (e) { return null; } };
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
  const doctype = document.doctype ? "<!DOCTYPE " + document.doctype.name + ">" : "";
  return JSON.stringify({
    html: doctype + root.outerHTML,
    boxes, images,
    viewport: [window.innerWidth, window.innerHeight],
    document: [docW, docH],
    composer: { commands, state },
    globals,
  });
}
