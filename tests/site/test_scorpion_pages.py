"""The Scorpion rules and FAQ pages as a reader gets them, and Hungarian grammar on every built page.

- The Hungarian rules page carries every sentence of seed 000, the Catalan one every sentence of
  seed 003 (the Hungarian seed's template glitches corrected by ``HU_CORRECTIONS``), the seeds' two
  description lines (in sentence case: tests/seed_lines.py) and the app's exact messages.
- The FAQ lists every message the Scorpion engine can refuse a move with, in every language, in the
  order the engine checks them; its claims about deals are the solver's.
- No built Hungarian page has ``a(z)``, a stray ``^`` or a definite article that disagrees with the
  next word (``az`` before a vowel sound, numbers read aloud: az 1., az 5., az 52; a 2., a 10., a 100).
"""

from __future__ import annotations

import inspect
import json
import re
from html import unescape

import pytest
from seed_lines import in_sentence_case
from site_support import (
    LANGUAGES,
    ROOT,
    SEEDS,
    corrected,
    normalized,
    page_path,
    page_text,
    read_page,
    seed_parts,
    seed_text,
)

import engine
from engine import grammar
from engine.scorpion import ScorpionPosition
from hooks import values

# Seeds 000 (hu) and 003 (ca), copied verbatim from the project's shared seeds (site_support.SEEDS).
SEED_HU = next(SEEDS.glob("000_*.txt"), None)
SEED_CA = next(SEEDS.glob("003_*.txt"), None)

# Seed 000's template glitches and what the page says instead (`a 1.` → `az 1.`: az egy, az öt).
HU_CORRECTIONS = {
    # the article, and a range of columns as Hungarian writes it (native review r5: „X. és Y.
    # közötti” can leave out the end columns)
    "- a 1. és 4. közötti oszlopok": "- az 1–4. oszlop",
    "- a 5. és 7. közötti oszlopok": "- az 5–7. oszlop",
    "a 1., 2. és 3. oszlopra": "az 1., 2. és 3. oszlopra",
    "(a tartalék kiosztása után pedig a 1. és 3. közötti oszlopokon)":
        "(a tartalék kiosztása után pedig az 1–3. oszlopon)",
}

# The seed's wording a native review (r5) asked not to copy: a participle as the predicate („a
# játszma megnyert”), the nominal „eltávolításra kerül”, and „mi” where the reader is addressed (Ön).
HU_REWORDED = {
    "4 sor elkészültével a játszma megnyert.": "4 sor elkészültével megnyeri a játszmát.",
    "A játszma akkor megnyert, amikor mind a 4 sor eltávolításra került.":
        "Akkor nyeri meg a játszmát, amikor az alkalmazás mind a 4 sort eltávolította.",
    "lépéseket vonhatunk vissza, vagy új játszmát kezdhetünk.": "lépéseket vonhat vissza, vagy új játszmát kezdhet.",
    "| Egy teljes sor eltávolításra kerül |": "| Egy teljes sor kikerül a játékból |",
    # the seventh review (r7): the player's moves in the Ön form, never the first person plural
    "Amikor elmozgatjuk a lefordított lapra": "Amikor elmozgatja a lefordított lapra",
    "amelyre éppen lapokat helyeztünk": "amelyre éppen lapok kerültek",
    "Ezekre a helyekre kézzel soha nem helyezünk lapot.": "Ezekre a helyekre kézzel soha nem helyezhető lap.",
    # the native review r16: on these pages „sor” is the complete sequence from king to ace and what
    # moves is a „csoport” (Wasp lets any card or block start an empty column, not a sequence); the
    # 7♠ is of another suit, a fact („a ráhelyezett, más színű 7♠ lapot is”), not a supposition; the app is
    # „alkalmazás” in headings too
    "egyetlen tömbként mozog": "egyetlen csoportként mozog",
    "a ráhelyezett 7♠ lapot, akkor is, ha az más színű.": "a ráhelyezett, más színű 7♠ lapot is.",
    "Az app döntései és a hagyományos szabály": "Az alkalmazás döntései és a hagyományos szabály",
    "Wasp (bármely lap vagy sor elfoglalhat": "Wasp (bármely lap vagy csoport elfoglalhat",
}

