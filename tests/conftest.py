"""Shared fixtures. The real-browser ones drive Debian's chromium through Playwright (tests/chromium.py).

Fixtures for real-browser tests (any test using them is marked ``browser`` automatically):

- ``browser``        session-scoped Playwright ``Browser`` (Debian's /usr/bin/chromium, headless).
- ``static_server``  factory: ``static_server(folder)`` serves a folder on 127.0.0.1 on a free port and
                     returns a ``StaticServer`` (``.url``, ``.log`` of requests with bytes sent).
- ``page``           a fresh page in a fresh browser context (cold cache) with its ``page_log``.
- ``page_log``       the ``PageLog`` of that context: ``.requests``, ``.console_errors``,
                     ``.assert_local_only()``, ``.assert_no_console_errors()``, ``.assert_clean()``.

After every test that used ``page``, the fixture itself checks that no request left 127.0.0.1 and
that the page logged no error; mark a test ``@pytest.mark.allow_console_errors`` when it provokes
errors on purpose (it still may not leave 127.0.0.1).

If chromium is missing, these tests fail (they never skip): ``make test`` installs it.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"
# The support modules (chromium.py, pyodide_runtime.py) import by their plain names, whether or not
# tests/ ever becomes a package.
if str(TESTS) not in sys.path:
    sys.path.insert(0, str(TESTS))

from chromium import ChromiumMissing, PageLog, StaticServer, block_offsite, launch  # noqa: E402

BROWSER_FIXTURES = frozenset({"browser", "page", "page_log", "browser_context"})


def pytest_configure(config):
    config.addinivalue_line(
        "markers",
        "allow_console_errors: the test provokes page errors on purpose; "
        "the page fixture then checks only that no request left 127.0.0.1",
    )


def pytest_collection_modifyitems(items):
    # A test that touches the browser is a browser test, whether or not its author said so.
    for item in items:
        if BROWSER_FIXTURES.intersection(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def site() -> Path:
    """The checkout's site with its widgets, built once per session (``widget_site.built``)."""
    from widget_site import built

    return built()


@pytest.fixture(scope="session")
def playwright():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as running:
        yield running


@pytest.fixture(scope="session")
def browser(playwright):
    try:
        browser = launch(playwright)
    except ChromiumMissing as missing:
        pytest.fail(str(missing), pytrace=False)
    yield browser
    browser.close()


@pytest.fixture
def static_server():
    servers: list[StaticServer] = []

    def serve(root) -> StaticServer:
        server = StaticServer(root).start()
        servers.append(server)
        return server

    yield serve
    for server in servers:
        server.stop()


@pytest.fixture
def browser_context(browser):
    context = browser.new_context()
    context.set_default_timeout(30_000)
    block_offsite(context)
    log = PageLog.attach(context)
    yield context, log
    context.close()


@pytest.fixture
def page_log(browser_context) -> PageLog:
    return browser_context[1]


@pytest.fixture
def page(request, browser_context):
    context, log = browser_context
    page = context.new_page()
    yield page
    if request.node.get_closest_marker("allow_console_errors"):
        log.assert_local_only()
    else:
        log.assert_clean()
