// game.js: the game page. The server knows the rules: this script draws the board it
// sends, turns clicks into one of the legal turns it lists, and follows the event
// stream. See docs/api.md.
import { api, games, remember, banner, el, addTargets } from "./api.js";
import * as sounds from "./sounds.js";

const SVGNS = "http://www.w3.org/2000/svg";
const STEP_MS = 150;

const id = decodeURIComponent(location.pathname.split("/").pop());
const secret = new URLSearchParams(location.hash.slice(1)).get("t") || games()[id]?.secret || "";

let g = null;       // the game as last shown
let sel = null;     // the selection in progress (see fresh)
let queue = Promise.resolve(); // states are shown one after the other
let fetching = 0;   // the number of the latest GET, so older answers are dropped
let fetchedAt = 0;  // when the state shown was fetched (Date.now()), for the clocks' sounds
let posting = -1;   // the ply of a turn made on this page that is on its way to the server, or -1
let pre = null;     // the premove queued (see "Premoves"), or null
let premoving = null; // while a premove is being clicked: called when it makes a turn
let drawn = 0;      // the number of the request whose answer was shown last
const $ = (i) => document.getElementById(i);

// --- Fetching and following the game ---------------------------------------------------

async function refresh() {
  const n = ++fetching;
  let ng;
  try {
    ng = await api("GET", `/api/games/${encodeURIComponent(id)}`, null, secret);
  } catch (e) {
    banner(!secret && e.status === 403 ? "This page needs the game's secret: open it from the link you were given." : e.message);
    return;
  }
  if (n === fetching) { drawn = n; fetchedAt = Date.now(); show(ng); }
}

// show queues state ng to be drawn, after the animation of the turn that led to it.
function show(ng) {
  queue = queue.then(async () => {
    if (g && ng.ply === g.ply + 1 && animations() && !review) {
      try { await animate(g, ng); } catch (e) { console.error(e); }
    }
    draw(ng);
  });
  return queue;
}

function follow() {
  const es = new EventSource(`/api/games/${encodeURIComponent(id)}/events?t=${encodeURIComponent(secret)}`);
  es.addEventListener("state", refresh);
  // A watched rules file changed: reload.js shows it.
  es.addEventListener("rules", (ev) => window.dispatchEvent(new CustomEvent("zoggo:rules", { detail: JSON.parse(ev.data) })));
  // Leaving the page closes the stream at once: a browser opens few connections to a
  // server, and a stream that lingers would hold one of them.
  window.addEventListener("pagehide", () => es.close(), { once: true });
  es.addEventListener("open", () => { banner(""); refresh(); });
  es.addEventListener("error", () => {
    // EventSource reconnects by itself unless the server refused the stream.
    if (es.readyState === EventSource.CLOSED) setTimeout(follow, 3000);
  });
}

// post sends an action and shows the state the server answers with.
async function post(path, body) {
  const n = ++fetching; // a GET under way may answer with the state before this one: drop it
  try {
    const ng = await api("POST", `/api/games/${encodeURIComponent(id)}${path}`, body, secret);
    banner("");
    // A GET sent since, on a state event (the dice or a bot played after this turn),
    // that has answered already showed a later state: this answer would undo it.
    if (drawn < n) { drawn = n; await show(ng); }
  } catch (e) {
    banner(e.message);
    refresh();
  }
}

function play(turn) {
  if (premoving) premoving();
  clearSelection();
  $("board").dataset.state = "played";
  const at = g.ply;
  posting = at;
  return post("/moves", { ply: at, index: turn.index }).finally(() => { if (posting === at) posting = -1; });
}

// waiting says whether the position shown is the one a turn made on this page left, its
// answer not come yet: a click then queues a premove. Once a later state is shown (the
// event stream's answer may come before the turn's own), clicks play again.
function waiting() {
  return posting >= 0 && !!g && g.ply === posting;
}

// --- Drawing ---------------------------------------------------------------------------

// draw shows state ng. A state that differs from the one shown only beside the board
// (a bot thinking, a draw offered, or the same state fetched again) keeps the board and
// the selection in progress.
function draw(ng) {
  if (review && g && leavesReview(ng)) endReview();
  const same = g && ng.ply === g.ply && ng.board.svg === g.board.svg && legalKey(ng) === legalKey(g);
  const old = g;
  sounds.forState(old, ng);
  g = ng;
  if (secret) remember(id, { secret, title: g.title || g.variant });
  document.title = `${g.title || g.variant} – zoggo`;
  $("title").textContent = g.title || g.variant;
  if (!same) {
    sel = null;
    if (!review) drawBoard();
  }
  drawSide();
  drawSeats();
  drawClocks();
  if (same) highlight(); else clearSelection();
  if (!review) markChecks(g.check);
  drawOutcome();
  drawSite(old);
  if (pre) {
    if (g.over || g.you.length === 0) cancelPremove();
    else if (!firePremove()) drawPremove();
  }
}

function legalKey(s) {
  return JSON.stringify((s.legal || []).map((t) => [t.index, t.zsg]));
}

function drawBoard() {
  const box = $("board");
  box.innerHTML = g.board.svg;
  const svg = box.querySelector("svg");
  if (!svg) return;
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
  addTargets(svg, g.board.positions, click);
  rotate();
  highlight();
}

// rotate turns the board by 180° when boardTurned says so, keeping pieces and text
// upright.
function rotate() {
  const svg = $("board").querySelector("svg");
  if (!svg) return;
  const on = boardTurned();
  svg.classList.toggle("turned", on);
  for (const e of svg.querySelectorAll(".piece, text")) {
    if (e.matches(".piece text")) continue; // turned with its piece
    if (!on) { e.removeAttribute("transform"); delete e.dataset.base; continue; }
    const b = e.getBBox();
    const base = `rotate(180 ${b.x + b.width / 2} ${b.y + b.height / 2})`;
    e.dataset.base = base;
    e.setAttribute("transform", base);
  }
}

function center(pos) {
  const p = g.board.positions.find((q) => q.name === pos);
  if (!p) return null;
  return [(p.rect[0] + p.rect[2]) / 2, (p.rect[1] + p.rect[3]) / 2];
}

function whoIs(i) {
  if (!g.you.includes(i)) return g.players[i].name;
  return g.you.length > 1 ? `${g.players[i].name} (you)` : "You";
}

