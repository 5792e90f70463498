// The page's one engine: self-hosted Pyodide in a module Web Worker (Pyodide 314 refuses classic
// workers), shared by every widget of the page (widgets.js starts it).
//
// Messages from the page:
//   {type: "init", indexURL, wheelURL, snapshot}   start the engine (below); snapshot is null or
//                                        {url, key, size} (hooks/widgets.py writes them into the page)
//   {type: "call", id, request}          engine.web.handle(request) once ready; request is JSON text
//   {type: "task", id, request, next, stop}
//                                        a long request in slices (the analysis board's solver): handle
//                                        request, then next again and again while the answer's frame says
//                                        busy, returning to the event loop between two slices, so that
//   {type: "cancel", id}                 is seen at once: the task then ends with handle(stop)
// Messages to the page:
//   {type: "progress", step, steps}      loading: step of steps done
//   {type: "ready"} | {type: "failed", error}
//   {type: "partial", id, answer}        a task's answer after each slice but the last
//   {type: "result", id, answer}         answer is JSON text ({"ok": true, "frame": ...} | {"ok": false, ...})
//
// Two ways to start, both from the site's own files (no CDN, no micropip):
// - from the build's memory snapshot (hooks/snapshot.mjs): Pyodide's memory as it was after the
//   engine was imported and warmed up, so neither the interpreter's start-up nor the engine's
//   import runs here, and neither the standard library nor the wheel is downloaded;
// - the plain start, when the page names no snapshot or the snapshot cannot be used (missing, made
//   for another engine or runtime, corrupt): loadPyodide, then the wheel with loadPackage(url).
//   A snapshot that fails is reported with console.warn (not console.error: the page still works,
//   only slower) and the worker starts the second way.
//
// Pyodide's snapshot options (_loadSnapshot here, makeMemorySnapshot at the build) are private, and
// createPyodideModule experimental: they may change with any release. The version is pinned in
// package.json, and the browser tests start widget pages from a snapshot and prove the fallback.
//
// The snapshot file (gzip, inflated here with DecompressionStream) holds:
//   "SOLSNAP1", u32 header length H, header JSON (padded to H)          H is a multiple of 16
//   Pyodide's own snapshot header (P bytes, header.pyodideHeader)
//   header.runs literal runs of memory: [offset, length] pairs (u32, byte offsets, word aligned)
//   the literal bytes of those runs, one after the other
// The memory is the runtime's memory as instantiated (the data of pyodide.asm.wasm, which the reader
// downloads anyway) with those runs written over it: what Python left as instantiated is not
// shipped twice. header.baseHash is a hash of the instantiated memory outside the runs, so a
// runtime that differs from the build's is detected, never patched into nonsense.
//
// This module also runs in Node: hooks/snapshot.mjs imports it to check the file it made with
// exactly the code the browser runs.
//
// A synchronous Python call holds the worker until it returns: a task's slices are short (the engine
// searches at most the milliseconds the page asks for), and between two of them every other message
// (the reader's moves, a Cancel) is answered.

const STEPS = 3;
const MAGIC = "SOLSNAP1";

// ---- the snapshot file ---------------------------------------------------------------------------

// FNV-style hash over the words outside the literal runs; rotations carry high bits down.
export function baseHash(words, runs) {
  let hash = 0x811c9dc5;
  let at = 0;
  const mix = (end) => {
    for (let i = at; i < end; i++) {
      hash = Math.imul(hash ^ words[i], 0x01000193);
      hash = (hash << 13) | (hash >>> 19);
    }
  };
  for (let r = 0; r < runs.length; r += 2) {
    mix(runs[r] >>> 2);
    at = (runs[r] + runs[r + 1]) >>> 2;
  }
  mix(words.length);
  return hash >>> 0;
}

// The inflated file → {header, pyodideHeader, runs, literals}; throws naming what is wrong.
export function parseSnapshot(bytes, expectedKey) {
  const text = (start, end) => new TextDecoder().decode(bytes.subarray(start, end));
  if (bytes.length < 16 || text(0, 8) !== MAGIC) throw new Error("not a snapshot file");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headerLength = view.getUint32(8, true);
  if (headerLength % 16 || headerLength > bytes.length) throw new Error("a malformed header");
  const header = JSON.parse(text(12, headerLength).replace(/\s+$/, ""));
  if (header.key !== expectedKey) throw new Error(`made for ${header.key}, the page expects ${expectedKey}`);
  const pyodideEnd = headerLength + header.pyodideHeader;
  const runsEnd = pyodideEnd + header.runs * 8;
  const runs = new Uint32Array(bytes.slice(pyodideEnd, runsEnd).buffer);
  let literalBytes = 0;
  for (let r = 1; r < runs.length; r += 2) literalBytes += runs[r];
  if (runsEnd + literalBytes !== bytes.length) throw new Error("a truncated file");
  return {
    header,
    pyodideHeader: bytes.subarray(headerLength, pyodideEnd),
    runs,
    literals: bytes.subarray(runsEnd),
  };
}

