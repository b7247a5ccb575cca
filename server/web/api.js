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
