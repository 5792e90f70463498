"""MkDocs hook: one "page not found" page per language.

mkdocs-static-i18n builds every language into the same site folder, and each build renders the
theme's ``404.html`` there: the last language built (Russian) used to win, so the English site's
404 page had a Russian title and navigation and its language links pointed at the last page built.
Here each language's build keeps its own: ``404.html`` at the site root for the default language,
``<lang>/404.html`` for the others (a host that serves the nearest 404 page, as Cloudflare Pages
and several others do, shows the reader's language; the root one is English). Each says, in its
language (the site catalog, msgctxt ``404``), that the page does not exist and links to its
language's home page (``overrides/404.html``); its language links lead to each language's home page.

Error pages have absolute URLs (MkDocs renders them for any missing address): from the path of
``site_url``, or ``/`` when it is not set.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

from mkdocs.plugins import get_plugin_logger

from hooks import search_index, site_text
from hooks.messages import NOT_FOUND

log = get_plugin_logger("404")

TEMPLATE = "404.html"
CONTEXT = "404"  # the words' msgctxt in the site catalog (hooks/messages.py lists them)


def site_root(config) -> str:
    """Where the site lives on its host: the path of ``site_url`` (``/`` when it is not set)."""
    return urlsplit(config.site_url or "").path.rstrip("/") + "/"


def language_root(config, lang: str) -> str:
    default, _ = search_index.languages(config)
    return site_root(config) + ("" if lang == default else f"{lang}/")


def on_template_context(context, template_name, config):
    if template_name != TEMPLATE:
        return context
    lang = site_text.current_language(config)
    context["not_found"] = {key: site_text.translated(config, CONTEXT, msgid) for key, msgid in NOT_FOUND.items()}
    context["not_found"]["home_url"] = language_root(config, lang)
    # the language links: each language's home page, not the last page the build rendered
    alternates = config.extra.__dict__.get("alternate") or config.extra.get("alternate") or []
    for alternate in alternates:
        alternate["link"] = language_root(config, alternate.get("lang", ""))
    return context


def on_post_template(output: str, template_name: str, config) -> str:
    """The default language's 404 page stays at the site root; another language's is written to
    ``<lang>/404.html`` (and nothing to the root, so the default language's page is kept)."""
    if template_name != TEMPLATE or not output.strip():
        return output
    default, _ = search_index.languages(config)
    lang = site_text.current_language(config)
    if lang == default:
        return output
    target = Path(config.site_dir) / lang / TEMPLATE
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(output, encoding="utf-8")
    log.debug(f"{target}: the {lang} page not found")
    return ""
