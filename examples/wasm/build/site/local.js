// The backend of the static site: it answers the requests of the board
// page (app.js) as the server of examples/web does, with the library
// compiled to WebAssembly running in a Web Worker (worker.js) and the game
// kept here. Nothing leaves the browser.
//
// The library's API, frisian.wasm's functions, is described by
// `go doc ./examples/wasm`; call(fn, arg) runs one in the worker.
"use strict";

(() => {
  const here = document.currentScript.src;

  // The worker and the calls waiting for it; broken says why the module
  // cannot run at all, when it cannot.
  let worker = null;
  let nextCall = 0;
  let broken = "";
  const waiting = new Map();

  function startWorker() {
    worker = new Worker(new URL("worker.js", here));
    worker.onmessage = (event) => {
      const w = waiting.get(event.data.id);
      if (!w) return;
      waiting.delete(event.data.id);
      clearTimeout(w.timer);
      w.resolve(event.data.result);
    };
    worker.onerror = (event) => {
      // The worker's script did not load or run: starting another would
      // fail alike.
      broken = `The WebAssembly module cannot run here (${event.message || "its files did not load"}); serve the site over HTTP.`;
      fail(broken);
    };
  }

  // fail answers every waiting call with an error and, unless the module
  // is broken, starts a new worker.
  function fail(why) {
    worker.terminate();
    for (const w of waiting.values()) {
      clearTimeout(w.timer);
      w.resolve({ error: why });
    }
    waiting.clear();
    if (!broken) startWorker();
  }

  // call runs the library's function fn on arg in the worker and resolves
  // to its answer. A call that does not answer in backend.hardTime (a made-up
  // position whose captures take too long) has its worker replaced:
  // WebAssembly cannot be interrupted from outside.
  function call(fn, arg) {
    const id = ++nextCall;
    if (broken) return Promise.resolve({ error: broken });
    return new Promise((resolve) => {
      const timer = setTimeout(() => fail("This position's captures take too long to work out; try a simpler one."), backend.hardTime);
      waiting.set(id, { resolve, timer });
      worker.postMessage({ id, fn, arg });
    });
  }

  // must is call, throwing the error an answer carries.
  async function must(fn, arg) {
    const res = await call(fn, arg);
    if (res.error) throw new Error(res.error);
    return res;
  }

  startWorker();

  const games = new Map();

  // newID names a game. (crypto.randomUUID is only there on HTTPS and
  // localhost; a static site may be served over plain HTTP.)
  const newID = () => Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, "0")).join("");
  const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
  const record = (g) => ({ fen: g.start, moves: g.history.map((m) => m.text), draws: g.draws });

  // The game is kept in the tab's session storage too, so that a reload
  // takes it up again as the server's page does.
  const STORE = "frisian-game";

  function save(g) {
    try {
      sessionStorage.setItem(STORE, JSON.stringify(g));
    } catch {
      // No storage (a private window may refuse it): the game lives as long as the page.
    }
  }

  function game(id) {
    let g = games.get(id);
    if (!g) {
      try {
        const stored = JSON.parse(sessionStorage.getItem(STORE));
        if (stored && stored.id === id && Array.isArray(stored.history)) {
          g = stored;
          games.set(id, g);
        }
      } catch {
        // Nothing stored, or not a game.
      }
    }
    if (!g) throw new Error("no such game: it was in another page");
    return g;
  }

  // outcomeOf is the outcome of the game at pos, which ends too at the
  // longest game the library takes (pos.maxPlies, as the server's).
  function outcomeOf(pos) {
    const o = pos.outcome;
    if (!o.over && pos.ply >= pos.maxPlies) {
      return { over: true, result: "ongoing", reason: "too long", score: "*", text: `The game has reached ${pos.maxPlies} moves, this page's limit: start a new one` };
    }
    const out = { over: o.over, result: o.result, score: o.score, reason: o.reason };
    if (!o.over) {
      out.text = `${cap(pos.turn)} to move`;
      return out;
    }
    if (o.reason === "no legal move") out.reason = `${pos.turn} has no legal move left`;
    out.text = `${cap(o.result)} (${out.reason}), ${o.score}`;
    return out;
  }

  function counters(pos) {
    const out = [];
    for (const k of pos.kingRuns) {
      out.push(`${cap(k.color)}'s king on ${k.square} has made ${k.count} of its ${k.limit} quiet moves in a row`);
    }
    for (const d of pos.drawCounters) {
      const ending = { twoKingsAgainstOne: "Two kings against one", oneKingEach: "One king each" }[d.ending] || cap(d.reason);
      out.push(d.plies ? `${ending}: ${d.count} of ${d.limit} plies to a draw`
        : `${ending}: ${d.side} has made ${d.count} of its ${d.limit} moves to win`);
    }
    return out;
  }

  // state describes the game g as the server does, with the click
  // selection sel, and the board and the moves played when asked; pos is
  // the library's position of g when the caller has it already.
  async function state(g, sel, { board = false, history = false, pos = null } = {}) {
    pos = pos || await must("position", record(g));
    const outcome = outcomeOf(pos);
    const s = {
      id: g.id, ply: pos.ply, fen: pos.fen, turn: pos.turn, mode: g.mode, draws: g.draws,
      bottom: g.bottom, engineToMove: g.mode === "engine" && pos.turn !== g.human && !outcome.over,
      outcome, movable: outcome.over ? [] : pos.movable, mustCapture: !outcome.over && pos.mustCapture,
      counters: counters(pos),
      selection: { squares: sel ? sel.path : [], next: sel ? sel.next : [], taken: sel ? sel.taken : [] },
    };
    if (g.mode === "engine") {
      s.human = g.human;
      if (g.depth) s.depth = g.depth;
    }
    if (sel && sel.why) s.notice = `${cap(sel.why)}.`; // the library's reason, as a sentence
    if (board) s.svg = (await must("board", { ...record(g), bottom: g.bottom })).svg;
    if (history) s.history = g.history.slice();
    return s;
  }

  // play adds the move m ({text, path, taken}) of the side color, which is
  // to move, to g and answers with the state after it.
  async function play(g, m, color) {
    const e = { ply: g.history.length + 1, color, text: m.text, path: m.path, taken: m.taken };
    g.history.push(e);
    const s = await state(g, null, { board: true });
    s.played = e;
    return s;
  }

  // personMayMove returns the library's position of g, and throws when the
  // game is over or the computer is to move.
  async function personMayMove(g) {
    const pos = await must("position", record(g));
    const s = await state(g, null, { pos });
    if (s.outcome.over) throw new Error(`The game is over: ${s.outcome.text}`);
    if (s.engineToMove) throw new Error("it is the computer's turn");
    return pos;
  }

  const handlers = {
    async "/api/new"(_, body) {
      // depth 0 is the engine's default.
      const g = { id: newID(), start: "", history: [], mode: "engine", human: "white", bottom: "white", draws: "official", depth: 0 };
      if (body.fen) g.start = (await must("fen", { fen: body.fen })).fen;
      if (body.mode && body.mode !== "engine" && body.mode !== "human") throw new Error(`mode "${body.mode}": want engine or human`);
      if (body.mode) g.mode = body.mode;
      if (body.human && body.human !== "white" && body.human !== "black") throw new Error(`human "${body.human}": want white or black`);
      if (body.human) g.human = g.bottom = body.human;
      if (body.draws && body.draws !== "official" && body.draws !== "lidraughts") throw new Error(`draws "${body.draws}": want official or lidraughts`);
      if (body.draws) g.draws = body.draws;
      if (body.depth) {
        if (!Number.isInteger(body.depth) || body.depth < 1 || body.depth > 12) throw new Error(`depth ${body.depth}: want 1 to 12`);
        g.depth = body.depth;
      }
      const pos = await must("position", record(g)); // the start can be worked out
      games.clear(); // one game a page
      games.set(g.id, g);
      return state(g, null, { board: true, history: true, pos });
    },
    async "/api/state"(q) {
      return state(game(q.get("id")), null, { board: true, history: true });
    },
    async "/api/click"(_, body) {
      const g = game(body.id);
      const pos = await personMayMove(g);
      const clicks = [...(body.squares || []), body.square];
      const sel = await must("clicks", { ...record(g), clicks });
      if (sel.move) return play(g, sel.move, pos.turn);
      return state(g, sel, { pos });
    },
    async "/api/move"(_, body) {
      const g = game(body.id);
      const pos = await personMayMove(g);
      const res = await must("play", { ...record(g), move: String(body.move || "") });
      return play(g, res.move, pos.turn);
    },
    async "/api/engine"(_, body) {
      const g = game(body.id);
      const s = await state(g, null);
      if (s.outcome.over) throw new Error(`The game is over: ${s.outcome.text}`);
      if (g.mode === "engine" && !s.engineToMove) throw new Error("it is your turn");
      // nodes 0: the engine's default, 500 000 positions as the server's
      // (about 0.4 s here).
      const res = await must("engine", { ...record(g), depth: g.depth, nodes: 0 });
      return play(g, res.move, s.turn);
    },
    async "/api/undo"(_, body) {
      const g = game(body.id);
      let back = 0;
      for (let i = g.history.length - 1; i >= 0; i--) {
        if (g.mode === "human" || g.history[i].color === g.human) {
          back = g.history.length - i;
          break;
        }
      }
      if (back === 0) throw new Error("there is no move of yours to take back");
      g.history.length -= back;
      return state(g, null, { board: true, history: true });
    },
    async "/api/flip"(_, body) {
      const g = game(body.id);
      g.bottom = g.bottom === "white" ? "black" : "white";
      return state(g, null, { board: true });
    },
  };

  async function text(path) {
    const url = new URL(path, location.href);
    const g = games.get(url.searchParams.get("id"));
    if (!g) return null;
    if (url.pathname.endsWith("/api/board.svg")) {
      const res = await call("board", { ...record(g), ply: Number(url.searchParams.get("ply")), bottom: g.bottom });
      return res.error ? null : res.svg;
    }
    if (url.pathname.endsWith("/api/pdn")) {
      const tags = [["Event", "examples/wasm"]];
      if (g.mode === "engine") {
        const computer = g.depth ? `Computer (depth ${g.depth})` : "Computer";
        tags.push(["White", g.human === "white" ? "Human" : computer], ["Black", g.human === "black" ? "Human" : computer]);
      }
      const res = await call("pdn", { ...record(g), tags });
      return res.error ? null : res.pdn;
    }
    return null;
  }

  const backend = window.frisianBackend = {
    async request(path, body) {
      const url = new URL(path, location.href);
      const h = handlers[url.pathname];
      if (!h) throw new Error(`no such request: ${url.pathname}`);
      const s = await h(url.searchParams, body || {});
      save(games.get(s.id));
      return s;
    },
    text,
    pdnURL: () => null,
    call, // the library's API itself, for a test or a console
    hardTime: 20000, // ms a call may take before the worker is given up as stuck
  };
})();