function drawSide() {
  const mine = g.legal && g.legal.length > 0;
  let status;
  if (g.over) status = "The game is over.";
  else if (g.thinking) status = `${g.players[g.toMove].name}: thinking…`;
  else status = `${whoIs(g.toMove)} to move` + (g.you.includes(g.toMove) && !mine ? " (waiting)" : "");
  $("status").textContent = status;
  $("status").classList.toggle("yours", mine);
  $("result").hidden = !g.over;
  $("result").textContent = g.outcome || g.result;
  drawMoves();

  // Captured pieces, by their owner.
  const caps = g.captured || [];
  $("captured").hidden = caps.length === 0;
  $("captured").textContent = "Captured: " + g.players
    .map((p, i) => [p.name, caps.filter((c) => c.player === i)])
    .filter(([, cs]) => cs.length > 0)
    .map(([name, cs]) => `${name} ${cs.map((c) => c.n > 1 ? `${c.piece} ×${c.n}` : c.piece).join(", ")}`)
    .join("; ");

  // The hand: pieces the player to move may drop.
  const hand = $("hand");
  // n < 0: unlimited, shown only while the game goes on (a finite hand stays in view).
  const stock = (g.stock || []).filter((s) => s.player === g.toMove && (s.n > 0 || s.n < 0 && !g.over));
  hand.replaceChildren(...stock.map((s) => el("button", {
    class: "stock", "data-piece": s.piece, title: s.piece,
    disabled: !mine || !g.legal.some((t) => t.parts.some((p) => p.drop === s.piece)),
    onclick: () => pickDrop(s.piece),
  }, s.image ? el("img", { src: s.image, alt: s.piece }) : s.piece, el("sub", {}, s.n < 0 ? "×∞" : "×" + s.n))));
  hand.hidden = stock.length === 0;

  $("pass").hidden = !mine || !g.legal.some(isPass);
  $("movetext").disabled = !mine;
  const others = g.players.map((p, i) => i).filter((i) => !g.you.includes(i));
  $("undo").hidden = g.over || g.you.length === 0 || !g.moves.some((m) => g.you.includes(m.player)) || !others.every((i) => ["bot", "random"].includes(g.players[i].kind));
  const playing = !g.over && g.you.length > 0;
  $("resign").hidden = !playing;
  const offered = g.drawOffer >= 0;
  $("offerdraw").hidden = !playing || offered;
  $("acceptdraw").hidden = !playing || !offered || g.you.includes(g.drawOffer);
  $("declinedraw").hidden = $("acceptdraw").hidden;
  if (offered) $("status").textContent += ` ${g.players[g.drawOffer].name} offers a draw.`;

  const kept = games()[id];
  const links = [...(kept?.invites || [])];
  if (links.length && kept.view) links.push({ player: "Spectators", link: kept.view });
  $("links").hidden = links.length === 0;
  $("linklist").replaceChildren(...links.map((l) => el("li", {}, el("b", {}, l.player), " ", el("input", { value: l.link, readonly: true, size: 40 }))));
}

function isPass(t) {
  return t.parts.length === 0 || t.parts.every((p) => p.moves.length === 0 && !p.drop && p.captures.length === 0 &&
    !(p.permutes || []).length && !(p.changes || []).length);
}

// --- The outcome, check marks, the move list and reviewing ------------------------------
//
// review is null while the board shows the game as it stands, else the earlier position
// shown ({ply, rv}: the position after the first ply turns, as GET ?ply= answers it).
// The game goes on meanwhile: the move list and the side follow it, the board does not.

let review = null;
let reviewing = 0; // the number of the latest review fetch, so older answers are dropped

const NOTATIONS = { short: "short", named: "named", zsg: "zsg" };

function notationMode() {
  const m = localStorage.getItem("zoggo.notation");
  return NOTATIONS[m] ? m : "short";
}

// drawOutcome shows how the game ended over the board, and keeps it for the lobby's list.
function drawOutcome() {
  const text = g.over ? (g.outcome || g.result || "The game is over.") : "";
  $("outcome").hidden = !text;
  $("outcome").textContent = text;
  if (secret && games()[id] && (games()[id].result || "") !== text) remember(id, { result: text });
}

// markChecks draws a mark under each royal piece in check, on the board shown.
function markChecks(list) {
  const svg = $("board").querySelector("svg");
  if (!svg) return;
  svg.querySelector(".checks")?.remove();
  if (!list || list.length === 0) return;
  const grp = document.createElementNS(SVGNS, "g");
  grp.setAttribute("class", "checks");
  const positions = (review ? review.rv.board : g.board).positions;
  for (const pos of list) {
    const p = positions.find((q) => q.name === pos);
    if (!p) continue;
    const [x0, y0, x1, y1] = p.rect;
    // A red glow on the square, under the piece, and a ring around it.
    const sq = document.createElementNS(SVGNS, "rect");
    sq.setAttribute("x", x0); sq.setAttribute("y", y0);
    sq.setAttribute("width", x1 - x0); sq.setAttribute("height", y1 - y0);
    sq.setAttribute("rx", Math.min(x1 - x0, y1 - y0) * 0.2);
    const c = document.createElementNS(SVGNS, "circle");
    c.setAttribute("cx", (x0 + x1) / 2); c.setAttribute("cy", (y0 + y1) / 2);
    c.setAttribute("r", Math.min(x1 - x0, y1 - y0) * 0.48);
    c.dataset.pos = pos;
    const t = document.createElementNS(SVGNS, "title");
    t.textContent = `${pos}: in check`;
    c.append(t);
    grp.append(sq);
    grp.append(c);
  }
  // Under the pieces: the mark is a glow around the piece, not a cover over it.
  const first = svg.querySelector(".piece");
  if (first) first.parentNode.insertBefore(grp, first); else svg.querySelector(".targets")?.before(grp);
}

// drawMoves writes the move list, in rows by move number, in the notation chosen; a
// click on a move shows the position after it.
function drawMoves() {
  const mode = notationMode();
  $("notation").value = mode;
  const ol = $("moves");
  ol.replaceChildren();
  let row = null, num = null;
  const shown = review ? review.ply : g.moves.length;
  g.moves.forEach((m, i) => {
    if (row === null || m.moveNumber !== num) {
      num = m.moveNumber;
      row = el("li", { value: num });
      ol.append(row);
    }
    const text = m[mode] || m.short || m.named;
    const dice = g.players[m.player]?.kind === "random";
    const cls = "mv" + (i === shown - 1 ? " last" : "") + (dice ? " dice" : "") + (review && i >= shown ? " later" : "");
    row.append(el("span", {
      class: cls, title: m.zsg, "data-ply": m.ply, "data-named": m.named, "data-short": m.short, role: "button",
      onclick: () => showPly(i + 1),
    }, text));
  });
  (ol.querySelector(".mv.last") || ol.lastElementChild)?.scrollIntoView({ block: "nearest" });
  $("reviewbar").hidden = !review;
  $("playfrom").hidden = !(g.over || review);
  if (review) {
    const m = g.moves[review.ply - 1];
    $("reviewtext").textContent = review.ply === 0 ? "Reviewing the start position."
      : `Reviewing move ${m.moveNumber}, ${g.players[m.player]?.name}: ${m[mode] || m.short} (turn ${review.ply} of ${g.moves.length})`;
  }
}

