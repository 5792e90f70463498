"""Catalogs: extraction → PO → substitution, update, check, bad input (hooks/catalogs.py, hooks/po.py)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from site_support import ROOT, fill

from hooks import catalogs, messages, po, translate

PAGE = "# Rules {#rules}\n\nScorpion is played with {{ scorpion.deck }} cards.\n\n## The deal {#deal}\n"


def cli(project, *args):
    done = subprocess.run([sys.executable, "-m", "hooks.catalogs", *args, "--config", str(project / "mkdocs.yml")],
                          cwd=ROOT, capture_output=True, text=True)
    return done.returncode, done.stdout, done.stderr


def lookup_for(project, lang, page):
    site = messages.load_site(project / "mkdocs.yml")
    path = po.catalog_path(site.locales, lang, po.slug(page))
    return po.translations(path, lang, str(path)).get


def test_extraction_gives_one_message_per_block_with_context_and_location(make_project):
    project = make_project({"index.md": PAGE})
    template = po.read(project / "locales/templates/docs-index.pot")
    found = [(m.context, m.id, m.locations) for m in template if m.id]
    assert found == [
        ("index.md", "Rules", [("docs/index.md", 1)]),
        ("index.md", "Scorpion is played with {{ scorpion.deck }} cards.", [("docs/index.md", 3)]),
        ("index.md", "The deal", [("docs/index.md", 5)]),
    ]


def test_a_translation_replaces_its_block(make_project):
    project = make_project({"index.md": PAGE}, {"hu": {
        "Rules": "Szabályok", "Scorpion is played with {{ scorpion.deck }} cards.": "{{ Az scorpion.deck }} lap kell.",
        "The deal": "A kezdőállás"}})
    text, missing = translate.page(PAGE, page="index.md", lang="hu", lookup=lookup_for(project, "hu", "index.md"))
    assert missing == []
    assert text == "# Szabályok {#rules}\n\nAz 52 lap kell.\n\n## A kezdőállás {#deal}\n"


def test_a_missing_block_falls_back_to_english_and_is_reported(make_project):
    project = make_project({"index.md": PAGE}, {"ca": {"Rules": "Regles"}})
    text, missing = translate.page(PAGE, page="index.md", lang="ca", lookup=lookup_for(project, "ca", "index.md"))
    assert [(m.line, m.reason) for m in missing if m.catalog is None] == [(3, "untranslated"), (5, "untranslated")]
    assert 'Scorpion is played with 52 cards.\n{: .i18n-fallback lang="en" }' in text
    assert "## The deal {#deal .i18n-fallback lang=\"en\" }" in text
    assert "i18n-notice" in text


def test_update_makes_changed_text_fuzzy_keeps_removed_text_and_adds_new_text(make_project):
    project = make_project({"index.md": PAGE}, {"ru": {"Rules": "Правила", "The deal": "Расклад"}})
    (project / "docs/index.md").write_text(PAGE.replace("## The deal {#deal}", "## The new deal {#deal}")
                                           + "\nA new paragraph.\n", encoding="utf-8")
    assert cli(project, "extract")[0] == 0
    assert cli(project, "update")[0] == 0
    text = (project / "locales/ru/LC_MESSAGES/docs-index.po").read_text(encoding="utf-8")
    assert '#, fuzzy\n#| msgid "The deal"\nmsgctxt "index.md"\nmsgid "The new deal"\nmsgstr "Расклад"' in text
    assert 'msgid "A new paragraph."\nmsgstr ""' in text
    catalog = po.read(project / "locales/ru/LC_MESSAGES/docs-index.po", "ru")
    assert catalog.get("The new deal", "index.md").fuzzy


def test_a_translated_fuzzy_message_keeps_no_trace_of_its_old_text(make_project):
    """Once the translator clears ``fuzzy``, the next update leaves no ``#| msgid`` (nor Babel's
    misreading of it, ``# | msgid``); a "%" in a text does not make it ``python-format``."""
    project = make_project({"index.md": PAGE + "\nA 95% chance.\n"},
                           {"ru": {"Rules": "Правила", "The deal": "Расклад"}})
    (project / "docs/index.md").write_text(PAGE.replace("## The deal {#deal}", "## The new deal {#deal}")
                                           + "\nA 95% chance.\n", encoding="utf-8")
    assert cli(project, "extract")[0] == 0 and cli(project, "update")[0] == 0
    path = project / "locales/ru/LC_MESSAGES/docs-index.po"
    fill(path, {"The new deal": "Новый расклад"}, "ru")
    assert cli(project, "update")[0] == 0 and cli(project, "update")[0] == 0
    text = path.read_text(encoding="utf-8")
    assert "| msgid" not in text and "python-format" not in text
    assert 'msgid "The new deal"\nmsgstr "Новый расклад"' in text


