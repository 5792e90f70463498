"""MkDocs hook file (mkdocs.yml ``hooks:``): the theme's templates compiled once per process (``hooks.templates``)."""

from hooks.templates import on_env

__all__ = ["on_env"]