// showPly shows the position after the first n turns: an earlier one for review, or the
// game as it stands when n is its ply.
async function showPly(n) {
  if (!g) return;
  n = Math.max(0, Math.min(n, g.ply));
  if (n === g.ply) return backToGame();
  const k = ++reviewing;
  let rv;
  try {
    rv = await api("GET", `/api/games/${encodeURIComponent(id)}?ply=${n}`, null, secret);
  } catch (e) {
    banner(e.message);
    return;
  }
  if (k !== reviewing) return;
  await queue; // after any state being drawn
  review = { ply: n, rv };
  clearSelection();
  drawReviewBoard(rv);
  drawMoves();
}

// drawReviewBoard draws an earlier position with the page's own board drawing, which
// turns it as the live board is turned; its click targets are hidden (see style.css).
function drawReviewBoard(rv) {
  const live = g;
  g = Object.assign({}, live, { board: rv.board, legal: [] });
  try { drawBoard(); } finally { g = live; }
  $("board").classList.add("reviewing");
  markChecks(rv.check);
}

// backToGame leaves the review and shows the game as it stands.
function backToGame() {
  if (!review) { reviewing++; return; }
  endReview();
  drawBoard();
  markChecks(g.check);
  drawMoves();
  if (pre) firePremove();
}

// endReview leaves the review without drawing.
function endReview() {
  reviewing++;
  review = null;
  $("board").classList.remove("reviewing");
}

// leavesReview says whether state ng ends the review: turns taken back past the
// position reviewed. (A turn made on this page ends it when it is made: setupReview.)
function leavesReview(ng) {
  return ng.ply < review.ply;
}

function setupReview() {
  $("notation").addEventListener("change", () => {
    localStorage.setItem("zoggo.notation", $("notation").value);
    if (g) drawMoves();
  });
  $("backtogame").addEventListener("click", backToGame);
  // A turn typed or passed while reviewing is made on the game as it stands: show it.
  $("textmove").addEventListener("submit", () => { if (review) backToGame(); });
  $("pass").addEventListener("click", () => { if (review) backToGame(); });
  document.addEventListener("keydown", (ev) => {
    if (!g || ev.altKey || ev.ctrlKey || ev.metaKey || ev.target.closest?.("input, textarea, select")) return;
    const at = review ? review.ply : g.ply;
    let to = null;
    if (ev.key === "ArrowLeft") to = at - 1;
    else if (ev.key === "ArrowRight") to = at + 1;
    else if (ev.key === "Home") to = 0;
    else if (ev.key === "End") to = g.ply;
    else if (ev.key === "Escape" && review) to = g.ply;
    if (to === null || to < 0 || to > g.ply || (to === at && !review)) return;
    ev.preventDefault();
    showPly(to);
  });
}

// --- Seats: who plays which side, and which way the board is turned -------------------

// boardTurned says whether the board is shown turned by 180°: as the player last turned
// it by hand, else so that the bearer's side is at the bottom (the server's "turned",
// from where the rules set the bearer's pieces up).
function boardTurned() {
  const v = localStorage.getItem("zoggo.turn." + id);
  return v === null ? !!g?.turned : v === "1";
}

// seatWho says who sits at seat i, as the bearer sees it.
function seatWho(i) {
  const p = g.players[i];
  if (g.you.includes(i)) return "you";
  if (p.kind === "bot") return p.bot;
  if (p.kind === "random") return "dice";
  const kept = games()[id];
  if ((kept?.invites || []).some((v) => v.seat === i)) return "a friend (invitation link below)";
  return "a person with their own link";
}

// seatColour shows a player's colour: the picture of one of its pieces, or a disc as
// the board draws pieces without a picture.
function seatColour(p) {
  if (p.image) return el("img", { src: p.image, alt: "" });
  const d = el("span", { class: "disc" });
  if (p.colour && p.colour[0]) { d.style.background = p.colour[0]; d.style.borderColor = p.colour[1]; } else d.classList.add("none");
  return d;
}

// drawSeats writes the seat line ("You play Black against search:2") and the seats
// with the picture of a piece of each, and puts one of the legal turns in the move
// box's hint.
function drawSeats() {
  const all = g.players.map((p, i) => i);
  const mine = all.filter((i) => g.you.includes(i));
  const others = all.filter((i) => !g.you.includes(i) && g.players[i].kind !== "random");
  const names = (is) => is.map((i) => g.players[i].name).join(" and ");
  const them = (is) => is.length === 1 && mine.length > 0 ? seatWho(is[0]) : is.map((i) => `${g.players[i].name} (${seatWho(i)})`).join(" and ");
  let line;
  if (mine.length === 0) line = `You watch ${them(others)}.`;
  else if (others.length === 0) line = `You play ${names(mine)} on this screen.`;
  else line = `You play ${names(mine)} against ${them(others)}.`;
  $("seatline").textContent = line;
  $("seatlist").replaceChildren(...g.players.map((p, i) => el("li", {
    class: (i === g.toMove && !g.over ? "tomove" : "") + (g.you.includes(i) ? " you" : ""), "data-seat": i,
  }, seatColour(p), el("b", {}, p.name), " ",
  el("span", { class: "muted" }, seatWho(i)))));

  const t = (g.legal || []).find((u) => !isPass(u));
  if (t) $("movetext").placeholder = $("movetext").title = `Type a move, e.g. ${t.short && t.short !== t.named ? `${t.short} or ` : ""}${t.named}` + (t.zsg && t.zsg !== t.named ? ` or ${t.zsg}` : "");
}

// --- Clocks ----------------------------------------------------------------------------

// The clocks are kept by the server: each state says what every seat had left when it was
// made (clock.left, ms), whose clock runs and how much of its delay is still to pass. The
// page counts down from there on its own clock until the next state comes; the flag is
// the server's to call. Each seat's clock is a span.clock in its line of the seat list,
// whose data-ms holds the milliseconds shown.
let clockAt = 0;      // performance.now() when the clocks of g were received
let clockTimer = 0;   // the interval that ticks them, while one runs
let clockAsked = false; // whether the page asked again after a clock showed zero

// drawClocks puts the clocks of g in the seat list and ticks the running one.
function drawClocks() {
  clearInterval(clockTimer);
  clockTimer = 0;
  const c = g.clock;
  if (!c) return;
  $("undo").hidden = true; // a game on a clock takes no turn back
  clockAt = performance.now();
  clockAsked = false;
  for (const li of $("seatlist").children) {
    const i = Number(li.dataset.seat);
    if (g.players[i]?.kind === "random") continue;
    li.append(el("span", { class: "clock", "data-seat": i, title: c.text }));
  }
  tickClocks();
  if (c.running >= 0 && !g.over) clockTimer = setInterval(tickClocks, 100);
}

