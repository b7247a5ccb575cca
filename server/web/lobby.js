// lobby.js: the lobby: the catalogue of games, starting a game, continuing a saved
// game, and the games this browser played.
import { api, games, remember, forget, banner, el } from "./api.js";

const BOTS = ["search:1", "search:2", "search:3", "search:4", "search:1s", "search:5s", "mcts:1", "mcts:2", "mcts:3", "random"];

let catalogue = { games: [], errors: [] };
let setup = null; // {rules, entries, zsg} while the setup dialog is open

async function main() {
  updateYours();
  try {
    catalogue = await api("GET", "/api/catalogue");
  } catch (e) {
    banner(e.message);
    return;
  }
  showCatalogue();
  showErrors();
  document.getElementById("filter").addEventListener("input", filter);
  document.getElementById("zsgfile").addEventListener("change", openZSG);
  document.getElementById("setupform").addEventListener("submit", start);
  document.getElementById("cancel").addEventListener("click", () => document.getElementById("setup").close());
  document.getElementById("variant").addEventListener("change", seats);
  document.getElementById("myseat").addEventListener("change", seats);
  document.getElementById("clock").addEventListener("change", clockChoice);
  document.getElementById("clockkind").addEventListener("change", clockChoice);
}

// clockChoice shows the fields of a clock of one's own when "other…" is chosen.
function clockChoice() {
  const custom = document.getElementById("clock").value === "custom";
  document.getElementById("customclock").hidden = !custom;
  const kind = document.getElementById("clockkind").value;
  document.getElementById("clockbaselabel").textContent = kind === "correspondence" ? "Days per move" : "Minutes";
  document.getElementById("clockextralabel").hidden = kind === "correspondence";
  document.getElementById("clockextraname").textContent = kind === "delay" ? "Seconds of delay" : "Seconds added per turn";
}

// chosenClock returns the time control of the setup form as the API takes it, or null.
function chosenClock() {
  const v = document.getElementById("clock").value;
  if (v === "") return null;
  if (v !== "custom") return JSON.parse(v);
  const kind = document.getElementById("clockkind").value;
  const base = Number(document.getElementById("clockbase").value);
  const extra = Math.round(Number(document.getElementById("clockextra").value));
  if (kind === "correspondence") return { kind, days: Math.round(base) };
  const c = { kind, base: Math.round(base * 60) };
  if (kind === "delay") c.delay = extra; else if (extra) c.increment = extra;
  return c;
}

function gameLink(id, secret) {
  return `/g/${encodeURIComponent(id)}#t=${encodeURIComponent(secret)}`;
}

// --- Your games ----------------------------------------------------------------------
//
// The games whose links this browser keeps (localStorage, api.js), as the server sums
// them up (POST /api/mine): the opponent, the time control, whose turn, the result. The
// games where it is your turn come first; the list is asked for again every few seconds.

const MINE_MAX = 50;     // the server answers about at most 50 games at once
const MINE_EVERY = 4000; // ms between updates
let summaries = {};      // id → the server's summary

// showYours lists the games kept in localStorage, with what the server last said.
function showYours() {
  const all = games();
  const ids = Object.keys(all).filter((id) => all[id].secret);
  const rank = (id) => {
    const s = summaries[id];
    if (!s || s.error) return 3;
    return s.yourTurn ? 0 : s.over ? 2 : 1;
  };
  ids.sort((a, b) => rank(a) - rank(b) || (all[b].at || 0) - (all[a].at || 0));
  const rows = ids.map((id) => {
    const k = all[id], s = summaries[id];
    const opp = s && !s.error ? opponents(s) : "";
    let turn = "";
    if (s && s.error) turn = s.error;
    else if (s && !s.over) turn = s.yourTurn ? "your turn" : `${s.players[s.toMove]?.name || "?"} to move` + (s.thinking ? " (thinking)" : "");
    const result = s && !s.error ? (s.over ? s.outcome || "over" : "") : k.result || "";
    return el("tr", { class: "yourgame" + (s?.yourTurn ? " yourturn" : ""), "data-id": id },
      el("td", {}, el("a", { href: gameLink(id, k.secret) }, s?.title || k.title || id)),
      el("td", {}, opp),
      el("td", {}, s ? timeControl(s) : ""),
      el("td", { class: "turn" }, turn),
      el("td", {}, result ? el("span", { class: "gameresult" }, result) : ""),
      el("td", {}, el("button", { class: "small", title: "Forget this game in this browser",
        onclick: () => { forget(id); delete summaries[id]; showYours(); } }, "forget")));
  });
  document.getElementById("yourrows").replaceChildren(...rows);
  document.getElementById("yours").hidden = ids.length === 0;
}

