"""The Scorpion disputed points page (docs/scorpion/rulings.md), as built in every language.

Every ruling record under examples/scorpion/rulings/ is on the page as a ruling widget whose
verdicts are the record's, in the page's language; and each key statement of seed 004 has a
ruling on the page that shows it (the position and the disputed move, judged by the engine).
"""

from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from site_support import LANGUAGES, ROOT, page_path

import engine
from engine import records
from engine.render import amount_text
from engine.web import preset_label
from hooks import po, values

PAGE = "scorpion/rulings.md"
RULINGS = sorted((ROOT / "examples" / "scorpion" / "rulings").glob("*.game"))

_WIDGET = re.compile(r'<div class="sol-widget sol-try[^"]*" id="(?P<id>[^"]+)"[^>]*?data-config="(?P<config>[^"]*)"')
_VERDICT = re.compile(r'<li data-rules="(?P<rules>[^"]+)" data-legal="(?P<legal>true|false)">(?P<text>.*?)</li>', re.S)


@dataclass
class Ruling:
    """A ruling widget as the page carries it: its config and, per disputed move, the explanation
    and the verdicts listed under it."""

    id: str
    config: dict
    verdicts: list[tuple[str, bool, str]]  # (rules, legal, text) of the first disputed move
    moves: dict[str, list[tuple[str, bool, str]]]  # every disputed move's verdicts, by token
    notes: list[str]  # the explanations shown, in order


_LIST = re.compile(
    r'<ul class="sol-verdicts" data-role="verdicts"(?: data-move="(?P<move>[^"]*)")?[^>]*>(?P<items>.*?)</ul>', re.S)
_NOTE = re.compile(r'<p class="sol-attempt-note">(?P<text>.*?)</p>', re.S)


def _verdicts(items: str) -> list[tuple[str, bool, str]]:
    return [(v["rules"], v["legal"] == "true", html.unescape(re.sub(r"<[^>]+>", "", v["text"])))
            for v in _VERDICT.finditer(items)]


def rulings_on(site: Path, lang: str) -> dict[str, Ruling]:
    text = page_path(site, lang, PAGE).read_text(encoding="utf-8")
    found = {}
    starts = list(_WIDGET.finditer(text))
    for m, after in zip(starts, starts[1:] + [None]):
        body = text[m.end(): after.start() if after else len(text)]
        config = json.loads(html.unescape(m["config"]))
        lists = [(html.unescape(v["move"] or config["attempt"]), _verdicts(v["items"])) for v in _LIST.finditer(body)]
        notes = [html.unescape(n["text"]) for n in _NOTE.finditer(body)]
        found[m["id"]] = Ruling(m["id"], config, lists[0][1] if lists else [], dict(lists), notes)
    return found


@pytest.fixture(scope="module")
def pages(built_site) -> dict[str, dict[str, Ruling]]:
    return {lang: rulings_on(built_site, lang) for lang in LANGUAGES}


