// The page's one engine: self-hosted Pyodide in a module Web Worker (Pyodide 314 refuses classic
// workers), shared by every widget of the page (widgets.js starts it).
//
// Messages from the page:
//   {type: "init", indexURL, wheelURL}   load Pyodide from indexURL (the site's own copy) and
//                                        install the engine's wheel from wheelURL
//   {type: "call", id, request}          engine.web.handle(request) once ready; request is JSON text
// Messages to the page:
//   {type: "progress", step, steps}      loading: step of steps done
//   {type: "ready"} | {type: "failed", error}
//   {type: "result", id, answer}         answer is JSON text ({"ok": true, "frame": ...} | {"ok": false, ...})
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

self.onmessage = async ({ data }) => {
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