// clockLeft returns the milliseconds seat i has left now, as far as the page can tell.
function clockLeft(i) {
  const c = g.clock;
  let left = c.left[i] ?? 0;
  if (i === c.running && !g.over) left -= Math.max(0, performance.now() - clockAt - (c.delay || 0));
  return Math.max(0, left);
}

// clockText writes a time left: 2d 5h, 1:02:03, 4:05, or 9.3 under ten seconds.
function clockText(ms) {
  const s = Math.floor(ms / 1000);
  if (s >= 86400) return `${Math.floor(s / 86400)}d ${Math.floor(s % 86400 / 3600)}h`;
  const two = (n) => String(n).padStart(2, "0");
  if (s >= 3600) return `${Math.floor(s / 3600)}:${two(Math.floor(s % 3600 / 60))}:${two(s % 60)}`;
  if (ms < 10000) return (Math.floor(ms / 100) / 10).toFixed(1);
  return `${Math.floor(s / 60)}:${two(s % 60)}`;
}

// tickClocks shows every clock's time; once the running one shows zero, the page asks
// the server again a little later, in case the event of the flag went astray.
function tickClocks() {
  const c = g.clock;
  if (!c) return;
  for (const span of document.querySelectorAll("#seatlist .clock")) {
    const i = Number(span.dataset.seat);
    const ms = clockLeft(i);
    span.dataset.ms = String(Math.round(ms));
    span.textContent = clockText(ms);
    span.classList.toggle("running", i === c.running && !g.over);
    span.classList.toggle("low", ms < 10000 && c.control.kind !== "correspondence");
    span.classList.toggle("flagged", i === c.flag);
    if (i === c.running && ms <= 0 && !g.over && !clockAsked) {
      clockAsked = true;
      setTimeout(refresh, 500);
    }
  }
}

// --- Animation -------------------------------------------------------------------------

function animations() { return $("animate").checked; }

// animate moves the pieces of the turn that led from state old to state ng on the board
// of old: along the path of each part, a step every STEP_MS.
async function animate(old, ng) {
  const done = ng.moves[old.ply];
  const turn = done && (old.legal || []).find((t) => t.zsg === done.zsg) ||
    done && (old.legal || []).find((t) => t.named === done.named);
  let parts;
  if (turn) parts = turn.parts;
  else if (ng.last && ng.last.length >= 2) parts = [{ moves: [{ from: ng.last[0], to: ng.last[ng.last.length - 1] }], path: ng.last }];
  else return;
  const svg = $("board").querySelector("svg");
  for (const p of parts) {
    if (p.moves.length === 1 && p.moves[0].from) {
      const path = p.path && p.path.length >= 2 ? p.path : [p.moves[0].from, p.moves[0].to];
      await slide(svg, [{ from: path[0], steps: path }]);
    } else if (p.moves.length > 1) {
      await slide(svg, p.moves.filter((m) => m.from).map((m) => ({ from: m.from, steps: [m.from, m.to] })));
    }
    for (const c of p.captures || []) svg.querySelector(`.piece[data-loc="${CSS.escape(c)}"]`)?.remove();
  }
}

// slide moves a copy of the piece on each runner's first square along its steps.
async function slide(svg, runners) {
  const moving = [];
  for (const r of runners) {
    const piece = svg.querySelector(`.piece[data-loc="${CSS.escape(r.from)}"]`);
    const c0 = center(r.from);
    if (!piece || !c0) continue;
    const copy = piece.cloneNode(true);
    copy.classList.add("moving");
    piece.style.visibility = "hidden";
    svg.querySelector(".targets").before(copy);
    moving.push({ copy, base: piece.dataset.base || "", c0, pts: r.steps.map(center).filter(Boolean) });
  }
  const n = Math.max(0, ...moving.map((m) => m.pts.length - 1));
  for (let i = 0; i < n; i++) {
    await frames(STEP_MS, (f) => {
      for (const m of moving) {
        const a = m.pts[Math.min(i, m.pts.length - 1)], b = m.pts[Math.min(i + 1, m.pts.length - 1)];
        const x = a[0] + (b[0] - a[0]) * f - m.c0[0], y = a[1] + (b[1] - a[1]) * f - m.c0[1];
        m.copy.setAttribute("transform", `translate(${x} ${y}) ${m.base}`);
      }
    });
  }
}

function frames(ms, step) {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const tick = (t) => {
      const f = Math.min(1, (t - t0) / ms);
      step(f);
      if (f < 1) requestAnimationFrame(tick); else resolve();
    };
    requestAnimationFrame(tick);
  });
}

// --- Choosing a turn by clicks ---------------------------------------------------------
//
// sel holds the turns that match the clicks so far: parts [0, part) are complete; from
// is the square clicked for the current part (or drop the piece picked from the hand),
// and via the squares clicked on the way (a capture along a path). twist is set while
// the turns that match differ only in the permutation their part runs (a quarter of
// the board turned): handles on the board pick one.

function fresh() {
  return { turns: g.legal || [], part: 0, from: null, drop: null, via: [], passed: [], stop: [], twist: null };
}

function clearSelection() {
  sel = null;
  $("choice").hidden = true;
  $("stop").hidden = true;
  highlight();
}

// isDrop says whether a part puts a piece from off the board and moves none: a click on
// the empty square (or the hand, then the square) makes it.
function isDrop(p) {
  return !!p.drop && p.moves.length > 0 && p.moves.every((m) => !m.from);
}

// putAt is where a movement puts its piece, before a permutation of its part carries it.
function putAt(m) {
  return m.put || m.to;
}

// dropSquare is where a drop puts the piece picked: its first movement (what else it
// puts follows from the rules).
function dropSquare(p) {
  return putAt(p.moves[0]);
}

// inPlace says whether a part leaves its pieces where they stand and changes only what
// they carry or what their squares hold (a Bao sowing from a pit): one click on the
// square makes it.
function inPlace(p) {
  return !p.drop && p.moves.length > 0 && p.moves.every((m) => m.from === m.to);
}

// sows says whether a part moves a piece and puts new ones on other squares (a sowing
// that leaves seeds along the way): one click on the pit makes it when it is the pit's
// only turn.
function sows(p) {
  return !!p && p.moves.some((m) => m.from && m.from !== m.to) && p.moves.some((m) => !m.from);
}

// twistOnly says whether a part does nothing but permute positions: no piece moved or
// put (a Pentago turn puts its marble first, and its handles wait for it), nothing
// captured or changed.
function twistOnly(p) {
  return !!p && p.moves.length === 0 && !p.drop && !(p.captures || []).length && !(p.changes || []).length &&
    (p.permutes || []).length > 0;
}

// twistKey names the permutations of a part: "FROM>TO ..." for each, sorted, joined by
// " | ".
function twistKey(p) {
  return (p.permutes || []).map((pm) => pm.map((m) => m.from + ">" + m.to).sort().join(" ")).join(" | ");
}

