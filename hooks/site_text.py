"""MkDocs hook: the words around the pages in the language being built.

- ``on_config``: ``site_name`` and ``site_description`` from the site catalog (msgctxt ``site``),
  the palette toggles' names (msgctxt ``palette``) and the headings' permalink title (``toc``);
  Material's own interface follows ``theme.language``, which mkdocs-static-i18n sets per build;
- ``on_nav``: every nav title from the site catalog (msgctxt ``nav``);
- ``on_page_context``: the language switcher's links relative to the page (any host, any sub-path).

A missing translation keeps the English words and is a warning naming ``mkdocs.yml:line`` (so
``--strict`` fails on it). The helpers here (``site``, ``current_language``, ``lookup``) are
shared with the ``page_text`` hook.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority, get_plugin_logger

from hooks import messages, po

log = get_plugin_logger("i18n")

_sites: dict[tuple[str, float], messages.Site] = {}


def site(config) -> messages.Site:
    """What translation needs from ``mkdocs.yml`` (read once per config file)."""
    path = Path(config.config_file_path)
    key = (str(path), path.stat().st_mtime)
    if key not in _sites:
        try:
            _sites[key] = messages.load_site(Path(config.config_file_path))
        except po.CatalogError as e:
            raise PluginError(str(e)) from None
        _sites[key].docs_dir = Path(config.docs_dir)
    return _sites[key]


def current_language(config) -> str:
    """The language being built: mkdocs-static-i18n's ``current_language`` (None before its first
    ``on_config``, which means the default language)."""
    plugin = config.plugins.get("i18n")
    if plugin is None:
        return site(config).source_language
    return plugin.current_language or plugin.default_language


def lookup(site_: messages.Site, lang: str, slug: str):
    """``(msgctxt, msgid) -> Entry | None`` for one catalog of ``lang``."""
    if lang == site_.source_language:
        return lambda context, msgid: None
    path = po.catalog_path(site_.locales, lang, slug)
    return po.translations(path, lang, site_.rel(path)).get


def translated(config, context: str, msgid: str) -> str:
    """``msgid`` in the language being built, or English with a warning naming its place."""
    site_ = site(config)
    lang = current_language(config)
    if lang == site_.source_language:
        return msgid
    try:
        entry = lookup(site_, lang, po.SITE)(context, msgid)
    except po.CatalogError as e:
        raise PluginError(str(e)) from None
    if po.usable(entry):
        return entry.msgstr
    reported = config.__dict__.setdefault("_solitaire_reported", set())
    if (lang, context, msgid) in reported:  # "Rules" twice in the nav: one warning
        return msgid
    reported.add((lang, context, msgid))
    reason = "fuzzy translation" if entry and entry.fuzzy else "untranslated"
    catalog = po.catalog_path(Path("locales"), lang, po.SITE).as_posix()
    log.warning(f"{site_.rel(site_.config_file)}:{site_.line_of(context, msgid)}: [{lang}] {reason} "
                f"{context} text (add it to {catalog}): {msgid!r}")
    return msgid


def on_config(config):
    # The same config object is built once per language: keep the English words from the first time.
    palette = config.theme.get("palette") or []
    if isinstance(palette, dict):
        palette = [palette]
    toc = config.mdx_configs.get("toc") or {}
    if not hasattr(config, "_solitaire_english"):
        config._solitaire_english = (config.site_name, config.site_description,
                                     [(p.get("toggle") or {}).get("name") for p in palette],
                                     toc.get("permalink_title"))
    name, description, toggles, permalink_title = config._solitaire_english
    config.site_name = translated(config, "site", name)
    if description:
        config.site_description = translated(config, "site", description)
    for option, toggle in zip(palette, toggles):
        if toggle:
            option["toggle"]["name"] = translated(config, "palette", toggle)
    if permalink_title:
        toc["permalink_title"] = translated(config, "toc", permalink_title)
    return config


def on_nav(nav, config, files):
    def walk(items):
        for item in items:
            if getattr(item, "title", None):
                item.title = translated(config, "nav", item.title)
            if getattr(item, "children", None):
                walk(item.children)

    walk(nav.items)
    return nav


@event_priority(-100)  # after mkdocs-static-i18n has pointed the language switcher at this page
def on_page_context(context, page, config, nav):
    """The switcher's links as site-relative URLs (``hu/`` rather than ``/hu/``), which Material's
    ``url`` filter makes relative to the page: the site works under any sub-path of any host."""
    # mkdocs-static-i18n sets them as an attribute of config.extra (which Jinja reads first) or a key
    alternates = config.extra.__dict__.get("alternate") or config.extra.get("alternate") or []
    base = urlsplit(config.site_url or "").path.rstrip("/") + "/"  # the plugin puts site_url's path first
    for alternate in alternates:
        link = alternate.get("link", "")
        if link.startswith(base) and not link.startswith("//"):
            alternate["link"] = link[len(base):] or "."
    return context
