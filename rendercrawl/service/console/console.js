// The operator's console: one page over the JSON API (no build step). The keys live in this
// tab's sessionStorage only and travel in the Authorization header, never in a URL or cookie.
"use strict";

const main = document.getElementById("main");
const store = window.sessionStorage;
const SITE = "rc.site", READ = "rc.read", PUSH = "rc.push";

function h(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children.flat(Infinity)) {
    if (child !== null && child !== undefined) node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

function svg(tag, attrs, ...children) {
  const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [name, value] of Object.entries(attrs || {})) node.setAttribute(name, value);
  for (const child of children) node.append(child instanceof Node ? child : String(child));
  return node;
}

async function api(path, options = {}) {
  const key = options.key || store.getItem(READ);
  const answer = await fetch(path, {...options, headers: {"Authorization": `Bearer ${key}`, ...(options.headers || {})}});
  const body = await answer.json().catch(() => ({}));
  if (!answer.ok && answer.status !== 429) {
    const error = new Error((body.error && body.error.message) || `HTTP ${answer.status}`);
    error.status = answer.status;
    throw error;
  }
  return {status: answer.status, body};
}

const when = (value) => value ? new Date(value).toLocaleString() : "—";
const show = (...nodes) => { main.replaceChildren(...nodes.flat(Infinity).filter((n) => n !== null && n !== undefined)); main.focus(); };
const status = (text, error = false) => h("p", {class: error ? "status error" : "status", role: "status"}, text);

function signIn() {
  document.title = "Sign in · rendercrawl console";
  const form = h("form", {onsubmit: async (event) => {
      event.preventDefault();
      const data = new FormData(form);
      store.setItem(SITE, data.get("site").trim());
      store.setItem(READ, data.get("read").trim());
      if (data.get("push").trim()) store.setItem(PUSH, data.get("push").trim());
      try {
        await api(`/v1/sites/${encodeURIComponent(store.getItem(SITE))}/pages?limit=1`);
        location.hash = "#/pages"; route();
      } catch (error) {
        store.clear();
        form.append(status(`Not signed in: ${error.message}`, true));
      }
    }},
    h("label", {for: "site"}, "Site"), h("input", {id: "site", name: "site", required: true, autocomplete: "off",
      placeholder: "paper.example"}),
    h("label", {for: "read"}, "Read key"), h("input", {id: "read", name: "read", type: "password", required: true,
      "aria-describedby": "read-hint"}),
    h("p", {id: "read-hint", class: "hint"}, "A key of scope read: rendercrawl sites key create SITE --scope read."),
    h("label", {for: "push"}, "Push key (optional)"), h("input", {id: "push", name: "push", type: "password",
      "aria-describedby": "push-hint"}),
    h("p", {id: "push-hint", class: "hint"}, "A key of scope push, for the Recrawl now button."),
    h("p", {}, h("button", {type: "submit"}, "Sign in")));
  show(h("h2", {}, "Sign in"), form);
}

