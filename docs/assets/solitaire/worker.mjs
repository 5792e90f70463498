// The page's one engine: self-hosted Pyodide in a module Web Worker (Pyodide 314 refuses classic
// workers), shared by every widget of the page (widgets.js starts it).
//
// Messages from the page:
//   {type: "init", indexURL, wheelURL}   load Pyodide from indexURL (the site's own copy) and
//                                        install the engine's wheel from wheelURL (fetched meanwhile)
//   {type: "call", id, request}          engine.web.handle(request) once ready; request is JSON text
// Messages to the page:
//   {type: "progress", step, steps}      loading: step of steps done
//   {type: "ready"} | {type: "failed", error}
//   {type: "result", id, answer}         answer is JSON text ({"ok": true, "frame": ...} | {"ok": false, ...})
//
// Nothing is fetched from any other origin: no CDN, no micropip; the wheel is one URL.

const STEPS = 3;
let ready = null;

const progress = (step) => self.postMessage({ type: "progress", step, steps: STEPS });

// The wheel is fetched while Pyodide starts (the two downloads overlap) and then unpacked into
// site-packages, which is what loadPackage(url) would do after downloading it only then.
async function fetchWheel(wheelURL) {
  const response = await fetch(wheelURL);
  if (!response.ok) throw new Error(`engine wheel: ${response.status} ${response.statusText} (${wheelURL})`);
  return response.arrayBuffer();
}

async function start({ indexURL, wheelURL }) {
  progress(0);
  const wheel = fetchWheel(wheelURL);
  wheel.catch(() => {}); // reported below, once Pyodide is up
  const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
  const pyodide = await loadPyodide({ indexURL });
  progress(1);
  const site = pyodide.runPython("import sysconfig\nsysconfig.get_path('purelib')");
  pyodide.unpackArchive(await wheel, "wheel", { extractDir: site });
  progress(2);
  const handle = pyodide.runPython("import importlib\nimportlib.invalidate_caches()\nfrom engine.web import handle\nhandle");
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
