"""The Klondike pages as a reader gets them: seed 001 on the Hungarian pages, Vegas in every language,
and the FAQ's account of the shuffle checked against the engine that does it.

- Every sentence of seed 001 is on the built Hungarian Klondike pages (rules and scoring), with the
  seed's template glitches corrected by ``HU_CORRECTIONS``.
- The app's Vegas display, „+$208”, „$0”, „-$52”, is on the scoring page in every language, in the
  language's quotation marks.
- The FAQ's SplitMix64 is the engine's: its constants and shifts are read from ``engine/prng.py``'s
  source, not retyped here; the FAQ's worked example runs as a doctest; its position string and its
  claims about deal 6 are the engine's.
- The examples the rules page points at are what it says they are.
"""

from __future__ import annotations

import doctest
import inspect
import re
import subprocess
import sys
from pathlib import Path

import pytest
from site_support import LANGUAGES, ROOT, SEEDS, corrected, normalized, page_path, page_text, seed_parts, seed_text

import engine
from engine import cards, codes, prng
from engine.cards import parse_card
from engine.klondike import GAME as KLONDIKE
from hooks import blocks, values

SEED_KLONDIKE = next(SEEDS.glob("001_*.txt"), None)

# Seed 001's template glitches and what the pages say instead.
HU_CORRECTIONS = {
    "A játszma akkor nyert, ha mind a(z) 52 lap": "Akkor nyeri meg a játszmát, ha mind az 52 lap",
    "Az alábbiak a(z) Solitaire Klondike alkalmazás": "Az alábbiak a Solitaire Klondike alkalmazás",
    "az Példák oldal": "a Példák oldal",
    "a 11^. lapnál": "a 11. lapnál",
    "Lásd: FAQ.": "Lásd: GYIK.",  # the site's word everywhere else (glossary: GYIK)
    # the seed's slips a native review (r2) asked not to copy: the case ending (the app's own message
    # says „A dobópakliból”), and one name for the foundations, „alap”, as on the rest of the site
    "A dobópaklitól: csak a legfelső lap játszható ki, oszlopra vagy a saját alapkupacára.":
        "A dobópakliból: csak a legfelső lap játszható ki, oszlopra vagy a saját alapjára.",
    "Az alappaklik": "Az alapok",
    "Lap visszavétele az alapkupacról: az alapkupac legfelső lapját húzással visszavehetjük és az asztalra tehetjük":
        "Lap visszavétele az alapról: az alap legfelső lapját áthúzással visszaveheti és a játéktérre teheti",
    # the fifth review (r5): the game is won as a verb (above), and the reader is addressed as Ön
    "visszavonhatunk lépéseket vagy új játszmát indíthatunk.": "visszavonhat lépéseket vagy új játszmát indíthat.",
    # the seventh review (r7): the same for the player's moves; r16: „a legutolsó … a következő” could
    # be read as the stock's next card: the waste's top card, and the card under it, as on the rest
    # of the page („csak a legfelső lap játszható ki”)
    "csak a legutolsó játszható ki, és a következő akkor szabadul fel, ha azt kijátszottuk.":
        "csak a legfelső játszható ki, és az alatta lévő lap akkor válik játszhatóvá, ha a legfelsőt már kijátszotta.",
    # the eighth review (r8): the double tap is the single tap's alternative, not its sequel, and the
    # 5 points are for a card that goes from the waste onto a column (to a foundation it earns 10 only)
    "két gyors érintés ezután a játéktéren": "két gyors érintés viszont a játéktéren",
    "5 pontot a dobópakliból érkező minden lapért": "5 pontot minden lapért, amely a dobópakliból egy oszlopra kerül",
    # the tenth review (r10): a clause instead of the nominal „-ról való … nélkül” chain
    "Egy alapokról való lapvisszavétel nélkül megnyert játszma":
        "Ha egyetlen lapot sem vesz vissza az alapokról, a megnyert játszma",
    "Az alapokról való lapvisszavétel nélkül megnyert játszma":
        "Ha egyetlen lapot sem vesz vissza az alapokról, a megnyert játszma",
    # the fourteenth review (r14): „lap húzásakor” reads as drawing from the stock, which would
    # contradict „Nincs automatizmus”: the card is dragged to the foundations
    "lap húzásakor az alkalmazás": "ha egy lapot az alapokra húz át, az alkalmazás",
    # the native review r16: dragging is „áthúzás” („húzás” is drawing from the stock, the pages'
    # defined term), the table the cards lie on is the „játéktér” as everywhere else, the app is
    # „alkalmazás” in headings too, and the list of ranks keeps its articles
    "A lapokat húzással is mozgathatja.": "A lapokat áthúzással is mozgathatja.",
    "A pontozás az appban": "Pontozás az alkalmazásban",
    "először az ász, majd 2, 3, és így tovább a királyig": "először az ász, majd a 2-es, a 3-as, és így tovább a királyig",
}