async function pages(cursor) {
  document.title = "Pages · rendercrawl console";
  const site = store.getItem(SITE);
  const outcome = new URLSearchParams(location.hash.split("?")[1] || "").get("outcome") || "";
  const query = new URLSearchParams({limit: "50", ...(cursor ? {cursor} : {}), ...(outcome ? {outcome} : {})});
  const {body} = await api(`/v1/sites/${encodeURIComponent(site)}/pages?${query}`);
  const rows = body.pages.map((p) => h("tr", {},
    h("td", {class: "url"}, h("a", {href: `#/page/${p.page_id}`}, p.url)),
    h("td", {}, p.crawl_state), h("td", {}, p.due_at ? when(p.due_at) : (p.next_crawl_at ? when(p.next_crawl_at) : "—")),
    h("td", {}, when(p.last_crawled_at)), h("td", {}, p.last_outcome || "—"), h("td", {}, p.parked ? "parked" : "no")));
  const filter = h("form", {onsubmit: (event) => { event.preventDefault();
      location.hash = `#/pages?outcome=${encodeURIComponent(new FormData(event.target).get("outcome"))}`; }},
    h("label", {for: "outcome"}, "Last crawl outcome"),
    h("select", {id: "outcome", name: "outcome"}, ["", "ok", "timeout", "http_error", "blocked", "soft_404", "unchanged",
      "suspect", "error"].map((o) => h("option", {value: o, selected: o === outcome}, o || "any"))),
    " ", h("button", {type: "submit", class: "secondary"}, "Filter"));
  show(h("h2", {}, `Pages of ${site}`), filter,
    h("table", {}, h("caption", {class: "hint"}, `${body.pages.length} pages`),
      h("thead", {}, h("tr", {}, ["URL", "State", "Due", "Last crawl", "Outcome", "Parked"].map((t) => h("th", {scope: "col"}, t)))),
      h("tbody", {}, rows)),
    body.next_cursor ? h("button", {type: "button", class: "secondary", onclick: () => pages(body.next_cursor)}, "Next pages") : null);
}

function tabs(id, current) {
  const links = [["", "Page"], ["/versions", "Versions"], ["/crawls", "Crawl log"], ["/seen", "What the crawler saw"]];
  return h("nav", {class: "tabs", "aria-label": "Page views"}, h("a", {href: "#/pages"}, "← Pages"),
    links.map(([path, label]) => h("a", {href: `#/page/${id}${path}`, "aria-current": path === current ? "page" : null}, label)));
}

async function page(id) {
  document.title = `Page ${id} · rendercrawl console`;
  const {body: state} = await api(`/v1/pages/${id}`);
  let profile = null, explanation = null;
  try {
    profile = (await api(`/v1/profiles?url=${encodeURIComponent(state.url)}`)).body;
    explanation = (await api(`/v1/pages/${id}/explain`)).body;
  } catch (error) { if (error.status !== 404) throw error; }
  const result = h("div", {id: "push-result", "aria-live": "polite"});
  const pushKey = store.getItem(PUSH);
  const button = h("button", {type: "button", id: "recrawl", disabled: !pushKey, "aria-describedby": "recrawl-hint",
    onclick: () => recrawl(state, result, button)}, "Recrawl now");
  const facts = [["URL", state.url], ["State", state.crawl_state], ["Parked", state.parked ? "yes" : "no"],
    ["Queue", state.queue_state ? `${state.queue_state} (${state.queue_reason || "—"}), due ${when(state.due_at)}` : "—"],
    ["Next scheduled crawl", when(state.next_crawl_at)], ["Last crawl", when(state.last_crawled_at)],
    ["Last outcome", state.last_outcome || "—"], ["Failures in a row", state.error_count]];
  const fields = profile ? Object.entries(profile).filter(([k]) => !["sources", "rejections", "body", "page_id", "page_url",
    "versions_url", "crawls_url"].includes(k)) : [];
  show(h("h2", {}, state.title || state.url), tabs(id, ""),
    h("dl", {}, facts.map(([k, v]) => [h("dt", {}, k), h("dd", {id: `fact-${k.toLowerCase().replaceAll(" ", "-")}`}, v)])),
    h("p", {}, button, " ", h("span", {id: "recrawl-hint", class: "hint"},
      pushKey ? "Queues a crawl now, within the per-URL push limit." : "Sign in with a push key to recrawl.")), result,
    h("h3", {}, "Profile"),
    profile ? h("table", {}, h("thead", {}, h("tr", {}, ["Field", "Value", "Source"].map((t) => h("th", {scope: "col"}, t)))),
      h("tbody", {}, fields.map(([k, v]) => h("tr", {}, h("th", {scope: "row"}, k),
        h("td", {class: "url"}, typeof v === "object" ? JSON.stringify(v) : String(v ?? "—")),
        h("td", {}, (profile.sources || {})[k] || "—"))))) : h("p", {}, "No profile stored yet."),
    explanation ? [h("h3", {}, "How the fields were chosen"), h("pre", {id: "explain"}, explanation.lines.join("\n"))] : null);
}