def test_there_are_ruling_records():
    assert len(RULINGS) >= 15


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("path", RULINGS, ids=lambda p: p.stem)
def test_every_ruling_record_is_on_the_page_with_its_verdicts(pages, path, lang):
    record = records.load(path)
    ruling = pages[lang].get(record.ruling)
    assert ruling is not None, f"{path.name}: no ruling widget #{record.ruling} on the {lang} page"
    frames = record.replay(lang)
    judged = next(f for f in frames if f.attempts)
    attempt = judged.attempts[0]
    assert ruling.config["attempt"] == attempt.token
    assert ruling.config["start"] == judged.position
    assert [rules for rules, _, _ in ruling.verdicts] == [rules for rules, _ in attempt.verdicts]
    for (rules, legal, text), (_, verdict) in zip(ruling.verdicts, attempt.verdicts):
        assert legal == verdict.legal, f"{record.ruling} under {rules}"
        assert text.startswith(preset_label("scorpion", rules, lang)), text
        if not verdict.legal:
            assert verdict.message(lang) in text, text


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("path", RULINGS, ids=lambda p: p.stem)
def test_every_disputed_move_of_the_position_has_its_button_explanation_and_verdicts(pages, path, lang):
    """A record may judge several moves in the ruling's position: each is offered, explained (the
    record's annotation, in the page's language) and judged under the rule sets the first names."""
    record = records.load(path)
    ruling = pages[lang][record.ruling]
    judged = next(f for f in record.replay(lang, records.catalog_translator(lang, "scorpion")) if f.attempts)
    tokens = [a.token for a in judged.attempts]
    assert ruling.config.get("attempts", tokens[:1]) == tokens
    assert list(ruling.moves) == tokens
    presets = [rules for rules, _ in judged.attempts[0].verdicts]
    for a in judged.attempts:
        by_rules = dict(a.verdicts)
        assert [(r, legal) for r, legal, _ in ruling.moves[a.token]] == [
            (r, position_under(ruling, r).check_token(a.token).legal) for r in presets]
        for r, legal, _ in ruling.moves[a.token]:
            if r in by_rules:
                assert legal == by_rules[r].legal, f"{record.ruling} {a.token} under {r}"
    assert ruling.notes == [values.render(a.annotation, lang) for a in judged.attempts if a.annotation]


def position_under(ruling: Ruling, rules: str):
    try:
        return engine.position("scorpion", ruling.config["start"], rules=rules, score=ruling.config.get("score"))
    except engine.EngineError:
        return engine.position("scorpion", ruling.config["start"], rules=rules)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_page_has_no_ruling_without_a_record(pages, lang):
    ids = {records.load(p).ruling for p in RULINGS}
    assert set(pages[lang]) <= ids


# -- seed 004's key statements, each shown by a ruling on the page ------------------------------


def position(ruling: Ruling):
    return engine.position(ruling.config["game"], ruling.config["start"], rules=ruling.config["rules"])


def columns(ruling: Ruling) -> list[list[str]]:
    cols = ruling.config["start"].split(" ")[0].split("/")
    return [[c[i: i + 2] for i in range(0, len(c), 2)] for c in cols]


def attempt(ruling: Ruling) -> tuple[str, int | None]:
    token = ruling.config["attempt"]
    if token == "deal":
        return token, None
    card, _, column = token.partition(">")
    return card, int(column)


def verdict(ruling: Ruling):
    return position(ruling).check_token(ruling.config["attempt"])


def carries(cards: list[str]):
    """The disputed move picks the first of ``cards``, which end its column, onto a free end."""
    def check(r: Ruling, top: str) -> bool:
        card, to = attempt(r)
        if card != cards[0] or to is None:
            return False
        source = next((c for c in columns(r) if card in c), None)
        target = columns(r)[to - 1]
        return source is not None and source[-len(cards):] == cards and target[-1:] == [top] and verdict(r).legal
    return check


def queen_refused_on_empty(r: Ruling) -> bool:
    card, to = attempt(r)
    return (to is not None and card[0] == "Q" and columns(r)[to - 1] == []
            and not verdict(r).legal and verdict(r).reason == "empty-needs-king")


def king_moves_its_whole_column(r: Ruling) -> bool:
    card, to = attempt(r)
    if to is None or card[0] != "K" or columns(r)[to - 1] != []:
        return False
    return any(c[:1] == [card] for c in columns(r)) and verdict(r).legal


def reserve_card_onto_empty_column(r: Ruling) -> bool:
    card, _ = attempt(r)
    cols = columns(r)
    dealt = engine.facts("scorpion")["deal_columns"]
    if card != "deal" or not any(c == [] for c in cols[:dealt]) or not verdict(r).legal:
        return False
    pos = position(r)
    pos.play("deal")
    return all(str(pos).split(" ")[0].split("/")[i] for i in range(dealt))