LONG = ("Scorpion is played with {{ scorpion.deck }} cards, dealt into columns whose free ends take a card one "
        "rank lower of the same suit, and a \"quoted\" word that must stay escaped.")


def test_a_long_changed_text_keeps_its_previous_english_as_gnu_gettext_writes_it(make_project):
    """A fuzzy message's previous msgid longer than a line is written ``#| msgid ""`` and ``#| "…"``
    lines (Poedit and GNU's tools read them), read back whole, kept by a second update while the
    message is still fuzzy, and leaves no fragment behind as a translator comment."""
    page = PAGE + "\n" + LONG + "\n"
    project = make_project({"index.md": page}, {"hu": {LONG: "Régi fordítás."}})
    (project / "docs/index.md").write_text(page.replace("free ends", "last cards"), encoding="utf-8")
    assert cli(project, "extract")[0] == 0
    path = project / "locales/hu/LC_MESSAGES/docs-index.po"
    for _ in range(2):
        assert cli(project, "update")[0] == 0
        text = path.read_text(encoding="utf-8")
        block = text[text.index("#, fuzzy\n"):text.index("msgctxt", text.index("#, fuzzy\n"))]
        assert block.startswith('#, fuzzy\n#| msgid ""\n#| "Scorpion is played')
        assert all(line.startswith('#| "') and line.endswith('"') for line in block.splitlines()[2:])
        message = po.read(path, "hu").get(LONG.replace("free ends", "last cards"), "index.md")
        assert message.fuzzy and message.previous_id == [LONG] and message.user_comments == []
    attrib = subprocess.run(["msgattrib", "--only-fuzzy", "--no-wrap", str(path)], capture_output=True, text=True)
    assert attrib.returncode == 0, attrib.stderr
    assert "#| msgid \"" + LONG.replace('"', '\\"') + "\"" in attrib.stdout  # GNU reads the same previous text


def test_new_catalogs_get_plural_forms_from_cldr(make_project):
    project = make_project({"index.md": PAGE})
    assert po.read(project / "locales/ru/LC_MESSAGES/docs-index.po", "ru").num_plurals == 3
    header = (project / "locales/ru/LC_MESSAGES/docs-index.po").read_text(encoding="utf-8")
    assert '"Plural-Forms: nplurals=3; plural=' in header and '"Language: ru\\n"' in header


def test_check_prints_coverage_and_fails_when_incomplete(make_project):
    project = make_project({"index.md": PAGE}, {lang: {"Rules": "x", "The deal": "y"} for lang in ("hu", "ca", "ru")})
    code, out, _ = cli(project, "check")
    assert code == 1
    assert "docs-index" in out and "2/3" in out and "docs/index.md:3: [hu] untranslated" in out
    sentence = "Scorpion is played with {{ scorpion.deck }} cards."
    everything = {"Rules": "x", "The deal": "y", sentence: "{{ scorpion.deck }} lap."}
    for lang in ("hu", "ca", "ru"):
        fill(project / f"locales/{lang}/LC_MESSAGES/docs-index.po", everything, lang)
    code, out, _ = cli(project, "check", "--strict")
    assert code == 0, out
    assert "3/3" in out


def test_check_finds_a_translation_that_lost_a_value(make_project):
    sentence = "Scorpion is played with {{ scorpion.deck }} cards."
    project = make_project({"index.md": PAGE}, {"hu": {sentence: "52 lap."}})
    code, out, _ = cli(project, "check")
    assert code == 1
    assert "docs-index.po:" in out and "lost scorpion.deck" in out


def test_check_finds_a_translation_that_dropped_an_english_mark(make_project):
    # WCAG 3.1.2: an English title marked in the source stays marked in every language.
    page = 'See “<span lang="en">Solitaire: Man Versus Machine</span>” and *Advances*{lang=en}.\n'
    marked = 'Lásd: „<span lang="en">Solitaire: Man Versus Machine</span>” és *Advances*{lang=en}.'
    project = make_project({"index.md": page}, {"hu": {page.strip(): marked.replace("{lang=en}", "")}})
    code, out, _ = cli(project, "check")
    assert code == 1 and "1 English passage(s) of the source not marked" in out
    fill(project / "locales/hu/LC_MESSAGES/docs-index.po", {page.strip(): marked}, "hu")
    assert "not marked" not in cli(project, "check")[1]