// A fetch Response with the gzipped file → the parsed snapshot. The file is read to its end before
// it is inflated (inflating as it arrives gains nothing measurable: the runtime's own files take
// longer to arrive, and a stream closed by the inflater at the end of its data reads as an aborted
// request to the browser).
export async function readSnapshot(response, expectedKey) {
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const gzipped = new Blob([await response.arrayBuffer()]);
  const inflated = gzipped.stream().pipeThrough(new DecompressionStream("gzip"));
  return parseSnapshot(new Uint8Array(await new Response(inflated).arrayBuffer()), expectedKey);
}

// Calls onMemory(bytes) with the runtime's memory as WebAssembly instantiation leaves it (the data
// of pyodide.asm.wasm, before any of the runtime's own start-up code has run: the same in every
// browser and in Node), by wrapping the instantiateWasm hook of the Emscripten settings. Returns a
// function that throws what went wrong there (Emscripten's hook must never throw: it would hang).
export function atInstantiation(settings, onMemory) {
  const instantiate = settings.instantiateWasm;
  if (!instantiate) throw new Error("this runtime instantiates its WebAssembly itself");
  let problem = new Error("the runtime was not instantiated");
  settings.instantiateWasm = (imports, done) => instantiate(imports, (instance, module) => {
    try {
      const memory = instance.exports.memory;
      if (!(memory instanceof WebAssembly.Memory)) throw new Error("this runtime does not import its memory");
      onMemory(new Uint8Array(memory.buffer));
      problem = null;
    } catch (error) {
      problem = error;
    }
    done(instance, module);
  });
  return () => {
    if (problem) throw problem;
  };
}

// The one word of the runtime's start that must stay this start's: CPython's call trampoline, a
// function-table index the runtime sets up from what the JavaScript engine offers (a browser with
// WebAssembly GC gets the fast one, Node 20 none). Pyodide's restore would put the build's there.
export function trampolineSlot(module) {
  if (module.__PyRuntime === undefined || module.__PyEM_EMSCRIPTEN_TRAMPOLINE_OFFSET === undefined) return null;
  return module.__PyRuntime + module.HEAP32[module.__PyEM_EMSCRIPTEN_TRAMPOLINE_OFFSET >>> 2];
}

// Pyodide's snapshot (its header, then the whole memory) into `target`, whose memory part already
// holds the instantiated memory: check that memory against the file's hash, then write the file's
// runs over it, and this start's trampoline.
export function assembleSnapshot(snapshot, target, module) {
  const { header, pyodideHeader, runs, literals } = snapshot;
  const start = pyodideHeader.length;
  if (target.length !== header.size || start + header.memory !== header.size) {
    throw new Error(`${target.length} bytes expected, the file describes ${header.size}`);
  }
  if (module.HEAPU8.length !== header.memory) throw new Error("the runtime's memory differs in size from the snapshot's");
  const words = new Uint32Array(target.buffer, target.byteOffset + start, header.memory >>> 2);
  if (baseHash(words, runs) !== header.baseHash) {
    throw new Error("this runtime's WebAssembly memory differs from the one the snapshot was made against");
  }
  target.set(pyodideHeader, 0);
  let at = 0;
  for (let r = 0; r < runs.length; r += 2) {
    target.set(literals.subarray(at, at + runs[r + 1]), start + runs[r]);
    at += runs[r + 1];
  }
  const slot = trampolineSlot(module);
  if (slot !== null) target.set(module.HEAPU8.subarray(slot, slot + 4), start + slot);
}

// loadPyodide options that start from `snapshot` (a promise of readSnapshot's result): Pyodide
// sizes its memory from _loadSnapshot (`size` bytes: its header, then the memory), instantiates the
// runtime (`runtime`: the pyodide.asm.mjs module, being imported) while the file still downloads
// and inflates, then restores from the same array, which createPyodideModule fills in between.
export function snapshotOptions({ indexURL, runtime, size, snapshot, stdLibURL, lockFileURL }) {
  const target = new Uint8Array(size);
  return {
    indexURL,
    stdLibURL,
    lockFileURL,
    _loadSnapshot: target,
    createPyodideModule: async (settings) => {
      const instantiated = atInstantiation(settings, (memory) => {
        if (memory.length > size) throw new Error("the runtime's memory is larger than the snapshot");
        target.set(memory, size - memory.length);
      });
      const module = await (await runtime).default(settings);
      instantiated();
      assembleSnapshot(await snapshot, target, module);
      return module;
    },
  };
}

