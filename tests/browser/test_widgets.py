"""The replay and try-it widgets in a real browser (Debian's chromium through Playwright).

The site is built once (tests/widget_site.py), served from 127.0.0.1, and every test opens a page
in a fresh context: Pyodide starts cold in a module worker, from the build's memory snapshot (the
engine already imported), and the widgets turn ``data-state="ready"``. Descriptions are compared
with the engine's own, computed here in CPython: the same code, so the same text, in every
language. The ``page`` fixture checks after each test that no request left 127.0.0.1 and that the
console stayed clean.
"""

from __future__ import annotations

import json
import re
import shutil
import sys
from html import unescape
from pathlib import Path

import pytest
from accessibility_support import heard_text, shown_text
from widget_site import LANGUAGES, built, page_url

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "widgets"))
from seed_lines import in_sentence_case  # noqa: E402
from seeds import SAME_SUIT  # noqa: E402

import engine  # noqa: E402
from engine import render, web  # noqa: E402

pytestmark = pytest.mark.browser

READY_MS = 120_000
SEEDS = ROOT / "tests" / "site" / "seeds"


def seed_lines(prefix: str) -> tuple[str, str]:
    """The seed's two description lines (the deal, then after 4♥ onto 5♥), in sentence case."""
    (path,) = SEEDS.glob(f"{prefix}_*.txt")
    lines = path.read_text(encoding="utf-8").splitlines()
    found = [in_sentence_case(line) for line in lines if line.startswith(("tartalék: ", "reserva: "))]
    assert len(found) == 2, path
    return found[0], found[1]
REPLAY = "#first-move"
TRY = "#seed-deal"


@pytest.fixture
def server(site, static_server):
    return static_server(site)


def replay_start() -> str:
    config = json.loads(_first_config(REPLAY))
    return config["start"]


def _first_config(selector: str) -> str:
    text = (built() / "scorpion" / "rules" / "index.html").read_text(encoding="utf-8")
    wid = selector.lstrip("#")
    m = re.search(rf'id="{wid}"[^>]*data-config="([^"]*)"', text)
    return unescape(m.group(1))


def open_page(page, server, lang: str, fragment: str = "", page_path: str = "scorpion/rules/"):
    page.goto(page_url(server.url, lang, page_path) + fragment)
    for selector in (REPLAY, TRY):
        page.wait_for_selector(f'{selector}[data-state="ready"]', state="attached", timeout=READY_MS)


def text(page, selector: str) -> str:
    return page.text_content(selector) or ""


def wait_for_index(page, index: int, widget: str = REPLAY) -> None:
    page.wait_for_function(
        "([w, i]) => document.querySelector(`${w} [data-role=moves] [aria-current]`)?.dataset.index === String(i)",
        arg=[widget, index],
    )


def wait_for_message(page, widget: str, legal: str) -> str:
    page.wait_for_function(
        "([w, l]) => document.querySelector(`${w} [data-role=message]`).dataset.legal === l", arg=[widget, legal]
    )
    return shown_text(page, f"{widget} [data-role=message]")


def click_card(page, widget: str, token: str) -> None:
    """Click a card where a player would: its visible top strip (the cards on it cover the rest)."""
    page.click(f'{widget} [data-card="{token}"]', position={"x": 6, "y": 6})


# -- every language ---------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_replay_steps_through_the_seed_move_with_the_engines_descriptions(page, server, lang):
    open_page(page, server, lang)
    pos = engine.position("scorpion", replay_start())
    assert page.get_attribute("html", "lang") == lang
    assert text(page, f"{REPLAY} [data-role=description]") == pos.describe(lang)
    page.click(f'{REPLAY} [data-action="next"]')
    wait_for_index(page, 1)
    pos.play("4H>7")
    assert text(page, f"{REPLAY} [data-role=description]") == pos.describe(lang)
    assert text(page, f"{REPLAY} [data-role=score]") == "5"
    assert page.is_visible(f'{REPLAY} [data-column="7"] [data-card="4H"]')
    assert page.is_disabled(f'{REPLAY} [data-action="next"]') and page.is_disabled(f'{REPLAY} [data-action="last"]')
    page.click(f'{REPLAY} [data-action="prev"]')
    wait_for_index(page, 0)
    assert text(page, f"{REPLAY} [data-role=description]") == engine.position("scorpion", replay_start()).describe(lang)
    assert page.is_visible(f'{REPLAY} [data-column="2"] [data-card="4H"]')