async function recrawl(state, result, button) {
  button.disabled = true;
  try {
    const {status: code, body} = await api("/v1/profile/content/push", {method: "POST", key: store.getItem(PUSH),
      headers: {"Content-Type": "application/json"}, body: JSON.stringify({url: state.url})});
    const done = body.results && body.results[0];
    if (!done) throw new Error((body.rejected && body.rejected[0] && body.rejected[0].message) || `HTTP ${code}`);
    const merged = done.merged === true || (done.honoured && ["queued", "leased"].includes(state.queue_state));
    const text = !done.honoured ? `Declined: this URL was pushed too often; it may be pushed again at ${when(done.next_allowed_at)}.`
      : merged ? "Merged: a crawl of this page was already queued; it now runs first." : "Honoured: a crawl of this page is queued now.";
    result.replaceChildren(status(text, !done.honoured));
    const fresh = (await api(`/v1/pages/${state.page_id}`)).body;
    state.queue_state = fresh.queue_state;
    document.getElementById("fact-queue").textContent =
      fresh.queue_state ? `${fresh.queue_state} (${fresh.queue_reason || "—"}), due ${when(fresh.due_at)}` : "—";
  } catch (error) {
    result.replaceChildren(status(`Not pushed: ${error.message}`, true));
  } finally {
    button.disabled = false;
  }
}

const VERSIONS_SHOWN = 20, CRAWLS_SHOWN = 50;
const older = (label, next) => next ? h("p", {}, h("button", {type: "button", class: "secondary", onclick: next}, label)) : null;

async function versions(id, cursor) {
  document.title = `Versions of page ${id} · rendercrawl console`;
  const query = new URLSearchParams({limit: String(VERSIONS_SHOWN), ...(cursor ? {cursor} : {})});
  const {body} = await api(`/v1/profiles/${id}/versions?${query}`);
  const items = body.versions.map((v, i) => {
    const before = body.versions[i + 1];  // the last one's is on the next page: its changes are named, not shown
    const changes = v.changed.filter((k) => k !== "content_hash").map((k) => h("li", {class: "diff"}, h("strong", {}, k),
      before ? [": ", h("del", {}, JSON.stringify(before.profile[k] ?? null)), " → ",
        h("ins", {}, JSON.stringify(v.profile[k] ?? null))] : null));
    const first = !before && !body.next_cursor;
    return h("li", {}, h("h3", {}, `${when(v.created_at)} — ${v.title || "(no title)"}`),
      h("p", {class: "hint"}, `${v.word_count} words, from crawl ${v.crawl_id ?? "—"}`),
      first ? h("p", {}, "The first version.") : h("ul", {}, changes.length ? changes : h("li", {}, "the body text only")));
  });
  show(h("h2", {}, `Versions of page ${id}`), tabs(id, "/versions"), h("ol", {}, items),
    older("Older versions", body.next_cursor && (() => versions(id, body.next_cursor))));
}

async function crawls(id, cursor) {
  document.title = `Crawl log of page ${id} · rendercrawl console`;
  const query = new URLSearchParams({limit: String(CRAWLS_SHOWN), ...(cursor ? {cursor} : {})});
  const {body} = await api(`/v1/pages/${id}/crawls?${query}`);
  show(h("h2", {}, `Crawl log of page ${id}`), tabs(id, "/crawls"),
    h("table", {}, h("thead", {}, h("tr", {}, ["Started", "Outcome", "HTTP", "Blocked requests", "Render ms", "Error"]
      .map((t) => h("th", {scope: "col"}, t)))),
      h("tbody", {}, body.crawls.map((c) => h("tr", {}, h("td", {}, when(c.started_at)), h("td", {}, c.outcome),
        h("td", {}, c.http_status ?? "—"), h("td", {}, c.blocked_requests), h("td", {}, c.render_ms ?? "—"),
        h("td", {}, c.error || "—"))))),
    older("Older attempts", body.next_cursor && (() => crawls(id, body.next_cursor))));
}

