"""The Statistics page (docs/statistics.md): the committed win rates as every language shows them.

- Every preset of ``examples/stats/winrates.json`` is on the page in every language, under the
  engine's name for its rules, with the file's counts, budget, rate, Wilson interval and upper bound,
  each read back from the page's own number format (en 12.1%, hu 12,1%, ca and ru 12,1 %).
- The published figures are beside them, each with its source linked and, on the translated pages,
  the source's words as the site catalog translates them.
- The ``solitaire winrates`` directive fails with one line naming the file and the problem when the
  data is missing, malformed or does not add up (checked on scratch files, never the real one), and
  says in one sentence that a game has not been measured yet when the file has none of its presets;
  the inline values ``stats.<preset>.<field>`` say the file's numbers in prose. The tests of exact
  figures read a fixed sample file (``winrates_sample.json``, the data of an earlier run), so they
  hold whatever the committed run holds.
"""

from __future__ import annotations

import html
import json
import re
from decimal import Decimal
from pathlib import Path

import pytest
from babel.numbers import parse_decimal
from site_support import LANGUAGES, ROOT, page_path

from bench.winrates import wilson
from engine.web import preset_label
from hooks import directives, po, stats, values
from hooks.directives import winrates

PAGE = "statistics.md"
DATA = json.loads((ROOT / "examples" / "stats" / "winrates.json").read_text(encoding="utf-8"))["presets"]
SAMPLE = Path(__file__).with_name("winrates_sample.json")  # fixed figures for the tests of exact numbers


@pytest.fixture
def sample(monkeypatch):
    """The directive and the inline values read the sample file instead of the committed one."""
    monkeypatch.setattr(stats, "DATA", SAMPLE)
    return json.loads(SAMPLE.read_text(encoding="utf-8"))["presets"]

_ROW = re.compile(r'<tr data-preset="(?P<preset>[^"]+)"><td>(?P<name>.*?)</td>(?P<cells>.*?)</tr>', re.S)
_CELL = re.compile(r'<td class="number" data-field="(?P<field>[a-z]+)">(?P<text>.*?)</td>', re.S)
_PUBLISHED = re.compile(r'<tr data-published="(?P<url>[^"]+)" data-presets="(?P<presets>[^"]+)">(?P<cells>.*?)</tr>',
                        re.S)


def _page(site: Path, lang: str) -> str:
    return page_path(site, lang, PAGE).read_text(encoding="utf-8")