// picks says whether a click on the square a movement starts from may pick its piece: a
// piece of the player to move (not an enemy piece the part carries away), or the first
// piece the part moves when none is the mover's (a neutral piece moved).
function picks(p, m) {
  if (!m.from) return false;
  if (m.player === undefined || m.player === g.toMove) return true;
  return m === p.moves.find((x) => x.from) && !p.moves.some((x) => x.from && x.player === g.toMove);
}

// onSquares lists the squares of a part that moves no piece: what it captures or changes
// in place. A click on one of them makes it.
function onSquares(p) {
  return p.moves.length === 0 && !p.drop ? [...p.captures, ...(p.changes || [])] : [];
}

function startsAt(p, sq) {
  if (isDrop(p)) return false;
  return p.moves.some((m) => m.from === sq && picks(p, m)) || onSquares(p).includes(sq);
}

// landing lists the squares where the pieces of the player that part p moves land and
// that none of them leaves: where the selected piece goes (also onto an enemy piece that
// the part takes away), or the front of a group move. When every square they land on
// is left by another of them (a ring of pieces that each move on by one), it is where
// the selected piece goes.
function landing(p) {
  const own = p.moves.filter((m) => m.from && (m.from === sel.from || picks(p, m)));
  const froms = new Set(own.map((m) => m.from));
  const front = own.filter((m) => !froms.has(putAt(m))).map(putAt);
  return front.length ? front : own.filter((m) => m.from === sel.from).map(putAt);
}

// ring says whether every square where the pieces of part p land is left by another of
// them. The same ring moved on reads as one turn from each of its pieces that can start
// it; a click on a piece and the square it goes to means the turn started by that piece,
// when there is one.
function ring(p) {
  const own = p.moves.filter((m) => m.from);
  const froms = new Set(own.map((m) => m.from));
  return own.length > 1 && own.every((m) => froms.has(putAt(m)));
}

function ringFrom(turns) {
  const started = turns.filter((t) => {
    const p = t.parts[sel.part];
    return ring(p) && p.moves.find((m) => m.from).from === sel.from;
  });
  return started.length ? turns.filter((t) => !ring(t.parts[sel.part]) || started.includes(t)) : turns;
}

function viaFits(p) {
  return sel.via.every((v) => (p.path || []).includes(v));
}

function landsOn(p, sq) {
  if (sel.drop) return isDrop(p) && p.drop === sel.drop && dropSquare(p) === sq;
  if (!p.moves.some((m) => m.from === sel.from)) return false;
  return landing(p).includes(sq) && viaFits(p);
}

function passesThrough(p, sq) {
  if (sel.drop || p.moves.length !== 1 || p.moves[0].from !== sel.from) return false;
  const path = p.path || [];
  const i = path.indexOf(sq);
  const last = sel.via.length ? path.indexOf(sel.via[sel.via.length - 1]) : 0;
  return i > 0 && i < path.length - 1 && i > last;
}

// dests lists the squares the current selection can land on.
function dests() {
  if (!sel || sel.twist || (!sel.from && !sel.drop)) return [];
  const out = new Set();
  for (const t of sel.turns) {
    const p = t.parts[sel.part];
    if (!p) continue;
    if (sel.drop) { if (isDrop(p) && p.drop === sel.drop) out.add(dropSquare(p)); continue; }
    if (!p.moves.some((m) => m.from === sel.from) || !viaFits(p)) continue;
    landing(p).forEach((l) => out.add(l));
  }
  if (sel.from && staying(sel.from).length) out.add(sel.from); // a second click there
  return [...out];
}

// sources lists the squares a click on which starts the current part: the pieces that
// can move, and the squares of a part that only captures.
function sources() {
  const s = sel || fresh();
  const out = new Set();
  for (const t of s.turns) {
    const p = t.parts[s.part];
    if (!p || isDrop(p)) continue;
    p.moves.forEach((m) => picks(p, m) && out.add(m.from));
    onSquares(p).forEach((c) => out.add(c));
  }
  return out;
}

// dropTargets lists the empty squares a click on which puts a piece from the hand.
function dropTargets() {
  const s = sel || fresh();
  const out = new Set();
  if (s.from || s.twist) return out;
  for (const t of s.turns) {
    const p = t.parts[s.part];
    if (p && isDrop(p) && (!s.drop || p.drop === s.drop)) out.add(dropSquare(p));
  }
  return out;
}

function click(sq) {
  if (!premoving && (waiting() || !g?.legal?.length) && premoveAllowed()) return premoveClick(sq);
  if (!g || !g.legal || g.legal.length === 0) return;
  if (!sel) sel = fresh();
  if (sel.twist) { // a click on the board instead of a handle starts again
    sel = null;
    $("stop").hidden = true;
    return click(sq);
  }
  if (sel.from === sq) { // a second click makes a move in place, or unselects
    const stay = staying(sq);
    if (stay.length) return completePart(stay, sq);
    if (sel.part === 0) return clearSelection();
  }
  const selected = sel.from || sel.drop;
  if (selected) {
    const land = sel.turns.filter((t) => t.parts[sel.part] && landsOn(t.parts[sel.part], sq));
    if (land.length) return completePart(sel.from ? ringFrom(land) : land, sq);
  }
  const cur = sel.turns.filter((t) => t.parts[sel.part] && startsAt(t.parts[sel.part], sq));
  if (cur.length) {
    const only = cur.filter((t) => t.parts[sel.part].moves.length === 0 || inPlace(t.parts[sel.part]));
    if (only.length === cur.length) return completePart(cur, sq); // a capture-only part, or a move in place
    sel.from = sq; sel.drop = null; sel.via = [];
    if (sowsAlone(cur, sq)) return completePart(cur, landing(cur[0].parts[sel.part])[0] || sq);
    return highlight();
  }
  if (selected) {
    const via = sel.turns.filter((t) => t.parts[sel.part] && passesThrough(t.parts[sel.part], sq));
    if (via.length) { sel.turns = via; sel.via.push(sq); return highlight(); }
  }
  if (!sel.from && dropAt(sq)) return;
  if (sel.part > 0 || sel.drop || sel.from) { // start again from the first part
    const again = sel.part > 0 || sel.drop;
    sel = null;
    const f = fresh().turns.some((t) => t.parts[0] && (startsAt(t.parts[0], sq) || isDrop(t.parts[0]) && dropSquare(t.parts[0]) === sq));
    if (f && (again || !cur.length)) return click(sq);
  }
  clearSelection();
}

// staying lists the turns whose current part leaves the piece on square sq where it
// stands: a move in place, or a change of the piece there.
function staying(sq) {
  return sel.turns.filter((t) => {
    const p = t.parts[sel.part];
    return p && (inPlace(p) && p.moves[0].from === sq || onSquares(p).includes(sq));
  });
}

