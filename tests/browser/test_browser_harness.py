"""The real-browser harness catches what the widget tests rely on it to catch.

A guard that never fires proves nothing: each test here breaks one rule on purpose and checks that
the fixtures of conftest.py notice (tests/chromium.py).
"""

from __future__ import annotations

import urllib.request

import pytest
from chromium import PageLog, is_local

WORKER_PAGE = """<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,">
<output id="done" data-state="loading"></output>
<script type="module">
const worker = new Worker("worker.mjs", { type: "module" });
worker.onmessage = () => { document.getElementById("done").dataset.state = "ready"; };
</script>
"""


def serve_worker_page(tmp_path, static_server, worker_source: str):
    (tmp_path / "index.html").write_text(WORKER_PAGE)
    (tmp_path / "worker.mjs").write_text(worker_source)
    return static_server(tmp_path)


def test_the_static_server_sends_the_types_pyodide_needs(tmp_path, static_server):
    # instantiateStreaming insists on application/wasm; module scripts on a JavaScript type.
    for name in ("a.mjs", "a.js", "a.wasm", "a.whl", "a.json", "a.zip", "index.html"):
        (tmp_path / name).write_bytes(b"{}")
    server = static_server(tmp_path)
    expected = {
        "a.mjs": "text/javascript",
        "a.js": "text/javascript",
        "a.wasm": "application/wasm",
        "a.whl": "application/octet-stream",
        "a.json": "application/json",
        "a.zip": "application/zip",
        "index.html": "text/html",
    }
    for name, content_type in expected.items():
        with urllib.request.urlopen(server.url + name) as response:
            assert response.headers.get_content_type() == content_type, name
    assert [served.path for served in server.log] == [f"/{name}" for name in expected]
    assert all(served.bytes_sent > 2 for served in server.log)


def test_only_127_0_0_1_counts_as_local():
    assert is_local("http://127.0.0.1:8000/hu/")
    assert is_local("data:,")
    assert is_local("blob:http://127.0.0.1:8000/1234")
    assert not is_local("http://localhost:8000/")  # pages use relative URLs; nothing else is needed
    assert not is_local("https://cdn.jsdelivr.net/pyodide/v314.0.7/full/pyodide.mjs")
    assert not is_local("https://fonts.googleapis.com/css")


@pytest.mark.allow_console_errors
def test_a_request_from_a_worker_leaving_127_0_0_1_is_seen_and_blocked(
    tmp_path, static_server, page, page_log
):
    # The address is never reached: the context aborts it inside the browser (block_offsite).
    server = serve_worker_page(
        tmp_path,
        static_server,
        'fetch("https://example.invalid/pyodide.mjs").catch(() => {}).finally(() => self.postMessage(1));',
    )
    page.goto(server.url + "index.html")
    page.wait_for_selector('#done[data-state="ready"]', state="attached")

    assert page_log.offsite_requests() == ["https://example.invalid/pyodide.mjs"]
    assert any("example.invalid" in failure for failure in page_log.failed_requests)
    with pytest.raises(AssertionError, match="left 127.0.0.1"):
        page_log.assert_local_only()
    page_log.requests.clear()  # the fixture's own final check would fail the test otherwise


@pytest.mark.allow_console_errors
def test_a_console_error_in_a_worker_is_seen(tmp_path, static_server, page, page_log):
    server = serve_worker_page(tmp_path, static_server, 'console.error("boom"); self.postMessage(1);')
    page.goto(server.url + "index.html")
    page.wait_for_selector('#done[data-state="ready"]', state="attached")

    assert [error for error in page_log.console_errors if error.startswith("boom")]
    with pytest.raises(AssertionError, match="boom"):
        page_log.assert_no_console_errors()


@pytest.mark.allow_console_errors
def test_a_missing_file_and_an_uncaught_error_are_seen(tmp_path, static_server, page, page_log):
    (tmp_path / "index.html").write_text(
        '<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,">'
        '<script src="missing.js"></script><script>throw new Error("uncaught")</script>'
    )
    server = static_server(tmp_path)
    page.goto(server.url + "index.html")

    assert any("missing.js: HTTP 404" in failure for failure in page_log.failed_requests)
    assert any("uncaught" in error for error in page_log.page_errors)
    page_log.assert_local_only()


def test_a_clean_page_passes(tmp_path, static_server, page, page_log):
    server = serve_worker_page(tmp_path, static_server, "self.postMessage(1);")
    page.goto(server.url + "index.html")
    page.wait_for_selector('#done[data-state="ready"]', state="attached")

    page_log.assert_clean()
    assert isinstance(page_log, PageLog)
    assert len(page_log.requests) == 2