// opponents names the seats of a game that are not the bearer's.
function opponents(s) {
  return s.players.map((p, i) => [p, i]).filter(([p, i]) => !s.you.includes(i) && p.kind !== "random")
    .map(([p]) => `${p.name}: ${p.kind === "bot" ? "bot " + p.bot : "a person"}`).join(", ") || "you alone";
}

// timeControl says the time control of a game, when the server tells one.
function timeControl(s) {
  const tc = s.timeControl ?? s.clock?.control ?? s.clock;
  if (!tc) return "none";
  return typeof tc === "string" ? tc : tc.text || tc.name || JSON.stringify(tc);
}

// updateYours asks the server about the most recent games this browser keeps, but for
// those it knows to be over (which change no more).
async function updateYours() {
  const all = games();
  const ids = Object.keys(all).filter((id) => all[id].secret && !summaries[id]?.over)
    .sort((a, b) => (all[b].at || 0) - (all[a].at || 0)).slice(0, MINE_MAX);
  if (ids.length > 0 && !document.hidden) {
    try {
      const res = await api("POST", "/api/mine", { games: ids.map((id) => ({ id, secret: all[id].secret })) });
      for (const s of res.games) summaries[s.id] = s;
    } catch (e) {
      console.warn("your games:", e.message);
    }
  }
  showYours();
  setTimeout(updateYours, MINE_EVERY);
}

function showErrors() {
  const errs = catalogue.errors || [];
  document.getElementById("errorlist").replaceChildren(...errs.map((e) =>
    el("li", {}, el("b", {}, e.rules), el("pre", {}, e.error))));
  document.getElementById("errorcount").textContent = errs.length === 1 ? "1 rules file did not load" : `${errs.length} rules files did not load`;
  document.getElementById("errors").hidden = errs.length === 0;
}

function thumb(g) {
  return `/api/thumbnail?rules=${encodeURIComponent(g.rules)}&variant=${encodeURIComponent(g.variant)}`;
}

const base = (rules) => rules.split("/").pop();
const folder = (rules) => rules.slice(0, rules.lastIndexOf("/") + 1);

// groups gathers the catalogue into cards: one per rules file, or one per series of
// files (the server's "series": puzzle levels, versions of one game), each with the
// variants it offers, in catalogue order.
function groups() {
  const out = new Map();
  for (const g of catalogue.games) {
    const key = g.series ? `series ${folder(g.rules)} ${g.series}` : `file ${g.rules}`;
    if (!out.has(key)) out.set(key, { series: g.series || "", variants: [] });
    out.get(key).variants.push(g);
  }
  return [...out.values()];
}

// choice is the variant a card shows first: the default game of its first file.
function choice(vs) {
  const ok = vs.filter((g) => !g.error);
  return ok.find((g) => g.default && g.rules === ok[0].rules) || ok.find((g) => !g.position && g.rules === ok[0].rules) || ok[0];
}

// chooser builds the variant chooser of a card: a series by file, a file's games first,
// then its other start positions (test positions, problems), then what does not load.
function chooser(group, chosen) {
  const opt = (g) => el("option", { value: group.variants.indexOf(g), selected: g === chosen, disabled: !!g.error,
    title: g.error || g.description || g.variant }, g.error ? `${g.variant} (does not load)` : g.variant);
  const files = [...new Set(group.variants.map((g) => g.rules))];
  const parts = [];
  for (const f of files) {
    const vs = group.variants.filter((g) => g.rules === f);
    const games = vs.filter((g) => !g.position && !g.error), positions = vs.filter((g) => g.position && !g.error), bad = vs.filter((g) => g.error);
    if (files.length > 1) parts.push(el("optgroup", { label: base(f) }, ...vs.map(opt)));
    else {
      parts.push(...games.map(opt));
      if (positions.length) parts.push(el("optgroup", { label: "Other start positions" }, ...positions.map(opt)));
      if (bad.length) parts.push(el("optgroup", { label: "Do not load" }, ...bad.map(opt)));
    }
  }
  return el("select", { class: "variants", "aria-label": "Variant" }, ...parts);
}