// sowsAlone says whether the turns that start on square sq are one sowing, made at once
// by the click on its pit, in a position whose turns sow.
function sowsAlone(cur, sq) {
  if (!same(cur) || !sows(cur[0].parts[sel.part])) return false;
  return cur.every((t) => t.parts[sel.part].moves.some((m) => m.from === sq));
}

// dropAt makes the drops onto square sq: at once when one type of piece can go there,
// else after a choice of the piece.
function dropAt(sq) {
  const ts = sel.turns.filter((t) => {
    const p = t.parts[sel.part];
    return p && isDrop(p) && (!sel.drop || p.drop === sel.drop) && dropSquare(p) === sq;
  });
  if (ts.length === 0) return false;
  const kinds = [...new Set(ts.map((t) => t.parts[sel.part].drop))];
  if (kinds.length === 1) {
    sel.drop = kinds[0]; sel.from = null; sel.via = [];
    completePart(ts, sq);
  } else {
    choosePiece(kinds, sq);
  }
  return true;
}

function choosePiece(kinds, sq) {
  const stock = (g.stock || []).filter((s) => s.player === g.toMove);
  const box = $("choice");
  box.replaceChildren(el("p", {}, "Which piece?"), ...kinds.map((k) => {
    const s = stock.find((x) => x.piece === k);
    return el("button", { class: "piece", "data-piece": k, title: k, onclick: () => { box.hidden = true; pickDrop(k); click(sq); } },
      s && s.image ? el("img", { src: s.image, alt: k }) : k);
  }), el("button", { class: "small", onclick: clearSelection }, "cancel"));
  box.hidden = false;
  highlight();
}

function pickDrop(piece) {
  if (!sel || sel.part === 0 || sel.twist) sel = fresh();
  sel.drop = piece; sel.from = null; sel.via = [];
  highlight();
}

// prefer narrows turns that match the same clicks of a group move to those that move
// no more than another one does, when the more is pieces of the mover's on the board:
// of the groups in line behind the front clicked, the one that starts at the piece
// clicked (a click on another piece makes the longer ones). Other turns all stay, for
// the chooser (a rock lifted along with the piece, a seed left in the pit).
function prefer(turns) {
  if (turns.length < 2 || sel.drop) return turns;
  const key = (m) => m.from + ">" + m.to;
  const parts = turns.map((t) => t.parts[sel.part]);
  const sets = parts.map((p) => new Set(p.moves.map(key)));
  const holds = (i, j) => sets[i].size > sets[j].size && [...sets[j]].every((k) => sets[i].has(k)) &&
    parts[i].moves.every((m) => sets[j].has(key(m)) || m.from && m.player === g.toMove);
  return turns.filter((t, i) => !turns.some((u, j) => j !== i && holds(i, j)));
}

// completePart goes on with the turns whose current part the clicks so far make, ending
// on square sq: first to the choice of a permutation when they differ in theirs.
function completePart(turns, sq) {
  turns = prefer(turns);
  const keys = new Set(turns.map((t) => twistKey(t.parts[sel.part])));
  if (keys.size > 1) {
    if (sel.from) sel.passed.push(sel.from);
    sel.passed.push(...sel.via, sq);
    sel.turns = turns;
    sel.twist = { sq };
    sel.from = null; sel.drop = null; sel.via = [];
    const plain = turns.filter((t) => !(t.parts[sel.part].permutes || []).length && t.parts.length === sel.part + 1);
    sel.stop = plain;
    $("stop").hidden = plain.length === 0;
    return highlight();
  }
  finishPart(turns, sq);
}

function finishPart(turns, sq) {
  if (!sel.twist) {
    if (sel.from) sel.passed.push(sel.from);
    if (sq) sel.passed.push(...sel.via, sq);
  }
  sel.turns = turns;
  sel.part++;
  sel.from = null; sel.drop = null; sel.via = []; sel.twist = null;
  const done = turns.filter((t) => t.parts.length === sel.part);
  const more = turns.filter((t) => t.parts.length > sel.part);
  if (more.length === 0) {
    if (same(done)) return play(done[0]);
    return choose(done);
  }
  sel.stop = done;
  $("stop").hidden = done.length === 0;
  if (sq && more.some((t) => startsAt(t.parts[sel.part], sq))) sel.from = sq;
  highlight();
}

// twists lists the permutations the handles offer now, with the turns each one makes.
function twists() {
  const s = sel || fresh();
  if (s.from || s.drop) return [];
  const ts = s.twist ? s.turns : s.turns.filter((t) => twistOnly(t.parts[s.part]));
  const out = new Map();
  for (const t of ts) {
    const p = t.parts[s.part];
    if (!p || !(p.permutes || []).length) continue;
    const k = twistKey(p);
    if (!out.has(k)) out.set(k, { key: k, permutes: p.permutes, turns: [] });
    out.get(k).turns.push(t);
  }
  return [...out.values()];
}

function pickTwist(tw) {
  if (!sel) sel = fresh();
  const sq = sel.twist ? sel.twist.sq : null;
  if (!sel.twist) sel.twist = { sq: null };
  finishPart(tw.turns, sq);
}

