"""MkDocs hook: one search index per language, with the word forms lunr knows for it.

mkdocs-static-i18n builds every language into one site and gathers every language's pages into the
one ``search/search_index.json`` at the site root; Material's search then mixes the languages
(``scorpion`` on ``/`` lists Hungarian pages first) and, with the English configuration, matches
Russian and Hungarian words only in the exact form typed («резерв» finds no «резерва»). Its
``reconfigure_search`` (off in mkdocs.yml) would only add ``hu`` and ``ru`` to that one index.

Here, once the last language is built (``on_post_build``, after the i18n plugin's own, which writes
the gathered index), the index is split by language: ``search/search_index.json`` keeps the default
language's pages and ``<lang>/search/search_index.json`` each other language's, its locations
relative to that language's root. Each index carries its own configuration, as Material's search
plugin options would give it (``lang``, ``separator``, ``pipeline``; Material's search worker reads
them from the index): the lunr language with its stemmer and stop words for English, Hungarian and
Russian (``LUNR``); for Catalan, which lunr does not have, exact words (no stemmer and no stop-word
list of another language, which would cut and drop Catalan words wrongly), split at Catalan
punctuation and apostrophes (``l’Scorpion``).

``on_post_page`` points every page of a language at its language's root (``base`` in Material's
``__config``), where Material's search looks for ``search/search_index.json`` and against which it
resolves the results' locations; Material uses ``base`` for nothing else on this site (no versions,
no instant navigation). It also names the site's search worker (``search`` in ``__config``):
``assets/solitaire/search-worker.js``, which runs Material's own worker and stems the reader's
query with the index's stemmer first. Material appends a wildcard to every query term and lunr does
not stem a term with a wildcard, so without it an inflected query («короля», „oszlopra”) would meet
only stems («корол», „oszlop”) and match nothing. The widgets' internals stay out of every index:
the pages' text reaches the search plugin through ``search_text.brief`` in every language's build
alike.
"""

from __future__ import annotations

import json
import posixpath
import re
from pathlib import Path
from urllib.parse import quote

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority, get_plugin_logger
from mkdocs.utils import get_relative_url

from hooks import site_text

log = get_plugin_logger("search")

INDEX = "search/search_index.json"
LUNR = {"en": "en", "hu": "hu", "ru": "ru"}  # the languages lunr (Material's lunr-languages) stems
STEMMED = ["trimmer", "stopWordFilter", "stemmer"]
SEPARATORS = {  # where words end, beside whitespace and hyphens (Material's default is [\s\-]+)
    "ca": r"[\s\-,.;:!?«»“”\"()\[\]/’']+",
}
WORKER = "assets/solitaire/search-worker.js"  # the site's search worker (Material's, the query stemmed)
_BASE = re.compile(r'(<script id="__config" type="application/json">\{[^<]*?"base": )"([^"]*)"')
_SEARCH = re.compile(r'(<script id="__config" type="application/json">\{[^<]*?"search": )"([^"]*)"')


def languages(config) -> tuple[str, list[str]]:
    """The default language and every language built (mkdocs-static-i18n's)."""
    plugin = config.plugins.get("i18n")
    if plugin is None:
        lang = site_text.current_language(config)
        return lang, [lang]
    default = plugin.default_language
    built = [lang.locale for lang in plugin.config.languages if lang.build and lang.locale != "null"]
    return default, built


def index_config(lang: str, base: dict) -> dict:
    """The search configuration of ``lang``'s index: lunr's language with stemmer and stop words
    where lunr has one; exact words otherwise."""
    out = dict(base)
    if lang in LUNR:
        out["lang"], out["pipeline"] = [LUNR[lang]], list(STEMMED)
    else:
        out["lang"], out["pipeline"] = ["en"], []  # lunr's plain tokens; nothing English applied
    if lang in SEPARATORS:
        out["separator"] = SEPARATORS[lang]
    return out