# The app's own messages, word for word (DESIGN.md §3.5).
APP_MESSAGES = {
    "hu": ["„Üres oszlopra csak király kerülhet”", "„Szabály: a lapoknak azonos színűnek kell lenniük”"],
    "ca": ["«Només un rei pot anar en una columna buida»", "«Regla: les cartes han de ser del mateix pal»"],
}


def _seed_cases(path, corrections):
    if path is None:
        raise FileNotFoundError(f"seed missing under {SEEDS}")
    sentences, _ = seed_parts(corrected(path.read_text(encoding="utf-8"), corrections))
    return sentences


@pytest.mark.parametrize("sentence", _seed_cases(SEED_HU, {**HU_CORRECTIONS, **HU_REWORDED}))
def test_every_sentence_of_seed_000_is_on_the_hungarian_rules_page(built_site, sentence):
    assert normalized(sentence) in page_text(page_path(built_site, "hu", "scorpion/rules.md"))


# The house style the catalogs follow (locales/ca/glossary.po): the norm elides the article before s + consonant.
CA_CORRECTIONS = {
    "El Scorpion no té cap reglament oficial.": "L’Scorpion no té cap reglament oficial.",
    # the house style and the native review (r2): «l’Scorpion», the article before a card, one word
    # for Three Blind Mice's side cards («apartades», as its board says)
    "Les regles de Scorpion": "Les regles de l’Scorpion",
    "es mou sobre 5♥ de la columna": "es mou sobre el 5♥ de la columna",
    "2 cartes separades, visibles, que es poden": "2 cartes apartades, visibles, que es poden",
    # the native review r10: in the seed's own words a «seqüència» is the complete run from king to
    # ace (that leaves the table) and what moves is a «bloc»; Wasp lets any card or block, not a
    # complete sequence, start an empty column
    "Wasp (qualsevol carta o seqüència pot ocupar": "Wasp (qualsevol carta o bloc pot ocupar",
    # the native review r9: an apposition without the comma-then-colon, and the sequences «completes»
    # as the board's label «Espais per a les seqüències completes» says
    "Exemple, primera jugada de la partida guanyada: la carta 4♥":
        "Per exemple, a la primera jugada de la partida guanyada, la carta 4♥",
    "esperen les seqüències acabades.": "esperen les seqüències completes.",
    "deixa les seqüències acabades al tauler": "deixa les seqüències completes al tauler",
    # the second native review: «si és…» could be read of «la carta del damunt», which turns the rule
    # round; the card goes onto the last card of another column, of the same suit as that card
    "en una columna, es col·loca sobre la carta del damunt si és del mateix pal i de valor immediatament inferior":
        "es col·loca sobre l’última carta d’una altra columna si és del mateix pal que aquesta i d’un valor "
        "immediatament inferior",
    # the native review r16: «al capdamunt» reads as the top of the column, where it starts; the
    # site's word is «l’extrem lliure»; the check on columns 1–3 happens when the reserve is dealt,
    # not from then on; a page is named as a page (the glossary); the Easy rule set's sentence
    # says which sequences leave the game, not why; the scoring line without «de l’app» twice
    "totes visibles, al capdamunt d’una columna,": "totes visibles, a l’extrem lliure d’una columna,",
    "(i a les columnes de la 1 a la 3 després de repartir la reserva)":
        "(i, quan es reparteix la reserva, a les columnes de la 1 a la 3)",
    "Consulta les fonts.": "Consulta la pàgina Fonts.",
    "només un rei en una columna buida i seqüències completes d’un sol pal per retirar-les del joc.":
        "només un rei pot anar en una columna buida, i només es retiren del joc les seqüències completes "
        "d’un sol pal.",
    "no hi ha cap barem reconegut; el de l’app és propi de l’app.":
        "no hi ha cap barem acceptat de manera general; l’app en fa servir un de propi.",
}


