"""The built site: every language, the same anchors, nothing from other origins, errors with file:line."""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser

import pytest
from site_support import LANGUAGES, ROOT, page_path

from hooks import messages

SITE = messages.load_site(ROOT / "mkdocs.yml")
PAGES = messages.pages(SITE)


class Scan(HTMLParser):
    """The parts of a page the tests read."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.html_lang = None
        self.heading_ids: list[str] = []
        self.resources: list[tuple[str, str, str]] = []  # (tag, attribute, url)
        self.alternates: dict[str, str] = {}
        self.classes: list[str] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "html":
            self.html_lang = a.get("lang")
        if re.fullmatch(r"h[1-6]", tag) and a.get("id"):
            self.heading_ids.append(a["id"])
        for name in ("src", "href", "srcset", "data-src", "poster"):
            if a.get(name) and (tag != "a" or name != "href"):
                self.resources.append((tag, name, a[name]))
        if tag == "a" and a.get("hreflang") and "md-select__link" in (a.get("class") or ""):
            self.alternates[a["hreflang"]] = a["href"]
        if a.get("class"):
            self.classes.extend(a["class"].split())

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)


def scan(path) -> Scan:
    s = Scan()
    s.feed(path.read_text(encoding="utf-8"))
    return s


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("page", PAGES)
def test_every_page_exists_in_every_language_with_its_lang(built_site, page, lang):
    path = page_path(built_site, lang, page)
    assert path.is_file(), f"{page} was not built for {lang}"
    assert scan(path).html_lang == lang


@pytest.mark.parametrize("page", PAGES)
def test_heading_ids_are_the_same_in_every_language(built_site, page):
    english = scan(page_path(built_site, "en", page)).heading_ids
    assert english
    for lang in LANGUAGES[1:]:
        assert scan(page_path(built_site, lang, page)).heading_ids == english, lang


@pytest.mark.parametrize("page", PAGES)
def test_the_language_switcher_lands_on_the_same_page(built_site, page):
    for lang in LANGUAGES:
        path = page_path(built_site, lang, page)
        for target, href in scan(path).alternates.items():
            landing = (path.parent / href).resolve()
            landing = landing / "index.html" if landing.is_dir() else landing
            assert landing == page_path(built_site, target, page).resolve(), (lang, target, href)


def test_nothing_is_requested_from_another_origin(built_site):
    offenders = []
    for path in built_site.rglob("*.html"):
        for tag, name, url in scan(path).resources:
            if re.match(r"^\s*(https?:)?//", url) and not (tag == "link" and name == "href" and
                                                            "canonical" in url):
                offenders.append(f"{path.relative_to(built_site)}: <{tag} {name}={url}>")
    assert offenders == []


def test_css_requests_nothing_from_another_origin(built_site):
    offenders = []
    for path in built_site.rglob("*.css"):
        for url in re.findall(r"url\(\s*['\"]?([^'\")]+)", path.read_text(encoding="utf-8", errors="replace")):
            if re.match(r"^(https?:)?//", url):
                offenders.append(f"{path.relative_to(built_site)}: {url}")
    assert offenders == []


@pytest.mark.parametrize(("lang", "search", "home", "title"), [
    ("hu", "Keresés", "Kezdőlap", "A Scorpion szabályai"),
    ("ca", "Cerca", "Inici", "Les regles de l’Scorpion"),
    ("ru", "Поиск", "Главная", "Правила Скорпиона"),
])
def test_material_nav_and_page_text_are_in_the_language(built_site, lang, search, home, title):
    text = page_path(built_site, lang, "scorpion/rules.md").read_text(encoding="utf-8")
    assert f'placeholder="{search}"' in text
    assert f">{home}<" in re.sub(r"\s+", "", text.replace(" ", "\u2007")).replace("\u2007", " ") \
        or re.search(rf">\s*{re.escape(home)}\s*<", text)
    assert re.search(rf"<h1[^>]*>{re.escape(title)}<", text)


@pytest.mark.parametrize(("lang", "dash"), [("en", "\u2013"), ("hu", "\u2013"), ("ca", "\u2013"), ("ru", "\u2014")])
def test_a_page_title_separates_page_and_site_with_the_languages_dash(built_site, lang, dash):
    # "Rules – Site" with an en dash (hu, ca, en), "Правила — Сайт" with an em dash (ru), never a hyphen
    for page in PAGES:
        text = page_path(built_site, lang, page).read_text(encoding="utf-8")
        title = re.search(r"<title>(.*?)</title>", text, re.S).group(1)
        assert " - " not in title, (page, title)
        if page != "index.md":
            assert f" {dash} " in title, (page, title)


def _title(path) -> str:
    return html.unescape(re.search(r"<title>(.*?)</title>", path.read_text(encoding="utf-8"), re.S).group(1)).strip()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_two_pages_of_a_language_share_a_title(built_site, lang):
    # A tab or a screen reader's page announcement tells "Rules" of Scorpion from "Rules" of Klondike.
    titles = {page: _title(page_path(built_site, lang, page)) for page in PAGES}
    shared = {t: [p for p in titles if titles[p] == t] for t in titles.values()}
    assert {t: pages for t, pages in shared.items() if len(pages) > 1} == {}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_languages_home_page_is_titled_with_the_sites_name_alone(built_site, lang):
    # r11 ru: «Скорпион и Косынка: правила — Правила Скорпиона и Косынки» said the site's name twice
    home = _title(page_path(built_site, lang, "index.md"))
    assert home and not re.search(r" [–—-] ", home), home
    assert home == _title(page_path(built_site, lang, "sources.md")).split(" – ")[-1].split(" — ")[-1]

@pytest.mark.parametrize(("lang", "rules", "faq"), [
    ("en", "The rules of Scorpion", "Klondike: frequently asked questions"),
    ("hu", "A Scorpion szabályai", "Klondike: gyakori kérdések"),
    ("ca", "Les regles de l’Scorpion", "Klondike: preguntes freqüents"),
    ("ru", "Правила Скорпиона", "Косынка: частые вопросы"),
])
def test_a_game_pages_title_is_its_heading_which_names_the_game(built_site, lang, rules, faq):
    assert _title(page_path(built_site, lang, "scorpion/rules.md")).startswith(rules + " ")
    assert _title(page_path(built_site, lang, "klondike/faq.md")).startswith(faq + " ")


@pytest.mark.parametrize(("lang", "faq_next", "board_previous"), [
    ("en", "Next: Rules (Klondike)", "Previous: FAQ (Klondike)"),
    ("hu", "Következő: Szabályok (Klondike)", "Előző: GYIK (Klondike)"),
    ("ca", "Següent: Regles (Klondike)", "Anterior: Preguntes freqüents (Klondike)"),
    ("ru", "Вперёд: Правила (Косынка)", "Назад: Частые вопросы (Косынка)"),
])
def test_the_footer_names_a_neighbour_page_of_another_section_with_its_section(built_site, lang, faq_next,
                                                                              board_previous):
    # both games have a Rules and an FAQ page: from Scorpion's FAQ "Next: Rules" would be Klondike's
    # (overrides/partials/footer.html); a neighbour in the same section keeps its own title alone
    def links(page: str) -> list[str]:
        text = page_path(built_site, lang, page).read_text(encoding="utf-8")
        found = re.findall(r'class="md-footer__link[^"]*" aria-label="([^"]*)"', text)
        return [html.unescape(label) for label in found]

    assert links("scorpion/faq.md")[1] == faq_next
    assert links("board.md")[0] == board_previous
    assert "(" not in links("klondike/rules.md")[1]  # Examples, in the same section


@pytest.mark.parametrize(("lang", "header", "footer"), [
    ("en", "Header", "Footer"), ("hu", "Fejléc", "Lábléc"), ("ca", "Capçalera", "Peu de pàgina"),
    ("ru", "Шапка сайта", "Подвал сайта"),
])
def test_the_header_and_footer_landmarks_are_named_as_the_language_names_a_web_pages(built_site, lang, header,
                                                                                      footer):
    # Material's hu „Élőfej/Élőláb” are a word processor's running heads (overrides/partials/languages/)
    text = page_path(built_site, lang, "scorpion/rules.md").read_text(encoding="utf-8")
    assert re.search(rf'<nav class="md-header__inner[^"]*" aria-label="{header}"', text)
    assert re.search(rf'<nav class="md-footer__inner[^"]*" aria-label="{footer}"', text)


@pytest.mark.parametrize(("lang", "wanted", "gone"), [
    ("hu", "Ugrás a tartalomra", "Kihagyás"),
    ("ca", "Salta al contingut", "Salta el contingut"),
    ("ca", "S’està iniciant la cerca…", "S'està inicialitzant"),
    ("ru", "Вперёд", "Вперед"),
    ("en", "Initialising search", "Initializing"),  # the site writes British English: "Analyse", "colour"
])
def test_materials_own_words_read_as_the_language_writes_them(built_site, lang, wanted, gone):
    # overrides/partials/languages/<lang>.html: Material's partial with the reviewers' corrections
    text = page_path(built_site, lang, "scorpion/rules.md").read_text(encoding="utf-8")
    assert wanted in html.unescape(text) and gone not in html.unescape(text)


def test_no_fallback_is_left_in_the_strict_site(built_site):
    for path in built_site.rglob("*.html"):
        s = scan(path)
        assert "i18n-fallback" not in s.classes and "i18n-notice" not in s.classes, path


def test_every_value_is_rendered_in_pages_widgets_and_the_search_index(built_site):
    """No ``{{ … }}`` reaches a reader: not in a page, a widget's data (record texts) or the index."""
    for path in [*built_site.rglob("*.html"), *built_site.rglob("search_index.json")]:
        assert "{{" not in path.read_text(encoding="utf-8"), path


