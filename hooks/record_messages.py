"""The game records' texts for translation: titles, ruling questions and annotations.

Every record under ``examples/`` (``engine.records``) gives its ``Title``, ``Question`` and
annotations as msgids, msgctxt = the record's path (``examples/scorpion/won.game``), location =
its ``file:line``. They form one catalog per game, slug ``examples-<game>``, so the site's
catalog commands (``python -m hooks.catalogs extract|update|compile|check``) treat them like
the pages': ``locales/<lang>/LC_MESSAGES/docs-examples-<game>.po``. The widgets' directives
translate them while the site is built (``engine.records.catalog_translator``).

A record that does not parse is a ``CatalogError`` naming its ``file:line``.
"""

from __future__ import annotations

from babel.messages.catalog import Catalog

from . import po


def templates(site) -> dict[str, Catalog]:
    """One catalog template per game that has records, by slug (``examples-scorpion``)."""
    from engine import EngineError, records  # noqa: PLC0415

    from .messages import _add, _catalog  # noqa: PLC0415

    found: dict[str, Catalog] = {}
    for path in sorted((site.root / "examples").rglob("*.game")):
        try:
            record = records.Record.parse(path.read_text(encoding="utf-8"), site.rel(path))
        except (EngineError, OSError, UnicodeDecodeError) as e:
            raise po.CatalogError(getattr(e, "message", f"{site.rel(path)}:1: cannot read ({e})")) from None
        slug = records.CATALOG_PREFIX.removeprefix(po.PREFIX) + record.game
        catalog = found.setdefault(slug, _catalog(slug))
        for msgid, line, what in record.messages():
            _add(catalog, msgid, record.context, (site.rel(path), line), what)
    return found
