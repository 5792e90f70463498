"""MkDocs hook: every page's text in the language being built (``on_page_markdown``).

mkdocs-static-i18n builds the site once per language, the default language first and the others
from its ``on_post_build``; before each build it sets ``config.plugins["i18n"].current_language``.
No page has a ``*.hu.md`` twin, so every language reads the English source and this hook replaces
its blocks with the catalogs' translations (``hooks.translate``), fills in the engine's values and
renders the directives. Blocks that fall back to English are reported as warnings with
``file:line``: ``mkdocs build --strict`` fails on them, a development build shows them marked.
"""

from __future__ import annotations

from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.plugins import get_plugin_logger

from hooks import messages, po, search_text, site_text, translate

log = get_plugin_logger("i18n")


def on_page_markdown(markdown, page, config, files):
    site = site_text.site(config)
    lang = site_text.current_language(config)
    src = page.file.src_uri
    where = site.rel(page.file.abs_src_path)
    try:
        first = messages.first_line(Path(page.file.abs_src_path).read_text(encoding="utf-8-sig"), markdown)
    except OSError:
        first = 1
    stash: list[str] = []
    page._solitaire_stash = stash  # the directives' HTML, put back by on_page_content
    try:
        lookup = site_text.lookup(site, lang, po.slug(src))
        text, missing = translate.page(
            markdown, page=src, lang=lang, lookup=lookup, site_lookup=site_text.lookup(site, lang, po.SITE),
            source_language=site.source_language, first_line=first, stash=stash)
    except po.CatalogError as e:
        raise PluginError(str(e)) from None
    except translate.PageError as e:
        place = f"{e.where} (for {where}:{e.line})" if e.where else f"{where}:{e.line}"
        raise PluginError(f"{place}: {e}") from None
    for m in missing:
        catalog = po.catalog_path(Path("locales"), lang, m.catalog or po.slug(src)).as_posix()
        log.warning(f"{where}:{m.line}: [{lang}] {m.reason} {m.kind} (add it to {catalog}): "
                    f"{po.short(m.msgid)}")
    return text


def on_page_content(html, page, config, files):
    """The directives' HTML back in place of the placeholders Markdown passed through."""
    stash = getattr(page, "_solitaire_stash", None)
    if stash:
        page._solitaire_stash = None
        if page.present_anchor_ids is not None:  # what MkDocs finds in raw HTML, for its link checks
            page.present_anchor_ids |= translate.anchor_ids(stash)
        full = translate.restore(html, stash)
        if any(name.endswith("search") for name in config.plugins):
            # the search plugin (on_page_context, before the hooks' own) reads a brief copy of the
            # directives (hooks/search_text.py); on_page_context below gives the page its full HTML back
            page._solitaire_full = full
            return translate.restore(html, [search_text.brief(h) for h in stash])
        return full
    return html


def on_page_context(context, page, config, nav):
    """The page's full HTML back, after the search plugin has read its brief copy."""
    full = getattr(page, "_solitaire_full", None)
    if full is not None:
        page.content = full
        page._solitaire_full = None
    return context