@pytest.mark.parametrize("sentence", _seed_cases(SEED_CA, CA_CORRECTIONS))
def test_every_sentence_of_seed_003_is_on_the_catalan_rules_page(built_site, sentence):
    assert normalized(sentence) in page_text(page_path(built_site, "ca", "scorpion/rules.md"))


@pytest.mark.parametrize(("lang", "seed"), [("hu", SEED_HU), ("ca", SEED_CA)])
def test_the_seed_descriptions_are_on_the_rules_page_in_sentence_case(built_site, lang, seed):
    # the seed deal, then the position after 4♥ onto 5♥ (one block each: a paragraph of the page)
    _, descriptions = seed_parts(seed_text(seed))
    assert len(descriptions) == 2
    blocks = read_page(page_path(built_site, lang, "scorpion/rules.md")).blocks
    for line in descriptions:
        assert in_sentence_case(line) in blocks


def test_the_seed_descriptions_are_the_engines_for_the_won_record():
    from engine import records
    from hooks.directives.widget_source import replay_config

    rec = records.load(ROOT / "examples" / "scorpion" / "won.game")
    cfg = replay_config(rec, "en", None)
    start = engine.position(cfg["game"], cfg["start"], rules=cfg["rules"])
    after = engine.position(cfg["game"], cfg["start"], rules=cfg["rules"])
    assert cfg["moves"][0] == "4H>7"
    after.play("4H>7")
    for lang, seed in (("hu", SEED_HU), ("ca", SEED_CA)):
        _, descriptions = seed_parts(seed_text(seed))
        assert [in_sentence_case(d) for d in descriptions] == [start.describe(lang), after.describe(lang)]


@pytest.mark.parametrize("lang", sorted(APP_MESSAGES))
def test_the_apps_exact_messages_are_on_the_rules_page(built_site, lang):
    text = page_text(page_path(built_site, lang, "scorpion/rules.md"))
    for message in APP_MESSAGES[lang]:
        assert message in text


def test_the_russian_rules_page_says_the_app_removes_what_the_traditional_rule_leaves(built_site):
    text = page_text(page_path(built_site, "ru", "scorpion/rules.md"))
    assert "«В пустой столбец можно положить только короля»" in text
    assert "«Правило: карты должны быть одной масти»" in text
    assert "по традиционным правилам они остаются на поле, а приложение откладывает их в сторону" in text


def test_no_number_is_typed_into_the_rules_page_prose():
    """Every number of the rules page is an engine value; digits outside ``{{ … }}`` and fenced blocks
    are card names only (4♥, 7♠, the 9 of spades)."""
    from hooks import blocks

    source = (ROOT / "docs" / "scorpion" / "rules.md").read_text(encoding="utf-8")
    cards = re.compile(r"\d+[♠♥♦♣]|\b(?:9|10|7|8) of (?:spades|hearts)\b")
    typed = []
    for seg in blocks.text_blocks(source):
        rest = cards.sub("", values.PLACEHOLDER.sub("", seg.message))
        typed += [f"{seg.line}: {seg.message[:60]}" for _ in re.findall(r"\d", rest)[:1]]
    assert typed == []


# -- the FAQ ------------------------------------------------------------------------------------


def scorpion_reasons() -> list[str]:
    """Every reason the Scorpion engine can refuse an action with (its sources, in check order)."""
    import engine.core as core
    import engine.scorpion as scorpion

    found = []
    refusals = inspect.getsource(scorpion.ScorpionPosition.refusal) + inspect.getsource(
        scorpion.ScorpionPosition._deal_refusal)
    for reason in (re.findall(r'return "([a-z-]+)"', refusals)
                   + re.findall(r'Verdict\(False, "([a-z-]+)"', inspect.getsource(core))):
        if reason not in found:
            found.append(reason)
    return found


