"""The engine's own catalogs (engine.po, scorpion.po, klondike.po): every msgid the engine's source
marks is translated in every language, as `make i18n-check` reports it."""

import io

from hooks import engine_catalogs


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
