"""A reader's flow through the site (issue 15), in a real browser, on desktop (1280×900) and phone (390×844).

Each rule below is one thing a reader expects and the site used to get wrong:

1. a link to a move brings the widget's toolbar and board into view;
2. a ruling's verdict appears beside the button that asked, naming the move, and every try starts
   from the question's position (switching rules judges the question's move again from there);
3. a replay says where it is (move n of N, the move in words, the moved cards marked), keeps the
   current move in view in a numbered list of bounded height, and fits a screen;
4. search finds pages in the page's language, word forms included where lunr stems (hu, ru, en);
5. what a reader does before the engine is ready is kept and played once it is;
6. Disputed points opens with an overview of every verdict, linking to the questions and the board;
7. the board's description stays for screen readers but costs sighted readers nothing, on a toggle
   that is remembered;
8. on a phone: readable column numbers, a pick that says what a touch reader can do, cards dragged
   (mouse and touch alike), Klondike's tap and double tap;
9. every language has its own page-not-found page.

Expected texts and positions are the engine's own (CPython here, Pyodide in the page).
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from urllib.parse import parse_qsl, unquote, urlsplit

import pytest
from accessibility_support import READY_MS, heard_text, ready_widgets, shown_text
from chromium import PageLog, block_offsite
from widget_site import LANGUAGES, page_url

import engine
from engine import render
from engine.records import load
from hooks import po
from hooks.messages import NOT_FOUND

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
SCREENS = {"desktop": DESKTOP, "phone": PHONE}
WON = "#won-game"  # the won Scorpion game, scorpion/examples/
TRY = "#seed-deal"  # the try-it board on scorpion/rules/


@pytest.fixture
def server(site, static_server):
    return static_server(site)


@pytest.fixture
def reader(browser, request, server):  # the server outlives the page
    """A page in a fresh context on a desktop screen or a phone (``screen`` parameter, default desktop);
    afterwards (its engine settled), no request left 127.0.0.1 and the console stayed clean."""
    screen = getattr(request, "param", "desktop")
    phone = screen == "phone"
    context = browser.new_context(viewport=SCREENS[screen], is_mobile=phone, has_touch=phone)
    context.set_default_timeout(30_000)
    block_offsite(context)
    log = PageLog.attach(context)
    page = context.new_page()
    yield page
    settle(page)
    context.close()
    log.assert_clean()


def settle(page) -> None:
    """Let the page's engine finish starting before the page closes (a download cut short by the
    closing would read as a failed request); a test that found the engine failing has said so."""
    try:
        if page.locator("[data-widget]").count():
            ready_widgets(page)
    except Exception:  # noqa: BLE001, S110 - the test's own assertions judge the widgets
        pass


def text(page, selector: str) -> str:
    return page.text_content(selector) or ""


def wait_for_index(page, widget: str, index: int) -> None:
    page.wait_for_function(
        "([w, i]) => document.querySelector(`${w} [data-role=moves] [aria-current]`)?.dataset.index === String(i)",
        arg=[widget, index], timeout=READY_MS)


def wait_for_legal(page, selector: str, legal: bool) -> str:
    page.wait_for_function("([s, l]) => document.querySelector(s)?.dataset.legal === l",
                           arg=[selector, str(legal).lower()], timeout=READY_MS)
    return shown_text(page, selector)


def config_of(page, widget: str) -> dict:
    return json.loads(page.get_attribute(widget, "data-config"))


def replay_position(config: dict, moves: int):
    pos = engine.position(config["game"], config["start"], rules=config["rules"], score=config.get("score"))
    for token in config["moves"][:moves]:
        pos.play(token)
    return pos


def box(page, selector: str) -> dict:
    return page.eval_on_selector(selector, "el => { const b = el.getBoundingClientRect(); "
                                           "return {top: b.top, bottom: b.bottom, left: b.left, right: b.right}; }")


def header_bottom(page) -> float:
    return page.eval_on_selector(".md-header", "el => el.getBoundingClientRect().bottom")


def hold_the_engine(page) -> list:
    """Keep the engine (its memory snapshot, or the wheel when it falls back) from arriving until
    ``release``: the widgets stay loading. (``held[0]`` says whether it is released.)"""
    held: list = [False]
    page.route(re.compile(r"/(snapshots|wheels)/"),
               lambda route: route.continue_() if held[0] else held.append(route))
    return held


def release(page, held: list) -> None:
    deadline = time.monotonic() + READY_MS / 1000
    while len(held) < 2 and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    assert len(held) > 1, "the worker never asked for the engine's snapshot or wheel"
    held[0] = True  # what the worker asks for next comes at once
    for route in held[1:]:
        route.continue_()


# -- 1. a link to a move lands on the toolbar and the board ------------------------------------------


@pytest.mark.parametrize("reader", ["desktop", "phone"], indirect=True)
def test_a_link_to_a_move_brings_the_toolbar_and_the_board_into_view(reader, server):
    page = reader
    page.goto(page_url(server.url, "en", "scorpion/examples/") + "#won-game-20")
    wait_for_index(page, WON, 20)
    page.wait_for_timeout(300)  # the browser's own scroll to the link's target has happened
    top, height = header_bottom(page), page.evaluate("innerHeight")
    for part in (".sol-toolbar", '[data-role="board"]'):
        where = box(page, f"{WON} {part}")
        assert where["top"] >= top - 1 and where["bottom"] <= height + 1, (part, where, top, height)
    assert text(page, f"{WON} [data-role=description]") == replay_position(config_of(page, WON), 20).describe("en")


def test_a_first_move_link_in_the_text_shows_the_board_at_that_move(reader, server):
    page = reader
    page.goto(page_url(server.url, "en", "scorpion/examples/"))
    ready_widgets(page)
    page.click('.md-content a[href="#won-game-1"]')
    wait_for_index(page, WON, 1)
    page.wait_for_timeout(300)
    where = box(page, f'{WON} [data-role="board"]')
    assert box(page, f"{WON} .sol-toolbar")["top"] >= header_bottom(page) - 1
    assert where["bottom"] <= page.evaluate("innerHeight") + 1


# -- 2. rulings: the verdict beside its button, every try from the question's position ----------------


def open_ruling(page, server, lang: str, ruling: str) -> str:
    page.goto(page_url(server.url, lang, "scorpion/rulings/") + f"#{ruling}")
    page.wait_for_selector(f'#{ruling}[data-state="ready"]', state="attached", timeout=READY_MS)
    return f"#{ruling}"


def result_of(widget: str, token: str) -> str:
    return f'{widget} .sol-attempt[data-move="{token}"] [data-role=attempt-result]'


def button_of(widget: str, token: str) -> str:
    return f'{widget} [data-action="attempt"][data-move="{token}"]'


def refused(token: str, reason: str, lang: str) -> str:
    """A disputed move's refusal as shown beside its button: the move named, the app's message."""
    return render.refused_text(render.move_parts(token), engine.Verdict(False, reason).message(lang), lang)


def made(token: str, points: int, lang: str, game: str = "scorpion") -> str:
    """A legal move's message: the move and what it earned."""
    return engine.find(game).made_text(token, points, lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_disputed_moves_verdict_appears_beside_its_button_and_names_the_move(reader, server, lang):
    page = reader
    widget = open_ruling(page, server, lang, "own-scoring")
    page.click(button_of(widget, "5H>1"))
    said = wait_for_legal(page, result_of(widget, "5H>1"), False)
    assert said == refused("5H>1", "same-suit", lang)
    button, result = box(page, button_of(widget, "5H>1")), box(page, result_of(widget, "5H>1"))
    assert result["top"] < button["bottom"] + 40, (button, result)  # beside it, not under the board
    assert text(page, f"{widget} [data-role=message]") == ""  # said once, where the reader looks


def test_every_try_starts_from_the_questions_position(reader, server):
    # "How does the app score a move?": K♦ → column 6 after the other buttons, as on a fresh board
    page = reader
    widget = open_ruling(page, server, "en", "own-scoring")
    for token in ("5C>1", "KH>6", "5H>1"):
        page.click(button_of(widget, token))
        page.wait_for_function("(s) => document.querySelector(s).textContent !== ''", arg=result_of(widget, token))
    page.click(button_of(widget, "KD>6"))
    said = wait_for_legal(page, result_of(widget, "KD>6"), True)
    assert said == made("KD>6", 5, "en")
    start = config_of(page, widget)["start"]
    pos = engine.position("scorpion", start)
    pos.play("KD>6")
    assert text(page, f"{widget} [data-role=description]") == pos.describe("en")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_switching_rules_judges_the_questions_move_again_from_its_position(reader, server, lang):
    page = reader
    widget = open_ruling(page, server, lang, "queen-empty-column")
    result = result_of(widget, "QH>6")
    page.click(button_of(widget, "QH>6"))
    assert wait_for_legal(page, result, False) == refused("QH>6", "empty-needs-king", lang)
    wasp = engine.find("scorpion").preset_name("wasp", lang)
    page.select_option(f"{widget} [data-role=rules]", "wasp")
    said = wait_for_legal(page, result, True)
    assert said == render.rejudged_text(wasp, True, 5, "", lang)
    page.click(button_of(widget, "QH>6"))  # tried again under Wasp: from the question's position
    shown = "([s, t]) => document.querySelector(s).querySelector('[aria-hidden=true]')?.textContent === t"
    page.wait_for_function(shown, arg=[result, made("QH>6", 5, lang)])  # shown with its symbols, heard in words
    assert heard_text(page, result) == engine.find("scorpion").made_said("QH>6", 5, lang)
    page.select_option(f"{widget} [data-role=rules]", "bvs")  # the question names BVS: it is in the menu
    said = wait_for_legal(page, result, False)
    bvs = engine.find("scorpion").preset_name("bvs", lang)
    assert said == render.rejudged_text(bvs, False, 0, engine.Verdict(False, "empty-needs-king").message(lang), lang)


# -- 3. a replay says where it is, and fits a screen ---------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_replay_says_which_move_it_shows_and_what_that_move_did(reader, server, lang):
    page = reader
    page.goto(page_url(server.url, lang, "scorpion/examples/"))
    ready_widgets(page)
    config = config_of(page, WON)
    total = len(config["moves"])
    assert text(page, f"{WON} [data-role=counter]") == render.counter_text(0, total, lang)
    page.click(f'{WON} [data-action="next"]')
    wait_for_index(page, WON, 1)
    assert text(page, f"{WON} [data-role=counter]") == render.counter_text(1, total, lang)
    # the caption shows the move's symbols and says it in words, as the message after a move does
    assert shown_text(page, f"{WON} [data-role=caption]") == made("4H>7", 5, lang)
    assert heard_text(page, f"{WON} [data-role=caption]") == engine.find("scorpion").made_said("4H>7", 5, lang)
    moved = page.eval_on_selector_all(f"{WON} [data-moved]", "els => els.map(e => e.dataset.card)")
    assert sorted(moved) == ["4H", "7S"]  # 4♥ carried 7♠ along
    style = page.eval_on_selector(f'{WON} [data-card="4H"]', "el => getComputedStyle(el).outlineStyle")
    assert style == "dashed"  # marked by a shape, not by colour alone


def test_the_move_list_is_numbered_and_keeps_the_current_move_in_view(reader, server):
    page = reader
    page.goto(page_url(server.url, "en", "scorpion/examples/"))
    ready_widgets(page)
    moves = f"{WON} [data-role=moves]"
    assert text(page, f'{moves} [data-index="14"]').startswith("14.")
    page.focus(WON)
    page.keyboard.press("End")
    total = len(config_of(page, WON)["moves"])
    wait_for_index(page, WON, total)
    page.wait_for_timeout(200)
    inner = page.eval_on_selector(moves, """list => {
        const b = list.getBoundingClientRect(), c = list.querySelector('[aria-current]').getBoundingClientRect();
        return {scrolls: list.scrollHeight > list.clientHeight, height: b.height,
                inside: c.top >= b.top - 1 && c.bottom <= b.bottom + 1};
    }""")
    assert inner["scrolls"] and inner["inside"] and inner["height"] < 200, inner


@pytest.mark.parametrize("reader", ["desktop", "phone"], indirect=True)
def test_a_replays_toolbar_board_and_caption_fit_the_screen(reader, server):
    # The won game's widget was 1,024 px tall on a desktop and 1,500 px on a phone (move list and
    # description in full); now the whole of it fits the screen at the linked move, and the part a
    # reader watches (toolbar, board, caption) fits below the header at every move of the game's middle.
    page = reader
    page.goto(page_url(server.url, "en", "scorpion/examples/") + "#won-game-20")
    wait_for_index(page, WON, 20)
    whole = box(page, WON)
    assert whole["bottom"] - whole["top"] < page.evaluate("innerHeight"), whole
    room = page.evaluate("innerHeight") - header_bottom(page)
    tallest = 0.0
    for index in range(20, 41, 5):  # the middle of the game, where the columns are longest
        page.evaluate("(i) => document.querySelector(`#won-game [data-index='${i}']`).click()", index)
        wait_for_index(page, WON, index)
        span = box(page, f"{WON} [data-role=caption]")["bottom"] - box(page, f"{WON} .sol-toolbar")["top"]
        tallest = max(tallest, span)
    assert tallest < room, f"toolbar to caption: {tallest:.0f} px for {room:.0f} px of screen"


# -- 4. search in the page's language ----------------------------------------------------------------


def search(page, query: str) -> list[str]:
    """What Material's search lists for ``query`` (result links as site paths, fragments dropped)."""
    page.click(".md-search__input") if page.is_visible(".md-search__input") else page.click("label[for=__search]")
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:  # the search worker builds its index in the background
        page.fill(".md-search__input", "")
        page.type(".md-search__input", query)
        page.press(".md-search__input", "End")  # a keyup: typing non-ASCII text fires none
        page.wait_for_timeout(700)
        if page.query_selector(".md-search-result__item"):
            break
    links = page.eval_on_selector_all(".md-search-result__item > a", "els => els.map(e => e.href)")
    return sorted({urlsplit(link).path for link in links})


def test_search_on_the_english_pages_lists_english_pages(reader, server):
    page = reader
    page.goto(server.url)
    found = search(page, "scorpion")
    assert found and not [p for p in found if p.split("/")[1] in ("hu", "ca", "ru")], found


@pytest.mark.parametrize(("lang", "forms"), [
    ("ru", ("резерв", "резерва", "резервом")),
    ("ru", ("король", "короля", "королём")),
    ("hu", ("oszlop", "oszlopra", "oszlopba")),
    ("en", ("move", "moves", "moved")),
])
def test_search_finds_a_word_in_all_its_forms_in_the_pages_language(reader, server, lang, forms):
    page = reader
    page.goto(page_url(server.url, lang, ""))
    found = {form: search(page, form) for form in forms}
    first = found[forms[0]]
    assert first and all(p.startswith(f"/{lang}/") or lang == "en" for p in first), found
    if lang == "en":
        assert not [p for p in first if p.split("/")[1] in ("hu", "ca", "ru")], found
    for form in forms[1:]:
        assert found[form] == first, f"{form!r} finds other pages than {forms[0]!r}: {found}"


def test_catalan_search_matches_its_own_words(reader, server):
    page = reader
    page.goto(page_url(server.url, "ca", ""))
    found = search(page, "columna")
    assert found and all(p.startswith("/ca/") for p in found), found


# -- 5. early clicks are kept -------------------------------------------------------------------------


def test_next_clicked_before_the_engine_is_ready_is_played_once_it_is(reader, server):
    page = reader
    held = hold_the_engine(page)
    page.goto(page_url(server.url, "en", "scorpion/examples/"))
    page.click(f'{WON} [data-action="next"]')
    page.click(f'{WON} [data-action="next"]')
    assert page.get_attribute(WON, "data-state") == "loading"
    release(page, held)
    wait_for_index(page, WON, 2)


def test_a_move_made_before_the_engine_is_ready_is_played_once_it_is(reader, server):
    page = reader
    held = hold_the_engine(page)
    page.goto(page_url(server.url, "en", "scorpion/rules/"))
    page.click(f'{TRY} [data-card="4H"]', position={"x": 6, "y": 6})
    assert page.get_attribute(f'{TRY} [data-card="4H"]', "aria-pressed") == "true"  # picked at once
    page.click(f'{TRY} [data-card="5H"]', position={"x": 6, "y": 6})
    assert page.get_attribute(TRY, "data-state") == "loading"
    release(page, held)
    wait_for_legal(page, f"{TRY} [data-role=message]", True)
    cards = page.eval_on_selector_all(f'{TRY} [data-column="7"] [data-card]', "els => els.map(e => e.dataset.card)")
    assert cards[-2:] == ["4H", "7S"]


@pytest.mark.parametrize("reader", ["desktop", "phone"], indirect=True)
def test_the_start_up_notice_never_covers_the_rules_menu_or_reset(reader, server):
    page = reader
    held = hold_the_engine(page)
    page.goto(page_url(server.url, "ru", "scorpion/rules/"))
    page.wait_for_selector(f'{TRY} [data-role="progress"]:not([hidden])', timeout=READY_MS)
    notice = box(page, f'{TRY} [data-role="progress"]')
    for control in ("[data-role=rules]", '[data-action="reset"]', '[data-action="undo"]'):
        other = box(page, f"{TRY} {control}")
        apart = (notice["right"] <= other["left"] or other["right"] <= notice["left"]
                 or notice["bottom"] <= other["top"] or other["bottom"] <= notice["top"])
        assert apart, (control, notice, other)
    release(page, held)
    ready_widgets(page)


# -- 6. Disputed points opens with an overview --------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_disputed_points_opens_with_every_verdict_at_a_glance(reader, server, lang):
    page = reader
    page.goto(page_url(server.url, lang, "scorpion/rulings/"))
    first_ruling = box(page, ".sol-widget")["top"]
    assert box(page, ".sol-rulings table")["top"] < first_ruling  # before the first question's board
    rows = page.eval_on_selector_all(".sol-rulings tbody tr", """rows => rows.map(r => ({
        ruling: r.dataset.ruling, move: r.dataset.move,
        question: r.querySelector('th a')?.getAttribute('href'),
        board: r.querySelector('a.sol-rulings-board').getAttribute('href'),
        cells: [...r.querySelectorAll('td[data-rules]')].map(c => [c.dataset.rules, c.dataset.legal || null]),
    }))""")
    ids = set(page.eval_on_selector_all("h2[id], h3[id]", "els => els.map(e => e.id)"))
    questions = [r["question"] for r in rows if r["question"]]
    assert questions and all(q[1:] in ids for q in questions)  # each question links to its heading
    for row in rows:
        record = load(next(engine_examples().glob(f"{row['ruling']}.game")))
        frame = next(f for f in record.replay() if f.attempts)
        verdicts = dict(next(a for a in frame.attempts if a.token == row["move"]).verdicts)
        for rules, legal in row["cells"]:
            assert legal == (None if rules not in verdicts else str(verdicts[rules].legal).lower()), (row, rules)
        path, _, fragment = row["board"].partition("#")
        assert path.endswith("board/")
        state = dict(parse_qsl(fragment))
        assert (state["game"], unquote(state["position"]), state["moves"]) == ("scorpion", frame.position, row["move"])
        engine.position(state["game"], state["position"], rules=state["rules"]).check_token(state["moves"])


def engine_examples() -> Path:
    return ROOT / "examples" / "scorpion" / "rulings"


BEFORE = {"desktop": 23_400, "phone": 28_200}  # px, when every question showed its board in full


@pytest.mark.parametrize("reader", ["desktop", "phone"], indirect=True)
def test_disputed_points_is_far_shorter_than_before(reader, server, request):
    page = reader
    page.goto(page_url(server.url, "en", "scorpion/rulings/"))
    height = page.evaluate("document.documentElement.scrollHeight")
    screen = request.node.callspec.params["reader"]
    assert height < 0.6 * BEFORE[screen], f"{height} px on a {screen}"


def test_a_rulings_board_opens_when_asked_for(reader, server):
    page = reader
    widget = open_ruling(page, server, "en", "queen-empty-column")
    assert not page.is_visible(f'{widget} [data-role="board"]')
    page.click(f'{widget} [data-action="board"]')
    assert page.is_visible(f'{widget} [data-role="board"]')
    assert page.get_attribute(f'{widget} [data-action="board"]', "aria-expanded") == "true"


# -- 7. the description: for screen readers always, for sighted readers on request ---------------------


def in_accessibility_tree(page, words: str) -> bool:
    client = page.context.new_cdp_session(page)
    nodes = client.send("Accessibility.getFullAXTree")["nodes"]
    names = [(n.get("name") or {}).get("value", "") for n in nodes if not n.get("ignored")]
    return any(words[:60] in name for name in names)


def test_the_description_is_folded_for_sighted_readers_but_read_to_screen_readers(reader, server):
    page = reader
    page.goto(page_url(server.url, "en", "scorpion/rules/"))
    ready_widgets(page)
    description = f"{TRY} [data-role=description]"
    folded = page.eval_on_selector(description, """el => {
        const s = getComputedStyle(el), b = el.getBoundingClientRect();
        return {display: s.display, visibility: s.visibility, height: b.height}; }""")
    assert folded["display"] != "none" and folded["visibility"] != "hidden" and folded["height"] <= 1, folded
    assert in_accessibility_tree(page, text(page, description))


def test_the_description_toggle_shows_every_description_and_is_remembered(reader, server):
    page = reader
    page.goto(page_url(server.url, "hu", "scorpion/rules/"))
    ready_widgets(page)
    toggle = f"{TRY} [data-action=description]"
    assert page.inner_text(toggle).strip() == render.text("show-description", "hu")
    page.click(toggle)
    shown = box(page, f"{TRY} [data-role=description]")
    assert shown["bottom"] - shown["top"] > 20
    assert page.inner_text(toggle).strip() == render.text("hide-description", "hu")
    page.goto(page_url(server.url, "hu", "scorpion/variants/"))  # another page, a static board
    shown = page.eval_on_selector(".sol-figure .sol-description", "el => el.getBoundingClientRect().height")
    assert shown > 20
    page.click(".sol-figure .sol-description-toggle")
    assert page.eval_on_selector(".sol-figure .sol-description", "el => el.getBoundingClientRect().height") <= 1


# -- 8. phones: readable numbers, touch words, dragging, Klondike's taps --------------------------------


@pytest.mark.parametrize("reader", ["phone"], indirect=True)
def test_on_a_phone_the_column_numbers_are_readable(reader, server):
    page = reader
    page.goto(page_url(server.url, "en", "scorpion/rules/"))
    sizes = page.eval_on_selector_all(".sol-column-label",
                                      "els => els.map(e => parseFloat(getComputedStyle(e).fontSize))")
    assert sizes and min(sizes) >= 12, sizes


@pytest.mark.parametrize("reader", ["phone"], indirect=True)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_card_picked_by_touch_says_what_a_touch_reader_can_do(reader, server, lang):
    page = reader
    page.goto(page_url(server.url, lang, "scorpion/rules/"))
    ready_widgets(page)
    page.tap(f'{TRY} [data-card="4H"]', position={"x": 5, "y": 5})
    name = page.get_attribute(f'{TRY} [data-card="4H"]', "aria-label")
    said = text(page, f"{TRY} [data-role=message]")
    assert said == render.text("selected-touch", lang, card=name)
    assert "Esc" not in said


def drag(page, source: str, target: str, touch: bool) -> None:
    a, b = box(page, source), box(page, target)
    x0, y0 = a["left"] + 8, a["top"] + 8
    x1, y1 = (b["left"] + b["right"]) / 2, (b["top"] + b["bottom"]) / 2
    steps = 12
    if not touch:
        page.mouse.move(x0, y0)
        page.mouse.down()
        page.mouse.move(x1, y1, steps=steps)
        page.mouse.up()
        return
    client = page.context.new_cdp_session(page)
    client.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]})
    for i in range(1, steps + 1):
        x, y = x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps
        client.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
    client.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


