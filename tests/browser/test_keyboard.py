"""The widgets with the keyboard alone, and what a screen reader hears (DESIGN.md §8).

No mouse anywhere here: the reader starts at the top of the page and moves with Tab and Shift+Tab,
the arrow keys, Home/End, Enter and Space. Wherever the focus lands in a widget it shows a ring of
at least 3:1 against what lies behind it (the page, the felt, a card), in the light and the dark
palette (set the way a reader's system sets it: ``prefers-color-scheme``). What the widget says
reaches a screen reader through its live regions: the description (``aria-live="polite"``,
``aria-atomic``) and the message (``role="status"``), compared here with the engine's own texts.
"""

from __future__ import annotations

import json
import re

import pytest
from accessibility_support import (
    PALETTES,
    assert_palette,
    contrast,
    flatten,
    heard_text,
    parse_colour,
    ready_widgets,
    run_axe,
    serious,
    shown_text,
)
from chromium import PageLog, block_offsite
from widget_site import page_url

import engine
from engine import render

pytestmark = pytest.mark.browser

REPLAY = "#won-game"  # the won Scorpion game on the examples page: many moves to step through
TRY = "#seed-deal"  # the try-it board on the Scorpion rules page
MOST_TABS = 400  # more than a page's header, navigation and text hold before its widgets


@pytest.fixture
def server(site, static_server):
    return static_server(site)


@pytest.fixture
def reader(browser, scheme):
    """A page in a fresh context whose system asks for the light or the dark palette; afterwards, no
    request left 127.0.0.1 and the console stayed clean."""
    context = browser.new_context(color_scheme="dark" if scheme == "slate" else "light")
    context.set_default_timeout(30_000)
    block_offsite(context)
    log = PageLog.attach(context)
    yield context.new_page()
    context.close()
    log.assert_clean()


def open_page(page, server, lang: str, path: str, scheme: str) -> None:
    page.goto(page_url(server.url, lang, path))
    assert_palette(page, scheme)
    ready_widgets(page)


def focused(page, selector: str) -> bool:
    return page.evaluate("(s) => document.activeElement?.matches(s) ?? false", selector)


def tab_to(page, selector: str, backwards: bool = False) -> None:
    """Press Tab (Shift+Tab) until the focus is on ``selector``, as a reader would."""
    key = "Shift+Tab" if backwards else "Tab"
    for _ in range(MOST_TABS):
        if focused(page, selector):
            return
        page.keyboard.press(key)
    raise AssertionError(f"{MOST_TABS} presses of {key} never reached {selector}")


def assert_focus_ring(page) -> None:
    """The focused element shows the keyboard's focus: a solid ring of at least 2 px whose colour has at
    least 3:1 against what lies behind it (its ancestors' backgrounds; on a board, a card's face too)."""
    ring = page.evaluate("""() => {
        const el = document.activeElement;
        const style = getComputedStyle(el);
        const layers = [];
        for (let node = el.parentElement; node; node = node.parentElement) {
            layers.push(getComputedStyle(node).backgroundColor);
        }
        const board = el.closest('.sol-board');
        const face = board?.querySelector('.sol-up');
        return {
            what: el.outerHTML.slice(0, 120), visible: el.matches(':focus-visible'),
            style: style.outlineStyle, width: parseFloat(style.outlineWidth), colour: style.outlineColor,
            layers, face: face ? getComputedStyle(face).backgroundColor : null,
        };
    }""")
    what = ring["what"]
    assert ring["visible"] and ring["style"] == "solid" and ring["width"] >= 2, ring
    colour = parse_colour(ring["colour"])
    assert colour[3] == 1, f"{what}: a see-through focus ring"
    behind = [flatten(ring["layers"])] + ([parse_colour(ring["face"])] if ring["face"] else [])
    for background in behind:
        assert contrast(colour, background) >= 3, f"{what}: focus ring {ring['colour']} on {background}"


def assert_contrast_checked(page, selector: str) -> None:
    """axe-core finds no contrast failure in the widget around ``selector`` and did check the text it
    shows (``selector`` itself, or the part of it shown to the eye when its words for a screen reader
    differ: a message after a move)."""
    widget = page.evaluate("(s) => '#' + document.querySelector(s).closest('[data-widget]').id", selector)
    results = run_axe(page, {"runOnly": ["color-contrast"], "resultTypes": ["passes", "violations"]}, within=widget)
    assert not serious(results)
    checked = page.eval_on_selector(selector, """el => {
        const shown = el.querySelector(':scope > [aria-hidden="true"]');
        return (shown || el).outerHTML;
    }""")
    assert checked in [node["html"] for rule in results["passes"] for node in rule["nodes"]], checked


def text(page, selector: str) -> str:
    return page.text_content(selector) or ""


def wait_for_index(page, index: int) -> None:
    page.wait_for_function(
        "([w, i]) => document.querySelector(`${w} [data-role=moves] [aria-current]`)?.dataset.index === String(i)",
        arg=[REPLAY, index],
    )