KLONDIKE_PAGES = ("klondike/rules.md", "klondike/scoring.md", "klondike/faq.md", "klondike/examples.md")
FAQ = ROOT / "docs" / "klondike" / "faq.md"
QUOTES = {"en": "“”", "hu": "„”", "ca": "«»", "ru": "«»"}


def _seed_sentences() -> list[str]:
    if SEED_KLONDIKE is None:
        return []
    text = corrected(SEED_KLONDIKE.read_text(encoding="utf-8"), HU_CORRECTIONS)
    text = re.sub(r"^• ", "", text, flags=re.M)  # the seed's bullets: each item is a sentence
    sentences, descriptions = seed_parts(text)
    assert descriptions == []
    return sentences


def _hungarian_klondike_text(site: Path) -> str:
    return "\n".join(page_text(page_path(site, "hu", page)) for page in KLONDIKE_PAGES)


# -- seed 001 -------------------------------------------------------------------------------------


@pytest.mark.parametrize("sentence", _seed_sentences())
def test_every_sentence_of_seed_001_is_on_the_hungarian_klondike_pages(built_site, sentence):
    assert normalized(sentence) in _hungarian_klondike_text(built_site)


def test_the_seeds_glitches_are_corrected_not_copied(built_site):
    text = _hungarian_klondike_text(built_site)
    seed = seed_text(SEED_KLONDIKE)
    for glitch, fix in HU_CORRECTIONS.items():
        assert glitch in seed
        assert glitch not in text and fix in text


def test_the_rules_page_quotes_the_apps_refusal_of_a_non_king_on_an_empty_column(built_site):
    text = page_text(page_path(built_site, "hu", "klondike/rules.md"))
    assert "„Üres oszlopra csak király kerülhet”" in text
    text = page_text(page_path(built_site, "ca", "klondike/rules.md"))
    assert "«Només un rei pot anar en una columna buida»" in text


# -- Vegas ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_vegas_display_is_on_the_scoring_page_in_every_language(built_site, lang):
    # seed 001: „+$208”, „$0” vagy „-$52” — the app's format, the same in every language
    text = page_text(page_path(built_site, lang, "klondike/scoring.md"))
    opening, closing = QUOTES[lang]
    for shown in ("+$208", "$0", "-$52"):
        assert f"{opening}{shown}{closing}" in text


def test_the_vegas_display_is_the_engines():
    facts = engine.facts("klondike", "draw1-vegas")
    assert [values.money(facts[k], "en") for k in ("won_score", "start_score")] == ["+$208", "-$52"]
    assert engine.position("klondike", code="KL1-D1V-AAAAAAG").score == facts["start_score"]


def test_vegas_stays_negative_up_to_ten_cards_and_turns_positive_with_the_eleventh():
    facts = engine.facts("klondike", "draw1-vegas")
    per_card, start = facts["points_foundation"], facts["start_score"]
    assert start + facts["negative_up_to"] * per_card < 0 < start + facts["positive_from"] * per_card
    assert facts["positive_from"] == facts["negative_up_to"] + 1


# -- numbers are engine values --------------------------------------------------------------------


@pytest.mark.parametrize("page", ["klondike/rules.md", "klondike/scoring.md", "klondike/examples.md", "index.md"])
def test_no_number_is_typed_into_the_prose(page):
    """Every number is an engine value; digits outside ``{{ … }}``, inline code and fenced blocks are
    card names only (7♥, 8♠)."""
    source = (ROOT / "docs" / page).read_text(encoding="utf-8")
    typed = []
    for seg in blocks.text_blocks(source):
        rest = values.PLACEHOLDER.sub("", seg.message)
        rest = re.sub(r"`[^`]*`|\]\([^)]*\)|\d+[♠♥♦♣]", "", rest)
        if re.search(r"\d", rest):
            typed.append(f"{page}:{seg.line}: {seg.message[:60]}")
    assert typed == []


