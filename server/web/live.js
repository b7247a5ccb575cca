// live.js: the live page: the public games being played now (GET /api/live), each with
// a picture of its position that follows its moves; a click opens the game to watch.
import { api, banner, el } from "./api.js";

const EVERY = 3000; // ms between updates
const cards = new Map(); // id → {card, img, ply}

function thumb(s) {
  return `/api/games/${encodeURIComponent(s.id)}/thumbnail?ply=${s.ply}`;
}

function describe(s) {
  const players = s.players.map((p) => `${p.name} (${p.kind === "bot" ? "bot " + p.bot : p.kind === "random" ? "dice" : "a person"})`).join(" – ");
  const turn = `move ${s.moveNumber}, ${s.players[s.toMove]?.name || "?"} to move` + (s.thinking ? " (thinking)" : "");
  return [players, turn];
}

async function update() {
  let res;
  try {
    res = await api("GET", "/api/live");
    banner("");
  } catch (e) {
    banner(e.message);
    setTimeout(update, EVERY);
    return;
  }
  const seen = new Set();
  const box = document.getElementById("livegames");
  for (const s of res.games) {
    seen.add(s.id);
    let c = cards.get(s.id);
    if (!c) {
      const img = el("img", { alt: s.title, src: thumb(s) });
      const who = el("p", { class: "muted who" }), turn = el("p", { class: "turn" });
      const card = el("a", { class: "livegame", href: `/g/${encodeURIComponent(s.id)}`, "data-id": s.id }, img, el("h3", {}, s.title), who, turn);
      c = { card, img, who, turn, ply: s.ply };
      cards.set(s.id, c);
      box.append(card);
    }
    if (c.ply !== s.ply) {
      c.ply = s.ply;
      c.img.src = thumb(s);
    }
    c.card.dataset.ply = s.ply;
    [c.who.textContent, c.turn.textContent] = describe(s);
  }
  for (const [id, c] of cards) {
    if (!seen.has(id)) { c.card.remove(); cards.delete(id); }
  }
  document.getElementById("livenone").hidden = cards.size > 0;
  setTimeout(update, EVERY);
}

update();