@pytest.mark.parametrize(("lang", "seed"), [("hu", "000"), ("ca", "003")])
def test_the_replays_two_frames_are_the_seeds_two_positions(page, server, lang, seed):
    deal, after = seed_lines(seed)
    open_page(page, server, lang)
    assert text(page, f"{REPLAY} [data-role=description]") == deal
    page.click(f'{REPLAY} [data-action="last"]')
    wait_for_index(page, 1)
    assert text(page, f"{REPLAY} [data-role=description]") == after


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_reader_plays_4h_onto_5h_on_the_seed_deal(page, server, lang):
    open_page(page, server, lang)
    click_card(page, TRY, "4H")
    assert page.get_attribute(f'{TRY} [data-card="4H"]', "aria-pressed") == "true"
    click_card(page, TRY, "5H")
    message = wait_for_message(page, TRY, "true")
    pos = engine.position("scorpion", replay_start())
    pos.play("4H>7")
    assert text(page, f"{TRY} [data-role=description]") == pos.describe(lang)
    assert text(page, f"{TRY} [data-role=score]") == "5"
    assert message == render.made_text(render.move_parts("4H>7"), 5, lang)
    # a screen reader hears the live region with the card in words, not "black heart suit right arrow"
    assert heard_text(page, f"{TRY} [data-role=message]") == render.made_said(render.move_parts("4H>7"), 5, lang)
    # 7♠ came along: the block moved, in order
    cards = page.eval_on_selector_all(f'{TRY} [data-column="7"] [data-card]', "els => els.map(e => e.dataset.card)")
    assert cards[-2:] == ["4H", "7S"]


def test_a_face_down_pile_is_heard_once_by_its_name_after_the_page_script_redraws_the_board(page, server):
    # "Tartalék: 3 lefordított lap", never "lefordított lap" once per back: on the replay (no controls)
    # and on the deal button, as the build wrote them and as the page script patches them
    open_page(page, server, "hu")
    page.click(f'{REPLAY} [data-action="last"]')
    wait_for_index(page, 1)
    page.click(f'{TRY} [data-action="deal"]')
    wait_for_message(page, TRY, "true")
    page.click(f'{TRY} [data-action="undo"]')
    page.wait_for_selector(f'{TRY} [data-action="deal"] .sol-backs', state="attached")
    for widget in (REPLAY, TRY):
        assert page.eval_on_selector_all(f'{widget} [data-role=board] .sol-backs', "els => els.length") == 1
        exposed = f'{widget} [data-role=board] .sol-backs:not([aria-hidden="true"])'
        assert page.eval_on_selector_all(exposed, "els => els.length") == 0
    reserve = engine.position("scorpion", replay_start()).describe("hu").split(";")[0]
    assert page.get_attribute(f'{TRY} [data-action="deal"]', "aria-label") == reserve
    assert heard_text(page, f'{REPLAY} [data-role=board] [data-place="reserve"]') == reserve


# -- verdicts, undo, reset, rule sets ------------------------------------------------------------------


def test_a_refused_move_shows_the_apps_hungarian_message(page, server):
    open_page(page, server, "hu")
    before = text(page, f"{TRY} [data-role=description]")
    click_card(page, TRY, "4C")
    page.click(f'{TRY} [data-column="7"] .sol-column-label')
    assert wait_for_message(page, TRY, "false") == SAME_SUIT["hu"]
    assert text(page, f"{TRY} [data-role=description]") == before
    assert text(page, f"{TRY} [data-role=score]") == "0"


