"""MkDocs hook file (mkdocs.yml ``hooks:``): one page-not-found page per language (``hooks.not_found``)."""

from hooks.not_found import on_post_template, on_template_context

__all__ = ["on_post_template", "on_template_context"]