@pytest.mark.parametrize(("reader", "touch"), [("desktop", False), ("phone", True)], indirect=["reader"])
def test_dragging_a_card_onto_a_column_makes_the_same_move_as_picking_it_then_the_column(reader, server, touch):
    page = reader
    page.goto(page_url(server.url, "en", "scorpion/rules/"))
    ready_widgets(page)
    page.locator(TRY).scroll_into_view_if_needed()
    drag(page, f'{TRY} [data-card="4H"]', f'{TRY} [data-column="7"] [data-card="5H"]', touch)
    said = wait_for_legal(page, f"{TRY} [data-role=message]", True)
    assert said == made("4H>7", 5, "en")
    cards = page.eval_on_selector_all(f'{TRY} [data-column="7"] [data-card]', "els => els.map(e => e.dataset.card)")
    assert cards[-2:] == ["4H", "7S"]
    pos = engine.position("scorpion", config_of(page, TRY)["start"])
    pos.play("4H>7")
    assert text(page, f"{TRY} [data-role=description]") == pos.describe("en")


TAPS = "#tap-and-double-tap"  # klondike/faq/: seed 001's tap and double tap


def open_taps(page, server):
    page.goto(page_url(server.url, "en", "klondike/faq/") + TAPS)
    page.wait_for_selector(f'{TAPS}[data-state="ready"]', state="attached", timeout=READY_MS)
    page.click(f'{TAPS} [data-action="board"]')