def assert_live_regions(page, widget: str) -> None:
    description = f"{widget} [data-role=description]"
    assert page.get_attribute(description, "aria-live") == "polite"
    assert page.get_attribute(description, "aria-atomic") == "true"
    assert page.get_attribute(f"{widget} [data-role=message]", "role") == "status"


def replay_position(page, moves: int):
    config = json.loads(page.get_attribute(REPLAY, "data-config"))
    pos = engine.position(config["game"], config["start"], rules=config["rules"])
    for token in config["moves"][:moves]:
        pos.play(token)
    return pos


# -- the replay ------------------------------------------------------------------------------------


@pytest.mark.parametrize("scheme", PALETTES)
def test_a_replay_is_stepped_with_the_keys_alone(reader, server, scheme):
    page, lang = reader, "hu"
    open_page(page, server, lang, "scorpion/examples/", scheme)
    assert_live_regions(page, REPLAY)
    description = f"{REPLAY} [data-role=description]"

    def says_position_after(moves: int) -> None:
        wait_for_index(page, moves)
        assert text(page, description) == replay_position(page, moves).describe(lang)

    tab_to(page, REPLAY)  # from the top of the page: the widget itself takes the focus
    assert_focus_ring(page)
    page.keyboard.press("ArrowRight")
    says_position_after(1)
    page.keyboard.press("End")
    total = len(json.loads(page.get_attribute(REPLAY, "data-config"))["moves"])
    says_position_after(total)
    page.keyboard.press("Home")
    says_position_after(0)
    tab_to(page, f'{REPLAY} [data-action="next"]')  # into the toolbar
    assert_focus_ring(page)
    page.keyboard.press("Enter")
    says_position_after(1)
    page.keyboard.press("Space")
    says_position_after(2)
    tab_to(page, f'{REPLAY} [data-role=moves] a[data-index="5"]')  # on to the move list
    assert_focus_ring(page)
    page.keyboard.press("Enter")
    says_position_after(5)


# -- the try-it board ------------------------------------------------------------------------------


def column_and_row(page, widget: str, selector: str) -> tuple[int, int]:
    """Where ``selector`` sits in the board's grid of buttons: (column, row among the column's buttons)."""
    return tuple(page.evaluate("""([w, s]) => {
        const el = document.querySelector(s);
        const columns = [...document.querySelectorAll(`${w} [data-role=board] [data-column]`)];
        const x = columns.findIndex((c) => c.contains(el));
        return [x, [...columns[x].querySelectorAll('button')].indexOf(el)];
    }""", [widget, selector]))


def arrow_to(page, widget: str, card: str) -> None:
    """Move the focus over the board with the arrow keys alone, to the card ``card``."""
    target = column_and_row(page, widget, f'{widget} [data-card="{card}"]')
    for _ in range(30):
        here = column_and_row(page, widget, f"{widget} :focus")
        if here == target:
            return
        if here[0] != target[0]:
            page.keyboard.press("ArrowRight" if here[0] < target[0] else "ArrowLeft")
        else:
            page.keyboard.press("ArrowDown" if here[1] < target[1] else "ArrowUp")
    raise AssertionError(f"the arrow keys never reached {card}")


@pytest.mark.parametrize("scheme", PALETTES)
def test_a_try_it_move_is_made_and_taken_back_with_the_keys_alone(reader, server, scheme):
    page, lang = reader, "ru"
    open_page(page, server, lang, "scorpion/rules/", scheme)
    assert_live_regions(page, TRY)
    message, description = f"{TRY} [data-role=message]", f"{TRY} [data-role=description]"
    start = text(page, description)

    tab_to(page, f"{TRY} [data-column] button[data-card]")  # the table's one tab stop
    assert_focus_ring(page)
    arrow_to(page, TRY, "4C")  # first a move the rules refuse: 4♣ onto 5♥
    page.keyboard.press("Enter")
    arrow_to(page, TRY, "5H")
    page.keyboard.press("Enter")
    page.wait_for_function("(s) => document.querySelector(s).dataset.legal === 'false'", arg=message)
    assert text(page, message) == engine.Verdict(False, "same-suit").message(lang)
    assert text(page, description) == start
    assert_contrast_checked(page, message)  # the refusal's red

    arrow_to(page, TRY, "4H")
    assert_focus_ring(page)
    page.keyboard.press("Enter")  # pick 4♥
    assert page.get_attribute(f'{TRY} [data-card="4H"]', "aria-pressed") == "true"
    name = page.get_attribute(f'{TRY} [data-card="4H"]', "aria-label")
    assert text(page, message) == render.text("selected", lang, card=name)
    assert_focus_ring(page)  # the ring shows around a picked card too
    arrow_to(page, TRY, "5H")  # column 7
    page.keyboard.press("Enter")  # 4♥ (and 7♠ on it) onto 5♥
    page.wait_for_function("(s) => document.querySelector(s).dataset.legal === 'true'", arg=message)
    assert shown_text(page, message) == render.made_text(render.move_parts("4H>7"), 5, lang)
    assert heard_text(page, message) == render.made_said(render.move_parts("4H>7"), 5, lang)
    assert_contrast_checked(page, message)  # the green of a legal move
    config = json.loads(page.get_attribute(TRY, "data-config"))
    pos = engine.position(config["game"], config["start"], rules=config["rules"])
    pos.play("4H>7")
    assert text(page, description) == pos.describe(lang)

    tab_to(page, f'{TRY} [data-action="undo"]', backwards=True)  # back up to the toolbar
    assert_focus_ring(page)
    page.keyboard.press("Space")
    page.wait_for_function("([s, t]) => document.querySelector(s).textContent === t",
                           arg=[message, render.text("undone", lang)])
    assert text(page, description) == start
    assert page.get_attribute(f'{TRY} [data-card="4H"]', "aria-pressed") == "false"


