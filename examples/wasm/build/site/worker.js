// The library in a Web Worker: the page posts {id, fn, arg} and gets back
// {id, result}, the answer of globalThis.frisian[fn](arg), which is an
// object, with an error field when the call failed. Running here, a long
// computation (the computer's search, a made-up position's captures)
// never freezes the page.
"use strict";
importScripts("wasm_exec.js");

const ready = new Promise((resolve, reject) => {
  self.frisianReady = resolve;
  const go = new Go();
  const start = (result) => {
    go.run(result.instance); // resolves when the module exits, which it does not
  };
  WebAssembly.instantiateStreaming(fetch("frisian.wasm"), go.importObject)
    .catch(() => fetch("frisian.wasm") // a server that does not say application/wasm
      .then((res) => res.arrayBuffer())
      .then((bytes) => WebAssembly.instantiate(bytes, go.importObject)))
    .then(start, reject);
});

self.onmessage = async (event) => {
  const { id, fn, arg } = event.data;
  let result;
  try {
    await ready;
    result = self.frisian[fn] ? self.frisian[fn](arg) : { error: `no function ${fn}` };
  } catch (err) {
    result = { error: `the module failed: ${err && err.message ? err.message : err}` };
  }
  self.postMessage({ id, result });
};