# -- builds that must fail, and the development build --------------------------------------------

PAGE = "# Rules {#rules}\n\nA sentence.\n\n## The deal {#deal}\n\nA second sentence.\n"
ALL = {"Rules": "R", "A sentence.": "S", "The deal": "D", "A second sentence.": "T"}


def translations(**missing):
    return {lang: {k: v for k, v in ALL.items() if k not in missing.get(lang, ())} for lang in ("hu", "ca", "ru")}


def test_a_complete_scratch_site_builds_strictly(make_project, build):
    result = build(make_project({"index.md": PAGE}, translations()))
    assert result.returncode == 0, result.output


def test_the_strict_build_fails_on_a_missing_translation_naming_file_and_line(make_project, build):
    project = make_project({"index.md": PAGE}, translations(ca=["A second sentence."]))
    result = build(project)
    assert result.returncode != 0
    assert re.search(r"docs/index\.md:7: \[ca\] untranslated paragraph .*docs-index\.po.*'A second sentence\.'",
                     result.output), result.output
    assert "Traceback" not in result.output


def test_the_strict_build_fails_on_a_fuzzy_translation(make_project, build):
    project = make_project({"index.md": PAGE}, translations())
    path = project / "locales/ru/LC_MESSAGES/docs-index.po"
    path.write_text(path.read_text(encoding="utf-8").replace('msgctxt "index.md"\nmsgid "The deal"',
                                                           '#, fuzzy\nmsgctxt "index.md"\nmsgid "The deal"'),
                    encoding="utf-8")
    result = build(project)
    assert result.returncode != 0
    assert "docs/index.md:5: [ru] fuzzy translation heading" in result.output


