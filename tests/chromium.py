"""Real-browser support for the tests and the benchmarks: Debian's chromium, driven by Playwright.

Three pieces, each usable without pytest (the fixtures in ``conftest.py`` wrap them):

- :func:`launch` starts Debian's ``/usr/bin/chromium`` through Playwright's ``executable_path``
  (``playwright install`` cannot download browsers on this project's machines), headless, with the
  flags that keep it from calling home.
- :class:`StaticServer` serves a folder on 127.0.0.1 on a free port from a background thread, with
  the MIME types Pyodide needs, and logs every request it answered with the bytes it sent. It can
  let the browser cache what it serves (``cache=``) and send through a slow :class:`Link` (a
  bandwidth shared by every connection, as a token bucket, and a delay before each response).
- :class:`PageLog` records, for one browser context, every request URL (the page's and its Web
  Workers'), every console error (page and workers), every uncaught error and every failed request,
  so that a test can assert that nothing left 127.0.0.1 and the console stayed clean.

    with sync_playwright() as playwright, StaticServer("site") as server:
        browser = launch(playwright)
        context = browser.new_context()
        block_offsite(context)
        log = PageLog.attach(context)
        page = context.new_page()
        page.goto(server.url + "hu/")
        log.assert_clean()
"""

from __future__ import annotations

import functools
import http.server
import os
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote, urlsplit

CHROMIUM = Path(os.environ.get("CHROMIUM", "/usr/bin/chromium"))

# As root, without a GPU, on a machine whose network reaches only package registries: without the
# background-networking flags chromium keeps trying (and failing) to reach Google's hosts.
CHROMIUM_ARGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)

# Instead of block_offsite where a page must use the HTTP cache (Playwright turns the cache off for
# a context whose requests it routes): every request not to the loopback goes to a proxy that is
# not there (chromium never sends loopback requests through a proxy).
NO_OFFSITE_ARGS = ("--proxy-server=http://127.0.0.1:9",)

LOCAL_HOSTS = frozenset({"127.0.0.1"})
# Schemes that never touch the network.
LOCAL_SCHEMES = frozenset({"data", "blob", "about", "chrome-error"})

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".map": "application/json",
    ".wasm": "application/wasm",
    ".whl": "application/octet-stream",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".woff2": "font/woff2",
    ".txt": "text/plain; charset=utf-8",
    ".xml": "application/xml",
}


class ChromiumMissing(RuntimeError):
    """Debian's chromium is not installed where the tests look for it."""


def launch(playwright, *, executable: Path = CHROMIUM, args=CHROMIUM_ARGS, **options):
    """Start Debian's chromium headless and return Playwright's ``Browser``."""
    if not executable.exists():
        raise ChromiumMissing(
            f"{executable} does not exist: the real-browser tests need Debian's chromium "
            "(`make browser`, or `apt-get install chromium`)"
        )
    return playwright.chromium.launch(
        executable_path=str(executable), headless=True, args=list(args), **options
    )


def launch_with_profile(playwright, profile: str | os.PathLike, *, executable: Path = CHROMIUM,
                        args=CHROMIUM_ARGS + NO_OFFSITE_ARGS, **options):
    """Start Debian's chromium with a user profile in the folder ``profile`` (created empty: a new
    reader) and return its Playwright ``BrowserContext``. Unlike :func:`launch`'s contexts, which
    keep a small cache in memory, it has a disk cache, as a reader's browser does: the one to
    measure a reader who comes back (Pyodide's WebAssembly alone is bigger than the memory cache
    takes). Requests that would leave 127.0.0.1 fail (``NO_OFFSITE_ARGS``)."""
    if not executable.exists():
        raise ChromiumMissing(f"{executable} does not exist: the real-browser tests need Debian's chromium")
    return playwright.chromium.launch_persistent_context(
        str(profile), executable_path=str(executable), headless=True, args=list(args), **options
    )


# ---- the static server ---------------------------------------------------------------------------


@dataclass(frozen=True)
class ServedRequest:
    """One request the static server answered."""

    method: str
    path: str
    status: int
    bytes_sent: int  # status line, headers and body, as written to the socket


@dataclass(frozen=True)
class Link:
    """The network between the browser and the server: every response starts ``latency`` seconds
    after its request, and all responses together get ``bytes_per_second`` (parallel downloads
    share it, as on one real link)."""

    bytes_per_second: float
    latency: float
    chunk: int = 16 * 1024  # bytes sent at a time: downloads in parallel interleave at this grain

    @classmethod
    def mbit(cls, megabits_per_second: float, latency_ms: float) -> Link:
        return cls(megabits_per_second * 1e6 / 8, latency_ms / 1000)


