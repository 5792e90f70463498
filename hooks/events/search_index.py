"""MkDocs hook file (mkdocs.yml ``hooks:``): one search index per language (``hooks.search_index``)."""

from hooks.search_index import on_post_build, on_post_page, on_post_template

__all__ = ["on_post_build", "on_post_page", "on_post_template"]