def test_the_deal_paragraph_matches_a_dealt_position():
    pos = engine.position("klondike", code="KL1-D1N-AAAAAAG")
    facts = engine.facts("klondike")
    assert [len(c) for c in pos.cols] == list(range(1, facts["columns"] + 1))  # 1, 2, …, 7
    assert sum(len(c) for c in pos.cols) == facts["dealt"]
    assert sum(pos.down) == facts["face_down"]
    assert len(pos.stock) == facts["stock"] and pos.waste == [] and pos.found == [0] * facts["foundations"]


def test_the_try_it_deal_has_the_seven_of_hearts_and_both_black_eights_face_up():
    # rules page: "here the 7♥, the 8♣ and the 8♠ all lie face up at the ends of their columns"
    pos = engine.position("klondike", code="KL1-D1N-AAAAAOG")
    ends = {c[-1]: i + 1 for i, c in enumerate(pos.cols)}
    for card in ("7H", "8C", "8S"):
        assert parse_card(card) in ends
    for eight in ("8C", "8S"):
        assert pos.check_token(f"7H>{ends[parse_card(eight)]}").legal


# -- the FAQ: deal codes and the shuffle ----------------------------------------------------------


def _fence_after(anchor: str, info: str) -> str:
    """The first fenced block with ``info`` after the heading ``{#anchor}`` of the FAQ."""
    source = FAQ.read_text(encoding="utf-8")
    start = source.index(f"{{#{anchor}}}")
    m = re.compile(rf"^```{re.escape(info)}\n(.*?)^```", re.S | re.M).search(source, start)
    assert m, f"no ```{info} block after #{anchor}"
    return m.group(1)


def _engine_step() -> tuple[list[str], list[int]]:
    """The hex constants and shift amounts of ``SplitMix64.next``, in order, from its source."""
    source = inspect.getsource(prng.SplitMix64.next)
    return re.findall(r"0x[0-9A-Fa-f]+", source), [int(n) for n in re.findall(r">>\s*(\d+)", source)]


def test_the_faqs_splitmix64_constants_are_the_engines():
    constants, shifts = _engine_step()
    documented = _fence_after("prng-generator", "python")
    assert re.findall(r"0x[0-9A-Fa-f]+", documented) == constants
    assert [int(n) for n in re.findall(r">>\s*(\d+)", documented)] == shifts
    assert len(constants) == 3 and shifts == [30, 27, 31]


def _faq_generator(seed: int):
    """SplitMix64 as the FAQ writes it: its step, run as written on a state seeded with ``seed``."""
    step = compile(_fence_after("prng-generator", "python"), "faq generator", "exec")
    names = {"state": seed}

    def next_output() -> int:
        exec(step, names)
        return names["output"]

    return next_output


@pytest.mark.parametrize("seed", [0, 6, 370, codes.MAX_NUMBER])
def test_the_faqs_generator_gives_the_engines_numbers(seed):
    faq, rng = _faq_generator(seed), prng.SplitMix64(seed)
    assert [faq() for _ in range(60)] == [rng.next() for _ in range(60)]


def _faq_shuffle(seed: int) -> list[int]:
    """The FAQ's rejection sampling and Fisher–Yates from the top, run as written on the FAQ's
    generator."""
    names = {"next_output": _faq_generator(seed)}
    exec(_fence_after("prng-below", "python"), names)
    deck = list(cards.DECK)
    exec(_fence_after("prng-shuffle", "python"), {"below": names["below"], "deck": deck})
    return deck


def test_the_faqs_shuffle_is_the_engines():
    for seed in (0, 6, 370, 12345):
        assert _faq_shuffle(seed) == prng.shuffled_deck(seed)


def test_the_faqs_unshuffled_deck_is_the_engines():
    # "A♠ 2♠ … K♠, then A♥ … K♥, A♦ … K♦ and A♣ … K♣", numbered from 0 (A♠) to 51 (K♣)
    symbols = [cards.card_symbol(c) for c in cards.DECK]
    assert symbols[:2] == ["A♠", "2♠"] and symbols[12:14] == ["K♠", "A♥"]
    assert symbols[25:27] == ["K♥", "A♦"] and symbols[38:40] == ["K♦", "A♣"] and symbols[-1] == "K♣"