// drawHandles puts on the board a handle per permutation on offer, at the centre of the
// positions it moves: an arrow that shows which way it turns them.
function drawHandles(svg) {
  svg.querySelector(".handles")?.remove();
  const tws = twists();
  if (tws.length === 0) return;
  const rects = new Map(g.board.positions.map((p) => [p.name, p.rect]));
  const box = document.createElementNS(SVGNS, "g");
  box.setAttribute("class", "handles");
  const spots = new Map(); // handles around the same centre go side by side
  for (const tw of tws) {
    const cells = [...new Set(tw.permutes.flat().flatMap((m) => [m.from, m.to]))].filter((c) => rects.has(c));
    if (cells.length === 0) continue;
    const rs = cells.map((c) => rects.get(c));
    const x0 = Math.min(...rs.map((r) => r[0])), y0 = Math.min(...rs.map((r) => r[1]));
    const x1 = Math.max(...rs.map((r) => r[2])), y1 = Math.max(...rs.map((r) => r[3]));
    const cx = (x0 + x1) / 2, cy = (y0 + y1) / 2;
    let turn = 0; // > 0: clockwise on the screen
    for (const m of tw.permutes.flat()) {
      const a = rects.get(m.from), b = rects.get(m.to);
      if (!a || !b) continue;
      const ax = (a[0] + a[2]) / 2 - cx, ay = (a[1] + a[3]) / 2 - cy, bx = (b[0] + b[2]) / 2 - cx, by = (b[1] + b[3]) / 2 - cy;
      turn += ax * by - ay * bx;
    }
    const size = Math.min(...rs.map((r) => Math.min(r[2] - r[0], r[3] - r[1])));
    const k = `${Math.round(cx)},${Math.round(cy)}`;
    if (!spots.has(k)) spots.set(k, []);
    spots.get(k).push({ tw, cx, cy, size, turn, cells });
  }
  const turned = svg.classList.contains("turned");
  const outlined = new Set(); // each part of the board that turns, outlined once
  for (const hs of spots.values()) {
    for (const h of hs) {
      const k = [...h.cells].sort().join(" ");
      if (outlined.has(k)) continue;
      outlined.add(k);
      const rs = h.cells.map((c) => rects.get(c));
      const x0 = Math.min(...rs.map((r) => r[0])), y0 = Math.min(...rs.map((r) => r[1]));
      const x1 = Math.max(...rs.map((r) => r[2])), y1 = Math.max(...rs.map((r) => r[3]));
      const o = document.createElementNS(SVGNS, "rect");
      o.setAttribute("class", "outline");
      o.setAttribute("x", x0 + 2); o.setAttribute("y", y0 + 2);
      o.setAttribute("width", Math.max(0, x1 - x0 - 4)); o.setAttribute("height", Math.max(0, y1 - y0 - 4));
      box.append(o);
    }
  }
  for (const hs of spots.values()) {
    hs.sort((a, b) => a.turn - b.turn);
    hs.forEach((h, i) => {
      const r = h.size * 0.38;
      const x = h.cx + (i - (hs.length - 1) / 2) * r * 2.2, y = h.cy;
      const hg = document.createElementNS(SVGNS, "g");
      hg.setAttribute("class", "handle");
      hg.dataset.key = h.tw.key;
      hg.dataset.turn = h.turn > 0 ? "cw" : h.turn < 0 ? "ccw" : "other";
      const c = document.createElementNS(SVGNS, "circle");
      c.setAttribute("cx", x); c.setAttribute("cy", y); c.setAttribute("r", r);
      const t = document.createElementNS(SVGNS, "text");
      t.setAttribute("x", x); t.setAttribute("y", y);
      t.setAttribute("font-size", r * 1.5);
      t.textContent = h.turn > 0 ? "↻" : h.turn < 0 ? "↺" : "⇄";
      if (turned) t.setAttribute("transform", `rotate(180 ${x} ${y})`);
      const title = document.createElementNS(SVGNS, "title");
      title.textContent = h.tw.turns[0].named;
      hg.append(c, t, title);
      hg.addEventListener("mouseenter", () => markCells(svg, h.cells, true));
      hg.addEventListener("mouseleave", () => markCells(svg, h.cells, false));
      hg.addEventListener("click", () => pickTwist(h.tw));
      box.append(hg);
    });
  }
  svg.append(box);
}

function markCells(svg, cells, on) {
  for (const c of cells) svg.querySelector(`.targets rect[data-pos="${CSS.escape(c)}"]`)?.classList.toggle("twisting", on);
}

// same says whether turns are one turn (or the same move listed twice).
function same(turns) {
  return turns.length === 1 || turns.every((t) => t.zsg === turns[0].zsg && t.named === turns[0].named);
}

function choose(turns) {
  const box = $("choice");
  box.replaceChildren(el("p", {}, "Which move?"), ...turns.map((t) => el("button", {
    title: t.zsg, onclick: () => play(t),
  }, t.named + (turns.filter((u) => u.named === t.named).length > 1 ? ` (${t.zsg})` : ""))),
  el("button", { class: "small", onclick: clearSelection }, "cancel"));
  box.hidden = false;
  highlight();
}

function highlight() {
  const svg = $("board").querySelector("svg");
  if (!svg || !g) return;
  const d = new Set(dests());
  const src = sources();
  const drops = dropTargets();
  const passed = new Set(sel ? [...sel.passed, ...sel.via] : []);
  const picking = !!sel && !!(sel.from || sel.drop || sel.twist);
  for (const r of svg.querySelectorAll(".targets rect")) {
    const p = r.dataset.pos;
    r.classList.toggle("sel", !!sel && sel.from === p);
    r.classList.toggle("dest", d.has(p));
    r.classList.toggle("passed", passed.has(p));
    r.classList.toggle("can", src.has(p) && !picking);
    r.classList.toggle("drop", drops.has(p) && !d.has(p));
    r.classList.remove("twisting");
    r.classList.toggle("premove", !!pre && pre.squares.includes(p));
  }
  for (const b of document.querySelectorAll("#hand .stock")) b.classList.toggle("sel", !!sel && sel.drop === b.dataset.piece);
  drawHandles(svg);
  // What the selection is, for tests that click as a person would.
  $("board").dataset.ply = g.ply;
  $("board").dataset.legal = (g.legal || []).length;
  $("board").dataset.part = sel ? sel.part : 0;
  $("board").dataset.state = !sel ? "idle" : sel.twist ? "twist" : sel.from ? "from" : sel.drop ? "drop" : "idle";
}

// --- Buttons ---------------------------------------------------------------------------

function setup() {
  if (secret) remember(id, { secret });
  $("animate").checked = localStorage.getItem("zoggo.animate") !== "0";
  $("animate").addEventListener("change", () => localStorage.setItem("zoggo.animate", $("animate").checked ? "1" : "0"));
  $("turnboard").addEventListener("click", () => {
    localStorage.setItem("zoggo.turn." + id, boardTurned() ? "0" : "1");
    rotate();
  });
  $("pass").addEventListener("click", () => play(g.legal.find(isPass)));
  $("stop").addEventListener("click", () => {
    const done = sel?.stop || [];
    if (same(done)) play(done[0]); else choose(done);
  });
  $("textmove").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const text = $("movetext").value.trim();
    if (!text) return;
    $("movetext").value = "";
    post("/moves", { ply: g.ply, text });
  });
  $("undo").addEventListener("click", () => post("/undo", { ply: g.ply }));
  $("resign").addEventListener("click", () => { // a second click within 4 s resigns
    const b = $("resign");
    if (b.dataset.sure) { post("/resign", {}); return; }
    b.dataset.sure = "1";
    b.textContent = "Really resign?";
    setTimeout(() => { delete b.dataset.sure; b.textContent = "Resign"; }, 4000);
  });
  $("offerdraw").addEventListener("click", () => post("/draw", { action: "offer" }));
  $("acceptdraw").addEventListener("click", () => post("/draw", { action: "accept" }));
  $("declinedraw").addEventListener("click", () => post("/draw", { action: "decline" }));
  $("download").addEventListener("click", download);
  document.addEventListener("keydown", (ev) => { if (ev.key === "Escape") { clearSelection(); cancelPremove(); } });
  setupSite();
}

// download fetches the saved game with the secret and hands it to the browser as a file.
async function download(ev) {
  ev.preventDefault();
  try {
    const res = await fetch(`/api/games/${encodeURIComponent(id)}/zsg`, { headers: { Authorization: "Bearer " + secret } });
    if (!res.ok) throw new Error((await res.json().catch(() => null))?.error || res.statusText);
    const url = URL.createObjectURL(await res.blob());
    const a = el("a", { href: url, download: `${(g?.title || "game").replace(/[^\w.-]+/g, "_")}-${id}.zsg` });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  } catch (e) {
    banner(e.message);
  }
}

