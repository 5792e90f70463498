"""MkDocs hook file (mkdocs.yml ``hooks:``): the site's words in each language (``hooks.site_text``)."""

from hooks.site_text import on_config, on_nav, on_page_context

__all__ = ["on_config", "on_nav", "on_page_context"]