def test_check_strict_fails_on_stale_templates(make_project):
    project = make_project({"index.md": PAGE})
    (project / "docs/index.md").write_text(PAGE + "\nMore.\n", encoding="utf-8")
    code, out, _ = cli(project, "check", "--strict")
    assert code == 1 and "docs-index.pot:1: out of date" in out


def test_a_broken_po_file_is_one_line_naming_file_and_line(make_project):
    project = make_project({"index.md": PAGE})
    path = project / "locales/hu/LC_MESSAGES/docs-index.po"
    lines = path.read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith('msgid "Rules"'))
    lines[at + 1] = 'msgstr "unterminated'
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    for verb in ("update", "compile", "check"):
        code, out, err = cli(project, verb)
        assert code == 2, (verb, out, err)
        assert err.strip() == f"error: locales/hu/LC_MESSAGES/docs-index.po:{at + 2}: malformed string '\"unterminated'"
        assert "Traceback" not in err


def test_compile_writes_mo_files(make_project):
    project = make_project({"index.md": PAGE}, {"hu": {"Rules": "Szabályok"}})
    assert cli(project, "compile")[0] == 0
    import gettext
    with open(project / "locales/hu/LC_MESSAGES/docs-index.mo", "rb") as f:
        assert gettext.GNUTranslations(f).pgettext("index.md", "Rules") == "Szabályok"


def test_the_checkouts_catalogs_are_complete_and_up_to_date():
    # Every hu, ca and ru catalog translates every block of every page, and the templates match docs/.
    site = messages.load_site(ROOT / "mkdocs.yml")
    import io
    out = io.StringIO()
    assert catalogs.check(site, strict=True, out=out) == 0, out.getvalue()


def test_there_are_no_translated_page_files():
    # DESIGN.md §4: one source per page; hu, ca and ru come from the catalogs, never from *.hu.md files.
    site = messages.load_site(ROOT / "mkdocs.yml")
    suffixed = [p for p in site.docs_dir.rglob("*.md") if p.suffixes[-2:-1] and p.suffixes[-2][1:] in
                (site.source_language, *site.languages)]
    assert suffixed == []


def test_a_bad_value_in_a_translation_names_the_po_file_and_line(make_project):
    sentence = "Scorpion is played with {{ scorpion.deck }} cards."
    project = make_project({"index.md": PAGE}, {"hu": {sentence: "{{ az scorpion.no_such_fact }} lap."}})
    lookup = lookup_for(project, "hu", "index.md")
    try:
        translate.page(PAGE, page="index.md", lang="hu", lookup=lookup)
    except translate.PageError as e:
        assert e.line == 3
        assert e.where.startswith(str(project / "locales/hu/LC_MESSAGES/docs-index.po") + ":")
        assert "unknown fact 'scorpion.no_such_fact'" in str(e)
    else:
        raise AssertionError("no error")


TRICKY = r'''# Translator comment
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"

#: docs/index.md:3
#, fuzzy, python-format
msgctxt "index.md"
msgid "A \"quoted\" line\n"
"and a second\tone"
msgstr "Egy \"idézett\" sor\n"
"és egy második\\"

msgctxt ""
msgid "Empty context"
msgstr "Üres kontextus"

msgid "Untranslated"
msgstr ""

msgid "{n} card"
msgid_plural "{n} cards"
msgstr[0] "{n} lap"
msgstr[1] "{n} lap"

#, fuzzy
#~ msgid "Gone"
#~ msgstr "Eltűnt"

msgid "Last"
msgstr "Utolsó"
'''


def test_the_build_reads_catalogs_with_babel_keeping_strings_flags_and_lines(tmp_path):
    """``po.translations`` (what the build looks texts up in) is Babel's reading of the file: escapes
    undone, continuation lines joined, the fuzzy flag and the msgid's line kept for ``file:line``;
    header, plural and obsolete entries are not page texts."""
    path = tmp_path / "tricky.po"
    path.write_text(TRICKY, encoding="utf-8")
    found = po.translations(path, "hu", "tricky.po").entries
    assert found == {
        ("index.md", 'A "quoted" line\nand a second\tone'): po.Entry('Egy "idézett" sor\nés egy második\\', True,
                                                                     "tricky.po", 10),
        ("", "Empty context"): po.Entry("Üres kontextus", False, "tricky.po", 16),
        (None, "Untranslated"): po.Entry("", False, "tricky.po", 19),
        (None, "Last"): po.Entry("Utolsó", False, "tricky.po", 31),
    }


