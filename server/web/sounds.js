// sounds.js: the game page's sounds, made here with the Web Audio API (tones, no sound
// files): a move, a capture, a check, the end of the game, and time running low. The
// browser remembers whether they are muted (localStorage "zoggo.sound" = "0").

const KEY = "zoggo.sound";
let ctx = null;

export function muted() {
  return localStorage.getItem(KEY) === "0";
}

export function setMuted(on) {
  localStorage.setItem(KEY, on ? "0" : "1");
}

// A browser lets a page make sounds only after a click or a key: the first one wakes
// the audio.
function wake() {
  if (!ctx && window.AudioContext) ctx = new AudioContext();
  if (ctx && ctx.state === "suspended") ctx.resume().catch(() => {});
}
window.addEventListener("pointerdown", wake, { capture: true });
window.addEventListener("keydown", wake, { capture: true });

// Each sound is notes of [start s, frequency Hz, length s, wave, loudness].
const SOUNDS = {
  move: [[0, 520, 0.07, "triangle", 0.35]],
  capture: [[0, 330, 0.06, "square", 0.18], [0.05, 220, 0.1, "triangle", 0.3]],
  check: [[0, 880, 0.08, "sine", 0.3], [0.1, 880, 0.08, "sine", 0.3]],
  end: [[0, 523, 0.14, "sine", 0.3], [0.15, 659, 0.14, "sine", 0.3], [0.3, 784, 0.3, "sine", 0.3]],
  low: [[0, 1200, 0.05, "square", 0.12]],
};

// play makes sound name, unless muted; document.body.dataset.sound tells the last one
// asked for (tests read it, muted or not, with "muted:" before it when muted).
export function play(name) {
  const notes = SOUNDS[name];
  if (!notes) return;
  document.body.dataset.sound = (muted() ? "muted:" : "") + name;
  document.body.dataset.sounds = String(Number(document.body.dataset.sounds || 0) + 1);
  if (muted()) return;
  wake();
  if (!ctx || ctx.state !== "running") return;
  const t0 = ctx.currentTime + 0.01;
  for (const [at, freq, len, wave, gain] of notes) {
    const o = ctx.createOscillator();
    const g = ctx.createGain();
    o.type = wave;
    o.frequency.value = freq;
    g.gain.setValueAtTime(0, t0 + at);
    g.gain.linearRampToValueAtTime(gain, t0 + at + 0.005);
    g.gain.exponentialRampToValueAtTime(0.0001, t0 + at + len);
    o.connect(g).connect(ctx.destination);
    o.start(t0 + at);
    o.stop(t0 + at + len + 0.02);
  }
}

// forState makes the sound of the change from state old to state ng of a game: the end,
// a check, a capture or a move (one sound, the strongest).
export function forState(old, ng) {
  if (!old || !ng || old.id !== ng.id) return;
  if (ng.over && !old.over) return play("end");
  if (ng.ply <= old.ply) return;
  if ((ng.check || []).length > 0) return play("check");
  const taken = (s) => (s.captured || []).reduce((n, c) => n + c.n, 0);
  if (taken(ng) > taken(old)) return play("capture");
  play("move");
}

// Low time: the game's clocks, when it has any, tell the time left to the seat to move
// (remainingMs). The warning sounds once per turn when the bearer's own time to move
// falls under LOW_MS.
const LOW_MS = 10000;
let warned = "";

// remainingMs returns the time left to seat in state s, in milliseconds, or null when the
// game has no clock: read from s.clocks[seat] as {remaining: ms} or {ms}.
export function remainingMs(s, seat) {
  const c = s && s.clocks && s.clocks[seat];
  if (!c) return null;
  if (typeof c === "number") return c;
  const v = c.remaining ?? c.remainingMs ?? c.ms;
  return typeof v === "number" ? v : null;
}

// checkLow is called every second with the state shown and the time it was fetched.
export function checkLow(s, fetchedAt) {
  if (!s || s.over || !(s.you || []).includes(s.toMove)) return;
  const left = remainingMs(s, s.toMove);
  if (left === null) return;
  const now = left - (Date.now() - fetchedAt);
  const key = `${s.id} ${s.ply}`;
  if (now < LOW_MS && now > 0 && warned !== key) {
    warned = key;
    play("low");
  }
}