# -- live regions while stepping quickly -----------------------------------------------------------

COUNT_LIVE_CHANGES = """(widget) => {
    window.liveChanges = new Map();
    for (const region of document.querySelectorAll(`${widget} [aria-live], ${widget} [role=status]`)) {
        window.liveChanges.set(region, 0);
        new MutationObserver(() => window.liveChanges.set(region, window.liveChanges.get(region) + 1))
            .observe(region, {childList: true, characterData: true, subtree: true});
    }
}"""


@pytest.mark.parametrize("scheme", ["default"])
def test_quick_steps_are_announced_once_when_stepping_settles(reader, server, scheme):
    """Five quick presses of → are one change for a screen reader: each live region of the widget
    changes once, to the position reached, not five times (a reader would hear five descriptions)."""
    page, lang = reader, "en"
    open_page(page, server, lang, "scorpion/examples/", scheme)
    tab_to(page, REPLAY)
    page.evaluate(COUNT_LIVE_CHANGES, REPLAY)
    # five presses at once, as a key held down repeats (a loaded machine can space separate presses
    # further apart than the widget's settling time, which would rightly be five changes)
    page.evaluate("""() => { for (let i = 0; i < 5; i++) document.activeElement.dispatchEvent(
        new KeyboardEvent("keydown", {key: "ArrowRight", bubbles: true})); }""")
    wait_for_index(page, 5)
    expected = replay_position(page, 5).describe(lang)
    page.wait_for_function("([s, t]) => document.querySelector(s).textContent === t",
                           arg=[f"{REPLAY} [data-role=description]", expected])
    page.wait_for_timeout(1000)  # anything still to come would come now
    changes = page.evaluate("() => [...window.liveChanges.values()]")
    assert changes and max(changes) <= 1, changes


@pytest.mark.parametrize("scheme", ["default"])
def test_the_focus_stays_in_the_widget_when_its_button_turns_disabled(reader, server, scheme):
    page, lang = reader, "en"
    open_page(page, server, lang, "scorpion/rules/", scheme)
    tab_to(page, f'{TRY} [data-action="deal"]')
    page.keyboard.press("Enter")  # deal the reserve: Undo turns enabled
    page.wait_for_selector(f'{TRY} [data-action="undo"]:not([disabled])')
    tab_to(page, f'{TRY} [data-action="undo"]', backwards=True)
    page.keyboard.press("Enter")  # nothing left to take back: Undo turns disabled under the focus
    page.wait_for_selector(f'{TRY} [data-action="undo"][disabled]')
    assert page.evaluate("(w) => document.activeElement.closest(w) !== null", TRY)
    assert_focus_ring(page)


@pytest.mark.parametrize("scheme", ["default"])
def test_a_key_pressed_while_the_engine_starts_is_not_lost(reader, server, scheme):
    page, lang = reader, "en"
    held = []
    # the engine's start (its memory snapshot, or the wheel when it falls back) waits until the key is pressed
    released = []  # once the key is pressed, what the worker asks for comes at once
    page.route(re.compile(r"/(snapshots|wheels)/"),
               lambda route: route.continue_() if released else held.append(route))
    page.goto(page_url(server.url, lang, "scorpion/examples/"))
    tab_to(page, REPLAY)
    page.keyboard.press("ArrowRight")
    assert page.get_attribute(REPLAY, "data-state") == "loading"
    for _ in range(300):  # the worker asks for it within seconds; never wait forever
        if held:
            break
        page.wait_for_timeout(100)
    assert held, "the worker never asked for the engine's snapshot or wheel"
    released.append(True)
    for route in held:
        route.continue_()
    ready_widgets(page)
    page.wait_for_function(  # the step comes just after the widget is ready, or not at all
        "(w) => document.querySelector(`${w} [data-role=moves] [aria-current]`).dataset.index === '1'",
        arg=REPLAY, timeout=5000)
