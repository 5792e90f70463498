// Make the widgets' memory snapshot: Pyodide in Node with the engine's wheel installed, imported and
// warmed up (hooks/snapshot_warmup.py), its memory saved the way the page's worker restores it
// (docs/assets/solitaire/worker.mjs describes the file), then checked by restoring it with the
// worker's own code. hooks/widgets.py runs this once per snapshot key and caches the result.
//
//   node hooks/snapshot.mjs --pyodide node_modules/pyodide --wheel engine.whl --key KEY --out DIR
//
// Writes into DIR: engine.snapshot.gz, python_stdlib.zip (an empty archive: the browser needs no
// module file), pyodide-lock.json (Pyodide's own lock file's info, no packages); prints one line of
// JSON (sizes, seconds). On failure: one line on stderr naming what failed, exit status 1.
//
// Pyodide's snapshot API (loadPyodide({_makeSnapshot}), makeMemorySnapshot, _loadSnapshot) is
// private: package.json pins the version, and a new version changes the key.

import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";

const HERE = dirname(fileURLToPath(import.meta.url));
const WORKER = join(HERE, "..", "docs", "assets", "solitaire", "worker.mjs");
const WARM_UP = join(HERE, "snapshot_warmup.py");
const MAGIC = "SOLSNAP1";
const MERGE_WORDS = 16; // literal runs closer than this many words (64 bytes) become one run
// A zip archive with no entries: its end-of-central-directory record alone.
const EMPTY_ZIP = Uint8Array.from([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]);

function fail(message) {
  process.stderr.write(`hooks/snapshot.mjs: ${String(message).split("\n")[0]}\n`);
  process.exit(1);
}

// Run hooks/snapshot_warmup.py's function `name` in Pyodide (the module is executed afresh and not
// kept: nothing of it stays in the snapshot but what its functions did); returns its JSON result.
function callWarmUp(pyodide, name) {
  const run = pyodide.runPython(`
def _snapshot_warm_up(source, name):
    import json, types
    module = types.ModuleType("snapshot_warmup")
    exec(compile(source, "hooks/snapshot_warmup.py", "exec"), module.__dict__)
    return json.dumps(getattr(module, name)())
_snapshot_warm_up`);
  try {
    return JSON.parse(run(readFileSync(WARM_UP, "utf8"), name));
  } catch (error) {
    // A Python error's message is its traceback: its last line says what went wrong.
    const lines = String((error && error.message) || error).trim().split("\n");
    throw new Error(`hooks/snapshot_warmup.py ${name}(): ${lines[lines.length - 1]}`);
  } finally {
    run.destroy();
    pyodide.runPython("del _snapshot_warm_up");
  }
}

// The runtime's memory as WebAssembly instantiation leaves it, for a snapshot of `size` bytes (what
// the worker's memory holds before it writes the snapshot's runs over it).
async function instantiatedMemory(loadPyodide, indexURL, size, files, worker) {
  const { default: createPyodideModule } = await import(pathToFileURL(join(indexURL, "pyodide.asm.mjs")).href);
  let memory = null;
  const enough = new Error("enough");
  try {
    await loadPyodide({
      indexURL,
      ...files,
      _loadSnapshot: new Uint8Array(size),
      createPyodideModule: async (settings) => {
        const instantiated = worker.atInstantiation(settings, (bytes) => {
          memory = bytes.slice();
        });
        await createPyodideModule(settings);
        instantiated();
        throw enough;
      },
    });
  } catch (error) {
    if (error !== enough) throw error;
  }
  return memory;
}

// Literal runs (byte offset, length; word aligned): where the snapshot's memory differs from the
// instantiated memory, or where two instantiations differ from each other (none should).
function literalRuns(memory, base1, base2) {
  const m = new Uint32Array(memory.buffer, memory.byteOffset, memory.length >>> 2);
  const a = new Uint32Array(base1.buffer, 0, m.length);
  const b = new Uint32Array(base2.buffer, 0, m.length);
  const runs = [];
  let start = -1;
  let last = -MERGE_WORDS - 1;
  for (let i = 0; i < m.length; i++) {
    if (m[i] === a[i] && a[i] === b[i]) continue;
    if (i - last > MERGE_WORDS) {
      if (start >= 0) runs.push(start * 4, (last + 1 - start) * 4);
      start = i;
    }
    last = i;
  }
  if (start >= 0) runs.push(start * 4, (last + 1 - start) * 4);
  return Uint32Array.from(runs);
}