def test_the_rules_selector_judges_the_same_move_again(page, server):
    open_page(page, server, "hu")
    click_card(page, TRY, "4C")
    click_card(page, TRY, "5H")
    assert wait_for_message(page, TRY, "false") == SAME_SUIT["hu"]
    page.select_option(f"{TRY} [data-role=rules]", "easy")
    message = wait_for_message(page, TRY, "true")
    assert message == "Szabály: Könnyített. A lépés megengedett, a pontszám nem változik."
    # 4♣ went onto 5♥ under Easy, with the three cards on it
    cards = page.eval_on_selector_all(f'{TRY} [data-column="7"] [data-card]', "els => els.map(e => e.dataset.card)")
    assert cards[-4:] == ["4C", "9C", "8D", "5C"]


def test_undo_and_reset(page, server):
    open_page(page, server, "en")
    assert page.is_disabled(f'{TRY} [data-action="undo"]')
    click_card(page, TRY, "4H")
    click_card(page, TRY, "5H")
    wait_for_message(page, TRY, "true")
    page.click(f'{TRY} [data-action="deal"]')
    page.wait_for_function(f"document.querySelector('{TRY} [data-role=score]').textContent === '5'")
    page.wait_for_selector(f'{TRY} [data-place="reserve"] [data-action="deal"][aria-label="Reserve: dealt"]')
    page.click(f'{TRY} [data-action="undo"]')
    page.wait_for_selector(f'{TRY} [data-place="reserve"] .sol-count:text-is("3")')
    assert text(page, f"{TRY} [data-role=score]") == "5"
    page.click(f'{TRY} [data-action="reset"]')
    page.wait_for_function(f"document.querySelector('{TRY} [data-role=score]').textContent === '0'")
    assert text(page, f"{TRY} [data-role=description]") == engine.position("scorpion", replay_start()).describe("en")
    assert page.is_disabled(f'{TRY} [data-action="undo"]')


# -- keyboard, touch, deep links ---------------------------------------------------------------------


def test_the_replay_answers_the_arrow_keys_home_and_end(page, server):
    open_page(page, server, "ca")
    page.focus(REPLAY)
    page.keyboard.press("ArrowRight")
    wait_for_index(page, 1)
    page.keyboard.press("Home")
    wait_for_index(page, 0)
    page.keyboard.press("End")
    wait_for_index(page, 1)
    page.keyboard.press("ArrowLeft")
    wait_for_index(page, 0)


def test_play_runs_the_replay_to_its_end_and_stops(page, server):
    open_page(page, server, "ru")
    page.click(f'{REPLAY} [data-action="play"]')
    assert page.get_attribute(f'{REPLAY} [data-action="play"]', "aria-label") == "Пауза"
    wait_for_index(page, 1)
    page.wait_for_selector(f'{REPLAY} [data-action="play"][aria-pressed="false"]')
    assert page.get_attribute(f'{REPLAY} [data-action="play"]', "aria-label") == "Воспроизвести"
    assert page.is_disabled(f'{REPLAY} [data-action="play"]')


def test_the_try_it_board_is_played_with_the_keyboard_alone(page, server):
    open_page(page, server, "ru")
    page.focus(f'{TRY} [data-action="deal"]')
    page.keyboard.press("Tab")  # from the reserve to the table's one tab stop: its first face-up card
    assert page.evaluate("document.activeElement.dataset.card") == "3D"
    page.keyboard.press("ArrowRight")  # column 2, the same depth
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    assert page.evaluate("document.activeElement.dataset.card") == "4H"
    page.keyboard.press("Enter")  # pick 4♥
    assert page.get_attribute(f'{TRY} [data-card="4H"]', "aria-pressed") == "true"
    for _ in range(5):
        page.keyboard.press("ArrowRight")  # to column 7
    page.keyboard.press("Enter")  # move there
    wait_for_message(page, TRY, "true")
    assert page.eval_on_selector_all(f'{TRY} [data-column="7"] [data-card]', "els => els.at(-2).dataset.card") == "4H"
    assert page.evaluate("document.activeElement.closest('[data-widget]').id") == "seed-deal"  # focus kept


