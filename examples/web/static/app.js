// The browser side of the Frisian draughts example. It keeps no rules of its
// own: every click and move goes to the server's JSON API, which answers with
// the whole state of the game, board picture included.
"use strict";

const $ = (id) => document.getElementById(id);

let state = null;   // the last state the server sent
let busy = false;   // a request is on its way: ignore clicks meanwhile

// api sends a request and returns the decoded answer, throwing the server's
// error message when the status is not 2xx.
async function api(path, body) {
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
  if (!res.ok) {
    throw new Error(data.error || `${res.status} ${res.statusText}`);
  }
  return data;
}

// call runs one API request with the page marked busy, shows its error if
// any, and renders the state it returns. It returns the state or null.
async function call(path, body) {
  if (busy) return null;
  busy = true;
  $("board").classList.add("waiting");
  try {
    const s = await api(path, body);
    showError("");
    render(s);
    return s;
  } catch (err) {
    showError(err.message);
    return null;
  } finally {
    busy = false;
    $("board").classList.remove("waiting");
  }
}

function showError(msg) {
  $("error").textContent = msg;
}

function render(s) {
  state = s;
  if (location.hash !== "#" + s.id) {
    history.replaceState(null, "", "#" + s.id);
  }
  $("board").innerHTML = s.svg;
  mark(s.selection.squares, "selected");
  mark(s.selection.taken, "taking");

  const status = $("status");
  status.classList.toggle("over", s.outcome.over);
  if (s.outcome.over) {
    status.textContent = s.outcome.text;
  } else if (s.engineToMove) {
    status.textContent = `${cap(s.turn)} to move: the computer is thinking…`;
  } else if (s.mode === "engine") {
    status.textContent = `${cap(s.turn)} to move: your turn`;
  } else {
    status.textContent = `${cap(s.turn)} to move`;
  }

  renderMoves(s.history);
  $("pdn").textContent = s.pdn;
  $("fen").textContent = s.fen;
  $("undo").disabled = s.history.length === 0;
  $("engine").disabled = s.outcome.over || s.mode === "engine";
  $("move-text").disabled = s.outcome.over || s.engineToMove;
}

// mark adds a class to the board's squares with the given numbers.
function mark(squares, cls) {
  for (const sq of squares) {
    const g = $("board").querySelector(`[data-square="${sq}"]`);
    if (g) g.classList.add(cls);
  }
}

function cap(word) {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

// renderMoves lists the moves played, a numbered line per move pair.
function renderMoves(history) {
  const list = $("moves");
  list.replaceChildren();
  let li = null;
  history.forEach((h, i) => {
    if (li === null || h.color === "white") {
      li = document.createElement("li");
      li.value = h.number;
      list.append(li);
      if (h.color === "black") {
        const dots = document.createElement("span");
        dots.textContent = "…";
        dots.className = "dots";
        li.append(dots);
      }
    }
    const span = document.createElement("span");
    span.textContent = h.text;
    if (i === history.length - 1) span.className = "last";
    li.append(span);
  });
  list.scrollTop = list.scrollHeight;
}

// afterMove lets the computer answer when it is its turn.
async function afterMove(s) {
  if (s && s.engineToMove) {
    // A short pause lets the person see their own move before the reply.
    await new Promise((r) => setTimeout(r, 300));
    await call("/api/engine", { id: s.id });
  }
}

$("board").addEventListener("click", async (event) => {
  const g = event.target.closest("[data-square]");
  if (!g || !state || busy) return;
  const s = await call("/api/click", {
    id: state.id,
    squares: state.selection.squares,
    square: Number(g.dataset.square),
  });
  if (s && s.played) await afterMove(s);
});

$("move-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const text = $("move-text").value.trim();
  if (!text || !state) return;
  const s = await call("/api/move", { id: state.id, move: text });
  if (s) {
    $("move-text").value = "";
    await afterMove(s);
  }
});

$("undo").addEventListener("click", () => state && call("/api/undo", { id: state.id }));
$("flip").addEventListener("click", () => state && call("/api/flip", { id: state.id }));
$("engine").addEventListener("click", () => state && call("/api/engine", { id: state.id }));

$("new-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const [mode, human] = $("new-mode").value.split(":");
  const body = {
    mode,
    draws: $("new-draws").value,
    fen: $("new-fen").value.trim(),
  };
  if (human) body.human = human;
  const depth = Number($("new-depth").value);
  if (mode === "engine" && depth) body.depth = depth;
  await newGame(body);
});

async function newGame(body) {
  const s = await call("/api/new", body);
  await afterMove(s);
}

// On load, take up the game named in the address (after a reload), or
// start a new one against the computer.
(async () => {
  const id = location.hash.slice(1);
  if (id) {
    try {
      const s = await api(`/api/state?id=${encodeURIComponent(id)}`);
      render(s);
      // The new-game form offers the same kind of game by default.
      $("new-mode").value = s.mode === "engine" ? `engine:${s.human}` : "human";
      $("new-draws").value = s.draws;
      await afterMove(s);
      return;
    } catch {
      // The server has forgotten the game: start afresh.
    }
  }
  await newGame({});
})();
