"""Every page usable by everyone (DESIGN.md §8): axe-core over the whole built site, and the cards' text.

Every page of the built site, in every language, in the light and the dark palette, with all its
widgets ready: no serious or critical axe-core violation, Material's own parts (header, search
dialog, navigation) included. The pages are listed from the built site, not from a list kept here.

One browser context serves all the pages, so the HTTP cache is warm after the first one (the site
is served with validators, not ``no-store``): each page still loads, starts its own engine and
renders its widgets. Two tabs take turns, so that one page starts its engine while axe checks the
other (the machines have two cores). Each page is loaded once and checked in both palettes,
switched with Material's toggle in the header, as a reader switches it; the page must really render
the palette (its scheme and a light or dark background) before axe runs.
"""

from __future__ import annotations

import re
from collections import defaultdict, deque

import pytest
from accessibility_support import (
    PALETTES,
    click_palette_toggle,
    describe_violations,
    ready_widgets,
    run_axe,
    serious,
    start_widgets,
    wait_for_widgets,
)
from chromium import PageLog, StaticServer, block_offsite
from widget_site import LANGUAGES

pytestmark = pytest.mark.browser

# Folders of the built site that hold no page: the runtime, the engine's wheel, the theme's assets.
NOT_PAGES = frozenset({"pyodide", "wheels", "assets", "search"})
HTML_LANG = re.compile(r'<html[^>]*\blang="([^"]+)"')
TABS = 2  # pages that load and start their engines while another one is checked


def pages_by_language(site) -> dict[str, list[str]]:
    """Every page of the built site (its URL path from the root), by the language its ``<html>`` says."""
    pages = defaultdict(list)
    for path in sorted(site.rglob("*.html")):
        relative = path.relative_to(site)
        if relative.parts[0] in NOT_PAGES:
            continue
        found = HTML_LANG.search(path.read_text(encoding="utf-8")[:2000])
        assert found, f"{relative}: no <html lang>"
        pages[found.group(1)].append(relative.as_posix().removesuffix("index.html"))
    return dict(pages)


@pytest.fixture(scope="module")
def pages(site) -> dict[str, list[str]]:
    return pages_by_language(site)


@pytest.fixture(scope="module")
def served(site):
    with StaticServer(site, cache=None) as server:  # validators, not no-store: a warm cache across pages
        yield server


@pytest.fixture(scope="module")
def reader(browser):
    """One browser context for every page (one warm HTTP cache) with its tabs; its log is checked by each test."""
    context = browser.new_context()
    context.set_default_timeout(30_000)
    block_offsite(context)
    log = PageLog.attach(context)
    tabs = [context.new_page() for _ in range(TABS)]
    yield tabs, log
    context.close()


def each_page_ready(tabs, urls):
    """Yield ``(tab, url)`` for every URL once all its widgets are ready; while the caller checks one
    page, the other tabs are already loading the next ones."""
    todo = iter(urls)
    loading = deque()
    for tab, url in zip(tabs, todo):
        tab.goto(url)
        start_widgets(tab)
        loading.append((tab, url))
    while loading:
        tab, url = loading.popleft()
        wait_for_widgets(tab)
        yield tab, url
        following = next(todo, None)
        if following is not None:
            tab.goto(following)
            start_widgets(tab)
            loading.append((tab, following))


def test_every_language_has_the_same_pages(pages):
    assert sorted(pages) == sorted(LANGUAGES)

    def own(lang: str) -> set[str]:  # one 404.html serves the whole site, in whichever language it is
        return {path.removeprefix(f"{lang}/") for path in pages[lang] if path != "404.html"}

    assert len(own("en")) >= 10
    for lang in LANGUAGES[1:]:
        assert own(lang) == own("en"), lang
    assert sum("404.html" in pages[lang] for lang in LANGUAGES) == 1


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_page_has_a_serious_or_critical_axe_violation_in_either_palette(reader, served, pages, lang):
    tabs, log = reader
    since = len(log.console_errors), len(log.page_errors), len(log.failed_requests)
    problems = []
    for page, url in each_page_ready(tabs, [served.url + path for path in pages[lang]]):
        where = url.removeprefix(served.url) or "/"
        assert page.get_attribute("html", "lang") == lang, where
        # The palette the page opened in first (the last choice persists), then the other one.
        first = page.evaluate("document.body.dataset.mdColorScheme")
        for scheme in sorted(PALETTES, key=lambda s: s != first):
            click_palette_toggle(page, scheme)
            problems += describe_violations(f"{where} [{scheme}]", serious(run_axe(page)))
    assert not problems, "serious or critical accessibility violations:\n  " + "\n  ".join(problems)
    log.assert_local_only()
    errors = log.console_errors[since[0]:] + log.page_errors[since[1]:] + log.failed_requests[since[2]:]
    assert not errors, "the pages reported errors:\n  " + "\n  ".join(errors)


def test_axe_checks_the_cards_ranks_and_the_boards_labels_in_both_palettes(reader, served):
    """The contrast of a card's rank (red and black) and of the board's labels is decided by axe, not
    left 'incomplete' (a background it cannot read, such as a hatch under the letters), and passes."""
    page = reader[0][0]
    page.goto(served.url + "scorpion/rules/")
    ready_widgets(page)
    ranks = page.eval_on_selector_all(
        "[data-widget] .sol-up .sol-rank",
        "els => els.map(e => [e.outerHTML, e.closest('.sol-card').classList.contains('sol-red')])",
    )
    board_text = ("sol-rank", "sol-label", "sol-column-label", "sol-count")
    for scheme in PALETTES:
        click_palette_toggle(page, scheme)
        results = run_axe(page, {"runOnly": ["color-contrast"], "resultTypes": ["passes", "incomplete", "violations"]})

        def checked(kind: str) -> list[str]:
            return [node["html"] for rule in results[kind] for node in rule["nodes"]]  # noqa: B023

        passed, undecided = checked("passes"), checked("incomplete")
        assert not checked("violations"), scheme
        assert not [html for html in undecided if any(f'class="{c}"' in html for c in board_text)], undecided[:5]
        for red in (True, False):
            shown = [html for html, is_red in ranks if is_red is red]
            assert shown and all(html in passed for html in shown), f"{scheme}, red={red}: not every rank passed"
        for label in ("sol-label", "sol-column-label"):
            assert any(f'class="{label}"' in html for html in passed), (scheme, label)


def test_no_card_moves_with_an_animation_when_the_reader_asks_for_reduced_motion(reader, served):
    """Under prefers-reduced-motion a picked card does not slide, and no replay plays by itself."""
    page = reader[0][0]
    page.goto(served.url + "scorpion/rules/")
    ready_widgets(page)
    durations = {}
    for motion in ("no-preference", "reduce"):
        page.emulate_media(reduced_motion=motion)
        durations[motion] = page.eval_on_selector_all(
            "[data-widget] .sol-card, [data-widget] button, [data-widget] a",
            "els => [...new Set(els.flatMap(e => { const s = getComputedStyle(e);"
            " return [s.transitionDuration, s.animationDuration]; }))]",
        )
    page.wait_for_timeout(1500)  # longer than one step of Play
    assert page.get_attribute("[data-widget=replay] [aria-current]", "data-index") == "0"
    page.emulate_media(reduced_motion=None)
    assert any(d != "0s" for d in durations["no-preference"])  # the check can fail: there is motion to turn off
    assert set(durations["reduce"]) == {"0s"}