@pytest.mark.parametrize("reader", ["phone"], indirect=True)
def test_one_tap_sends_a_klondike_card_to_its_foundation(reader, server):
    page = reader
    open_taps(page, server)
    page.tap(f'{TAPS} [data-column] [data-card="2H"]')
    said = wait_for_legal(page, f"{TAPS} [data-role=message]", True)
    assert said == made("tap:2H", 10, "en", "klondike")
    assert heard_text(page, f"{TAPS} [data-role=message]") == engine.find("klondike").made_said("tap:2H", 10, "en")
    assert page.query_selector(f'{TAPS} [data-foundation="H"] [data-card="2H"]')


def test_two_quick_taps_find_a_klondike_card_a_place_on_the_table(reader, server):
    page = reader
    open_taps(page, server)
    page.dblclick(f'{TAPS} [data-column] [data-card="2H"]')
    said = wait_for_legal(page, f"{TAPS} [data-role=message]", True)
    assert said == made("dtap:2H", 0, "en", "klondike")
    column = page.eval_on_selector(f'{TAPS} [data-column] [data-card="2H"]', """el =>
        [...el.closest('[data-column]').querySelectorAll('[data-card]')].map(e => e.dataset.card)""")
    assert column[-2:] == ["3C", "2H"]


# -- 9. a page-not-found page in every language -----------------------------------------------------


def site_words(lang: str, context: str, msgid: str) -> str:
    """The site catalog's translation of ``msgid`` (English for en)."""
    if lang == "en":
        return msgid
    path = po.catalog_path(ROOT / "locales", lang, po.SITE)
    return po.translations(path, lang, str(path)).get(context, msgid).msgstr


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_has_its_own_page_not_found(reader, server, lang):
    page = reader
    root = "" if lang == "en" else f"{lang}/"
    page.goto(server.url + root + "404.html")
    assert page.get_attribute("html", "lang") == lang
    assert page.title().strip() == site_words(lang, "site", "Scorpion and Klondike rules")
    links = page.eval_on_selector_all(".md-select__link", "els => els.map(e => [e.hreflang, e.getAttribute('href')])")
    assert dict(links) == {code: "/" if code == "en" else f"/{code}/" for code in LANGUAGES}
    assert text(page, "h1").strip() == site_words(lang, "404", NOT_FOUND["title"])
    page.wait_for_load_state("networkidle")  # the page's search has loaded (leaving earlier cuts it off)
    page.click(".md-content a[href]")  # the way home
    page.wait_for_load_state()
    assert urlsplit(page.url).path == "/" + root
    assert page.get_attribute("html", "lang") == lang