function snapshotFile({ key, snapshot, memory, runs, baseHash }) {
  const pyodideHeader = snapshot.length - memory.length;
  let literalBytes = 0;
  for (let r = 1; r < runs.length; r += 2) literalBytes += runs[r];
  const header = {
    key,
    size: snapshot.length,
    memory: memory.length,
    pyodideHeader,
    runs: runs.length / 2,
    baseHash,
  };
  const json = new TextEncoder().encode(JSON.stringify(header));
  const headerLength = Math.ceil((12 + json.length) / 16) * 16;
  const file = new Uint8Array(headerLength + pyodideHeader + runs.byteLength + literalBytes);
  file.set(new TextEncoder().encode(MAGIC), 0);
  new DataView(file.buffer).setUint32(8, headerLength, true);
  file.fill(0x20, 12, headerLength);
  file.set(json, 12);
  file.set(snapshot.subarray(0, pyodideHeader), headerLength);
  let at = headerLength + pyodideHeader;
  file.set(new Uint8Array(runs.buffer), at);
  at += runs.byteLength;
  for (let r = 0; r < runs.length; r += 2) {
    file.set(memory.subarray(runs[r], runs[r] + runs[r + 1]), at);
    at += runs[r + 1];
  }
  return file;
}

async function main() {
  const { values } = parseArgs({
    options: { pyodide: { type: "string" }, wheel: { type: "string" }, key: { type: "string" }, out: { type: "string" } },
  });
  for (const name of ["pyodide", "wheel", "key", "out"]) if (!values[name]) fail(`--${name} is required`);
  const indexURL = resolve(values.pyodide) + "/";
  const out = resolve(values.out);
  mkdirSync(out, { recursive: true });
  const { loadPyodide } = await import(pathToFileURL(join(indexURL, "pyodide.mjs")).href);
  const worker = await import(pathToFileURL(WORKER).href);
  const seconds = {};
  let clock = performance.now();
  const lap = (name) => {
    const now = performance.now();
    seconds[name] = Math.round(now - clock) / 1000;
    clock = now;
  };

  // 1. Pyodide with the full standard library, the wheel unpacked into site-packages, the engine warmed up.
  const pyodide = await loadPyodide({ indexURL, _makeSnapshot: true });
  pyodide.unpackArchive(new Uint8Array(readFileSync(values.wheel)), "wheel");
  const modules = callWarmUp(pyodide, "warm_up");
  callWarmUp(pyodide, "forget_files");
  const snapshot = pyodide.makeMemorySnapshot();
  lap("warm_up");

  // 2. The files the browser fetches with it.
  const lock = JSON.parse(readFileSync(join(indexURL, "pyodide-lock.json"), "utf8"));
  writeFileSync(join(out, "pyodide-lock.json"), JSON.stringify({ info: lock.info, packages: {} }));
  writeFileSync(join(out, "python_stdlib.zip"), EMPTY_ZIP);
  const files = { stdLibURL: join(out, "python_stdlib.zip"), lockFileURL: join(out, "pyodide-lock.json") };

  // 3. What the runtime's memory holds as instantiated (twice: what differs between two is shipped).
  const base1 = await instantiatedMemory(loadPyodide, indexURL, snapshot.length, files, worker);
  const base2 = await instantiatedMemory(loadPyodide, indexURL, snapshot.length, files, worker);
  lap("instantiate");
  const pyodideHeader = new Uint32Array(snapshot.buffer, snapshot.byteOffset, 2)[1];
  const heap = snapshot.subarray(pyodideHeader);
  if (base1.length !== heap.length) fail(`the instantiated memory has ${base1.length} bytes, the snapshot's ${heap.length}`);
  const runs = literalRuns(heap, base1, base2);
  const baseHash = worker.baseHash(new Uint32Array(base1.buffer, 0, heap.length >>> 2), runs);
  const file = snapshotFile({ key: values.key, snapshot, memory: heap, runs, baseHash });
  const gz = gzipSync(file, { level: 9 });
  writeFileSync(join(out, "engine.snapshot.gz"), gz);
  lap("encode");

  // 4. The check: restore from the file with the worker's own code, and answer widgets.
  const restored = await loadPyodide(worker.snapshotOptions({
    indexURL,
    runtime: import(pathToFileURL(join(indexURL, "pyodide.asm.mjs")).href),
    size: snapshot.length,
    snapshot: worker.readSnapshot(new Response(gz), values.key),
    ...files,
  }));
  const check = callWarmUp(restored, "answers_without_imports");
  lap("check");

  let literalBytes = 0;
  for (let r = 1; r < runs.length; r += 2) literalBytes += runs[r];
  process.stdout.write(JSON.stringify({
    key: values.key,
    bytes: gz.length,
    size: snapshot.length,
    literal: literalBytes,
    runs: runs.length / 2,
    engine_modules: modules.length,
    python: check.python,
    modules: check.modules,
    seconds,
  }) + "\n");
}

main().catch((error) => fail((error && error.message) || error));