class _TokenBucket:
    """One link's bandwidth, shared by every connection: :meth:`take` reserves bytes and waits
    until the link has carried everything reserved before them (first come, first served)."""

    def __init__(self, bytes_per_second: float, burst: int):
        self.rate = bytes_per_second
        self.burst = burst
        self.tokens = float(burst)
        self.last = time.monotonic()
        self.lock = threading.Lock()

    def take(self, count: int) -> None:
        with self.lock:
            now = time.monotonic()
            self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate) - count
            self.last = now
            wait = -self.tokens / self.rate if self.tokens < 0 else 0.0
        if wait > 0:
            time.sleep(wait)


class _CountingWriter:
    """Wraps the handler's socket writer, counts what goes through it and, on a slow link, paces it."""

    def __init__(self, raw, server: _Server):
        self._raw = raw
        self._server = server
        self.count = 0

    def write(self, data):
        bucket, link = self._server.bucket, self._server.link
        if bucket is None:
            self._server.sent(len(data))
            self.count += len(data)
            return self._raw.write(data)
        view = memoryview(data)
        for start in range(0, len(view), link.chunk):
            piece = view[start:start + link.chunk]
            bucket.take(len(piece))
            self._raw.write(piece)
            self._server.sent(len(piece))
            self.count += len(piece)
        return len(view)

    def __getattr__(self, name):
        return getattr(self._raw, name)


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    server: _Server

    def setup(self):
        super().setup()
        self.wfile = _CountingWriter(self.wfile, self.server)

    def handle_one_request(self):
        self.wfile.count = 0
        self._status = 0
        self._number = 0
        try:
            super().handle_one_request()
        finally:
            if self._status:
                path = unquote(urlsplit(self.path).path)
                self.server.answered(ServedRequest(self.command, path, int(self._status), self.wfile.count),
                                     self._number)

    def send_response(self, code, message=None):
        if not self._status:
            self._number = self.server.answering()  # before the client can see a byte of this response
            if self.server.link is not None:
                time.sleep(self.server.link.latency)
        self._status = code
        super().send_response(code, message)

    def end_headers(self):
        # Every load is a cold load unless a test says otherwise: nothing is cached between contexts
        # anyway, and within one context a test reload must not hide a missing file.
        if self.server.cache:
            self.send_header("Cache-Control", self.server.cache)
        super().end_headers()

    def log_message(self, format, *args):
        pass  # the request log is ServedRequest records, not stderr noise


class _Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, address, handler, *, cache: str | None, link: Link | None):
        super().__init__(address, handler)
        self.cache = cache
        self.link = link
        self.bucket = _TokenBucket(link.bytes_per_second, link.chunk) if link else None
        self.log: list[tuple[int, ServedRequest]] = []  # (the answer's number, counted when it began; it)
        self._answers = 0
        self.in_flight = 0
        self.total_sent = 0  # bytes written to every socket so far, responses still running included
        self.settled = threading.Condition()

    def sent(self, count: int) -> None:
        with self.settled:
            self.total_sent += count

    def answering(self) -> int:
        """An answer begins: its number, in the order answers begin."""
        with self.settled:
            self.in_flight += 1
            self._answers += 1
            return self._answers

    def answered(self, served: ServedRequest, number: int) -> None:
        """An answer has finished: logged with its number, for ``settled_log`` to list the answers
        in the order they began. (The threads that finish them may log out of order: a client that
        has read a whole answer may ask the next one before the thread that sent the first logs it.)"""
        with self.settled:
            self.log.append((number, served))
            self.in_flight -= 1
            self.settled.notify_all()

    def clear(self) -> None:
        with self.settled:
            self.log.clear()
            self.total_sent = 0

    def settled_log(self, timeout: float) -> list[ServedRequest]:
        """The log once every response already begun is finished (a client may have read it all
        before the serving thread got to write its log entry), in the order the answers began."""
        with self.settled:
            self.settled.wait_for(lambda: self.in_flight == 0, timeout=timeout)
            return [served for _, served in sorted(self.log, key=lambda entry: entry[0])]


