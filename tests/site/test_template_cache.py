"""The theme's templates are compiled once per process, not once per language (hooks/templates.py):
every language's build gets a fresh Jinja environment, and they share one bytecode cache."""

from __future__ import annotations

import jinja2
import pytest

from hooks.templates import MemoryBytecodeCache, on_env


@pytest.fixture
def templates(tmp_path):
    source = "{{ lang }}: {% for w in words %}{{ w | upper }} {% endfor %}"
    (tmp_path / "page.html").write_text(source, encoding="utf-8")
    return tmp_path


def environment(folder, cache=None):
    """A fresh environment, as each language's build makes: with ``cache``, or as the hook sets it up."""
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(folder)))
    if cache is None:
        return on_env(env, config=None, files=None)
    env.bytecode_cache = cache
    return env


def compiles(monkeypatch):
    """Count Jinja's compilations of template source."""
    count = [0]
    real = jinja2.Environment.compile

    def counting(self, *args, **kwargs):
        count[0] += 1
        return real(self, *args, **kwargs)

    monkeypatch.setattr(jinja2.Environment, "compile", counting)
    return count


def test_each_languages_fresh_environment_reuses_the_first_ones_compiled_template(templates, monkeypatch):
    count = compiles(monkeypatch)
    cache = MemoryBytecodeCache()
    pages = [environment(templates, cache).get_template("page.html").render(lang=lang, words=["a", "b"])
             for lang in ("en", "hu", "ca", "ru")]
    assert pages == ["en: A B ", "hu: A B ", "ca: A B ", "ru: A B "]
    assert count[0] == 1


def test_an_edited_template_is_compiled_again(templates, monkeypatch):
    count = compiles(monkeypatch)
    cache = MemoryBytecodeCache()
    assert environment(templates, cache).get_template("page.html").render(lang="en", words=[]) == "en: "
    (templates / "page.html").write_text("{{ lang }} changed", encoding="utf-8")
    assert environment(templates, cache).get_template("page.html").render(lang="hu") == "hu changed"
    assert count[0] == 2


def test_the_hook_gives_every_environment_the_same_cache(templates):
    first, second = environment(templates), environment(templates)
    assert isinstance(first.bytecode_cache, MemoryBytecodeCache)
    assert first.bytecode_cache is second.bytecode_cache