def test_the_faq_quotes_every_refusal_of_the_scorpion_engine():
    source = (ROOT / "docs" / "scorpion" / "faq.md").read_text(encoding="utf-8")
    quoted = re.findall(r"\{\{ scorpion\.reason\.([a-z-]+) \}\}", source)
    assert set(scorpion_reasons()) == set(quoted)
    assert len(quoted) == len(set(quoted))


def test_the_faq_lists_card_move_refusals_in_the_order_the_engine_checks_them():
    checks = re.findall(r'return "([a-z-]+)"', inspect.getsource(ScorpionPosition.refusal))
    source = (ROOT / "docs" / "scorpion" / "faq.md").read_text(encoding="utf-8")
    listed = re.findall(r"^- “\{\{ scorpion\.reason\.([a-z-]+) \}\}”", source, re.M)
    assert listed == checks


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_faq_shows_every_refusal_message_in_the_pages_language(built_site, lang):
    text = page_text(page_path(built_site, lang, "scorpion/faq.md"))
    open_quote, close_quote = {"en": "“”", "hu": "„”"}.get(lang, "«»")
    for reason in scorpion_reasons():
        message = engine.Verdict(False, reason, game="scorpion").message(lang)  # Scorpion's own words
        assert f"{open_quote}{message}{close_quote}" in text, reason


def test_the_faqs_unwinnable_deal_is_lost_and_its_easy_twin_is_won():
    classic = engine.position("scorpion", code="SC1-CLA-AAAAAAC")
    easy = engine.position("scorpion", code="SC1-EAS-AAAAAAC")
    assert str(classic) == str(easy)  # the same deal under another rule set
    from engine import solver

    assert solver.solve(classic, seconds=None, max_nodes=200_000).solved is False
    assert solver.solve(easy, seconds=None, max_nodes=200_000).solved is True


def test_a_reason_value_is_the_engines_message_in_the_pages_language():
    assert values.render("„{{ scorpion.reason.empty-needs-king }}”", "hu") == "„Üres oszlopra csak király kerülhet”"
    assert values.render("«{{ scorpion.reason.same-suit }}»", "ca") == "«Regla: les cartes han de ser del mateix pal»"
    assert values.names("{{ scorpion.reason.same-suit }}") == ["scorpion.reason.same-suit"]
    for bad, error in (("{{ scorpion.reason.no-such-rule }}", "unknown reason"),
                       ("{{ chess.reason.same-suit }}", "unknown game"),
                       ("{{ scorpion.reason.same-suit | signed }}", "is text")):
        with pytest.raises(values.PlaceholderError, match=error):
            values.render(bad, "hu")


# -- Hungarian grammar on every built page --------------------------------------------------------

# `az` is also the demonstrative pronoun ("that one"). It is one by rule before a word no article
# can precede (`az nem kőr`, `az is`), and in these phrases, each checked by a reader: the seed's
# "ha az más színű" (if that one is of another suit) and "amennyit az hozott" (as much as that one
# earned). Anything else is an article and must agree.
HU_PRONOUN_AZ = ("ha az más színű", "amennyit az hozott")
HU_NEVER_AFTER_ARTICLE = frozenset({"nem", "is", "sem", "sincs", "van", "volt", "lesz", "lett"})
_ARTICLE = re.compile(r"(?<![\w’'\-])(?P<article>[Aa]z?)\s+(?P<word>\S+)")
_OPENING = "„“\"'(«[‘"


