// The browser side of the Frisian draughts examples, shared by the server
// (examples/web) and the static WebAssembly site (examples/wasm). It keeps
// no rules of its own: every click and move goes to the backend, which
// answers with the state of the game. By default that is the server's JSON
// API; a page that defines window.frisianBackend first answers the same
// requests itself. The page draws on the backend's board picture: the last
// move, the squares clicked, the pieces that must capture, and the moves as
// they are played.
"use strict";

const $ = (id) => document.getElementById(id);
const board = $("board");
const SVG = "http://www.w3.org/2000/svg";
const REPLY_PAUSE = 300; // ms before asking for the computer's reply: time to see one's own move
const LEG_TIME = matchMedia("(prefers-reduced-motion: reduce)").matches ? 0 : 160; // ms per leg of a move

let state = null;     // the last state the backend sent
let moves = [];       // the moves played, as the backend describes them
let liveSVG = "";     // the board of the game now
let review = null;    // while looking back, the number of moves shown
let reviewToken = 0;  // the latest look back, so that a slow answer is dropped
let queue = Promise.resolve(); // requests run one after another; none is dropped
let pending = 0;      // requests queued or on their way

// httpBackend is the server's JSON API. A backend has three methods:
//   request(path, body): the decoded answer to a GET (no body) or a POST
//     of the API, or a thrown Error with the reason;
//   text(path): the text of a GET (a board picture, the PDN), or null;
//   pdnURL(id): an address to download the game's PDN from, or null when
//     the page should make one from text().
const httpBackend = {
  async request(path, body) {
    const init = body === undefined ? {} : {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    };
    const res = await fetch(path, init);
    let data;
    try {
      data = await res.json();
    } catch {
      throw new Error(`${res.status} ${res.statusText}`);
    }
    if (!res.ok) throw new Error(data.error || `${res.status} ${res.statusText}`);
    return data;
  },
  async text(path) {
    const res = await fetch(path);
    return res.ok ? res.text() : null;
  },
  pdnURL: (id) => `/api/pdn?id=${encodeURIComponent(id)}&download=1`,
};

const backend = window.frisianBackend || httpBackend;

// api sends a request to the backend and returns the decoded answer,
// throwing the backend's error message.
const api = (path, body) => backend.request(path, body);

// send queues a POST after the requests before it. When its turn comes,
// ready() may still call it off (the game has moved on); body() gives the
// request then, from the state of that moment. The answer is rendered and
// an error shown. It resolves to the new state, or null.
function send(path, body = () => ({ id: state.id }), ready = () => true) {
  pending++;
  board.classList.add("waiting");
  const run = async () => {
    try {
      if (!ready()) return null;
      const s = await api(path, body());
      await render(s);
      return s;
    } catch (err) {
      notice(err.message);
      return null;
    } finally {
      if (--pending === 0) board.classList.remove("waiting");
    }
  };
  queue = queue.then(run);
  return queue;
}

function notice(msg) {
  $("notice").textContent = msg;
}

// render shows the state s: the moves it played, animated, then the board.
async function render(s) {
  if (s.history) {
    moves = s.history;
  } else {
    moves.length = Math.min(moves.length, s.ply - (s.played ? 1 : 0));
    if (s.played) moves.push(s.played);
    if (moves.length !== s.ply) { // out of step: take the whole game
      s = await api(`/api/state?id=${encodeURIComponent(s.id)}`);
      moves = s.history;
    }
  }
  if (s.played && review === null) await animate(s.played);
  state = s;
  if (s.svg) {
    liveSVG = s.svg;
    review = null;
    reviewToken++;
    board.innerHTML = s.svg;
  }
  if (location.hash !== "#" + s.id) history.replaceState(null, "", "#" + s.id);
  notice(s.notice || "");
  draw();
  panel();
  if (s.engineToMove) {
    // Ask for the reply after a pause. The request waits for any before
    // it, and is called off if the game has moved on by then.
    const { id, ply } = s;
    setTimeout(() => send("/api/engine", undefined,
      () => state.id === id && state.ply === ply && state.engineToMove), REPLY_PAUSE);
  }
}

// centre returns the centre of square sq in the board's own units.
function centre(sq) {
  const r = board.querySelector(`[data-square="${sq}"] rect`);
  return [+r.getAttribute("x") + r.getAttribute("width") / 2, +r.getAttribute("y") + r.getAttribute("height") / 2];
}

function square(sq) {
  return board.querySelector(`[data-square="${sq}"]`);
}

// lift returns the piece on square sq, brought above the other squares so
// that it can be drawn moving over them.
function lift(sq) {
  const g = square(sq);
  const piece = g && g.querySelector(".piece");
  if (piece) g.parentNode.append(g);
  return piece;
}

function shift(from, to) {
  const [a, b] = [centre(from), centre(to)];
  return `translate(${b[0] - a[0]}px, ${b[1] - a[1]}px)`;
}