def only_the_last_face_down_card_turns(r: Ruling) -> bool:
    card, to = attempt(r)
    if to is None:
        return False
    source = next((i for i, c in enumerate(columns(r)) if card in c), None)
    if source is None:
        return False
    before = [c for c in columns(r)[source] if c.islower()]
    if len(before) < 2 or not verdict(r).legal:
        return False
    pos = position(r)
    pos.play(r.config["attempt"])
    after = str(pos).split(" ")[0].split("/")[source]
    after = [after[i: i + 2] for i in range(0, len(after), 2)]
    return len([c for c in after if c.islower()]) == len(before) - 1 and len(after) == len(before)


STATEMENTS = {
    # "группа 7♠–4♥–10♣–2♦ законно переносится на свободную 8♠"
    "the block 7♠–4♥–10♣–2♦ goes onto a free 8♠": lambda r: carries(["7S", "4H", "TC", "2D"])(r, "8S"),
    # "перенести 10♣–2♦ на свободного валета треф"
    "10♣–2♦ leaves that block for a free J♣": lambda r: carries(["TC", "2D"])(r, "JC")
    and any(c[-4:] == ["7S", "4H", "TC", "2D"] for c in columns(r)),
    # "Дама или семёрка не могут начать пустой столбец"
    "a queen may not start an empty column": queen_refused_on_empty,
    # "Если целый столбец начинается открытым королём, его тоже можно перенести в другой пустой столбец"
    "a king moves its whole column to another empty column": king_moves_its_whole_column,
    # "Если одно из первых трёх мест пусто, оно тоже получает свою карту резерва"
    "an empty column among the first three gets its reserve card": reserve_card_onto_empty_column,
    # "переверните именно эту карту ... Остальные закрытые карты пока не открывают"
    "only the last face-down card turns face up": only_the_last_face_down_card_turns,
}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("statement", STATEMENTS)
def test_each_key_statement_of_seed_004_has_a_ruling(pages, statement, lang):
    shown_by = [r.id for r in pages[lang].values() if STATEMENTS[statement](r)]
    assert shown_by, f"no ruling on the {lang} disputed points page shows that {statement}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_stuck_rule_is_stated_on_the_page(built_site, lang):
    # engine/scorpion.py: stuck means no move is legal but moving a whole column into an empty one
    text = page_path(built_site, lang, PAGE).read_text(encoding="utf-8")
    assert 'id="reserve-when"' in text
    words = {"en": "Stuck", "hu": "elakadás", "ca": "Encallada", "ru": "Тупик"}[lang]
    assert f"<strong>{words}</strong>" in text


# -- every rule set a question names is judged, and offered in its rules menu ---------------------

# The introduction names these five; "Every rule set" under a question means all of them.
EVERY_RULE_SET = ("classic", "easy", "traditional", "bvs", "wasp")
# A rule set a question names where the question does not arise, so the engine cannot judge it there:
# the ruling's position has a removed sequence, which Traditional and BVS never remove.
DOES_NOT_ARISE = {"covered-sequence-stays": {"traditional", "bvs"}}
_SECTION = re.compile(r"^### .*$", re.M)
_NAMES = re.compile(r"^- \*\*(?P<names>[^*]+?):\*\*", re.M)
_RULING_ID = re.compile(r"```solitaire ruling\s*\nruling:\s*(?P<id>\S+)")


def named_rule_sets(section: str) -> set[str]:
    """The rule sets a question's verdict bullets name (``**Classic, Easy, Traditional, BVS:**``)."""
    by_name = {engine.find("scorpion").preset_name(p, "en").lower(): p for p in engine.find("scorpion").presets}
    named: set[str] = set()
    for m in _NAMES.finditer(section):
        names = re.sub(r"\([^)]*\)", "", m["names"]).strip()
        if names.lower().startswith("every rule set"):
            named |= set(EVERY_RULE_SET)
            continue
        for name in re.split(r",\s*|\s+and\s+", names):
            named.add(by_name[name.strip().lower()])
    return named