def _text(fragment: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", fragment)).strip()


def number(text: str, lang: str) -> Decimal:
    """A number as the page writes it in ``lang`` (``1,000``, ``1 000``, ``1.000``)."""
    return parse_decimal(text.strip(), locale=lang, strict=True)


def percents(text: str, lang: str) -> list[float]:
    """Every percentage in ``text`` as a fraction (``12,1 % (10,2 %–14,3 %)`` → [0.121, 0.102, 0.143])."""
    found = re.findall(r"(\d[\d.,\u00a0\u202f ]*?)\s?%", text.replace("\u00a0%", " %"))
    return [float(number(f, lang)) / 100 for f in found]


def rows(site: Path, lang: str) -> dict[str, dict[str, str]]:
    """The measurement rows of the page: preset → {"name": …, field: cell text}."""
    found = {}
    for m in _ROW.finditer(_page(site, lang)):
        cells = {c.group("field"): _text(c.group("text")) for c in _CELL.finditer(m.group("cells"))}
        found[m.group("preset")] = {"name": _text(m.group("name")), **cells}
    return found


def site_translation(lang: str, msgid: str) -> str:
    if lang == "en":
        return msgid
    message = po.read(po.catalog_path(ROOT / "locales", lang, po.SITE), lang).get(msgid, winrates.CONTEXT)
    assert message is not None and message.string, f"{lang}: {msgid!r} is not in the site catalog"
    return message.string


# -- the page, as built -----------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_preset_is_on_the_page_with_its_counts(built_site, lang):
    shown = rows(built_site, lang)
    assert set(shown) == set(DATA)
    for preset, data in DATA.items():
        row = shown[preset]
        assert row["name"] == preset_label(data["game"], preset.removeprefix(data["game"] + "-"), lang)
        for field, key in (("deals", "deals"), ("won", "won"), ("lost", "lost"), ("unknown", "unknown"),
                           ("budget", "budget_positions")):
            assert number(row[field], lang) == data[key], (preset, field, row[field])
        assert data["codes"] in html.unescape(_page(built_site, lang))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rates_shown_are_the_files(built_site, lang):
    for preset, row in rows(built_site, lang).items():
        data = DATA[preset]
        rate, low, high = percents(row["rate"], lang)
        (upper,) = percents(row["upper"], lang)
        expected = (data["rate"], *data["wilson95"], data["bounds"]["unknown_as_won"])
        for shown, value in zip((rate, low, high, upper), expected):
            assert shown == pytest.approx(value, abs=0.0005 + 1e-9), (preset, row)


def test_each_interval_is_the_wilson_interval_of_the_counts_rounded_once(built_site):
    # the page rounds the exact interval to a tenth of a percent, not a value rounded before (Vegas
    # draw 1, 296 won of 1,000: 26.853…%, shown 26.9%; rounded to 26.85% first, it showed 26.8%)
    for preset, row in rows(built_site, "en").items():
        data = DATA[preset]
        _, low, high = percents(row["rate"], "en")
        exact = wilson(data["won"], data["deals"])
        assert [f"{100 * v:.1f}" for v in (low, high)] == [f"{100 * x:.1f}" for x in exact], preset


def test_percentages_follow_the_languages_format(built_site):
    # en 12.1%, hu 12,1%, ca and ru 12,1 % (a no-break space before the sign)
    preset, data = next(iter(DATA.items()))
    whole, tenth = f"{data['rate'] * 100:.1f}".split(".")
    expected = {"en": f"{whole}.{tenth}%", "hu": f"{whole},{tenth}%", "ca": f"{whole},{tenth}\u00a0%",
                "ru": f"{whole},{tenth}\u00a0%"}
    for lang, text in expected.items():
        assert rows(built_site, lang)[preset]["rate"].startswith(text)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_published_figures_and_their_sources_are_beside_them(built_site, lang):
    page = _page(built_site, lang)
    # every preset with a published figure that the win-rate run has reached (the file says which)
    for preset, data in DATA.items():
        for entry in data["published"]:
            matches = [m for m in _PUBLISHED.finditer(page)
                       if m.group("url") == entry["url"] and preset in m.group("presets").split()
                       and abs(percents(_figure_cell(m), lang)[0] - entry["rate"]) < 1e-9]
            assert len(matches) == 1, (lang, preset, entry["figure"])
            cells = matches[0].group("cells")
            source = winrates.foreign(html.escape(site_translation(lang, entry["source"])))  # lang="en" spans kept
            assert f'<a href="{html.escape(entry["url"])}">{source}</a>' in cells
            assert html.escape(site_translation(lang, entry["what"])) in cells
            if "interval" in entry:  # "81.945% ± 0.084%": the half-width too
                shown = percents(_figure_cell(matches[0]), lang)
                assert shown[1] == pytest.approx((entry["interval"][1] - entry["interval"][0]) / 2, abs=1e-6)


def _figure_cell(m: re.Match) -> str:
    return _text(re.search(r'data-field="figure">(.*?)</td>', m.group("cells"), re.S).group(1))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_page_links_the_sources_and_each_games_faq(built_site, lang):
    page = _page(built_site, lang)
    for href in ("../sources/#figures", "../sources/#scorpion-solver", "../sources/#playsolitaire",
                 "../sources/#klondike-winnability", "../scorpion/faq/#winnable", "../klondike/faq/#winnable"):
        assert f'href="{href}"' in page, (lang, href)


def test_the_prose_quotes_no_figure_by_hand(built_site):
    # The figures are in the tables, from the file; the prose around them says none of its own.
    text = _text(re.sub(r"<table.*?</table>", " ", _page(built_site, "en"), flags=re.S))
    assert not re.search(r"\d+(\.\d+)?\s?%", text.split("Blake and Gent")[0].split("How to read")[1])


def test_a_game_not_measured_yet_gets_one_sentence_instead_of_the_tables(tmp_path, monkeypatch):
    monkeypatch.setattr(stats, "DATA", _scratch(tmp_path, lambda p: [p.pop(k) for k in list(p) if "klondike" in k]))
    out = directives.render("solitaire winrates", "game: klondike\n", 1, "en", PAGE)
    assert "No deal of this game has been measured yet." in out and "<table" not in out


# -- the directive and its data ---------------------------------------------------------------------


def _scratch(tmp_path: Path, change=None, text: str | None = None) -> Path:
    path = tmp_path / "winrates.json"
    if text is None:
        data = json.loads(SAMPLE.read_text(encoding="utf-8"))
        if change:
            change(data["presets"])
        text = json.dumps(data, indent=1)
    path.write_text(text, encoding="utf-8")
    return path


def test_the_committed_file_loads():
    assert winrates.load() == DATA


def test_the_sample_file_loads():
    assert winrates.load(SAMPLE)


@pytest.mark.parametrize(("change", "message"), [
    (lambda p: p["scorpion-wasp"].update(won=843), r"won \+ lost \+ unknown \(843 \+ 104 \+ 54\) must equal deals"),
    (lambda p: p["scorpion-wasp"].update(rate=0.9), r"presets\.scorpion-wasp\.rate: 0\.9 is not won / deals"),
    (lambda p: p["scorpion-wasp"].update(lost="104"), r"presets\.scorpion-wasp\.lost: expected a whole number"),
    (lambda p: p["scorpion-wasp"].update(wilson95=[0.9, 0.95]), r"wilson95: \[0\.9, 0\.95\] does not contain"),
    (lambda p: p["scorpion-wasp"]["published"][0].update(figure="78%"),
     r"published\[0\]\.figure: '78%' does not match its rate 0\.779"),
    (lambda p: p["scorpion-wasp"]["published"][0].update(figure="nearly 80 percent"),
     r"published\[0\]\.figure: 'nearly 80 percent' is not"),
    (lambda p: p["scorpion-wasp"]["published"][0].pop("url"), r"published\[0\]\.url: expected text"),
    (lambda p: p.update({"scorpion-nonsense": p["scorpion-wasp"]}), r"presets\.scorpion-nonsense: the name must be"),
    (lambda p: p["klondike-draw1"].update(game="chess"), r"presets\.klondike-draw1\.game: 'chess' is not a game"),
    (lambda p: p.clear(), r"non-empty 'presets'"),
])
def test_data_that_does_not_add_up_is_refused_in_one_line(tmp_path, change, message):
    path = _scratch(tmp_path, change)
    with pytest.raises(winrates.StatsError, match=message) as caught:
        winrates.load(path)
    assert "\n" not in str(caught.value) and str(path) in str(caught.value)


def test_malformed_json_names_its_line(tmp_path):
    path = _scratch(tmp_path, text='{\n "presets": {\n  "scorpion-wasp": {,}\n }\n}\n')
    with pytest.raises(winrates.StatsError, match=r"winrates\.json:3: not valid JSON") as caught:
        winrates.load(path)
    assert "\n" not in str(caught.value)


def test_a_missing_file_says_how_to_make_it(tmp_path):
    with pytest.raises(winrates.StatsError, match=r"no such file \(run bench/winrates\.py --summary\)"):
        winrates.load(tmp_path / "winrates.json")


def test_the_directive_fails_at_its_fence_with_one_line(tmp_path, monkeypatch):
    monkeypatch.setattr(stats, "DATA", _scratch(tmp_path, text="{ not json"))  # where the data is read (hooks/stats.py)
    with pytest.raises(directives.DirectiveError) as caught:
        directives.render("solitaire winrates", "game: scorpion\n", 31, "en", PAGE)
    assert caught.value.line == 31
    assert str(caught.value).startswith("solitaire winrates: ") and "not valid JSON" in str(caught.value)
    assert "\n" not in str(caught.value)


def test_the_directive_refuses_a_game_without_data():
    with pytest.raises(directives.DirectiveError, match="has no presets of 'spider'") as caught:
        directives.render("solitaire winrates", "\ngame: spider\n", 5, "en", PAGE)
    assert caught.value.line == 7  # the line of its 'game' key


def test_the_headers_and_the_datas_words_go_through_the_site_catalog(sample):
    words = {msgid for context, msgid in directives.messages() if context == winrates.CONTEXT}
    assert set(winrates.HEADERS) <= words
    for data in sample.values():
        for entry in data["published"]:
            assert {entry["what"], entry["source"]} <= words
    out = directives.render("solitaire winrates", "game: klondike\n", 1, "hu", PAGE,
                            lambda context, msgid: f"[{msgid}]")
    assert "<th>[Rule set]</th>" in out
    assert f'>[{sample["klondike-draw1"]["published"][0]["source"]}]</a>' in out


# -- inline values ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("expr", "lang", "expected"), [
    ("stats.scorpion-traditional.rate", "en", "10.0%"),
    ("stats.scorpion-traditional.low", "hu", "8,3%"),
    ("stats.scorpion-classic.upper", "ca", "62,9\u00a0%"),
    ("stats.scorpion-easy.unknown", "ru", "511"),
    ("stats.klondike-draw1.budget", "hu", "50\u00a0000"),
    ("stats.klondike-draw1.published_1", "en", "81.945% ± 0.084%"),
    ("stats.scorpion-traditional.published_1", "ru", "9\u00a0%"),
])
def test_inline_values_say_the_files_numbers(sample, expr, lang, expected):
    assert values.render("{{ " + expr + " }}", lang) == expected


def test_inline_counts_take_filters_and_articles(sample):
    assert values.render('{{ stats.scorpion-wasp.unknown | plural one="# deal" other="# deals" }}', "en") == "54 deals"
    assert values.render("{{ az stats.scorpion-classic.deals }}", "hu") == "az 1000"


@pytest.mark.parametrize(("expr", "message"), [
    ("stats.scorpion-bvs.rate", "no preset 'scorpion-bvs'"),
    ("stats.scorpion-wasp.median", "unknown field 'median'"),
    ("stats.scorpion-classic.published_1", "unknown field 'published_1'"),
])
def test_an_unknown_inline_figure_is_refused(sample, expr, message):
    with pytest.raises(values.PlaceholderError, match=message):
        values.render("{{ " + expr + " }}", "en")