def test_escape_puts_a_picked_card_back(page, server):
    open_page(page, server, "en")
    click_card(page, TRY, "4H")
    page.keyboard.press("Escape")
    assert page.get_attribute(f'{TRY} [data-card="4H"]', "aria-pressed") == "false"


def test_touch_taps_play_a_move(browser, server):
    context = browser.new_context(has_touch=True, is_mobile=True, viewport={"width": 390, "height": 800})
    try:
        page = context.new_page()
        open_page(page, server, "hu")
        page.tap(f'{TRY} [data-card="4H"]', position={"x": 5, "y": 5})
        page.tap(f'{TRY} [data-card="5H"]', position={"x": 5, "y": 5})
        assert wait_for_message(page, TRY, "true").startswith("4♥")
    finally:
        context.close()


def test_a_deep_link_opens_the_replay_at_that_move(page, server):
    open_page(page, server, "hu", "#first-move-1")
    wait_for_index(page, 1)
    pos = engine.position("scorpion", replay_start())
    pos.play("4H>7")
    assert text(page, f"{REPLAY} [data-role=description]") == pos.describe("hu")


@pytest.mark.parametrize("fragment", ["#first-move-7", "#first-move-%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E",
                                      "#first-move-%E0%A5", "#first-move-"])
def test_a_bad_deep_link_gets_a_clear_message_never_markup(page, server, fragment):
    page.on("dialog", lambda dialog: pytest.fail(f"a dialog opened: {dialog.message}"))
    open_page(page, server, "hu", fragment)
    message = wait_for_message(page, REPLAY, "false")
    assert "0–1" in message
    assert page.query_selector(f"{REPLAY} img") is None
    assert page.get_attribute(REPLAY, "data-state") == "ready"
    wait_for_index(page, 0)


def test_the_move_list_is_clickable_and_keeps_a_deep_link(page, server):
    open_page(page, server, "en")
    page.click(f"{REPLAY} [data-role=moves] [data-index='1']")
    wait_for_index(page, 1)
    assert page.evaluate("location.hash") == "#first-move-1"


def test_cards_read_without_colour_and_follow_the_dark_palette(browser, server):
    styles = {}
    for scheme in ("light", "dark"):
        context = browser.new_context(color_scheme=scheme)
        try:
            page = context.new_page()
            page.goto(page_url(server.url, "en"))
            styles[scheme] = page.evaluate("""() => {
                const card = (token) => document.querySelector(`#first-move [data-card="${token}"]`);
                const style = (el) => getComputedStyle(el);
                return {
                    scheme: document.body.dataset.mdColorScheme,
                    redRank: style(card("4H").querySelector(".sol-rank")).textDecorationLine,
                    blackRank: style(card("7S").querySelector(".sol-rank")).textDecorationLine,
                    redPattern: style(card("4H")).backgroundImage,
                    blackPattern: style(card("7S")).backgroundImage,
                    face: style(card("7S")).backgroundColor,
                    ink: style(card("7S")).color,
                };
            }""")
        finally:
            context.close()
    light, dark = styles["light"], styles["dark"]
    assert (light["scheme"], dark["scheme"]) == ("default", "slate")
    for s in (light, dark):  # red is underlined and hatched, black is neither: no colour needed
        assert "underline" in s["redRank"] and "underline" not in s["blackRank"]
        assert "gradient" in s["redPattern"] and s["blackPattern"] == "none"
    assert light["face"] != dark["face"] and light["ink"] != dark["ink"]


# -- loading, failing, no jump -------------------------------------------------------------------------


