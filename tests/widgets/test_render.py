"""The renderer (engine/render.py): boards and widgets as a pure function of a position.

The DOM contract of DESIGN.md §5 is checked on the markup itself; the browser tests check it live.
"""

from __future__ import annotations

import html
import re
import string
from html.parser import HTMLParser
from pathlib import Path

import pytest
from seeds import LANGUAGES, SEED_DEAL

import engine
from engine import render, web
from engine.cards import parse_card
from hooks import po, values

ROOT = Path(__file__).resolve().parents[2]


class Tags(HTMLParser):
    """Every start tag with its attributes, and the text, of a piece of markup (and it must parse)."""

    def __init__(self, markup: str):
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict]] = []
        self.text: list[str] = []
        self.feed(markup)
        self.close()

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data):
        self.text.append(data)

    def having(self, name: str) -> list[dict]:
        return [a for _, a in self.tags if name in a]


def seed(rules: str | None = None):
    return engine.position("scorpion", SEED_DEAL, rules=rules)


def names_in(text: str) -> set[str]:
    """The values a format string names: "{card} → {the_n}" → {"card", "the_n"}."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def test_a_board_is_a_pure_function_of_the_position():
    pos = seed()
    assert render.board(pos, "hu") == render.board(seed(), "hu")
    before = str(pos)
    render.board(pos, "hu", interactive=True)
    assert str(pos) == before


def test_columns_are_numbered_from_1_and_hold_their_cards_in_order():
    pos = seed()
    tags = Tags(render.board(pos, "en"))
    assert [a["data-column"] for a in tags.having("data-column")] == [str(n) for n in range(1, 8)]
    shown = [a["data-card"] for a in tags.having("data-card")]
    face_up = [engine.cards.card_token(c) for col, d in zip(pos.cols, pos.down) for c in col[d:]]
    assert shown == face_up  # every face-up card once, column by column, table edge first


def test_face_down_cards_do_not_reveal_what_they_are():
    pos = seed()
    markup = render.board(pos, "en")
    for col, d in zip(pos.cols, pos.down):
        for c in col[:d]:
            token = engine.cards.card_token(c)
            assert f'"{token}"' not in markup and engine.cards.card_symbol(c) not in markup
    assert markup.count('data-face="down"') == 12 + 3  # 12 in the columns, 3 in the reserve


@pytest.mark.parametrize(("token", "rank", "suit", "colour"), [
    ("4H", "4", "♥", "sol-red"), ("TS", "10", "♠", "sol-black"),
    ("QD", "Q", "♦", "sol-red"), ("AC", "A", "♣", "sol-black"),
])
def test_a_card_shows_rank_and_suit_glyph_and_is_red_or_black(token, rank, suit, colour):
    markup = render.card(parse_card(token), "en")
    assert f'<span class="sol-rank">{rank}</span><span class="sol-suit">{suit}</span>' in markup
    assert colour in markup


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_card_is_named_for_screen_readers_in_the_readers_language(lang):
    c = parse_card("4H")
    assert html.escape(engine.i18n.translator(lang).card(c)) in render.card(c, lang)
    # a button's name starts with what it shows (WCAG 2.5.3), then the card's name
    assert f'aria-label="4♥, {html.escape(engine.i18n.translator(lang).card(c))}"' in render.card(c, lang, button=True)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_reserve_button_is_named_as_the_description_says_the_reserve(lang):
    # one wording per state: "reserve: 3 face-down cards", then "reserve: dealt" (never "0 face-down cards")
    pos = seed()
    for dealt in (False, True):
        if dealt:
            pos.play("deal")
        (deal,) = [a for t, a in Tags(render.board(pos, lang, interactive=True)).tags if a.get("data-action") == "deal"]
        assert deal["aria-label"] == pos.describe(lang).split(";")[0]
    assert deal["aria-label"] == engine.i18n.sentence_case(
        engine.i18n.translator(lang).pgettext("reserve", "reserve: dealt"), lang)
    # and the button shows no "0" that its name would not contain (WCAG 2.5.3)
    assert '<span class="sol-count">' not in render.board(pos, lang, interactive=True)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_stock_button_is_named_as_the_description_says_the_stock(lang):
    pos = engine.deal("KL1-D1N-AAAAAAG")
    for _ in range(25):  # 24 cards to draw, then the empty stock
        (deal,) = [a for t, a in Tags(render.board(pos, lang, interactive=True)).tags if a.get("data-action") == "deal"]
        assert deal["aria-label"] == pos.describe(lang).split(";")[0]
        pos.play("draw")
    assert deal["aria-label"] == engine.i18n.sentence_case(
        engine.i18n.translator(lang).pgettext("stock", "stock: empty"), lang)
    assert '<span class="sol-count">' not in render.board(pos, lang, interactive=True)


def test_the_try_it_board_makes_face_up_cards_and_column_labels_buttons_and_the_reserve_the_deal():
    tags = Tags(render.board(seed(), "en", interactive=True))
    buttons = [a for t, a in tags.tags if t == "button"]
    assert sum("data-card" in a for a in buttons) == 49 - 12
    assert [a["data-target"] for a in buttons if "data-target" in a] == [str(n) for n in range(1, 8)]
    (deal,) = [a for a in buttons if a.get("data-action") == "deal"]
    assert deal["data-move"] == "deal"
    # one tab stop on the table: the arrow keys move between its cards
    assert sum(a.get("tabindex") == "0" for a in buttons if "data-card" in a) == 1


def test_removed_sequences_fill_the_four_places():
    pos = engine.position(
        "scorpion", "KS/QS/JS/TS/9S/8S/7S6S5S4S3S2SASKDQDJDTD9D8D7D6D5D4D3D2DADKCQCJCTC9C8C7C6C5C4C3C2CAC - H")
    tags = Tags(render.board(pos, "hu"))
    (removed,) = tags.having("data-removed")
    assert removed["data-removed"] == "KH"
    assert "eltávolított sor: kőr" in "".join(tags.text)


def test_three_blind_mice_shows_the_cards_set_aside_face_up():
    pos = engine.position("scorpion", code="SC1-TBM-AAAAAAB")
    tags = Tags(render.board(pos, "en", interactive=True))
    aside = [a["data-card"] for _, a in tags.tags if "data-card" in a and a.get("class", "").startswith("sol-card")]
    assert all(engine.cards.card_token(c) in aside for c in pos.reserve)
    assert not [a for a in tags.having("data-action") if a["data-action"] == "deal"]
    assert [a["data-column"] for a in tags.having("data-column")] == [str(n) for n in range(1, 11)]


@pytest.mark.parametrize(("token", "lang", "text"), [
    ("4H>7", "en", "4♥ → column 7"), ("4H>7", "hu", "4♥ → 7. oszlop"), ("4H>7", "ca", "4♥ → columna 7"),
    ("4H>7", "ru", "4♥ → столбец 7"), ("deal", "hu", "A tartalék kiosztása"), ("TS>1", "en", "10♠ → column 1"),
    ("KH>F", "en", "K♥ → foundation"), ("draw", "ca", "Robar del munt"), ("tap:QH", "ca", "Tocar la carta Q♥"),
])
def test_moves_are_written_in_the_readers_language(token, lang, text):
    assert render.move_text(token, lang) == text


@pytest.mark.parametrize("lang", ["hu", "ca", "ru"])
def test_every_widget_text_is_translated(lang):
    messages = po.read(ROOT / "locales" / lang / "LC_MESSAGES" / "engine.po", lang)
    catalog = {(m.context, m.id if isinstance(m.id, str) else m.id[0])  # translated, non-fuzzy entries only
               for m in messages if m.id and m.string and not m.fuzzy}
    tables = {"widget": render._TEXTS, "move": render._MOVE_TEXTS, "move|spoken": render._SPOKEN_TEXTS,
              "attempt": render._ATTEMPT_TEXTS,
              "made": render._MADE_TEXTS, "made|spoken": render._MADE_SPOKEN, "rejudged": render._REJUDGED,
              "verdict": render._VERDICT_ROWS,
              "refused": render._REFUSED_TEXTS, "refused|spoken": render._REFUSED_SPOKEN}
    wanted = [(context, m) for context, table in tables.items() for m in table.values()]
    wanted += [("points", render.POINTS[0]), ("dollars", render.DOLLARS)]
    assert [key for key in wanted if key not in catalog] == []


def test_every_kind_of_move_has_its_label_its_try_button_and_its_points_message():
    for table in (render._MOVE_TEXTS, render._ATTEMPT_TEXTS, render._MADE_TEXTS, render._REFUSED_TEXTS):
        assert tuple(table) == render.MOVE_KINDS


# -- moves as a screen reader says them ------------------------------------------------------------

SYMBOLS = re.compile("[♠♥♦♣→←↑↓⇒]")
ONE_OF_EACH_KIND = ["4H>7", "KD>F", "tap:2H", "dtap:QS", "deal", "draw", "recycle", "undo"]


def test_the_kinds_of_move_shown_with_a_symbol_are_the_ones_with_a_spoken_form():
    shown_with_symbols = {render.move_parts(t)[0] for t in ONE_OF_EACH_KIND if SYMBOLS.search(render.move_text(t))}
    assert set(render._SPOKEN_TEXTS) == shown_with_symbols and {render.move_parts(t)[0] for t in ONE_OF_EACH_KIND} \
        == set(render.MOVE_KINDS)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("token", ONE_OF_EACH_KIND)
def test_a_spoken_move_names_its_card_in_words_with_no_suit_symbol_or_arrow(lang, token):
    said = render.move_spoken(token, lang)
    assert_said_in_words(said, token, lang, render.move_text(token, lang))


def assert_said_in_words(said: str, token: str, lang: str, shown: str) -> None:
    """``said`` (a text about the move ``token``) has no suit symbol and no arrow, starts with a capital,
    and names the card as ``translator(lang).card`` does (in any case) and the column by its number; a
    move without a card symbol is said as ``shown``."""
    assert not SYMBOLS.search(said) and said[:1] == said[:1].upper()
    kind, values = render.move_parts(token)
    if "card" not in values:  # nothing to read aloud differently: said as shown
        assert said == shown
        return
    t = engine.i18n.translator(lang)
    c = parse_card(token.split(":")[-1].split(">")[0])
    names = {t.card(c, case) for case in ("nom", *engine.i18n.CASES)}
    assert any(name in said or name[:1].upper() + name[1:] in said for name in names), (said, names)
    if "n" in values:
        assert str(values["n"]) in said


@pytest.mark.parametrize(("token", "lang", "said"), [
    ("4H>7", "en", "4 of hearts to column 7"), ("KD>F", "en", "King of diamonds to its foundation"),
    ("tap:2H", "en", "Tap the 2 of hearts"),
    ("4H>7", "hu", "Kőr 4 a 7. oszlopra"), ("4H>1", "hu", "Kőr 4 az 1. oszlopra"),
    ("4H>5", "hu", "Kőr 4 az 5. oszlopra"),
    ("4H>F", "hu", "Kőr 4 az alapjára"), ("tap:2H", "hu", "A kőr 2 megérintése"),
    ("4H>7", "ca", "4 de cors a la columna 7"), ("4H>F", "ca", "4 de cors a la seva base"),
    ("tap:2H", "ca", "Tocar la carta 2 de cors"),
    ("8C>4", "ru", "Восьмёрка треф в столбец 4"), ("4H>F", "ru", "Четвёрка червей на основание"),
    ("tap:2H", "ru", "Касание двойки червей"), ("dtap:KS", "ru", "Двойное касание короля пик"),
    ("deal", "hu", "A tartalék kiosztása"),
])
def test_a_move_is_said_as_a_sentence_of_the_readers_language(token, lang, said):
    # every native review: "4 black heart suit right arrow 7. oszlop"; now the words themselves
    assert render.move_spoken(token, lang) == said


@pytest.mark.parametrize("lang", ["hu", "ca", "ru"])
def test_a_spoken_moves_translation_names_only_the_values_offered(lang):
    # these entries are not brace-format checked by msgfmt (each language takes the values it needs)
    messages = po.read(ROOT / "locales" / lang / "LC_MESSAGES" / "engine.po", lang)
    spoken = {m.id: m.string for m in messages if m.context == "move|spoken"}
    assert set(spoken) == set(render._SPOKEN_TEXTS.values())
    for msgstr in spoken.values():
        named = names_in(msgstr)
        assert named and named <= set(render.SPOKEN_VALUES), msgstr


def test_the_kinds_of_move_shown_with_a_symbol_after_a_move_are_the_ones_with_a_spoken_message():
    shown = {render.move_parts(t)[0] for t in ONE_OF_EACH_KIND
             if SYMBOLS.search(render.made_text(render.move_parts(t), 5))}
    refused = {render.move_parts(t)[0] for t in ONE_OF_EACH_KIND
               if SYMBOLS.search(render.refused_text(render.move_parts(t), "No"))}
    assert set(render._MADE_SPOKEN) == shown == refused == set(render._REFUSED_SPOKEN)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("token", ONE_OF_EACH_KIND)
def test_a_refusal_beside_its_button_is_said_with_its_card_in_words_and_no_suit_symbol_or_arrow(lang, token):
    parts = render.move_parts(token)
    message = engine.Verdict(False, "same-suit", game="scorpion").message(lang)
    said = render.refused_said(parts, message, lang)
    assert message in said
    assert_said_in_words(said, token, lang, render.refused_text(parts, message, lang))


@pytest.mark.parametrize(("token", "lang", "said"), [
    ("4C>7", "en", "4 of clubs to column 7: refused. No."), ("4C>7", "hu", "Treff 4 a 7. oszlopra: elutasítva („No”)."),
    ("4C>7", "ca", "4 de trèvols a la columna 7: no es permet («No»)."),
    ("tap:2H", "ru", "Касание двойки червей: нельзя. No."),
])
def test_a_refusal_is_said_as_a_sentence_of_the_readers_language(token, lang, said):
    assert render.refused_said(render.move_parts(token), "No", lang) == said


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("token", ONE_OF_EACH_KIND)
def test_the_message_after_a_move_is_said_with_its_card_in_words_and_no_suit_symbol_or_arrow(lang, token):
    # the live region after a move: "4 black heart suit right arrow 7. oszlop: +5 pont" no more
    parts = render.move_parts(token)
    said = render.made_said(parts, 5, lang)
    assert said.endswith(render.amount_text(5, lang))
    assert_said_in_words(said, token, lang, render.made_text(parts, 5, lang))


@pytest.mark.parametrize(("token", "lang", "points", "said"), [
    ("4H>7", "en", 5, "4 of hearts to column 7: +5 points"), ("tap:2H", "en", 1, "Tap on the 2 of hearts: +1 point"),
    ("4H>7", "hu", 5, "Kőr 4 a 7. oszlopra: +5 pont"), ("4H>5", "hu", 0, "Kőr 4 az 5. oszlopra: 0 pont"),
    ("AH>F", "hu", 10, "Kőr ász az alapjára: +10 pont"), ("dtap:KS", "hu", 5, "A pikk király dupla érintése: +5 pont"),
    ("4H>7", "ca", 5, "4 de cors a la columna 7: +5 punts"),
    ("tap:2H", "ca", 10, "Toc a la carta 2 de cors: +10 punts"),
    ("4H>7", "ru", 5, "Четвёрка червей в столбец 7: +5 очков"), ("KD>F", "ru", 1, "Король бубён на основание: +1 очко"),
    ("dtap:2H", "ru", -15, "Двойное касание двойки червей: −15 очков"), ("deal", "ru", 0, "Резерв сдан: 0 очков"),
])
def test_the_message_after_a_move_is_said_as_a_sentence_of_the_readers_language(token, lang, points, said):
    assert render.made_said(render.move_parts(token), points, lang) == said


@pytest.mark.parametrize(("lang", "points", "said"), [
    ("en", 5, "King of hearts to its foundation: +5 dollars"), ("hu", 5, "Kőr király az alapjára: +5 dollár"),
    ("ca", 1, "Rei de cors a la seva base: +1 dòlar"), ("ca", 5, "Rei de cors a la seva base: +5 dòlars"),
    ("ru", 1, "Король червей на основание: +1 доллар"), ("ru", 3, "Король червей на основание: +3 доллара"),
    ("ru", 5, "Король червей на основание: +5 долларов"), ("ru", -52, "Король червей на основание: −52 доллара"),
])
def test_a_vegas_gain_is_said_with_dollars_in_words_in_the_numbers_plural(lang, points, said):
    """The eye reads „+5 $”; a screen reader reads "$" as "dollar" whatever the number, so the said
    form names the unit in words, in the plural CLDR gives the number."""
    assert render.made_said(render.move_parts("KH>F"), points, lang, dollars=True) == said
    assert "$" in render.made_text(render.move_parts("KH>F"), points, lang, dollars=True)


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Draw from the stock: 0 dollars"), ("ru", "Сдача из колоды: 0 долларов"),
])
def test_a_vegas_move_without_a_card_still_says_its_dollars_in_words(lang, said):
    assert render.made_said(render.move_parts("draw"), 0, lang, dollars=True) == said


@pytest.mark.parametrize(("context", "table", "offered", "needed"), [
    ("made|spoken", render._MADE_SPOKEN, render.MADE_SPOKEN_VALUES, "points"),
    ("refused|spoken", render._REFUSED_SPOKEN, render.REFUSED_SPOKEN_VALUES, "message"),
])
@pytest.mark.parametrize("lang", ["hu", "ca", "ru"])
def test_a_spoken_messages_translation_names_only_the_values_offered(lang, context, table, offered, needed):
    messages = po.read(ROOT / "locales" / lang / "LC_MESSAGES" / "engine.po", lang)
    spoken = {m.id: m.string for m in messages if m.context == context}
    assert set(spoken) == set(table.values())
    for msgstr in spoken.values():
        named = names_in(msgstr)
        assert needed in named and named <= set(offered), msgstr


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_legal_moves_frame_carries_its_message_shown_and_said(lang):
    session = web.session({"kind": "try", "game": "scorpion", "start": SEED_DEAL, "lang": lang})
    after = session.move("4H>7")
    parts = render.move_parts("4H>7")
    assert (after["message"], after["message_said"]) == (render.made_text(parts, 5, lang),
                                                         render.made_said(parts, 5, lang))
    refused = session.move("4H>7")  # a message without a card symbol is said as it is shown
    assert refused["legal"] is False and refused["message_said"] == refused["message"]


# -- what a picked card lets the reader do ---------------------------------------------------------


def test_a_picked_card_is_sent_to_a_column_in_scorpion_and_to_a_column_or_a_foundation_in_klondike():
    scorpion = web.session({"kind": "try", "game": "scorpion", "start": SEED_DEAL})
    klondike = web.session({"kind": "try", "game": "klondike", "start": str(engine.position("klondike",
                                                                                           code="KL1-D1N-AAAAAAG"))})
    assert scorpion.frame()["pick"] == ("selected", "selected-touch")
    assert klondike.frame()["pick"] == ("selected-foundation", "selected-touch-foundation")
    texts = render.client_texts("en")
    assert all("foundation" not in texts[key] for key in scorpion.frame()["pick"])
    assert all("a column or a foundation" in texts[key] for key in klondike.frame()["pick"])


def test_the_analysis_boards_pick_message_follows_the_game_on_the_board():
    board = web.session({"kind": "analysis", "game": "scorpion", "start": SEED_DEAL, "lang": "hu"})
    assert board.frame()["pick"] == engine.find("scorpion").pick_texts
    switched = board.start_from("KL1-D1N-AAAAAAG", None)
    assert switched["game"] == "klondike" and switched["pick"] == engine.find("klondike").pick_texts


@pytest.mark.parametrize("lang", ["hu", "ca", "ru"])
def test_every_pick_message_is_in_the_page_scripts_texts_and_translated(lang):
    texts = render.client_texts(lang)
    for game in ("scorpion", "klondike"):
        for key in engine.find(game).pick_texts:
            assert texts[key] != render.text(key, "en") and "{card}" in texts[key]


def heard_items(markup: str) -> list[str]:
    """Each list item of a move list as a screen reader hears it (its text less ``aria-hidden``)."""
    return [" ".join(spoken(item.replace("<li>", '<li data-heard="yes">', 1), "data-heard", "yes"))
            for item in re.findall(r"<li>.*?</li>", markup)]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_move_list_shows_the_symbols_and_is_heard_as_words(lang):
    tokens = ONE_OF_EACH_KIND
    shown = [render.move_text(t, lang) for t in tokens]
    said = [render.move_spoken(t, lang) for t in tokens]
    start = render.text("start", lang)
    replay = render.moves_list(shown, 0, "w", lang, said)
    assert heard_items(replay) == [start] + [f"{k}. {s}" for k, s in enumerate(said, 1)]
    assert all(f'<span aria-hidden="true">{html.escape(s, quote=True)}</span>' in replay
               for s, t in zip(shown, tokens) if SYMBOLS.search(s))
    assert heard_items(render.history_list(shown, 3, lang, said)) == [start, *said]
    assert heard_items(render.solution_list(tokens, shown, lang, said)) == said


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_widgets_move_lists_are_heard_as_words(lang):
    first, config = frame("replay", lang, moves=["4H>7", "deal"])
    markup = web.session(config).widget("w", config, first)
    (moves,) = re.findall(r'<ol class="sol-moves".*?</ol>', markup)
    said = [render.move_spoken(t, lang) for t in ("4H>7", "deal")]
    assert heard_items(moves)[1:] == [f"1. {said[0]}", f"2. {said[1]}"]
    board = web.session({"kind": "analysis", "game": "scorpion", "start": str(engine.position("scorpion", SEED_DEAL)),
                         "lang": lang})
    moves = board.move("4H>7")["moves"]
    assert heard_items(moves)[1] == render.move_spoken("4H>7", lang)


@pytest.mark.parametrize(("token", "lang", "text"), [
    ("tap:2H", "ca", "Prova: tocar la carta 2♥"), ("dtap:2H", "ca", "Prova: fer doble toc sobre la carta 2♥"),
    ("deal", "ca", "Prova de repartir la reserva"), ("tap:2H", "ru", "Попробовать: касание 2♥"),
    ("tap:2H", "en", "Try tapping 2♥"), ("4H>7", "hu", "Kipróbálás: 4♥ → 7. oszlop"),
])
def test_a_disputed_moves_button_is_one_sentence_per_kind_of_move(token, lang, text):
    assert render.attempt_text(render.move_parts(token), lang) == text


@pytest.mark.parametrize(("token", "text"), [
    # the second native review: the card takes the article its name read aloud takes (ász, öt: az)
    ("tap:2H", "Kipróbálás: a 2♥ megérintése"), ("tap:AH", "Kipróbálás: az A♥ megérintése"),
    ("dtap:5S", "Kipróbálás: az 5♠ dupla érintése"), ("dtap:TD", "Kipróbálás: a 10♦ dupla érintése"),
    ("tap:KC", "Kipróbálás: a K♣ megérintése"),
])
def test_a_hungarian_button_names_its_card_with_the_article_it_takes(token, text):
    assert render.attempt_text(render.move_parts(token), "hu") == text


@pytest.mark.parametrize("lang", ["hu", "ca", "ru"])
def test_a_disputed_moves_translation_names_only_the_values_offered(lang):
    # these entries are not brace-format checked by msgfmt (a language may take the card with its article)
    messages = po.read(ROOT / "locales" / lang / "LC_MESSAGES" / "engine.po", lang)
    attempts = {m.id: m.string for m in messages if m.context == "attempt"}
    assert set(attempts) == set(render._ATTEMPT_TEXTS.values())
    for msgid, msgstr in attempts.items():
        named = names_in(msgstr)
        wanted = names_in(msgid)
        assert named <= set(render.ATTEMPT_VALUES), msgstr
        assert {name.removeprefix("the_") for name in named} == wanted, msgstr  # each value, in some form


@pytest.mark.parametrize(("lang", "n", "text"), [
    ("en", 1, "Tap on 2♥: +1 point"), ("en", 5, "Tap on 2♥: +5 points"), ("hu", 5, "2♥ megérintése: +5 pont"),
    ("ca", 0, "Toc a la carta 2♥: 0 punts"), ("ru", 1, "Касание 2♥: +1 очко"), ("ru", 2, "Касание 2♥: +2 очка"),
    ("ru", 5, "Касание 2♥: +5 очков"), ("ru", 105, "Касание 2♥: +105 очков"), ("ru", -15, "Касание 2♥: −15 очков"),
    ("en", -15, "Tap on 2♥: -15 points"), ("ca", 1005, "Toc a la carta 2♥: +1.005 punts"),
])
def test_points_take_the_languages_plural_and_minus(lang, n, text):
    assert render.made_text(render.move_parts("tap:2H"), n, lang) == text


@pytest.mark.parametrize(("lang", "points", "dollars", "text"), [
    ("hu", 5, False, "+5 pont"), ("hu", -100, False, "−100 pont"), ("hu", 0, False, "0 pont"),
    ("ca", 10, False, "+10 punts"), ("ru", 10, False, "+10 очков"), ("en", 10, False, "+10 points"),
    ("hu", 5, True, "+5\u00a0$"), ("ru", 0, True, "0\u00a0$"), ("ca", -100, True, "−100\u00a0$"),
])
def test_a_gain_carries_its_plus_sign_under_either_scoring_and_nothing_gained_none(lang, points, dollars, text):
    assert render.amount_text(points, lang, dollars) == text


@pytest.mark.parametrize(("lang", "score", "text"), [
    ("en", -52, "-$52"), ("en", 208, "+$208"), ("en", 0, "$0"), ("hu", 208, "+$208"), ("ca", -42, "-$42"),
    ("ru", 0, "$0"),
])
def test_a_widget_shows_a_vegas_score_as_the_app_shows_it_in_every_language(lang, score, text):
    # seed 001: „Az alkalmazás dollárban jeleníti meg a pontszámot: „+$208”, „$0” vagy „-$52”.” The
    # scoring page quotes that next to its boards; the pages' prose writes dollars as each language does
    # (English prose as the app: its minus is the hyphen, as in its points)
    pos = engine.position("klondike", code="KL1-D1V-AAAAAAG", score=score)
    assert render.score_text(pos, lang) == text == pos.score_text(lang) == values.money(score, lang)
    assert (values.dollars(score, lang) == text) == (lang == "en")


def frame(kind: str, lang: str = "en", **extra) -> tuple[dict, dict]:
    config = {"kind": kind, "game": "scorpion", "start": SEED_DEAL, "lang": lang, **extra}
    return web.session(config).frame(full=True), config


def test_the_replay_widget_has_the_contracts_controls_roles_and_move_list():
    first, config = frame("replay", "hu", moves=["4H>7"])
    tags = Tags(web.session(config).widget("first-move", config, first))
    root = tags.tags[0][1]
    assert root["data-widget"] == "replay" and root["data-state"] == "loading" and root["lang"] == "hu"
    actions = {a["data-action"] for a in tags.having("data-action")}
    assert actions == {"first", "prev", "next", "last", "play", "description"}
    roles = {a["data-role"] for a in tags.having("data-role")}
    assert {"description", "message", "score", "board", "moves", "annotation", "progress", "counter",
            "caption"} <= roles
    (description,) = [a for a in tags.having("data-role") if a["data-role"] == "description"]
    assert description["aria-live"] == "polite"
    links = [a for a in tags.having("data-index")]
    assert [a["href"] for a in links] == ["#first-move-0", "#first-move-1"]
    assert "4♥ → 7. oszlop" in "".join(tags.text)
    assert seed().describe("hu") in "".join(tags.text)


def test_the_try_widget_has_undo_reset_and_a_rules_selector():
    first, config = frame("try", "ca", presets=["classic", "easy"])
    tags = Tags(web.session(config).widget("seed-deal", config, first))
    assert {a["data-action"] for a in tags.having("data-action")} == {"undo", "reset", "deal", "description"}
    options = [(a["value"], "selected" in a) for t, a in tags.tags if t == "option"]
    assert options == [("classic", True), ("easy", False)]
    assert "Flexible" in "".join(tags.text)  # the app's Catalan name of Easy


def test_the_config_the_page_hands_back_is_escaped_json():
    first, config = frame("try", "en", title='<script>alert("x")</script> & co')
    markup = web.session(config).widget("w", config, first)
    assert "<script>" not in markup
    root = Tags(markup).tags[0][1]
    import json
    assert json.loads(root["data-config"])["title"] == '<script>alert("x")</script> & co'


def test_nothing_in_a_message_becomes_markup():
    first, config = frame("replay", "en", moves=["4H>7"])
    first["message"] = '<img src=x onerror="alert(1)">'
    first["annotation"] = "<b>bold</b>"
    markup = web.session(config).widget("w", config, first)
    assert "<img" not in markup and "<b>" not in markup
    assert re.search(r"&lt;img src=x onerror=&quot;alert\(1\)&quot;&gt;", markup)


def test_the_widget_bridge_does_not_import_the_html_package():
    # In Pyodide, importing html (and its html.entities table) costs about a tenth of a second on
    # every widget page; the renderer escapes the same five characters itself.
    import subprocess
    import sys

    code = "import sys, engine.web; print('html' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                          cwd=str(__import__("pathlib").Path(__file__).resolve().parents[2]))
    assert done.stdout.strip() == "False"


def test_a_scorpion_widget_never_imports_klondikes_module():
    # The registry knows each game's module without importing it: a Scorpion page's worker opens,
    # plays and draws its widget without ever compiling engine/klondike.py (nor the solver).
    import subprocess
    import sys

    code = ("import json, sys; from engine import web; "
            "start = str(web.make_position('scorpion', code='SC1-CLA-AAAAAAB'));"
            "web.handle(json.dumps({'op': 'open', 'id': 'w', 'config': {'kind': 'try', 'game': 'scorpion', "
            "'start': start}})); web.handle(json.dumps({'op': 'move', 'id': 'w', 'token': 'deal'}));"
            "print(sorted(m for m in ('engine.klondike', 'engine.solver') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                          cwd=str(__import__("pathlib").Path(__file__).resolve().parents[2]))
    assert done.stdout.strip() == "[]"


@pytest.mark.parametrize(("game", "code"), [("scorpion", "SC1-CLA-AAAAAAB"), ("klondike", "KL1-D1N-AAAAAAG")])
def test_buttons_hold_only_phrasing_content(game, code):
    # HTML allows no lists, divs or paragraphs inside a button (the reserve and the stock are buttons).
    markup = render.board(engine.position(game, code=code), "en", interactive=True)
    inside = re.findall(r"<button[^>]*>(.*?)</button>", markup)
    assert inside and not [b for b in inside if re.search(r"<(ol|ul|li|div|p|button)[ >]", b)]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_engine_writes_numbers_as_the_pages_do(lang):
    # engine.i18n.number has no Babel (it runs in Pyodide); its separators are CLDR's, as Babel's.
    from hooks.numbers import format_number

    for n in (0, 7, 999, 1000, 1005, 20000, 1234567):
        assert engine.i18n.number(n, lang) == format_number(n, lang)
        minus = "" if n == 0 else "-" if lang == "en" else "\u2212"
        assert engine.i18n.number(-n, lang) == minus + format_number(n, lang)


# -- issue 15: where links land, what folds away -------------------------------------------------------


def test_a_replays_deep_links_land_on_anchors_at_the_top_of_the_widget():
    first, config = frame("replay", "en", moves=["4H>7"])
    markup = web.session(config).widget("first-move", config, first)
    tags = Tags(markup)
    assert {"first-move-0", "first-move-1"} <= {a["id"] for a in tags.having("id")}
    assert markup.index('id="first-move-1"') < markup.index('class="sol-toolbar"')  # above the toolbar
    links = [a for a in tags.having("data-index")]
    assert all("id" not in a for a in links)  # the move list links there, it is not the target


def test_the_move_list_is_numbered():
    first, config = frame("replay", "en", moves=["4H>7", "2H>3"])
    text = "".join(Tags(web.session(config).widget("w", config, first)).text)
    assert "1. 4♥ → column 7" in text and "2. 2♥ → column 3" in text


def test_every_description_has_its_toggle_and_stays_for_screen_readers():
    first, config = frame("try", "ca")
    tags = Tags(web.session(config).widget("w", config, first))
    (toggle,) = [a for a in tags.having("data-action") if a["data-action"] == "description"]
    assert toggle["class"] == "sol-description-toggle" and "hidden" not in toggle
    (description,) = [a for a in tags.having("data-role") if a["data-role"] == "description"]
    assert "hidden" not in description and "aria-hidden" not in description
    assert "Mostra la descripció" in "".join(tags.text) and "Amaga la descripció" in "".join(tags.text)


def test_a_collapsible_widget_folds_its_board_behind_a_toggle_that_names_it():
    first, config = frame("try", "ru", presets=["classic", "wasp"], attempt="4C>7", collapsed=True)
    tags = Tags(web.session(config).widget("w", config, first))
    (toggle,) = [a for a in tags.having("data-action") if a["data-action"] == "board"]
    assert toggle["aria-expanded"] == "false"
    (part,) = [a for a in tags.having("id") if a["id"] == toggle["aria-controls"]]
    assert part["class"] == "sol-board-part"
    # the rules menu and the disputed move stand outside the folded part, the verdict beside the button
    markup = web.session(config).widget("w", config, first)
    assert markup.index('data-role="rules"') < markup.index('class="sol-board-part"')
    assert markup.index('data-action="attempt"') < markup.index('data-role="attempt-result"')
    assert markup.index('data-role="attempt-result"') < markup.index('class="sol-board-part"')


# -- what a screen reader hears on a board without controls (replays, static boards) ----------------

class Spoken(HTMLParser):
    """What a screen reader reads of the element of a fragment that has ``attr="value"``: its text,
    less what is inside ``aria-hidden="true"``; a button with an aria-label is that label."""

    VOID = {"br", "img", "input", "hr", "meta", "link", "wbr"}

    def __init__(self, markup: str, attr: str, value: str):
        super().__init__()
        self.attr, self.value = attr, value
        self.parts: list[str] = []
        self.open: list[tuple[bool, bool]] = []  # per open element: (inside the one wanted, heard)
        self.feed(markup)

    def handle_starttag(self, tag, attributes):
        a = dict(attributes)
        inside, heard = self.open[-1] if self.open else (False, True)
        inside = inside or a.get(self.attr) == self.value
        heard = heard and a.get("aria-hidden") != "true"
        if inside and heard and tag == "button" and "aria-label" in a:
            self.parts.append(a["aria-label"])
            heard = False  # its content is not read besides its name
        if tag not in self.VOID:
            self.open.append((inside, heard))

    def handle_endtag(self, tag):
        if tag not in self.VOID:
            self.open.pop()

    def handle_data(self, data):
        if self.open and all(self.open[-1]) and data.strip():
            self.parts.append(data.strip())


def spoken(markup: str, attr: str, value: str) -> list[str]:
    return Spoken(markup, attr, value).parts


@pytest.mark.parametrize(("game", "code", "where", "lang", "name"), [
    ("klondike", "KL1-D1N-AAAAAAG", "stock", "ru", "Колода: 24 карты"),
    ("klondike", "KL1-D1N-AAAAAAG", "stock", "hu", None),
    ("scorpion", "SC1-CLA-AAAAAAG", "reserve", "ca", "Reserva: 3 cartes tapades"),
    ("scorpion", "SC1-CLA-AAAAAAG", "reserve", "en", None),
])
def test_a_face_down_pile_is_heard_by_its_name_alone_on_every_board(game, code, where, lang, name):
    # ca, ru r5: a replay's stock read „carta tapada carta tapada carta tapada 24”; the boards one
    # plays on said «Колода: 24 карты». Now both say the name, and only it.
    pos = engine.position(game, code=code)
    played = spoken(render.board(pos, lang, interactive=True), "data-place", where)
    shown = spoken(render.board(pos, lang), "data-place", where)
    assert len(played) == 1 and shown == played
    if name:
        assert shown == [name]


@pytest.mark.parametrize("interactive", [False, True])
@pytest.mark.parametrize(("game", "code"), [("scorpion", "SC1-CLA-AAAAAAG"), ("klondike", "KL1-D1N-AAAAAAG")])
def test_the_backs_of_a_face_down_pile_are_out_of_the_accessibility_tree_on_every_board(game, code, interactive):
    # inside the deal button too: a screen reader that reads a button's content hears no "lefordított lap"
    markup = render.board(engine.position(game, code=code), "hu", interactive=interactive)
    piles = re.findall(r'<span class="sol-backs"[^>]*>', markup)
    assert piles and all('aria-hidden="true"' in tag for tag in piles)


def test_a_card_on_a_board_without_controls_is_heard_once_by_its_name():
    # its index (7♥) and pip are what a sighted reader sees; a screen reader hears "7 de cors" once
    pos = engine.position("scorpion", code="SC1-CLA-AAAAAAG")
    assert spoken(render.board(pos, "ca"), "data-card", "7H") == ["7 de cors"]
    # a button's name starts with what it shows (WCAG 2.5.3), and its face is not read besides
    assert spoken(render.board(pos, "ca", interactive=True), "data-card", "7H") == ["7♥, 7 de cors"]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("names", [["Classic"], ["Classic", "Easy"], ["Classic", "Easy", "Wasp"],
                                   ["Classic", "Easy", "Scorpion II", "Wasp"]], ids=len)
def test_a_list_of_names_is_joined_as_cldr_joins_a_list_in_the_language(lang, names):
    # r8 ca 3: «Només és permesa amb: Clàssica, Flexible, Scorpion II, Wasp.» had neither «i» nor a list
    from babel.lists import format_list  # noqa: PLC0415

    assert render.list_text(names, lang) == format_list(names, locale=lang)


@pytest.mark.parametrize(("lang", "joined"), [
    ("en", "A, 1; B, 2; and C, 3"), ("hu", "A, 1; B, 2 és C, 3"),
    ("ca", "A, 1; B, 2, i C, 3"), ("ru", "A, 1; B, 2 и C, 3"),
])
def test_names_that_hold_a_comma_are_set_apart_by_semicolons(lang, joined):
    # r20 ca 3, hu 2: Klondike's rule sets ("Hard (draw 3), Normal scoring") listed with commas ran together
    assert render.list_text(["A, 1", "B, 2", "C, 3"], lang) == joined


@pytest.mark.parametrize(("lang", "name", "named"), [
    ("en", "Easy", "Easy"),
    ("en", "Hard (draw 3), Normal scoring", "“Hard (draw 3), Normal scoring”"),
    ("hu", "Nehéz (3 lapos húzás), Normál pontozás", "„Nehéz (3 lapos húzás), Normál pontozás”"),
    ("ca", "Flexible", "«Flexible»"),
    ("ru", "Сложный режим, счёт «Обычный»", "«Сложный режим, счёт „Обычный“»"),
])
def test_a_rule_sets_name_is_quoted_as_the_language_quotes_it_in_a_sentence(lang, name, named):
    # a name holding a comma is always quoted (r20 hu 2); a quotation inside one takes the inner marks (r20 ru 1)
    assert render.rules_name(name, lang) == named


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("token", ["4H>7", "KD>F", "tap:2H", "dtap:AD"])
def test_a_disputed_moves_try_button_shows_the_symbols_and_says_the_card_in_words(lang, token):
    # r11 ru: "Попробовать: 8♣ → столбец 4" read the suit glyph and the arrow aloud
    parts = render.move_parts(token)
    said = render.attempt_said(parts, lang)
    assert not re.search(r"[♠♥♦♣→]", said), said
    spoken = render.move_said(parts, lang)
    assert said.endswith(spoken[:1].lower() + spoken[1:])
    markup = render.move_content(render.attempt_text(parts, lang), said)
    assert f'<span aria-hidden="true">{html.escape(render.attempt_text(parts, lang))}</span>' in markup


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_try_button_without_a_card_is_said_as_shown(lang):
    parts = render.move_parts("deal")
    assert render.attempt_said(parts, lang) == render.attempt_text(parts, lang)