ENTRY = 'msgctxt "index.md"\nmsgid "Rules"\nmsgstr "Szabályok"\n'
HEADER = TRICKY[: TRICKY.index("#: docs/index.md:3")]  # 6 lines


@pytest.mark.parametrize("body, line, reason", [
    ('msgid "Rules"\nmsgstr "unterminated\n', 8, "malformed string '\"unterminated'"),
    ('msgid "Rules"\nmsgstr "an "inner" quote"\n', 8, "malformed string"),
    ('msgid "Rules"\nmsgstr "a \\q escape"\n', 8, "malformed string"),
    ('msgid "Rules"\nmsgtsr "typo"\n', 8, "unknown keyword 'msgtsr'"),
    ('msgstr "orphan"\n', 7, "a second msgstr (its msgid is missing)"),
    ('msgid "Rules"\nmsgstr[0] "a"\nmsgstr[0] "b"\n', 9, "a second msgstr[0]"),
    ('msgid "Rules"\n\nmsgid "Other"\nmsgstr ""\n', 7, "missing msgstr for msgid 'Rules'"),
    ('# a comment\n"stray"\n' + ENTRY, 8, "not in msgid, msgstr or msgctxt"),
    (ENTRY + "\n" + ENTRY, 12, "duplicate message (first at line 8)"),
    (ENTRY + "\n" + ENTRY + "\n# a translator's comment\n", 12, "duplicate message (first at line 8)"),
    ('msgid ""\nmsgstr ""\n', 7, "duplicate message (first at line "),
    ('msgctxt "index.md"\nmsgid ""\nmsgstr ""\n', 8, "duplicate message (first at line "),  # Babel: a header
    ('msgid ""\nmsgid_plural "many"\nmsgstr[0] "a"\nmsgstr[1] "b"\n', 7, "a plural message with an empty msgid"),
    ('#: docs/index.md:3\nmsgid "Rules"\n\n#: docs/index.md:5\n' + ENTRY, 8, "missing msgstr for msgid 'Rules'"),
    ('<<<<<<< HEAD\n' + ENTRY + "=======\n", 7, "merge conflict marker"),
    ('#, fuzzy\n#| msgid ""\n#| "a previous text\n' + ENTRY, 9, "malformed previous msgid line"),
    ('#, fuzzy\n#| "a previous text"\n' + ENTRY, 8, "malformed previous msgid line"),
    ('#, fuzzy\n#| msgctxt "index.md"\n' + ENTRY, 10, "its #| lines give no previous msgid"),
    ('#~ msgid "Old"\n#~ msgstr "an "inner" quote"\n', 8, "malformed string"),
])
def test_a_faulty_catalog_is_an_error_naming_file_line_and_reason(tmp_path, body, line, reason):
    path = tmp_path / "faulty.po"
    path.write_text(HEADER + body, encoding="utf-8")
    with pytest.raises(po.CatalogError) as caught:
        po.translations(path, "hu", "faulty.po")
    assert str(caught.value).startswith(f"faulty.po:{line}: "), str(caught.value)
    assert reason in str(caught.value)
    assert "\n" not in str(caught.value)


def test_a_catalog_that_is_not_utf8_names_its_line(tmp_path):
    path = tmp_path / "latin1.po"
    path.write_bytes((HEADER + 'msgid "Rules"\nmsgstr "Szab\xe1lyok"\n').encode("latin-1"))
    with pytest.raises(po.CatalogError, match=r"^latin1\.po:8: not UTF-8$"):
        po.read(path, "hu", "latin1.po")


def test_every_catalog_passes_msgfmt_check():
    """GNU gettext's own checker accepts every catalog (pages and engine, every language): format
    strings, header, plural forms (``msgfmt -c``; Debian's gettext, installed by ``make test``)."""
    paths = sorted((ROOT / "locales").glob("*/LC_MESSAGES/*.po")) + sorted((ROOT / "locales").glob("templates/*.pot"))
    assert len(paths) > 50
    failed = {}
    for path in paths:
        done = subprocess.run(["msgfmt", "-c", "-o", "/dev/null", str(path)], capture_output=True, text=True)
        if done.returncode != 0:
            failed[path.relative_to(ROOT).as_posix()] = done.stderr.strip()
    assert failed == {}


def test_a_previous_msgid_on_the_header_is_an_error_not_a_crash(tmp_path):
    path = tmp_path / "faulty.po"
    path.write_text('#, fuzzy\n#| msgid "Old"\n' + HEADER, encoding="utf-8")
    with pytest.raises(po.CatalogError, match=r"^faulty\.po:\d+: #\| lines \(a previous msgid\) before the header$"):
        po.read(path, "hu", "faulty.po")