def test_a_development_build_shows_the_fallback_visibly(make_project, build):
    project = make_project({"index.md": PAGE}, translations(hu=["A second sentence.", "The deal"]))
    result = build(project, strict=False)
    assert result.returncode == 0, result.output
    assert "docs/index.md:7: [hu] untranslated paragraph" in result.output
    text = (result.site / "hu/index.html").read_text(encoding="utf-8")
    assert '<p class="i18n-fallback" lang="en">A second sentence.</p>' in text
    assert re.search(r'<h2 class="i18n-fallback" id="deal" lang="en">The deal', text)
    assert 'class="admonition warning i18n-notice"' in text
    assert "<p>S</p>" in text  # the translated block is not marked
    assert "i18n-fallback" not in (result.site / "ca/index.html").read_text(encoding="utf-8")


def test_a_bad_directive_fails_the_build_naming_file_and_line(make_project, build):
    page = PAGE + "\n```solitaire nonsense\ngame: scorpion\n```\n"
    result = build(make_project({"index.md": page}, translations()))
    assert result.returncode != 0
    assert "docs/index.md:9: unknown directive kind 'nonsense'" in result.output
    assert "Traceback" not in result.output


def test_an_illegal_position_fails_the_build_naming_its_line(make_project, build):
    page = PAGE + "\n```solitaire describe\ngame: scorpion\nposition: AS/2S - -\n```\n"
    result = build(make_project({"index.md": page}, translations()))
    assert result.returncode != 0
    assert re.search(r"docs/index\.md:11: solitaire describe: ", result.output), result.output
    assert "Traceback" not in result.output


def test_an_unknown_value_fails_the_build_naming_its_line(make_project, build):
    page = PAGE + "\nThere are {{ scorpion.no_such_fact }} of them.\n"
    result = build(make_project({"index.md": page}, translations()))
    assert result.returncode != 0
    assert "docs/index.md:9: unknown fact 'scorpion.no_such_fact'" in result.output


def test_a_broken_catalog_fails_the_build_naming_file_and_line(make_project, build):
    project = make_project({"index.md": PAGE}, translations())
    path = project / "locales/hu/LC_MESSAGES/docs-index.po"
    path.write_text(path.read_text(encoding="utf-8") + '\nmsgid "x"\nmsgstr "y\n', encoding="utf-8")
    result = build(project)
    assert result.returncode != 0
    assert re.search(r"locales/hu/LC_MESSAGES/docs-index\.po:\d+: malformed string", result.output), result.output
    assert "Traceback" not in result.output


def test_no_sitemap_with_broken_urls_without_a_site_url(built_site):
    # A sitemap needs absolute URLs: without site_url in mkdocs.yml it is empty, never "None/hu/…".
    text = (built_site / "sitemap.xml").read_text(encoding="utf-8")
    assert "None" not in text