def test_the_first_frame_is_in_the_page_without_javascript_and_does_not_jump(browser, server):
    # Without the script a reader sees the board and the engine's description.
    context = browser.new_context(java_script_enabled=False)
    try:
        static = context.new_page()
        static.goto(page_url(server.url, "hu"))
        pos = engine.position("scorpion", replay_start())
        assert static.text_content(f"{REPLAY} [data-role=description]") == pos.describe("hu")
        assert static.is_visible(f"{REPLAY} [data-role=description]")
        assert static.is_visible(f'{REPLAY} [data-column="7"] [data-card="5H"]')
    finally:
        context.close()
    # With it, the widgets have their final size from the first paint: nothing moves when the engine
    # takes over (what the script folds away is folded before the page is drawn).
    context = browser.new_context()
    try:
        live = context.new_page()
        held = []  # the engine's start (its memory snapshot, or the wheel when it falls back) waits
        released = []  # once measured, what the worker asks for comes at once
        live.route(re.compile(r"/(snapshots|wheels)/"),
                   lambda route: route.continue_() if released else held.append(route))
        live.goto(page_url(server.url, "hu"))
        live.wait_for_selector(f'{TRY} [data-role="progress"]:not([hidden])', timeout=READY_MS)
        before = {w: live.locator(w).bounding_box() for w in (REPLAY, TRY)}
        for _ in range(300):  # the worker asks for it within seconds; never wait forever
            if held:
                break
            live.wait_for_timeout(100)
        assert held, "the worker never asked for the engine's snapshot or wheel"
        released.append(True)
        for route in held:
            route.continue_()
        for w in (REPLAY, TRY):
            live.wait_for_selector(f'{w}[data-state="ready"]', state="attached", timeout=READY_MS)
        after = {w: live.locator(w).bounding_box() for w in (REPLAY, TRY)}
    finally:
        context.close()
    for w in (REPLAY, TRY):
        assert after[w]["height"] == pytest.approx(before[w]["height"], abs=1), w


def test_loading_shows_its_progress_in_the_readers_language(page, server):
    # Starting Pyodide cold takes seconds: long enough to see the progress, every time.
    page.goto(page_url(server.url, "hu"))
    status = page.wait_for_selector(f'{TRY} [data-role="progress"]:not([hidden])', timeout=READY_MS)
    page.wait_for_function(
        f"document.querySelector('{TRY} [data-role=status]').textContent.startsWith('A szabálymotor indul')")
    assert status.is_visible()
    page.wait_for_selector(f'{TRY}[data-state="ready"]', state="attached", timeout=READY_MS)
    assert page.is_hidden(f'{TRY} [data-role="progress"]')


def test_one_worker_serves_every_widget_of_the_page(page, server, page_log):
    workers = []
    page.on("worker", lambda worker: workers.append(worker))
    open_page(page, server, "en")
    # the site search has its own (Material's, run by assets/solitaire/search-worker.js)
    ours = [w.url for w in workers if "/assets/solitaire/" in w.url and "search-worker" not in w.url]
    assert len(ours) == 1 and ours[0].endswith("/assets/solitaire/worker.mjs")
    wasm = [url for url in page_log.requests if url.endswith("pyodide.asm.wasm")]
    assert len(wasm) == 1


@pytest.mark.allow_console_errors
def test_a_runtime_that_fails_to_load_is_a_clear_localized_error(tmp_path, page, static_server):
    broken = tmp_path / "site"
    shutil.copytree(built(), broken)
    for wheel in (broken / "wheels").rglob("*.whl"):
        wheel.unlink()
    shutil.rmtree(broken / "snapshots")  # no memory snapshot either: the wheel is the only way left
    server = static_server(broken)
    page.goto(page_url(server.url, "ca"))
    page.wait_for_selector(f'{REPLAY}[data-state="error"]', state="attached", timeout=READY_MS)
    message = text(page, f"{REPLAY} [data-role=message]")
    assert message.startswith("El motor de regles no s’ha pogut iniciar")
    assert page.get_attribute(TRY, "data-state") == "error"
    # the board from the build is still there for the reader
    assert page.is_visible(f'{REPLAY} [data-column="7"] [data-card="5H"]')