// animate moves the piece of the move m along its path on the board shown,
// from where the clicks left it, fading each piece it takes.
async function animate(m) {
  const done = state && state.selection.squares.length > 1 ? state.selection.squares.length - 1 : 0;
  const piece = lift(m.path[0]);
  if (!piece || LEG_TIME === 0) return;
  for (let i = done; i < m.path.length - 1; i++) {
    const legs = [{ transform: shift(m.path[0], m.path[i]) }, { transform: shift(m.path[0], m.path[i + 1]) }];
    await piece.animate(legs, { duration: LEG_TIME, easing: "ease-in-out", fill: "forwards" }).finished;
    if (m.taken[i]) square(m.taken[i]).classList.add("taking");
  }
}

// draw marks the board shown: the last move before it, and in the game
// now the squares clicked, the pieces jumped so far, the squares that may
// come next, and the pieces that must capture.
function draw() {
  const svg = board.querySelector("svg");
  if (!svg || !state) return;
  svg.querySelectorAll(".overlay").forEach((e) => e.remove());
  for (const cls of ["selected", "next", "taking", "must", "last"]) {
    svg.querySelectorAll(`[data-square].${cls}`).forEach((e) => e.classList.remove(cls));
  }
  const mark = (squares, cls) => squares.forEach((sq) => square(sq).classList.add(cls));
  const shown = review ?? moves.length;
  const sel = review === null ? state.selection : { squares: [], next: [], taken: [] };
  // The last move is marked until the next one is begun: its arrow and
  // crosses would mislead while a capture is being entered.
  const last = sel.squares.length === 0 ? moves[shown - 1] : undefined;
  if (last) {
    mark([last.path[0], last.path.at(-1)], "last");
    overlay(svg, "polyline", { points: last.path.map(centre).join(" "), class: "overlay arrow" });
    for (const sq of last.taken) {
      const [x, y] = centre(sq);
      overlay(svg, "path", { d: `M${x - 12} ${y - 12}l24 24m0 -24l-24 24`, class: "overlay cross" });
    }
  }
  mark(sel.squares, "selected");
  mark(sel.next, "next");
  mark(sel.taken, "taking");
  for (const p of svg.querySelectorAll(".piece.moving")) {
    p.classList.remove("moving");
    p.style.transform = "";
  }
  if (sel.squares.length > 1) {
    const piece = lift(sel.squares[0]);
    piece.classList.add("moving");
    piece.style.transform = shift(sel.squares[0], sel.squares.at(-1));
  }
  if (review === null && state.mustCapture && !state.engineToMove && sel.squares.length === 0) mark(state.movable, "must");
}

function overlay(svg, tag, attrs) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  svg.append(e);
}

const cap = (word) => word.charAt(0).toUpperCase() + word.slice(1);

// panel shows the state beside the board.
function panel() {
  const s = state;
  const status = $("status");
  status.classList.toggle("over", s.outcome.over);
  if (s.outcome.over) status.textContent = s.outcome.text;
  else if (s.engineToMove) status.textContent = `${cap(s.turn)} to move: the computer is thinking…`;
  else if (s.mode === "engine") status.textContent = `${cap(s.turn)} to move: your turn`;
  else status.textContent = `${cap(s.turn)} to move`;
  $("counters").replaceChildren(...s.counters.map((c) => Object.assign(document.createElement("li"), { textContent: c })));
  $("undo").disabled = moves.length === 0;
  $("engine").disabled = s.outcome.over || (s.mode === "engine" && !s.engineToMove);
  $("play").disabled = $("move-text").disabled = s.outcome.over || s.engineToMove;
  $("fen").textContent = s.fen;
  $("pdn-download").href = (backend.pdnURL && backend.pdnURL(s.id)) || "#";
  if ($("pdn-box").open) showPDN();
  $("review").hidden = review === null;
  $("review-text").textContent = review === 0 ? "The start position" : review !== null ? `After move ${label(moves[review - 1])}` : "";
  renderMoves();
}

// label numbers the move m as PDN does: "12." for White, "12…" for Black.
function label(m) {
  const n = Math.floor((m.ply - 1 + (moves[0].color === "black" ? 1 : 0)) / 2) + 1;
  return m.color === "white" ? `${n}. ${m.text}` : `${n}… ${m.text}`;
}

// renderMoves lists the moves played, a numbered line per move pair, each
// a button that shows the position after it.
function renderMoves() {
  const list = $("moves");
  list.replaceChildren();
  let li = null;
  const shown = review ?? moves.length;
  for (const m of moves) {
    if (li === null || m.color === "white") {
      li = document.createElement("li");
      const n = Math.floor((m.ply - 1 + (moves[0].color === "black" ? 1 : 0)) / 2) + 1;
      li.append(Object.assign(document.createElement("span"), { className: "num", textContent: `${n}.` }));
      list.append(li);
      if (m.color === "black") li.append(Object.assign(document.createElement("span"), { className: "dots", textContent: "…" }));
    }
    const b = document.createElement("button");
    b.type = "button";
    b.className = "mv" + (m.ply === shown ? " shown" : "");
    // A long capture path may wrap, after an x only.
    m.text.split("x").forEach((part, i) => i ? b.append("x", document.createElement("wbr"), part) : b.append(part));
    b.dataset.ply = m.ply;
    if (m.taken.length) b.title = `takes ${m.taken.join(", ")}`;
    li.append(b);
  }
  if (review === null) list.scrollTop = list.scrollHeight;
}