// ---- starting --------------------------------------------------------------------------------------

const progress = (step) => self.postMessage({ type: "progress", step, steps: STEPS });

const engineHandle = (pyodide) => pyodide.runPython("from engine.web import handle\nhandle");

async function startFromSnapshot(loadPyodide, indexURL, { url, key, size }) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const snapshot = readSnapshot(response, key);
  snapshot.catch(() => {}); // awaited in createPyodideModule; a failure there fails loadPyodide
  const pyodide = await loadPyodide(snapshotOptions({
    indexURL,
    runtime: import(new URL("pyodide.asm.mjs", indexURL).href),
    size,
    snapshot,
    // Both next to the snapshot: an empty standard library archive (every module the engine uses is
    // in the snapshot) and a lock file that lists no packages (none is ever installed by name).
    stdLibURL: new URL("python_stdlib.zip", url).href,
    lockFileURL: new URL("pyodide-lock.json", url).href,
  }));
  progress(2);
  return engineHandle(pyodide);
}

async function startFromWheel(loadPyodide, indexURL, wheelURL) {
  const pyodide = await loadPyodide({ indexURL });
  progress(1);
  // loadPackage resolves even when the download or the install failed: errorCallback is the only signal.
  const problems = [];
  await pyodide.loadPackage(wheelURL, {
    messageCallback: () => {},
    errorCallback: (message) => problems.push(String(message)),
  });
  if (problems.length) throw new Error(`engine wheel: ${problems.join("; ")}`);
  progress(2);
  return engineHandle(pyodide);
}

async function start({ indexURL, wheelURL, snapshot }) {
  progress(0);
  const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
  let handle = null;
  if (snapshot) {
    try {
      handle = await startFromSnapshot(loadPyodide, indexURL, snapshot);
    } catch (error) {
      const reason = String((error && error.message) || error).split("\n")[0];
      console.warn(`solitaire: the memory snapshot ${snapshot.url} cannot be used (${reason}); `
        + "starting Pyodide and installing the engine's wheel instead");
    }
  }
  if (!handle) handle = await startFromWheel(loadPyodide, indexURL, wheelURL);
  progress(3);
  return handle;
}

let ready = null;
const cancelled = new Set(); // tasks the page cancelled
const running = new Set();

// Is this answer a frame that says its task goes on?
function busy(answer) {
  try {
    const parsed = JSON.parse(answer);
    return Boolean(parsed.ok && parsed.frame && parsed.frame.busy);
  } catch {
    return false;
  }
}

async function task({ id, request, next, stop }) {
  running.add(id);
  let answer;
  try {
    const handle = await ready;
    answer = handle(request);
    while (busy(answer) && !cancelled.has(id)) {
      self.postMessage({ type: "partial", id, answer });
      await new Promise((resume) => setTimeout(resume)); // the event loop: a Cancel gets in here
      if (cancelled.has(id)) break;
      answer = handle(next);
    }
    if (cancelled.has(id)) answer = handle(stop);
  } catch (error) {
    answer = JSON.stringify({ ok: false, error: String((error && error.message) || error) });
  } finally {
    running.delete(id);
    cancelled.delete(id);
  }
  self.postMessage({ type: "result", id, answer });
}

async function receive({ data }) {
  if (data.type === "cancel") {
    if (running.has(data.id)) cancelled.add(data.id);
    return;
  }
  if (data.type === "task") {
    await task(data);
    return;
  }
  if (data.type === "init") {
    if (ready) return;
    ready = start(data);
    try {
      await ready;
      self.postMessage({ type: "ready" });
    } catch (error) {
      self.postMessage({ type: "failed", error: String((error && error.message) || error) });
    }
    return;
  }
  if (data.type === "call") {
    let handle = null;
    const answer = (request) => {
      try {
        return handle(request);
      } catch (error) {
        return JSON.stringify({ ok: false, error: String((error && error.message) || error) });
      }
    };
    try {
      handle = await ready;
    } catch (error) {
      handle = () => { throw error; };
    }
    self.postMessage({ type: "result", id: data.id, answer: answer(data.request) });
  }
}

// In a worker, answer the page; imported elsewhere (Node, for the build's check), only export.
if (typeof WorkerGlobalScope !== "undefined" && self instanceof WorkerGlobalScope) self.onmessage = receive;