class StaticServer:
    """Serves ``root`` on http://127.0.0.1:<free port>/ from a background thread.

    ``url`` ends with a slash; ``log`` lists every request answered (method, path, status, bytes).
    ``cache`` is every response's Cache-Control header (default ``no-store``: every load is cold;
    ``max-age=3600`` lets a browser keep what it loaded; None sends none); ``link`` a slow
    :class:`Link` to send through (default: loopback as it is).
    Use it as a context manager, or call :meth:`start` and :meth:`stop`.
    """

    def __init__(self, root: str | os.PathLike, *, host: str = "127.0.0.1", cache: str | None = "no-store",
                 link: Link | None = None):
        self.root = Path(root).resolve()
        if not self.root.is_dir():
            raise NotADirectoryError(f"static server root {self.root} is not a folder")
        self.host = host
        self.cache = cache
        self.link = link
        self._server: _Server | None = None
        self._thread: threading.Thread | None = None

    def start(self) -> StaticServer:
        handler = functools.partial(_Handler, directory=str(self.root))
        self._server = _Server((self.host, 0), handler, cache=self.cache, link=self.link)
        self._thread = threading.Thread(
            target=self._server.serve_forever, name=f"static-server:{self.root.name}", daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._thread.join(timeout=5)
            self._server = None

    def __enter__(self) -> StaticServer:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()

    @property
    def port(self) -> int:
        return self._server.server_address[1]

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}/"

    @property
    def log(self) -> list[ServedRequest]:
        """Every request answered so far, in the order the answers began."""
        return self._server.settled_log(timeout=10)

    def bytes_sent(self) -> int:
        return sum(served.bytes_sent for served in self.log)

    def bytes_written(self) -> int:
        """Bytes written to the browser so far, of finished and of running responses alike."""
        with self._server.settled:
            return self._server.total_sent

    def clear_log(self) -> None:
        self._server.clear()


# ---- what a page did -----------------------------------------------------------------------------


def is_local(url: str) -> bool:
    """True when loading ``url`` cannot leave this machine's 127.0.0.1."""
    parts = urlsplit(url)
    if parts.scheme in LOCAL_SCHEMES:
        return True
    return parts.hostname in LOCAL_HOSTS


def block_offsite(context) -> None:
    """Abort, inside the browser, every request of ``context`` that would leave 127.0.0.1.

    A safety net: this machine's network is closed anyway, and the tests assert that no such
    request was even attempted (:meth:`PageLog.assert_local_only`); blocking keeps a page that
    breaks that rule from sending anything out and makes it fail fast instead of timing out.
    """
    context.route(lambda url: not is_local(url), lambda route: route.abort("blockedbyclient"))


@dataclass
class PageLog:
    """Everything a browser context did that a test may want to assert on.

    Attach it to a context before the first page opens (:meth:`attach`); it follows every page of
    the context and every Web Worker of those pages.
    """

    requests: list[str] = field(default_factory=list)
    console: list[tuple[str, str]] = field(default_factory=list)  # (type, text), all messages
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    failed_requests: list[str] = field(default_factory=list)  # network failures and HTTP >= 400
    started: float = field(default_factory=time.perf_counter)

    @classmethod
    def attach(cls, context) -> PageLog:
        log = cls()
        context.on("request", lambda request: log.requests.append(request.url))
        context.on("requestfailed", log._on_request_failed)
        context.on("response", log._on_response)
        context.on("console", log._on_console)
        context.on("weberror", lambda error: log.page_errors.append(str(error.error)))
        return log

    def _on_console(self, message) -> None:
        text = message.text
        location = message.location or {}
        if location.get("url"):
            text = f"{text} ({location['url']}:{location.get('lineNumber', 0)})"
        self.console.append((message.type, text))
        if message.type == "error":
            self.console_errors.append(text)

    def _on_request_failed(self, request) -> None:
        self.failed_requests.append(f"{request.url}: {request.failure}")

    def _on_response(self, response) -> None:
        if response.status >= 400:
            self.failed_requests.append(f"{response.url}: HTTP {response.status}")

    # ---- assertions ----

    def offsite_requests(self) -> list[str]:
        return [url for url in self.requests if not is_local(url)]

    def assert_local_only(self) -> None:
        offsite = self.offsite_requests()
        assert not offsite, f"requests left 127.0.0.1: {offsite}"

    def assert_no_console_errors(self) -> None:
        problems = self.console_errors + self.page_errors + self.failed_requests
        assert not problems, "the page reported errors:\n  " + "\n  ".join(problems)

    def assert_clean(self) -> None:
        self.assert_local_only()
        self.assert_no_console_errors()