// showCatalogue draws one card per rules file or series, with a chooser of its
// variants, and a card marked "does not load" for each file that does not.
function showCatalogue() {
  const cards = groups().map((group) => {
    const first = choice(group.variants);
    const files = new Set(group.variants.map((g) => g.rules));
    // A picture the renderer could not make shows as text, never as a broken image.
    const img = el("img", { src: thumb(first), loading: "lazy", alt: first.variant, width: 160, height: 160,
      onerror: () => { img.alt = "no picture"; img.classList.add("nopicture"); } });
    const texts = el("div", { class: "texts" });
    const players = el("span", {});
    const sel = chooser(group, first);
    const pick = () => {
      return group.variants[Number(sel.value)] || first;
    };
    const show = () => {
      const g = pick();
      img.classList.remove("nopicture");
      img.src = thumb(g);
      img.alt = g.variant;
      players.textContent = g.players.join(", ");
      texts.replaceChildren(...[["Description", g.description], ["History", g.history], ["Strategy", g.strategy]]
        .filter(([, t]) => t)
        .map(([h, t]) => el("details", {}, el("summary", {}, h), el("p", { class: "text" }, t))));
    };
    sel.addEventListener("change", show);
    const n = group.variants.length;
    const card = el("article", { class: "card" },
      img,
      el("div", { class: "cardtext" },
        el("h3", {}, group.series || first.variant),
        el("p", { class: "muted" }, files.size > 1 ? `${folder(first.rules)} · ${files.size} files` : first.rules, " · ", players),
        n > 1 ? el("label", { class: "chooser" }, `${n} ${group.series ? "levels and versions" : "variants"}`, sel) : null,
        texts,
        el("button", { class: "primary play", onclick: () => { const g = pick(); openSetup(g.rules, g.variant, null); } }, "Play")));
    show();
    card.dataset.search = [group.series, ...group.variants.flatMap((g) => [g.variant, g.rules, g.players.join(" ")]), first.description]
      .join(" ").toLowerCase();
    return card;
  });
  const broken = (catalogue.errors || []).map((e) => {
    const card = el("article", { class: "card broken" },
      el("div", { class: "nothumb" }, "does not load"),
      el("div", { class: "cardtext" },
        el("h3", {}, e.title || base(e.rules)),
        el("p", { class: "muted" }, e.rules, " · ", el("b", { class: "bad" }, "does not load")),
        el("pre", { class: "error" }, e.error)));
    card.dataset.search = [e.title, e.rules, "does not load"].join(" ").toLowerCase();
    return card;
  });
  document.getElementById("catalogue").replaceChildren(...cards, ...broken);
}

function filter() {
  const q = document.getElementById("filter").value.toLowerCase().trim();
  for (const c of document.querySelectorAll(".card")) c.hidden = q !== "" && !q.split(/\s+/).every((w) => c.dataset.search.includes(w));
}

// openSetup opens the dialog to choose the variant and the seats; zsg is the text of a
// saved game to continue, or null.
function openSetup(rules, variant, zsg) {
  const entries = catalogue.games.filter((g) => g.rules === rules && !g.error);
  setup = { rules, entries, zsg };
  document.getElementById("setuptitle").textContent = zsg ? "Continue a saved game" : rules;
  const z = document.getElementById("setupzsg");
  z.hidden = !zsg;
  z.textContent = zsg ? `${rules}: ${variant}` : "";
  const sel = document.getElementById("variant");
  sel.replaceChildren(...entries.map((g) => el("option", { value: g.variant, selected: g.variant === variant }, g.variant)));
  sel.disabled = !!zsg;
  document.getElementById("myseat").dataset.variant = "";
  seats();
  document.getElementById("setup").showModal();
}