def questions() -> list[tuple[str, set[str]]]:
    text = (ROOT / "docs" / PAGE).read_text(encoding="utf-8")
    sections = _SECTION.split(text)[1:]
    return [(m["id"], named_rule_sets(s)) for s in sections for m in _RULING_ID.finditer(s)]


def test_the_queen_question_names_bvs():  # the finding that made this rule: its verdicts left BVS out
    assert "bvs" in dict(questions())["queen-empty-column"]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("ruling_id", "named"), questions(), ids=[q for q, _ in questions()])
def test_every_rule_set_a_question_names_is_in_its_verdicts_and_rules_menu(pages, ruling_id, named, lang):
    ruling = pages[lang][ruling_id]
    wanted = named - DOES_NOT_ARISE.get(ruling_id, set())
    assert wanted <= set(ruling.config["presets"]), f"{ruling_id}: rules menu {ruling.config['presets']}"
    judged = {rules for rules, _, _ in ruling.verdicts}
    assert wanted <= judged, f"{ruling_id}: verdicts under {sorted(judged)}, the question names {sorted(named)}"


_ALLOWED = "allowed, {points}"  # hooks/directives/rulings.py ALLOWED (msgctxt rulings)
_CELL = re.compile(r'<td data-rules="[^"]+"(?: data-legal="(?:true|false)")?>(?P<cell>.*?)</td>', re.S)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_summary_cell_reads_its_symbol_then_a_space_then_its_words(built_site, lang):
    # r6 ca 6: "—no es jutja" read as one word; every cell is "✓ permesa", "✗ rebutjada", "— no es jutja"
    text = page_path(built_site, lang, PAGE).read_text(encoding="utf-8")
    cells = [html.unescape(re.sub(r"<[^>]+>", "", m["cell"])).strip() for m in _CELL.finditer(text)]
    assert {c[0] for c in cells} == {"✓", "✗", "—"}
    glued = [c for c in cells if not re.match(r"[✓✗—] \w", c)]
    assert not glued, f"{lang}: summary cells with the symbol glued to the words: {glued[:3]}"


_ROW = re.compile(r'<tr data-ruling="(?P<ruling>[^"]*)" data-move="(?P<move>[^"]*)">(?P<cells>.*?)</tr>', re.S)
_ALLOWED_CELL = re.compile(r'<td data-rules="(?P<rules>[^"]+)" data-legal="true">(?P<cell>.*?)</td>', re.S)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_allowed_summary_cell_says_what_the_move_earns_with_its_unit(built_site, lang):
    # r8 ru 9: "✓ можно 0" read as "allowed zero"; a cell says "✓ можно, 0 очков", the engine's amount
    text = page_path(built_site, lang, PAGE).read_text(encoding="utf-8")
    said = po_strings(lang, "docs-site").get(_ALLOWED) or _ALLOWED
    checked = 0
    for row in _ROW.finditer(text):
        record = records.load(ROOT / "examples" / "scorpion" / "rulings" / f"{html.unescape(row['ruling'])}.game")
        frame = next(f for f in record.replay() if f.attempts)
        verdicts = dict(next(a for a in frame.attempts if a.token == html.unescape(row["move"])).verdicts)
        for cell in _ALLOWED_CELL.finditer(row["cells"]):
            words = html.unescape(re.sub(r"<[^>]+>", "", cell["cell"])).strip()
            amount = amount_text(verdicts[cell["rules"]].points, lang)
            assert words == "✓ " + said.format(points=amount), (lang, row["ruling"], cell["rules"])
            checked += 1
    assert checked