def split(index: dict, default: str, langs: list[str]) -> dict[str, dict]:
    """The gathered index as one index per language (locations relative to the language's root)."""
    others = [lang for lang in langs if lang != default]
    out: dict[str, dict] = {}
    for lang in langs:
        prefix = "" if lang == default else f"{lang}/"
        docs, seen = [], set()
        for doc in index.get("docs", []):
            location = doc.get("location", "")
            mine = location.startswith(prefix) if prefix else not location.startswith(tuple(f"{o}/" for o in others))
            if not mine or location in seen:
                continue
            seen.add(location)
            docs.append({**doc, "location": location[len(prefix):]})
        out[lang] = {"config": index_config(lang, index.get("config", {})), "docs": docs}
    return out


def _outermost(config) -> bool:
    plugin = config.plugins.get("i18n")
    return not getattr(plugin, "building", False)


def point_search(output: str, here: str | None, lang_root: str | None, where: str) -> str:
    """``output`` (a page) with Material's search configuration pointed at the language's index
    (``base``: ``lang_root``, e.g. ``hu/``; None keeps it) and at the site's search worker. ``here``
    is the page's URL (URLs relative to it, as Material writes them) or None for an error page,
    whose URLs are absolute from the site root."""

    def url(site_path: str) -> str:
        return "/" + site_path if here is None else get_relative_url(site_path, here)

    def worker(m: re.Match) -> str:
        material = m.group(2)
        if here is None:
            site_path = material.lstrip("/")
        else:  # the page's folder ("" for the home page; directory URLs end with "/")
            folder = here if here.endswith("/") or not here else posixpath.dirname(here) + "/"
            site_path = posixpath.normpath(posixpath.join(folder, material))
        relative = posixpath.relpath(site_path, posixpath.dirname(WORKER))
        return m.group(1) + json.dumps(f"{url(WORKER)}?worker={quote(relative, safe='')}")

    output, n = _SEARCH.subn(worker, output, count=1)
    if not n:
        raise PluginError(f"search_index.py: {where}: no search worker in Material's __config")
    if lang_root is not None:
        base = url(lang_root).rstrip("/") or "." if here is not None else "/" + lang_root
        output, n = _BASE.subn(lambda m: m.group(1) + json.dumps(base), output, count=1)
        if not n:
            raise PluginError(f"search_index.py: {where}: no base in Material's __config")
    return output


def on_post_page(output: str, page, config) -> str:
    """The page's search (and its results' links) start at its language's root."""
    if not any(name.endswith("search") for name in config.plugins):
        return output
    default, _ = languages(config)
    lang = site_text.current_language(config)
    return point_search(output, page.url, None if lang == default else f"{lang}/", page.file.src_uri)


@event_priority(50)  # before hooks/not_found.py takes another language's 404 page away
def on_post_template(output: str, template_name: str, config) -> str:
    """A page-not-found page searches its language too (its URLs are absolute: ``site_url``'s path)."""
    if template_name != "404.html" or not output.strip() or not any(n.endswith("search") for n in config.plugins):
        return output
    from urllib.parse import urlsplit

    default, _ = languages(config)
    lang = site_text.current_language(config)
    root = urlsplit(config.site_url or "").path.strip("/")
    prefix = f"{root}/" if root else ""
    return point_search(output, None, f"{prefix}{lang}/" if lang != default else (prefix or None), template_name)


@event_priority(-150)  # after mkdocs-static-i18n's on_post_build (-100), which writes the gathered index
def on_post_build(config):
    if not _outermost(config) or not any(name.endswith("search") for name in config.plugins):
        return
    site = Path(config.site_dir)
    path = site / INDEX
    try:
        gathered = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise PluginError(f"search_index.py: cannot read {path}: {e}") from None
    default, langs = languages(config)
    for lang, index in split(gathered, default, langs).items():
        target = site / (INDEX if lang == default else f"{lang}/{INDEX}")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(index, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
        log.debug(f"search index {target.relative_to(site)}: {len(index['docs'])} entries ({lang})")
