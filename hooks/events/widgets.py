"""MkDocs hook file (mkdocs.yml ``hooks:``): the widgets' engine wheel and runtime (``hooks.widgets``)."""

from hooks.widgets import on_post_build, on_post_page, on_pre_build

__all__ = ["on_post_build", "on_post_page", "on_pre_build"]