// look shows the board after n moves; n = the moves played is the game now.
async function look(n) {
  if (!state || n < 0 || n > moves.length) return;
  const token = ++reviewToken;
  let svg = liveSVG;
  if (n < moves.length) {
    svg = await backend.text(`/api/board.svg?id=${encodeURIComponent(state.id)}&ply=${n}`);
    if (svg === null) {
      notice("That position is no longer at hand.");
      return;
    }
  }
  if (token !== reviewToken) return; // a move or another look came first
  review = n < moves.length ? n : null;
  board.innerHTML = svg;
  draw();
  panel();
}

async function showPDN() {
  const text = await backend.text(`/api/pdn?id=${encodeURIComponent(state.id)}`);
  if (text !== null) setPDN(text);
}

// setPDN shows the PDN text with each move in a span of its own that does
// not break, so that the text wraps between moves and never inside one
// (browsers break "32-28" after the hyphen). The text itself is unchanged,
// for copying.
function setPDN(text) {
  const parts = [];
  let at = 0;
  for (const m of text.matchAll(/\d+(?:[-x]\d+)+/g)) {
    parts.push(text.slice(at, m.index), Object.assign(document.createElement("span"), { className: "move", textContent: m[0] }));
    at = m.index + m[0].length;
  }
  parts.push(text.slice(at));
  $("pdn").replaceChildren(...parts);
}

board.addEventListener("click", (event) => {
  const g = event.target.closest("[data-square]");
  if (!g || !state) return;
  if (review !== null) return notice("You are looking at an earlier position: go back to the game to move.");
  if (state.outcome.over) return notice(`The game is over: ${state.outcome.text}. Start a new one below.`);
  if (state.engineToMove) return notice("Wait: the computer is thinking.");
  // Clicks queue up behind the answer to the one before, and go with the
  // squares that answer selected.
  send("/api/click", () => ({ id: state.id, squares: state.selection.squares, square: Number(g.dataset.square) }),
    () => !state.outcome.over && !state.engineToMove);
});

$("moves").addEventListener("click", (event) => {
  const b = event.target.closest("button[data-ply]");
  if (b) look(Number(b.dataset.ply));
});

document.addEventListener("keydown", (event) => {
  if (event.target.closest("input, select, textarea") || !state) return;
  const shown = review ?? moves.length;
  if (event.key === "ArrowLeft") look(shown - 1);
  else if (event.key === "ArrowRight") look(shown + 1);
  else return;
  event.preventDefault();
});

$("live").addEventListener("click", () => look(moves.length));
$("pdn-box").addEventListener("toggle", () => $("pdn-box").open && state && showPDN());

$("move-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const text = $("move-text").value.trim();
  if (!text || !state) return;
  if (await send("/api/move", () => ({ id: state.id, move: text }))) $("move-text").value = "";
});

// A backend with no download address has the PDN saved from its text.
$("pdn-download").addEventListener("click", async (event) => {
  if (!state || (backend.pdnURL && backend.pdnURL(state.id))) return;
  event.preventDefault();
  const text = await backend.text(`/api/pdn?id=${encodeURIComponent(state.id)}`);
  if (text === null) return;
  const a = Object.assign(document.createElement("a"), {
    href: URL.createObjectURL(new Blob([text], { type: "application/x-chess-pdn" })),
    download: "frisian.pdn",
  });
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 0);
});

$("undo").addEventListener("click", () => state && send("/api/undo"));
$("flip").addEventListener("click", () => state && send("/api/flip"));
$("engine").addEventListener("click", () => state && send("/api/engine"));

$("new-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const [mode, human] = $("new-mode").value.split(":");
  const body = { mode, draws: $("new-draws").value, fen: $("new-fen").value.trim() };
  if (human) body.human = human;
  const depth = Number($("new-depth").value);
  if (depth) body.depth = depth; // between two people, for the computer's hints
  send("/api/new", () => body);
});

// On load, take up the game named in the address (after a reload), or
// start a new one against the computer.
(async () => {
  const id = location.hash.slice(1);
  if (id) {
    try {
      const s = await api(`/api/state?id=${encodeURIComponent(id)}`);
      // The new-game form offers the same kind of game by default.
      $("new-mode").value = s.mode === "engine" ? `engine:${s.human}` : "human";
      $("new-draws").value = s.draws;
      await render(s);
      return;
    } catch {
      // The server has forgotten the game: start afresh.
    }
  }
  send("/api/new", () => ({}));
})();