def test_the_faqs_worked_example_runs_as_written():
    example = _fence_after("worked-example", "pycon")
    test = doctest.DocTestParser().get_doctest(example, {}, "faq worked example", str(FAQ), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0 and runner.tries >= 6


def test_the_faqs_position_string_is_the_command_lines():
    console = _fence_after("worked-example", "console").splitlines()
    assert console[0] == "$ python -m engine deal KL1-D1N-AAAAAAG"
    assert console[1] == str(engine.deal("KL1-D1N-AAAAAAG"))


def test_the_faqs_claims_about_deal_six_are_the_engines():
    assert codes.parse_code("KL1-D1N-AAAAAAG").number == 6
    deck = prng.shuffled_deck(6)
    first_swap = prng.SplitMix64(6).below(52)
    assert cards.card_symbol(cards.DECK[first_swap]) == "6♣" and cards.card_symbol(deck[-1]) == "6♣"
    pos = engine.deal("KL1-D1N-AAAAAAG")
    assert pos.cols[0] == [parse_card("AD")]
    assert pos.cols[1] == [parse_card("2H"), parse_card("7C")] and pos.down[1] == 1
    assert str(pos).split()[1].startswith("qh")  # Q♥ is the first card of the stock


def _section(anchor: str) -> str:
    """The FAQ's Markdown source from the heading ``{#anchor}`` to the next heading of its level."""
    source = FAQ.read_text(encoding="utf-8")
    start = source.index(f"{{#{anchor}}}")
    end = source.find("\n## ", start)
    return source[start:end if end >= 0 else None]


def test_the_faqs_account_of_a_position_string_is_the_engines():
    # "How do I read a position string?": four parts separated by spaces, the columns by "/"; the
    # stock face down in the order its cards come up; the waste and the foundations "-" when empty
    section = _section("position-strings")
    facts = engine.facts("klondike")
    pos = engine.deal("KL1-D1N-AAAAAAG")
    columns, stock, waste, foundations = str(pos).split(" ")
    assert len(columns.split("/")) == facts["columns"] and len(foundations.split("/")) == facts["foundations"]
    assert stock == stock.lower() and (waste, foundations) == ("-", "-/-/-/-")
    assert "`-` and `-/-/-/-`" in section
    # "In the deal above, column 1 is `AD` … column 2 is `2h7C` … the stock starts with `qh`, the first card drawn"
    assert columns.split("/")[:2] == ["AD", "2h7C"] and "`AD`" in section and "`2h7C`" in section
    assert stock.startswith("qh") and "`qh`" in section
    pos.play("draw")
    assert pos.waste[-1] == parse_card("QH") and str(pos).split(" ")[2] == "QH"  # face up: in capitals
    # "`3S/-/AD/-` means the A♠, 2♠ and 3♠ on the first foundation and the A♦ on the third"
    assert "`3S/-/AD/-`" in section
    gone = {"AD", "AS", "2S", "3S"}

    def without(part: str) -> str:
        return "".join(t for t in re.findall(r"..", part) if t.upper() not in gone)

    cols, rest = "/".join(without(col) for col in columns.split("/")), without(stock)
    laid = engine.position("klondike", f"{cols} {rest} - 3S/-/AD/-")
    assert list(laid.found) == [3, 0, 1, 0]
    # "an empty column is written as nothing, so two slashes meet, or the columns begin or end with a slash"
    assert str(laid).startswith("/") and laid.cols[0] == []
    # "the engine rejects any other string and says what is wrong with it": one line, naming the part
    with pytest.raises(engine.EngineError) as refused:
        engine.position("klondike", f"{cols} {rest} - 3S/-/AD")
    assert "foundations" in str(refused.value) and "\n" not in str(refused.value)


def test_a_deal_number_gives_the_same_cards_in_every_draw_mode_and_scoring():
    # "KL1-D3V-AAAAAAG is the same deal as KL1-D1N-AAAAAAG"
    deals = [engine.deal(f"KL1-{variant}-AAAAAAG") for variant in ("D1N", "D3N", "D1V", "D3V")]
    assert len({str(pos) for pos in deals}) == 1
    assert [str(pos.rules) for pos in deals] == ["draw1", "draw3", "draw1-vegas", "draw3-vegas"]


def test_the_faqs_code_arithmetic_is_the_engines():
    facts = engine.facts("klondike")
    assert facts["code_base"] ** facts["code_letters"] == facts["deals_per_preset"] == codes.MAX_NUMBER + 1
    assert str(KLONDIKE.code(facts["deals_per_preset"] - 1)) == "KL1-D1N-ZZZZZZZ"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_faq_shows_the_engines_constants_in_every_language(built_site, lang):
    html = page_path(built_site, lang, "klondike/faq.md").read_text(encoding="utf-8")
    constants, _ = _engine_step()
    for constant in constants:
        assert constant in html


# -- the examples ---------------------------------------------------------------------------------

WON_NORMAL = ROOT / "examples" / "klondike" / "won-normal.game"


def _record_start(path: Path):
    from engine import records
    from hooks.directives.widget_source import replay_config

    cfg = replay_config(records.load(path), "en", None)
    return cfg, engine.position("klondike", cfg["start"], rules=cfg["rules"], score=cfg.get("score"))


def test_the_examples_refusal_is_the_won_games_first_position():
    # examples page: the first move sends the ace of diamonds home and leaves column 1 empty; the 7♣,
    # on a face-down card, is refused there; a king may take the column
    cfg, pos = _record_start(WON_NORMAL)
    assert cfg["moves"][0] == "AD>F"
    pos.play(cfg["moves"][0])
    assert pos.cols[0] == []
    seven = parse_card("7C")
    column = next(i for i, c in enumerate(pos.cols) if c and c[-1] == seven)
    assert pos.down[column] == len(pos.cols[column]) - 1 > 0
    verdict = pos.check_token("7C>1")
    assert not verdict.legal and verdict.reason == "empty-needs-king"
    assert any(re.fullmatch(r"K[SHDC]>1", token) for token in cfg["moves"])  # a king takes it later


def test_the_won_normal_example_is_a_won_draw_one_normal_game():
    cfg, pos = _record_start(WON_NORMAL)
    assert cfg["rules"] == "draw1"
    for token in cfg["moves"]:
        assert pos.play(token)[1].legal, token
    assert pos.is_won()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_examples_page_carries_its_widgets(built_site, lang):
    html = page_path(built_site, lang, "klondike/examples.md").read_text(encoding="utf-8")
    assert 'id="empty-column-refusal"' in html and 'data-widget="try"' in html
    assert 'id="won-normal"' in html and 'data-widget="replay"' in html


def test_a_vegas_ruling_is_judged_under_normal_scoring_from_normals_own_start():
    # rules page, vegas-one-pass: the position has -$42; Normal scoring cannot start below 0, so the
    # recycle is judged there from Normal's own start score (as game records do)
    from engine import records, web
    from hooks.directives.widget_source import try_config

    rec = records.load(ROOT / "examples" / "klondike" / "rulings" / "vegas-one-pass.game")
    session = web.session(try_config(rec, "en", None))
    verdicts = {v["rules"]: v["legal"] for v in session.frame(full=True)["verdicts"]}
    assert verdicts == {"draw1-vegas": False, "draw3-vegas": False, "draw1": True, "draw3": True}
    session.move("recycle")
    assert session.set_rules("draw1")["legal"] is True


def test_every_klondike_ruling_is_on_a_klondike_page():
    rulings = sorted(p.stem for p in (ROOT / "examples" / "klondike" / "rulings").glob("*.game"))
    shown = []
    for page in KLONDIKE_PAGES:
        shown += re.findall(r"^ruling: (\S+)$", (ROOT / "docs" / page).read_text(encoding="utf-8"), re.M)
    assert rulings and sorted(shown) == rulings


def test_the_vegas_example_is_one_pass_and_ends_at_plus_208():
    # examples page: one pass through the stock, positive from the 11th card, +$208 at the end
    cfg, pos = _record_start(ROOT / "examples" / "klondike" / "won-vegas.game")
    assert cfg["rules"] == "draw1-vegas" and "recycle" not in cfg["moves"]
    facts = engine.facts("klondike", "draw1-vegas")
    for token in cfg["moves"]:
        pos.play(token)
        on_foundations = sum(pos.found)
        assert (pos.score > 0) == (on_foundations >= facts["positive_from"])
    assert pos.is_won() and pos.score == facts["won_score"] and pos.score_text("en") == "+$208"


def test_a_klondike_reason_value_renders_before_klondike_is_imported():
    """Klondike's module is imported on first use; a page may name one of its reasons first."""
    code = ("import sys; from hooks import values; assert 'engine.klondike' not in sys.modules; "
            "print(values.render('{{ klondike.reason.foundation-one-card }}', 'hu'))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == engine.Verdict(False, "foundation-one-card").message("hu")