def test_the_worker_starts_only_when_a_widget_nears_the_viewport(tmp_path, page, static_server, page_log):
    tall = tmp_path / "site"
    shutil.copytree(built(), tall)
    rules = tall / "scorpion" / "rules" / "index.html"
    html = rules.read_text(encoding="utf-8")
    first = html.index('<div class="sol-widget')
    rules.write_text(html[:first] + '<div id="spacer" style="height: 6000px"></div>' + html[first:], encoding="utf-8")
    server = static_server(tall)
    page.set_viewport_size({"width": 1000, "height": 600})
    page.goto(page_url(server.url, "en"))
    page.wait_for_timeout(1000)
    assert not [url for url in page_log.requests if "pyodide" in url or url.endswith(".whl")]
    assert page.get_attribute(TRY, "data-state") == "loading"
    page.evaluate("document.querySelector('#spacer').scrollIntoView({block: 'end'})")
    page.wait_for_selector(f'{TRY}[data-state="ready"]', state="attached", timeout=READY_MS)


# -- the disputed points page ------------------------------------------------------------------------


def open_ruling(page, server, lang: str, ruling: str) -> str:
    """The disputed points page, scrolled to one ruling widget, once that widget is ready."""
    page.goto(page_url(server.url, lang, "scorpion/rulings/") + f"#{ruling}")
    page.wait_for_selector(f'#{ruling}[data-state="ready"]', state="attached", timeout=READY_MS)
    return f"#{ruling}"


def wait_for_result(page, widget: str, token: str, legal: str) -> str:
    """The verdict shown beside a disputed move's button."""
    result = f'{widget} .sol-attempt[data-move="{token}"] [data-role=attempt-result]'
    page.wait_for_function("([s, l]) => document.querySelector(s).dataset.legal === l", arg=[result, legal])
    return shown_text(page, result)


def test_a_ruling_plays_the_disputed_move_and_judges_it_again_under_another_rule_set(page, server):
    widget = open_ruling(page, server, "ru", "queen-empty-column")
    page.click(f'{widget} [data-action="attempt"]')
    refusal = engine.Verdict(False, "empty-needs-king").message("ru")
    said = wait_for_result(page, widget, "QH>6", "false")
    assert said == render.refused_text(render.move_parts("QH>6"), refusal, "ru")
    page.select_option(f"{widget} [data-role=rules]", "wasp")
    message = wait_for_result(page, widget, "QH>6", "true")
    assert message == render.rejudged_text(web.preset_label("scorpion", "wasp", "ru"), True, 5, "", "ru")


def test_each_disputed_move_of_a_ruling_has_its_own_button(page, server):
    widget = open_ruling(page, server, "ca", "own-scoring")
    moves = page.eval_on_selector_all(f'{widget} [data-action="attempt"]', "els => els.map(e => e.dataset.move)")
    assert moves == ["5C>1", "KH>6", "KD>6", "5H>1"]
    page.click(f'{widget} [data-action="attempt"][data-move="KD>6"]')
    said = wait_for_result(page, widget, "KD>6", "true")  # after another button, no reset needed
    assert said == render.made_text(render.move_parts("KD>6"), 5, "ca")
    result = f'{widget} .sol-attempt[data-move="KD>6"] [data-role=attempt-result]'
    assert heard_text(page, result) == render.made_said(render.move_parts("KD>6"), 5, "ca")
    page.click(f'{widget} [data-action="attempt"][data-move="5H>1"]')
    same_suit = engine.Verdict(False, "same-suit").message("ca")
    said = wait_for_result(page, widget, "5H>1", "false")
    assert said == render.refused_text(render.move_parts("5H>1"), same_suit, "ca")
    result = f'{widget} .sol-attempt[data-move="5H>1"] [data-role=attempt-result]'
    assert heard_text(page, result) == render.refused_said(render.move_parts("5H>1"), same_suit, "ca")
