"""The widgets on a phone (DESIGN.md §8): targets a finger can hit, notices that never cover a control.

- Everything a reader taps or clicks in a widget (cards, column labels, the reserve or the stock,
  toolbar buttons, the rules menu, the move list) is at least 24 × 24 CSS px (WCAG 2.5.8), at every
  width from a 320 px phone to a desktop; a covered card counts only its visible strip.
- The start-up progress („Запуск движка правил… (0/3)”) and the error notice of an engine that could
  not start stand clear of every control of their widget and inside the screen, at 320 and 390 px.
"""

from __future__ import annotations

import shutil

import pytest
from accessibility_support import READY_MS, ready_widgets, start_widgets
from widget_site import page_url

pytestmark = pytest.mark.browser

TARGET = 24  # CSS px, WCAG 2.5.8
WIDTHS = (320, 390, 768, 1280)
PHONES = (320, 390)

# Every control of every widget whose visible target is under TARGET px, with its visible size.
SMALL_TARGETS = """(least) => {
    const small = [];
    for (const el of document.querySelectorAll('[data-widget] :is(button, a[href], select)')) {
        const box = el.getBoundingClientRect();
        if (!box.width && !box.height) continue;  // not drawn (inside something hidden)
        let height = box.height;
        // A covered card shows only its top strip, down to where the next card of its column begins.
        const next = el.closest('.sol-cards > li')?.nextElementSibling?.firstElementChild;
        if (next) height = Math.min(height, next.getBoundingClientRect().top - box.top);
        if (box.width < least || height < least) {
            small.push(`${el.closest('[data-widget]').id}: ${el.outerHTML.slice(0, 90)} ` +
                       `${box.width.toFixed(1)} × ${height.toFixed(1)}`);
        }
    }
    return small;
}"""

# For every widget whose notice (``selector`` inside it) shows: the controls of that widget the
# notice overlaps, and whether it leaves the screen. One evaluation, so one moment of the page.
NOTICE_PROBLEMS = """(selector) => {
    const problems = [];
    const shown = [];
    const overlap = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5
        && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
    for (const widget of document.querySelectorAll('[data-widget]')) {
        const notice = widget.querySelector(selector);
        if (!notice || notice.closest('[hidden]') || !notice.textContent.trim()) continue;
        const box = notice.getBoundingClientRect();
        shown.push(widget.id);
        if (box.left < 0 || box.right > document.documentElement.clientWidth) {
            problems.push(`${widget.id}: the notice leaves the screen (${box.left}–${box.right})`);
        }
        for (const control of widget.querySelectorAll('button, select, a[href]')) {
            if (overlap(box, control.getBoundingClientRect())) {
                problems.push(`${widget.id}: the notice covers ${control.outerHTML.slice(0, 80)}`);
            }
        }
    }
    return {shown, problems};
}"""


@pytest.fixture
def server(site, static_server):
    return static_server(site)


def phone(browser, width: int):
    return browser.new_context(viewport={"width": width, "height": 800}, is_mobile=True, has_touch=True)


@pytest.mark.parametrize("path", ["scorpion/rules/", "klondike/rules/"])
def test_every_target_is_at_least_24_px_square_at_every_width(browser, server, path):
    context = phone(browser, WIDTHS[0])
    try:
        page = context.new_page()
        page.goto(page_url(server.url, "en", path))
        ready_widgets(page)
        small = []
        for width in WIDTHS:
            page.set_viewport_size({"width": width, "height": 800})
            small += [f"{width} px: {target}" for target in page.evaluate(SMALL_TARGETS, TARGET)]
        assert not small, f"targets under {TARGET} px:\n  " + "\n  ".join(small[:20])
    finally:
        context.close()


@pytest.mark.parametrize("width", PHONES)
def test_the_start_up_progress_never_covers_a_control(browser, server, width):
    context = phone(browser, width)
    try:
        page = context.new_page()
        page.goto(page_url(server.url, "ru", "scorpion/rulings/"))  # long words, a toolbar that wraps
        start_widgets(page)
        page.wait_for_selector('[data-role="progress"]:not([hidden])', timeout=READY_MS)
        found = page.evaluate(NOTICE_PROBLEMS, '[data-role="progress"]')
        assert found["shown"] and not found["problems"], found
    finally:
        context.close()


def test_the_error_notice_never_covers_a_control(tmp_path, browser, static_server, site):
    broken = tmp_path / "site"
    shutil.copytree(site, broken)
    for wheel in (broken / "wheels").rglob("*.whl"):
        wheel.unlink()
    shutil.rmtree(broken / "snapshots")  # no memory snapshot either: the engine cannot start at all
    server = static_server(broken)
    context = phone(browser, PHONES[0])
    try:
        page = context.new_page()
        page.goto(page_url(server.url, "ru", "scorpion/rulings/"))
        start_widgets(page)
        page.wait_for_selector('[data-widget][data-state="error"]', state="attached", timeout=READY_MS)
        found = page.evaluate(NOTICE_PROBLEMS, '[data-role="message"]')
        assert found["shown"] and not found["problems"], found
    finally:
        context.close()