async function seen(id) {
  document.title = `What the crawler saw · page ${id} · rendercrawl console`;
  let body;
  try { body = (await api(`/v1/pages/${id}/seen`)).body; } catch (error) {
    if (error.status !== 404) throw error;
    show(h("h2", {}, "What the crawler saw"), tabs(id, "/seen"), status(error.message, true)); return;
  }
  // the document's size as measured, grown to hold every box (content may extend below it)
  const width = Math.max(body.document_size[0], body.viewport[0], ...body.drawn.map((d) => d.x + d.width));
  const height = Math.max(body.document_size[1], 1, ...body.drawn.map((d) => d.y + d.height));
  const counts = {kept: 0, dropped: 0, region: 0};
  const picture = svg("svg", {viewBox: `0 0 ${width} ${height}`, width: Math.min(width, 1000), role: "img",
    "aria-labelledby": "picture-title"}, svg("title", {id: "picture-title"},
      `The page's layout as Chromium computed it, with the main text's regions and the blocks kept and dropped`));
  for (const d of body.drawn) {
    if (d.kind in counts) counts[d.kind] += 1;
    const rect = svg("rect", {class: d.kind, x: d.x, y: d.y, width: d.width, height: d.height});
    if (d.label || d.text) rect.append(svg("title", {}, `${d.kind}: ${d.label} ${d.text}`.trim()));
    picture.append(rect);
  }
  const swatch = (kind, label) => h("span", {}, h("span", {class: `swatch ${kind}`}), label);
  show(h("h2", {}, "What the crawler saw"), tabs(id, "/seen"),
    h("p", {}, `${body.url} — main text from ${body.source}${body.layout_kind ? `, read as ${body.layout_kind}` : ""}.`),
    h("p", {class: "legend", id: "legend"}, swatch("region", `${counts.region} main-text region(s), dashed purple`),
      swatch("kept", `${counts.kept} blocks kept, green`), swatch("dropped", `${counts.dropped} blocks dropped, red`),
      h("span", {}, "grey: the page's other boxes and images")),
    h("div", {class: "picture", tabindex: "0", "aria-label": "The picture; scroll to see all of it"}, picture),
    h("h3", {}, `Blocked requests (${body.blocked.length})`),
    body.blocked.length ? h("table", {}, h("thead", {}, h("tr", {}, ["Host", "Reason", "URL"].map((t) => h("th", {scope: "col"}, t)))),
      h("tbody", {}, body.blocked.map((b) => h("tr", {}, h("td", {}, b.host), h("td", {}, b.reason), h("td", {class: "url"}, b.url)))))
      : h("p", {}, "None."));
}

async function route() {
  const signedIn = store.getItem(READ) && store.getItem(SITE);
  document.getElementById("who").textContent = signedIn ? store.getItem(SITE) : "";
  document.getElementById("signout").hidden = !signedIn;
  if (!signedIn) return signIn();
  const path = location.hash.replace(/^#/, "").split("?")[0];
  const match = path.match(/^\/page\/(\d+)(\/\w+)?$/);
  try {
    if (!match) return await pages();
    const view = {undefined: page, "/versions": versions, "/crawls": crawls, "/seen": seen}[match[2]];
    return await (view || page)(match[1]);
  } catch (error) {
    show(status(`Could not load this view: ${error.message}`, true));
  }
}

document.getElementById("signout").addEventListener("click", () => { store.clear(); location.hash = "#/"; route(); });
window.addEventListener("hashchange", route);
route();