// seats fills the seat choices for the chosen variant.
function seats() {
  const g = setup.entries.find((e) => e.variant === document.getElementById("variant").value) || setup.entries[0];
  const my = document.getElementById("myseat");
  if (my.dataset.variant !== g.variant) {
    my.dataset.variant = g.variant;
    my.replaceChildren(
      ...g.players.map((p, i) => g.random[i] ? null : el("option", { value: i }, p)).filter(Boolean),
      el("option", { value: -1 }, "none: watch"));
  }
  const me = Number(my.value);
  const fs = document.getElementById("others");
  fs.replaceChildren(el("legend", {}, "The other seats"), ...g.players.map((p, i) => {
    if (i === me) return null;
    if (g.random[i]) return el("label", {}, p, el("select", { "data-seat": i, disabled: true }, el("option", { value: "random" }, "dice (played by the server)")));
    return el("label", {}, p, el("select", { "data-seat": i },
      el("option", { value: "human" }, "a person on this screen"),
      el("option", { value: "invite" }, "a person I invite (a link)"),
      ...(g.axiom ? ["axiom"] : []).concat(BOTS).map((b) =>
        el("option", { value: "bot:" + b, selected: b === (g.axiom ? "axiom" : "search:1") }, b === "axiom" ? "bot axiom (the game's own player)" : "bot " + b)),
      ...enginesFor(g).map((e) => el("option", { value: "bot:engine:" + e.name }, `engine ${e.name} (${e.protocol.toUpperCase()})`))));
  }).filter(Boolean));
}

// enginesFor lists the operator's engines that may play variant g: a GTP engine plays
// stones dropped on a square grid (g.goLike), a UCI engine the other games of two
// players without dice.
function enginesFor(g) {
  return (catalogue.engines || []).filter((e) => e.protocol === "gtp" ? g.goLike :
    e.protocol === "uci" && !g.goLike && g.players.length === 2 && !g.random.some(Boolean));
}

async function start(ev) {
  ev.preventDefault();
  const g = setup.entries.find((e) => e.variant === document.getElementById("variant").value) || setup.entries[0];
  const me = Number(document.getElementById("myseat").value);
  const seats = g.players.map((p, i) => {
    if (i === me) return { kind: "human" };
    if (g.random[i]) return { kind: "random" };
    const v = document.querySelector(`#others select[data-seat="${i}"]`).value;
    return v.startsWith("bot:") ? { kind: "bot", bot: v.slice(4) } : { kind: v };
  });
  const body = setup.zsg ? { zsg: setup.zsg, seats } : { rules: g.rules, variant: g.variant, seats };
  if (document.getElementById("public").checked) body.public = true;
  const clock = chosenClock();
  if (clock) body.clock = clock;
  let res;
  try {
    res = await api("POST", "/api/games", body);
  } catch (e) {
    banner(e.message);
    document.getElementById("setup").close();
    return;
  }
  document.getElementById("setup").close();
  const secret = res.secret || res.view;
  const invites = (res.invites || []).map((inv) => ({ seat: inv.seat, player: g.players[inv.seat], link: location.origin + gameLink(res.id, inv.secret) }));
  remember(res.id, { secret, title: g.variant, invites, view: location.origin + gameLink(res.id, res.view) });
  if (invites.length === 0) {
    location.href = gameLink(res.id, secret);
    return;
  }
  showInvites(invites, location.origin + gameLink(res.id, res.view));
  document.getElementById("gotogame").href = gameLink(res.id, secret);
  document.getElementById("invited").showModal();
}

// showInvites lists links with a copy button each.
export function showInvites(invites, view) {
  const rows = invites.map((inv) => [inv.player, inv.link]);
  if (view) rows.push(["Spectators", view]);
  document.getElementById("invitelinks").replaceChildren(...rows.map(([who, link]) => {
    const input = el("input", { value: link, readonly: true, size: 60, onfocus: (e) => e.target.select() });
    return el("li", {}, el("b", {}, who), " ", input, " ",
      el("button", { class: "small", onclick: () => { input.select(); navigator.clipboard?.writeText(link).catch(() => document.execCommand("copy")); } }, "copy"));
  }));
}

// openZSG reads a saved game and asks for its seats: its rules and variant come from
// the file's RulesFile= and VariantName= lines.
async function openZSG(ev) {
  const file = ev.target.files[0];
  ev.target.value = "";
  if (!file) return;
  const text = await file.text();
  const rulesFile = (text.match(/^RulesFile=(.*)$/m) || [])[1]?.trim() || "";
  const variant = (text.match(/^VariantName=(.*)$/m) || [])[1]?.trim() || "";
  const base = rulesFile.split(/[\\/]/).pop().toLowerCase();
  const cands = catalogue.games.filter((g) => g.rules.split("/").pop().toLowerCase() === base);
  const g = cands.find((c) => c.variant === variant) || cands.find((c) => c.default) || cands[0];
  if (!g) {
    banner(`no game of the catalogue has the rules ${rulesFile || "named in " + file.name}`);
    return;
  }
  banner("");
  openSetup(g.rules, g.variant, text);
}

main();
