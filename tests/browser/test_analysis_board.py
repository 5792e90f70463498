"""The analysis board in a real browser (DESIGN.md §5.1): /board/ in every language.

The site is built once (tests/widget_site.py) and served from 127.0.0.1; each test opens the page in
a fresh context, so Pyodide starts cold in the page's worker. What the board shows is compared
with the engine's own answers computed here in CPython (the same code, so the same text). The
``page`` fixture checks after each test that no request left 127.0.0.1 and that the console stayed
clean; hostile links must leave it clean too.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from accessibility_support import heard_text, shown_text
from widget_site import LANGUAGES, page_url

import engine
from engine import board_link, render, web
from engine.board_link import LinkProblem
from engine.records import Record
from engine.render import plural_text, score_text, verdict_text

pytestmark = pytest.mark.browser

READY_MS = 120_000
SOLVE_MS = 120_000
BOARD = '[data-widget="analysis"]'
UNDECIDED = "SC1-EAS-AAAAADT"
SEED = Record.load(Path(__file__).resolve().parents[2] / "examples" / "scorpion" / "won.game").start_position()
SAME_SUIT = {lang: engine.Verdict(False, "same-suit").message(lang) for lang in LANGUAGES}


@pytest.fixture
def server(site, static_server):
    return static_server(site)


def open_board(page, server, lang: str = "en", fragment: str = "") -> None:
    page.goto(page_url(server.url, lang, "board/") + fragment)
    page.wait_for_selector(f'{BOARD}[data-state="ready"]', state="attached", timeout=READY_MS)
    if fragment:  # the link is read once the engine is ready: wait for its answer
        page.wait_for_function("document.querySelector('[data-widget=analysis] [data-role=message]').textContent")


def text(page, role: str) -> str:
    return page.text_content(f"{BOARD} [data-role={role}]") or ""


def wait_for_message(page, legal: str) -> str:
    page.wait_for_function(
        "l => document.querySelector('[data-widget=analysis] [data-role=message]').dataset.legal === l", arg=legal)
    return shown_text(page, f"{BOARD} [data-role=message]")


def verdicts_shown(page) -> list[list[str]]:
    """The verdict table (it comes with the move's message, in the same frame): [rules, legal, text]
    per preset."""
    return page.eval_on_selector_all(f"{BOARD} [data-role=verdicts] [data-rules]",
                                     "els => els.map(e => [e.dataset.rules, e.dataset.legal, e.textContent])")


def wait_for_fragment(page, fragment: str) -> None:
    page.wait_for_function("f => location.hash === '#' + f", arg=fragment)


def click_card(page, token: str) -> None:
    page.click(f'{BOARD} [data-card="{token}"]', position={"x": 6, "y": 6})


def play_by_clicks(page, card: str, onto: str) -> None:
    click_card(page, card)
    click_card(page, onto)


def position_after(game: str, start: str, moves, rules: str | None = None, code: str | None = None):
    pos = engine.position(game, None if code else start, rules=None if code else rules, code=code)
    for token in moves:
        assert pos.play(token)[1].legal, token
    return pos


# -- the engine the board runs: the build's memory snapshot -----------------------------------------------------


def test_the_board_runs_from_the_builds_memory_snapshot_through_links_every_preset_and_the_solver(
    page, page_log, server
):
    # After a snapshot restore nothing can be imported (the standard library archive is empty, the wheel
    # is not fetched): links, every preset's deals and verdicts and the solver answer from memory.
    near_won = "KC////// - - KS/KH/KD/QC"
    open_board(page, server, "ca", "#" + board_link.write("klondike", position=near_won, rules="draw1"))
    paths = {served.path for served in server.log}
    assert [path for path in paths if path.endswith("/engine.snapshot.gz")]
    assert not [path for path in paths if path.startswith("/wheels/") or path == "/pyodide/python_stdlib.zip"]
    page.click(f'{BOARD} [data-action="solve"]')
    page.wait_for_selector(f'{BOARD} [data-role=solver][data-result="won"]', state="attached", timeout=SOLVE_MS)
    assert page.eval_on_selector_all(f"{BOARD} [data-role=solution] [data-move]", "els => els.map(e => e.dataset.move)"
                                     ) == ["KC>F"]
    for game in engine.GAMES:
        for preset in engine.find(game).presets:
            page.select_option(f"{BOARD} [data-role=deal-rules]", f"{game}/{preset}")
            page.click(f'{BOARD} [data-action="new-deal"]')
            page.wait_for_function("p => location.hash.startsWith(p)",
                                   arg=f"#game={game}&code={engine.find(game).code(0, preset)[:7]}")
            code = page.evaluate("location.hash").split("code=")[1].split("&")[0]
            assert text(page, "description") == engine.deal(code).describe("ca")
    assert not [message for kind, message in page_log.console if kind in ("warning", "error")]


# -- links: codes of both games, moves, every language -------------------------------------------------------


@pytest.mark.parametrize(("lang", "game", "code", "moves"), [
    ("en", "scorpion", "SC1-CLA-AAAAAAG", ["8H>1", "deal"]),
    ("hu", "klondike", "KL1-D1N-AAAAAAG", ["AD>F", "draw"]),
    ("ca", "scorpion", "SC1-EAS-AAAAAAB", ["deal"]),
    ("ru", "klondike", "KL1-D3V-AAAAAAG", ["draw", "draw"]),
])
def test_a_link_opens_its_deal_with_its_moves_in_every_language(page, server, lang, game, code, moves):
    open_board(page, server, lang, "#" + board_link.write(game, code=code, moves=moves))
    pos = position_after(game, "", moves, code=code)
    assert page.get_attribute("html", "lang") == lang
    assert text(page, "description") == pos.describe(lang)
    assert text(page, "score") == score_text(pos, lang)
    assert text(page, "message") == plural_text("opened-link", len(moves), lang)
    assert page.input_value(f"{BOARD} [data-role=rules]") == str(pos.rules)
    # The address holds the board as the engine writes it (its rules made explicit).
    wait_for_fragment(page, board_link.write(game, code=code, rules=str(pos.rules), moves=moves))


def test_a_link_stops_at_its_first_bad_move_and_names_it(page, server):
    open_board(page, server, "hu", "#game=scorpion&code=SC1-CLA-AAAAAAG&moves=8H%3E1,4C%3E7,deal")
    pos = position_after("scorpion", "", ["8H>1"], code="SC1-CLA-AAAAAAG")
    assert wait_for_message(page, "false") == LinkProblem(
        "moves", "move-refused", n=2, token="4C>7", reason=pos.check_token("4C>7").message("hu")
    ).message("hu")
    assert text(page, "description") == pos.describe("hu")


# -- playing: clicks, keyboard, verdicts, history, rules ---------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_move_played_by_clicks_gets_the_apps_verdict_and_the_verdict_of_every_preset(page, server, lang):
    open_board(page, server, lang)
    start_fragment = page.evaluate("location.hash")
    play_by_clicks(page, "4C", "5H")  # 4♣ onto 5♥: refused under Classic, allowed under Easy for 0 points
    assert wait_for_message(page, "false") == SAME_SUIT[lang]
    verdicts = verdicts_shown(page)
    assert [v[0] for v in verdicts] == list(engine.find("scorpion").presets)
    by_rules = {v[0]: v for v in verdicts}
    name = {p: web.preset_label("scorpion", p, lang) for p in ("classic", "easy")}
    assert by_rules["classic"][1:] == ["false", verdict_text(
        {"name": name["classic"], "legal": False, "message": SAME_SUIT[lang]}, lang)]
    assert by_rules["easy"][1:] == ["true", verdict_text({"name": name["easy"], "legal": True, "points": 0}, lang)]
    assert page.evaluate("location.hash") == start_fragment  # a refused move changes nothing
    play_by_clicks(page, "4H", "5H")
    wait_for_message(page, "true")
    pos = position_after("scorpion", str(SEED), ["4H>7"])
    assert text(page, "description") == pos.describe(lang) and text(page, "score") == "5"
    wait_for_fragment(page, board_link.write("scorpion", position=str(SEED), rules="classic", moves=["4H>7"]))


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_a_picked_cards_message_follows_the_game_on_the_board(page, server, lang):
    # Scorpion sends a picked card to a column; Klondike to a column or a foundation: the board may
    # switch game, and the message follows the game on it, not the page.
    open_board(page, server, lang)
    for game, card, key in (("scorpion", "4H", "selected"), ("klondike", "5H", "selected-foundation")):
        if game == "klondike":
            page.evaluate("f => { location.hash = f; }", "#game=klondike&code=KL1-D1N-AAAAAAG")
            page.wait_for_selector(f"{BOARD} [data-role=board] [data-foundation]", state="attached")
        click_card(page, card)
        name = page.get_attribute(f'{BOARD} [data-card="{card}"]', "aria-label")
        assert shown_text(page, f"{BOARD} [data-role=message]") == render.text(key, lang, card=name)
        click_card(page, card)  # put back


def test_a_moves_verdict_table_comes_with_its_redrawn_board_and_is_the_engines_for_that_move(page, server):
    # The board, the verdict and the table under every preset come in one frame, for the move just
    # made (not the one before): a legal move after a refused one, then a refused one again.
    open_board(page, server, "hu")
    board = web.AnalysisSession({"kind": "analysis", "game": "scorpion", "start": str(SEED), "rules": "classic",
                                 "lang": "hu"})
    for card, onto, token, legal in (("4C", "5H", "4C>7", "false"), ("4H", "5H", "4H>7", "true"),
                                     ("3D", "4H", "3D>7", "false")):
        expected = [[v["rules"], str(v["legal"]).lower(), verdict_text(v, "hu")] for v in board.verdicts(token)]
        frame = board.move(token)
        play_by_clicks(page, card, onto)
        assert wait_for_message(page, legal) == frame["message"]
        assert heard_text(page, f"{BOARD} [data-role=message]") == frame["message_said"]
        assert verdicts_shown(page) == expected
        assert page.get_attribute(f"{BOARD} [data-role=verdicts]", "data-move") == token
        assert text(page, "verdicts-summary") == frame["verdicts_summary"]


def test_the_board_is_played_with_the_keyboard_alone(page, server):
    open_board(page, server, "ru")
    page.focus(f'{BOARD} [data-action="deal"]')
    page.keyboard.press("Tab")  # the table's one tab stop: its first face-up card
    assert page.evaluate("document.activeElement.dataset.card") == "3D"
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    assert page.evaluate("document.activeElement.dataset.card") == "4H"
    page.keyboard.press("Enter")
    for _ in range(5):
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    wait_for_message(page, "true")
    assert text(page, "score") == "5"
    page.focus(f'{BOARD} [data-action="undo"]')
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelector('[data-widget=analysis] [data-action=redo]').disabled === false")
    page.focus(f'{BOARD} [data-action="redo"]')
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelector('[data-widget=analysis] [data-role=score]').textContent === '5'")
    # The move list is buttons too: back to the start by the keyboard.
    page.focus(f'{BOARD} [data-role=moves] [data-index="0"]')
    page.keyboard.press("Enter")
    page.wait_for_function(
        "document.querySelector('[data-widget=analysis] [data-role=moves] [aria-current]').dataset.index === '0'")
    assert text(page, "description") == SEED.describe("ru")


def test_a_move_carries_the_same_card_elements_to_their_column_and_the_focus_stays_where_it_was(page, server):
    # The board is redrawn in place: 4♥ and the 7♠ it carries are the elements that were on the board,
    # now in column 7; the cards nothing moved are untouched; what had the focus keeps it.
    open_board(page, server)
    page.evaluate("""() => {
      const board = document.querySelector('[data-widget=analysis] [data-role=board]');
      for (const card of board.querySelectorAll('[data-card]')) {
        card.wasIn = card.closest('[data-column]')?.dataset.column || '-';  // on the element itself
      }
    }""")
    click_card(page, "4H")
    page.click(f'{BOARD} [data-column="7"] .sol-column-label')
    page.evaluate("window.focusedAtClick = document.activeElement")
    wait_for_message(page, "true")
    kept = page.evaluate("""() => {
      const board = document.querySelector('[data-widget=analysis] [data-role=board]');
      return [...board.querySelectorAll('[data-card]')].map(
        (card) => [card.dataset.card, card.wasIn || 'new', card.closest('[data-column]')?.dataset.column || '-']);
    }""")
    where = {card: (was, now) for card, was, now in kept}
    assert where["4H"] == (where["4H"][0], "7") and where["7S"] == (where["7S"][0], "7")
    assert where["4H"][0] not in ("7", "new") and where["4H"][0] == where["7S"][0]  # the same elements, moved
    assert all(was in (now, "new") for card, (was, now) in where.items() if card not in ("4H", "7S"))
    assert page.evaluate("document.activeElement === window.focusedAtClick && document.activeElement.isConnected")


def test_switching_rules_judges_the_moves_again_and_stops_at_the_first_refused(page, server):
    open_board(page, server, "ca", f"#game=scorpion&position={SEED}&rules=easy&moves=4C%3E7".replace(" ", "%20"))
    page.select_option(f"{BOARD} [data-role=rules]", "classic")
    message = wait_for_message(page, "false")
    assert SAME_SUIT["ca"] in message and "«Clàssica»" in message
    assert text(page, "description") == SEED.describe("ca")
    assert not page.is_disabled(f'{BOARD} [data-action="redo"]')  # the refused move waits in the move list
    wait_for_fragment(page, board_link.write("scorpion", position=str(SEED), rules="classic"))


def test_a_klondike_move_is_judged_under_its_four_presets(page, server):
    open_board(page, server, "en", "#game=klondike&code=KL1-D1N-AAAAAAG")
    click_card(page, "AD")
    page.click(f'{BOARD} [data-foundation="D"] button')
    wait_for_message(page, "true")
    verdicts = [v[:2] for v in verdicts_shown(page)]
    assert verdicts == [["draw1", "true"], ["draw3", "true"], ["draw1-vegas", "true"], ["draw3-vegas", "true"]]
    assert text(page, "verdicts-summary") == "Allowed under every rule set."


# -- new games ----------------------------------------------------------------------------------------------


def test_a_new_random_deal_is_a_deal_code_of_the_chosen_preset(page, server):
    open_board(page, server, "hu")
    page.select_option(f"{BOARD} [data-role=deal-rules]", "klondike/draw3")
    page.click(f'{BOARD} [data-action="new-deal"]')
    page.wait_for_function("location.hash.startsWith('#game=klondike&code=KL1-D3N-')")
    code = page.evaluate("location.hash").split("code=")[1].split("&")[0]
    assert text(page, "description") == engine.deal(code).describe("hu")
    assert text(page, "message") == f"Új játszma az elemzőtáblán: {code}."


def test_the_start_field_opens_a_code_or_names_what_it_cannot_open(page, server):
    open_board(page, server, "ru")
    page.fill(f"{BOARD} [data-role=start-text]", "<img src=x onerror=alert(1)>")
    page.press(f"{BOARD} [data-role=start-text]", "Enter")
    assert wait_for_message(page, "false") == (
        "Текст «<img src=x onerror=alert…» — не код расклада и не позиция выбранной игры.")
    assert page.query_selector(f"{BOARD} img") is None
    page.fill(f"{BOARD} [data-role=start-text]", "   ")
    page.click(f'{BOARD} [data-action="open"]')  # an empty field is answered, not ignored
    page.wait_for_function("t => document.querySelector('[data-widget=analysis] [data-role=message]')"
                           ".textContent.trim() === t", arg="Сначала введите код партии или позицию.")
    page.fill(f"{BOARD} [data-role=start-text]", "SC1-WSP-AAAAAAC")
    page.click(f'{BOARD} [data-action="open"]')
    page.wait_for_function("location.hash.startsWith('#game=scorpion&code=SC1-WSP-AAAAAAC')")
    assert text(page, "description") == engine.deal("SC1-WSP-AAAAAAC").describe("ru")


# -- sharing ------------------------------------------------------------------------------------------------


def test_a_copied_link_reopens_the_same_position_rules_and_moves(browser, server):
    context = browser.new_context()
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    try:
        page = context.new_page()
        open_board(page, server, "hu", "#game=klondike&code=KL1-D1N-AAAAAAG&moves=AD%3EF")
        page.select_option(f"{BOARD} [data-role=rules]", "draw1-vegas")
        wait_for_message(page, "true")
        click_card(page, "AH")
        page.click(f'{BOARD} [data-foundation="H"] button')
        page.wait_for_function("location.hash.includes('AH%3EF')")
        page.click(f'{BOARD} [data-action="copy"]')
        page.wait_for_function("document.querySelector('[data-widget=analysis] [data-role=message]').textContent "
                               "=== 'A hivatkozás a vágólapra került.'")
        link = page.evaluate("navigator.clipboard.readText()")
        assert link == page.input_value(f"{BOARD} [data-role=link]") == page.url
        shown = {role: text(page, role) for role in ("description", "score")}
        again = context.new_page()
        again.goto(link)
        again.wait_for_selector(f'{BOARD}[data-state="ready"]', state="attached", timeout=READY_MS)
        again.wait_for_function("document.querySelector('[data-widget=analysis] [data-role=message]').textContent")
        assert {role: text(again, role) for role in ("description", "score")} == shown
        assert again.input_value(f"{BOARD} [data-role=rules]") == "draw1-vegas"
        assert again.eval_on_selector_all(f"{BOARD} [data-role=moves] [data-index]", "els => els.length") == 3
        assert text(again, "score") == "-$42"  # as the app shows dollars, in every language (seed 001)
    finally:
        context.close()


def test_without_the_clipboard_the_link_is_selected_in_its_field(page, server):
    page.add_init_script("navigator.clipboard.writeText = () => Promise.reject(new DOMException('denied'));")
    open_board(page, server, "ca")
    page.click(f'{BOARD} [data-action="copy"]')
    page.wait_for_function("document.querySelector('[data-widget=analysis] [data-role=message]').textContent "
                           ".startsWith('Aquí no s’ha pogut copiar')")
    assert page.evaluate("document.activeElement.dataset.role") == "link"
    assert page.evaluate("window.getSelection().toString() || document.activeElement.value.slice("
                         "document.activeElement.selectionStart, document.activeElement.selectionEnd)") == page.url


def test_every_replay_and_try_it_widget_opens_its_position_on_the_board(page, server):
    page.goto(page_url(server.url, "hu", "scorpion/rules/"))
    page.wait_for_selector('#first-move[data-state="ready"]', state="attached", timeout=READY_MS)
    start = page.text_content("#first-move [data-role=description]")
    page.click('#first-move [data-action="next"]')
    page.wait_for_function(
        "document.querySelector('#first-move a[data-role=board-link]').href.includes('moves=4H%3E7')")
    page.wait_for_function(  # a replay's description (a live region) follows once its steps settle
        "(start) => document.querySelector('#first-move [data-role=description]').textContent !== start", arg=start)
    described = page.text_content("#first-move [data-role=description]")
    page.click("#first-move a[data-role=board-link]")
    page.wait_for_selector(f'{BOARD}[data-state="ready"]', state="attached", timeout=READY_MS)
    page.wait_for_function("document.querySelector('[data-widget=analysis] [data-role=message]').textContent")
    assert page.url.startswith(page_url(server.url, "hu", "board/"))
    assert text(page, "description") == described


# -- the solver ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["ru"])
def test_the_solver_wins_the_seed_deal_and_its_line_replays_to_a_win(page, server, lang):
    open_board(page, server, lang)
    page.click(f'{BOARD} [data-action="solve"]')
    page.wait_for_selector(f'{BOARD} [data-role=solver][data-result="won"]', state="attached", timeout=SOLVE_MS)
    assert page.get_attribute(f"{BOARD} [data-role=solver]", "role") == "status"  # announced
    assert page.is_hidden(f"{BOARD} [data-role=solution]")  # a spoiler: shown only on request
    line = page.eval_on_selector_all(f"{BOARD} [data-role=solution] [data-move]", "els => els.map(e => e.dataset.move)")
    pos = engine.position("scorpion", str(SEED))
    for token in line:
        assert pos.play(token)[1].legal, token
    assert pos.is_won()
    assert text(page, "solver") == plural_text("solver-won", len(line), lang)
    page.click(f'{BOARD} [data-action="show-line"]')
    assert page.is_visible(f"{BOARD} [data-role=solution]")
    assert page.get_attribute(f'{BOARD} [data-action="show-line"]', "aria-expanded") == "true"
    page.click(f'{BOARD} [data-role=solution] [data-step="{len(line) - 1}"]')  # the line played on the board
    page.wait_for_function("n => document.querySelector('[data-widget=analysis] [data-role=moves] [aria-current]')"
                           ".dataset.index === String(n)", arg=len(line))
    assert text(page, "description") == pos.describe(lang)


def test_a_lost_position_is_said_in_a_sentence_and_the_solvers_result_value_is_never_shown(page, server):
    # Only the clubs are left, and they are locked (tests/examples/test_solver.py).
    lost = "2C/KC5C9C/QC7C4C/3C/8C6C/AC/TCJC - SHD"
    open_board(page, server, "ca", f"#game=scorpion&position={lost}".replace(" ", "%20"))
    page.click(f'{BOARD} [data-action="solve"]')
    page.wait_for_selector(f'{BOARD} [data-role=solver][data-result="lost"]', state="attached", timeout=SOLVE_MS)
    assert text(page, "solver") == web.text("solver-lost", "ca")
    # "lost" is a data attribute for scripts and tests: no text, no accessible name or value carries it.
    said = page.eval_on_selector(BOARD, """root => [root.innerText, ...[...root.querySelectorAll('*')].flatMap(
        el => [...el.attributes].filter(a => !a.name.startsWith('data-')).map(a => a.value))].join(' ')""")
    assert not {"lost", "won", "unknown"} & set(said.lower().split())


def test_cancel_stops_the_search_and_the_board_plays_on(page, server):
    # A deal the solver leaves undecided at 200,000 positions (examples/stats/scorpion-easy.csv): the
    # search is still running when Cancel comes, however fast the machine.
    open_board(page, server, "hu", f"#game=scorpion&code={UNDECIDED}")
    page.focus(f'{BOARD} [data-action="solve"]')
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelector('[data-widget=analysis] [data-role=solver-progress]')"
                           ".textContent.match(/[1-9]/)", timeout=SOLVE_MS)
    assert page.evaluate("document.activeElement.dataset.action") == "cancel"  # the keyboard reader is on Cancel
    page.keyboard.press("Enter")
    page.wait_for_selector(f'{BOARD} [data-role=solver][data-result="unknown"]', state="attached")
    assert text(page, "solver") == "A keresés megszakítva: nem dőlt el."
    assert page.evaluate("document.activeElement.dataset.action") == "solve"
    play_by_clicks(page, "9H", "TD")
    wait_for_message(page, "true")


# -- hostile links -------------------------------------------------------------------------------------------


HOSTILE = [
    ("#<img src=x onerror=alert(1)>", "unknown-key"),
    ("#game=scorpion&code=javascript:alert(document.cookie)", "character"),
    ("#game=scorpion&code=%D0%A1C1-CLA-AAAAAAG", "character"),  # Cyrillic С
    ("#game=scorpion&code=SC%EF%BC%91-CLA-AAAAAAG", "character"),  # fullwidth 1
    ("#game=scorpion&code=SC1-CLA-AAAAAAG&level=9", "unknown-key"),
    ("#game=scorpion&game=klondike", "twice"),
    ("#game=scorpion&code=SC1-CLA-AAAAAA%E0%A5", "encoding"),
    ("#game=scorpion&position=%3Cscript%3Ealert(1)%3C%2Fscript%3E", "character"),
    ("#" + "game=scorpion&" * 8000, "too-long"),  # about 100 kB
]


@pytest.mark.parametrize("lang", ["ca", "ru"])
def test_a_hostile_link_opened_cold_gets_a_message_and_the_default_board(page, server, lang):
    page.on("dialog", lambda dialog: pytest.fail(f"a dialog opened: {dialog.message}"))
    open_board(page, server, lang, "#game=scorpion&code=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E")
    assert wait_for_message(page, "false") == LinkProblem("code", "character", key="code",
                                                          char="< (U+003C)").message(lang)
    assert page.query_selector("img[src=x]") is None
    assert text(page, "description") == SEED.describe(lang)


def test_hostile_links_each_get_a_clear_message_never_markup_and_the_worker_survives(page, server):
    page.on("dialog", lambda dialog: pytest.fail(f"a dialog opened: {dialog.message}"))
    open_board(page, server, "en")
    for fragment, problem in HOSTILE:
        page.evaluate("f => { location.hash = f; }", fragment)
        page.wait_for_function(
            "() => document.querySelector('[data-widget=analysis] [data-role=message]').dataset.legal === 'false'")
        message = text(page, "message")
        with pytest.raises(LinkProblem) as expected:
            board_link.read(fragment[:board_link.MAX_LENGTH + 2], length=len(fragment))
        assert expected.value.text == problem and message == expected.value.message("en"), fragment
        assert page.query_selector("img[src=x]") is None and page.query_selector(f"{BOARD} script") is None
        assert text(page, "description") == SEED.describe("en")
        page.evaluate("() => { document.querySelector('[data-widget=analysis] [data-role=message]').textContent = '';"
                      " delete document.querySelector('[data-widget=analysis] [data-role=message]').dataset.legal; }")
    play_by_clicks(page, "4H", "5H")  # the worker still answers
    wait_for_message(page, "true")


# -- without JavaScript ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_without_javascript_the_page_shows_the_board_and_the_command_line(browser, server, lang):
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(page_url(server.url, lang, "board/"))
        assert page.text_content(f"{BOARD} [data-role=description]") == SEED.describe(lang)
        commands = page.text_content("#command-line ~ div pre, #command-line ~ .highlight pre") or ""
        assert "python -m engine play --game scorpion --code SC1-CLA-AAAAAAG" in commands
        assert "python -m engine solve" in commands
        assert page.text_content(f"{BOARD} [data-role=command]").startswith("python -m engine play --game scorpion")
    finally:
        context.close()