def hungarian_problems(text: str) -> list[str]:
    """Hungarian glitches in ``text``: ``a(z)``, ``^``, and definite articles that disagree with the
    word after them (by ``engine.grammar.hu_article``: a vowel sound takes ``az``, numbers read aloud)."""
    problems = []

    def snippet(start: int, end: int) -> str:
        return "…" + text[max(0, start - 25):end + 25].replace("\n", " ") + "…"

    for m in re.finditer(r"\b[Aa]\(z\)", text):
        problems.append(f"a(z): {snippet(m.start(), m.end())}")
    for m in re.finditer(r"\^", text):
        problems.append(f"^: {snippet(m.start(), m.end())}")
    pronouns = {m.start() + phrase.index("az")
                for phrase in HU_PRONOUN_AZ for m in re.finditer(re.escape(phrase), text)}
    for m in _ARTICLE.finditer(text):
        word = m.group("word").lstrip(_OPENING)
        if not word or not (word[0].isalnum()):
            continue
        if m.start() in pronouns or (m.group("article").lower() == "az"
                                     and word.rstrip(".,;:!?”»").lower() in HU_NEVER_AFTER_ARTICLE):
            continue
        expected = grammar.hu_article(word)
        if m.group("article").lower() != expected:
            problems.append(f"{m.group('article')} {word} (→ {expected}): {snippet(m.start(), m.end())}")
    return problems


HU_BAD = [
    ("a(z) 5. oszlop", "a(z)"),
    ("a 11^. oszlop", "^"),
    ("a 1. oszlop", "a 1."),
    ("A 5. és 7. közötti oszlopok", "A 5."),
    ("lásd az Példák oldalt", "az Példák"),
    ("a alkalmazás", "a alkalmazás"),
    ("az 10 lap", "az 10"),
    ("az 2. oszlop", "az 2."),
    ("a „Üres oszlop” üzenet", "a Üres"),
    ("a 52 lap", "a 52"),
    ("a 1000 lépés", "a 1000"),
    ("a SC1-CLA-AAAAAAB kód", "a SC1-CLA-AAAAAAB"),
    ("az BVS leosztása", "az BVS"),
    ("ha az szín", "az szín"),
]


@pytest.mark.parametrize(("text", "found"), HU_BAD)
def test_the_hungarian_check_catches_a_bad_sample(text, found):
    problems = hungarian_problems(text)
    assert len(problems) == 1 and found.split()[0] in problems[0], problems


def test_the_hungarian_check_passes_correct_text():
    good = ("Az 1. és a 2. oszlop, az 5. és a 10. sor, az 52 lap, a 100 pont, az 1000 lépés, a 11. sor; "
            "az ász, a király, az „Üres oszlopra csak király kerülhet” üzenet, az `undo`, "
            "és magával viszi a lapot, akkor is, ha az más színű, pedig az nem kőr; az SC1-CLA-AAAAAAB kód, "
            "az npm csomag, a BVS, a FEN.")
    assert hungarian_problems(good) == []


def test_the_hungarian_check_finds_the_seeds_glitches_and_passes_the_corrected_seed():
    seed = seed_text(SEED_HU)
    problems = hungarian_problems(seed)
    assert len(problems) == len(HU_CORRECTIONS), problems
    assert hungarian_problems(corrected(seed, HU_CORRECTIONS)) == []


def test_no_built_hungarian_page_has_a_grammar_glitch(built_site):
    pages = sorted(p for p in (built_site / "hu").rglob("*.html") if p.name == "index.html" or p.name == "404.html")
    assert len(pages) > 5
    report = []
    for path in pages:
        page = read_page(path, "hu")
        problems = [p for p in hungarian_problems("\n".join(page.blocks)) if not p.startswith("^")]
        problems += [p for p in hungarian_problems("\n".join(page.prose)) if p.startswith("^")]
        report += [f"{path.relative_to(built_site)}: {p}" for p in problems]
    assert report == [], "\n".join(report)


def test_a_replay_opens_in_the_browser_at_the_frame_the_page_shows():
    # `frame: N` shows the position after N moves; the script must not jump back to the deal
    from engine import web
    from hooks import directives

    html = directives.render("solitaire replay", "id: first-move\nrecord: examples/scorpion/won.game\nupto: 1\n"
                             "frame: 1\n", 1, "hu", "scorpion/rules.md")
    config = json.loads(unescape(re.search(r'data-config="([^"]*)"', html).group(1)))
    frame = web.session(config).frame(full=True)
    assert frame["index"] == 1
    assert frame["description"] in html
