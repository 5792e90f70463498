"""The engine's own catalogs (engine.po, scorpion.po, klondike.po): every msgid the engine's source
marks is translated in every language, as `make i18n-check` reports it; the engine reads them
compiled (MO files, gettext), never a stale compilation, in the checkout and in the wheel."""

import gettext
import io
import os
import zipfile

import pytest

from engine.i18n import CatalogError, Translator, compiled
from hooks import catalogs, engine_catalogs, po


def test_every_engine_string_is_translated_in_every_language():
    out = io.StringIO()
    assert engine_catalogs.check(out), out.getvalue()


def test_the_check_names_what_is_missing(tmp_path, monkeypatch):
    # A catalog that lost a translation is reported, with its file and the msgid.
    for lang in engine_catalogs.LANGUAGES:
        folder = tmp_path / lang / "LC_MESSAGES"
        folder.mkdir(parents=True)
        for domain in ("engine", "scorpion", "klondike"):
            text = (engine_catalogs.LOCALES / lang / "LC_MESSAGES" / f"{domain}.po").read_text(encoding="utf-8")
            if lang == "ca" and domain == "scorpion":
                text = text.replace('msgstr "Regla: les cartes han de ser del mateix pal"', 'msgstr ""')
            (folder / f"{domain}.po").write_text(text, encoding="utf-8")
    monkeypatch.setattr(engine_catalogs, "LOCALES", tmp_path)
    out = io.StringIO()
    assert not engine_catalogs.check(out)
    assert "Rule: the cards must be of the same suit" in out.getvalue()


# -- compiled catalogs: what the engine reads ------------------------------------------------------

RU_PO = '''msgid ""
msgstr ""
"Language: ru\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || "
"n%100>=20) ? 1 : 2);\\n"

msgctxt "reason"
msgid "Nothing to undo"
msgstr "Нечего отменять"

#, fuzzy
msgctxt "reason"
msgid "This card is face down"
msgstr "Старый перевод"

msgctxt "column"
msgid "{n} face-down card"
msgid_plural "{n} face-down cards"
msgstr[0] "{n} закрытая карта"
msgstr[1] "{n} закрытые карты"
msgstr[2] "{n} закрытых карт"
'''


def write_catalog(folder, text=RU_PO):
    path = folder / "engine.po"
    path.write_text(text, encoding="utf-8")
    return path


def compiled_before_the_edit(path):
    """Date the MO file of ``path`` one second before the PO file: an edit made after compiling."""
    stamp = path.stat().st_mtime_ns - 1_000_000_000
    os.utime(path.with_suffix(".mo"), ns=(stamp, stamp))


def test_the_engine_reads_catalogs_compiled_by_babel_with_the_standard_library(tmp_path):
    # pgettext and npgettext through gettext.GNUTranslations, plural forms from the catalog's
    # CLDR Plural-Forms header; a fuzzy entry is not compiled, so it reads as the English.
    path = write_catalog(tmp_path)
    po.compile_mo(path)
    t = Translator("ru", [compiled(path)])
    assert t.pgettext("reason", "Nothing to undo") == "Нечего отменять"
    assert t.pgettext("reason", "This card is face down") == "This card is face down"
    assert t.pgettext("reason", "Not in the catalog") == "Not in the catalog"
    forms = [t.npgettext("column", "{n} face-down card", "{n} face-down cards", n) for n in (1, 2, 5, 21, 122)]
    assert forms == ["{n} закрытая карта", "{n} закрытые карты", "{n} закрытых карт", "{n} закрытая карта",
                     "{n} закрытые карты"]


def test_a_stale_compiled_catalog_never_wins_over_its_edited_po_file(tmp_path):
    path = write_catalog(tmp_path)
    po.compile_mo(path)
    path.write_text(RU_PO.replace("Нечего отменять", "Отменять нечего"), encoding="utf-8")
    compiled_before_the_edit(path)
    assert po.stale(path)
    with pytest.raises(CatalogError, match=r"engine\.mo: older than engine\.po, .*\(run: make i18n-compile\)$"):
        compiled(path)
    po.compile_mo(path)  # what `make i18n-compile` (part of every make target's set-up) does
    assert not po.stale(path)
    assert compiled(path).pgettext("reason", "Nothing to undo") == "Отменять нечего"


def test_a_catalog_never_compiled_names_the_command_that_compiles_it(tmp_path):
    path = write_catalog(tmp_path)
    with pytest.raises(CatalogError, match=r"engine\.mo: missing, engine\.po is not compiled \(run: make i18n-c"):
        compiled(path)
    assert compiled(tmp_path / "nothing.po") is None  # no catalog at all: English


def test_the_make_setup_compiles_what_is_stale_and_only_that(tmp_path):
    site = type("Site", (), {"locales": tmp_path, "rel": staticmethod(lambda p: p.name)})
    (tmp_path / "ru" / "LC_MESSAGES").mkdir(parents=True)
    fresh = write_catalog(tmp_path / "ru" / "LC_MESSAGES")
    catalogs.compile_mo(site, out=io.StringIO())
    before = fresh.with_suffix(".mo").stat().st_mtime_ns
    out = io.StringIO()
    catalogs.compile_mo(site, out=out)
    assert out.getvalue() == "compile: 0 of 1 catalogs compiled, the others were up to date\n"
    assert fresh.with_suffix(".mo").stat().st_mtime_ns == before
    compiled_before_the_edit(fresh)
    catalogs.compile_mo(site, out=out)
    assert not po.stale(fresh)


def test_the_wheel_carries_every_engine_catalog_compiled_from_its_po_file():
    # Pyodide has no checkout: the wheel holds engine/locales/<lang>/LC_MESSAGES/<domain>.mo,
    # compiled at build time (hooks/wheel_catalogs.py), and no PO file.
    from hooks.widgets import build_wheel  # noqa: PLC0415

    with zipfile.ZipFile(build_wheel()) as wheel:
        inside = {name for name in wheel.namelist() if name.startswith("engine/locales/")}
        assert inside == {f"engine/locales/{lang}/LC_MESSAGES/{domain}.mo"
                          for lang in engine_catalogs.LANGUAGES for domain in engine_catalogs.DOMAINS}
        for name in sorted(inside):
            lang, _, domain = name.split("/")[2:5]
            mo = gettext.GNUTranslations(io.BytesIO(wheel.read(name)))
            for m in po.read(engine_catalogs.catalog_path(lang, domain.removesuffix(".mo")), lang):
                if m.id and isinstance(m.id, str) and m.string and not m.fuzzy:
                    assert mo.pgettext(m.context, m.id) == m.string, (name, m.context, m.id)