_BOARD_LINK = re.compile(r'<tr data-ruling="[^"]*" data-move="(?P<move>[^"]*)">.*?<a class="sol-rulings-board" '
                         r'(?P<attrs>[^>]*)><span aria-hidden="true">(?P<shown>[^<]*)</span>'
                         r'<span class="sol-sr">(?P<said>[^<]*)</span></a>', re.S)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_disputed_moves_board_link_shows_the_symbols_and_says_the_card_in_words(built_site, lang):
    # r9–r11, every language: "Open 8♣ → column 4 on the analysis board" read "black club suit, right arrow"
    text = page_path(built_site, lang, PAGE).read_text(encoding="utf-8")
    game = engine.find("scorpion")
    links = list(_BOARD_LINK.finditer(text))
    assert links
    for m in links:
        token = html.unescape(m["move"])
        assert "aria-label" not in m["attrs"] and "title" not in m["attrs"]  # the name is what is said
        assert html.unescape(m["shown"]) == game.move_text(token, lang)
        said = html.unescape(m["said"])
        assert not re.search(r"[♠♥♦♣→]", said), said
        spoken = game.move_spoken(token, lang)
        assert spoken[:1].lower() + spoken[1:] in said

# A heading that points back at the question before it, and so words it differently from its record.
_HEADING_REFERS_BACK = {"group-from-inside"}  # "May 10♣ and 2♦ leave that group for J♣?"


def po_strings(lang: str, domain: str) -> dict[str, str]:
    """The translations of one of the language's page catalogs (none for English, the source)."""
    if lang == "en":
        return {}
    return {m.id: m.string for m in po.read(ROOT / "locales" / lang / "LC_MESSAGES" / f"{domain}.po", lang) if m.id}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_rulings_heading_asks_its_records_question_in_the_same_words(lang):
    # r6 ru 4: the heading «Можно ли класть красную карту на чёрную…» and the summary table's
    # «Можно ли положить красную карту на чёрную, старшую на один ранг…» asked one question two ways
    source = (ROOT / "docs" / PAGE).read_text(encoding="utf-8")
    pairs = re.findall(r"^### (.*?) \{#[^}]+\}\n.*?^ruling: (\S+)$", source, re.S | re.M)
    assert len(pairs) == len(RULINGS)
    headings = po_strings(lang, "docs-scorpion-rulings")
    questions = po_strings(lang, "docs-examples-scorpion")
    differ = []
    for heading, ruling in pairs:
        question = records.load(ROOT / "examples" / "scorpion" / "rulings" / f"{ruling}.game").question()
        if ruling not in _HEADING_REFERS_BACK and headings.get(heading, heading) != questions.get(question, question):
            differ.append((headings.get(heading, heading), questions.get(question, question)))
    assert not differ, f"{lang}: headings worded unlike their record's question: {differ}"


_LABEL = re.compile(r'<div class="sol-widget sol-try[^"]*" id="(?P<id>[^"]+)"[^>]*? aria-label="(?P<label>[^"]*)"')
_SUITS = re.compile("[♠♥♦♣]")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_rulings_board_is_named_in_words_as_a_screen_reader_says_it(built_site, lang):
    """A board's name is heard, never seen: where its question shows cards as symbols, the record's
    ``Said`` names them in words (the seven of spades, «семёрку пик»)."""
    text = page_path(built_site, lang, PAGE).read_text(encoding="utf-8")
    names = {m["id"]: html.unescape(m["label"]) for m in _LABEL.finditer(text)}
    catalog = po.translations(ROOT / "locales" / lang / "LC_MESSAGES" / "docs-examples-scorpion.po", lang,
                              "docs-examples-scorpion")

    def translate(context: str, msgid: str) -> str:
        entry = catalog.get(context, msgid)
        return entry.msgstr if entry and entry.msgstr else msgid
    said = 0
    for path in RULINGS:
        record = records.load(path)
        assert not _SUITS.search(names[record.ruling]), f"{record.ruling}: {names[record.ruling]}"
        if record.tags.get("Said"):
            said += 1
            assert names[record.ruling] == record.said(translate)
    assert said >= 2
