// api.js: what the lobby and the game page share: calls to the JSON API (docs/api.md),
// the secrets of "your games" kept in localStorage, and the error banner.

const KEY = "zoggo.games";

// api calls the server and returns the decoded answer; a 4xx or 5xx answer throws an
// Error whose message is the server's text.
export async function api(method, path, body, secret) {
  const headers = {};
  if (body !== undefined && body !== null) headers["Content-Type"] = "application/json";
  if (secret) headers["Authorization"] = "Bearer " + secret;
  const res = await fetch(path, {
    method, headers, body: body == null ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch { data = null; }
  if (!res.ok) {
    const msg = (data && data.error) || text || res.statusText;
    const err = new Error(msg);
    err.status = res.status;
    err.code = data && data.code;
    throw err;
  }
  return data;
}

// games returns the games kept in this browser: {id: {secret, title, at, invites, view}}.
export function games() {
  try { return JSON.parse(localStorage.getItem(KEY)) || {}; } catch { return {}; }
}

// remember keeps (or updates) what this browser knows of game id.
export function remember(id, info) {
  const all = games();
  all[id] = Object.assign(all[id] || {}, info, { at: Date.now() });
  localStorage.setItem(KEY, JSON.stringify(all));
}

// forget removes game id from this browser's list.
export function forget(id) {
  const all = games();
  delete all[id];
  localStorage.setItem(KEY, JSON.stringify(all));
}

// banner shows an error from the API (or clears it with an empty message).
export function banner(msg) {
  let b = document.getElementById("banner");
  if (!b) return;
  b.textContent = msg || "";
  b.hidden = !msg;
}

// el builds an element: el("button", {class: "x", onclick: f}, "text", child…).
export function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (k === "class") e.className = v;
    else e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    e.append(c instanceof Node ? c : String(c));
  }
  return e;
}

// A click on the banner closes it.
document.getElementById("banner")?.addEventListener("click", () => banner(""));

// addTargets puts over a board's svg a click target for each of its positions (as the
// API lists them: name and rect), calling onClick with the position's name. The smaller
// targets go on top of the larger ones that overlap them. Each target is a rect with its
// name as data-pos and a title, and a round mark after it that shows what the rect's
// classes say (see style.css), round on any board.
export function addTargets(svg, positions, onClick) {
  const ns = "http://www.w3.org/2000/svg";
  const targets = document.createElementNS(ns, "g");
  targets.setAttribute("class", "targets");
  const area = (p) => (p.rect[2] - p.rect[0]) * (p.rect[3] - p.rect[1]);
  for (const p of [...positions].sort((a, b) => area(b) - area(a))) {
    const [x0, y0, x1, y1] = p.rect;
    const r = document.createElementNS(ns, "rect");
    r.setAttribute("x", x0); r.setAttribute("y", y0);
    r.setAttribute("width", x1 - x0); r.setAttribute("height", y1 - y0);
    r.dataset.pos = p.name;
    r.addEventListener("click", () => onClick(p.name));
    const t = document.createElementNS(ns, "title");
    t.textContent = p.name;
    r.append(t);
    const c = document.createElementNS(ns, "circle");
    c.setAttribute("cx", (x0 + x1) / 2); c.setAttribute("cy", (y0 + y1) / 2);
    c.setAttribute("r", Math.min(x1 - x0, y1 - y0) * 0.42);
    targets.append(r, c);
  }
  svg.append(targets);
}
