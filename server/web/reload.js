// reload.js: live reload on the game page (zoggo serve --watch). The game's event
// stream sends a "rules" event when the file of its rules changed (game.js passes it on
// as the window event "zoggo:rules"): this script shows the new version's errors, as
// the terminal shows them, or offers to restart the game under the new rules, from the
// start or replaying the turns played while they stay legal. See docs/api.md.
import { api, games, remember, el } from "./api.js";

const id = decodeURIComponent(location.pathname.split("/").pop());
const secret = new URLSearchParams(location.hash.slice(1)).get("t") || games()[id]?.secret || "";
const NOTE = "zoggo.restarted";

const box = document.getElementById("rulesnews");
let note = null; // what a restart said of its replay, shown on the new game's page

function gameURL(gid) {
  return `/g/${encodeURIComponent(gid)}#t=${encodeURIComponent(secret)}`;
}

// show draws what the newest version of the rules says of this game.
function show(news) {
  box.replaceChildren();
  box.className = "rulesnews";
  if (news.restarted) {
    box.append(el("p", {}, "This game was restarted under new rules. ",
      el("a", { id: "followrestart", href: gameURL(news.restarted) }, "Open the new game")));
    box.hidden = false;
    return;
  }
  if (news.current) {
    if (note) box.append(note);
    box.hidden = !note;
    return;
  }
  if (news.errors && news.errors.length) {
    box.classList.add("broken");
    box.append(el("p", {}, `The rules file ${news.rules} changed (version ${news.version}) and does not load for this game:`));
    for (const e of news.errors) box.append(el("pre", { class: "ruleserror" }, e));
    box.append(el("p", { class: "muted" }, "This game goes on under the rules it started with. Save a fix to try again."));
    box.hidden = false;
    return;
  }
  box.append(el("p", {}, `The rules file ${news.rules} changed (version ${news.version}). Restart with the new rules:`));
  if (news.restart && secret) {
    box.append(el("div", { class: "actions" },
      el("button", { id: "restartreplay", class: "primary", onclick: () => restart(true) }, "Replaying the moves"),
      el("button", { id: "restartfresh", onclick: () => restart(false) }, "From the start")));
  }
  box.hidden = false;
}

async function restart(replay) {
  for (const b of box.querySelectorAll("button")) b.disabled = true;
  try {
    const out = await api("POST", `/api/games/${encodeURIComponent(id)}/restart`, { replay }, secret);
    let msg = replay ? `Restarted under the new rules: ${out.replayed} of ${out.turns} turns replayed.` : "Restarted under the new rules from the start.";
    if (out.stopped) msg += ` The replay stopped at ${out.stopped}.`;
    sessionStorage.setItem(NOTE, JSON.stringify({ id: out.id, msg }));
    remember(out.id, { secret, title: games()[id]?.title });
    location.assign(gameURL(out.id));
  } catch (e) {
    box.append(el("p", { class: "ruleserror" }, e.message));
    for (const b of box.querySelectorAll("button")) b.disabled = false;
  }
}

// A page opened by a restart says how the replay went.
try {
  const saved = JSON.parse(sessionStorage.getItem(NOTE) || "null");
  if (saved && saved.id === id) {
    sessionStorage.removeItem(NOTE);
    note = el("p", { id: "restartnote" }, saved.msg);
    box.replaceChildren(note);
    box.className = "rulesnews";
    box.hidden = false;
  }
} catch { /* nothing to say */ }

window.addEventListener("zoggo:rules", (ev) => show(ev.detail));