// --- Premoves --------------------------------------------------------------------------
//
// While another side is to move (a bot thinking, a person elsewhere) the player may queue
// one turn by clicks: the squares are kept and marked, and when the turn comes they are
// clicked again on the new position at once. A turn that they make is played; else the
// premove is dropped with a note. Escape, a click off the board, or a click on the only
// square queued cancels it.

function premoveAllowed() {
  return !!g && !g.over && g.you.length > 0 && !review && (waiting() || !g.you.includes(g.toMove));
}

function premoveClick(sq) {
  if (!pre) pre = { squares: [] };
  if (pre.squares.length === 1 && pre.squares[0] === sq) return cancelPremove();
  if (pre.squares.length >= 8) pre.squares = [];
  pre.squares.push(sq);
  premoveNote("");
  drawPremove();
}

function cancelPremove(note) {
  if (!pre && !note) return;
  pre = null;
  premoveNote(note || "");
  drawPremove();
}

function premoveNote(text) {
  $("premovenote").textContent = text;
  $("premovenote").hidden = !text;
}

function drawPremove() {
  const svg = $("board").querySelector("svg");
  for (const r of svg ? svg.querySelectorAll(".targets rect") : []) r.classList.toggle("premove", !!pre && pre.squares.includes(r.dataset.pos));
  $("board").dataset.premove = pre ? pre.squares.join(" ") : "";
}

// firePremove clicks the premove's squares on the position shown when the bearer may
// move, and reports whether that made a turn.
function firePremove() {
  if (!pre || !g.legal || g.legal.length === 0 || review) return false;
  const squares = pre.squares;
  pre = null;
  let made = false;
  premoving = () => { made = true; };
  try {
    sel = null;
    for (const sq of squares) {
      click(sq);
      if (made) break;
    }
  } finally {
    premoving = null;
  }
  drawPremove();
  if (!made) {
    clearSelection();
    premoveNote(`Premove ${squares.join("–")} dropped: it is not a legal move now.`);
  } else {
    premoveNote("");
  }
  return made;
}

// --- Rematch, the archive and sounds ------------------------------------------------------
//
// At the end: a rematch offered and accepted (the page of either player follows the
// game to its rematch, with the same link), the text record, and a new game from the
// position shown ("play from here").

// drawSite shows the buttons of the rematch and of the archive for state g, which
// followed state old.
function drawSite(old) {
  const playing = g.you.length > 0;
  const offer = g.rematchOffer ?? -1;
  const mineOffer = offer >= 0 && g.you.includes(offer);
  $("rematch").hidden = !g.over || !playing || !!g.rematch || offer >= 0;
  $("acceptrematch").hidden = !g.over || !playing || offer < 0 || mineOffer;
  $("declinerematch").hidden = $("acceptrematch").hidden;
  $("gorematch").hidden = !g.rematch;
  if (g.rematch) $("gorematch").href = `/g/${encodeURIComponent(g.rematch)}` + (secret ? `#t=${encodeURIComponent(secret)}` : "");
  let note = "";
  if (g.over && !g.rematch && offer >= 0) note = mineOffer ? "You offered a rematch; waiting for an answer." : `${g.players[offer].name} offers a rematch.`;
  $("rematchnote").textContent = note;
  $("rematchnote").hidden = !note;
  $("playfrom").hidden = !(g.over || review);
  drawFinalClocks();
  // A rematch made while this page is open takes its players there at once.
  if (g.rematch && old && old.id === g.id && !old.rematch && playing) location.href = $("gorematch").href;
}

// drawFinalClocks shows the time each side had left at the end, when the game has
// clocks (sounds.remainingMs reads them).
function drawFinalClocks() {
  const left = g.over ? g.players.map((p, i) => [p.name, sounds.remainingMs(g, i)]).filter(([, ms]) => ms !== null) : [];
  const clock = (ms) => {
    const s = Math.max(0, Math.floor(ms / 1000));
    return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
  };
  $("finalclocks").textContent = left.length ? "Time left: " + left.map(([n, ms]) => `${n} ${clock(ms)}`).join(", ") : "";
  $("finalclocks").hidden = left.length === 0;
}

// playFrom starts a new game from the position shown (reviewed, or the end): the bearer
// plays the side to move there, against the bots of the game, or search:2.
async function playFrom() {
  const ply = review ? review.ply : g.ply;
  let me = review ? review.rv.toMove : g.toMove;
  if (me < 0 || g.players[me]?.kind === "random") me = g.players.findIndex((p) => p.kind !== "random");
  const seats = g.players.map((p, i) => {
    if (p.kind === "random") return { kind: "random" };
    if (i === me) return { kind: "human" };
    return { kind: "bot", bot: p.kind === "bot" ? p.bot : "search:2" };
  });
  try {
    const res = await api("POST", `/api/games/${encodeURIComponent(id)}/branch`, { ply, seats }, secret);
    remember(res.id, { secret: res.secret, title: g.title || g.variant });
    location.href = `/g/${encodeURIComponent(res.id)}#t=${encodeURIComponent(res.secret)}`;
  } catch (e) {
    banner(e.message);
  }
}

// downloadFrom fetches path with the secret and hands it to the browser as file name.
async function downloadFrom(path, name) {
  try {
    const res = await fetch(path, { headers: secret ? { Authorization: "Bearer " + secret } : {} });
    if (!res.ok) throw new Error((await res.json().catch(() => null))?.error || res.statusText);
    const url = URL.createObjectURL(await res.blob());
    const a = el("a", { href: url, download: name });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  } catch (e) {
    banner(e.message);
  }
}

function setupSite() {
  $("rematch").addEventListener("click", () => post("/rematch", { action: "offer" }));
  $("acceptrematch").addEventListener("click", () => post("/rematch", { action: "accept" }));
  $("declinerematch").addEventListener("click", () => post("/rematch", { action: "decline" }));
  $("playfrom").addEventListener("click", playFrom);
  $("record").addEventListener("click", (ev) => {
    ev.preventDefault();
    downloadFrom(`/api/games/${encodeURIComponent(id)}/record`, `${(g?.title || "game").replace(/[^\w.-]+/g, "_")}-${id}.txt`);
  });
  $("sound").checked = !sounds.muted();
  $("sound").addEventListener("change", () => sounds.setMuted(!$("sound").checked));
  // A click off the board cancels a premove.
  document.addEventListener("click", (ev) => { if (pre && !ev.target.closest?.("#board")) cancelPremove(); });
  setInterval(() => sounds.checkLow(g, fetchedAt), 1000);
}

setup();
setupReview();
refresh();
follow();
