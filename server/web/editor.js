// editor.js: the position editor of the game page, for rules authors and analysis. It
// edits a position of the game's rules, written as the rules write their start, a
// (board-setup ...) form, and the player to move: click a position to put the piece
// chosen (or to take away what is there), edit the text, count the move tree from it
// (perft), or start a new game from it with this game's seats and links. The server
// reads and draws every position (docs/api.md, "The position editor").
import { api, games, remember, el, addTargets } from "./api.js";

const id = decodeURIComponent(location.pathname.split("/").pop());
const secret = new URLSearchParams(location.hash.slice(1)).get("t") || games()[id]?.secret || "";
const $ = (i) => document.getElementById(i);
const base = `/api/games/${encodeURIComponent(id)}/setup`;

let pos = null; // the position shown: the server's answer (setupJSON)

// load takes the position the game shows now.
async function load() {
  try {
    show(await api("GET", base, null, secret));
  } catch (e) {
    fail(e.message);
  }
}

function fail(msg) {
  $("editerrors").textContent = msg;
  $("editerrors").hidden = !msg;
}

// check sends a position to the server, which reads it and draws it.
async function check(setup, toMove) {
  try {
    show(await api("POST", base + "/check", { setup, toMove }, secret));
  } catch (e) {
    fail(e.message);
  }
}

function show(p) {
  const first = pos === null;
  pos = p;
  fail("");
  $("edittext").value = p.setup;
  $("editperftout").textContent = "";
  if (first) {
    const put = $("editpiece");
    put.replaceChildren(el("option", { value: "" }, "remove a piece"));
    for (const pl of p.players) {
      for (const pc of p.pieces) put.append(el("option", { value: `${pl}\t${pc}` }, `${pl} ${pc}`));
    }
    if (put.options.length > 1) put.selectedIndex = 1;
    $("edittomove").replaceChildren(...p.players.map((pl) => el("option", { value: pl }, pl)));
  }
  $("edittomove").value = p.toMove;
  drawBoard();
}

function drawBoard() {
  const box = $("editboard");
  box.innerHTML = pos.board.svg;
  const svg = box.querySelector("svg");
  if (!svg) return;
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  addTargets(svg, pos.board.positions, put);
}

// put puts the piece chosen on position name, or takes away what is there when the
// choice is to remove, or the same piece is there already.
function put(name) {
  const cells = pos.cells.filter((c) => c[0] !== name);
  const was = pos.cells.find((c) => c[0] === name);
  const choice = $("editpiece").value;
  if (choice) {
    const [pl, pc] = choice.split("\t");
    if (!was || was[1] !== pl || was[2] !== pc) cells.push([name, pl, pc]);
  }
  check(setupText(cells, pos.stock), $("edittomove").value);
}

// setupText writes pieces and stock as a (board-setup ...) form.
function setupText(cells, stock) {
  const by = new Map(); // player -> piece -> [positions and "off N"]
  const add = (pl, pc, item) => {
    if (!by.has(pl)) by.set(pl, new Map());
    const m = by.get(pl);
    if (!m.has(pc)) m.set(pc, []);
    m.get(pc).push(item);
  };
  for (const [at, pl, pc] of cells) add(pl, pc, at);
  for (const s of stock) add(s.player, s.piece, `off ${s.n}`);
  let out = "(board-setup";
  for (const [pl, m] of by) {
    out += `\n   (${pl}`;
    for (const [pc, items] of m) out += ` (${pc} ${items.join(" ")})`;
    out += ")";
  }
  return out + ")\n";
}

async function perft() {
  const out = $("editperftout");
  out.textContent = "Counting…";
  try {
    const r = await api("POST", base + "/perft", { setup: $("edittext").value, toMove: $("edittomove").value, depth: Number($("editdepth").value) }, secret);
    out.textContent = r.counts.map((n, i) => `depth ${i + 1}: ${n}`).join(", ") + (r.stopped ? `. Stopped: ${r.stopped}.` : "");
  } catch (e) {
    out.textContent = "";
    fail(e.message);
  }
}

async function startGame() {
  try {
    const r = await api("POST", base + "/game", { setup: $("edittext").value, toMove: $("edittomove").value }, secret);
    remember(r.id, { secret, title: games()[id]?.title });
    location.assign(`/g/${encodeURIComponent(r.id)}#t=${encodeURIComponent(secret)}`);
  } catch (e) {
    fail(e.message);
  }
}

$("editor").addEventListener("toggle", () => { if ($("editor").open && pos === null) load(); });
$("editfrom").addEventListener("click", load);
$("editclear").addEventListener("click", () => check(setupText([], pos ? pos.stock : []), $("edittomove").value));
$("editapply").addEventListener("click", () => check($("edittext").value, $("edittomove").value));
$("edittomove").addEventListener("change", () => check($("edittext").value, $("edittomove").value));
$("editperft").addEventListener("click", perft);
$("editgame").addEventListener("click", startGame);
$("editgame").hidden = !secret;
