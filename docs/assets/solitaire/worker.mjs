// The page's one engine: self-hosted Pyodide in a module Web Worker (Pyodide 314 refuses classic
// workers), shared by every widget of the page (widgets.js starts it).
//
// Messages from the page:
//   {type: "init", indexURL, wheelURL}   load Pyodide from indexURL (the site's own copy) and
//                                        install the engine's wheel from wheelURL
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
// A synchronous Python call holds the worker until it returns: a task's slices are short (the engine
// searches at most the milliseconds the page asks for), and between two of them every other message
// (the reader's moves, a Cancel) is answered.
//
// Nothing is fetched from any other origin: no CDN, no micropip; loadPackage gets one URL.

const STEPS = 3;
let ready = null;

const progress = (step) => self.postMessage({ type: "progress", step, steps: STEPS });

async function start({ indexURL, wheelURL }) {
  progress(0);
  const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
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
  const handle = pyodide.runPython("from engine.web import handle\nhandle");
  progress(3);
  return handle;
}

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

self.onmessage = async ({ data }) => {
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
    let answer;
    try {
      const handle = await ready;
      answer = handle(data.request);
    } catch (error) {
      answer = JSON.stringify({ ok: false, error: String((error && error.message) || error) });
    }
    self.postMessage({ type: "result", id: data.id, answer });
  }
};
