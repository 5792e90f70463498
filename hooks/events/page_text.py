"""MkDocs hook file (mkdocs.yml ``hooks:``): each page in the language being built (``hooks.page_text``)."""

from hooks.page_text import on_page_content, on_page_context, on_page_markdown

__all__ = ["on_page_content", "on_page_context", "on_page_markdown"]
